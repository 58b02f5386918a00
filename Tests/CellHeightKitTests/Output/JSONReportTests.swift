@testable import CellHeightEngine
import Testing
@testable import CellHeightKit
import CellHeightTestSupport

@Suite("json report")
struct JSONReportTests {
    static let settingsTail = #""lineHeight":"normal","lineHeightPx":18.625,"whiteSpace":"pre-wrap","fallbackFonts":["/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"],"input":"rows.json"}}"#
    /// The document's start: the tool's version and the format's.
    static let version = #"{"version":{"tool":""# + CellHeightVersion.number + #"","format":2},"#
    static let settingsHead = #""settings":{"font":"/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf","fontFaceIndex":0,"fontFamily":"DejaVu Sans","fontSHA256":"abc123","size":16,"#

    @Test("json: one width")
    func jsonOneWidth() {
        let output = render(ReportFixtures.oneWidthRows, settings: ReportFixtures.settings(widths: [320]),
                            format: .json, explain: false)
        let expected = Self.version + #""rows":[{"index":0,"id":null,"lineCount":1,"height":18.625,"results":[{"size":16,"width":320,"lineCount":1,"height":18.625}]},"#
            + #"{"index":1,"id":"dialog \"open\", title","lineCount":2,"height":41.625,"results":[{"size":16,"width":320,"lineCount":2,"height":41.625}]}],"#
            + #""totalHeight":60.25,"rowCount":2,"#
            + Self.settingsHead + #""width":320,"# + Self.settingsTail + "\n"
        #expect(output == expected)
    }

    @Test("json: one width with explain")
    func jsonOneWidthExplain() {
        let output = render(ReportFixtures.oneWidthRows, settings: ReportFixtures.settings(widths: [320]),
                            format: .json, explain: true)
        // The lines are the row's (one width and size), not repeated in its one result.
        let expected = Self.version + #""rows":[{"index":0,"id":null,"lineCount":1,"height":18.625,"lines":["#
            + #"{"text":"Datei öffnen…","width":97.984375,"height":18.625,"fonts":["DejaVu Sans"],"hyphen":false}],"#
            + #""results":[{"size":16,"width":320,"lineCount":1,"height":18.625}]},"#
            + #"{"index":1,"id":"dialog \"open\", title","lineCount":2,"height":41.625,"lines":["#
            + #"{"text":"ファイルを開く\n","width":112,"height":23,"fonts":["Noto Sans CJK JP"],"hyphen":false},"#
            + #"{"text":"فتح الملف","width":60.5,"height":18.625,"fonts":["DejaVu Sans"],"hyphen":false}],"#
            + #""results":[{"size":16,"width":320,"lineCount":2,"height":41.625}]}],"#
            + #""totalHeight":60.25,"rowCount":2,"#
            + Self.settingsHead + #""width":320,"# + Self.settingsTail + "\n"
        #expect(output == expected)
    }

    @Test("json: several widths")
    func jsonSeveralWidths() {
        let output = render(ReportFixtures.twoWidthRows, settings: ReportFixtures.settings(widths: [320, 375.5]),
                            format: .json, explain: false)
        // The first result's values are the row's own too.
        let expected = Self.version + #""rows":[{"index":0,"id":null,"width":320,"lineCount":1,"height":18.625,"results":["#
            + #"{"size":16,"width":320,"lineCount":1,"height":18.625},{"size":16,"width":375.5,"lineCount":1,"height":18.625}]},"#
            + #"{"index":1,"id":"dialog \"open\", title","width":320,"lineCount":2,"height":41.625,"results":["#
            + #"{"size":16,"width":320,"lineCount":2,"height":41.625},{"size":16,"width":375.5,"lineCount":2,"height":42}]}],"#
            + #""totals":[{"width":320,"totalHeight":60.25},{"width":375.5,"totalHeight":60.625}],"rowCount":2,"#
            + Self.settingsHead + #""widths":[320,375.5],"# + Self.settingsTail + "\n"
        #expect(output == expected)
    }

    @Test("json: several widths with explain")
    func jsonSeveralWidthsExplain() {
        let hyphenated = LineBox(range: 0..<5, text: "Da\u{AD}", width: 20.25, height: 18.625,
                                 endsWithInsertedHyphen: true, fonts: ["DejaVu Sans"])
        let rest = LineBox(range: 3..<6, text: "tei", width: 21, height: 18.625, fonts: ["DejaVu Sans"])
        let whole = LineBox(range: 0..<6, text: "Da\u{AD}tei", width: 38.5, height: 18.625, fonts: ["DejaVu Sans"])
        let row = MeasuredRow(row: Row(index: 0, id: "7", text: "Da\u{AD}tei", sourceLine: 1), layouts: [
            TextLayout(width: 30, lines: [hyphenated, rest], height: 37.25),
            TextLayout(width: 100, lines: [whole], height: 18.625),
        ])
        let output = render([row], settings: ReportFixtures.settings(widths: [30, 100]), format: .json, explain: true)
        let expected = Self.version + #""rows":[{"index":0,"id":"7","width":30,"lineCount":2,"height":37.25,"results":["#
            + #"{"size":16,"width":30,"lineCount":2,"height":37.25,"lines":["#
            + "{\"text\":\"Da\u{AD}\",\"width\":20.25,\"height\":18.625,\"fonts\":[\"DejaVu Sans\"],\"hyphen\":true},"
            + #"{"text":"tei","width":21,"height":18.625,"fonts":["DejaVu Sans"],"hyphen":false}]},"#
            + #"{"size":16,"width":100,"lineCount":1,"height":18.625,"lines":["#
            + "{\"text\":\"Da\u{AD}tei\",\"width\":38.5,\"height\":18.625,\"fonts\":[\"DejaVu Sans\"],\"hyphen\":false}]}]}],"
            + #""totals":[{"width":30,"totalHeight":37.25},{"width":100,"totalHeight":18.625}],"rowCount":1,"#
            + Self.settingsHead + #""widths":[30,100],"# + Self.settingsTail + "\n"
        #expect(output == expected)
    }

    @Test("json: no rows")
    func jsonNoRows() {
        let output = render([], settings: ReportFixtures.settings(widths: [320]), format: .json, explain: false)
        let expected = Self.version + #""rows":[],"totalHeight":0,"rowCount":0,"#
            + Self.settingsHead + #""width":320,"# + Self.settingsTail + "\n"
        #expect(output == expected)
    }

    @Test("ndjson: one row object per line")
    func ndjsonOneWidth() {
        let output = render(ReportFixtures.oneWidthRows, settings: ReportFixtures.settings(widths: [320]),
                            format: .ndjson, explain: false)
        // Each row says its width (one width: the same for all).
        let expected = #"{"index":0,"id":null,"width":320,"lineCount":1,"height":18.625,"results":[{"size":16,"width":320,"lineCount":1,"height":18.625}]}"# + "\n"
            + #"{"index":1,"id":"dialog \"open\", title","width":320,"lineCount":2,"height":41.625,"results":[{"size":16,"width":320,"lineCount":2,"height":41.625}]}"# + "\n"
        #expect(output == expected)
    }

    @Test("ndjson: several widths")
    func ndjsonSeveralWidths() {
        let output = render(ReportFixtures.twoWidthRows, settings: ReportFixtures.settings(widths: [320, 375.5]),
                            format: .ndjson, explain: false)
        let expected = #"{"index":0,"id":null,"width":320,"lineCount":1,"height":18.625,"results":[{"size":16,"width":320,"lineCount":1,"height":18.625},{"size":16,"width":375.5,"lineCount":1,"height":18.625}]}"# + "\n"
            + #"{"index":1,"id":"dialog \"open\", title","width":320,"lineCount":2,"height":41.625,"results":[{"size":16,"width":320,"lineCount":2,"height":41.625},{"size":16,"width":375.5,"lineCount":2,"height":42}]}"# + "\n"
        #expect(output == expected)
    }

    @Test("ndjson: no rows is empty output")
    func ndjsonNoRows() {
        #expect(render([], settings: ReportFixtures.settings(widths: [320]), format: .ndjson, explain: false) == "")
    }

    struct EscapeCase: Sendable, CustomTestStringConvertible {
        var name: String
        var input: String
        var expected: String
        var testDescription: String { name }
    }

    static let escapeCases: [EscapeCase] = [
        EscapeCase(name: "quote", input: "say \"hi\"", expected: #""say \"hi\"""#),
        EscapeCase(name: "backslash", input: #"C:\fonts"#, expected: #""C:\\fonts""#),
        EscapeCase(name: "short escapes", input: "tab\tnl\ncr\r\u{08}\u{0C}", expected: #""tab\tnl\ncr\r\b\f""#),
        EscapeCase(name: "other control characters", input: "\u{00}\u{01}\u{1F}", expected: #""\u0000\u0001\u001f""#),
        EscapeCase(name: "non-ASCII stays UTF-8", input: "Datei öffnen… ファイル فتح", expected: "\"Datei öffnen… ファイル فتح\""),
        EscapeCase(name: "DEL and slash are not escaped", input: "a/\u{7F}", expected: "\"a/\u{7F}\""),
    ]

    @Test("json: string escaping", arguments: escapeCases)
    func jsonStringEscaping(_ testCase: EscapeCase) {
        #expect(jsonString(testCase.input) == testCase.expected)
    }
}

/// A `json` document whose row objects the workers rendered apart, a slice at a time, is the one
/// written whole: rows measured with a real font, cut into slices of every size (empty ones too).
@Suite("json report: rows rendered apart")
struct JSONRowsApartTests {
    @Test("slices joined give the whole document", arguments: [false, true])
    func slicesJoined(explain: Bool) throws {
        let engine = try TestFonts.engine(TestFonts.dejaVuSans, size: 14)
        let measurer = try CellMeasurer(template: .bareText, engines: [engine], widths: [120, 320])
        let texts = ["Open the file", "Apache License Version 2.0\n\"License\" shall mean the terms", "",
                     "Datei öffnen… und „speichern“", "Line\n\nbreaks", "ファイルを開く"]
        let cells = texts.enumerated().map { measurer.measure(Row(index: $0, id: $0 % 2 == 0 ? "r\($0)" : nil, text: $1, sourceLine: $0 + 1)) }
        let options = ReportOptions(explain: explain, statistics: true)
        for widths in [[120.0], [120.0, 320]] {
            let sized = cells.map { cell in
                var cell = cell
                cell.results = Array(cell.results.prefix(widths.count))
                return cell
            }
            let settings = ReportFixtures.settings(widths: widths)
            let whole = render(sized, settings: settings, format: .json, options: options)
            #expect(OutputFormat.json.rendersRowsApart(options))
            for sliceSize in 1...sized.count {
                let slices = stride(from: 0, to: sized.count, by: sliceSize).map { Array(sized[$0..<min($0 + sliceSize, sized.count)]) } + [[]]
                let parts = slices.map { renderRows($0, settings: settings, format: .json, options: options) }
                #expect(render(sized, settings: settings, format: .json, options: options, renderedRows: parts) == whole,
                        "slices of \(sliceSize), widths \(widths)")
            }
        }
        #expect(!OutputFormat.json.rendersRowsApart(ReportOptions(offsets: true)))
    }
}
