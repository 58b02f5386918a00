@testable import CellHeightEngine
import Testing
@testable import CellHeightKit

/// Where each row comes from and what was measured, in every writer: a catalog's entries always
/// carry key, locale, file, line, untranslated and text; other rows only what has a value (see
/// `RowIdentityColumns`). Rows and expected outputs written by hand.
@Suite("row identity in reports")
struct RowIdentityReportTests {
    static let line = LineBox(range: 0..<22, text: "8,888 Objekt wird geöffnet", width: 190.25, height: 18.625,
                              fonts: ["DejaVu Sans"])

    /// An Android plural entry, as the catalog reader gives it (its placeholder already replaced).
    static let german = Row(index: 0, id: "opening_items[one]", text: "8,888 Objekt wird geöffnet", sourceLine: 10,
                            fields: ["id": "opening_items[one]", "text": "8,888 Objekt wird geöffnet", "key": "opening_items",
                                     "locale": "de", "plural": "one"],
                            isCatalogEntry: true, source: "res/values-de/strings.xml")
    /// An untranslated entry of a base locale (Android's `values`): locale "".
    static let base = Row(index: 1, id: "title", text: "Files", sourceLine: 3,
                          fields: ["id": "title", "text": "Files", "key": "title", "locale": "", "untranslated": "true"],
                          isCatalogEntry: true, source: "res/values/strings.xml")

    static func cells(_ rows: [Row]) -> [MeasuredCell] {
        rows.map { MeasuredCell(bare: MeasuredRow(row: $0, layouts: [TextLayout(width: 320, lines: [line], height: 18.625)])) }
    }

    static func output(_ rows: [Row], _ format: OutputFormat, identity: RowIdentityColumns = RowIdentityColumns()) -> String {
        var settings = ReportFixtures.settings(widths: [320])
        settings.identity = identity
        return render(cells(rows), settings: settings, format: format, options: ReportOptions())
    }

    @Test("ndjson: a catalog's rows carry key, locale, file, line, untranslated and the text as measured, in that order")
    func catalogRowsNDJSON() {
        #expect(Self.output([Self.german, Self.base], .ndjson) == """
            {"index":0,"id":"opening_items[one]","key":"opening_items","locale":"de","file":"res/values-de/strings.xml","line":10,"untranslated":false,"text":"8,888 Objekt wird geöffnet","width":320,"lineCount":1,"height":18.625,"results":[{"size":16,"width":320,"lineCount":1,"height":18.625}]}
            {"index":1,"id":"title","key":"title","locale":"","file":"res/values/strings.xml","line":3,"untranslated":true,"text":"Files","width":320,"lineCount":1,"height":18.625,"results":[{"size":16,"width":320,"lineCount":1,"height":18.625}]}

            """)
    }

    @Test("json: other rows keep their fields as they were, and gain only what has a value")
    func plainRowsJSON() {
        let plain = Row(index: 0, text: "Datei öffnen…", sourceLine: 1)
        #expect(Self.output([plain], .ndjson) == #"{"index":0,"id":null,"width":320,"lineCount":1,"height":18.625,"results":[{"size":16,"width":320,"lineCount":1,"height":18.625}]}"# + "\n")
        // A JSON object's own key, locale and untranslated.
        let own = Row(index: 0, id: "a", text: "x", sourceLine: 4,
                      fields: ["id": "a", "text": "x", "key": "a.title", "locale": "pt_BR", "untranslated": "true"], source: "ui.ndjson")
        #expect(Self.output([own], .ndjson)
                == #"{"index":0,"id":"a","key":"a.title","locale":"pt_BR","untranslated":true,"width":320,"lineCount":1,"height":18.625,"results":[{"size":16,"width":320,"lineCount":1,"height":18.625}]}"# + "\n")
        // Several inputs: file and line; text rewriting: the text as measured.
        let sourced = Row(index: 0, text: "x", sourceLine: 4, source: "b.txt")
        #expect(Self.output([sourced], .ndjson, identity: RowIdentityColumns(file: true, text: true))
                == #"{"index":0,"id":null,"file":"b.txt","line":4,"text":"x","width":320,"lineCount":1,"height":18.625,"results":[{"size":16,"width":320,"lineCount":1,"height":18.625}]}"# + "\n")
    }

    @Test("csv: a locale column for rows with locales, file and line for several inputs")
    func csvColumns() {
        #expect(Self.output([Self.german, Self.base], .csv) == """
            index,id,locale,width,lineCount,height
            0,opening_items[one],de,320,1,18.625
            1,title,,320,1,18.625

            """)
        #expect(Self.output([Self.german, Self.base], .csv, identity: RowIdentityColumns(file: true)) == """
            index,id,locale,file,line,width,lineCount,height
            0,opening_items[one],de,res/values-de/strings.xml,10,320,1,18.625
            1,title,,res/values/strings.xml,3,320,1,18.625

            """)
        // Decided for the whole run (a streamed CSV's header): no locale column although a row has one.
        #expect(Self.output([Self.german], .csv, identity: RowIdentityColumns(locale: false)).hasPrefix("index,id,width,"))
        #expect(Self.output([Row(index: 0, text: "x", sourceLine: 1)], .csv).hasPrefix("index,id,width,lineCount,height\n"))
    }

    @Test("table: locale and file columns")
    func tableColumns() {
        let table = Self.output([Self.german, Self.base], .table, identity: RowIdentityColumns(file: true))
        let lines = table.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[0] == "    #  id                  locale  file                          lines  height  text")
        #expect(lines[1] == "    0  opening_items[one]  de      res/values-de/strings.xml:10      1  18.625  8,888 Objekt wird geöffnet")
        #expect(lines[2] == "    1  title                       res/values/strings.xml:3          1  18.625  Files")
    }

    @Test("a base locale written as \"\" matches no locale in a baseline")
    func baselineEmptyLocale() throws {
        let baseline = try readBaseline(.init(#"{"index":1,"id":"title","key":"title","locale":"","lineCount":1,"height":16}"#.utf8),
                                        file: "old.ndjson")
        #expect(baseline.first?.key == BaselineKey(Self.base))
    }
}
