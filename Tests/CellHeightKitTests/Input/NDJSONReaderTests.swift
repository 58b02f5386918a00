import Foundation
import Testing
@testable import CellHeightKit

@Suite("ndjson reader")
struct NDJSONReaderTests {
    static let validCases: [TextRowsCase] = [
        TextRowsCase(
            name: "strings and objects, blank lines skipped",
            input: "\"Datei öffnen…\"\n\n{\"text\": \"ファイルを開く\", \"id\": \"open\"}\n   \n{\"text\": \"فتح الملف\", \"id\": 7}\n",
            expected: [.init(text: "Datei öffnen…", line: 1), .init(text: "ファイルを開く", line: 3, id: "open"),
                       .init(text: "فتح الملف", line: 5, id: "7")]),
        TextRowsCase(
            name: "CRLF lines",
            input: "\"a\"\r\n\r\n{\"text\":\"b\"}\r\n",
            expected: [.init(text: "a", line: 1), .init(text: "b", line: 3)]),
        TextRowsCase(
            name: "escaped newline stays inside one row",
            input: #"{"text": "line one\nline two", "id": null}"#,
            expected: [.init(text: "line one\nline two", line: 1)]),
        TextRowsCase(name: "empty input", input: "", expected: []),
    ]

    @Test("ndjson: rows, ids and source lines", arguments: validCases)
    func ndjsonRows(_ testCase: TextRowsCase) throws {
        let rows = try readRows(from: Data(testCase.input.utf8), format: .ndjson, source: "rows.ndjson")
        #expect(rowsSummary(rows) == testCase.expected)
        #expect(rows.map(\.index) == Array(0..<testCase.expected.count))
    }

    struct ErrorCase: Sendable, CustomTestStringConvertible {
        var name: String
        var input: String
        var expected: CellHeightError
        var testDescription: String { name }
    }

    static let errorCases: [ErrorCase] = [
        ErrorCase(name: "syntax error on line 3 reports the column in that line",
                  input: "\"a\"\n\n{\"text\": \"b\",}\n",
                  expected: .invalidJSON(source: "rows.ndjson", line: 3, column: 14, reason: "expected a string key, found '}'")),
        ErrorCase(name: "unterminated string ends at its line",
                  input: "\"ok\"\n\"ファイル\n\"x\"",
                  expected: .invalidJSON(source: "rows.ndjson", line: 2, column: 6, reason: "unterminated string")),
        ErrorCase(name: "two values on one line",
                  input: "\"a\" \"b\"",
                  expected: .invalidJSON(source: "rows.ndjson", line: 1, column: 5, reason: "unexpected '\"' after the value")),
        ErrorCase(name: "a number value",
                  input: "\"a\"\n42\n",
                  expected: .invalidInput(source: "rows.ndjson", line: 2, reason: "value is a number, not a string or an object")),
        ErrorCase(name: "an object without text",
                  input: "{\"id\": 1}",
                  expected: .invalidInput(source: "rows.ndjson", line: 1, reason: "value has no string \"text\"")),
        ErrorCase(name: "an array value",
                  input: "\n\n[\"a\"]",
                  expected: .invalidInput(source: "rows.ndjson", line: 3, reason: "value is an array, not a string or an object")),
    ]

    @Test("ndjson: errors carry the file line", arguments: errorCases)
    func ndjsonErrors(_ testCase: ErrorCase) {
        #expect(throws: testCase.expected) {
            try readRows(from: Data(testCase.input.utf8), format: .ndjson, source: "rows.ndjson")
        }
    }
}
