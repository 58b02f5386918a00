import Testing
@testable import CellHeightKit

@Suite("row settings")
struct RowSettingsTests {
    static let base = RowSettings(font: "DejaVu Sans", fontSize: 14, lineHeight: .normal, widths: [320, 375],
                                  budget: Budget(maxLines: 3))

    static func row(_ fields: [String: String], line: Int = 7) -> Row {
        Row(index: 0, id: fields["id"], text: fields["text"] ?? "", sourceLine: line, fields: fields)
    }

    @Test("a row's own fields override the base; a width replaces every width (and stands in each column)")
    func overrides() throws {
        let resolver = RowSettingsResolver(base: Self.base)
        let row = Self.row(["text": "x", "width": "200", "font": "Liberation Serif", "size": "17.5",
                            "lineHeight": "1.5", "maxHeight": "40"])
        #expect(try resolver.settings(for: row, source: "rows.json") ==
                RowSettings(font: "Liberation Serif", fontSize: 17.5, lineHeight: .multiple(1.5), widths: [200, 200],
                            budget: Budget(maxLines: 3, maxHeight: 40)))
        // With one base width, the row's width is the one column.
        let single = RowSettingsResolver(base: RowSettings(font: "DejaVu Sans", fontSize: 14, lineHeight: .normal, widths: [320]))
        #expect(try single.settings(for: Self.row(["text": "x", "width": "200"]), source: "rows.json").widths == [200])
    }

    @Test("plain text rows keep the base")
    func plainRows() throws {
        let row = Row(index: 4, text: "hello", sourceLine: 5)
        #expect(try RowSettingsResolver(base: Self.base).settings(for: row, source: "-") == Self.base)
    }

    @Test("a catalog's maxWidth is the width, one line unless a budget says otherwise")
    func maxWidth() throws {
        let noBudget = RowSettings(font: "DejaVu Sans", fontSize: 14, lineHeight: .normal, widths: [320])
        let oneLine = try RowSettingsResolver(base: noBudget).settings(for: Self.row(["maxWidth": "120"]), source: "a.xlf")
        #expect(oneLine.widths == [120] && oneLine.budget == Budget(maxLines: 1))
        let tall = try RowSettingsResolver(base: noBudget).settings(for: Self.row(["maxWidth": "120", "maxHeight": "50"]),
                                                                    source: "a.xlf")
        #expect(tall.widths == [120] && tall.budget == Budget(maxHeight: 50))
        // The base's line budget stands.
        let based = try RowSettingsResolver(base: Self.base).settings(for: Self.row(["maxWidth": "120"]), source: "a.xlf")
        #expect(based.budget == Budget(maxLines: 3))
    }

    @Test("with a template, font fields are the labels' text, not settings")
    func templateFields() throws {
        let resolver = RowSettingsResolver(base: Self.base, setsFonts: false)
        let settings = try resolver.settings(for: Self.row(["font": "Bold", "size": "9", "maxLines": "2"]), source: "r")
        #expect(settings == RowSettings(font: "DejaVu Sans", fontSize: 14, lineHeight: .normal, widths: [320, 375],
                                        budget: Budget(maxLines: 2)))
    }

    /// Rules that overlap: keys, locales, budgets, widths, fonts, sizes, text rewriting, skipping.
    static let overlappingRules: [BudgetRule] = [
        BudgetRule(keys: ["*"], maxLines: 4),
        BudgetRule(keys: ["*.title"], maxLines: 2, text: TextRewriting(mnemonic: "_")),
        BudgetRule(keys: ["settings.*"], locales: ["de", "pt-BR"], widths: [200], maxHeight: 60),
        BudgetRule(keys: ["*.body", "about.*"], font: "Liberation Serif", fontSize: 15, lineHeight: .multiple(1.4)),
        BudgetRule(keys: ["settings.title"], maxLines: 1, skipsUntranslated: true),
        BudgetRule(keys: ["*"], locales: ["ja"], text: TextRewriting(replacements: [TextReplacement(from: "%@", to: "Files")])),
        BudgetRule(keys: ["about.?"], maxHeight: 20),
    ]

    @Test("rules give each row what applying them in file order gives: shared settings by the rules it matches (a few rules), applied again (many)",
          arguments: [7, 9])
    func rulesByMatches(ruleCount: Int) throws {
        let rules = BudgetRules(file: "rules.yaml", rules: Array((Self.overlappingRules + Self.overlappingRules).prefix(ruleCount)))
        for setsFonts in [true, false] {
            let resolver = RowSettingsResolver(base: Self.base, rules: rules, setsFonts: setsFonts)
            for key in ["settings.title", "settings.body", "about.x", "about.xy", "home.title", "x", ""] {
                for locale in [nil, "de", "pt_BR", "ja", "fr"] {
                    var fields = ["text": "t", "key": key]
                    if let locale { fields["locale"] = locale }
                    let row = Self.row(fields)
                    let expected = rules.apply(to: Self.base, key: key, locale: locale, setsFonts: setsFonts)
                        .showingOwnWidth(inColumnsOf: Self.base)
                    #expect(try resolver.settings(for: row, source: "r") == expected, "\(key) [\(locale ?? "")]")
                }
            }
        }
    }

    @Test("bad setting fields name the row's line", arguments: [
        (["maxLines": "0"], "rows.json:7: \"maxLines\" must be a whole number, 1 or more, got \"0\""),
        (["maxLines": "two"], "rows.json:7: \"maxLines\" must be a whole number, 1 or more, got \"two\""),
        (["width": "-3"], "rows.json:7: \"width\" must be a number of px above 0 and at most 1000000, got \"-3\""),
        (["size": "0"], "rows.json:7: \"size\" must be a number of px above 0 and at most 10000, got \"0\""),
        (["lineHeight": "tall"], "rows.json:7: \"lineHeight\" must be 'normal', a length like '20px' (at most 1000000px) or a positive multiple of the size like '1.4' (at most 1000), got \"tall\""),
        (["font": ""], "rows.json:7: \"font\" must be a font file or family name, got \"\""),
    ])
    func badFields(fields: [String: String], message: String) {
        #expect {
            _ = try RowSettingsResolver(base: Self.base).settings(for: Self.row(fields), source: "rows.json")
        } throws: { error in
            (error as? CellHeightError)?.description == message && (error as? CellHeightError)?.exitCode == .invalidInput
        }
    }

    @Test("settings are values: a copy changed leaves the original alone; equal values are equal and hash alike, shared or not")
    func valueSemantics() {
        let base = RowSettings(font: "DejaVu Sans", fontSize: 14, lineHeight: .normal, widths: [320])
        var copy = base
        #expect(copy == base)
        copy.budget.maxLines = 2
        copy.widths.append(375)
        #expect(base.budget == .none && base.widths == [320])
        #expect(copy.budget.maxLines == 2 && copy.widths == [320, 375] && copy != base)
        var back = copy
        back.budget = .none
        back.widths = [320]
        // Equal values in storage of their own.
        #expect(back == base && back.hashValue == base.hashValue)
        #expect(Set([base, copy, back]).count == 2)
        for change: (inout RowSettings) -> Void in [{ $0.font = "Other" }, { $0.fontSize = 15 }, { $0.lineHeight = .pixels(20) },
                                                    { $0.text.markdown = true }, { $0.skipsUntranslated = true }] {
            var changed = base
            change(&changed)
            #expect(changed != base && base == RowSettings(font: "DejaVu Sans", fontSize: 14, lineHeight: .normal, widths: [320]))
        }
    }
}
