/// Renders measured rows in an output format. The result ends with a newline (it is empty only for
/// `ndjson` with no rows).
///
/// - Parameters:
///   - rows: the measured rows; each must have one layout per entry of `settings.widths`, in that order.
///   - settings: what the rows were measured with; echoed in `json`, and its `widths` decide between
///     the one-width and several-widths shapes.
///   - explain: add each row's line boxes (`table`, `json`, `ndjson`; `csv` ignores it).
public func render(_ rows: [MeasuredRow], settings: ReportSettings, format: OutputFormat, explain: Bool) -> String {
    switch format {
    case .table: return renderTableReport(rows, settings: settings, explain: explain)
    case .json: return renderJSONReport(rows, settings: settings, explain: explain)
    case .ndjson: return renderNDJSONReport(rows, settings: settings, explain: explain)
    case .csv: return renderCSVReport(rows)
    }
}
