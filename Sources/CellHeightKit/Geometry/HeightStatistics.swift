/// Statistics of a list's row heights at one width: what a table view's estimated row height and
/// content size need.
///
/// The median is the middle height (the mean of the two middle ones for an even count); the 95th
/// percentile is by nearest rank: the ⌈0.95 × count⌉-th smallest height.
package struct HeightStatistics: Equatable, Sendable {
    package var count: Int
    /// The statistics of the heights; nil when there are no rows.
    package var min: Double?
    package var max: Double?
    package var mean: Double?
    package var median: Double?
    package var p95: Double?
    /// The sum of the heights, in row order; 0 when there are no rows.
    package var total: Double

    /// - Parameter heights: the rows' heights in row order.
    package init(heights: [Double]) {
        count = heights.count
        total = heights.reduce(0, +)
        let sorted = heights.sorted()
        guard let first = sorted.first, let last = sorted.last else { return }
        min = first
        max = last
        mean = total / Double(count)
        let middle = count / 2
        median = count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
        // Nearest rank: rank ⌈0.95 n⌉, computed in integers (95 n / 100 rounded up) to avoid 0.95's binary error.
        let rank = (95 * count + 99) / 100
        p95 = sorted[rank - 1]
    }

    /// The suggested estimated row height: the mean, which makes `count × estimate` the exact total.
    package var estimatedRowHeight: Double? { mean }
}
