/// A report's content, worked out once for every output format: what the rows show, and per
/// column (a width; in a run at several sizes, a size and a width) the rows' heights, offsets, total
/// and statistics.
struct Report {
    let cells: [MeasuredCell]
    let settings: ReportSettings
    let options: ReportOptions
    /// What each of a row's results is for, in the order of `MeasuredCell.results`: each width, or
    /// in a run at several sizes each size's widths in turn.
    let columns: [ReportColumn]
    /// Per column: the total of the rows' heights.
    let totals: [Double]
    /// Per column: each row's y offset; empty unless `options.offsets`.
    let offsets: [[Double]]
    /// Per column: the heights' statistics; empty unless `options.statistics`.
    let statistics: [HeightStatistics]

    init(cells: [MeasuredCell], settings: ReportSettings, options: ReportOptions) {
        self.cells = cells
        self.settings = settings
        self.options = options
        columns = Self.columns(of: settings)
        let heights = columns.indices.map { cells.heights(atColumn: $0) }
        totals = heights.map { $0.reduce(0, +) }
        offsets = options.offsets ? heights.map { rowOffsets(heights: $0) } : []
        statistics = options.statistics ? heights.map { HeightStatistics(heights: $0) } : []
        // Asked for every row: worked out once (reading the subject copies its fonts and labels).
        if case .template = settings.subject { showsLabels = true } else { showsLabels = false }
        if case .text(_, let cell) = settings.subject { showsTextHeight = cell != nil } else { showsTextHeight = false }
        truncatedLabels = settings.subject.cell?.labels.map(\.lineLimit.isLimited) ?? []
        showsLocaleColumn = settings.identity.locale ?? RowIdentityColumns.haveLocales(cells)
    }

    /// What each of a row's results is for in a run with `settings` (see `columns`).
    static func columns(of settings: ReportSettings) -> [ReportColumn] {
        guard !settings.sizeFonts.isEmpty else { return settings.widths.map { ReportColumn(width: $0) } }
        return settings.sizeFonts.indices.flatMap { sizeIndex in
            settings.widths.map {
                ReportColumn(width: $0, fontSize: settings.sizeFonts[sizeIndex].fontSize, sizeIndex: sizeIndex,
                             sizeLabel: settings.sizeLabel(at: sizeIndex))
            }
        }
    }

    /// Whether CSV and the table have a `locale` column (see `RowIdentityColumns`).
    let showsLocaleColumn: Bool

    /// Whether CSV and the table have a `file` column: several inputs were read.
    var showsFileColumn: Bool { settings.identity.file }

    /// Whether rows have one result (they carry it directly) or several (a list per row): several
    /// widths, or several sizes.
    var hasSingleColumn: Bool { columns.count == 1 }

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

extension Report {
    /// A run at several sizes as a report per size, for an output that shows each size on its own
    /// (the table): each with the rows' results at that size, and the text's font at that size.
    var reportsBySize: [Report] {
        let widthCount = settings.widths.count
        return settings.sizeFonts.enumerated().map { sizeIndex, font in
            var sized = settings
            sized.sizeFonts = []
            if case .text(_, let cell) = settings.subject { sized.subject = .text(font, cell: cell) }
            let cells = self.cells.map { cell in
                var cell = cell
                cell.results = cell.results[(sizeIndex * widthCount)..<((sizeIndex + 1) * widthCount)].map { result in
                    var result = result
                    result.fontSize = nil
                    return result
                }
                return cell
            }
            return Report(cells: cells, settings: sized, options: options)
        }
    }
}

/// What one of a row's results is for: a width, and in a run at several sizes a size.
struct ReportColumn {
    /// The cell width in px, e.g. 320.
    var width: Double
    /// The font size in px in a run at several sizes, e.g. 17; nil in a run at one size.
    var fontSize: Double?
    /// The index of `fontSize` in `ReportSettings.sizeFonts` (0 in a run at one size).
    var sizeIndex = 0
    /// The category or font scale of `fontSize`, in a run at users' text sizes.
    var sizeLabel: SizeLabel?

    /// How captions and titles name it: "320 px", "size 17 px, 320 px", or "AX1, size 28 px, 320 px".
    var caption: String {
        sizeCaption(sizeLabel, fontSize, separator: ", ") + "\(formatPixels(width)) px"
    }
}
