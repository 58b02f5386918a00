import Foundation

/// The report written whole once every input was read (`table`, `json`, `html`, `svg`, and any
/// report to a file or with offsets or statistics), to the request's `reportOutput` (the command
/// line's standard output) or atomically to the output file. Each batch is measured as it is read
/// (the next one is read meanwhile); what it breaks is reported only at the end, as if every input
/// were read first: input errors, then a template's fields (checked against every row), then an
/// error of measuring, then the rows' findings.
final class DocumentSink: ReportSink {
    private let plan: RunPlan
    let rendersRowsApart: Bool
    /// Whether the document is made from the rows rendered apart and their heights alone (`json`,
    /// without fonts to embed, which the cells name): the cells are then not kept, and the workers
    /// free them as they go. A `json` run of the 200,000 multilingual rows of `make bench` held
    /// 326 MB at its peak with every cell kept.
    private let madeFromHeights: Bool
    /// Else the document's totals and rows are made from every batch's cells.
    var readsCells: Bool { !madeFromHeights }
    var readsHeights: Bool { madeFromHeights }
    private var cells: [MeasuredCell] = []
    private var heights: ColumnHeights
    /// Rows that stand alone, rendered by the workers as they were measured.
    private var renderedRows: [String] = []
    private var findings: [BatchFindings] = []
    /// Every row, when a template's fields are to be checked.
    private var templateRows: [Row] = []
    private var measuringError: Error?

    init(_ plan: RunPlan) {
        self.plan = plan
        rendersRowsApart = plan.request.output.rendersRowsApart(plan.reportOptions)
        madeFromHeights = rendersRowsApart && plan.request.output == .json && !plan.request.embedsFonts
        heights = ColumnHeights(columnCount: Report.columns(of: plan.reportSettings).count)
    }

    func willMeasure(_ rows: [Row]) throws -> Bool {
        if plan.templateFile != nil { templateRows += rows }
        return measuringError == nil
    }

    func take(_ batch: Result<MeasuredBatch, Error>) throws {
        switch batch {
        case .success(let batch):
            if madeFromHeights {
                heights.append(batch.heights!)
            } else {
                for part in batch.cells { cells += part }
            }
            renderedRows += batch.texts
            findings.append(batch.findings)
        case .failure(let error):
            measuringError = error
        }
    }

    func finish(forecast: ReportForecast?) throws {
        if let template = plan.templateFile { try plan.cell.checkFields(of: templateRows, templateFile: template) }
        if let measuringError { throw measuringError }
        findings.forEach(plan.record)
        // Fonts of rows laid out in their own are embedded too (known only now: rules and rows name them).
        var options = plan.reportOptions
        options.forecast = forecast
        if plan.request.embedsFonts {
            for path in cells.compactMap({ $0.ownFont?.fontPath }) where options.embeddedFonts[path] == nil {
                options.embeddedFonts[path] = [UInt8](try readInputData(from: path))
            }
        }
        // The fonts fallback found, now that every row was laid out (asking the chain up front
        // would start fontconfig for text the primary font draws whole).
        var settings = plan.reportSettings
        let output = plan.request.output
        settings.fallbackFonts = output.showsSettings ? plan.measurer.fallbackFontsUsed : []
        let document = madeFromHeights
            ? renderJSONReport(renderedRows: renderedRows, heights: heights, settings: settings, options: options)
            : Data(render(cells, settings: settings, format: output, options: options,
                          renderedRows: rendersRowsApart ? renderedRows : nil).utf8)
        if let outputFile = plan.request.outputFile {
            try writeAtomically(document, to: outputFile)
        } else {
            try plan.request.reportOutput(document)
        }
    }
}
