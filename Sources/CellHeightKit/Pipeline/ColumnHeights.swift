/// Every row's height per report column (each width; in a run at several sizes, each size's widths
/// in turn: see `ReportColumn`), in input order. A document whose rows are rendered apart is made
/// from their texts and these alone (`renderJSONReport(renderedRows:heights:settings:options:)`),
/// so that a run need not keep its cells to the end: 8 bytes a row and column instead of a whole
/// `MeasuredCell` (see `DocumentSink`).
struct ColumnHeights {
    /// Per column, each row's height.
    private(set) var columns: [[Double]]

    /// No rows yet, in `columnCount` columns.
    init(columnCount: Int) {
        columns = Array(repeating: [], count: columnCount)
    }

    /// The heights of `cells`, each with a result per column.
    init(_ cells: [MeasuredCell], columnCount: Int) {
        columns = (0..<columnCount).map { cells.heights(atColumn: $0) }
    }

    /// How many rows there are.
    var rowCount: Int { columns.first?.count ?? 0 }

    /// Adds the rows of `other` (of as many columns) after these.
    mutating func append(_ other: ColumnHeights) {
        precondition(other.columns.count == columns.count, "heights of as many columns")
        for column in columns.indices { columns[column] += other.columns[column] }
    }
}
