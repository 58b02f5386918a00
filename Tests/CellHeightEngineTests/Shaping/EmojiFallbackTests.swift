@testable import CellHeightEngine
import Testing
import CellHeightTestSupport

/// Emoji presentation and its fallback fonts (issue 16, cause 4). With no colour emoji font
/// installed, Chromium draws text in emoji presentation that neither the case's font nor its
/// default font (Liberation Serif) has from Noto Sans Symbols2, the only font with U+1F46A, where
/// fontconfig alone would pick DejaVu Sans. Expected fonts were found in Chromium 156 by the
/// width of each character at 100 px in a Liberation Serif Bold `@font-face` (Symbols2 and
/// DejaVu Sans differ: ☕ 85.31 / 89.66 px, ✌ 80 / 83.8, ⚠ 92.61 / 89.66, ❤ 98.61 / 83.8).
@Suite("emoji presentation")
struct EmojiFallbackTests {
    static let liberationSerifBold = "/usr/share/fonts/truetype/liberation2/LiberationSerif-Bold.ttf"
    static let symbols2 = "/usr/share/fonts/truetype/noto/NotoSansSymbols2-Regular.ttf"

    struct FontCase: Sendable, CustomTestStringConvertible {
        var text: String
        var primary: String
        /// The file that draws the text's first character.
        var file: String
        var why: String
        var testDescription: String { "\(text.unicodeScalars.map { String($0.value, radix: 16) }) \(why)" }
    }

    static let fontCases: [FontCase] = [
        FontCase(text: "\u{2615}", primary: liberationSerifBold, file: symbols2, why: "emoji by default"),
        FontCase(text: "\u{2615}\u{FE0E}", primary: liberationSerifBold, file: TestFonts.dejaVuSans, why: "text selector"),
        FontCase(text: "\u{270C}", primary: liberationSerifBold, file: symbols2, why: "a modifier base is emoji"),
        FontCase(text: "\u{270C}\u{FE0F}", primary: liberationSerifBold, file: symbols2, why: "emoji selector"),
        FontCase(text: "\u{26A0}", primary: liberationSerifBold, file: TestFonts.dejaVuSans, why: "text by default"),
        FontCase(text: "\u{26A0}\u{FE0F}", primary: liberationSerifBold, file: symbols2, why: "emoji selector"),
        FontCase(text: "\u{2764}", primary: liberationSerifBold, file: TestFonts.dejaVuSans, why: "text by default"),
        FontCase(text: "x \u{2764}\u{FE0F} y", primary: liberationSerifBold, file: liberationSerifBold, why: "letters stay"),
        FontCase(text: "\u{2614}", primary: liberationSerifBold, file: symbols2, why: "emoji by default"),
        FontCase(text: "\u{2615}", primary: TestFonts.dejaVuSans, file: TestFonts.dejaVuSans, why: "the case's font has it"),
    ]

    @Test("emoji: which font draws it", arguments: fontCases)
    func font(_ testCase: FontCase) throws {
        let shaped = Shaper(chain: try TestFonts.chromiumChain(testCase.primary), fontSize: 16).shape(testCase.text.utf16Units)
        #expect(shaped.fonts[Int(shaped.fontIndices[0])].path == testCase.file)
        if testCase.text.hasPrefix("x ") {
            let heart = 2
            #expect(shaped.fonts[Int(shaped.fontIndices[heart])].path == Self.symbols2)
        }
    }

    /// Heights with `line-height: normal`, measured in Chromium: a line with an emoji from Noto
    /// Sans Symbols2 is as tall as Symbols2's own line (ascent 1069, descent 630 of 1000).
    @Test("emoji: a line drawn partly from Noto Sans Symbols2 takes its height",
          arguments: [(20.0, 23.0, 34.0), (30, 34, 51), (10.5, 11, 18)])
    func height(size: Double, plain: Double, withEmoji: Double) throws {
        #expect(try TestFonts.layout("a", font: Self.liberationSerifBold, size: size, width: 2000).height == plain)
        #expect(try TestFonts.layout("a\u{2615}", font: Self.liberationSerifBold, size: size, width: 2000).height == withEmoji)
        #expect(try TestFonts.layout("a", font: Self.symbols2, size: size, width: 2000).height == withEmoji)
    }

    /// The quick filter that lets most text skip the scanner sees every emoji of the Basic
    /// Multilingual Plane beyond ASCII (Unicode's Emoji property, as Swift's tables give it).
    @Test("emoji: the quick filter sees every emoji of the BMP")
    func quickFilter() {
        for value in UInt32(0x80)..<0x10000 {
            guard let scalar = Unicode.Scalar(value), scalar.properties.isEmoji else { continue }
            #expect(EmojiSegments.mayStartEmoji(UInt16(value)), "U+\(String(value, radix: 16))")
        }
        #expect(!EmojiSegments.mayStartEmoji(0x201C) && !EmojiSegments.mayStartEmoji(0x4E00))
    }

    /// The scanner's segments (emoji_presentation_scanner.rl): sequences stay whole, U+FE0E makes
    /// text, adjacent emoji tokens merge unless one has a variation selector and the other not
    /// (SymbolsIterator's `has_vs`: "🚀⤴️" is two segments, "⤴️㊗️" one, "❤️‍🔥" a ZWJ sequence).
    @Test("emoji: segments of a paragraph",
          arguments: [("abc", [Range<Int>]()), ("a\u{2615}b", [1..<2]), ("\u{26A0} \u{26A0}\u{FE0F}", [2..<4]),
                      ("\u{2615}\u{FE0E}", []), ("\u{1F44D}\u{1F3FD}\u{2615}", [0..<5]),
                      ("\u{1F469}\u{200D}\u{1F4BB}", [0..<5]), ("\u{1F1E9}\u{1F1EA}", [0..<4]),
                      ("1\u{FE0F}\u{20E3} 1", [0..<3]), ("\u{00A9} \u{1F3FD}", []),
                      ("\u{1F680}\u{2934}\u{FE0F}", [0..<2, 2..<4]), ("\u{2934}\u{FE0F}\u{3297}\u{FE0F}", [0..<4]),
                      ("\u{1F9FF}\u{3297}\u{FE0F}\u{1F680}", [0..<2, 2..<4, 4..<6]),
                      ("\u{2764}\u{FE0F}\u{200D}\u{1F525}\u{1F680}", [0..<7]),
                      ("\u{1F680}1\u{FE0F}\u{20E3}", [0..<2, 2..<5])])
    func segments(text: String, expected: [Range<Int>]) {
        let emoji = (EmojiSegments.segments(in: text.utf16Units) ?? []).filter(\.isEmoji).map(\.range)
        #expect(emoji == expected)
    }

    /// An emoji with U+FE0E is a text segment of its own, apart from the text around it
    /// (`text_emoji_run_with_vs`), and so gets its own fallback fonts.
    @Test("emoji: an emoji in text presentation by U+FE0E is a text segment of its own")
    func textPresentationSegment() {
        let segments = EmojiSegments.segments(in: "a\u{2615}\u{FE0E}b\u{1F680}".utf16Units)
        #expect(segments == [EmojiSegments.Segment(range: 1..<3, isEmoji: false),
                             EmojiSegments.Segment(range: 4..<6, isEmoji: true)])
        #expect(EmojiSegments.split(0..<6, by: segments).map(\.range) == [0..<1, 1..<3, 3..<4, 4..<6])
    }
}
