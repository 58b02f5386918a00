import CellHeightEngine

/// Why a template cannot be measured at a width.
package enum CellGeometryError: Error, Equatable, Sendable {
    /// At `cellWidth` px the padding and insets leave label `label` a text width of `textWidth` px,
    /// which is not positive.
    case noRoomForText(label: Int, cellWidth: Double, textWidth: Double)
}

/// Measures rows as cells of a template at several widths: each label's text is prepared once
/// (shaping, break analysis), then wrapped at the label's width in each cell width.
package final class CellMeasurer {
    package let template: CellTemplate
    /// Cell widths in px, e.g. [320, 375, 414].
    package let widths: [Double]
    /// Whether label layouts keep their line boxes (for `--explain`).
    package let details: Bool
    /// The layout engine of each label (labels with the same font, size and line height may share one).
    private let engines: [TextLayoutEngine]
    /// The width search's storage of each layout's paragraphs, reused from layout to layout.
    private var paragraphLines: [TrackedWrapLimit.ParagraphLines] = []

    /// - Parameter engines: one per template label, in order (see `makeLabelEngines`).
    /// - Throws: `CellGeometryError.noRoomForText` when a width leaves a label no room.
    package init(template: CellTemplate, engines: [TextLayoutEngine], widths: [Double],
                details: Bool = false) throws(CellGeometryError) {
        precondition(engines.count == template.labels.count, "one engine per label")
        for width in widths {
            for index in template.labels.indices {
                let textWidth = template.textWidth(ofLabel: index, cellWidth: width)
                // A width under a layout unit (1/64 px, `--width 1e-9`) is a box of width 0, as in
                // Chromium: every grapheme on a line of its own. Only padding or insets leave no room.
                guard textWidth > 0 || (textWidth == 0 && LayoutUnit.floor(width) == 0) else {
                    throw .noRoomForText(label: index, cellWidth: width, textWidth: textWidth)
                }
            }
        }
        self.template = template
        self.engines = engines
        self.widths = widths
        self.details = details
    }

    package func measure(_ row: Row) -> MeasuredCell { measureKeepingTexts(row).cell }

    /// Labels' prepared texts: the one label's (most cells, no array of one), or each label's.
    private enum PreparedLabels {
        case one(PreparedText?)
        case each([PreparedText?])

        var each: [PreparedText?] {
            switch self {
            case .one(let text): return [text]
            case .each(let texts): return texts
            }
        }
    }

    /// The row measured at every width, with its labels' prepared texts (for a width search; nil
    /// when the results of a short text measured before were taken: prepare them when needed).
    private func measureKeepingTexts(_ row: Row) -> (cell: MeasuredCell, texts: PreparedLabels?) {
        guard template.labels.count == 1 else {
            let prepared = prepare(row)
            return (MeasuredCell(row: row, results: shared(widths.map { self.cell(prepared, width: $0) })), .each(prepared))
        }
        let text = row.value(ofField: template.labels[0].field) ?? ""
        let repeatable = !details && text.utf8.count <= Self.repeatedTextBytes
        if repeatable, let results = repeatedTexts.value(for: TextKey(text)) {
            repeatedTextHits += 1
            return (MeasuredCell(row: row, results: results), nil)
        }
        let prepared = prepareLabel(0, of: row)
        let results = shared(widths.map { width in
            let label = measureLabel(0, prepared, textWidth: template.textWidth(ofLabel: 0, cellWidth: width))
            return CellLayout(width: width, height: template.cellHeight(singleLabel: label), labels: [label])
        })
        if repeatable { repeatedTexts.insert(results, for: TextKey(text)) }
        return (MeasuredCell(row: row, results: results), .one(prepared))
    }

    /// The results of short single-label texts measured lately, by text: catalogs repeat "OK",
    /// "Cancel" and "Save changes" across files, targets and locales, and such a row is then laid
    /// out once per measurer (one per settings). Only texts of up to 24 bytes: hashing every
    /// row of up to 64 cost prose 10% of its time (a third of its rows are that short, and few repeat).
    private var repeatedTexts = BoundedValueCache<[CellLayout]>(.init(entries: 4096))
    static let repeatedTextBytes = 24
    /// Rows whose results came from `repeatedTexts`, e.g. 1_204.
    private(set) var repeatedTextHits = 0

    /// The last results (without line boxes) of each first line count below 64, at that index.
    private var sharedResults = [[CellLayout]?](repeating: nil, count: 64)

    /// `results`, or equal results of an earlier row (the same array, values sharing storage):
    /// rows laid out alike then keep no arrays of their own, which would stay allocated until the
    /// report is written and be freed one by one at the end of the run.
    private func shared(_ results: [CellLayout]) -> [CellLayout] {
        guard !details, let key = results.first?.labels.first?.text.lineCount, key < sharedResults.count else {
            return results
        }
        if let earlier = sharedResults[key], earlier == results { return earlier }
        sharedResults[key] = results
        return results
    }

    /// Measures a row and checks it against a budget at every width; for each width it breaks the
    /// budget at, finds the narrowest width at which it would fit.
    package func measure(_ row: Row, budget: Budget) -> MeasuredCell {
        guard budget.isLimited else { return measure(row) }
        var (measured, texts) = measureKeepingTexts(row)
        let results = measured.results
        // (A width of the row's own stands in every column: it is one violation, not one per column.)
        let overBudget = results.indices.filter { i in
            !budget.admits(lineCount: results[i].lineCount, height: results[i].height)
                && !results[..<i].contains { $0.width == results[i].width }
        }
        // The same for every width the row breaks the budget at: searched once, from the widest
        // of them (greedy wrapping needs no fewer lines at a narrower width).
        let widest = overBudget.max { results[$0].width < results[$1].width }
        if widest != nil && texts == nil { texts = .one(prepareLabel(0, of: row)) }
        let fittingWidth = widest.flatMap {
            narrowestFittingWidth(texts?.each ?? [], budget: budget, above: results[$0].width, lineCount: results[$0].lineCount)
        }
        let violations = overBudget.map {
            BudgetViolation(width: results[$0].width, lineCount: results[$0].lineCount, height: results[$0].height,
                            budget: budget, fittingWidth: fittingWidth)
        }
        measured.budgetCheck = BudgetCheck(budget: budget, violations: violations)
        return measured
    }

    package func measure(_ rows: [Row]) -> [MeasuredCell] { rows.map(measure) }

    /// The family of the first label's primary font, e.g. "DejaVu Sans".
    package var primaryFontFamily: String { engines[0].chain.primary.familyName }

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

    /// The narrowest cell width, to 1/64 px, above `tooNarrow` px (a width the row does not fit
    /// at, where its cell has `lineCount` lines) at which the cell of prepared labels fits the
    /// budget; nil when even `CellTemplate.maximumWidth` is not enough (see `FittingWidthSearch`).
    private func narrowestFittingWidth(_ prepared: [PreparedText?], budget: Budget, above tooNarrow: Double,
                                       lineCount: Int) -> Double? {
        let maximum = Int(CellTemplate.maximumWidth * LayoutUnit.perPixel)
        let low = max(0, min(Int((tooNarrow * LayoutUnit.perPixel).rounded(.down)), maximum - 1))
        func hasRoom(_ width: Double) -> Bool {
            template.labels.indices.allSatisfy { template.textWidth(ofLabel: $0, cellWidth: width) > 0 }
        }
        // One shown label (most cells): each layout tells the widths that give its lines, and
        // guesses. Only where "fits" flips once: lines of one height (or a budget of lines alone);
        // a fallback font's taller lines can make a cell fit at one width and not at a wider one,
        // and the answer is then the plain search's.
        guard template.labels.count == 1, let text = prepared[0],
              budget.maxHeight == nil || engines[0].hasUniformLineHeights(text) else {
            let found = FittingWidthSearch.narrowest(above: low, maximum: maximum, firstGuess: nil) { unit in
                let width = Double(unit) / LayoutUnit.perPixel
                guard hasRoom(width) else { return .init(fits: false, at: unit) }
                let cell = self.cell(prepared, width: width)
                return .init(fits: budget.admits(lineCount: cell.lineCount, height: cell.height), at: unit)
            }
            return found.map { Double($0) / LayoutUnit.perPixel }
        }
        let units = LabelWidthUnits(template: template)
        let lines = budgetLines(budget)
        func probe(_ unit: Int) -> FittingWidthSearch.Probe {
            let width = Double(unit) / LayoutUnit.perPixel
            guard hasRoom(width) else { return .init(fits: false, at: unit) }
            let textWidth = template.textWidth(ofLabel: 0, cellWidth: width)
            let (layout, limit) = engines[0].trackedLayout(text, width: textWidth, reusing: paragraphLines)
            defer { paragraphLines = limit.paragraphs }
            let label = labelLayout(0, text, showing: layout)
            let fits = budget.admits(lineCount: layout.lineCount, height: template.cellHeight(singleLabel: label))
            let same = limit.sameAnswers
            let sameLines = units.narrowest(reaching: same.lowerBound, near: unit)...(units.narrowest(reaching: same.upperBound &+ 1, near: unit) - 1)
            let guess = lines.flatMap {
                FittingWidthGuess.narrowestLimit(FittingWidthGuess.paragraphs(wrapped: limit.paragraphs, limit: limit.limit), lineCount: $0)
            }
            return .init(fits: fits, sameLines: sameLines, guess: guess.map { units.narrowest(reaching: $0, near: unit) })
        }
        // A first guess from the lines at the width the row broke its budget at: as many as if
        // each paragraph's last line were half full.
        let limit = units.limit(at: low), paragraphCount = text.paragraphs.count
        let filled = Double(lineCount) - Double(paragraphCount) / 2
        let firstGuess = lines.flatMap { lines -> Int? in
            guard filled > 0 else { return nil }
            let total = text.paragraphs.reduce(0) { $0 + $1.contentWidth }
            let waste = max(0, limit - Int(Double(total) / filled))
            let paragraphs = text.paragraphs.lazy.map { FittingWidthGuess.Paragraph(contentWidth: $0.contentWidth, waste: waste) }
            return FittingWidthGuess.narrowestLimit(paragraphs, lineCount: lines).map { units.narrowest(reaching: $0, near: low) }
        }
        let found = FittingWidthSearch.narrowest(above: low, maximum: maximum, firstGuess: firstGuess, probe: probe)
        return found.map { Double($0) / LayoutUnit.perPixel }
    }

    /// The most lines of the one label that the budget allows, roughly (for guesses): a height
    /// budget taken as lines of the primary font.
    private func budgetLines(_ budget: Budget) -> Int? {
        var lines = budget.maxLines ?? Int.max
        if let maxHeight = budget.maxHeight {
            let padding = LayoutUnit.floor(template.padding.top) + LayoutUnit.floor(template.padding.bottom)
            let lineHeight = engines[0].primaryLineHeight
            guard lineHeight > 0 else { return nil }
            // (Bounded before it becomes an integer: a budget may be any number of px.)
            let byHeight = ((maxHeight - padding - template.separator) / lineHeight).rounded(.down)
            guard byHeight.isFinite else { return nil }
            lines = min(lines, Int(max(0, min(byHeight, 1e9))))
        }
        return lines >= 1 && lines < Int.max ? lines : nil
    }

    private func measureLabel(_ index: Int, _ prepared: PreparedText?, textWidth: Double) -> LabelLayout {
        // (The label is read in place, not copied: a copy costs a reference count per string.)
        guard let prepared else { return template.labels[index].hiddenLayout(textWidth: textWidth) }
        return labelLayout(index, prepared, showing: engines[index].layout(prepared, width: textWidth, details: details))
    }

    /// Label `index` showing `layout` of its prepared text (the line boxes a line limit needs are
    /// laid out when `layout` has none).
    private func labelLayout(_ index: Int, _ prepared: PreparedText, showing layout: TextLayout) -> LabelLayout {
        let visibleHeight = template.labels[index].lineLimit.visibleHeight(of: layout) {
            layout.lines.count == layout.lineCount ? layout.lines
                : engines[index].layout(prepared, width: layout.width, details: true).lines
        }
        return template.labels[index].layout(showing: layout, visibleHeight: visibleHeight, rounding: template.rounding)
    }
}
