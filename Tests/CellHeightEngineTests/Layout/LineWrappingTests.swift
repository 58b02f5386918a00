@testable import CellHeightEngine
import Testing
import CellHeightTestSupport

/// Wrapping in DejaVu Sans 16 px, `line-height: normal` (19 px a line), pre-wrap.
///
/// Advances (DejaVu Sans, units of 1/2048 em, so at 16 px one unit is 1/128 px): space 651
/// (5.0859375 px), "a" 1255 (9.8046875), "b" 1300 (10.15625), "w" 1675 (13.0859375),
/// U+2010 HYPHEN 739 (5.7734375); tab stop = 8 × 651 = 5208 units = 40.6875 px.
@Suite("line wrapping")
struct LineWrappingTests {
    struct LinesCase: Sendable, CustomTestStringConvertible {
        var name: String
        var text: String
        var width: Double = 320
        var whiteSpace: WhiteSpace = .preWrap
        var lines: [String]
        /// The height when not 19 px a line (a line with a fallback font is taller).
        var height: Double?
        var testDescription: String { name }
    }

    // The README's forced-break rules: split on "\n", drop the last piece if empty.
    static let linesCases: [LinesCase] = [
        LinesCase(name: "lines: empty text has no lines", text: "", lines: []),
        LinesCase(name: "lines: a final newline opens no line", text: "abc\n", lines: ["abc\n"]),
        LinesCase(name: "lines: a lone newline is one line", text: "\n", lines: ["\n"]),
        LinesCase(name: "lines: two newlines are two lines", text: "\n\n", lines: ["\n", "\n"]),
        LinesCase(name: "lines: text then a blank line", text: "abc\n\n", lines: ["abc\n", "\n"]),
        LinesCase(name: "lines: a blank line between texts", text: "abc\n\ndef", lines: ["abc\n", "\n", "def"]),
        LinesCase(name: "lines: a leading newline", text: "\nabc", lines: ["\n", "abc"]),
        // Only U+000A forces a break.
        LinesCase(name: "lines: CR does not break", text: "abc\rdef", lines: ["abc\rdef"]),
        LinesCase(name: "lines: U+2028 does not break", text: "abc\u{2028}def", lines: ["abc\u{2028}def"]),
        LinesCase(name: "lines: form feed does not break", text: "abc\u{0C}def", lines: ["abc\u{0C}def"]),
        // Spaces hang: 200 spaces (1017 px) in a 100 px box are one line.
        LinesCase(name: "spaces: 200 spaces in 100 px are one line", text: String(repeating: " ", count: 200),
                  width: 100, lines: [String(repeating: " ", count: 200)]),
        // 30 spaces = 152.6 px > 100, but leading spaces do not hang: they fill a line of their own.
        LinesCase(name: "spaces: 30 leading spaces then a word", text: String(repeating: " ", count: 30) + "word",
                  width: 100, lines: [String(repeating: " ", count: 30), "word"]),
        // "aaa" = 29.41 px fits 40; "aaa     bbb" does not: the run of 5 spaces stays on line 1.
        LinesCase(name: "spaces: the whole run hangs at a soft wrap", text: "aaa     bbb", width: 40,
                  lines: ["aaa     ", "bbb"]),
        // Trailing spaces never wrap: "aaa" + 50 spaces at 40 px.
        LinesCase(name: "spaces: trailing spaces never wrap", text: "aaa" + String(repeating: " ", count: 50),
                  width: 40, lines: ["aaa" + String(repeating: " ", count: 50)]),
        // Tabs hang like spaces.
        LinesCase(name: "tabs: trailing tabs never wrap", text: "aaaa" + String(repeating: "\t", count: 8),
                  width: 50, lines: ["aaaa" + String(repeating: "\t", count: 8)]),
        // "Delete" = (1577+1260+569+1260+803+1260)/128 = 52.57 px fits 60; "Delete all" = 76.35 does not.
        LinesCase(name: "words: wrap after the space", text: "Delete all", width: 60, lines: ["Delete ", "all"]),
        // NBSP (651 units, like a space) joins words: "ab\u{A0}ab" = 5761/128 = 45.0 px has no break
        // opportunity and is wider than 40 px, so the emergency rule cuts it after the last grapheme
        // that fits ("ab\u{A0}a" = 4461/128 = 34.85 px), not at the NBSP; the rest "b ab" fits.
        LinesCase(name: "nbsp: words joined by NBSP are cut as one word", text: "ab\u{A0}ab ab", width: 40,
                  lines: ["ab\u{A0}a", "b ab"]),
    ]

    /// Issue 16: a cluster wider than the box, with Chromium's answers (DejaVu Sans 40 px, 50 px
    /// lines, a 20 px box: "W" is 39.55 px, "x" 23.67 px, "a" 24.51 px). The cluster overflows
    /// the line; spaces after it hang there; no empty line follows it.
    static let wideClusterCases: [LinesCase] = [
        LinesCase(name: "wide: a lone W is one line", text: "W", width: 20, lines: ["W"]),
        LinesCase(name: "wide: W W is two lines, the space hanging", text: "W W", width: 20, lines: ["W ", "W"]),
        LinesCase(name: "wide: x, a line break, W", text: "x\nW", width: 20, lines: ["x\n", "W"]),
        LinesCase(name: "wide: spaces then a line break", text: "W  \nW", width: 20, lines: ["W  \n", "W"]),
        LinesCase(name: "wide: a run of spaces hangs after a wide cluster", text: "a  b", width: 20, lines: ["a  ", "b"]),
    ]

    @Test("line wrapping: a cluster wider than the box", arguments: wideClusterCases, [false, true])
    func wideCluster(_ testCase: LinesCase, integerLane: Bool) throws {
        let engine = try TextLayoutEngine(chain: .chromiumDefault(primary: try FontFace(path: TestFonts.dejaVuSans)),
                                          fontSize: 40, lineHeight: .pixels(50))
        let layout = engine.layout(engine.prepare(testCase.text), width: testCase.width)
        #expect(layout.lines.map(\.text) == testCase.lines)
        #expect(layout.height == 50 * Double(testCase.lines.count))
        guard integerLane else { return }
        let bytes = Array(testCase.text.utf8)
        let prepared = try #require(bytes.withUnsafeBufferPointer { engine.preparePlainText($0) })
        #expect(engine.layout(prepared, width: testCase.width).lines.map(\.text) == testCase.lines)
    }

    /// A "-" at the start of a line, in DejaVu Sans at `size` px, with the lines Chromium 156 gave
    /// (measured with `scripts/chromium_cases.py --remeasure`): a line that starts at "-" keeps
    /// the digit after it; elsewhere "-" before a digit breaks after a letter or digit.
    static let hyphenBeforeDigitCases: [(text: String, size: Double, width: Double, lines: [String])] = [
        ("ab-12", 40, 50, ["ab", "-1", "2"]),
        ("G-2000", 45, 42, ["G", "-", "2", "0", "0", "0"]),
        ("G-2000", 45, 60, ["G-", "20", "00"]),
        ("x-1-2-3", 40, 45, ["x-", "1-", "2-", "3"]),
        ("AB-2024 x", 30, 40, ["A", "B-", "20", "24 ", "x"]),
        ("foo-9bar", 30, 35, ["fo", "o-", "9", "b", "ar"]),
        ("a-b-1", 40, 30, ["a", "-", "b", "-", "1"]),
        ("MMMM-1234", 30, 70, ["MM", "MM-", "123", "4"]),
    ]

    @Test("line wrapping: a line that starts at a hyphen keeps the digit after it, as in Chromium",
          arguments: [false, true])
    func hyphenBeforeDigitAtLineStart(pairwiseLane: Bool) throws {
        for testCase in Self.hyphenBeforeDigitCases {
            let engine = try TextLayoutEngine(chain: .chromiumDefault(primary: try FontFace(path: TestFonts.dejaVuSans)),
                                              fontSize: testCase.size, lineHeight: .normal)
            engine.usesPairwiseLane = pairwiseLane
            let layout = engine.layout(engine.prepare(testCase.text), width: testCase.width)
            #expect(layout.lines.map(\.text) == testCase.lines, "\(testCase.text) at \(testCase.width) px")
        }
    }

    @Test("line wrapping: white-space normal collapses a run of spaces after a wide cluster")
    func wideClusterWhiteSpaceNormal() throws {
        // Chromium: "a  b" with white-space: normal in the box above is 2 lines.
        let layout = try TestFonts.layout("a  b", size: 40, width: 20, lineHeight: .pixels(50), whiteSpace: .normal)
        #expect(layout.lineCount == 2)
    }

    @Test("line wrapping: lines", arguments: linesCases + ideographicSpaceCases)
    func lines(_ testCase: LinesCase) throws {
        let layout = try TestFonts.layout(testCase.text, width: testCase.width, whiteSpace: testCase.whiteSpace)
        #expect(layout.lines.map(\.text) == testCase.lines)
        #expect(layout.lineCount == testCase.lines.count)
        #expect(layout.height == testCase.height ?? 19 * Double(testCase.lines.count))
        #expect(layout.lines.map(\.text).joined() == testCase.text)
        // Ranges are consecutive UTF-16 slices of the text.
        var next = 0
        for line in layout.lines {
            #expect(line.range.lowerBound == next)
            next = line.range.upperBound
        }
        #expect(next == testCase.text.utf16.count)
    }

    /// "word" = (1675 + 1253 + 806 + 1300) / 128 = 39.328125 px, on a line of its own after 30 spaces.
    @Test("spaces: width of the word after a line of spaces")
    func wordAfterSpaces() throws {
        let layout = try TestFonts.layout(String(repeating: " ", count: 30) + "word", width: 100)
        try #require(layout.lineCount == 2)
        #expect(layout.lines[1].width == 39.328125)
    }

    /// Hanging spaces do not count in the drawn width: "aaa     " is as wide as "aaa", 3765/128.
    @Test("spaces: hanging spaces are not in the width")
    func hangingWidth() throws {
        let layout = try TestFonts.layout("aaa     bbb", width: 40)
        try #require(layout.lineCount == 2)
        #expect(layout.lines[0].width == 29.4140625)
        #expect(layout.lines[1].width == 30.46875)
    }

    // MARK: overflow-wrap: break-word

    struct LongWordCase: Sendable, CustomTestStringConvertible {
        var name: String
        var text: String
        var width: Double
        var testDescription: String { name }
    }

    static let longWordCases: [LongWordCase] = [
        LongWordCase(name: "long word: German compound", text: "Donaudampfschifffahrtsgesellschaftskapitän", width: 100),
        LongWordCase(name: "long word: URL without break opportunities",
                     text: "https://salsa.debian.org/debian/cellheight/-/blob/master/debian/control", width: 120),
        // NFD: every "é" is "e" + U+0301; a cut must never separate them.
        LongWordCase(name: "long word: combining marks stay with their base",
                     text: String(repeating: "e\u{301}", count: 40), width: 50),
        LongWordCase(name: "long word: words joined by NBSP",
                     text: "Paketverwaltung\u{A0}Paketverwaltung\u{A0}Paketverwaltung", width: 90),
    ]

    /// A word wider than the box is cut at grapheme boundaries: lines join back to the text, every
    /// line but the last fits (one LayoutUnit of slack), no line starts with a combining mark, and
    /// each cut is the last that fits (adding the next grapheme would overflow).
    @Test("line wrapping: emergency breaks inside a long word", arguments: longWordCases)
    func emergencyBreak(_ testCase: LongWordCase) throws {
        let engine = try TestFonts.engine(TestFonts.dejaVuSans, size: 16)
        let layout = engine.layout(engine.prepare(testCase.text), width: testCase.width)
        #expect(layout.lineCount >= 2)
        #expect(layout.lines.map(\.text).joined() == testCase.text)
        for (n, line) in layout.lines.enumerated() {
            #expect(!line.text.isEmpty)
            #expect(line.text.unicodeScalars.first != "\u{301}", "line \(n) starts with a combining mark")
            #expect(!line.endsWithInsertedHyphen)
            guard n < layout.lineCount - 1 else { continue }
            #expect(line.width <= testCase.width + 1.0 / 64, "line \(n) is \(line.width) px wide")
            let withNext = line.text + String(layout.lines[n + 1].text.first!)
            let wider = engine.layout(engine.prepare(withNext), width: 100_000)
            #expect(wider.lines[0].width > testCase.width + 1.0 / 64, "line \(n) could have taken one more grapheme")
        }
    }

    /// A cut inside a kerning pair: Chromium reshapes the line, so its last glyph loses the kern.
    /// DejaVu Sans kerns A–V and V–A: each glyph followed by its partner advances 1270 units, the
    /// last one 1401 (`hb-shape` of each string alone). "AVAVA" alone = 4 × 1270 + 1401 = 6481
    /// units = 50.63 px > 50, although its kerned share of the word is only 5 × 1270 = 49.61 px;
    /// "AVAV" alone = 5211 units = 40.7109375 px fits. Lines: AVAV, AVAV, AV (2671 = 20.8671875).
    @Test("kerning: a cut inside a kerning pair measures the line unkerned at its end")
    func kerningAtCut() throws {
        let layout = try TestFonts.layout("AVAVAVAVAV", width: 50)
        #expect(layout.lines.map(\.text) == ["AVAV", "AVAV", "AV"])
        #expect(layout.lines.map(\.width) == [40.7109375, 40.7109375, 20.8671875])
    }

    // MARK: Soft hyphens

    /// "Donau\u{AD}dampf\u{AD}schiff" at 80 px. "Donau" = (1577+1253+1298+1255+1298)/128 = 52.1953125;
    /// "dampf" = (1300+1255+1995+1300+721)/128 = 51.3359375; "schiff" (with the ff ligature, 1411) =
    /// (1067+1126+1298+569+1411)/128 = 42.7421875; U+00AD takes no width; the shown hyphen (U+2010,
    /// DejaVu Sans has it) is 739/128 = 5.7734375.
    /// "Donau" + "dampf" + hyphen = 109.3 > 80, so line 1 is "Donau‐" = 57.96875;
    /// "dampf" + "schiff" = 94.08 > 80, so line 2 is "dampf‐" = 57.109375; line 3 "schiff".
    @Test("soft hyphen: a break shows a hyphen that counts in the width")
    func softHyphenBreak() throws {
        let layout = try TestFonts.layout("Donau\u{AD}dampf\u{AD}schiff", width: 80)
        #expect(layout.lines.map(\.text) == ["Donau\u{AD}", "dampf\u{AD}", "schiff"])
        #expect(layout.lines.map(\.endsWithInsertedHyphen) == [true, true, false])
        #expect(layout.lines.map(\.width) == [57.96875, 57.109375, 42.7421875])
        #expect(layout.height == 57)
    }

    /// When everything fits, no hyphen is shown: 52.1953125 + 51.3359375 + 42.7421875 = 146.2734375.
    @Test("soft hyphen: no hyphen when the word fits")
    func softHyphenUnused() throws {
        let layout = try TestFonts.layout("Donau\u{AD}dampf\u{AD}schiff", width: 200)
        #expect(layout.lineCount == 1)
        #expect(layout.lines[0].width == 146.2734375)
        #expect(!layout.lines[0].endsWithInsertedHyphen)
    }

    /// The hyphen must fit too: at 55 px "Donau" (52.20) fits but "Donau‐" (57.97) does not, so the
    /// soft hyphen break cannot be taken with its hyphen. Whatever the cut, a line that shows a
    /// hyphen includes it in a width that still fits, and the lines join back to the text.
    @Test("soft hyphen: a line showing a hyphen still fits")
    func softHyphenMustFit() throws {
        let layout = try TestFonts.layout("Donau\u{AD}dampf", width: 55)
        #expect(layout.lineCount >= 2)
        #expect(layout.lines.allSatisfy { $0.width <= 55 + 1.0 / 64 })
        #expect(!(layout.lines.first?.endsWithInsertedHyphen ?? true))
        #expect(layout.lines.map(\.text).joined() == "Donau\u{AD}dampf")
    }

    // MARK: Tabs

    struct TabCase: Sendable, CustomTestStringConvertible {
        var name: String
        var text: String
        var width: Double
        var testDescription: String { name }
    }

    static let tabCases: [TabCase] = [
        // "a" ends at 9.80; the tab goes to 40.6875; "b" adds 10.15625.
        TabCase(name: "tab: a\\tb ends at the first stop plus b", text: "a\tb", width: 50.84375),
        // A tab at the line start advances a whole stop.
        TabCase(name: "tab: at the line start a full stop", text: "\tb", width: 50.84375),
        // Two tabs: 40.6875, then a full stop more to 81.375.
        TabCase(name: "tab: two tabs reach the second stop", text: "a\t\tb", width: 91.53125),
        // "wwww" = 6700/128 = 52.34 is past the first stop: to 81.375.
        TabCase(name: "tab: past the first stop goes to the second", text: "wwww\tb", width: 91.53125),
        // "aaaa" = 5020/128 = 39.21875: 1.47 px short of the stop, less than half a space (2.54),
        // so the tab skips to the next stop (CSS Text 3; Blink's Font::TabWidth): 81.375 + 10.15625.
        TabCase(name: "tab: less than half a space before a stop skips it", text: "aaaa\tb", width: 91.53125),
    ]

    @Test("tabs: advance to multiples of 8 spaces", arguments: tabCases)
    func tabs(_ testCase: TabCase) throws {
        let layout = try TestFonts.layout(testCase.text, width: 320)
        try #require(layout.lineCount == 1)
        #expect(layout.lines[0].width == testCase.width)
    }

    /// Tab stops are measured from the start of the line: "wwww wwww\tb" at 100 px wraps after
    /// "wwww " (52.34 + 5.09 + 52.34 = 109.8 > 100); on line 2 the tab goes from 52.34 to 81.375
    /// and "b" ends at 91.53125 (measured from the paragraph start it would end at 132.2).
    @Test("tabs: stops restart on a wrapped line")
    func tabAfterWrap() throws {
        let layout = try TestFonts.layout("wwww wwww\tb", width: 100)
        #expect(layout.lines.map(\.text) == ["wwww ", "wwww\tb"])
        #expect(layout.lines.map(\.width) == [52.34375, 91.53125])
    }

    // MARK: white-space: normal

    struct CollapseCase: Sendable, CustomTestStringConvertible {
        var name: String
        var text: String
        var lines: [String]
        var testDescription: String { name }
    }

    static let collapseCases: [CollapseCase] = [
        CollapseCase(name: "white-space normal: spaces and a newline collapse to one space", text: "a  \n  b", lines: ["a b"]),
        CollapseCase(name: "white-space normal: leading white space is dropped", text: "  \n\ta", lines: ["a"]),
        CollapseCase(name: "white-space normal: newlines do not break", text: "abc\n\ndef", lines: ["abc def"]),
    ]

    @Test("white-space normal: collapsing", arguments: collapseCases)
    func whiteSpaceNormal(_ testCase: CollapseCase) throws {
        let layout = try TestFonts.layout(testCase.text, width: 320, whiteSpace: .normal)
        #expect(layout.lines.map(\.text) == testCase.lines)
        #expect(layout.height == 19 * Double(testCase.lines.count))
    }
}
