/// Measures rows at several widths: each row is prepared once (shaping, break analysis), then
/// wrapped at every width.
struct RowMeasurer {
    let engine: TextLayoutEngine
    /// Content widths in px, e.g. [320, 375, 414].
    let widths: [Double]
    /// Whether layouts keep their line boxes (for `--explain`); without them measuring is faster.
    let details: Bool

    init(engine: TextLayoutEngine, widths: [Double], details: Bool = true) {
        self.engine = engine
        self.widths = widths
        self.details = details
    }

    func measure(_ row: Row) -> MeasuredRow {
        let prepared = engine.prepare(row.text)
        return MeasuredRow(row: row, layouts: widths.map { engine.layout(prepared, width: $0, details: details) })
    }

    func measure(_ rows: [Row]) -> [MeasuredRow] { rows.map(measure) }
}
