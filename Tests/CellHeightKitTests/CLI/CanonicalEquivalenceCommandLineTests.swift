import Foundation
import Testing

/// Rows that are canonically equivalent but differ in code points (NFC "é" and NFD "e" + U+0301)
/// are different rows: each keeps its own code points in every output, whatever `--jobs` is.
@Suite("command line: NFC and NFD rows stay apart")
struct CanonicalEquivalenceCommandLineTests {
    static let nfc = "Caf\u{E9} au lait"
    static let nfd = "Cafe\u{301} au lait"

    /// One NFC row, then 400 NFD rows of the same text (a prepared-text cache keyed by `String`
    /// equality gave the NFD rows the NFC row's line texts, differently for each `--jobs`).
    static let input = Array(([#"{"text":"Caf\u00e9 au lait"}"#]
                              + Array(repeating: #"{"text":"Cafe\u0301 au lait"}"#, count: 400))
                             .joined(separator: "\n").utf8) + [0x0A]

    static func occurrences(of needle: [UInt8], in bytes: [UInt8]) -> Int {
        guard bytes.count >= needle.count else { return 0 }
        return (0...(bytes.count - needle.count)).reduce(0) { count, i in
            bytes[i..<(i + needle.count)].elementsEqual(needle) ? count + 1 : count
        }
    }

    @Test("--explain --output json: the same bytes for --jobs 1, 2 and 4, each row's lines its own code points")
    func explainedRowsKeepTheirCodePoints() throws {
        let arguments = ["--font", StreamingCommandLineTests.font, "--width", "40", "--explain", "--output", "json",
                         "--format", "ndjson"]
        let results = try [1, 2, 4].map { try CellHeightProcess.run(arguments + ["--jobs", String($0)], stdin: Self.input) }
        for result in results { #expect(result.status == 0, "\(result.stderrText)") }
        for result in results.dropFirst() { #expect(result.stdout == results[0].stdout) }

        let stdout = [UInt8](results[0].stdout)
        #expect(Self.occurrences(of: Array("\u{E9}".utf8), in: stdout) == 1)
        #expect(Self.occurrences(of: Array("\u{301}".utf8), in: stdout) == 400)

        let report = try #require(try JSONSerialization.jsonObject(with: results[0].stdout) as? [String: Any])
        let rows = try #require(report["rows"] as? [[String: Any]])
        #expect(rows.count == 401)
        for (n, row) in rows.enumerated() {
            let lines = try #require(row["lines"] as? [[String: Any]])
            let text = lines.compactMap { $0["text"] as? String }.joined()
            let expected = n == 0 ? Self.nfc : Self.nfd
            #expect(Array(text.unicodeScalars) == Array(expected.unicodeScalars), "row \(n)")
        }
    }
}
