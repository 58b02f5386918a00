import CellHeightEngine

/// How one row is measured and what it must fit in (and what of its text is measured): the command line's settings, changed by the
/// rules that match the row's key and locale, then by the row's own fields.
package struct RowSettings: Hashable, Sendable {
    /// The font as `--font` takes it, e.g. "DejaVu Sans" or a file path (unused with a template,
    /// whose labels name their own).
    package var font: String {
        get { box.values.font }
        set { change { $0.font = newValue } }
    }
    /// Font size in px, e.g. 14.
    package var fontSize: Double {
        get { box.values.fontSize }
        set { change { $0.fontSize = newValue } }
    }
    package var lineHeight: LineHeight {
        get { box.values.lineHeight }
        set { change { $0.lineHeight = newValue } }
    }
    /// Cell widths in px, e.g. [320]; a row or rule with a width of its own replaces them all.
    package var widths: [Double] {
        get { box.values.widths }
        set { change { $0.widths = newValue } }
    }
    package var budget: Budget {
        get { box.values.budget }
        set { change { $0.budget = newValue } }
    }
    /// What is measured in place of the text as read (mnemonics, replacements, placeholders).
    package var text: TextRewriting {
        get { box.values.text }
        set { change { $0.text = newValue } }
    }
    /// Whether an untranslated row (see `Row.isUntranslated`) is left out of the budget check.
    package var skipsUntranslated: Bool {
        get { box.values.skipsUntranslated }
        set { change { $0.skipsUntranslated = newValue } }
    }

    /// The values, shared by copies: rows mostly have the settings of many others (the base, or
    /// what the rules they match make of it), and a copy then costs one reference count, not one
    /// per string and array, and copies compare equal at a glance (see `==`).
    private var box: Box

    private final class Box: Sendable {
        let values: Values
        init(_ values: Values) { self.values = values }
    }

    private struct Values: Hashable, Sendable {
        var font: String
        var fontSize: Double
        var lineHeight: LineHeight
        var widths: [Double]
        var budget: Budget
        var text: TextRewriting
        var skipsUntranslated: Bool
    }

    package init(font: String, fontSize: Double, lineHeight: LineHeight, widths: [Double], budget: Budget = .none,
                text: TextRewriting = TextRewriting(), skipsUntranslated: Bool = false) {
        box = Box(Values(font: font, fontSize: fontSize, lineHeight: lineHeight, widths: widths, budget: budget,
                         text: text, skipsUntranslated: skipsUntranslated))
    }

    /// Changes one value: in new storage, the old one being shared (changes are rare: rules and
    /// row fields applied to settings).
    private mutating func change(_ body: (inout Values) -> Void) {
        var values = box.values
        body(&values)
        box = Box(values)
    }

    package static func == (lhs: RowSettings, rhs: RowSettings) -> Bool {
        lhs.box === rhs.box || lhs.box.values == rhs.box.values
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(box.values)
    }
}

/// Works out each row's settings: the base (the command line's), then every rule of a rules file
/// that matches the row, in file order, then the row's own fields (`width`, `font`, `size`,
/// `lineHeight`, `maxLines`, `maxHeight`, and a catalog's `maxWidth`).
package struct RowSettingsResolver: Sendable {
    package let base: RowSettings
    package let rules: BudgetRules?
    /// Whether rows and rules may set the font, size and line height: false with a template, whose
    /// labels have their own (then only widths and budgets are taken).
    package let setsFonts: Bool

    /// The row fields read as settings.
    package static let fieldNames = ["width", "font", "size", "lineHeight", "maxLines", "maxHeight", "maxWidth"]

    /// What the rules make of the base, by the rules a row matches (bit `i` for rule `i`), when
    /// that is all it depends on (a few rules, none with fonts by locale): a row then costs its
    /// rules' matches and a copy of shared settings, not the rules applied to the base again.
    /// Each also as a row without fields of its own has it (`showingOwnWidth`).
    private let settingsByMatches: [(rules: RowSettings, shown: RowSettings)]?
    /// Where the rules a row matches are recorded (see `RuleUsage`); nil when nobody asks.
    package let usage: RuleUsage?

    package init(base: RowSettings, rules: BudgetRules? = nil, setsFonts: Bool = true, usage: RuleUsage? = nil) {
        self.base = base
        self.rules = rules
        self.setsFonts = setsFonts
        self.usage = usage
        if let rules, rules.rules.count <= 8, rules.rules.allSatisfy({ $0.localeFonts.isEmpty }) {
            settingsByMatches = (0..<(1 << rules.rules.count)).map { matches in
                let settings = rules.apply(to: base, locale: nil, setsFonts: setsFonts) { index, _ in matches & (1 << index) != 0 }
                return (settings, settings.showingOwnWidth(inColumnsOf: base))
            }
        } else {
            settingsByMatches = nil
        }
    }

    /// The settings of `row` when they may differ from the base; nil when they are the base (no
    /// rules, no setting fields): the common case, which then costs no copy and no lookup.
    package func ownSettings(for row: Row, source: String) throws -> RowSettings? {
        guard hasOwnSettings(row) else { return nil }
        return try settings(for: row, source: source)
    }

    /// Whether `row` may have settings other than the base: rules, or a setting field of its own.
    package func hasOwnSettings(_ row: Row) -> Bool {
        rules != nil || (row.fields?.keys.contains(where: Self.isSettingField) ?? false)
    }

    /// Whether a row field is read as a setting (see `fieldNames`).
    static func isSettingField(_ name: String) -> Bool {
        switch name {
        case "width", "font", "size", "lineHeight", "maxLines", "maxHeight", "maxWidth": return true
        default: return false
        }
    }

    /// The settings of `row`, read from `source` (for messages).
    ///
    /// - Throws: `CellHeightError.invalidInput` naming the row's line when one of its setting fields
    ///   has a bad value.
    package func settings(for row: Row, source: String) throws -> RowSettings {
        var settings: RowSettings
        // (A file's absolute path only when a rule selects by file.)
        let file = rules?.selectsFiles == true ? (row.source ?? (source == "<stdin>" ? nil : source)).map(absolutePath) : nil
        if let rules, let settingsByMatches {
            let key = row.key, locale = row.locale
            var matches = 0
            for index in rules.rules.indices where rules.rules[index].matches(key: key, locale: locale, file: file) { matches |= 1 << index }
            usage?.record(mask: UInt64(matches))
            // (No copy of the base settings for the usual row: one of the precomputed values.)
            guard case .some = row.fields else { return settingsByMatches[matches].shown }
            settings = settingsByMatches[matches].rules
        } else if let rules {
            let key = row.key, locale = row.locale
            settings = rules.apply(to: base, locale: locale, setsFonts: setsFonts) { index, rule in
                guard rule.matches(key: key, locale: locale, file: file) else { return false }
                usage?.record(index: index)
                return true
            }
        } else {
            settings = base
        }
        guard let fields = row.fields else { return settings.showingOwnWidth(inColumnsOf: base) }
        func bad(_ name: String, _ expected: String, _ value: String) -> CellHeightError {
            .invalidInput(source: source, line: row.sourceLine, reason: "\"\(name)\" must be \(expected), got \"\(messageText(value))\"")
        }
        func pixels(_ name: String, maximum: Double = CellTemplate.maximumWidth) throws -> Double? {
            guard let text = fields[name] else { return nil }
            guard let value = parseCSSNumber(text), value > 0, value <= maximum else {
                throw bad(name, "a number of px above 0 and at most \(formatPixels(maximum))", text)
            }
            return value
        }
        if let width = try pixels("width") { settings.widths = [width] }
        if setsFonts {
            if let font = fields["font"] {
                guard !font.isEmpty else { throw bad("font", "a font file or family name", font) }
                settings.font = font
            }
            if let size = try pixels("size", maximum: CellTemplate.maximumFontSize) { settings.fontSize = size }
            if let text = fields["lineHeight"] {
                guard let lineHeight = LineHeight(parsing: text) else {
                    throw bad("lineHeight", LineHeight.expectation, text)
                }
                settings.lineHeight = lineHeight
            }
        }
        var budget = Budget()
        if let text = fields["maxLines"] {
            guard let lines = Int(text), lines >= 1 else { throw bad("maxLines", "a whole number, 1 or more", text) }
            budget.maxLines = lines
        }
        budget.maxHeight = try pixels("maxHeight")
        // A catalog's pixel width restriction (XLIFF `maxwidth`): the text is laid out at that width
        // and, unless a height or line budget says otherwise, must fit on one line.
        if let maxWidth = try pixels("maxWidth") {
            settings.widths = [maxWidth]
            if !settings.budget.overridden(by: budget).isLimited { budget.maxLines = 1 }
        }
        settings.budget = settings.budget.overridden(by: budget)
        return settings.showingOwnWidth(inColumnsOf: base)
    }
}

extension RowSettings {
    /// These settings with a width of their own (a row's, a catalog's or a rule's single width)
    /// repeated for each of `base`'s widths: a report has one column per width given, and such a
    /// row shows its one layout in each (saying at which width it was measured).
    func showingOwnWidth(inColumnsOf base: RowSettings) -> RowSettings {
        guard widths.count == 1, base.widths.count > 1, widths != base.widths else { return self }
        var settings = self
        settings.widths = Array(repeating: widths[0], count: base.widths.count)
        return settings
    }
}

extension Row {
    /// The key rules match against: a catalog's `key` field (the id without a plural suffix), else
    /// the id; nil for rows without one.
    package var key: String? { fields?["key"] ?? id }

    /// The row's locale, e.g. "ja" or "pt-BR", from a catalog or a `locale` field; nil when unknown.
    package var locale: String? {
        guard let locale = fields?["locale"], !locale.isEmpty else { return nil }
        return locale
    }

    /// Whether the row shows the source text in place of a missing translation (a catalog's
    /// untranslated entry, or a row whose `untranslated` field is `true`).
    package var isUntranslated: Bool { fields?["untranslated"] == "true" }
}
