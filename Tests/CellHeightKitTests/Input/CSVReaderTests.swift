import Foundation
import Testing
@testable import CellHeightKit

@Suite("csv reader")
struct CSVReaderTests {
    struct RecordCase: Sendable, CustomTestStringConvertible {
        var name: String
        var input: String
        /// Each row's source line and fields, in order.
        var expected: [ExpectedFields]
        var testDescription: String { name }
    }

    struct ExpectedFields: Equatable, Sendable {
        var line: Int
        var fields: [String: String]
    }

    static let validCases: [RecordCase] = [
        RecordCase(name: "header and two records, no final newline",
                   input: "id,title\n1,Wi-Fi\n2,Bluetooth",
                   expected: [.init(line: 2, fields: ["id": "1", "title": "Wi-Fi"]),
                              .init(line: 3, fields: ["id": "2", "title": "Bluetooth"])]),
        RecordCase(name: "CRLF line endings",
                   input: "title,body\r\nPreamble,The End\r\n",
                   expected: [.init(line: 2, fields: ["title": "Preamble", "body": "The End"])]),
        RecordCase(name: "quoted comma and doubled quotes",
                   input: "title,body\n\"Iran, Islamic Republic of\",\"say \"\"hi\"\"\"\n",
                   expected: [.init(line: 2, fields: ["title": "Iran, Islamic Republic of", "body": "say \"hi\""])]),
        // The quoted field spans lines 2–4, so the next record starts on line 5.
        RecordCase(name: "line breaks inside quotes count toward line numbers",
                   input: "title,body\n\"Hennegau\nKouritenga\nGwynedd\",x\nNext,y\n",
                   expected: [.init(line: 2, fields: ["title": "Hennegau\nKouritenga\nGwynedd", "body": "x"]),
                              .init(line: 5, fields: ["title": "Next", "body": "y"])]),
        RecordCase(name: "CRLF inside quotes becomes LF",
                   input: "title\r\n\"Hennegau\r\nKouritenga\"\r\n",
                   expected: [.init(line: 2, fields: ["title": "Hennegau\nKouritenga"])]),
        RecordCase(name: "empty fields, quoted and not",
                   input: "a,b,c\n,\"\",\n",
                   expected: [.init(line: 2, fields: ["a": "", "b": "", "c": ""])]),
        RecordCase(name: "empty lines are skipped",
                   input: "\ntitle\n\nPreamble\n\n\nThe End\n",
                   expected: [.init(line: 4, fields: ["title": "Preamble"]), .init(line: 7, fields: ["title": "The End"])]),
        RecordCase(name: "a lone CR is data, spaces are kept",
                   input: "title\n a\rb \n",
                   expected: [.init(line: 2, fields: ["title": " a\rb "])]),
        RecordCase(name: "non-ASCII", input: "τίτλος\nΚύπρος\n", expected: [.init(line: 2, fields: ["τίτλος": "Κύπρος"])]),
        RecordCase(name: "header only", input: "title,body\n", expected: []),
        RecordCase(name: "empty input", input: "", expected: []),
    ]

    @Test("csv: records, fields and source lines", arguments: validCases)
    func records(_ testCase: RecordCase) throws {
        let rows = try parseRows(in: testCase.input, format: .csv, source: "rows.csv", requireText: false)
        #expect(rows.map { ExpectedFields(line: $0.sourceLine, fields: $0.fields ?? [:]) } == testCase.expected)
        #expect(rows.map(\.index) == Array(0..<testCase.expected.count))
    }

    @Test("csv: the text and id columns")
    func textAndID() throws {
        let rows = try parseRows(in: "id,text,note\nopen,Datei öffnen…,x\n,Kópavogsbær,y\n", format: .csv,
                                 source: "rows.csv", requireText: true)
        #expect(rows.map(\.text) == ["Datei öffnen…", "Kópavogsbær"])
        #expect(rows.map(\.id) == ["open", nil])
        #expect(rows[0].value(ofField: "note") == "x")
    }

    struct ErrorCase: Sendable, CustomTestStringConvertible {
        var name: String
        var input: String
        var requireText = false
        var line: Int
        var reason: String
        var testDescription: String { name }
    }

    static let errorCases: [ErrorCase] = [
        ErrorCase(name: "quote inside an unquoted field", input: "title\nsay \"hi\"\n", line: 2,
                  reason: "quote inside an unquoted field (quote the whole field and double the quote: \"a \"\"b\"\"\")"),
        ErrorCase(name: "text after a closing quote", input: "a,b\n\"x\"y,z\n", line: 2,
                  reason: "unexpected text after a closing quote (a quote inside a quoted field is written \"\")"),
        // The quote opens on line 3 and is still open at the end of line 5.
        ErrorCase(name: "unclosed quote is reported where it opens", input: "a\nb\n\"c\nd\ne\n", line: 3,
                  reason: "quoted field never closed (its opening quote is on this line)"),
        ErrorCase(name: "too few fields", input: "a,b,c\n1,2\n", line: 2, reason: "record has 2 field(s), the header has 3"),
        ErrorCase(name: "too many fields after a multi-line record", input: "a,b\n\"1\n2\",3\n4,5,6\n", line: 4,
                  reason: "record has 3 field(s), the header has 2"),
        ErrorCase(name: "a column twice", input: "title,body,title\n", line: 1,
                  reason: "column \"title\" appears twice in the header"),
        ErrorCase(name: "no text column when one is needed", input: "\ntitle,body\nx,y\n", requireText: true, line: 2,
                  reason: "the header has no \"text\" column"),
    ]

    @Test("csv: errors name the line", arguments: errorCases)
    func errors(_ testCase: ErrorCase) {
        #expect(throws: CellHeightError.invalidInput(source: "rows.csv", line: testCase.line, reason: testCase.reason)) {
            try parseRows(in: testCase.input, format: .csv, source: "rows.csv", requireText: testCase.requireText)
        }
    }

    @Test("row format: csv is never detected, the text formats are InputFormat's, the catalogs CatalogFormat's")
    func rowFormat() {
        #expect(RowFormat.allCases.map(\.rawValue) == ["auto", "lines", "paragraphs", "json", "ndjson", "csv",
                                                       "po", "mo", "strings", "xcstrings", "android", "xliff", "stringsdict"])
        #expect(RowFormat.csv.textFormat == nil)
        #expect(RowFormat.allCases.compactMap(\.textFormat) == InputFormat.allCases)
        #expect(RowFormat.allCases.compactMap(\.catalogFormat) == CatalogFormat.allCases)
        #expect(RowFormat.plainFormats == RowFormat.allCases.filter { $0.catalogFormat == nil })
    }
}
