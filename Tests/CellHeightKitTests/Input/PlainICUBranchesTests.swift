import Foundation
import Testing
@testable import CellHeightKit
import CellHeightTestSupport

/// ICU plural and select messages in plain rows (text, JSON, NDJSON, CSV): a row per branch, as in
/// catalogs. Expected rows written by hand.
@Suite("ICU messages in plain rows")
struct PlainICUBranchesTests {
    @Test("a row per branch: ids with the selectors, key, plural and select fields, # a number")
    func branches() throws {
        let rows = [
            Row(index: 0, id: "files", text: "{count, plural, one {# Datei} other {# Dateien}}", sourceLine: 1),
            Row(index: 1, text: "Öffnen", sourceLine: 2),
            Row(index: 2, text: "{g, select, female {Sie} other {Er}} kommt", sourceLine: 3,
                fields: ["text": "{g, select, female {Sie} other {Er}} kommt", "key": "arrives", "locale": "de"]),
        ]
        let expanded = try expandingICUBranches(rows, source: "ui.ndjson")
        #expect(expanded.map(\.id) == ["files[one]", "files[other]", nil, "[female]", "[other]"])
        #expect(expanded.map(\.text) == ["# Datei", "# Dateien", "Öffnen", "Sie kommt", "Er kommt"])
        #expect(expanded.map(\.sourceLine) == [1, 1, 2, 3, 3])
        #expect(expanded[0].fields == ["text": "# Datei", "id": "files[one]", "key": "files", "plural": "one"])
        #expect(expanded[3].fields == ["text": "Sie kommt", "id": "[female]", "key": "arrives", "locale": "de", "select": "female"])
        #expect(expanded[0].placeholders.contains(.pluralNumber) && !expanded[3].placeholders.contains(.pluralNumber))
        #expect(expanded[2] == rows[1])
        // Not such a message: as read; a catalog's rows are its reader's to expand.
        let plain = [Row(index: 0, text: "{name} and {{count}}", sourceLine: 1),
                     Row(index: 1, text: "{n, plural, one {a} other {b}}", sourceLine: 2, isCatalogEntry: true)]
        #expect(try expandingICUBranches(plain, source: "x") == plain)
    }

    @Test("too many branches: an error at the row's line")
    func tooMany() {
        let choice = "{a, select, " + (0..<40).map { "v\($0) {x}" }.joined(separator: " ") + " other {y}}"
        let row = Row(index: 0, text: choice + choice, sourceLine: 7)
        #expect {
            _ = try expandingICUBranches([row], source: "big.ndjson")
        } throws: { error in
            guard let error = error as? CellHeightError, error.exitCode == .invalidInput else { return false }
            return error.description.hasPrefix("big.ndjson:7: ")
        }
    }

    @Test("from the command line: numbered across inputs, measured per branch")
    func commandLine() throws {
        let directory = try CellHeightProcess.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Data(#"""
            {"id": "a", "text": "Anfang"}
            {"id": "files", "text": "{n, plural, one {# Datei} other {# Dateien}}"}
            """#.utf8).write(to: URL(fileURLWithPath: "\(directory)/a.ndjson"))
        try Data("{n, plural, one {# Tag} other {# Tage}}\nEnde\n".utf8).write(to: URL(fileURLWithPath: "\(directory)/b.txt"))
        let result = try CellHeightProcess.run(["--font", TestFonts.dejaVuSans, "--size", "14", "--width", "400",
                                                "--placeholder-number", "8,888", "--output", "ndjson",
                                                "\(directory)/a.ndjson", "\(directory)/b.txt"])
        #expect(result.status == 0)
        let rows = result.stdoutText.split(separator: "\n").map { line -> String in
            let object = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
            return "\(object?["index"] ?? "?") \(object?["id"] ?? "-") \(object?["line"] ?? "?") \(object?["text"] ?? "?")"
        }
        #expect(rows == ["0 a 1 Anfang", "1 files[one] 2 8,888 Datei", "2 files[other] 2 8,888 Dateien",
                         "3 [one] 1 8,888 Tag", "4 [other] 1 8,888 Tage", "5 <null> 2 Ende"])
    }
}
