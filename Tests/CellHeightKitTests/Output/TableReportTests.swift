@testable import CellHeightEngine
import Testing
import CellHeightTestSupport
@testable import CellHeightKit

@Suite("table report")
struct TableReportTests {
    @Test("table: one width with ids")
    func tableOneWidth() {
        let output = render(ReportFixtures.oneWidthRows, settings: ReportFixtures.settings(widths: [320]),
                            format: .table, explain: false)
        #expect(output == """
                #  id                    lines  height  text
                0                            1  18.625  Datei öffnen…
                1  dialog "open", title      2  41.625  ファイルを開く⏎فتح الملف
            total                                60.25
            font  DejaVu Sans 16px  /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf

            """)
    }

    @Test("table: a large table's rows rendered on several threads, a part each, make the table one thread makes",
          arguments: [2, 3, 8])
    func tableInParts(jobs: Int) {
        // 24,001 rows of the two fixtures' kinds, with ids of growing width and explained lines.
        let rows = (0..<24_001).map { index in
            var measured = ReportFixtures.twoWidthRows[index % 2]
            measured.row.index = index
            measured.row.id = index % 3 == 0 ? nil : "row \(index)"
            return measured
        }
        let settings = ReportFixtures.settings(widths: [320, 375.5])
        let cells = rows.map(MeasuredCell.init(bare:))
        var options = ReportOptions(explain: true, statistics: true)
        let alone = render(cells, settings: settings, format: .table, options: options)
        options.renderingJobs = jobs
        let inParts = render(cells, settings: settings, format: .table, options: options)
        #expect(inParts == alone)
        #expect(alone.contains("23999  row 23999"))
        #expect(alone.split(separator: "\n").count > 24_001 * 3)
    }

    @Test("table: several widths without ids")
    func tableSeveralWidths() {
        let rows = ReportFixtures.twoWidthRows.map { measured in
            var copy = measured
            copy.row.id = nil
            return copy
        }
        let output = render(rows, settings: ReportFixtures.settings(widths: [320, 375.5]), format: .table, explain: false)
        #expect(output == """
                #  lines@320  height@320  lines@375.5  height@375.5  text
                0          1      18.625            1        18.625  Datei öffnen…
                1          2      41.625            2            42  ファイルを開く⏎فتح الملف
            total                  60.25                     60.625
            font  DejaVu Sans 16px  /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf

            """)
    }

    @Test("table: explain lists each line under its row")
    func tableExplain() {
        let output = render([ReportFixtures.oneWidthRows[1]], settings: ReportFixtures.settings(widths: [320]),
                            format: .table, explain: true)
        #expect(output == """
                #  id                    lines  height  text
                1  dialog "open", title      2  41.625  ファイルを開く⏎فتح الملف
                1  "ファイルを開く⏎"  112px  [Noto Sans CJK JP]
                2  "فتح الملف"  60.5px  [DejaVu Sans]
            total                               41.625
            font  DejaVu Sans 16px  /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf

            """)
    }

    @Test("table: explain with several widths and a hyphen")
    func tableExplainSeveralWidths() {
        let hyphenated = LineBox(range: 0..<3, text: "Da\u{AD}", width: 20.25, height: 18.625,
                                 endsWithInsertedHyphen: true, fonts: ["DejaVu Sans"])
        let rest = LineBox(range: 3..<6, text: "tei", width: 21, height: 18.625, fonts: ["DejaVu Sans", "Noto Sans"])
        let whole = LineBox(range: 0..<6, text: "Da\u{AD}tei", width: 38.5, height: 18.625, fonts: ["DejaVu Sans"])
        let row = MeasuredRow(row: Row(index: 0, text: "Da\u{AD}tei", sourceLine: 1), layouts: [
            TextLayout(width: 30, lines: [hyphenated, rest], height: 37.25),
            TextLayout(width: 100, lines: [whole], height: 18.625),
        ])
        let output = render([row], settings: ReportFixtures.settings(widths: [30, 100]), format: .table, explain: true)
        #expect(output == """
                #  lines@30  height@30  lines@100  height@100  text
                0         2      37.25          1      18.625  Da\u{AD}tei
              @30
                1  "Da\u{AD}"  20.25px  [DejaVu Sans]  hyphen
                2  "tei"  21px  [DejaVu Sans, Noto Sans]
              @100
                1  "Da\u{AD}tei"  38.5px  [DejaVu Sans]
            total                37.25                 18.625
            font  DejaVu Sans 16px  /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf

            """)
    }

    @Test("table: empty text leaves no trailing spaces")
    func tableEmptyText() {
        let row = MeasuredRow(row: Row(index: 0, text: "", sourceLine: 1),
                              layouts: [TextLayout(width: 320, lines: [], height: 0)])
        let output = render([row], settings: ReportFixtures.settings(widths: [320]), format: .table, explain: false)
        #expect(output == """
                #  lines  height  text
                0      0       0
            total              0
            font  DejaVu Sans 16px  /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf

            """)
    }

    struct PreviewCase: Sendable, CustomTestStringConvertible {
        var name: String
        var input: String
        var expected: String
        var testDescription: String { name }
    }

    static let previewCases: [PreviewCase] = [
        PreviewCase(name: "short text unchanged", input: "Datei öffnen…", expected: "Datei öffnen…"),
        PreviewCase(name: "newline and tab shown", input: "a\nb\tc", expected: "a⏎b→c"),
        PreviewCase(name: "CRLF shown as two symbols", input: "a\r\nb", expected: "a␍⏎b"),
        PreviewCase(name: "other controls as control pictures", input: "\u{01}x\u{7F}", expected: "␁x␡"),
        // Issue 31, item 24: every control shows alike, none raw.
        PreviewCase(name: "C1 and bidirectional controls as U+FFFD, line separators as ⏎",
                    input: "\u{1B}[2J\u{9B}2J\u{202E}txt.exe\u{2028}x\u{2066}", expected: "␛[2J\u{FFFD}2J\u{FFFD}txt.exe⏎x\u{FFFD}"),
        PreviewCase(name: "exactly 40 columns unchanged",
                    input: "abcdefghijabcdefghijabcdefghijabcdefghij",
                    expected: "abcdefghijabcdefghijabcdefghijabcdefghij"),
        PreviewCase(name: "45 columns cut to 39 plus ellipsis",
                    input: "abcdefghijabcdefghijabcdefghijabcdefghijklmno",
                    expected: "abcdefghijabcdefghijabcdefghijabcdefghi…"),
        // 21 wide characters are 42 columns; 19 of them (38 columns) fit before the "…".
        PreviewCase(name: "wide characters count two columns",
                    input: "ファイルを開くファイルを開くファイルを開く",
                    expected: "ファイルを開くファイルを開くファイルを…"),
        // Emoji_Presentation characters take two columns: 21 watches (U+231A) are 42 columns.
        PreviewCase(name: "emoji count two columns",
                    input: String(repeating: "\u{231A}", count: 21),
                    expected: String(repeating: "\u{231A}", count: 19) + "…"),
        // The last of 40 ASCII letters takes the accent that follows it: still 40 columns.
        PreviewCase(name: "40 columns ending in a combining accent unchanged",
                    input: "abcdefghijabcdefghijabcdefghijabcdefghij\u{301}",
                    expected: "abcdefghijabcdefghijabcdefghijabcdefghij\u{301}"),
        PreviewCase(name: "41 columns ending in a combining accent cut",
                    input: "abcdefghijabcdefghijabcdefghijabcdefghijk\u{301}",
                    expected: "abcdefghijabcdefghijabcdefghijabcdefghi…"),
        // A megabyte of text is cut as a short one is (the preview reads only a prefix of it).
        PreviewCase(name: "a long text cut to 39 columns",
                    input: String(repeating: "abcdefghij", count: 100_000),
                    expected: "abcdefghijabcdefghijabcdefghijabcdefghi…"),
        // 300 combining accents make one character of one column: more scalars than the first
        // prefix the preview reads holds characters.
        PreviewCase(name: "a character of many scalars counts one column",
                    input: "a" + String(repeating: "\u{301}", count: 300) + String(repeating: "bcdefghij", count: 5),
                    expected: "a" + String(repeating: "\u{301}", count: 300) + "bcdefghijbcdefghijbcdefghijbcdefghijbc…"),
        PreviewCase(name: "40 columns after many combining marks unchanged",
                    input: "a" + String(repeating: "\u{301}", count: 300) + String(repeating: "bcd", count: 13),
                    expected: "a" + String(repeating: "\u{301}", count: 300) + String(repeating: "bcd", count: 13)),
    ]

    /// The preview's lane for simple characters gives what the grapheme-by-grapheme preview gives,
    /// on the oracle texts (every script), each cut at every length, and texts built around
    /// the lane's edges (combining marks after the cut, soft hyphens, NBSP, wide characters).
    @Test("table: the preview of simple characters equals the grapheme-by-grapheme preview")
    func simplePreviewEqualsGraphemePreview() throws {
        let texts = try OracleCase.loadPublic().map(\.text) + [
            "Größe ändern – “quoted” text’s end, ½ × ©, déjà vu — ça va?",
            "Tschüß" + String(repeating: "é", count: 60), "e\u{301}" + String(repeating: "x", count: 50),
            String(repeating: "ab", count: 19) + "c\u{301}d", String(repeating: "ab", count: 20) + "\u{301}",
            String(repeating: "so\u{AD}ft", count: 12), String(repeating: "a\u{A0}b", count: 20),
            String(repeating: "漢", count: 30), "\u{2028}" + String(repeating: "x", count: 45),
            "Line one\nLine\ttwo\r\nthree\u{7F}\u{1}" + String(repeating: "é\n", count: 30),
        ]
        var simple = 0
        for text in texts {
            for length in stride(from: 0, through: text.unicodeScalars.count, by: 1) {
                let cut = String(text.unicodeScalars.prefix(length))
                for maxColumns in [1, 10, 40] {
                    guard let shown = simplePreview(cut, maxColumns: maxColumns) else { continue }
                    simple += 1
                    #expect(shown == graphemePreview(cut, maxColumns: maxColumns), "\(cut) at \(maxColumns)")
                }
            }
        }
        #expect(simple > 10_000, "the lane should take most texts of Latin scripts")
    }

    @Test("table: text preview", arguments: previewCases)
    func tablePreview(_ testCase: PreviewCase) {
        #expect(previewText(testCase.input, maxColumns: 40) == testCase.expected)
    }

    /// A table line is written as bytes; its trailing spaces go as `String` drops a last " ":
    /// not a space that a prepended mark (U+0600) makes part of its character.
    @Test("table: trailing spaces trimmed as text is", arguments: ["a  b   ", "   ", "", "x", "é  ", "\u{600} ", "\u{600}  ", "日本 "])
    func trailingSpaces(_ line: String) {
        var expected = line
        while expected.last == " " { expected.removeLast() }
        var bytes = Array("previous line\n".utf8)
        let start = bytes.count
        bytes += Array(line.utf8)
        trimTrailingSpaces(&bytes, lineStart: start)
        #expect(String(decoding: bytes, as: UTF8.self) == "previous line\n" + expected)
    }
}
