import CHarfBuzz
@testable import CellHeightEngine
import Testing
import CellHeightTestSupport

/// Which fonts draw what: the case's font, then Chromium's default font (Times New Roman, which
/// fontconfig maps to Liberation Serif), then fontconfig's choice per character (oracle README,
/// "Font fallback"). Coverage facts used below were checked with `fc-list ':charset=XXXX'`:
/// Noto Sans and Liberation Serif lack Arabic, DejaVu Sans has it; DejaVu Serif lacks Hebrew,
/// Liberation Serif has it; only Noto Sans CJK has 漢; Noto Sans Arabic lacks Latin letters.
@Suite("font fallback")
struct FontFallbackTests {
    struct FallbackCase: Sendable, CustomTestStringConvertible {
        var name: String
        var font: String
        var text: String
        /// Families of the single line, primary first (the order fonts were first used in).
        var lineFonts: [String]
        /// For every character of this script in the text, the file that must draw it.
        var letterFile: String
        var letters: ClosedRange<UInt32>
        var testDescription: String { name }
    }

    static let cases: [FallbackCase] = [
        // Noto Sans → Liberation Serif (no Arabic) → fontconfig: DejaVu Sans.
        FallbackCase(name: "fallback: Arabic in Noto Sans comes from DejaVu Sans", font: TestFonts.notoSans,
                     text: "فتح الملف", lineFonts: [TestFonts.Family.notoSans, TestFonts.Family.dejaVuSans],
                     letterFile: TestFonts.dejaVuSans, letters: 0x0600...0x06FF),
        // DejaVu Serif → Liberation Serif has Hebrew; fontconfig alone would have picked DejaVu Sans.
        FallbackCase(name: "fallback: Hebrew in DejaVu Serif comes from Liberation Serif", font: TestFonts.dejaVuSerif,
                     text: "שלום עולם", lineFonts: [TestFonts.Family.dejaVuSerif, TestFonts.Family.liberationSerif],
                     letterFile: TestFonts.liberationSerif, letters: 0x0590...0x05FF),
        // Same for Noto Sans (README: "Hebrew set in DejaVu Serif or Noto Sans comes from Liberation Serif").
        FallbackCase(name: "fallback: Hebrew in Noto Sans comes from Liberation Serif", font: TestFonts.notoSans,
                     text: "שלום", lineFonts: [TestFonts.Family.notoSans, TestFonts.Family.liberationSerif],
                     letterFile: TestFonts.liberationSerif, letters: 0x0590...0x05FF),
        // DejaVu Sans → Liberation Serif (no CJK) → fontconfig: Noto Sans CJK JP.
        FallbackCase(name: "fallback: CJK in DejaVu Sans comes from Noto Sans CJK JP", font: TestFonts.dejaVuSans,
                     text: "漢字かな", lineFonts: [TestFonts.Family.dejaVuSans, TestFonts.Family.notoSansCJKJP],
                     letterFile: TestFonts.notoSansCJK, letters: 0x3040...0x9FFF),
        // Latin letters in Noto Sans Arabic come from the default font.
        FallbackCase(name: "fallback: Latin in Noto Sans Arabic comes from Liberation Serif", font: TestFonts.notoSansArabic,
                     text: "Hello", lineFonts: [TestFonts.Family.notoSansArabic, TestFonts.Family.liberationSerif],
                     letterFile: TestFonts.liberationSerif, letters: 0x41...0x7A),
    ]

    @Test("fallback: fonts of a line and of each letter", arguments: cases)
    func fallback(_ testCase: FallbackCase) throws {
        let layout = try TestFonts.layout(testCase.text, font: testCase.font, width: 1000)
        try #require(layout.lineCount == 1)
        #expect(layout.lines[0].fonts == testCase.lineFonts)

        let chain = try TestFonts.chromiumChain(testCase.font)
        let units = testCase.text.utf16Units
        let shaped = Shaper(chain: chain, fontSize: 16).shape(units)
        for (i, unit) in units.enumerated() where testCase.letters.contains(UInt32(unit)) {
            #expect(shaped.fonts[Int(shaped.fontIndices[i])].path == testCase.letterFile,
                    "character at \(i) drawn with \(shaped.fonts[Int(shaped.fontIndices[i])].path)")
        }
    }

    /// The order matters: for Hebrew fontconfig alone prefers DejaVu Sans, yet Chromium's default
    /// font comes first.
    @Test("fallback: Chromium's default font is tried before fontconfig's choice")
    func defaultFontFirst() throws {
        #expect(FontLocator.shared.fallbackFont(for: 0x05D0) == FontReference(path: TestFonts.dejaVuSans))
        let chain = try TestFonts.chromiumChain(TestFonts.dejaVuSerif)
        #expect(chain.fixedFallbacks.map(\.path) == [TestFonts.liberationSerif])
        #expect(chain.usesSystemFallback)
        var fonts = chain.fonts()
        var tried: [FontFace] = []
        while let next = fonts.next(hints: [0x05D0], definiteHint: 0x05D0) { tried.append(next) }
        #expect(tried.map(\.path) == [TestFonts.dejaVuSerif, TestFonts.liberationSerif, TestFonts.dejaVuSans])
    }

    /// One hint is asked, once (Blink's `UniqueSystemFontForHintList`): the first character of a
    /// definite script, which counts an Arabic kasra (by its block), so "(" with a kasra asks for
    /// the kasra and gets DejaVu Sans (as in Chromium, case r-fallback-hint-kasra).
    @Test("fallback: the hint is the first character of a definite script, a kasra by its block")
    func hintOfDefiniteScript() throws {
        let unicode = hb_unicode_funcs_get_default()
        #expect(Shaper.hasDefiniteScript(0x0650, unicode))
        #expect(Shaper.hasDefiniteScript(0x3001, unicode))
        #expect(!Shaper.hasDefiniteScript(0x20E3, unicode))
        #expect(!Shaper.hasDefiniteScript(0x28, unicode))
        let chain = try TestFonts.chromiumChain(TestFonts.dejaVuSerif)
        var fonts = chain.fonts()
        var tried: [FontFace] = []
        while let next = fonts.next(hints: [0x28, 0x0650], definiteHint: 0x0650) { tried.append(next) }
        #expect(tried.map(\.path) == [TestFonts.dejaVuSerif, TestFonts.liberationSerif, TestFonts.dejaVuSans])
    }

    /// Text with no character of a definite script asks for its first one only: a keycap without
    /// U+FE0F asks for its digit (fontconfig's Noto Sans, which lacks the keycap too), and fallback
    /// ends there, never reaching Noto Sans Symbols2 (issue 32, item 4: Chromium keeps
    /// "9\u{20E3}" in DejaVu Sans, the keycap a .notdef box).
    @Test("fallback: with no definite script only the first character is a hint")
    func onlyFirstHint() throws {
        let chain = try TestFonts.chromiumChain(TestFonts.dejaVuSans)
        var fonts = chain.fonts()
        var tried: [FontFace] = []
        while let next = fonts.next(hints: [0x39, 0x20E3], definiteHint: nil) { tried.append(next) }
        #expect(tried.map(\.path) == [TestFonts.dejaVuSans, TestFonts.liberationSerif, TestFonts.notoSans])
    }

    @Test("fallback: the default font is not repeated when it is the primary font")
    func defaultFontNotRepeated() throws {
        let chain = try TestFonts.chromiumChain(TestFonts.liberationSerif)
        #expect(chain.fixedFallbacks.isEmpty)
    }

    @Test("fallback: characters every font has stay in the primary font")
    func noFallbackNeeded() throws {
        let layout = try TestFonts.layout("Datei öffnen…", font: TestFonts.dejaVuSans, width: 1000)
        #expect(layout.lines.map(\.fonts) == [[TestFonts.Family.dejaVuSans]])
    }

    // MARK: A user-given chain (--fallback)

    /// Fixed fallbacks replace Chromium's chain: Hebrew in Noto Sans now comes from Noto Sans Hebrew,
    /// not Liberation Serif.
    @Test("fallback: a fixed chain is honoured")
    func fixedChain() throws {
        let chain = FontFallbackChain(primary: try TestFonts.face(TestFonts.notoSans),
                                      fixedFallbacks: [try TestFonts.face(TestFonts.notoSansHebrew)],
                                      usesSystemFallback: false)
        let engine = try TextLayoutEngine(chain: chain, fontSize: 16, lineHeight: .normal)
        let layout = engine.layout(engine.prepare("שלום עולם"), width: 1000)
        #expect(layout.lines.map(\.fonts) == [[TestFonts.Family.notoSans, TestFonts.Family.notoSansHebrew]])
        // Noto Sans 16: A 17 (17.10), D 5 (4.69); Noto Sans Hebrew 16: A 17 (17.09), D 5 (4.67): 22.
        #expect(layout.height == 22)
    }

    /// A chain of fonts in order: the first that has the character wins, even when a later one
    /// (DejaVu Sans, also with Arabic) would be fontconfig's choice.
    @Test("fallback: the first fixed fallback that has the character wins")
    func fixedChainOrder() throws {
        let chain = FontFallbackChain(primary: try TestFonts.face(TestFonts.notoSans),
                                      fixedFallbacks: [try TestFonts.face(TestFonts.notoSansArabic),
                                                       try TestFonts.face(TestFonts.dejaVuSans)],
                                      usesSystemFallback: false)
        let engine = try TextLayoutEngine(chain: chain, fontSize: 16, lineHeight: .normal)
        let layout = engine.layout(engine.prepare("فتح الملف"), width: 1000)
        #expect(layout.lines.map(\.fonts) == [[TestFonts.Family.notoSans, TestFonts.Family.notoSansArabic]])
        // Noto Sans 16: above 17, below 5; Noto Sans Arabic 16: above 22 (21.98), below 12 (11.81): 22 + 12.
        #expect(layout.height == 34)
    }

    /// Without system fallback and with no font that has 漢, the primary font's .notdef boxes stay:
    /// nothing else is drawn, and the boxes take width.
    @Test("fallback: without system fallback missing characters stay in the primary font")
    func noSystemFallback() throws {
        let chain = FontFallbackChain(primary: try TestFonts.face(TestFonts.dejaVuSans), fixedFallbacks: [],
                                      usesSystemFallback: false)
        let engine = try TextLayoutEngine(chain: chain, fontSize: 16, lineHeight: .normal)
        let layout = engine.layout(engine.prepare("漢字"), width: 1000)
        #expect(layout.lines.map(\.fonts) == [[TestFonts.Family.dejaVuSans]])
        #expect(layout.height == 19)
        #expect(layout.lines[0].width > 0)
    }

    @Test("fallback: FontSetup with --fallback builds a fixed chain")
    func fontSetupFallback() throws {
        let setup = try FontSetup(fontSpec: TestFonts.notoSans,
                                  fallbackSpecs: [TestFonts.notoSansHebrew, TestFonts.notoSansCJK + "#0"])
        #expect(setup.chain.primary.path == TestFonts.notoSans)
        #expect(!setup.chain.usesSystemFallback)
        #expect(setup.fallbackPaths == [TestFonts.notoSansHebrew, TestFonts.notoSansCJK])
    }

    @Test("fallback: FontSetup without --fallback uses Chromium's chain")
    func fontSetupDefault() throws {
        let setup = try FontSetup(fontSpec: TestFonts.dejaVuSans, fallbackSpecs: nil)
        #expect(setup.chain.usesSystemFallback)
        #expect(setup.fallbackPaths == [TestFonts.liberationSerif])
    }

    @Test("fallback: FontSetup with a missing fallback font fails with a font error")
    func fontSetupMissingFallback() throws {
        #expect(throws: EngineError.fontNotFound(path: "/nonexistent/font.ttf")) {
            try FontSetup(fontSpec: TestFonts.dejaVuSans, fallbackSpecs: ["/nonexistent/font.ttf"])
        }
    }
}
