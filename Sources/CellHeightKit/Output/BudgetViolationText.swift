// How the drawn reports (`html`, `svg`) describe a cell over its budget, and by how much: every
// kind of budget a row can have (`--max-lines`, `--max-height`, rules, a row's or catalog's own),
// as the row's `BudgetCheck` recorded it.

extension BudgetViolation {
    /// "over the 20 px budget", "over the 1-line budget", "over the 2-line, 40 px budget".
    var budgetCaption: String {
        let limits = [budget.maxLines.map { "\($0)-line" }, budget.maxHeight.map { "\(formatPixels($0)) px" }]
        return "over the " + limits.compactMap { $0 }.joined(separator: ", ") + " budget"
    }

    /// "fits at 212.77 px", or "fits at no width" (forced line breaks, a minimum height above the budget).
    var fittingCaption: String {
        fittingWidth.map { "fits at \(formatPixels(($0 * 100).rounded(.up) / 100)) px" } ?? "fits at no width"
    }

    /// Lines beyond a line budget, e.g. 1; nil without a line budget.
    var linesOver: Int? { budget.maxLines.map { lineCount - $0 } }

    /// Px beyond a height budget, e.g. 8 (0 or less when only the line budget is broken); nil
    /// without a height budget.
    var pixelsOver: Double? { budget.maxHeight.map { height - $0 } }

    /// How much wider the cell must be to fit, in px, e.g. 32.77; nil when no width makes it fit.
    var widthShortfall: Double? { fittingWidth.map { $0 - width } }
}

extension MeasuredCell {
    /// The violation of the row's budget in `result` (its width, and size at several sizes), if it
    /// broke it there.
    func violation(at result: CellLayout) -> BudgetViolation? {
        budgetCheck?.violations.first {
            $0.width == result.width && $0.fontSize == result.fontSize && $0.sizeLabel == result.sizeLabel
        }
    }
}
