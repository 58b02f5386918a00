/// What a report adds to the rows' line counts and heights.
public struct ReportOptions: Equatable, Sendable {
    /// Each label's line boxes (`table`, `json`, `ndjson`; `csv` ignores it).
    public var explain: Bool
    /// Height statistics per width (`table`, `json`; `ndjson` and `csv` have no place for them).
    public var statistics: Bool
    /// Each row's y offset per width: the sum of the heights of the rows before it.
    public var offsets: Bool

    public init(explain: Bool = false, statistics: Bool = false, offsets: Bool = false) {
        self.explain = explain
        self.statistics = statistics
        self.offsets = offsets
    }
}

/// Renders measured cells in an output format. The result ends with a newline (it is empty only for
/// `ndjson` with no rows).
///
/// - Parameters:
///   - cells: the measured rows; each must have one result per entry of `settings.widths`, in that order.
///   - settings: what the rows were measured with; echoed in `json`. Its `widths` decide between the
///     one-width and several-widths shapes, its `subject` between one text per row and labels.
public func render(_ cells: [MeasuredCell], settings: ReportSettings, format: OutputFormat,
                   options: ReportOptions) -> String {
    let report = Report(cells: cells, settings: settings, options: options)
    switch format {
    case .table: return renderTableReport(report)
    case .json: return renderJSONReport(report)
    case .ndjson: return renderNDJSONReport(report)
    case .csv: return renderCSVReport(report)
    }
}

/// Renders rows measured as bare text (see `render(_:settings:format:options:)`).
public func render(_ rows: [MeasuredRow], settings: ReportSettings, format: OutputFormat, explain: Bool) -> String {
    render(rows.map(MeasuredCell.init(bare:)), settings: settings, format: format,
           options: ReportOptions(explain: explain))
}
