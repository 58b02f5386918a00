/// A report's content, worked out once for every output format: what the rows show, and per width
/// the rows' heights, offsets, total and statistics.
struct Report {
    let cells: [MeasuredCell]
    let settings: ReportSettings
    let options: ReportOptions
    /// Per width (in `settings.widths` order): the total of the rows' heights.
    let totals: [Double]
    /// Per width: each row's y offset; empty unless `options.offsets`.
    let offsets: [[Double]]
    /// Per width: the heights' statistics; empty unless `options.statistics`.
    let statistics: [HeightStatistics]

    init(cells: [MeasuredCell], settings: ReportSettings, options: ReportOptions) {
        self.cells = cells
        self.settings = settings
        self.options = options
        let heights = settings.widths.indices.map { cells.heights(atWidthIndex: $0) }
        totals = heights.map { $0.reduce(0, +) }
        offsets = options.offsets ? heights.map { rowOffsets(heights: $0) } : []
        statistics = options.statistics ? heights.map { HeightStatistics(heights: $0) } : []
        // Asked for every row: worked out once (reading the subject copies its fonts and labels).
        if case .template = settings.subject { showsLabels = true } else { showsLabels = false }
        if case .text(_, let cell) = settings.subject { showsTextHeight = cell != nil } else { showsTextHeight = false }
        truncatedLabels = settings.subject.cell?.labels.map(\.lineLimit.isLimited) ?? []
        showsLocaleColumn = settings.identity.locale ?? RowIdentityColumns.haveLocales(cells)
    }

    /// Whether CSV and the table have a `locale` column (see `RowIdentityColumns`).
    let showsLocaleColumn: Bool

    /// Whether CSV and the table have a `file` column: several inputs were read.
    var showsFileColumn: Bool { settings.identity.file }

    /// Whether there is one width (rows carry their results directly) or several (a list per row).
    var hasSingleWidth: Bool { settings.widths.count == 1 }

    /// Whether rows show a template's labels rather than one text.
    let showsLabels: Bool

    /// The labels' fields, in order (["text"] for one text per row).
    var fields: [String] {
        settings.subject.cell?.labels.map(\.field) ?? ["text"]
    }

    /// Whether a text row shows its text height next to its cell height: only when it sits in a cell.
    let showsTextHeight: Bool

    /// Whether label `index` reports if it is truncated: only when it has a line limit.
    func reportsTruncation(ofLabel index: Int) -> Bool {
        index < truncatedLabels.count && truncatedLabels[index]
    }

    /// Per label of the cell, whether it has a line limit (so its rows say whether it truncated).
    private let truncatedLabels: [Bool]
}
