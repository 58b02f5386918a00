/// A layout setting that both the command line and a rules file can give: `--width` and a rule's
/// `width`, `--font` and `font` or `fonts`, `--size` and `size`, `--line-height` and `lineHeight`.
///
/// Given in both places with different values it is an error, not a silent choice: a rule sets its
/// value for the rows it matches, which would override the command line's for them (and for them
/// only), so a run could measure other widths or fonts than its command asks for. The same value in
/// both places measures the same either way, and is accepted.
public enum RuleLayoutSetting: String, CaseIterable, Sendable {
    case width, font, size, lineHeight

    /// The setting's name in messages, e.g. "line height".
    public var name: String { self == .lineHeight ? "line height" : rawValue }

    /// The command line's value in messages, e.g. "200,320" or "DejaVu Sans".
    func value(in settings: RowSettings) -> String {
        switch self {
        case .width: return settings.widths.map(formatPixels).joined(separator: ",")
        case .font: return settings.font
        case .size: return formatPixels(settings.fontSize)
        case .lineHeight: return settings.lineHeight.description
        }
    }

    /// The JSON path of the first rule that gives this setting another value than `settings`,
    /// e.g. "$.rules[0].width"; nil when none does.
    func firstDifferingRulePath(in rules: BudgetRules, from settings: RowSettings) -> String? {
        for (index, rule) in rules.rules.enumerated() {
            let path = "$.rules[\(index)]"
            switch self {
            case .width: if let widths = rule.widths, widths != settings.widths { return path + ".width" }
            case .font:
                if let font = rule.font, font != settings.font { return path + ".font" }
                if let other = rule.localeFonts.first(where: { $0.font != settings.font }) {
                    return path + ".fonts" + memberPath("", other.locale)
                }
            case .size: if let size = rule.fontSize, size != settings.fontSize { return path + ".size" }
            case .lineHeight: if let lineHeight = rule.lineHeight, lineHeight != settings.lineHeight { return path + ".lineHeight" }
            }
        }
        return nil
    }
}

/// Refuses a layout setting given for every row (`given`; its value in `settings`) that a rule of
/// `rules` sets to another value.
///
/// - Throws: `CellHeightError.conflict(.ruleDisagrees)` naming the setting and the rule.
func checkRulesAgreeWithCommandLine(_ rules: BudgetRules, settings: RowSettings, given: Set<RuleLayoutSetting>) throws {
    for setting in RuleLayoutSetting.allCases where given.contains(setting) {
        guard let path = setting.firstDifferingRulePath(in: rules, from: settings) else { continue }
        throw CellHeightError.conflict(.ruleDisagrees(setting: setting, value: setting.value(in: settings),
                                                      rulesFile: rules.file, jsonPath: path))
    }
}

/// Refuses a rule giving several widths, but not one per column of the report (the run's
/// widths): a rule's single width stands in every column (see `RowSettings.showingOwnWidth`),
/// several replace the columns one for one.
///
/// - Throws: `CellHeightError.conflict(.ruleWidthsDoNotFitColumns)` naming the rule.
func checkRuleWidthsFitColumns(_ rules: BudgetRules, columns: Int) throws {
    guard let index = rules.rules.firstIndex(where: { ($0.widths?.count ?? 1) > 1 && $0.widths!.count != columns }) else {
        return
    }
    throw CellHeightError.conflict(.ruleWidthsDoNotFitColumns(rulesFile: rules.file, jsonPath: "$.rules[\(index)].width",
                                                              ruleWidths: rules.rules[index].widths!.count,
                                                              columns: columns))
}
