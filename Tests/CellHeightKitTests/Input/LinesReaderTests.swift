import Foundation
import Testing
@testable import CellHeightKit

/// A reader case: input text and the rows expected, as (text, sourceLine) in order.
struct TextRowsCase: Sendable, CustomTestStringConvertible {
    var name: String
    var input: String
    var expected: [ExpectedRow]
    var testDescription: String { name }
}

/// The parts of a Row a reader test checks (index is checked to be the position in the result).
struct ExpectedRow: Equatable, Sendable {
    var text: String
    var line: Int
    var id: String? = nil
}

func rowsSummary(_ rows: [Row]) -> [ExpectedRow] {
    rows.map { ExpectedRow(text: $0.text, line: $0.sourceLine, id: $0.id) }
}

@Suite("lines reader")
struct LinesReaderTests {
    static let cases: [TextRowsCase] = [
        TextRowsCase(name: "multilingual lines without final newline",
                     input: "Datei öffnen…\nファイルを開く\nفتح الملف",
                     expected: [.init(text: "Datei öffnen…", line: 1), .init(text: "ファイルを開く", line: 2),
                                .init(text: "فتح الملف", line: 3)]),
        TextRowsCase(name: "final newline adds no empty row",
                     input: "Datei öffnen…\nファイルを開く\n",
                     expected: [.init(text: "Datei öffnen…", line: 1), .init(text: "ファイルを開く", line: 2)]),
        TextRowsCase(name: "CRLF line ends are stripped",
                     input: "Datei öffnen…\r\nفتح الملف\r\n",
                     expected: [.init(text: "Datei öffnen…", line: 1), .init(text: "فتح الملف", line: 2)]),
        TextRowsCase(name: "empty lines are rows, the final newline is not",
                     input: "a\n\nb\n\n",
                     expected: [.init(text: "a", line: 1), .init(text: "", line: 2), .init(text: "b", line: 3),
                                .init(text: "", line: 4)]),
        TextRowsCase(name: "empty input has no rows", input: "", expected: []),
        TextRowsCase(name: "a lone newline is one empty row", input: "\n", expected: [.init(text: "", line: 1)]),
        TextRowsCase(name: "only one trailing CR is stripped, inner CR kept",
                     input: "a\rb\nc\r\r\n",
                     expected: [.init(text: "a\rb", line: 1), .init(text: "c\r", line: 2)]),
        TextRowsCase(name: "spaces and tabs are kept",
                     input: "  indented\ttab  \n",
                     expected: [.init(text: "  indented\ttab  ", line: 1)]),
    ]

    @Test("lines: rows and source lines", arguments: cases)
    func linesRows(_ testCase: TextRowsCase) throws {
        let rows = try readRows(from: Data(testCase.input.utf8), format: .lines, source: "rows.txt")
        #expect(rowsSummary(rows) == testCase.expected)
        #expect(rows.map(\.index) == Array(0..<testCase.expected.count))
        #expect(rows.allSatisfy { $0.id == nil })
    }
}

@Suite("paragraphs reader")
struct ParagraphsReaderTests {
    static let cases: [TextRowsCase] = [
        TextRowsCase(name: "blank lines separate, leading and trailing blanks make no rows",
                     input: "\n\nFirst line\nsecond line\n\n  \t\nZweiter Absatz: Datei öffnen…\n\n",
                     expected: [.init(text: "First line\nsecond line", line: 3),
                                .init(text: "Zweiter Absatz: Datei öffnen…", line: 7)]),
        TextRowsCase(name: "CRLF paragraphs keep internal newlines as LF",
                     input: "ファイルを開く\r\n保存する\r\n\r\nفتح الملف\r\n",
                     expected: [.init(text: "ファイルを開く\n保存する", line: 1), .init(text: "فتح الملف", line: 4)]),
        TextRowsCase(name: "indentation inside a paragraph is kept",
                     input: "  indented\n\tand tabbed",
                     expected: [.init(text: "  indented\n\tand tabbed", line: 1)]),
        TextRowsCase(name: "empty input has no rows", input: "", expected: []),
        TextRowsCase(name: "only blank lines have no rows", input: "\n \n\t\r\n\n", expected: []),
    ]

    @Test("paragraphs: rows and source lines", arguments: cases)
    func paragraphsRows(_ testCase: TextRowsCase) throws {
        let rows = try readRows(from: Data(testCase.input.utf8), format: .paragraphs, source: "rows.txt")
        #expect(rowsSummary(rows) == testCase.expected)
        #expect(rows.map(\.index) == Array(0..<testCase.expected.count))
    }
}
