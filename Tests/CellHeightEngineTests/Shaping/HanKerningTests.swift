@testable import CellHeightEngine
import Testing
import CellHeightTestSupport

/// Fullwidth punctuation collapsing in Noto Sans CJK JP (ttc face 0) at 16 px.
///
/// In that font every ideograph and fullwidth punctuation mark is 1000/1000 em, `em`: 16 px as
/// FreeType scales it for Skia (a hair over 16, see `FontFace.skiaAdvanceFuncs`); with `halt` a
/// mark loses 500 units = 8 px (`halved`). In the JP face "，" and "。" sit in the
/// left half of their em (they act as closing marks), "「" in the right half (opening).
/// Rules (CSS text-spacing-trim: normal, as Blink applies it): an opening mark after a closing
/// (or opening) one is halved; a closing mark before a closing one is halved. The first line of
/// a paragraph keeps full-width opening marks at its start.
@Suite("han kerning")
struct HanKerningTests {
    /// 1000 units at 16 px: FT_MulDiv(1000, FT_DivFix(16 × 64, 1000), 64) = 1048578 in 16.16.
    static let em = 1_048_578.0 / 65536
    static let halved = em - 8

    struct WidthCase: Sendable, CustomTestStringConvertible {
        var name: String
        var text: String
        var width: Double
        var testDescription: String { name }

        init(name: String, text: String, full: Double, halved: Double = 0) {
            self.name = name
            self.text = text
            width = full * HanKerningTests.em + halved * HanKerningTests.halved
        }
    }

    static let cases: [WidthCase] = [
        // "，" full (16) + "「" after a closing mark, halved (8) = 24, not 32.
        WidthCase(name: "han kerning: comma then opening bracket is 24", text: "，「", full: 1, halved: 1),
        // Two ideographs: 16 + 16, nothing to collapse.
        WidthCase(name: "han kerning: two ideographs are 32", text: "漢字", full: 2),
        // Opening after opening: the second is halved: 16 + 8 + 16 = 40.
        WidthCase(name: "han kerning: two opening brackets", text: "「「漢", full: 2, halved: 1),
        // Closing before closing: the first is halved: 8 + 16 + 16 = 40.
        WidthCase(name: "han kerning: two closing brackets", text: "」」漢", full: 2, halved: 1),
        // Closing bracket before a full stop (a closing mark in the JP face): 8 + 16 + 16 = 40.
        WidthCase(name: "han kerning: closing bracket then full stop", text: "」。漢", full: 2, halved: 1),
        // An opening mark after an ideograph is not collapsed: 16 + 16 + 16 = 48.
        WidthCase(name: "han kerning: ideograph then opening bracket is not collapsed", text: "漢「字", full: 3),
        // The first line keeps a full-width opening bracket at its start: 16 × 3 = 48.
        WidthCase(name: "han kerning: first line keeps its opening bracket", text: "「漢字", full: 3),
    ]

    @Test("han kerning: line widths in Noto Sans CJK JP 16 px", arguments: cases)
    func widths(_ testCase: WidthCase) throws {
        let layout = try TestFonts.layout(testCase.text, font: TestFonts.notoSansCJK, size: 16, width: 1000)
        try #require(layout.lineCount == 1)
        #expect(layout.lines[0].width == testCase.width)
    }

    /// An opening bracket at the start of a line opened by a soft wrap keeps its full width.
    /// (CSS Text 4 would set it half-width under `space-first`, but Chromium does not, as observed
    /// on the oracle cases with a wrapped line starting with 「 or （, e.g. p-zh-0007, p-zh-0010.)
    /// "漢字漢「字" at 50 px: 漢字漢 = 48 fits, + 「 = 64 does not, and a break before 「 is
    /// allowed (ID ÷ OP), none after it (OP ×); line 2 "「字" = 16 + 16 = 32.
    @Test("han kerning: an opening bracket at the start of a wrapped line keeps its width")
    func lineStartNoTrim() throws {
        let layout = try TestFonts.layout("漢字漢「字", font: TestFonts.notoSansCJK, size: 16, width: 50)
        #expect(layout.lines.map(\.text) == ["漢字漢", "「字"])
        #expect(layout.lines.map(\.width) == [3 * Self.em, 2 * Self.em])
    }

    /// After a forced break the bracket keeps its full width: "「字" = 32.
    @Test("han kerning: an opening bracket after a forced break keeps its width")
    func forcedBreakKeepsWidth() throws {
        let layout = try TestFonts.layout("漢\n「字", font: TestFonts.notoSansCJK, size: 16, width: 50)
        #expect(layout.lines.map(\.text) == ["漢\n", "「字"])
        #expect(layout.lines.map(\.width) == [Self.em, 2 * Self.em])
    }

    /// The shaped advances themselves: "「" after "，" loses 8 px, given to "，" as a kerning pair's
    /// adjustment is given to its first glyph ("，" 8 px, "「" 16 px), and a line that ends between
    /// them takes the 8 px back: the pair is 24 px only on one line.
    @Test("han kerning: shaped advances of ，「")
    func shapedAdvances() throws {
        let chain = try TestFonts.chromiumChain(TestFonts.notoSansCJK)
        let shaped = Shaper(chain: chain, fontSize: 16).shape("，「".utf16Units)
        #expect(shaped.advances == [Self.halved, Self.em])
        #expect(shaped.lineEndAdjustments == [1: 8])
    }

    /// A pair is collapsed only within a line (Blink reshapes a wrapped line's start with
    /// `is_line_start`, and HanKerning does not kern its first character with the one before):
    /// "漢」「字" at 25 px is ["漢」", "「", "字"] in Chromium 156, as "「字" is 32 px on a line of its
    /// own, not 24 ("漢」" is 16 + 8: its closing bracket ends the line, see `Shaper.recordLineEndTrims`).
    @Test("han kerning: a pair across a line break is not collapsed")
    func pairAcrossLineBreak() throws {
        let layout = try TestFonts.layout("漢」「字", font: TestFonts.notoSansCJK, size: 16, width: 25)
        #expect(layout.lines.map(\.text) == ["漢」", "「", "字"])
        #expect(layout.lines.map(\.width) == [Self.em + Self.halved, Self.em, Self.em])
        let wider = try TestFonts.layout("漢」「字", font: TestFonts.notoSansCJK, size: 16, width: 33)
        #expect(wider.lines.map(\.text) == ["漢」", "「字"])
    }

    /// Fonts without `halt` (DejaVu Sans) collapse nothing; the JP face has the feature.
    @Test("han kerning: only fonts with halt have kerning data")
    func fontData() throws {
        #expect(try TestFonts.face(TestFonts.dejaVuSans).hanKerning == nil)
        let data = try #require(try TestFonts.face(TestFonts.notoSansCJK).hanKerning)
        #expect(data.typeForDot == .close)
    }

    struct TypeCase: Sendable, CustomTestStringConvertible {
        var name: String
        var codePoint: UInt32
        var expected: HanKerning.CharType
        var testDescription: String { name }
    }

    // General categories Ps/Pe and East Asian Width F (or the CJK Symbols block) from the UCD.
    static let typeCases: [TypeCase] = [
        TypeCase(name: "type: 「 is a wide opening mark", codePoint: 0x300C, expected: .open),
        TypeCase(name: "type: 」 is a wide closing mark", codePoint: 0x300D, expected: .close),
        TypeCase(name: "type: （ fullwidth is opening", codePoint: 0xFF08, expected: .open),
        TypeCase(name: "type: ( ASCII is narrow opening", codePoint: 0x28, expected: .openNarrow),
        TypeCase(name: "type: ) ASCII is narrow closing", codePoint: 0x29, expected: .closeNarrow),
        TypeCase(name: "type: 、 is a dot", codePoint: 0x3001, expected: .dot),
        TypeCase(name: "type: ・ is a middle dot", codePoint: 0x30FB, expected: .middle),
        TypeCase(name: "type: 漢 is other", codePoint: 0x6F22, expected: .other),
        TypeCase(name: "type: letter a is other", codePoint: 0x61, expected: .other),
    ]

    @Test("han kerning: unicode types", arguments: typeCases)
    func unicodeTypes(_ testCase: TypeCase) {
        #expect(HanKerning.unicodeType(testCase.codePoint) == testCase.expected)
    }
}
