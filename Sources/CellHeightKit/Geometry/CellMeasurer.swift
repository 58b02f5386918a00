/// Why a template cannot be measured at a width.
public enum CellGeometryError: Error, Equatable, Sendable {
    /// At `cellWidth` px the padding and insets leave label `label` a text width of `textWidth` px,
    /// which is not positive.
    case noRoomForText(label: Int, cellWidth: Double, textWidth: Double)
}

/// Measures rows as cells of a template at several widths: each label's text is prepared once
/// (shaping, break analysis), then wrapped at the label's width in each cell width.
public final class CellMeasurer {
    public let template: CellTemplate
    /// Cell widths in px, e.g. [320, 375, 414].
    public let widths: [Double]
    /// Whether label layouts keep their line boxes (for `--explain`).
    public let details: Bool
    /// The layout engine of each label (labels with the same font, size and line height may share one).
    private let engines: [TextLayoutEngine]

    /// - Parameter engines: one per template label, in order (see `makeLabelEngines`).
    /// - Throws: `CellGeometryError.noRoomForText` when a width leaves a label no room.
    public init(template: CellTemplate, engines: [TextLayoutEngine], widths: [Double],
                details: Bool = false) throws(CellGeometryError) {
        precondition(engines.count == template.labels.count, "one engine per label")
        for width in widths {
            for index in template.labels.indices {
                let textWidth = template.textWidth(ofLabel: index, cellWidth: width)
                guard textWidth > 0 else {
                    throw .noRoomForText(label: index, cellWidth: width, textWidth: textWidth)
                }
            }
        }
        self.template = template
        self.engines = engines
        self.widths = widths
        self.details = details
    }

    public func measure(_ row: Row) -> MeasuredCell {
        guard template.labels.count == 1 else {
            let prepared = prepare(row)
            return MeasuredCell(row: row, results: widths.map { cell(prepared, width: $0) })
        }
        // One label (most cells): its text prepared without an array of one.
        let prepared = prepareLabel(0, of: row)
        return MeasuredCell(row: row, results: widths.map { width in
            let label = measureLabel(0, prepared, textWidth: template.textWidth(ofLabel: 0, cellWidth: width))
            return CellLayout(width: width, height: template.cellHeight(singleLabel: label), labels: [label])
        })
    }

    /// Measures a row and checks it against a budget at every width; for each width it breaks the
    /// budget at, finds the narrowest width at which it would fit.
    public func measure(_ row: Row, budget: Budget) -> MeasuredCell {
        guard budget.isLimited else { return measure(row) }
        let prepared = prepare(row)
        let results = widths.map { cell(prepared, width: $0) }
        // (A width of the row's own stands in every column: it is one violation, not one per column.)
        var seenWidths = Set<Double>()
        let overBudget = results.filter {
            !budget.admits(lineCount: $0.lineCount, height: $0.height) && seenWidths.insert($0.width).inserted
        }
        // The same for every width the row breaks the budget at: searched once, from the widest
        // of them (greedy wrapping needs no fewer lines at a narrower width).
        let fittingWidth = overBudget.map(\.width).max().flatMap { widest in
            narrowestFittingWidth(budget: budget, above: widest) { self.lineCountAndHeight(prepared, width: $0) }
        }
        let violations = overBudget.map {
            BudgetViolation(width: $0.width, lineCount: $0.lineCount, height: $0.height, budget: budget,
                            fittingWidth: fittingWidth)
        }
        var measured = MeasuredCell(row: row, results: results)
        measured.budgetCheck = BudgetCheck(budget: budget, violations: violations)
        return measured
    }

    public func measure(_ rows: [Row]) -> [MeasuredCell] { rows.map(measure) }

    /// The family of the first label's primary font, e.g. "DejaVu Sans".
    public var primaryFontFamily: String { engines[0].chain.primary.familyName }

    /// Each label's text of a row, shaped and analysed (nil for a hidden label).
    private func prepare(_ row: Row) -> [PreparedText?] {
        template.labels.indices.map { prepareLabel($0, of: row) }
    }

    /// Label `index`'s text of a row, shaped and analysed (nil when the label is hidden).
    private func prepareLabel(_ index: Int, of row: Row) -> PreparedText? {
        let text = row.value(ofField: template.labels[index].field) ?? ""
        return template.hidesLabel(showing: text) ? nil : engines[index].prepare(text)
    }

    /// The cell of prepared labels at a cell width (arithmetic only).
    private func cell(_ prepared: [PreparedText?], width: Double) -> CellLayout {
        let labels = template.labels.indices.map { index in
            measureLabel(index, prepared[index], textWidth: template.textWidth(ofLabel: index, cellWidth: width))
        }
        return CellLayout(width: width, height: template.cellHeight(labels: labels), labels: labels)
    }

    /// The lines and height of the cell of prepared labels at a cell width, as `cell` gives them;
    /// for one label without the arrays of a `CellLayout` (the width search asks fifteen times).
    private func lineCountAndHeight(_ prepared: [PreparedText?], width: Double) -> (lineCount: Int, height: Double) {
        guard template.labels.count == 1 else {
            let cell = self.cell(prepared, width: width)
            return (cell.lineCount, cell.height)
        }
        let label = measureLabel(0, prepared[0], textWidth: template.textWidth(ofLabel: 0, cellWidth: width))
        return (label.text.lineCount, template.cellHeight(singleLabel: label))
    }

    /// The narrowest cell width, in LayoutUnits of 1/64 px, above `tooNarrow` px (a width the
    /// row does not fit at) at which the row's cell (its lines and height `cellAt` a width)
    /// fits the budget; nil when even `CellTemplate.maximumWidth` is not enough.
    ///
    /// A binary search: greedy wrapping needs no more lines at a wider width, so "fits" flips once
    /// from false to true as the width grows. The upper end is found by doubling from
    /// `tooNarrow` (real rows fit within a few times their width: some fifteen layouts instead of
    /// the twenty-six of a search up to the maximum width). (Jumping past the widths that give
    /// the same lines, which the wrap loop can tell, saved almost nothing on prose: a long text's
    /// layouts change every pixel or so.)
    private func narrowestFittingWidth(budget: Budget, above tooNarrow: Double,
                                       cellAt: (Double) -> (lineCount: Int, height: Double)) -> Double? {
        func fits(_ units: Int) -> Bool {
            let width = Double(units) / LayoutUnit.perPixel
            guard template.labels.indices.allSatisfy({ template.textWidth(ofLabel: $0, cellWidth: width) > 0 }) else {
                return false
            }
            let result = cellAt(width)
            return budget.admits(lineCount: result.lineCount, height: result.height)
        }
        let maximum = Int(CellTemplate.maximumWidth * LayoutUnit.perPixel)
        var low = max(0, min(Int((tooNarrow * LayoutUnit.perPixel).rounded(.down)), maximum - 1))  // never fits
        var high = min(max(2 * low, 64), maximum)
        while !fits(high) {
            guard high < maximum else { return nil }
            low = high
            high = min(2 * high, maximum)
        }
        while high - low > 1 {
            let middle = low + (high - low) / 2
            if fits(middle) { high = middle } else { low = middle }
        }
        return Double(high) / LayoutUnit.perPixel
    }

    private func measureLabel(_ index: Int, _ prepared: PreparedText?, textWidth: Double) -> LabelLayout {
        // (The label is read in place, not copied: a copy costs a reference count per string.)
        guard let prepared else { return template.labels[index].hiddenLayout(textWidth: textWidth) }
        let engine = engines[index]
        let layout = engine.layout(prepared, width: textWidth, details: details)
        let visibleHeight = template.labels[index].lineLimit.visibleHeight(of: layout) {
            details ? layout.lines : engine.layout(prepared, width: textWidth, details: true).lines
        }
        return template.labels[index].layout(showing: layout, visibleHeight: visibleHeight, rounding: template.rounding)
    }
}
