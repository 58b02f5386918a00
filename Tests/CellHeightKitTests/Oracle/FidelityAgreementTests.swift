import Foundation
import Testing
import CellHeightTestSupport
@testable import CellHeightKit

/// Issue 32's causes, one group of hand-made cases each, with Chromium 156's answers
/// (fixtures/oracle-fidelity.jsonl, made by scripts/fidelity_cases.py from the local Chromium;
/// tag `cause:N` names the issue's item).
@Suite("Chromium fidelity (fixtures/oracle-fidelity.jsonl)")
struct FidelityAgreementTests {
    static let cases: [OracleCase] = (try? OracleCase.load("fixtures/oracle-fidelity.jsonl")) ?? []

    static func cases(cause: Int) -> [OracleCase] { cases.filter { $0.tags.contains("cause:\(cause)") } }

    /// Lays out the cases of one cause (those with the `kind:` tag `kind` when given, else those
    /// with no `kind:` tag) in process and records every case that differs from Chromium.
    static func expectAgreement(cause: Int, minimum: Int, kind: String? = nil) throws {
        let chosen = cases(cause: cause).filter { c in
            kind.map { c.tags.contains("kind:" + $0) } ?? !c.tags.contains { $0.hasPrefix("kind:") }
        }
        let outcomes = try OracleOutcome.layOut(chosen)
        #expect(outcomes.count >= minimum)
        for m in outcomes where !m.agrees {
            let c = m.testCase
            Issue.record("""
                \(c.id) font=\(c.font) size=\(formatPixels(c.size)) width=\(formatPixels(c.width)) \
                lineHeight=\(c.lineHeight) text=\(String(reflecting: c.text)): expected \(c.expected.lineCount) lines, \
                \(formatPixels(c.expected.height)) px \(c.expected.lines); got \(m.layout.lineCount), \
                \(formatPixels(m.layout.height)) px \(m.layout.lines.map(\.text))
                """)
        }
    }

    /// Item 2: a character no font of the chain has comes from the first font of Chromium's
    /// fallback list (all fonts sorted once for `en-US`) that has it, not from fontconfig's sort
    /// for the character: with Scheherazade and Tibetan Machine Uni installed (`make test-deps`),
    /// Urdu's ہ is Noto Kufi Arabic's (76 px lines, not Scheherazade's 67) and Tibetan Noto Serif
    /// Tibetan's.
    @Test("item 2: fallback from Chromium's list for the locale")
    func fallbackOrder() throws {
        for font in ["/usr/share/fonts/truetype/scheherazade/Scheherazade-Regular.ttf",
                     "/usr/share/fonts/truetype/tibetan-machine/TibetanMachineUni.ttf"] {
            try #require(FileManager.default.fileExists(atPath: font), "\(font) is missing: run make test-deps")
        }
        try Self.expectAgreement(cause: 2, minimum: 6)
    }

    /// Item 4: a keycap without U+FE0F ("9\u{20E3}") is text, and its fallback hint is the digit,
    /// which the primary font has: the mark stays that font's .notdef box and the line keeps the
    /// primary font's height (with U+FE0F it is emoji, from Noto Sans Symbols2, and taller).
    @Test("item 4: a keycap without U+FE0F stays in the text font")
    func keycapWithoutVariationSelector() throws { try Self.expectAgreement(cause: 4, minimum: 5) }

    /// Item 5: `line-height: normal` at fractional sizes follows the size Blink's font cache keeps
    /// (1/100 px, cut in single precision: 16.38 px is 16.37, where Noto Sans's ascent is 17, not 18).
    @Test("item 5: normal line heights at fractional sizes")
    func normalLineHeightAtFractionalSizes() throws { try Self.expectAgreement(cause: 5, minimum: 7) }

    /// Item 1: when nothing fits, a ligature that starts the line keeps its letters but the last
    /// together, as Blink's candidate break is the last offset within the line and every offset of
    /// a ligature has its start's position ("office" in DejaVu Sans 30 px, 1 px wide: ["o", "ff",
    /// "i", "c", "e"]). And Blink's break-anywhere retry cuts at Unicode 15.1's grapheme boundaries
    /// inside a shaping cluster and shapes the pieces again: a Kannada conjunct ("ಸ್ಥ", 1 px wide:
    /// ["ಸ್", "ಥ"]), a Myanmar vowel sign, a lam-alef split, Devanagari, Telugu and Malayalam
    /// conjuncts stay whole (GB9c), and a Mongolian word's lines in 7 px at 7.25 px are ["ᠲᠡ",
    /// "ᠩᠭ", "ᠡᠷ"] (a line end with no safe-to-break offset after its start is shaped whole); after
    /// a cut, the line breaker reads a Lao or Thai word again from the line's start ("ປະເທດ" in
    /// Noto Sans Lao 36.622 px at 30 px: ["ປ", "ະ", "ເ", "ທ", "ດ"]); letters after a cut inside a
    /// ligature form one again ("waffle" in DejaVu Serif 30 px at 20 px: ["w", "a", "f", "fl", "e"]).
    @Test("item 1: break-anywhere cuts at grapheme boundaries, pieces shaped again")
    func breakAnywhereUnits() throws { try Self.expectAgreement(cause: 1, minimum: 28) }

    /// Item 6: fullwidth punctuation collapses in pairs only within a line: an opening bracket
    /// that starts a wrapped line keeps its full width after a closing one ("能能〕【』【能" in Noto
    /// Serif CJK 32 px at 97 px: ["能能〕", "【』", "【能"], not 2 lines with "【』【能" 96 px).
    @Test("item 6: CJK punctuation collapses only within a line")
    func punctuationPairsWithinLine() throws { try Self.expectAgreement(cause: 6, minimum: 10) }

    /// Item 7: a soft hyphen after a letter wider than the box: the letter goes alone, and the next
    /// line starts with the soft hyphen, whose own break may give a line of just the hyphen
    /// ("x\u{AD}a" in DejaVu Sans 13 px, 7 px wide: ["x", "\u{AD}", "a"]).
    @Test("item 7: a soft hyphen in a box narrower than a letter")
    func softHyphenInNarrowBox() throws { try Self.expectAgreement(cause: 7, minimum: 13) }

    /// Item 10: advances as Skia reads them from FreeType (its scale rounded to 16.16 per unit of
    /// the em), so a line of a font of 1000 units per em fits where Chromium's does, to 1/64 px;
    /// and the pieces of a Tamil word cut in a narrow box take their own fallback fonts (the
    /// piece's first character as the hint) and those fonts' line heights; a word cut right before
    /// a hyphen goes on with a line that keeps the hyphen with the rest and is cut past it
    /// ("(ஃபாகோகபாயா-போஸான்கோவா" in DejaVu Sans 20 px at 181 px: ["(ஃபாகோகபாயா", "-போஸான்கோ", "வா"]).
    @Test("item 10: lines at the edge of the box in fonts of 1000 units per em; Tamil pieces' fonts")
    func skiaAdvances() throws { try Self.expectAgreement(cause: 10, minimum: 21) }

    /// Item 8 (U+3000): U+3000 in a font without it falls back to a font that has it (Blink's
    /// HarfBuzzShaper counts HarfBuzz's space glyph in its place as missing), and the line takes
    /// that font's taller `normal` line (Liberation Mono 11 px: 14 px lines, not 12). At a line's
    /// end a run of spaces and U+3000 hangs whole (Blink's LineBreaker::HandleTrailingSpaces), past
    /// the last opportunity in it and after a cut of the break-anywhere retry; under
    /// `white-space: normal` a collapsed space ends the line and the U+3000 after it starts the next.
    @Test("item 8: U+3000 falls back, and hangs at a line's end as Blink hangs it")
    func ideographicSpace() throws { try Self.expectAgreement(cause: 8, minimum: 17) }

    /// Item 8 (a 1 px emoji line height): Chromium's fonts scale each metric in single precision
    /// (Fontations: skrifa's `Metrics::new` multiplies the font units by `Size::linear_scale`, an
    /// f32), so a metric of exactly half a px can fall short of it and round down: "☀" in Noto Sans
    /// Thai Bold at 130 px is a 196 px line, not 197 (its descent, 450 units, is 58.499996 px), and
    /// "⭐ Star rating" in Liberation Serif at 122.88 px is 350 px in two lines, not 349 (its ascent,
    /// 1825 of 2048 units, is 109.5 px in single precision, 109.4999976 in double: the size is 122.879997).
    @Test("item 8: normal line heights from metrics scaled in single precision")
    func singlePrecisionMetrics() throws {
        try Self.expectAgreement(cause: 8, minimum: 12, kind: "single-precision-metrics")
    }

    /// Item 8 (emoji line heights): Blink's SymbolsIterator ends a segment where the emoji
    /// scanner's tokens change between having a variation selector and not (`has_vs`), and
    /// HarfBuzzShaper gives each segment its own fallback fonts, so after an emoji no font has, an
    /// emoji with U+FE0F or U+FE0E still gets its own font and that font's line height: "🧿㊗️" in
    /// DejaVu Serif Condensed 62 px is Noto Sans CJK's 90 px line, not 73 (㊗ a .notdef box).
    @Test("item 8: emoji with and without a variation selector take their fallback fonts apart")
    func emojiSegments() throws { try Self.expectAgreement(cause: 8, minimum: 8, kind: "emoji-segments") }

    /// Item 9: a family that is not installed (Verdana, Segoe UI, SimSun) is drawn by Chromium in
    /// its standard font. By default cellheight refuses the name (exit 69) and says what Chromium
    /// would draw; with `--missing-font chromium` it measures that, with a warning.
    @Test("item 9: web font names refused by default, measured as Chromium draws them on request")
    func missingFamilies() throws {
        let webFonts = Self.cases(cause: 9)
        #expect(webFonts.count >= 6)
        for c in webFonts {
            let family = try #require(c.fontFamily)
            let arguments = ["--font", family, "--size", formatPixels(c.size), "--width", formatPixels(c.width),
                             "--line-height", c.lineHeight, "--output", "csv"]
            let refused = try CellHeightProcess.run(arguments, stdin: Array((c.text + "\n").utf8))
            #expect(refused.status == 69, "\(c.id)")
            #expect(refused.stdout.isEmpty, "\(c.id)")
            let message = refused.stderrText
            #expect(message.hasPrefix("cellheight: font family not found: \"\(family)\""), "\(message)")
            #expect(message.contains("Chromium would draw its standard font, Liberation Serif"), "\(message)")
            #expect(message.contains("--missing-font chromium"), "\(message)")

            let measured = try CellHeightProcess.run(arguments + ["--missing-font", "chromium"],
                                                     stdin: Array((c.text + "\n").utf8))
            #expect(measured.status == 0, "\(c.id): \(measured.stderrText)")
            #expect(measured.stderrText == "cellheight: warning: font family \"\(family)\" is not installed; "
                    + "measuring in Liberation Serif, Chromium's standard font, as Chromium draws it "
                    + "(--missing-font chromium)\n")
            let rows = measured.stdoutText.split(separator: "\n")
            let row = rows.dropFirst().first.map { $0.split(separator: ",") } ?? []
            #expect(row.count >= 2, "\(c.id): \(measured.stdoutText)")
            #expect(row.suffix(2).map(String.init) == ["\(c.expected.lineCount)", formatPixels(c.expected.height)],
                    "\(c.id): \(measured.stdoutText)")
        }
    }
}
