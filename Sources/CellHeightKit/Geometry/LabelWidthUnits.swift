import CellHeightEngine

/// How a one-label cell's width, in LayoutUnits (1/64 px), gives its label's line-width limit (see
/// `LineWrapper.limit(available:)`), and back: the limit grows by one LayoutUnit with the cell's
/// width, less the padding and insets. (For the width search, which learns limits from layouts.)
struct LabelWidthUnits {
    let template: CellTemplate
    /// The limits at no width and at `CellTemplate.maximumWidth`.
    private let narrowestLimit: Int, widestLimit: Int
    private static let maximum = Int(CellTemplate.maximumWidth * LayoutUnit.perPixel)

    init(template: CellTemplate) {
        self.template = template
        narrowestLimit = Self.limit(of: template, at: 0)
        widestLimit = Self.limit(of: template, at: Self.maximum)
    }

    /// The label's limit in a cell `unit` LayoutUnits wide.
    func limit(at unit: Int) -> Int { Self.limit(of: template, at: unit) }

    private static func limit(of template: CellTemplate, at unit: Int) -> Int {
        LineWrapper.limit(available: template.textWidth(ofLabel: 0, cellWidth: Double(unit) / LayoutUnit.perPixel))
    }

    /// The narrowest cell width in LayoutUnits whose limit is at least `limit` (one above
    /// `CellTemplate.maximumWidth` when none is); `near` is a width to start from. Worked out by
    /// the limit's step, then checked width by width.
    func narrowest(reaching limit: Int, near unit: Int) -> Int {
        guard limit > narrowestLimit else { return 0 }
        guard limit <= widestLimit else { return Self.maximum + 1 }
        let perUnit = LineWrapper.unitsPerLayoutUnit, missing = limit - self.limit(at: unit)
        let step = missing >= 0 ? (missing + perUnit - 1) / perUnit : -(-missing / perUnit)
        var found = min(max(unit + step, 0), Self.maximum)
        while found > 0 && self.limit(at: found - 1) >= limit { found -= 1 }
        while self.limit(at: found) < limit { found += 1 }
        return found
    }
}
