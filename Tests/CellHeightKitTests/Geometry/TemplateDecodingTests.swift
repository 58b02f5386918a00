import Foundation
import Testing
@testable import CellHeightKit

@Suite("template decoding")
struct TemplateDecodingTests {
    static let file = "cell.json"

    static func parse(_ json: String) throws -> CellTemplate {
        try parseCellTemplate(Data(json.utf8), file: file)
    }

    @Test("template: every key")
    func everyKey() throws {
        let template = try Self.parse("""
            {
              "description": "two labels",
              "width": [320, 375.5],
              "padding": "8 5 8 15",
              "minHeight": 44,
              "separator": 1,
              "round": "ceil@2x",
              "collapseEmpty": false,
              "labels": [
                {"field": "title", "font": "DejaVu Sans", "size": 17, "lineHeight": "20px", "insets": 5,
                 "numberOfLines": 2, "height": 17, "spacingAfter": 3},
                {"field": "body", "lineHeight": "1.4", "insets": {"left": 2, "right": 3}, "minHeight": 20}
              ]
            }
            """)
        #expect(template == CellTemplate(
            widths: [320, 375.5], padding: Padding(top: 8, right: 5, bottom: 8, left: 15), minHeight: 44,
            separator: 1, rounding: .ceil2x, collapsesEmptyLabels: false, labels: [
                LabelTemplate(field: "title", font: "DejaVu Sans", fontSize: 17, lineHeight: .pixels(20),
                              leftInset: 5, rightInset: 5, lineLimit: LineLimit(maxLines: 2), fixedHeight: 17,
                              spacingAfter: 3),
                LabelTemplate(field: "body", lineHeight: .multiple(1.4), leftInset: 2, rightInset: 3, minHeight: 20),
            ]))
    }

    @Test("template: defaults")
    func defaults() throws {
        #expect(try Self.parse(#"{"labels": [{"field": "text"}]}"#) == CellTemplate(labels: [
            LabelTemplate(field: "text", font: "sans-serif", fontSize: 16, lineHeight: .normal),
        ]))
    }

    @Test("template: padding as a number, text or array", arguments: [
        (#"10"#, Padding(top: 10, right: 10, bottom: 10, left: 10)),
        (#""10 15""#, Padding(top: 10, right: 15, bottom: 10, left: 15)),
        (#"[8, 5, 4]"#, Padding(top: 8, right: 5, bottom: 4, left: 5)),
        (#"[1, 2, 3, 4]"#, Padding(top: 1, right: 2, bottom: 3, left: 4)),
    ])
    func padding(_ json: String, _ expected: Padding) throws {
        #expect(try Self.parse(#"{"padding": \#(json), "labels": [{"field": "text"}]}"#).padding == expected)
    }

    struct ErrorCase: Sendable, CustomTestStringConvertible {
        var name: String
        var json: String
        var path: String
        var reason: String
        var testDescription: String { name }
    }

    static let label = #"{"field": "text"}"#
    static let cellKeys = "description, width, padding, minHeight, separator, round, collapseEmpty, labels"
    static let labelKeys = "field, font, size, lineHeight, insets, numberOfLines, height, minHeight, spacingAfter"

    static let errorCases: [ErrorCase] = [
        ErrorCase(name: "not an object", json: "[]", path: "$", reason: "expected an object, found an array"),
        ErrorCase(name: "no labels", json: "{}", path: "$", reason: "missing \"labels\""),
        ErrorCase(name: "empty labels", json: #"{"labels": []}"#, path: "$.labels", reason: "must hold at least one label"),
        ErrorCase(name: "labels not an array", json: #"{"labels": {}}"#, path: "$.labels",
                  reason: "expected an array of labels, found an object"),
        ErrorCase(name: "unknown cell key", json: #"{"labels": [\#(label)], "colour": "red"}"#, path: "$.colour",
                  reason: "unknown key (expected one of: \(cellKeys))"),
        ErrorCase(name: "unknown key with a space", json: #"{"labels": [\#(label)], "min height": 4}"#,
                  path: #"$["min height"]"#, reason: "unknown key (expected one of: \(cellKeys))"),
        ErrorCase(name: "unknown label key", json: #"{"labels": [{"field": "a", "fontSize": 14}]}"#,
                  path: "$.labels[0].fontSize", reason: "unknown key (expected one of: \(labelKeys))"),
        ErrorCase(name: "repeated key", json: #"{"width": 320, "width": 375, "labels": [\#(label)]}"#,
                  path: "$.width", reason: "repeated key"),
        ErrorCase(name: "label not an object", json: #"{"labels": ["title"]}"#, path: "$.labels[0]",
                  reason: "expected an object, found a string"),
        ErrorCase(name: "label without field", json: #"{"labels": [{"size": 14}]}"#, path: "$.labels[0]",
                  reason: "missing \"field\""),
        ErrorCase(name: "empty field", json: #"{"labels": [{"field": ""}]}"#, path: "$.labels[0].field",
                  reason: "must not be empty"),
        ErrorCase(name: "field twice", json: #"{"labels": [{"field": "a"}, {"field": "b"}, {"field": "a"}]}"#,
                  path: "$.labels[2].field", reason: "\"a\" is already the field of $.labels[0]"),
        ErrorCase(name: "size as a string", json: #"{"labels": [{"field": "a", "size": "14"}]}"#,
                  path: "$.labels[0].size", reason: "expected a number, found a string"),
        ErrorCase(name: "zero size", json: #"{"labels": [{"field": "a", "size": 0}]}"#, path: "$.labels[0].size",
                  reason: "must be above 0 and at most 10000, got 0"),
        ErrorCase(name: "negative size", json: #"{"labels": [{"field": "a", "size": -14}]}"#, path: "$.labels[0].size",
                  reason: "must be above 0 and at most 10000, got -14"),
        ErrorCase(name: "huge number", json: #"{"labels": [{"field": "a", "size": 1e999}]}"#, path: "$.labels[0].size",
                  reason: "number out of range: 1e999"),
        ErrorCase(name: "negative padding", json: #"{"padding": -1, "labels": [\#(label)]}"#, path: "$.padding",
                  reason: "must not be negative, got -1"),
        ErrorCase(name: "negative padding in an array", json: #"{"padding": [4, -1], "labels": [\#(label)]}"#,
                  path: "$.padding[1]", reason: "must not be negative, got -1"),
        ErrorCase(name: "five padding values", json: #"{"padding": [1, 2, 3, 4, 5], "labels": [\#(label)]}"#,
                  path: "$.padding", reason: "must be a length, CSS shorthand like \"8 15\", or an array of 1 to 4 lengths, none negative, got 5 values"),
        ErrorCase(name: "bad padding text", json: #"{"padding": "8 auto", "labels": [\#(label)]}"#, path: "$.padding",
                  reason: "must be a length, CSS shorthand like \"8 15\", or an array of 1 to 4 lengths, none negative, got \"8 auto\""),
        ErrorCase(name: "negative separator", json: #"{"separator": -1, "labels": [\#(label)]}"#, path: "$.separator",
                  reason: "must not be negative, got -1"),
        ErrorCase(name: "negative spacing", json: #"{"labels": [{"field": "a", "spacingAfter": -3}]}"#,
                  path: "$.labels[0].spacingAfter", reason: "must not be negative, got -3"),
        ErrorCase(name: "zero width", json: #"{"width": 0, "labels": [\#(label)]}"#, path: "$.width",
                  reason: "must be above 0 and at most 1000000, got 0"),
        ErrorCase(name: "negative width in a list", json: #"{"width": [320, -375], "labels": [\#(label)]}"#,
                  path: "$.width[1]", reason: "must be above 0 and at most 1000000, got -375"),
        ErrorCase(name: "no widths", json: #"{"width": [], "labels": [\#(label)]}"#, path: "$.width",
                  reason: "must hold at least one width"),
        ErrorCase(name: "fractional max lines", json: #"{"labels": [{"field": "a", "numberOfLines": 1.5}]}"#,
                  path: "$.labels[0].numberOfLines", reason: "must be a whole number, 0 or more, got 1.5"),
        ErrorCase(name: "line height as a number", json: #"{"labels": [{"field": "a", "lineHeight": 20}]}"#,
                  path: "$.labels[0].lineHeight",
                  reason: "must be 'normal', a length like '20px' (at most 1000000px) or a positive multiple of the size like '1.4' (at most 1000), found a number"),
        ErrorCase(name: "line height in em", json: #"{"labels": [{"field": "a", "lineHeight": "2em"}]}"#,
                  path: "$.labels[0].lineHeight",
                  reason: "must be 'normal', a length like '20px' (at most 1000000px) or a positive multiple of the size like '1.4' (at most 1000), got \"2em\""),
        ErrorCase(name: "unknown rounding", json: #"{"round": "floor", "labels": [\#(label)]}"#, path: "$.round",
                  reason: "must be one of \"none\", \"ceil\", \"ceil@2x\", \"ceil@3x\", got \"floor\""),
        ErrorCase(name: "collapseEmpty as a string", json: #"{"collapseEmpty": "yes", "labels": [\#(label)]}"#,
                  path: "$.collapseEmpty", reason: "expected true or false, found a string"),
        ErrorCase(name: "unknown inset side", json: #"{"labels": [{"field": "a", "insets": {"top": 1}}]}"#,
                  path: "$.labels[0].insets.top", reason: "unknown key (expected one of: left, right)"),
        ErrorCase(name: "insets as an array", json: #"{"labels": [{"field": "a", "insets": [1, 2]}]}"#,
                  path: "$.labels[0].insets",
                  reason: "expected a length or an object with \"left\" and \"right\", found an array"),
        ErrorCase(name: "fixed and minimum height", json: #"{"labels": [{"field": "a", "height": 17, "minHeight": 20}]}"#,
                  path: "$.labels[0].minHeight", reason: "a label with a fixed \"height\" has no minimum height"),
        ErrorCase(name: "empty font", json: #"{"labels": [{"field": "a", "font": ""}]}"#, path: "$.labels[0].font",
                  reason: "must not be empty"),
        ErrorCase(name: "description not a string", json: #"{"description": 1, "labels": [\#(label)]}"#,
                  path: "$.description", reason: "expected a string, found a number"),
    ]

    @Test("template: bad templates name the JSON path", arguments: errorCases)
    func badTemplate(_ testCase: ErrorCase) {
        #expect(throws: CellHeightError.invalidConfig(file: Self.file, jsonPath: testCase.path, reason: testCase.reason)) {
            try Self.parse(testCase.json)
        }
    }

    @Test("template: JSON syntax errors have a line and column, exit 78")
    func syntaxError() {
        // Line 2, column 14: a "}" where a value was expected.
        let error = CellHeightError.configSyntax(file: Self.file, line: 2, column: 14, reason: "expected a value, found '}'")
        #expect(throws: error) { try Self.parse("{\n  \"labels\": [}") }
        #expect(error.exitCode == .config)
        #expect(error.description == "cell.json:2:14: invalid JSON: expected a value, found '}'")
    }

    @Test("template: invalid UTF-8 is a template error")
    func invalidUTF8() {
        #expect(throws: CellHeightError.invalidConfig(file: Self.file, jsonPath: "$", reason: "invalid UTF-8 at byte offset 12")) {
            try parseCellTemplate(Data(#"{"labels": ["#.utf8) + Data([0xFF]) + Data("]}".utf8), file: Self.file)
        }
    }

    @Test("template: errors print as file: path: reason, exit 78")
    func errorMessage() {
        let error = CellHeightError.invalidConfig(file: "t.json", jsonPath: "$.labels[1].size", reason: "expected a number, found a string")
        #expect(error.description == "t.json: $.labels[1].size: expected a number, found a string")
        #expect(error.exitCode.rawValue == 78)
    }

    // MARK: - Fields

    static let twoLabels = CellTemplate(labels: [LabelTemplate(field: "title"), LabelTemplate(field: "body")])

    @Test("fields: each label's field must be a field of some row")
    func fields() throws {
        let rows = [
            Row(index: 0, text: "", sourceLine: 1, fields: ["title": "Wi-Fi", "id": "7"]),
            Row(index: 1, text: "", sourceLine: 2, fields: ["title": "Bluetooth", "bdy": "Off"]),
        ]
        #expect(throws: CellHeightError.invalidConfig(
            file: "t.json", jsonPath: "$.labels[1].field",
            reason: "no input row has a field \"body\" (the rows have: bdy, id, title)")) {
            try Self.twoLabels.checkFields(of: rows, templateFile: "t.json")
        }
        // A field some rows lack is fine.
        let someRows = rows + [Row(index: 2, text: "", sourceLine: 3, fields: ["body": "On"])]
        try Self.twoLabels.checkFields(of: someRows, templateFile: "t.json")
        // With no rows there is nothing to check.
        try Self.twoLabels.checkFields(of: [], templateFile: "t.json")
    }

    @Test("fields: a plain text row has one field, text")
    func plainTextFields() throws {
        let rows = [Row(index: 0, text: "Peterborough", sourceLine: 1)]
        try CellTemplate(labels: [LabelTemplate(field: "text")]).checkFields(of: rows, templateFile: "t.json")
        #expect(throws: CellHeightError.invalidConfig(
            file: "t.json", jsonPath: "$.labels[0].field", reason: "no input row has a field \"title\" (the rows have: text)")) {
            try Self.twoLabels.checkFields(of: rows, templateFile: "t.json")
        }
    }

    @Test("fixtures: every ready-made template parses", arguments: [
        "basic-label", "title-subtitle-body", "self-sizing", "separator-plus-one", "text-view",
    ])
    func fixtures(_ name: String) throws {
        let url = TemplateRecipeTests.templates.appendingPathComponent(name + ".json")
        let template = try parseCellTemplate(try Data(contentsOf: url), file: url.path)
        #expect(template.widths?.count == 1)
        #expect(template.labels.allSatisfy { $0.font.hasPrefix("/usr/share/fonts/") })
    }
}
