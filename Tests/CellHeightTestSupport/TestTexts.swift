import Foundation

/// Real text for the tests that compare two ways of laying out (the engine's lanes, the kit's
/// measurers) on many texts.
package enum TestTexts {
    /// Real prose: every line of Debian's common licenses, and the oracle texts.
    package static func prose() throws -> [String] {
        let directory = "/usr/share/common-licenses"
        var texts: [String] = []
        for name in try FileManager.default.contentsOfDirectory(atPath: directory).sorted() {
            let path = directory + "/" + name
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue,
                  let text = try? String(contentsOfFile: path, encoding: .utf8) else { continue }
            texts += text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
        }
        texts += try OracleCase.loadPublic().map(\.text)
        return texts
    }

    /// Texts of several paragraphs: lines of the corpus joined in pairs and triples by "\n", and
    /// a final "\n", empty paragraphs and a leading "\n" (which leave the lane).
    package static func paragraphs(_ lines: [String]) -> [String] {
        let pairs = stride(from: 0, to: lines.count - 1, by: 2).prefix(3000).map { lines[$0] + "\n" + lines[$0 + 1] }
        let triples = stride(from: 0, to: lines.count - 2, by: 3).prefix(500).map { (start: Int) -> String in
            lines[start...(start + 2)].joined(separator: "\n") + "\n"
        }
        return pairs + triples + ["Line one\nLine two", "Ends with a newline\n", "Two\n\nblank", "\nLeading", "\n", "a\nb\nc"]
    }
}
