import CellHeightEngine
import Foundation

/// What a report adds to the rows' line counts and heights.
package struct ReportOptions: Equatable, Sendable {
    /// Each label's line boxes (`table`, `json`, `ndjson`; `csv` ignores it).
    package var explain: Bool
    /// Height statistics per width (`table`, `json`; `ndjson` and `csv` have no place for them).
    package var statistics: Bool
    /// Each row's y offset per width: the sum of the heights of the rows before it.
    package var offsets: Bool
    /// Font files' contents by path (`html`, `svg`): these fonts are embedded as base64, the others
    /// referenced by file URL.
    package var embeddedFonts: [String: [UInt8]]
    /// When the report was made, shown in the `html` header; nil leaves the date out.
    package var date: Date?
    /// The run's forecast (`--forecast`), shown after the rows in every format; nil without one.
    package var forecast: ReportForecast?
    /// The reports' sentences that may name the caller's options.
    package var wording = ReportWording()
    /// How many threads may render a large table's rows (the run's `--jobs`); 1 renders them on
    /// the calling thread alone.
    package var renderingJobs = 1

    package init(explain: Bool = false, statistics: Bool = false, offsets: Bool = false,
                embeddedFonts: [String: [UInt8]] = [:], date: Date? = nil) {
        self.explain = explain
        self.statistics = statistics
        self.offsets = offsets
        self.embeddedFonts = embeddedFonts
        self.date = date
    }
}

/// Renders measured cells in an output format. The result ends with a newline (it is empty only for
/// `ndjson` with no rows).
///
/// - Parameters:
///   - cells: the measured rows; each must have one result per entry of `settings.widths`, in that order.
///   - settings: what the rows were measured with; echoed in `json`. Its `widths` decide between the
///     one-width and several-widths shapes, its `subject` between one text per row and labels.
///   - renderedRows: for a format that renders rows apart (see `rendersRowsApart`), the text
///     `renderRows` made of the cells, a slice at a time, in order; nil to render them here.
package func render(_ cells: [MeasuredCell], settings: ReportSettings, format: OutputFormat,
                   options: ReportOptions, renderedRows: [String]? = nil) -> String {
    var options = options
    // The page's summary always shows the statistics.
    if format == .html { options.statistics = true }
    let report = Report(cells: cells, settings: settings, options: options)
    switch format {
    case .table: return renderTableReport(report) + (options.forecast?.renderTable(wording: options.wording) ?? "")
    case .json: return renderJSONReport(report, renderedRows: renderedRows)
    case .ndjson: return renderNDJSONReport(report) + (options.forecast?.renderNDJSON() ?? "")
    case .csv: return renderCSVReport(report) + (options.forecast?.renderCSV() ?? "")
    case .html: return renderHTMLReport(report)
    case .svg: return renderSVGReport(report)
    case .none: return ""
    }
}

extension OutputFormat {
    /// Whether a report's rows can be rendered apart, a slice at a time on the workers that measure
    /// them (see `renderRows`): each row's text stands alone (`ndjson` lines, the row objects of
    /// `json`), unless it holds an offset, which depends on the rows before.
    package func rendersRowsApart(_ options: ReportOptions) -> Bool {
        (self == .ndjson || self == .json) && !options.offsets
    }
}

/// The text of a slice of a report's rows, for a format that renders rows apart (see
/// `rendersRowsApart`): `ndjson`'s lines, or the row objects of `json`, which `render` puts in the
/// document.
package func renderRows(_ cells: [MeasuredCell], settings: ReportSettings, format: OutputFormat,
                       options: ReportOptions) -> String {
    precondition(format.rendersRowsApart(options), "only rows that stand alone are rendered apart")
    let report = Report(cells: cells, settings: settings, options: options)
    return format == .json ? renderJSONRows(report) : renderNDJSONReport(report)
}

/// The text of one batch of a report streamed a batch at a time (`ndjson`, `csv`, `none`): the
/// batch's rows as `render` writes them, except that only the first batch (`isFirst`) has `csv`'s
/// header.
func renderStreamed(_ cells: [MeasuredCell], settings: ReportSettings, format: OutputFormat, options: ReportOptions,
                    isFirst: Bool) -> String {
    guard format == .csv else { return render(cells, settings: settings, format: format, options: options) }
    let report = Report(cells: cells, settings: settings, options: options)
    return (isFirst ? renderCSVHeader(report) : "") + renderCSVRecords(report)
}

/// Renders rows measured as bare text (see `render(_:settings:format:options:)`).
func render(_ rows: [MeasuredRow], settings: ReportSettings, format: OutputFormat, explain: Bool) -> String {
    render(rows.map(MeasuredCell.init(bare:)), settings: settings, format: format,
           options: ReportOptions(explain: explain))
}
