/// Settings of a run that cannot go together, said in the library's terms: what was asked, not
/// which option asked for it. `HeightRun` throws them as `CellHeightError.conflict` (exit 64); the
/// command line words each with its own option names, and `description` is the wording for other
/// callers of the library.
public enum RunConflict: Equatable, Sendable, CustomStringConvertible {
    /// Several sizes with a template, whose labels have their own sizes.
    case severalSizesWithTemplate(templateFile: String)
    /// Several sizes with a rules file that sets a size (at `jsonPath`): a rule's size would replace
    /// every size.
    case severalSizesWithRuleSize(rulesFile: String, jsonPath: String)
    /// A single-text cell whose padding leaves the text no width (`textWidth` ≤ 0) in a cell
    /// `cellWidth` px wide.
    case paddingLeavesNoRoom(cellWidth: Double, textWidth: Double)
    /// A width asked for (not the template's own) at which a template's padding and a label's insets
    /// leave that label's text no width.
    case widthTooNarrowForTemplate(templateFile: String, label: String, cellWidth: Double, textWidth: Double)

    public var description: String {
        switch self {
        case .severalSizesWithTemplate(let template):
            return "several sizes cannot be used with the template \(messageText(template)): "
                + "its labels have their own sizes"
        case .severalSizesWithRuleSize(let file, let path):
            return "several sizes cannot be used with rules that set a size (\(messageText(file)): \(path)): "
                + "it would replace every size"
        case .paddingLeavesNoRoom(let cellWidth, let textWidth):
            return "the padding leaves no room for the text in a \(formatPixels(cellWidth)) px wide cell "
                + "(text width \(formatPixels(textWidth)) px)"
        case .widthTooNarrowForTemplate(let template, let label, let cellWidth, let textWidth):
            return "a width of \(formatPixels(cellWidth)) px is too narrow for \(messageText(template)): "
                + RunConflict.noRoomForLabel(label, cellWidth: cellWidth, textWidth: textWidth)
        }
    }

    /// Why a template's label has no room, e.g. "padding and insets leave no room for the text of
    /// label "title" in a 30 px wide cell (text width -5 px)".
    public static func noRoomForLabel(_ label: String, cellWidth: Double, textWidth: Double) -> String {
        "padding and insets leave no room for the text of label \"\(label)\" in a \(formatPixels(cellWidth)) px "
            + "wide cell (text width \(formatPixels(textWidth)) px)"
    }
}
