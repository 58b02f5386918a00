@testable import CellHeightEngine
import Testing
@testable import CellHeightKit

/// Reports of texts in cells and of templates, with statistics and offsets, from hand-made cells.
@Suite("cell reports")
struct CellReportTests {
    static let font = FontSettings(fontPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", fontFamily: "DejaVu Sans",
                                   fontSHA256: "abc123", fontSize: 14, lineHeight: "1.3", lineHeightPixels: 18.1875)

    // MARK: - One text in a cell

    /// `--padding '8 15' --min-height 44 --separator 1 --number-of-lines 2 --round ceil` at cell width 190.
    static let textCell = CellTemplate.singleLabel(
        font: font.fontPath, fontSize: 14, lineHeight: .multiple(1.3), padding: Padding(top: 8, right: 15, bottom: 8, left: 15),
        minHeight: 44, separator: 1, lineLimit: LineLimit(maxLines: 2), rounding: .ceil)

    static func textSettings(widths: [Double]) -> ReportSettings {
        ReportSettings(subject: .text(font, cell: textCell), widths: widths, inputName: "rows.txt")
    }

    /// Row 0: 1 line, 18.1875 → 19 → 35 → max(35, 44) = 44 → 45.
    /// Row 1: 3 lines, 2 shown: 36.375 → 37 → 53 → 53 → 54.
    static let textCells = [
        MeasuredCell(row: Row(index: 0, text: "Delete all files?", sourceLine: 1), results: [
            CellLayout(width: 190, height: 45, labels: [
                LabelLayout(field: "text", text: TextLayout(width: 160, lineCount: 1, height: 18.1875),
                            visibleLineCount: 1, textHeight: 19, height: 19, isHidden: false),
            ]),
        ]),
        MeasuredCell(row: Row(index: 1, text: "This will permanently remove every file in the folder.", sourceLine: 2), results: [
            CellLayout(width: 190, height: 54, labels: [
                LabelLayout(field: "text", text: TextLayout(width: 160, lineCount: 3, height: 54.5625),
                            visibleLineCount: 2, textHeight: 37, height: 37, isHidden: false),
            ]),
        ]),
    ]

    static let everything = ReportOptions(explain: false, statistics: true, offsets: true)

    @Test("text in a cell: table with truncation, text height, offsets and statistics")
    func textTable() {
        let output = render(Self.textCells, settings: Self.textSettings(widths: [190]), format: .table, options: Self.everything)
        #expect(output == """
                #  lines  textHeight  height  offset  text
                0      1          19      45       0  Delete all files?
                1    2/3          37      54      45  This will permanently remove every file…
            total                         99
            stats  count 2  min 45  max 54  mean 49.5  median 49.5  p95 54  total 99  estimatedRowHeight 49.5
            font  DejaVu Sans 14px  /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf

            """)
    }

    @Test("text in a cell: json with truncation, text height, offsets, statistics and the cell's settings")
    func textJSON() {
        let output = render(Self.textCells, settings: Self.textSettings(widths: [190]), format: .json, options: Self.everything)
        #expect(output == #"{"version":{"tool":""# + CellHeightVersion.number + #"","format":2},"#
            + #""rows":[{"index":0,"id":null,"lineCount":1,"truncated":false,"textHeight":19,"height":45,"offset":0,"#
            + #""results":[{"size":14,"width":190,"lineCount":1,"truncated":false,"textHeight":19,"height":45,"offset":0}]},"#
            + #"{"index":1,"id":null,"lineCount":3,"truncated":true,"textHeight":37,"height":54,"offset":45,"#
            + #""results":[{"size":14,"width":190,"lineCount":3,"truncated":true,"textHeight":37,"height":54,"offset":45}]}],"#
            + #""totalHeight":99,"stats":{"count":2,"min":45,"max":54,"mean":49.5,"median":49.5,"p95":54,"total":99,"#
            + #""estimatedRowHeight":49.5},"rowCount":2,"settings":{"font":"/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf","#
            + #""fontFaceIndex":0,"fontFamily":"DejaVu Sans","fontSHA256":"abc123","size":14,"width":190,"lineHeight":"1.3","#
            + #""lineHeightPx":18.1875,"whiteSpace":"pre-wrap","fallbackFonts":[],"input":"rows.txt","#
            + #""cell":{"padding":[8,15,8,15],"minHeight":44,"separator":1,"numberOfLines":2,"round":"ceil"}}}"# + "\n")
    }

    @Test("text in a cell: csv with truncation, text height and offsets")
    func textCSV() {
        let output = render(Self.textCells, settings: Self.textSettings(widths: [190]), format: .csv,
                            options: ReportOptions(offsets: true))
        #expect(output == """
            index,id,width,lineCount,truncated,textHeight,height,offset
            0,,190,1,false,19,45,0
            1,,190,3,true,37,54,45

            """)
    }

    @Test("text in a cell: ndjson rows carry their offset")
    func textNDJSON() {
        let output = render(Self.textCells, settings: Self.textSettings(widths: [190]), format: .ndjson,
                            options: ReportOptions(offsets: true))
        #expect(output == #"{"index":0,"id":null,"width":190,"lineCount":1,"truncated":false,"textHeight":19,"height":45,"offset":0,"#
            + #""results":[{"size":14,"width":190,"lineCount":1,"truncated":false,"textHeight":19,"height":45,"offset":0}]}"# + "\n"
            + #"{"index":1,"id":null,"width":190,"lineCount":3,"truncated":true,"textHeight":37,"height":54,"offset":45,"#
            + #""results":[{"size":14,"width":190,"lineCount":3,"truncated":true,"textHeight":37,"height":54,"offset":45}]}"# + "\n")
    }

    @Test("bare text: statistics and offsets without cell columns")
    func bareText() {
        let rows = ReportFixtures.oneWidthRows.map(MeasuredCell.init(bare:))
        let output = render(rows, settings: ReportFixtures.settings(widths: [320]), format: .table, options: Self.everything)
        // Heights 18.625 and 41.625: offsets 0 and 18.625; mean = median = 60.25 / 2 = 30.125.
        #expect(output == """
                #  id                    lines  height  offset  text
                0                            1  18.625       0  Datei öffnen…
                1  dialog "open", title      2  41.625  18.625  ファイルを開く⏎فتح الملف
            total                                60.25
            stats  count 2  min 18.625  max 41.625  mean 30.125  median 30.125  p95 41.625  total 60.25  estimatedRowHeight 30.125
            font  DejaVu Sans 16px  /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf

            """)
    }

    @Test("statistics: no rows")
    func noRows() {
        let table = render([MeasuredCell](), settings: ReportFixtures.settings(widths: [320]), format: .table,
                           options: Self.everything)
        #expect(table.hasSuffix("stats  count 0  min -  max -  mean -  median -  p95 -  total 0  estimatedRowHeight -\n"
                                + "font  DejaVu Sans 16px  /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf\n"))
        let json = render([MeasuredCell](), settings: ReportFixtures.settings(widths: [320]), format: .json,
                          options: Self.everything)
        #expect(json.contains(#""stats":{"count":0,"min":null,"max":null,"mean":null,"median":null,"p95":null,"total":0,"estimatedRowHeight":null}"#))
    }

    // MARK: - Templates

    /// Title (fixed 17 px) and body (at most 2 lines of 17 px); padding 8 all round, 8 between.
    static let template = CellTemplate(padding: Padding(top: 8, right: 8, bottom: 8, left: 8), labels: [
        LabelTemplate(field: "title", fixedHeight: 17, spacingAfter: 8),
        LabelTemplate(field: "body", lineHeight: .pixels(17), lineLimit: LineLimit(maxLines: 2)),
    ])

    static func templateSettings(widths: [Double]) -> ReportSettings {
        var bodyFont = font
        bodyFont.lineHeight = "17px"
        bodyFont.lineHeightPixels = 17
        return ReportSettings(subject: .template(template, file: "cell.json", sha256: "def456", fonts: [font, bodyFont]),
                              widths: widths, inputName: "rows.csv")
    }

    static func label(_ field: String, lines: Int, shown: Int, textHeight: Double, height: Double,
                      hidden: Bool = false) -> LabelLayout {
        LabelLayout(field: field, text: TextLayout(width: 300, lineCount: lines, height: Double(lines) * 17),
                    visibleLineCount: shown, textHeight: textHeight, height: height, isHidden: hidden)
    }

    /// Row 0 at 320: 8 + 17 + 8 + 2 × 17 + 8 = 75 (body 3 lines, 2 shown); at 400: body 2 lines, 75.
    /// Row 1: no body: 8 + 17 + 8 = 33 at both widths.
    static let templateCells = [
        MeasuredCell(row: Row(index: 0, id: "a", text: "", sourceLine: 2,
                              fields: ["title": "Wi-Fi", "body": "Connected to the network"]), results: [
            CellLayout(width: 320, height: 75, labels: [
                label("title", lines: 1, shown: 1, textHeight: 17, height: 17),
                label("body", lines: 3, shown: 2, textHeight: 34, height: 34),
            ]),
            CellLayout(width: 400, height: 75, labels: [
                label("title", lines: 1, shown: 1, textHeight: 17, height: 17),
                label("body", lines: 2, shown: 2, textHeight: 34, height: 34),
            ]),
        ]),
        MeasuredCell(row: Row(index: 1, id: "b", text: "", sourceLine: 3, fields: ["title": "Bluetooth", "body": ""]), results: [
            CellLayout(width: 320, height: 33, labels: [
                label("title", lines: 1, shown: 1, textHeight: 17, height: 17),
                label("body", lines: 0, shown: 0, textHeight: 0, height: 0, hidden: true),
            ]),
            CellLayout(width: 400, height: 33, labels: [
                label("title", lines: 1, shown: 1, textHeight: 17, height: 17),
                label("body", lines: 0, shown: 0, textHeight: 0, height: 0, hidden: true),
            ]),
        ]),
    ]

    @Test("template: table with a column per label, several widths, statistics per width")
    func templateTable() {
        let output = render(Self.templateCells, settings: Self.templateSettings(widths: [320, 400]), format: .table,
                            options: ReportOptions(statistics: true))
        #expect(output == """
                #  id  title.lines@320  body.lines@320  height@320  title.lines@400  body.lines@400  height@400  text
                0  a                 1             2/3          75                1               2          75  Wi-Fi · Connected to the network
                1  b                 1               0          33                1               0          33  Bluetooth
            total                                              108                                          108
            stats@320  count 2  min 33  max 75  mean 54  median 54  p95 75  total 108  estimatedRowHeight 54
            stats@400  count 2  min 33  max 75  mean 54  median 54  p95 75  total 108  estimatedRowHeight 54
            font title  DejaVu Sans 14px  /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf
            font body  DejaVu Sans 14px  /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf

            """)
    }

    @Test("template: json with labels, offsets and statistics per width, and the template's settings")
    func templateJSON() {
        let output = render(Self.templateCells, settings: Self.templateSettings(widths: [320, 400]), format: .json,
                            options: Self.everything)
        let title = #"{"field":"title","lineCount":1,"textHeight":17,"height":17}"#
        let stats = #""count":2,"min":33,"max":75,"mean":54,"median":54,"p95":75,"total":108,"estimatedRowHeight":54}"#
        // A template row has no size; its first result's members are the row's own too.
        let row0: String = #"{"index":0,"id":"a","width":320,"height":75,"offset":0,"labels":["# + title + ","
            + #"{"field":"body","lineCount":3,"truncated":true,"textHeight":34,"height":34}],"results":["#
            + #"{"width":320,"height":75,"offset":0,"labels":["# + title + ","
            + #"{"field":"body","lineCount":3,"truncated":true,"textHeight":34,"height":34}]},"#
            + #"{"width":400,"height":75,"offset":0,"labels":["# + title + ","
            + #"{"field":"body","lineCount":2,"truncated":false,"textHeight":34,"height":34}]}]}"#
        let hiddenBody = #"{"field":"body","lineCount":0,"truncated":false,"textHeight":0,"height":0}"#
        let row1: String = #"{"index":1,"id":"b","width":320,"height":33,"offset":75,"labels":["# + title + "," + hiddenBody + "],"
            + #""results":["#
            + #"{"width":320,"height":33,"offset":75,"labels":["# + title + "," + hiddenBody + "]},"
            + #"{"width":400,"height":33,"offset":75,"labels":["# + title + "," + hiddenBody + "]}]}"
        let fontHead = #""font":"/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf","fontFaceIndex":0,"#
            + #""fontFamily":"DejaVu Sans","fontSHA256":"abc123","size":14,"#
        let settings: String = #""settings":{"template":"cell.json","templateSHA256":"def456","widths":[320,400],"labels":["#
            + #"{"field":"title","# + fontHead + #""lineHeight":"1.3","lineHeightPx":18.1875},"#
            + #"{"field":"body","# + fontHead + #""lineHeight":"17px","lineHeightPx":17}],"#
            + #""whiteSpace":"pre-wrap","fallbackFonts":[],"input":"rows.csv"}"#
        let expected: String = #"{"version":{"tool":""# + CellHeightVersion.number + #"","format":2},"rows":["# + row0 + "," + row1 + "],"
            + #""totals":[{"width":320,"totalHeight":108},{"width":400,"totalHeight":108}],"#
            + #""stats":[{"width":320,"# + stats + #",{"width":400,"# + stats + "],"
            + #""rowCount":2,"# + settings + "}\n"
        #expect(output == expected)
    }

    @Test("template: csv with per-label columns and offsets")
    func templateCSV() {
        let output = render(Self.templateCells, settings: Self.templateSettings(widths: [320, 400]), format: .csv,
                            options: ReportOptions(offsets: true))
        #expect(output == """
            index,id,width,height,offset,title.lineCount,title.height,body.lineCount,body.truncated,body.height
            0,a,320,75,0,1,17,3,true,34
            0,a,400,75,0,1,17,2,false,34
            1,b,320,33,75,1,17,0,false,0
            1,b,400,33,75,1,17,0,false,0

            """)
    }

    @Test("template: explain lists each shown label's lines, marking those past the limit")
    func templateExplain() {
        let lines = ["Connected ", "to the ", "network"].enumerated().map { index, text in
            LineBox(range: index..<(index + 1), text: text, width: 50, height: 17, fonts: ["DejaVu Sans"])
        }
        var cell = Self.templateCells[0]
        cell.results = [cell.results[0]]
        cell.results[0].labels[1].text = TextLayout(width: 300, lines: lines, height: 51)
        var row1 = Self.templateCells[1]
        row1.results = [row1.results[0]]
        let output = render([cell, row1], settings: Self.templateSettings(widths: [320]), format: .table,
                            options: ReportOptions(explain: true))
        #expect(output == """
                #  id  title.lines  body.lines  height  text
                0  a             1         2/3      75  Wi-Fi · Connected to the network
              title
              body
                1  "Connected "  50px  [DejaVu Sans]
                2  "to the "  50px  [DejaVu Sans]
                3  "network"  50px  [DejaVu Sans]  hidden
                1  b             1           0      33  Bluetooth
              title
            total                                  108
            font title  DejaVu Sans 14px  /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf
            font body  DejaVu Sans 14px  /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf

            """)
    }
}
