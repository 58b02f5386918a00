import Foundation
import Testing
@testable import CellHeightKit
import CellHeightTestSupport

/// Issue 15: what is measured in place of the text as read: mnemonics, replacements, placeholders.
@Suite("text rewriting: mnemonics, replacements, placeholder samples")
struct TextRewritingTests {
    @Test("mnemonics: the marker goes, doubled it is itself, before white space or at the end it stays", arguments: [
        ("_", "_Open", "Open"), ("_", "Save _As…", "Save As…"), ("_", "__init__ _File", "_init_ File"),
        ("_", "Tom _ Jerry_", "Tom _ Jerry_"), ("&", "&Datei", "Datei"), ("&", "Tom && Jerry", "Tom & Jerry"),
        ("&", "Tom & Jerry", "Tom & Jerry"), ("_", "no marker", "no marker"),
        // Issue 28: GTK reads code points: a marker before a ZWNJ (Persian) or a combining mark goes too.
        ("_", "نمایش_\u{200C}ها", "نمایش\u{200C}ها"), ("_", "_\u{301}e", "\u{301}e"),
    ])
    func mnemonics(_ marker: Character, _ text: String, _ shown: String) {
        #expect(TextRewriting(mnemonic: marker).apply(to: text, syntax: .any) == shown)
    }

    /// Issue 31, item 4: 24 rules of {"a": "aa"} took 35 s and 624 MB for one row of a few words
    /// (26 passed 2 GB). Replacements that feed each other are fine; a chain that grows a text
    /// more than 16 times beyond what each replacement does alone is refused at the rule where it does.
    @Test("chained replacements: a chain that feeds itself is refused at the rule where it grows too much")
    func replacementGrowth() throws {
        // Feeding each other once, and long samples of short placeholders: fine.
        #expect(ReplacementGrowth.firstExcess(in: [TextReplacement(from: "{app}", to: "{brand} Files"),
                                                   TextReplacement(from: "{brand}", to: "Acme"),
                                                   TextReplacement(from: "%@", to: String(repeating: "Alexandra ", count: 20))]) == nil)
        let doubling = [TextReplacement](repeating: TextReplacement(from: "a", to: "aa"), count: 24)
        #expect(ReplacementGrowth.firstExcess(in: Array(doubling.prefix(5))) == nil)  // 32 a's: 16 times 2
        let excess = try #require(ReplacementGrowth.firstExcess(in: doubling))
        #expect(excess.index == 5 && excess.factor == 32)
        let rules = "rules:\n" + String(repeating: "  - replacements: {\"a\": \"aa\"}\n", count: 24)
        #expect {
            try parseBudgetRules(Data(rules.utf8), file: "rules.yaml")
        } throws: { error in
            (error as? CellHeightError)?.description == "rules.yaml: $.rules[5].replacements.a: the replacements up to this one "
                + "feed each other and grow a text more than 16 times (32 times) beyond what each does alone"
        }
    }

    @Test("replacements are literal, in order, before placeholders")
    func replacements() {
        let rewriting = TextRewriting(replacements: [TextReplacement(from: "%1$s", to: "Bob"), TextReplacement(from: "Bob", to: "Robert"),
                                                     TextReplacement(from: "{app}", to: "Files")],
                                      stringSample: "Alexandra")
        #expect(rewriting.apply(to: "%1$s opened {app} and %2$s", syntax: .any) == "Robert opened Files and Alexandra")
    }

    @Test("placeholder samples: numbers and strings each only when given; %% is % then")
    func samples() {
        let numbers = TextRewriting(numberSample: "8,888")
        #expect(numbers.apply(to: "%d of %s, 100%%", syntax: .printf) == "8,888 of %s, 100%")
        let strings = TextRewriting(stringSample: "Alexandra")
        #expect(strings.apply(to: "%d of %s", syntax: .printf) == "%d of Alexandra")
        let both = TextRewriting(numberSample: "8,888", stringSample: "Alexandra")
        #expect(both.apply(to: "# Dateien von {owner}", syntax: [.braces, .pluralNumber]) == "8,888 Dateien von Alexandra")
        // Only the row's own syntaxes: an Android string's {name} is text.
        #expect(both.apply(to: "{name}: %1$s", syntax: CatalogFormat.androidXML.placeholderSyntax) == "{name}: Alexandra")
        // `${name}` is one placeholder, its `$` included (issue 28); `$` before anything else is text.
        #expect(strings.apply(to: "Bonjour ${user}, il reste $5 et ${ 'x' }", syntax: CatalogFormat.po.placeholderSyntax)
                    == "Bonjour Alexandra, il reste $5 et ${ 'x' }")
        // Without samples, placeholders are measured as written.
        #expect(TextRewriting().apply(to: "%d%%", syntax: .printf) == "%d%%")
    }

    @Test("rules: later rules override samples and mnemonics, replacements add up")
    func overriding() throws {
        let rules = try parseBudgetRules(Data("""
            rules:
              - placeholderNumber: 8888
                placeholderString: Alexandra
                replacements: {"{app}": Files}
              - keys: "menu.*"
                mnemonic: "_"
                placeholderString: Bo
                replacements: {"%1$s": Robert, Files: Dateien}
            """.utf8), file: "rules.yaml")
        let base = RowSettings(font: "sans-serif", fontSize: 16, lineHeight: .normal, widths: [320],
                               text: TextRewriting(replacements: [TextReplacement(from: "x", to: "y")]))
        let menu = rules.apply(to: base, key: "menu.open", locale: "de", setsFonts: true).text
        #expect(menu == TextRewriting(mnemonic: "_", replacements: [
            TextReplacement(from: "x", to: "y"), TextReplacement(from: "{app}", to: "Files"),
            TextReplacement(from: "%1$s", to: "Robert"), TextReplacement(from: "Files", to: "Dateien"),
        ], numberSample: "8888", stringSample: "Bo"))
        #expect(menu.apply(to: "_Open {app} with %1$s and %2$s", syntax: .any) == "Open Dateien with Robert and Bo")
        let other = rules.apply(to: base, key: "title", locale: "de", setsFonts: false).text
        #expect(other.mnemonic == nil && other.stringSample == "Alexandra")
    }

    @Test("bad text settings in rules: one error with the place", arguments: [
        ("rules:\n  - mnemonic: ab\n", "r.yaml: $.rules[0].mnemonic: must be one character that is not a letter, digit or white space, e.g. \"_\" or \"&\", got \"ab\""),
        ("rules:\n  - mnemonic: a\n", "r.yaml: $.rules[0].mnemonic: must be one character"),
        ("rules:\n  - replacements: [a, b]\n", "r.yaml: $.rules[0].replacements: expected an object of text: replacement, found an array"),
        ("rules:\n  - replacements: {\"\": b}\n", "r.yaml: $.rules[0].replacements[\"\"]: the text to replace is empty"),
        ("rules:\n  - placeholderString: [a]\n", "r.yaml: $.rules[0].placeholderString: expected a string, found an array"),
    ])
    func errors(_ text: String, _ message: String) {
        #expect {
            _ = try parseBudgetRules(Data(text.utf8), file: "r.yaml")
        } throws: { error in
            (error as? CellHeightError)?.description.hasPrefix(message) == true
        }
    }

    @Test("the measurer measures the rewritten text, and the cell holds it")
    func measured() throws {
        let cell = CellTemplate.singleLabel(font: TestFonts.dejaVuSans, fontSize: 14, lineHeight: .normal)
        let engines = try makeLabelEngines(for: cell.labels, fallbackSpecs: nil, whiteSpace: .preWrap).engines
        let base = RowSettings(font: TestFonts.dejaVuSans, fontSize: 14, lineHeight: .normal, widths: [60],
                               text: TextRewriting(stringSample: "Alexandra"))
        let measurer = try RowSettingsMeasurer(cell: cell, isTemplate: false, engines: engines, base: base,
                                               fallbackSpecs: nil, whiteSpace: .preWrap, details: false)
        let row = Row(index: 0, text: "%s", sourceLine: 1, placeholders: .printf)
        let rewritten = measurer.measure(row, settings: nil)
        #expect(rewritten.row.text == "Alexandra")
        var literal = base
        literal.text = TextRewriting()
        try measurer.prepare(literal)
        let asWritten = measurer.measure(row, settings: literal)
        #expect(asWritten.row.text == "%s")
        // "Alexandra" is wider than 60 px at 14 px: two lines, where "%s" is one.
        #expect(rewritten.results[0].labels[0].text.lineCount == 2)
        #expect(asWritten.results[0].labels[0].text.lineCount == 1)
    }
}
