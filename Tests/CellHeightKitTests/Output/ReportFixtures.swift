@testable import CellHeightEngine
@testable import CellHeightKit

/// Hand-made measured rows and settings shared by the writer tests.
enum ReportFixtures {
    static func settings(widths: [Double]) -> ReportSettings {
        ReportSettings(fontPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", fontFaceIndex: 0,
                       fontFamily: "DejaVu Sans", fontSHA256: "abc123", fontSize: 16, widths: widths,
                       lineHeight: "normal", lineHeightPixels: 18.625, whiteSpace: "pre-wrap",
                       fallbackFonts: ["/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"],
                       inputName: "rows.json")
    }

    static let germanLine = LineBox(range: 0..<13, text: "Datei öffnen…", width: 97.984375, height: 18.625,
                                    fonts: ["DejaVu Sans"])
    static let japaneseLine = LineBox(range: 0..<8, text: "ファイルを開く\n", width: 112, height: 23,
                                      fonts: ["Noto Sans CJK JP"])
    static let arabicLine = LineBox(range: 8..<17, text: "فتح الملف", width: 60.5, height: 18.625,
                                    fonts: ["DejaVu Sans"])

    static let germanRow = Row(index: 0, text: "Datei öffnen…", sourceLine: 1)
    /// An id with a quote and a comma, to check escaping and CSV quoting.
    static let mixedRow = Row(index: 1, id: "dialog \"open\", title", text: "ファイルを開く\nفتح الملف", sourceLine: 2)

    /// Two rows at width 320; total height 18.625 + 41.625 = 60.25.
    static let oneWidthRows = [
        MeasuredRow(row: germanRow, layouts: [TextLayout(width: 320, lines: [germanLine], height: 18.625)]),
        MeasuredRow(row: mixedRow, layouts: [TextLayout(width: 320, lines: [japaneseLine, arabicLine], height: 41.625)]),
    ]

    /// The same two rows at widths 320 and 375.5; totals 60.25 and 18.625 + 42 = 60.625.
    static let twoWidthRows = [
        MeasuredRow(row: germanRow, layouts: [
            TextLayout(width: 320, lines: [germanLine], height: 18.625),
            TextLayout(width: 375.5, lines: [germanLine], height: 18.625),
        ]),
        MeasuredRow(row: mixedRow, layouts: [
            TextLayout(width: 320, lines: [japaneseLine, arabicLine], height: 41.625),
            TextLayout(width: 375.5, lines: [japaneseLine, arabicLine], height: 42),
        ]),
    ]
}
