@testable import CellHeightEngine
import Foundation
import Testing
@testable import CellHeightKit

@Suite("rules files")
struct BudgetRulesTests {
    static let yaml = """
    # Labels of the app, by key.
    rules:
      - keys: "*"
        font: DejaVu Sans
        size: 14
        width: 320
        fonts: {ja: Noto Sans CJK JP, zh: Noto Sans CJK SC, zh-TW: Noto Sans CJK TC}
      - keys: ["*.title", "settings.*"]
        locales: [de, pt]
        maxLines: 1
        maxHeight: 20
        lineHeight: 20px
    """

    static let json = """
    {"rules": [
      {"keys": "*", "font": "DejaVu Sans", "size": 14, "width": 320,
       "fonts": {"ja": "Noto Sans CJK JP", "zh": "Noto Sans CJK SC", "zh-TW": "Noto Sans CJK TC"}},
      {"keys": ["*.title", "settings.*"], "locales": ["de", "pt"], "maxLines": 1, "maxHeight": 20,
       "lineHeight": "20px"}
    ]}
    """

    static let expected = BudgetRules(file: "rules", rules: [
        BudgetRule(keys: ["*"], font: "DejaVu Sans", fontSize: 14, widths: [320], localeFonts: [
            .init(locale: "ja", font: "Noto Sans CJK JP"), .init(locale: "zh", font: "Noto Sans CJK SC"),
            .init(locale: "zh-TW", font: "Noto Sans CJK TC"),
        ]),
        BudgetRule(keys: ["*.title", "settings.*"], locales: ["de", "pt"], lineHeight: .pixels(20), maxLines: 1,
                   maxHeight: 20),
    ])

    /// Issue 31, item 19: the alias-bomb guard counted every value, so 100,000 plain rules were
    /// refused as "more than 100000 values once aliases are expanded"; it counts what aliases add.
    @Test("100,000 plain rules are read; the guard counts what aliases add")
    func manyPlainRules() throws {
        let text = "rules:\n" + String(repeating: "- {keys: \"*.title\", maxLines: 2}\n", count: 100_000)
        let rules = try parseBudgetRules(Data(text.utf8), file: "rules.yaml")
        #expect(rules.rules.count == 100_000)
    }

    @Test("the same rules in YAML and in JSON", arguments: [("rules", yaml), ("rules", json)])
    func parsing(file: String, text: String) throws {
        #expect(try parseBudgetRules(Data(text.utf8), file: file) == Self.expected)
    }

    static let base = RowSettings(font: "sans-serif", fontSize: 16, lineHeight: .normal, widths: [375])

    @Test("matching rules apply in file order; locale fonts take the most specific locale", arguments: [
        // (key, locale) -> (font, size, line height, widths, budget)
        ("settings.wifi", "de", "DejaVu Sans", LineHeight.pixels(20), Budget(maxLines: 1, maxHeight: 20)),
        ("settings.wifi", "pt_BR", "DejaVu Sans", .pixels(20), Budget(maxLines: 1, maxHeight: 20)),
        ("settings.wifi", "fr", "DejaVu Sans", .normal, Budget()),
        ("about.body", "de", "DejaVu Sans", .normal, Budget()),
        ("window.title", "ja", "Noto Sans CJK JP", .normal, Budget()),
        ("window.title", "zh-Hans", "Noto Sans CJK SC", .normal, Budget()),
        ("window.title", "zh_TW", "Noto Sans CJK TC", .normal, Budget()),
        // A zh-Hant row (Traditional Chinese, likely in Taiwan) takes the zh-TW font, not zh's.
        ("window.title", "zh-Hant", "Noto Sans CJK TC", .normal, Budget()),
        ("window.title", "zh_CN", "Noto Sans CJK SC", .normal, Budget()),
    ])
    func matching(key: String, locale: String, font: String, lineHeight: LineHeight, budget: Budget) {
        let settings = Self.expected.apply(to: Self.base, key: key, locale: locale, setsFonts: true)
        #expect(settings == RowSettings(font: font, fontSize: 14, lineHeight: lineHeight, widths: [320], budget: budget))
    }

    @Test("a template's rows take widths and budgets only")
    func templateRows() {
        let settings = Self.expected.apply(to: Self.base, key: "a.title", locale: "de", setsFonts: false)
        #expect(settings == RowSettings(font: "sans-serif", fontSize: 16, lineHeight: .normal, widths: [320],
                                        budget: Budget(maxLines: 1, maxHeight: 20)))
    }

    @Test("locale patterns", arguments: [
        ("zh", "zh-Hant-TW", true), ("zh", "zh", true), ("pt", "pt_BR", true), ("pt-BR", "pt_br", true),
        ("pt", "ptx", false), ("zh-TW", "zh", false), ("zh-*", "zh-Hans", true), ("*", "ar", true),
        // Canonical forms (ICU): deprecated codes, gettext's modifiers and charsets, likely subtags.
        ("he", "iw", true), ("iw", "he_IL", true), ("pt-BR", "pt_BR.UTF-8", true), ("zh-*", "zh_TW", true),
        ("zh-TW", "zh-Hant", true), ("zh-Hant", "zh-TW", true), ("zh-Hant", "zh_HK", true), ("zh-Hans", "zh", true),
        ("zh-TW", "zh-CN", false), ("zh-Hant", "zh-CN", false), ("zh-TW", "zh-Hans-TW", false),
        ("sr-Latn", "sr@latin", true), ("sr", "sr@latin", true), ("sr-Cyrl", "sr@latin", false), ("sr-Latn", "sr", false),
    ])
    func localePatterns(pattern: String, locale: String, matches: Bool) {
        #expect(localeMatches(pattern, locale) == matches)
        // Asked again, the answer comes from the memo the workers share: the same answer.
        #expect(localeMatches(pattern, locale) == matches)
    }

    @Test("locale answers are asked of ICU once per pattern and locale, and the memo stays bounded (issue 26)")
    func localeMemo() {
        let memo = LocaleMatchMemo()
        var asked = 0
        for _ in 0..<3 {
            #expect(memo.matches("zh-TW", "zh_Hant") { asked += 1; return true })
            #expect(!memo.matches("ja", "de") { asked += 1; return false })
        }
        #expect(asked == 2)
        // Bounded as the engine's caches are (two generations of `capacity` answers): after as
        // many new answers, the first ones are forgotten and asked again.
        for n in 0..<(2 * LocaleMatchMemo.capacity) { _ = memo.matches("x", "l\(n)") { false } }
        _ = memo.matches("zh-TW", "zh_Hant") { asked += 1; return true }
        #expect(asked == 3)
    }

    @Test("key globs: fnmatch, with * crossing dots; rows without a key are matched by * only")
    func keyGlobs() {
        let rule = BudgetRule(keys: ["settings.*", "?.title"])
        #expect(rule.matches(key: "settings.wifi.name", locale: nil))
        #expect(rule.matches(key: "a.title", locale: nil))
        #expect(!rule.matches(key: "ab.title", locale: nil))
        #expect(!rule.matches(key: nil, locale: nil))
        #expect(BudgetRule().matches(key: nil, locale: nil))
        #expect(!BudgetRule(locales: ["de"]).matches(key: "x", locale: nil))
    }

    @Test("skipUntranslated: set per key and locale, a later rule overriding an earlier one")
    func skipUntranslated() throws {
        let rules = try parseBudgetRules(Data("""
            rules:
              - {keys: "*", maxLines: 1, skipUntranslated: true}
              - {keys: "*.title", locales: [ja], skipUntranslated: false}
            """.utf8), file: "r.yaml")
        #expect(rules.rules.map(\.skipsUntranslated) == [true, false])
        let de = rules.apply(to: Self.base, key: "a.title", locale: "de", setsFonts: true)
        let ja = rules.apply(to: Self.base, key: "a.title", locale: "ja", setsFonts: true)
        #expect(de.skipsUntranslated && !ja.skipsUntranslated)
        // A rule that does not say leaves the command line's choice.
        var skipping = Self.base
        skipping.skipsUntranslated = true
        #expect(BudgetRules(file: "r", rules: [BudgetRule(maxLines: 2)]).apply(to: skipping, key: "x", locale: nil, setsFonts: true)
                    .skipsUntranslated)
    }

    @Test("an option a rule sets to another value is refused, naming the first such rule; the same value is not")
    func commandLineAgainstRules() throws {
        // Nothing given, or only what no rule sets: no error.
        try checkRulesAgreeWithCommandLine(Self.expected, settings: Self.base, given: [])
        try checkRulesAgreeWithCommandLine(BudgetRules(file: "r", rules: [BudgetRule(maxLines: 1)]), settings: Self.base,
                                           given: Set(RuleLayoutSetting.allCases))
        func message(_ settings: RowSettings, _ given: Set<RuleLayoutSetting>) -> String? {
            do {
                try checkRulesAgreeWithCommandLine(Self.expected, settings: settings, given: given)
                return nil
            } catch let error as CellHeightError {
                return error.exitCode == .usage ? error.description : "exit \(error.exitCode)"
            } catch {
                return "\(error)"
            }
        }
        // In the library's words (the command line names its options: AuditCommandLineTests).
        let tail = " in one place (the rules, per key and locale, or the run's settings, for every row)"
        #expect(message(Self.base, [.lineHeight])
                == "the line height normal disagrees with rules ($.rules[1].lineHeight): give the line height" + tail)
        #expect(message(Self.base, [.width, .font]) == "the width 375 disagrees with rules ($.rules[0].width): give the width" + tail)
        // The rules' own values: the same measurements either way. But a locale's font is another font.
        let same = RowSettings(font: "DejaVu Sans", fontSize: 14, lineHeight: .pixels(20), widths: [320])
        #expect(message(same, [.width, .size, .lineHeight]) == nil)
        #expect(message(same, [.font]) == "the font DejaVu Sans disagrees with rules ($.rules[0].fonts.ja): give the font" + tail)
    }

    @Test("bad rules files: one error with the place", arguments: [
        ("r.yaml", "rules:\n  - keys: [a\n", "r.yaml:3:1: invalid YAML: did not find expected ',' or ']' (while parsing a flow sequence at line 2)"),
        ("r.json", "{\"rules\": [}", "r.json:1:12: invalid JSON: expected a value, found '}'"),
        ("r.yaml", "rules:\n  - widht: 3\n", "r.yaml: $.rules[0].widht: unknown key (expected one of: description, keys, key, files, locales, font, size, lineHeight, width, maxLines, maxHeight, fonts, mnemonic, replacements, placeholderNumber, placeholderString, skipUntranslated, markdown, textStyle, byCategory, byFontScale)"),
        ("r.yaml", "rules:\n  - maxLines: 0\n", "r.yaml: $.rules[0].maxLines: must be 1 or more, got 0"),
        ("r.yaml", "rules:\n  - maxLines: 1.5\n", "r.yaml: $.rules[0].maxLines: must be a whole number, 0 or more, got 1.5"),
        ("r.yaml", "rules:\n  - width: wide\n", "r.yaml: $.rules[0].width: expected a number, found a string"),
        ("r.yaml", "rules:\n  - markdown: off-ish\n", "r.yaml: $.rules[0].markdown: expected true or false, found a string"),
        ("r.yaml", "rules:\n  - skipUntranslated: always\n", "r.yaml: $.rules[0].skipUntranslated: expected true or false, found a string"),
        ("r.yaml", "rules:\n  - fonts: [a]\n", "r.yaml: $.rules[0].fonts: expected an object of locale: font, found an array"),
        ("r.yaml", "rules: {}\n", "r.yaml: $.rules: expected an array of rules, found an object"),
        ("r.yaml", "rule: []\n", "r.yaml: $.rule: unknown key (expected one of: description, rules, options, sourceLocale)"),
        ("r.yaml", "", "r.yaml: $: expected an object, found null"),
    ])
    func errors(file: String, text: String, message: String) {
        #expect {
            _ = try parseBudgetRules(Data(text.utf8), file: file)
        } throws: { error in
            guard let error = error as? CellHeightError, error.exitCode == .config else { return false }
            return error.description == message
        }
    }
}
