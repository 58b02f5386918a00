@testable import CellHeightEngine
import Foundation
import Testing
import CellHeightTestSupport

/// A tracked limit (`TrackedWrapLimit`) says between which limits the wrap loop cuts the same lines:
/// checked limit by limit (every LayoutUnit around the one laid out) on real texts of many scripts
/// and on edge cases (soft hyphens, tabs, long words cut at any grapheme, newlines).
@Suite("wrap limits")
struct WrapLimitTests {
    /// The lines' ranges of `prepared` at a line-width limit, as every layout cuts them.
    static func lines(_ engine: TextLayoutEngine, _ prepared: PreparedText, limit: Int) -> [Range<Int>] {
        // `layout(_:width:)` takes px: a limit of (n + 1) LayoutUnits is a width of n/64 px.
        let width = Double(limit / LineWrapper.unitsPerLayoutUnit - 1) / LayoutUnit.perPixel
        return engine.layout(prepared, width: width).lines.map(\.range)
    }

    @Test("the same lines at every limit of the range, other lines just outside it (plain texts)",
          arguments: ["fixtures/public.jsonl", "fixtures/chromium-local.jsonl"])
    func sameLines(file: String) throws {
        var engines: [String: TextLayoutEngine] = [:]
        var checked = 0, outside = 0, differ = 0
        for (n, testCase) in try OracleCase.load(file).enumerated() where n % 7 == 0 && testCase.fontFamily == nil {
            guard let lineHeight = testCase.lineHeightValue else { continue }
            let key = "\(testCase.font)|\(testCase.size)|\(testCase.lineHeight)"
            let engine = try engines[key] ?? TestFonts.engine(testCase.font, size: testCase.size, lineHeight: lineHeight)
            engines[key] = engine
            let prepared = engine.prepare(testCase.text)
            for width in [testCase.width, testCase.width / 2, testCase.width / 3] {
                let (layout, limit) = engine.trackedLayout(prepared, width: width)
                let lines = Self.lines(engine, prepared, limit: limit.limit)
                #expect(layout.lineCount == lines.count)
                #expect(limit.sameAnswers.contains(limit.limit))
                // The LayoutUnit limits of the range (a width's limit is a whole number of them).
                let step = LineWrapper.unitsPerLayoutUnit
                let lowest = max(limit.sameAnswers.lowerBound, step), highest = min(limit.sameAnswers.upperBound, 1 << 40)
                let first = (lowest + step - 1) / step * step, last = highest / step * step
                for probe in Set([first, last, limit.limit, (first + last) / 2 / step * step]) where probe >= first && probe <= last {
                    #expect(Self.lines(engine, prepared, limit: probe) == lines, "\(testCase.id) at \(probe) in \(limit.sameAnswers)")
                }
                // Just outside, the wrap loop decides something otherwise: mostly other lines.
                if limit.sameAnswers.upperBound < 1 << 40 {
                    outside += 1
                    if Self.lines(engine, prepared, limit: last + step) != lines { differ += 1 }
                }
                if first > step {
                    outside += 1
                    if Self.lines(engine, prepared, limit: first - step) != lines { differ += 1 }
                }
                checked += 1
            }
        }
        #expect(checked > 300)
        // (Lines can come out the same on another decision, e.g. a break passed over either way:
        // the range is then narrower than it could be, never wider.)
        #expect(Double(differ) > 0.9 * Double(outside), "\(differ) of \(outside)")
    }

    @Test("a plain limit answers as a comparison; a tracked one notes the nearest widths on either side")
    func tracking() {
        #expect(100.admits(100) && !100.admits(101))
        var limit = TrackedWrapLimit(100)
        #expect(limit.sameAnswers == Int.min...(Int.max - 1))
        for width in [30, 120, 90, 101, 250] { _ = limit.admits(width) }
        #expect(limit.sameAnswers == 90...100)
    }
}
