@testable import CellHeightEngine
import Foundation
import Testing
@testable import CellHeightKit
import CellHeightTestSupport

/// Issue 30: the pseudo-locales, as AOSP's aapt2 `Pseudolocalizer.cpp` (en-XA, ar-XB) and Xcode's
/// double-length pseudolanguage write them. The expected texts were worked out by hand from
/// AOSP's source: `PseudolocalizeChar`'s table, `PseudoMethodAccent::End` (pad by half the length
/// when at most 3 words were counted, and only characters it does not accent count words) and
/// `PseudoGenerateExpansion` (whole words of "one two three …", the first space looked for after
/// index `length`).
@Suite("pseudo-locales: en-XA, ar-XB and double length")
struct PseudoLocalizationTests {
    @Test(
        "expand (en-XA): accented, placeholders bracketed, padded by half the length, enclosed",
        arguments: [
            // 5 letters: padded by 2, and AOSP's first space after index 2 ends "one".
            ("Hello", "[Ĥéļļö one]"),
            // "Delete " and "?" are 8 characters (the placeholder is not counted): padded by 4 → "one two".
            ("Delete %1$s?", "[Ðéļéţé »%1$s«¿ one two]"),
            // Tags and entities are kept, `%%` is no placeholder, `{name}` is one; AOSP's table maps
            // v to V (U+0056) and q to Q.
            ("<b>Save</b> 100%% {name}", "[<b>ŠåVé</b> 100%% »{name}« one two]"),
            // F is not in AOSP's table: it is kept, and it starts a counted word.
            ("File", "[Fîļé one]"),
        ])
    func expand(_ text: String, _ pseudo: String) {
        #expect(PseudoLocale.expand(factor: nil).apply(to: text) == pseudo)
    }

    @Test("AOSP's padding words: whole words, at least the length asked, its quirks kept")
    func expansionWords() {
        #expect(pseudoExpansion(length: 0) == "one")
        #expect(pseudoExpansion(length: 3) == "one two")
        #expect(pseudoExpansion(length: 8) == "one two three")
        // Beyond the 128 characters of the list, it starts again after a space.
        let long = pseudoExpansion(length: 140)
        #expect(long.hasPrefix("one two three four") && long.contains("twenty one two"))
        #expect(long.count >= 140)
    }

    @Test("expand:1.4 pads to 1.4 times the text's characters, with whole words")
    func expandFactor() {
        // 20 characters: 8 of padding with its space, "one two" (7) is the closest.
        let text = "Delete all the files"
        #expect(PseudoLocale.expand(factor: 1.4).apply(to: text) == "[Ðéļéţé åļļ ţĥé ƒîļéš one two]")
        // 4 characters: 1.6 of padding, nearer to nothing than to "one".
        #expect(PseudoLocale.expand(factor: 1.4).apply(to: "Save") == "[ŠåVé]")
        #expect(PseudoLocale.expand(factor: 2).apply(to: "Save") == "[ŠåVé one]")
    }

    @Test("bidi (ar-XB): each word between RLM RLO and PDF RLM")
    func bidi() {
        #expect(
            PseudoLocale.bidi.apply(to: "Open file")
                == "\u{200F}\u{202E}Open\u{202C}\u{200F} \u{200F}\u{202E}file\u{202C}\u{200F}")
        #expect(PseudoLocale.bidi.apply(to: " ") == " ")
    }

    @Test("double: the text twice")
    func double() {
        #expect(PseudoLocale.double.apply(to: "Save") == "Save Save")
        #expect(PseudoLocale.double.apply(to: "") == "")
    }

    @Test(
        "parsing: the names and factors --pseudo takes",
        arguments: [
            ("expand", PseudoLocale.expand(factor: nil)), ("expand:1.4", .expand(factor: 1.4)), ("bidi", .bidi),
            ("double", .double),
        ])
    func parsing(_ text: String, _ pseudo: PseudoLocale) {
        #expect(PseudoLocale(parsing: text) == pseudo)
        #expect(pseudo.description == text)
    }

    @Test(
        "parsing refuses other names and factors below 1 or above 10",
        arguments: ["expand:0.9", "expand:11", "expand:", "XA", ""])
    func refused(_ text: String) {
        #expect(PseudoLocale(parsing: text) == nil)
    }

    @Test("a pseudo-locale is measured exactly: its line count is the rewritten text's own at the width")
    func measuredExactly() throws {
        let engine = try TextLayoutEngine(
            chain: TestFonts.chromiumChain(TestFonts.dejaVuSans), fontSize: 16, lineHeight: .normal)
        let row = Row(index: 0, id: "delete", text: "Delete all the files", sourceLine: 1)
        let forecaster = OverflowForecaster()
        for pseudo in [PseudoLocale.expand(factor: 1.4), .expand(factor: nil), .bidi, .double] {
            let forecast = forecaster.pseudoForecast(
                row: row, text: row.text, pseudo: pseudo, engine: engine, width: 150,
                budget: Budget(maxLines: 1))
            let layout = engine.layout(engine.prepare(pseudo.apply(to: row.text)), width: 150)
            #expect(forecast.medianLines == layout.lineCount && forecast.p90Lines == layout.lineCount)
            #expect(forecast.overflowProbability == (layout.lineCount > 1 ? 1 : 0))
            #expect(forecast.pseudoText == pseudo.apply(to: row.text))
        }
        // "Delete all the files" is 145.48 px wide in DejaVu Sans 16 px, doubled 296.05 px: at 280 px
        // the source takes 1 line and the pseudo-locale 2, the ratio measured is 296.05 / 145.48.
        let doubled = forecaster.pseudoForecast(
            row: row, text: row.text, pseudo: .double, engine: engine, width: 280, budget: Budget(maxLines: 1))
        #expect(doubled.sourceLines == 1 && doubled.sourceFits && doubled.medianLines == 2)
        #expect(abs(doubled.medianRatio - 296.0546875 / 145.484375) < 1e-9)
        #expect(doubled.overflowProbability == 1)
    }
}
