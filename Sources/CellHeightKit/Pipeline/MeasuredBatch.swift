/// A batch of rows from one input, measured at every pass of the plan with each row's settings, for
/// a `ReportSink`.
struct MeasuredBatch {
    /// The cells, in input order, in parts: one per worker's slice (not copied into one array), or
    /// one in all in a run at several sizes, whose passes are merged into one row each. Empty
    /// parts when the sink does not read them and the rows were checked apart (see
    /// `RunPlan.measure`).
    var cells: [[MeasuredCell]]
    /// When the sink asked for rows rendered apart (see `OutputFormat.rendersRowsApart`): each
    /// part's rows' text, in order; else empty.
    var texts: [String]
    /// When the sink asked for them (`ReportSink.readsHeights`) with rows rendered apart: the
    /// rows' heights, in input order; else none.
    var heights: ColumnHeights?
    /// What the checker is to record of the batch, once, in input order (see `RunPlan.record`).
    var findings: BatchFindings
}

/// A batch's findings against its budgets and the baseline, as data: found already by the workers
/// when rows are checked apart (`CheckReporter.checksRowsApart`: only the findings are kept, not
/// the cells), else the cells and each row's own settings, to be checked when they are recorded.
enum BatchFindings {
    case checked([CheckReporter.CheckedRows])
    case toCheck(source: String, parts: [[MeasuredCell]], settings: [RowSettings?])
}

extension RunPlan {
    /// Measures `rows` (read from `source`) at every pass, each with the settings the rules and
    /// its own fields give it. With `rendering`, each row's text is rendered too (see
    /// `MeasuredBatch.texts`); in a run at one size each worker renders and checks its own slice,
    /// and without `keepingCells` frees it then when the rows are checked apart (nothing reads
    /// the cells after: `MeasuredBatch.cells` holds empty parts).
    ///
    /// - Throws: an error of a row's settings (a rule's font that cannot be opened, a width with
    ///   no room for the text, a size of its own in a run at several sizes), naming the row's place.
    func measure(_ rows: [Row], source: String, rendering: Bool,
                 keepingCells: Bool = true, notingHeights: Bool = false) throws -> MeasuredBatch {
        guard !passes.areSeveral else {
            return try measureAtEverySize(rows, source: source, rendering: rendering, notingHeights: notingHeights)
        }
        let resolver = passes.passes[0].resolver, checksApart = checker.checksRowsApart
        let keepsCells = keepingCells || !checksApart, columnCount = reportColumnCount
        let measured: (settings: [RowSettings?], parts: [(cells: [MeasuredCell], text: String, heights: ColumnHeights?,
                                                         checked: CheckReporter.CheckedRows?)])
        do {
            measured = try measurer.measure(rows, settingsOf: { try resolver.ownSettings(for: $0, source: source) }) {
                cells, slice, settings in
                (keepsCells ? cells : [],
                 rendering ? renderRows(cells, settings: reportSettings, format: request.output,
                                        options: reportOptions) : "",
                 notingHeights ? ColumnHeights(cells, columnCount: columnCount) : nil,
                 checksApart ? checker.check(cells, source: source) { font(settings[slice.lowerBound + $0], $1) } : nil)
            }
        } catch let error as RowMeasuringError {
            throw rowSettingsError(error, row: rows[error.rowIndex], source: source)
        }
        let cells = measured.parts.map(\.cells)
        // (Holding the findings alone, not the cells, for a batch recorded later.)
        let findings = checksApart ? BatchFindings.checked(measured.parts.map { $0.checked! })
            : .toCheck(source: source, parts: cells, settings: measured.settings)
        var heights: ColumnHeights?
        if notingHeights {
            heights = ColumnHeights(columnCount: columnCount)
            for part in measured.parts { heights!.append(part.heights!) }
        }
        return MeasuredBatch(cells: cells, texts: rendering ? measured.parts.map(\.text) : [], heights: heights,
                             findings: findings)
    }

    /// How many results each row has: one per width, at each size (see `ReportColumn`).
    private var reportColumnCount: Int { Report.columns(of: reportSettings).count }

    /// Records a batch's findings with the checker (its violations go to standard error).
    func record(_ findings: BatchFindings) {
        switch findings {
        case .checked(let checked):
            checked.forEach(checker.record)
        case .toCheck(let source, let parts, let settings):
            var sliceStart = 0
            for part in parts {
                let start = sliceStart
                checker.record(part, source: source) { font(settings[start + $0], $1) }
                sliceStart += part.count
            }
        }
    }

    /// `measure` in a run at several sizes: a pass per size, merged into one row each.
    private func measureAtEverySize(_ rows: [Row], source: String, rendering: Bool,
                                    notingHeights: Bool) throws -> MeasuredBatch {
        var cellsBySize: [[MeasuredCell]] = []
        var firstSettings: [RowSettings?] = []
        for (passIndex, pass) in passes.passes.enumerated() {
            let own = try rows.map { try pass.resolver.ownSettings(for: $0, source: source) }
            let rowSettings = try settingsAtSize(own, of: rows, base: pass.resolver.base, step: pass.step,
                                                 isFirst: passIndex == 0, source: source)
            if passIndex == 0 { firstSettings = rowSettings }
            do {
                cellsBySize.append(try measurer.measure(rows, settings: rowSettings))
            } catch let error as RowMeasuringError {
                throw rowSettingsError(error, row: rows[error.rowIndex], source: source)
            }
        }
        let cells = mergingSizes(cellsBySize, steps: passes.steps)
        let texts = rendering ? [renderRows(cells, settings: reportSettings, format: request.output,
                                            options: reportOptions)] : []
        return MeasuredBatch(cells: [cells], texts: texts,
                             heights: notingHeights ? ColumnHeights(cells, columnCount: reportColumnCount) : nil,
                             findings: .toCheck(source: source, parts: [cells], settings: firstSettings))
    }

    /// What a row with `own` settings was laid out in, for messages (at `fontSize` in a run at
    /// several sizes). (Asked on the workers too: it reads what `prepare` opened.)
    private func font(_ own: RowSettings?, _ fontSize: Double?) -> String {
        if let templateFile { return "template \(templateFile)" }
        let settings = own ?? base
        let family = measurer.primary.fontFamily(for: own) ?? settings.font
        return "font \(family) \(formatPixels(fontSize ?? settings.fontSize)) px"
    }

    /// One pass's settings in a run at several sizes, from the rows' own settings at the pass's
    /// size: rows with the base settings get the pass's base (the first pass's is the measurers'
    /// own), and a row that sets a size of its own is an error (it would replace every size) but
    /// at a category or font scale (whose rules set sizes of their own at each).
    private func settingsAtSize(_ settings: [RowSettings?], of rows: [Row], base: RowSettings, step: SizeStep?,
                                isFirst: Bool, source: String) throws -> [RowSettings?] {
        try zip(rows, settings).map { row, own in
            guard let own else { return isFirst ? nil : base }
            guard own.fontSize == base.fontSize || step?.label != nil else {
                throw CellHeightError.conflict(.severalSizesWithRowSize(source: source, line: row.sourceLine))
            }
            return own
        }
    }

    /// The error for row settings that could not be opened: a font (exit 69) or a width with no room
    /// for the text (exit 65), naming the row's place.
    private func rowSettingsError(_ error: RowMeasuringError, row: Row, source: String) -> Error {
        let place = "\(source):\(row.sourceLine)"
        switch error.underlying {
        case let fontError as CellHeightError:
            return CellHeightError.font("\(place): \(fontError.description)")
        case CellGeometryError.noRoomForText(_, let cellWidth, let textWidth):
            return CellHeightError.invalidInput(
                source: source, line: row.sourceLine,
                reason: "a \(formatPixels(cellWidth)) px wide cell leaves no room for the text "
                    + "(text width \(formatPixels(textWidth)) px)")
        default:
            return error.underlying
        }
    }
}
