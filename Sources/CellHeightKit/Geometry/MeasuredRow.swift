import CellHeightEngine

/// A row with its layout at each requested width (same order as the widths were given).
struct MeasuredRow: Equatable, Sendable {
    var row: Row
    var layouts: [TextLayout]

    init(row: Row, layouts: [TextLayout]) {
        self.row = row
        self.layouts = layouts
    }
}
