@testable import CellHeightEngine
import Testing
import CellHeightTestSupport

@Suite("line height")
struct LineHeightTests {
    struct FixedCase: Sendable, CustomTestStringConvertible {
        var name: String
        var lineHeight: LineHeight
        var fontSize: Double
        var expected: Double?
        var testDescription: String { name }
    }

    // Each line box is floor(L × 64) / 64 px for a multiple L (oracle README, "Heights"), and
    // round(N × 64) / 64 px for N px.
    static let fixedCases: [FixedCase] = [
        // 1.15 × 13 = 14.95; × 64 = 956.8 → 956; 956 / 64 = 14.9375.
        FixedCase(name: "fixed: 1.15 × 13 floors to 14.9375", lineHeight: .multiple(1.15), fontSize: 13, expected: 14.9375),
        // 1.4 × 16 = 22.4; × 64 = 1433.6 → 1433; 1433 / 64 = 22.390625.
        FixedCase(name: "fixed: 1.4 × 16 floors to 22.390625", lineHeight: .multiple(1.4), fontSize: 16, expected: 22.390625),
        // 1.5 × 16 = 24 exactly.
        FixedCase(name: "fixed: 1.5 × 16 is 24", lineHeight: .multiple(1.5), fontSize: 16, expected: 24),
        FixedCase(name: "fixed: 20px is 20 at any size", lineHeight: .pixels(20), fontSize: 32, expected: 20),
        // 20.3 × 64 = 1299.2 → 1299; 1299 / 64 = 20.296875.
        FixedCase(name: "fixed: 20.3px floors to 20.296875", lineHeight: .pixels(20.3), fontSize: 16, expected: 20.296875),
        // Issue 16: a length in px is rounded to the nearest 1/64 px, not floored (measured in
        // Chromium 156: 20.7px gives 20.703125, 47.79px 47.796875; 20.99px 20.984375).
        FixedCase(name: "fixed: 20.7px rounds to 20.703125", lineHeight: .pixels(20.7), fontSize: 16, expected: 20.703125),
        FixedCase(name: "fixed: 47.79px rounds to 47.796875", lineHeight: .pixels(47.79), fontSize: 47.98,
                  expected: 47.796875),
        FixedCase(name: "fixed: 20.99px rounds to 20.984375", lineHeight: .pixels(20.99), fontSize: 16, expected: 20.984375),
        FixedCase(name: "fixed: normal has no fixed height", lineHeight: .normal, fontSize: 16, expected: nil),
        // Issue 16: a multiple applies to the size rounded to 1/64 px, as Chromium stores it:
        // 14.3 → 915.2/64 → 915/64 = 14.296875; × 1.33 = 19.0148…; floor64 → 19 (Chromium: 19).
        FixedCase(name: "fixed: 1.33 × 14.3 px is 19, the size rounded to 1/64 px first", lineHeight: .multiple(1.33),
                  fontSize: 14.3, expected: 19),
        // Public-gen case pg-man-en-014: 39.23 → 2510.72/64 → 2511/64 = 39.234375; × 1.2 = 47.08125
        // → 3013/64 = 47.078125 (Chromium: 200 lines, 9415.625 px).
        FixedCase(name: "fixed: 1.2 × 39.23 px is 47.078125", lineHeight: .multiple(1.2), fontSize: 39.23,
                  expected: 47.078125),
    ]

    @Test("line height: fixed heights in 1/64 px as Chromium keeps them", arguments: fixedCases)
    func fixedPixels(_ testCase: FixedCase) {
        #expect(testCase.lineHeight.fixedPixels(fontSize: testCase.fontSize) == testCase.expected)
    }

    /// Three lines at 1.15 × 13: 3 × 14.9375 = 44.8125 (not 3 × 14.95 = 44.85).
    @Test("line height: a fixed height multiplies the floored line box")
    func fixedHeightOfThreeLines() throws {
        let layout = try TestFonts.layout("abc\ndef\nghi", size: 13, width: 320, lineHeight: .multiple(1.15))
        #expect(layout.lineCount == 3)
        #expect(layout.lines.map(\.height) == [14.9375, 14.9375, 14.9375])
        #expect(layout.height == 44.8125)
    }

    /// 60 lines at 1.15 × 13: 60 × 14.9375 = 896.25; the unfloored 60 × 14.95 = 897 would be off
    /// by 0.75 px (the README's drift on long texts).
    @Test("line height: long texts do not drift")
    func noDrift() throws {
        let layout = try TestFonts.layout(String(repeating: "x\n", count: 60), size: 13, width: 320,
                                          lineHeight: .multiple(1.15))
        #expect(layout.lineCount == 60)
        #expect(layout.height == 896.25)
    }

    struct NormalCase: Sendable, CustomTestStringConvertible {
        var name: String
        var font: String
        var size: Double
        var text: String
        var width: Double
        var lineHeight: LineHeight = .normal
        var lineHeights: [Double]
        var testDescription: String { name }
    }

    // Rounded metrics (A, D, G at the size) from the fonts' hhea tables; with fallback each font
    // asks for A + floor(G/2) above and D + G − floor(G/2) below, the case's font always included.
    static let normalCases: [NormalCase] = [
        // DejaVu Sans 16: A 15, D 4 → 19.
        NormalCase(name: "normal: Latin-only line in DejaVu Sans 16 is 19", font: TestFonts.dejaVuSans, size: 16,
                   text: "abc", width: 320, lineHeights: [19]),
        // + Noto Sans CJK JP 16: A 19, D 5 → max(15, 19) + max(4, 5) = 24 (README: "24 px tall, not 19").
        NormalCase(name: "normal: CJK line in DejaVu Sans 16 is 24", font: TestFonts.dejaVuSans, size: 16,
                   text: "漢字", width: 320, lineHeights: [24]),
        NormalCase(name: "normal: each line as tall as its own fonts", font: TestFonts.dejaVuSans, size: 16,
                   text: "abc\n漢字", width: 320, lineHeights: [19, 24]),
        // "abc " = (1255+1300+1126+651)/128 = 33.84 px; "abc 漢" = 49.84 > 40, so 漢字 (32) wraps;
        // the first line has no fallback glyph and keeps 19.
        NormalCase(name: "normal: a wrapped line without fallback keeps the plain height", font: TestFonts.dejaVuSans,
                   size: 16, text: "abc 漢字", width: 40, lineHeights: [19, 24]),
        // Liberation Serif 20: A 18, D 4, G 1 → above 18, below 5; CJK 20: A 23, D 6 → 23 + 6 = 29.
        NormalCase(name: "normal: CJK in Liberation Serif 20 is 29", font: TestFonts.liberationSerif, size: 20,
                   text: "漢字", width: 320, lineHeights: [29]),
        // DejaVu Serif 16: above 15, below 4; Liberation Serif 16: A 14, D 3, G 1 → above 14, below 4: 19.
        NormalCase(name: "normal: Hebrew from Liberation Serif does not raise DejaVu Serif 16", font: TestFonts.dejaVuSerif,
                   size: 16, text: "שלום", width: 320, lineHeights: [19]),
        // Noto Sans Arabic 16: A 22, D 12; Liberation Serif 16: above 14, below 4 → 34.
        NormalCase(name: "normal: Latin from Liberation Serif in Noto Sans Arabic 16 is 34", font: TestFonts.notoSansArabic,
                   size: 16, text: "Hello", width: 320, lineHeights: [34]),
        // A fixed line height ignores the fonts: 20 px even with CJK.
        NormalCase(name: "fixed: CJK fallback does not make a 20px line taller", font: TestFonts.dejaVuSans, size: 16,
                   text: "漢字\nabc", width: 320, lineHeight: .pixels(20), lineHeights: [20, 20]),
    ]

    @Test("line height: normal line boxes with fallback fonts", arguments: normalCases)
    func normalWithFallback(_ testCase: NormalCase) throws {
        let layout = try TestFonts.layout(testCase.text, font: testCase.font, size: testCase.size,
                                          width: testCase.width, lineHeight: testCase.lineHeight)
        #expect(layout.lines.map(\.height) == testCase.lineHeights)
        #expect(layout.height == testCase.lineHeights.reduce(0, +))
    }

    @Test("line height: engine's plain heights")
    func plainHeights() throws {
        #expect(try TestFonts.engine(TestFonts.dejaVuSans, size: 16).normalLineHeight == 19)
        #expect(try TestFonts.engine(TestFonts.dejaVuSans, size: 16).primaryLineHeight == 19)
        #expect(try TestFonts.engine(TestFonts.dejaVuSans, size: 13, lineHeight: .multiple(1.15)).primaryLineHeight == 14.9375)
    }
}
