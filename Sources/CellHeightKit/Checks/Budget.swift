/// What a row must fit in, as a CI gate checks it: at most so many lines, at most so many px tall.
///
/// Budgets come from `--max-lines` / `--max-height`, a rules file, a row's own `maxLines` /
/// `maxHeight` fields, or a catalog's size restrictions (XLIFF `maxwidth` in pixels). Unlike a
/// label's `numberOfLines`, a budget never changes the height: a row over budget is reported as a
/// violation, with its real height.
public struct Budget: Hashable, Sendable {
    /// The most lines the row's text may need, e.g. 2; nil for no limit.
    public var maxLines: Int?
    /// The most px the row's cell may be tall, e.g. 44; nil for no limit.
    public var maxHeight: Double?

    public static let none = Budget()

    public init(maxLines: Int? = nil, maxHeight: Double? = nil) {
        self.maxLines = maxLines
        self.maxHeight = maxHeight
    }

    /// Whether there is any limit to check.
    public var isLimited: Bool { maxLines != nil || maxHeight != nil }

    /// This budget with every limit `other` sets replacing this one's.
    public func overridden(by other: Budget) -> Budget {
        Budget(maxLines: other.maxLines ?? maxLines, maxHeight: other.maxHeight ?? maxHeight)
    }

    /// Whether a cell with `lineCount` lines and `height` px fits.
    public func admits(lineCount: Int, height: Double) -> Bool {
        if let maxLines, lineCount > maxLines { return false }
        if let maxHeight, height > maxHeight { return false }
        return true
    }
}

/// A row over its budget at one width.
package struct BudgetViolation: Equatable, Sendable {
    /// The cell width in px it was measured at, e.g. 320.
    package var width: Double
    /// The font size in px it was measured at, in a run at several sizes; nil in a run at one.
    package var fontSize: Double?
    /// The category or font scale of `fontSize` (see `CellLayout.sizeLabel`); nil otherwise.
    package var sizeLabel: SizeLabel?
    /// Lines the text needs, e.g. 3 (every label's lines added up for a template).
    package var lineCount: Int
    /// The cell's height in px, e.g. 48.
    package var height: Double
    /// The budget it broke.
    package var budget: Budget
    /// The narrowest cell width in px (to 1/64 px) at which the row fits its budget, e.g. 412.5;
    /// nil when no width up to `CellTemplate.maximumWidth` makes it fit (forced line breaks, a
    /// minimum height above the budget).
    package var fittingWidth: Double?

    package init(width: Double, fontSize: Double? = nil, lineCount: Int, height: Double, budget: Budget,
                fittingWidth: Double?) {
        self.width = width
        self.fontSize = fontSize
        self.lineCount = lineCount
        self.height = height
        self.budget = budget
        self.fittingWidth = fittingWidth
    }

    /// Whether the line limit is what it broke.
    package var exceedsLines: Bool { budget.maxLines.map { lineCount > $0 } ?? false }
    /// Whether the height limit is what it broke.
    package var exceedsHeight: Bool { budget.maxHeight.map { height > $0 } ?? false }
}

/// A row's budget and how it fared: one violation per width it broke the budget at.
package struct BudgetCheck: Equatable, Sendable {
    package var budget: Budget
    /// Empty when the row fits at every width.
    package var violations: [BudgetViolation]

    package init(budget: Budget, violations: [BudgetViolation]) {
        self.budget = budget
        self.violations = violations
    }

    package var fits: Bool { violations.isEmpty }
}

extension CellLayout {
    /// Lines the cell's labels need (all of them, including lines a `numberOfLines` limit hides).
    package var lineCount: Int { labels.reduce(0) { $0 + $1.text.lineCount } }
}
