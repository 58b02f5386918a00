import Testing
@testable import CellHeightKit
import CellHeightTestSupport

/// The NDJSON reader reads plain lines (a string, or an object of a string "text" and perhaps a
/// string "id") straight from their bytes: that lane must give exactly the row `JSONParser` gives,
/// and leave every other line, valid or not, to the parser.
@Suite("NDJSON: the plain-line lane")
struct PlainNDJSONRowTests {
    /// Lines of every kind: plain ones in many shapes and scripts, and ones the lane must leave to
    /// the parser (other members, numeric, null and escaped ids, \u escapes, duplicate keys, bad JSON).
    static let lines = [
        #"{"id": "a", "text": "Delete all files?"}"#,
        #"{"text": "Reversed members", "id": "b"}"#,
        #"  {  "id" : "c" ,"text":"Spaces between tokens"  }  "#,
        #"{"id": "d", "text": "She said \"fine\" and left \\ / \/ here"}"#,
        #"{"id": "e", "text": "Caf\u00e9 and naïve façade"}"#,
        #"{"id": "g", "text": "Tabs\there and\tthere"}"#,
        #"{"id": "h", "text": "A row with a budget", "maxLines": 1}"#,
        #"{"id": 42, "text": "A numeric id"}"#,
        #"{"id": "i\"j", "text": "An escaped id"}"#,
        #"{"id": null, "text": "A null id"}"#,
        #""A row that is a JSON string""#,
        "\t\"A string with white space around it\" ",
        #"{"id": "k", "text": "Windows line end"}"# + "\r",
        #"{"id": "n", "text": ""}"#,
        #"{"id": "p", "text": "Line one\nLine two"}"#,
        #"{"id": "q", "text": "Each escape of a letter: \b \f \n \r \t \" \\ \/ end"}"#,
        #"{"id": "q2", "text": "A \u escape after a \n one: \u00e9"}"#,
        #"{"text": "duplicate", "text": "keys"}"#,
        #"{"id": "r", "text": "Qt 5 port of GNOME’s Adwaita theme — development files"}"#,
        #"{"id": "v", "text": "Ελληνικά και English, Кириллица too, 中文 and عربى"}"#,
        #"{"id": "w", "text": "emoji 👩‍👩‍👧 and ☕️"}"#,
        #"{"id": "x"}"#,
        #"{"id": "y", "text": "unterminated"#,
        #"{"id": "z", "text": "trailing comma",}"#,
        #"["an array"]"#,
        "{\"id\": \"a2\", \"text\": \"a control character\there\"}",
    ]

    @Test("every line gives the parser's row or the parser's error")
    func sameAsParser() throws {
        var plainCount = 0
        for (n, line) in Self.lines.enumerated() {
            let bytes = Array(line.utf8)
            let input = InputLine(number: n + 1, range: 0..<bytes.count)
            let parsed = Result { try readNDJSONRowParsing(bytes, line: input, index: n, source: "rows.ndjson", requireText: true) }
            let read = Result { try readNDJSONRow(bytes, line: input, index: n, source: "rows.ndjson", requireText: true) }
            switch (parsed, read) {
            case (.success(let expected), .success(let row)):
                #expect(row == expected, "line \(n + 1): \(line)")
            case (.failure(let expected as CellHeightError), .failure(let error as CellHeightError)):
                #expect(error.description == expected.description, "line \(n + 1): \(line)")
            default:
                Issue.record("line \(n + 1) \(line): \(read) but the parser gives \(parsed)")
            }
            if let plain = readPlainNDJSONRow(bytes, line: input, index: n) {
                plainCount += 1
                #expect(plain == (try? parsed.get()), "line \(n + 1): \(line)")
            }
        }
        // The lane takes the 14 plain lines (a, b, c, d, g, both strings, k, n, p, q, r, v, w:
        // escapes of one letter, not \u ones), and nothing else.
        #expect(plainCount == 14)
    }

    /// Escapes are found eight bytes at a time: one or two at every place of a long text give
    /// the parser's row.
    @Test("escapes at every place of a long text")
    func escapesEverywhere() throws {
        for (before, after) in cutsAtEveryPlace(of: "A longer text, with “quotes” beyond ASCII") {
            for escapes in [#"\n"#, #"\\\""#, #"\t\/"#] {
                let bytes = Array((#"{"id": "e", "text": ""# + before + escapes + after + #""}"#).utf8)
                let input = InputLine(number: 1, range: 0..<bytes.count)
                let expected = try readNDJSONRowParsing(bytes, line: input, index: 0, source: "rows.ndjson", requireText: true)
                #expect(readPlainNDJSONRow(bytes, line: input, index: 0) == expected, "\(before) | \(escapes) | \(after)")
            }
        }
    }
}
