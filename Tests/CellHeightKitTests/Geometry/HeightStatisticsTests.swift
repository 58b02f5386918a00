import Testing
@testable import CellHeightKit

@Suite("height statistics")
struct HeightStatisticsTests {
    struct StatisticsCase: Sendable, CustomTestStringConvertible {
        var name: String
        var heights: [Double]
        var expected: HeightStatistics
        var testDescription: String { name }
    }

    static func stats(_ count: Int, min: Double?, max: Double?, mean: Double?, median: Double?, p95: Double?,
                      total: Double) -> HeightStatistics {
        var statistics = HeightStatistics(heights: [])
        (statistics.count, statistics.min, statistics.max, statistics.mean, statistics.median, statistics.p95,
         statistics.total) = (count, min, max, mean, median, p95, total)
        return statistics
    }

    static let cases: [StatisticsCase] = [
        StatisticsCase(name: "no rows", heights: [],
                       expected: stats(0, min: nil, max: nil, mean: nil, median: nil, p95: nil, total: 0)),
        StatisticsCase(name: "one row", heights: [16],
                       expected: stats(1, min: 16, max: 16, mean: 16, median: 16, p95: 16, total: 16)),
        // Even count: the median is the mean of the two middle heights, (16 + 48) / 2 = 32.
        StatisticsCase(name: "two rows", heights: [48, 16],
                       expected: stats(2, min: 16, max: 48, mean: 32, median: 32, p95: 48, total: 64)),
        // Odd count, unsorted: sorted 45, 72, 90; mean 207 / 3 = 69.
        StatisticsCase(name: "three rows, unsorted", heights: [72, 90, 45],
                       expected: stats(3, min: 45, max: 90, mean: 69, median: 72, p95: 90, total: 207)),
        // 1…20: rank ⌈0.95 × 20⌉ = 19 → 19; median (10 + 11) / 2 = 10.5; mean 210 / 20 = 10.5.
        StatisticsCase(name: "twenty rows: p95 is the 19th", heights: (1...20).map(Double.init),
                       expected: stats(20, min: 1, max: 20, mean: 10.5, median: 10.5, p95: 19, total: 210)),
        // 1…21: rank ⌈19.95⌉ = 20 → 20; median the 11th → 11; mean 231 / 21 = 11.
        StatisticsCase(name: "twenty-one rows: p95 is the 20th", heights: (1...21).map(Double.init),
                       expected: stats(21, min: 1, max: 21, mean: 11, median: 11, p95: 20, total: 231)),
        // 1…100: rank 95 exactly (a float 0.95 × 100 would give 95.00000000000001 → 96).
        StatisticsCase(name: "a hundred rows: p95 is the 95th", heights: (1...100).map(Double.init),
                       expected: stats(100, min: 1, max: 100, mean: 50.5, median: 50.5, p95: 95, total: 5050)),
    ]

    @Test("statistics: count, min, max, mean, median, nearest-rank p95, total", arguments: cases)
    func statistics(_ testCase: StatisticsCase) {
        let statistics = HeightStatistics(heights: testCase.heights)
        #expect(statistics == testCase.expected)
        #expect(statistics.estimatedRowHeight == testCase.expected.mean)
    }

    @Test("statistics: the estimate times the count is the total")
    func estimateIsExact() throws {
        let heights = [64.0, 84, 68, 64]
        let statistics = HeightStatistics(heights: heights)
        #expect(try #require(statistics.estimatedRowHeight) * Double(statistics.count) == statistics.total)
    }

    @Test("offsets: the sum of the heights before each row")
    func offsets() {
        #expect(rowOffsets(heights: [16, 48, 32]) == [0, 16, 64])
        #expect(rowOffsets(heights: [34.1875, 52.375, 1]) == [0, 34.1875, 86.5625])
        #expect(rowOffsets(heights: []) == [])
    }
}
