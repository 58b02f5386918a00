import Foundation

/// The report written to the request's `reportOutput` (the command line's standard output) a batch
/// at a time, in bounded memory: `ndjson` lines (the workers render them), `csv` records under one
/// header, or nothing (`none`, for the findings alone). Each batch's findings are recorded as soon
/// as it is measured, and a template's fields are checked against the first batch only.
final class StreamingSink: ReportSink {
    private let plan: RunPlan
    /// The report's settings, whose `locale` column is decided with the first batch.
    private var settings: ReportSettings
    private var batchCount = 0

    init(_ plan: RunPlan) {
        self.plan = plan
        settings = plan.reportSettings
    }

    var rendersRowsApart: Bool { plan.request.output == .ndjson }
    /// Rows rendered apart are written from their texts alone.
    var readsCells: Bool { !rendersRowsApart }
    /// Each batch is written whole as it comes: no totals.
    let readsHeights = false

    func willMeasure(_ rows: [Row]) throws -> Bool {
        guard batchCount == 0 else { return true }
        if let template = plan.templateFile { try plan.cell.checkFields(of: rows, templateFile: template) }
        // Whether the CSV has a locale column is decided with the first batch, for the inputs to
        // come too (catalogs by their names).
        if settings.identity.locale == nil {
            settings.identity.locale = rows.contains { $0.isCatalogEntry || $0.locale != nil }
                || plan.request.format.catalogFormat != nil
                || plan.sources.contains { $0.map { CatalogFormat(detectingPath: $0, firstBytes: []) != nil } ?? false }
        }
        return true
    }

    func take(_ batch: Result<MeasuredBatch, Error>) throws {
        let batch = try batch.get()
        plan.record(batch.findings)
        // One write per batch: a reader that stops early (`| head -1`) then sees whole batches, and
        // a small input is one write, as a Unix filter's output is. Rows rendered apart are copied
        // once, straight into the batch's bytes (not joined as a string first, a second copy).
        let texts = rendersRowsApart ? batch.texts
            : [renderStreamed(Array(batch.cells.joined()), settings: settings, format: plan.request.output,
                              options: plan.reportOptions, isFirst: batchCount == 0)]
        var bytes = Data(capacity: texts.reduce(0) { $0 + $1.utf8.count })
        for text in texts { bytes.append(contentsOf: text.utf8) }
        if !bytes.isEmpty { try plan.request.reportOutput(bytes) }
        batchCount += 1
    }

    func finish(forecast: ReportForecast?) throws {
        var options = plan.reportOptions
        options.forecast = forecast
        if batchCount == 0 {
            // Inputs read with no rows: the report of none (the CSV header), then the forecast.
            try plan.request.reportOutput(Data(render([], settings: settings, format: plan.request.output,
                                                  options: options).utf8))
        } else if let text = forecast?.renderAfterStreamedRows(plan.request.output) {
            try plan.request.reportOutput(Data(text.utf8))
        }
    }
}
