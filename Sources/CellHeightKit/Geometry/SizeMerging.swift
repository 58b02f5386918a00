/// Rows measured at several font sizes (`--size 14,17,20`, e.g. Dynamic Type sizes), one pass per
/// size, as one row each: its results at the first size (each width in order), then at the next,
/// and so on, each result and budget violation saying its size. A row's budget check holds its
/// violations at every size; a row fits when it fits at all of them.
///
/// - Parameters:
///   - cellsBySize: per size (in `sizes` order) the same rows, in the same order.
///   - sizes: the font size of each pass, in px.
package func mergingSizes(_ cellsBySize: [[MeasuredCell]], sizes: [Double]) -> [MeasuredCell] {
    precondition(cellsBySize.count == sizes.count && !sizes.isEmpty, "one pass per size")
    return cellsBySize[0].indices.map { rowIndex in
        var merged = cellsBySize[0][rowIndex]
        merged.results = []
        var violations: [BudgetViolation] = []
        for (cells, size) in zip(cellsBySize, sizes) {
            let cell = cells[rowIndex]
            merged.results += cell.results.map { result in
                var result = result
                result.fontSize = size
                return result
            }
            violations += (cell.budgetCheck?.violations ?? []).map { violation in
                var violation = violation
                violation.fontSize = size
                return violation
            }
        }
        if let budget = merged.budgetCheck?.budget { merged.budgetCheck = BudgetCheck(budget: budget, violations: violations) }
        return merged
    }
}
