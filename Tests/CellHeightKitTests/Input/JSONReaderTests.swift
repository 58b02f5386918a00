import Foundation
import Testing
@testable import CellHeightKit
import CellHeightTestSupport

@Suite("json reader")
struct JSONReaderTests {
    static let validCases: [TextRowsCase] = [
        TextRowsCase(
            name: "strings and objects with ids, one element per line",
            input: """
            [
              "Datei öffnen…",
              {"text": "ファイルを開く", "id": "open"},
              {"id": 42, "text": "فتح الملف", "extra": [1, {"a": null}]},
              {"text": "", "id": null},
              {"text": "x", "id": 1.50}
            ]
            """,
            expected: [.init(text: "Datei öffnen…", line: 2), .init(text: "ファイルを開く", line: 3, id: "open"),
                       .init(text: "فتح الملف", line: 4, id: "42"), .init(text: "", line: 5),
                       .init(text: "x", line: 6, id: "1.50")]),
        TextRowsCase(
            name: "all simple escapes",
            input: #"["a\"b\\c\/d\b\f\n\r\t"]"#,
            expected: [.init(text: "a\"b\\c/d\u{08}\u{0C}\n\r\t", line: 1)]),
        TextRowsCase(
            name: "unicode escapes and surrogate pairs",
            input: #"["\u00e9\u0041", "\ud83d\ude00", "\u65E5本"]"#,
            expected: [.init(text: "éA", line: 1), .init(text: "😀", line: 1), .init(text: "日本", line: 1)]),
        TextRowsCase(
            name: "source line is where the element starts",
            input: "[\n\n  {\n    \"text\": \"a\"\n  },\r\n  \"b\"]",
            expected: [.init(text: "a", line: 3), .init(text: "b", line: 6)]),
        TextRowsCase(name: "empty array", input: "  [ ]  \n", expected: []),
        TextRowsCase(
            name: "duplicate key: the last one wins",
            input: #"[{"text": "old", "text": "new"}]"#,
            expected: [.init(text: "new", line: 1)]),
    ]

    @Test("json: rows, ids and source lines", arguments: validCases)
    func jsonRows(_ testCase: TextRowsCase) throws {
        let rows = try readRows(from: Data(testCase.input.utf8), format: .json, source: "rows.json")
        #expect(rowsSummary(rows) == testCase.expected)
        #expect(rows.map(\.index) == Array(0..<testCase.expected.count))
    }

    struct ErrorCase: Sendable, CustomTestStringConvertible {
        var name: String
        var input: String
        var expected: CellHeightError
        var testDescription: String { name }
    }

    static func syntax(_ line: Int, _ column: Int, _ reason: String) -> CellHeightError {
        .invalidJSON(source: "rows.json", line: line, column: column, reason: reason)
    }

    // Positions are counted by hand: 1-based, columns in characters (Unicode scalars).
    static let syntaxErrorCases: [ErrorCase] = [
        ErrorCase(name: "trailing comma in array", input: "[1, 2,]",
                  expected: syntax(1, 7, "expected a value, found ']'")),
        ErrorCase(name: "missing comma between strings", input: #"["a" "b"]"#,
                  expected: syntax(1, 6, "expected ',' or ']', found '\"'")),
        ErrorCase(name: "missing comma after katakana on line 3",
                  input: "[\n  \"Datei öffnen…\",\n  {\"text\": \"ファイル\" \"id\": 1}\n]",
                  expected: syntax(3, 19, "expected ',' or '}', found '\"'")),
        ErrorCase(name: "non-ASCII before the error counts one column each", input: "[\"é\", ü]",
                  expected: syntax(1, 7, "expected a value, found 'ü'")),
        ErrorCase(name: "CRLF lines", input: "[\r\n  1,\r\n  ?\r\n]",
                  expected: syntax(3, 3, "expected a value, found '?'")),
        ErrorCase(name: "unterminated string at end of input", input: "[\"abc",
                  expected: syntax(1, 6, "unterminated string")),
        ErrorCase(name: "raw newline in string", input: "[\"abc\n\"]",
                  expected: syntax(1, 6, "unescaped control character U+000A in string")),
        ErrorCase(name: "invalid escape points at the backslash", input: #"["a\x"]"#,
                  expected: syntax(1, 4, #"invalid escape \x"#)),
        ErrorCase(name: "bad hex in unicode escape", input: #"["\u12G4"]"#,
                  expected: syntax(1, 3, #"invalid \u escape"#)),
        ErrorCase(name: "lone high surrogate", input: #"["\ud800"]"#,
                  expected: syntax(1, 3, #"lone surrogate \uD800"#)),
        ErrorCase(name: "high surrogate followed by a non-surrogate escape", input: #"["\ud800\u0041"]"#,
                  expected: syntax(1, 3, #"lone surrogate \uD800"#)),
        ErrorCase(name: "lone low surrogate", input: #"["ab\udc00"]"#,
                  expected: syntax(1, 5, #"lone surrogate \uDC00"#)),
        ErrorCase(name: "minus without digits", input: "[-]",
                  expected: syntax(1, 3, "expected a digit, found ']'")),
        ErrorCase(name: "fraction without digits", input: "[1.]",
                  expected: syntax(1, 4, "expected a digit, found ']'")),
        ErrorCase(name: "exponent without digits", input: "[1e+]",
                  expected: syntax(1, 5, "expected a digit, found ']'")),
        ErrorCase(name: "leading zero", input: "[01]",
                  expected: syntax(1, 3, "expected ',' or ']', found '1'")),
        ErrorCase(name: "truncated literal", input: "[tru]",
                  expected: syntax(1, 5, "invalid literal, expected true")),
        ErrorCase(name: "literal cut by end of input", input: "[nul",
                  expected: syntax(1, 5, "invalid literal, expected null")),
        ErrorCase(name: "single-quoted string", input: "['a']",
                  expected: syntax(1, 2, "expected a value, found \"'\"")),
        ErrorCase(name: "content after the value", input: "[] x",
                  expected: syntax(1, 4, "unexpected 'x' after the value")),
        ErrorCase(name: "non-string key", input: "[{1: 2}]",
                  expected: syntax(1, 3, "expected a string key, found '1'")),
        ErrorCase(name: "trailing comma in object", input: #"[{"text": "a",}]"#,
                  expected: syntax(1, 15, "expected a string key, found '}'")),
        ErrorCase(name: "missing colon", input: #"{"a" 1}"#,
                  expected: syntax(1, 6, "expected ':', found '1'")),
        ErrorCase(name: "unclosed array", input: "[1, 2",
                  expected: syntax(1, 6, "expected ',' or ']', found end of input")),
        ErrorCase(name: "unclosed array before final newline", input: "[1, 2\n",
                  expected: syntax(2, 1, "expected ',' or ']', found end of input")),
        ErrorCase(name: "empty input", input: "",
                  expected: syntax(1, 1, "expected a value, found end of input")),
        ErrorCase(name: "whitespace only", input: "  \n  ",
                  expected: syntax(2, 3, "expected a value, found end of input")),
        ErrorCase(name: "control character found", input: "[\u{01}]",
                  expected: syntax(1, 2, "expected a value, found U+0001")),
    ]

    @Test("json: syntax error positions", arguments: syntaxErrorCases)
    func jsonSyntaxErrors(_ testCase: ErrorCase) {
        #expect(throws: testCase.expected) {
            try readRows(from: Data(testCase.input.utf8), format: .json, source: "rows.json")
        }
    }

    /// Strings are scanned eight bytes at a time: an escape, a closing quote, a control character
    /// or the end of input at any place in a long string gives what it gives in a short one.
    @Test("json: long strings, with what ends a plain run at every place")
    func longStrings() throws {
        for (before, after) in cutsAtEveryPlace(of: "Ein langer Text über 24 B") {
            let escaped = try readRows(from: Data(("[\"" + before + #"\n\"\u00e9"# + after + "\"]").utf8), format: .json, source: "rows.json")
            #expect(escaped.map(\.text) == [before + "\n\"é" + after])
            let cut = try readRows(from: Data(("[\"" + before + "\", \"" + after + "\"]").utf8), format: .json, source: "rows.json")
            #expect(cut.map(\.text) == [before, after])
            // Columns: "[" and the quote, then one per character before the place.
            let column = 3 + before.unicodeScalars.count
            #expect(throws: Self.syntax(1, column, "unescaped control character U+0009 in string")) {
                try readRows(from: Data(("[\"" + before + "\t" + after + "\"]").utf8), format: .json, source: "rows.json")
            }
            #expect(throws: Self.syntax(1, column, "unterminated string")) {
                try readRows(from: Data(("[\"" + before).utf8), format: .json, source: "rows.json")
            }
        }
    }

    static func shape(_ line: Int, _ reason: String) -> CellHeightError {
        .invalidInput(source: "rows.json", line: line, reason: reason)
    }

    static let shapeErrorCases: [ErrorCase] = [
        ErrorCase(name: "top level is an object", input: #"{"text": "a"}"#,
                  expected: shape(1, "top-level value must be an array, found an object")),
        ErrorCase(name: "top level is a string on line 2", input: "\n\"Datei öffnen…\"",
                  expected: shape(2, "top-level value must be an array, found a string")),
        ErrorCase(name: "element is a number", input: #"["a", 3]"#,
                  expected: shape(1, "element 1 is a number, not a string or an object")),
        ErrorCase(name: "element is null", input: "[null]",
                  expected: shape(1, "element 0 is null, not a string or an object")),
        ErrorCase(name: "element is a boolean", input: "[\n\"a\",\n\"b\",\ntrue]",
                  expected: shape(4, "element 2 is a boolean, not a string or an object")),
        ErrorCase(name: "element is an array", input: "[[\"a\"]]",
                  expected: shape(1, "element 0 is an array, not a string or an object")),
        ErrorCase(name: "object without text on line 3", input: "[\n  \"a\",\n  {\"id\": \"x\"},\n  null\n]",
                  expected: shape(3, "element 1 has no string \"text\"")),
        ErrorCase(name: "text is not a string", input: #"[{"text": 5}]"#,
                  expected: shape(1, "element 0 has no string \"text\"")),
        ErrorCase(name: "id is a boolean", input: #"[{"text": "a", "id": true}]"#,
                  expected: shape(1, "element 0 has an \"id\" that is a boolean, not a string or a number")),
        ErrorCase(name: "id is an object", input: #"[{"text": "a", "id": {}}]"#,
                  expected: shape(1, "element 0 has an \"id\" that is an object, not a string or a number")),
    ]

    @Test("json: wrong-shape errors", arguments: shapeErrorCases)
    func jsonShapeErrors(_ testCase: ErrorCase) {
        #expect(throws: testCase.expected) {
            try readRows(from: Data(testCase.input.utf8), format: .json, source: "rows.json")
        }
    }

    @Test("json: 100,000 nested arrays give a depth error, not a crash")
    func jsonDeepArrays() {
        let input = String(repeating: "[", count: 100_000)
        #expect(throws: Self.syntax(1, 513, "nesting deeper than 512")) {
            try readRows(from: Data(input.utf8), format: .json, source: "rows.json")
        }
    }

    @Test("json: 100,000 nested objects give a depth error at the 513th brace")
    func jsonDeepObjects() {
        // Each level is `{"a":` (5 characters), so the 513th `{` is at column 5 * 512 + 1.
        let input = String(repeating: #"{"a":"#, count: 100_000)
        #expect(throws: Self.syntax(1, 2561, "nesting deeper than 512")) {
            try readRows(from: Data(input.utf8), format: .json, source: "rows.json")
        }
    }

    @Test("json: nesting of exactly 512 is allowed")
    func jsonNestingLimitAllowed() {
        let input = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        // The syntax is fine; the shape is not (the element is an array).
        #expect(throws: Self.shape(1, "element 0 is an array, not a string or an object")) {
            try readRows(from: Data(input.utf8), format: .json, source: "rows.json")
        }
    }

    @Test("json: error messages carry the source name")
    func jsonErrorDescription() {
        let error = CellHeightError.invalidJSON(source: "<stdin>", line: 1, column: 7, reason: "expected a value, found ']'")
        #expect(throws: error) {
            try readRows(from: Data("[1, 2,]".utf8), format: .json, source: "<stdin>")
        }
        #expect(error.description == "<stdin>:1:7: invalid JSON: expected a value, found ']'")
    }
}
