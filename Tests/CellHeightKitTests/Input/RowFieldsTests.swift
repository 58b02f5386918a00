import Foundation
import Testing
@testable import CellHeightKit

@Suite("row fields")
struct RowFieldsTests {
    @Test("fields: an object's strings and numbers, as written", arguments: [RowFormat.json, .ndjson])
    func objectFields(_ format: RowFormat) throws {
        let object = #"{"id": 7, "text": "Wi-Fi", "count": 1.50, "on": true, "note": null, "list": [1], "body": "Off"}"#
        let input = format == .json ? "[\(object)]" : object
        let row = try #require(try parseRows(in: input, format: format, source: "rows", requireText: true).first)
        #expect(row.fields == ["id": "7", "text": "Wi-Fi", "count": "1.50", "body": "Off"])
        #expect(row.value(ofField: "body") == "Off")
        #expect(row.value(ofField: "on") == nil)
        #expect(row.fieldNames == ["id", "text", "count", "body"])
    }

    @Test("fields: a string or a line of text has one field, text")
    func textFields() throws {
        for (input, format) in [(#"["Peterborough"]"#, RowFormat.json), ("Peterborough\n", .lines)] {
            let row = try #require(try parseRows(in: input, format: format, source: "rows", requireText: false).first)
            #expect(row.fields == nil)
            #expect(row.value(ofField: "text") == "Peterborough")
            #expect(row.value(ofField: "title") == nil)
            #expect(row.fieldNames == ["text"])
        }
    }

    @Test("fields: an object of just text and id keeps no dictionary, and answers the same",
          arguments: [(#"{"id": "r1", "text": "Wi-Fi"}"#, ["id": "r1", "text": "Wi-Fi"]),
                      (#"{"text": "Wi-Fi", "id": 7, "on": true, "list": [1]}"#, ["id": "7", "text": "Wi-Fi"]),
                      (#"{"text": "Wi-Fi", "id": null}"#, ["text": "Wi-Fi"]),
                      (#"{"id": "x", "text": "Wi-Fi", "id": "r1"}"#, ["id": "r1", "text": "Wi-Fi"])])
    func textAndIDFields(_ object: String, _ expected: [String: String]) throws {
        let row = try #require(try parseRows(in: object, format: .ndjson, source: "rows", requireText: true).first)
        #expect(row.fields == nil)
        #expect(row.fieldNames == Set(expected.keys))
        for name in ["text", "id", "title"] { #expect(row.value(ofField: name) == expected[name]) }
        #expect(row.key == expected["id"])
        #expect(row.locale == nil)
    }

    @Test("fields: objects without text are rows when no text is required")
    func noTextRequired() throws {
        let rows = try parseRows(in: #"{"title": "Preamble"}"# + "\n" + #"{"title": "x", "text": 5}"#, format: .ndjson,
                                 source: "rows", requireText: false)
        #expect(rows.map(\.text) == ["", "5"])
        #expect(rows.map { $0.value(ofField: "title") } == ["Preamble", "x"])
        #expect(rows.map(\.fieldNames) == [["title"], ["title", "text"]])
        // Without a text member a row has no text field, and a number text is a field as written.
        let bare = try parseRows(in: #"{"id": "a"}"# + "\n" + #"{"text": 1.50, "id": "b"}"#, format: .ndjson,
                                 source: "rows", requireText: false)
        #expect(bare.map(\.fieldNames) == [["id"], ["text", "id"]])
        #expect(bare.map { $0.value(ofField: "text") } == [nil, "1.50"])
        #expect(throws: CellHeightError.invalidInput(source: "rows", line: 1, reason: "value has no string \"text\"")) {
            try parseRows(in: #"{"title": "Preamble"}"#, format: .ndjson, source: "rows", requireText: true)
        }
    }
}
