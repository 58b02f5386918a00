import CellHeightEngine

/// Settings of a run that cannot go together, said in the library's terms: what was asked, not
/// which option asked for it. `HeightRun` throws them as `CellHeightError.conflict`; the command
/// line words each with its own option names, and `description` is the wording for other callers
/// of the library.
public enum RunConflict: Equatable, Sendable, CustomStringConvertible {
    /// Several sizes with a template, whose labels have their own sizes.
    case severalSizesWithTemplate(templateFile: String)
    /// Several sizes with a rules file that sets a size (at `jsonPath`): a rule's size would replace
    /// every size.
    case severalSizesWithRuleSize(rulesFile: String, jsonPath: String)
    /// A row (at `line` of `source`) that sets a size of its own in a run at several sizes: it would
    /// replace every size. An error in the input (exit 65), found while measuring.
    case severalSizesWithRowSize(source: String, line: Int)
    /// A single-text cell whose padding leaves the text no width (`textWidth` ≤ 0) in a cell
    /// `cellWidth` px wide.
    case paddingLeavesNoRoom(cellWidth: Double, textWidth: Double)
    /// A width asked for (not the template's own) at which a template's padding and a label's insets
    /// leave that label's text no width.
    case widthTooNarrowForTemplate(templateFile: String, label: String, cellWidth: Double, textWidth: Double)
    /// A layout setting the run was given for every row (`value`, as messages show it) that a rule
    /// of the rules file (at `jsonPath`) sets to another value for the rows it matches.
    case ruleDisagrees(setting: RuleLayoutSetting, value: String, rulesFile: String, jsonPath: String)
    /// A rule (at `jsonPath`) giving `ruleWidths` widths where the run has `columns` (a rule's
    /// several widths replace the report's columns one for one).
    case ruleWidthsDoNotFitColumns(rulesFile: String, jsonPath: String, ruleWidths: Int, columns: Int)

    /// The exit code: 65 for a row's own setting (the input is wrong), else 64 (the run's settings).
    public var exitCode: CellHeightError.ExitCode {
        if case .severalSizesWithRowSize = self { return .invalidInput }
        return .usage
    }

    public var description: String {
        switch self {
        case .severalSizesWithTemplate(let template):
            return "several sizes cannot be used with the template \(messageText(template)): "
                + "its labels have their own sizes"
        case .severalSizesWithRuleSize(let file, let path):
            return "several sizes cannot be used with rules that set a size (\(messageText(file)): \(path)): "
                + "it would replace every size"
        case .severalSizesWithRowSize(let source, let line):
            return "\(messageText(source)):\(line): \"size\" cannot be used in a run at several sizes: "
                + "it would replace every size"
        case .paddingLeavesNoRoom(let cellWidth, let textWidth):
            return "the padding leaves no room for the text in a \(formatPixels(cellWidth)) px wide cell "
                + "(text width \(formatPixels(textWidth)) px)"
        case .widthTooNarrowForTemplate(let template, let label, let cellWidth, let textWidth):
            return "a width of \(formatPixels(cellWidth)) px is too narrow for \(messageText(template)): "
                + RunConflict.noRoomForLabel(label, cellWidth: cellWidth, textWidth: textWidth)
        case .ruleDisagrees(let setting, let value, let file, let path):
            return messageText("the \(setting.name) \(messageText(value)) disagrees with \(file) (\(path)): "
                + RunConflict.oneplace(setting, given: "the run's settings"), limit: 1_000)
        case .ruleWidthsDoNotFitColumns(let file, let path, let ruleWidths, let columns):
            return messageText("the rule \(messageText(file)): \(path) gives \(ruleWidths) widths where the run has "
                + "\(columns): a report has one column per width", limit: 1_000)
        }
    }

    /// The advice after a rule that disagrees with the settings `given` (e.g. "the command line"):
    /// "give the width in one place (the rules, per key and locale, or the command line, for every row)".
    public static func oneplace(_ setting: RuleLayoutSetting, given: String) -> String {
        "give the \(setting.name) in one place (the rules, per key and locale, or \(given), for every row)"
    }

    /// Why a template's label has no room, e.g. "padding and insets leave no room for the text of
    /// label "title" in a 30 px wide cell (text width -5 px)".
    public static func noRoomForLabel(_ label: String, cellWidth: Double, textWidth: Double) -> String {
        "padding and insets leave no room for the text of label \"\(label)\" in a \(formatPixels(cellWidth)) px "
            + "wide cell (text width \(formatPixels(textWidth)) px)"
    }
}
