/// Rows measured at several font sizes (`--size 14,17,20`, e.g. Dynamic Type sizes), one pass per
/// size, as one row each: its results at the first size (each width in order), then at the next,
/// and so on, each result and budget violation saying its size. A row's budget check holds its
/// violations at every size; a row fits when it fits at all of them. At a category or font scale
/// (`--dynamic-type`, `--font-scale`), each result and violation also says which, and its size is
/// the row's own there (a rule's text style or size).
///
/// - Parameters:
///   - cellsBySize: per size (in `steps` order) the same rows, in the same order.
///   - steps: the font size of each pass, in px, and what it stands for.
package func mergingSizes(_ cellsBySize: [[MeasuredCell]], steps: [SizeStep]) -> [MeasuredCell] {
    precondition(cellsBySize.count == steps.count && !steps.isEmpty, "one pass per size")
    return cellsBySize[0].indices.map { rowIndex in
        var merged = cellsBySize[0][rowIndex]
        merged.results = []
        var violations: [BudgetViolation] = []
        for (cells, step) in zip(cellsBySize, steps) {
            let cell = cells[rowIndex]
            let size = step.label == nil ? step.fontSize : cell.ownFont?.fontSize ?? step.fontSize
            merged.results += cell.results.map { result in
                var result = result
                result.fontSize = size
                result.sizeLabel = step.label
                if step.label != nil { result.ownFont = cell.ownFont }
                return result
            }
            violations += (cell.budgetCheck?.violations ?? []).map { violation in
                var violation = violation
                violation.fontSize = size
                violation.sizeLabel = step.label
                return violation
            }
        }
        if let budget = merged.budgetCheck?.budget { merged.budgetCheck = BudgetCheck(budget: budget, violations: violations) }
        return merged
    }
}
