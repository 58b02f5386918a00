/// How many rows have which height, at one width: one bin per distinct height when there are few
/// (row heights are usually a handful of line counts), otherwise equal ranges from min to max.
struct HeightHistogram {
    struct Bin: Equatable {
        /// The heights counted, `lower...upper` (equal for a bin of one height).
        var lower: Double
        var upper: Double
        var count: Int
    }

    var bins: [Bin]

    /// Above this many distinct heights, heights are grouped into this many ranges.
    static let maximumBins = 24

    init(heights: [Double]) {
        var counts: [Double: Int] = [:]
        for height in heights { counts[height, default: 0] += 1 }
        let distinct = counts.keys.sorted()
        guard let low = distinct.first, let high = distinct.last, distinct.count > Self.maximumBins else {
            bins = distinct.map { Bin(lower: $0, upper: $0, count: counts[$0]!) }
            return
        }
        let step = (high - low) / Double(Self.maximumBins)
        bins = (0..<Self.maximumBins).map { Bin(lower: low + Double($0) * step, upper: low + Double($0 + 1) * step, count: 0) }
        for (height, count) in counts {
            bins[min(Int((height - low) / step), Self.maximumBins - 1)].count += count
        }
    }

    /// The histogram as an inline SVG bar chart with each bin's count above its bar and its height
    /// (or range) below, e.g. for the table of a report's header.
    func svg(title: String) -> String {
        let barWidth = 28.0, gap = 6.0, chartHeight = 90.0, top = 30.0, bottom = 34.0
        let width = max(Double(bins.count) * (barWidth + gap) + gap, 200)
        let height = top + chartHeight + bottom
        let largest = Double(bins.map(\.count).max() ?? 1)
        var svg = "<svg class=\"histogram\" xmlns=\"http://www.w3.org/2000/svg\" width=\"\(formatPixels(width))\" "
            + "height=\"\(formatPixels(height))\" viewBox=\"0 0 \(formatPixels(width)) \(formatPixels(height))\" role=\"img\">"
        svg += "<title>\(escapeMarkup(title))</title>"
        svg += "<text class=\"histogram-title\" x=\"\(formatPixels(gap))\" y=\"14\">\(escapeMarkup(title))</text>"
        for (index, bin) in bins.enumerated() {
            let x = gap + Double(index) * (barWidth + gap)
            let barHeight = (chartHeight * Double(bin.count) / largest).rounded()
            let center = formatPixels(x + barWidth / 2)
            let label = bin.lower == bin.upper ? formatPixels(bin.lower)
                : formatPixels(bin.lower.rounded(.down)) + "–" + formatPixels(bin.upper.rounded(.up))
            svg += "<rect x=\"\(formatPixels(x))\" y=\"\(formatPixels(top + chartHeight - barHeight))\" "
                + "width=\"\(formatPixels(barWidth))\" height=\"\(formatPixels(barHeight))\"><title>"
                + "\(escapeMarkup(label)) px: \(bin.count) rows</title></rect>"
            svg += "<text x=\"\(center)\" y=\"\(formatPixels(top + chartHeight - barHeight - 4))\" "
                + "text-anchor=\"middle\">\(bin.count)</text>"
            svg += "<text x=\"\(center)\" y=\"\(formatPixels(top + chartHeight + 14))\" text-anchor=\"middle\" "
                + "class=\"histogram-axis\">\(escapeMarkup(label))</text>"
        }
        svg += "<text class=\"histogram-axis\" x=\"\(formatPixels(gap))\" y=\"\(formatPixels(height - 4))\">row height, px</text>"
        return svg + "</svg>"
    }
}
