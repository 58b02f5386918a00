@testable import CellHeightEngine
import Foundation
import Testing
@testable import CellHeightKit
import CellHeightTestSupport

/// Issue 30: the forecast of one string (DejaVu Sans 16 px, real shaping): a translation `r` times
/// as wide wraps like the source at `width / r`; Chinese and Japanese fill their lines.
@Suite("overflow forecast: lines at a ratio, the threshold, the probability")
struct OverflowForecasterTests {
    static func engine() throws -> TextLayoutEngine {
        try TextLayoutEngine(chain: TestFonts.chromiumChain(TestFonts.dejaVuSans), fontSize: 16, lineHeight: .normal)
    }

    /// Every quantile `ratio`: a translation exactly that much wider.
    static func constant(_ ratio: Double) -> ExpansionModel.Distribution {
        ExpansionModel.Distribution(pairs: 1, ratios: Array(repeating: ratio, count: ExpansionModel.levels.count))
    }

    static let row = Row(index: 0, id: "download.confirm", text: "Download all new episodes now", sourceLine: 3)

    @Test("a translation r times as wide has the source's lines at width / r", arguments: [1.0, 1.3, 1.7, 2.5])
    func stretched(_ ratio: Double) throws {
        let engine = try Self.engine()
        let forecast = OverflowForecaster().forecast(
            row: Self.row, text: Self.row.text, locale: "de", distribution: Self.constant(ratio),
            basis: "model", engine: engine, width: 200, budget: Budget(maxLines: 1))
        let expected = engine.layout(engine.prepare(Self.row.text), width: 200 / ratio).lineCount
        #expect(forecast.medianLines == expected && forecast.p90Lines == expected)
        #expect(forecast.overflowProbability == (expected > 1 ? 1 : 0))
        #expect(forecast.sourceLines == 2 && !forecast.sourceFits)
    }

    @Test("the threshold ratio: the text fits just below it and breaks just above")
    func threshold() throws {
        let engine = try Self.engine()
        let shape = StretchedText(text: "Mark as played", engine: engine, width: 200, breaksAnywhere: false)
        let threshold = try #require(shape.overflowThreshold(budget: Budget(maxLines: 1)))
        // "Mark as played" is 113.3 px: one line up to 200 / 113.3 = 1.77 times as wide.
        #expect(abs(threshold - 200 / shape.oneLineWidth) < 0.005)
        #expect(shape.lines(ratio: threshold).count == 1)
        #expect(shape.lines(ratio: threshold + 0.002).count == 2)
        #expect(shape.overflowThreshold(budget: Budget()) == nil)
    }

    @Test("the probability is the distribution's above the threshold")
    func probability() throws {
        let engine = try Self.engine()
        let even = ExpansionModel.Distribution(samples: (0...100).map { 1 + Double($0) / 100 })
        let text = "Mark as played"
        let forecast = OverflowForecaster().forecast(
            row: Self.row, text: text, locale: "de", distribution: even, basis: "model",
            engine: engine, width: 200, budget: Budget(maxLines: 1))
        let width = OverflowForecaster.renderedWidth(text, engine: engine)
        // Ratios spread evenly over 1…2: the share above 200 / width.
        #expect(abs(forecast.overflowProbability - (2 - 200 / width)) < 0.01)
        #expect(forecast.medianLines == 1 && forecast.p90Lines == 2)
    }

    @Test("Japanese and Chinese fill their lines: ceil(r × width / box) per paragraph")
    func breaksAnywhere() throws {
        let engine = try Self.engine()
        #expect(OverflowForecaster.breaksAnywhere("ja") && OverflowForecaster.breaksAnywhere("zh-Hans"))
        #expect(!OverflowForecaster.breaksAnywhere("ko") && !OverflowForecaster.breaksAnywhere("de"))
        let text = "Download all new episodes now\nSettings"
        let shape = StretchedText(text: text, engine: engine, width: 100, breaksAnywhere: true)
        #expect(shape.paragraphWidths.count == 2)
        let expected = shape.paragraphWidths.reduce(0) { $0 + max(1, Int((0.8 * $1 / 100).rounded(.up))) }
        #expect(shape.lines(ratio: 0.8).count == expected)
        #expect(shape.lines(ratio: 0.8).height == Double(expected) * engine.primaryLineHeight)
    }
}
