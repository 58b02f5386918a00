import CellHeightEngine
import Foundation

/// What the forecast says about one source string in one target locale at one width.
package struct OverflowForecast: Equatable, Sendable {
    /// The source row (its id, key, file and line are the report's).
    package var row: Row
    /// The target locale as given (`--locales de`), or the pseudo-locale's name ("expand:1.4").
    package var locale: String
    /// Whether `locale` is a pseudo-locale, measured exactly.
    package var isPseudo: Bool
    /// The width it is laid out at, in px, e.g. 200.
    package var width: Double
    package var budget: Budget
    /// The source text's own line count at `width`, e.g. 1.
    package var sourceLines: Int
    /// Whether the source text itself fits the budget.
    package var sourceFits: Bool
    /// The source's rendered width on one line (the sum of its paragraphs'), in px, e.g. 143.2.
    package var sourceWidth: Double
    /// The predicted line count at the model's median ratio, and at its 90th percentile; a
    /// pseudo-locale's exact line count in both.
    package var medianLines: Int
    package var p90Lines: Int
    /// The width ratios at the median and the 90th percentile (a pseudo-locale's measured one).
    package var medianRatio: Double
    package var p90Ratio: Double
    /// The probability that the translation breaks its budget (0 or 1 for a pseudo-locale).
    package var overflowProbability: Double
    /// Where the distribution came from: "model" (the learned gettext model), "project" (the
    /// project's own translations, `--learn-from`) or "pseudo".
    package var basis: String
    /// The pseudo-localized text (nil for a forecast).
    package var pseudoText: String?
}

/// Forecasts, for source texts and target locales, how many lines the translations will take and
/// how likely they break their budget, before any translation exists.
///
/// A translation `r` times as wide as its source (in rendered px) is laid out like the source at
/// `width / r`: the engine wraps the source's own words there, which stands for the translation's
/// words being `r` times wider. For Chinese and Japanese, which break between any two characters,
/// the translation's lines are its width over the box's instead (`ceil(r × paragraph width / width)`
/// per paragraph). The line count grows with `r`, so there is one ratio `r*` above which the budget
/// breaks (found by bisection); the overflow probability is the model's probability of a ratio
/// above `r*`.
package final class OverflowForecaster {
    private let fallbackSpecs: [String]?
    private var engines: [EngineKey: TextLayoutEngine] = [:]

    private struct EngineKey: Hashable {
        var font: String
        var fontSize: Double
        var lineHeight: LineHeight
    }

    /// The widest box the source is measured in to find its one-line width, in px.
    static let unboundedWidth = 1_000_000.0

    package init(fallbackSpecs: [String]? = nil) {
        self.fallbackSpecs = fallbackSpecs
    }

    /// The engine of a font, size and line height, opened once.
    package func engine(font: String, fontSize: Double, lineHeight: LineHeight) throws -> TextLayoutEngine {
        let key = EngineKey(font: font, fontSize: fontSize, lineHeight: lineHeight)
        if let engine = engines[key] { return engine }
        let engine = try translatingEngineErrors {
            let setup = try FontSetup(fontSpec: font, fallbackSpecs: fallbackSpecs)
            return try TextLayoutEngine(chain: setup.chain, fontSize: fontSize, lineHeight: lineHeight)
        }
        engines[key] = engine
        return engine
    }

    /// The engine of `settings`.
    package func engine(_ settings: RowSettings) throws -> TextLayoutEngine {
        try engine(font: settings.font, fontSize: settings.fontSize, lineHeight: settings.lineHeight)
    }

    /// The rendered width of `text` on one line per paragraph, summed, in px.
    package static func renderedWidth(_ text: String, engine: TextLayoutEngine) -> Double {
        let layout = engine.layout(engine.prepare(text), width: unboundedWidth)
        return layout.lines.reduce(0) { $0 + $1.width }
    }

    /// Whether translations into `locale` break lines between any two characters (Chinese, Japanese).
    package static func breaksAnywhere(_ locale: String) -> Bool {
        let language = locale.split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map { $0.lowercased() } ?? ""
        return ["ja", "zh", "yue"].contains(language)
    }

    /// The forecast of `text` (a row's, as measured) for `locale` with `distribution`, at `width`
    /// against `budget`, measured with `engine`.
    package func forecast(
        row: Row, text: String, locale: String, distribution: ExpansionModel.Distribution, basis: String,
        engine: TextLayoutEngine, width: Double, budget: Budget
    ) -> OverflowForecast {
        let shape = StretchedText(text: text, engine: engine, width: width, breaksAnywhere: Self.breaksAnywhere(locale))
        let median = distribution.ratio(at: 0.5), p90 = distribution.ratio(at: 0.9)
        let threshold = shape.overflowThreshold(budget: budget)
        let source = shape.sourceLayout
        return OverflowForecast(
            row: row, locale: locale, isPseudo: false, width: width, budget: budget, sourceLines: source.lineCount,
            sourceFits: budget.admits(lineCount: source.lineCount, height: source.height),
            sourceWidth: shape.oneLineWidth, medianLines: shape.lines(ratio: median).count,
            p90Lines: shape.lines(ratio: p90).count,
            medianRatio: median, p90Ratio: p90,
            overflowProbability: threshold.map { distribution.probability(above: $0) } ?? 0, basis: basis,
            pseudoText: nil)
    }

    /// `text` in `pseudo`, measured exactly at `width` against `budget`.
    package func pseudoForecast(
        row: Row, text: String, pseudo: PseudoLocale, engine: TextLayoutEngine, width: Double,
        budget: Budget
    ) -> OverflowForecast {
        let rewritten = pseudo.apply(to: text)
        let source = StretchedText(text: text, engine: engine, width: width, breaksAnywhere: false)
        let layout = engine.layout(engine.prepare(rewritten), width: width, details: false)
        let pseudoWidth = Self.renderedWidth(rewritten, engine: engine)
        let ratio = source.oneLineWidth > 0 ? pseudoWidth / source.oneLineWidth : 1
        let sourceLayout = source.sourceLayout
        return OverflowForecast(
            row: row, locale: pseudo.description, isPseudo: true, width: width, budget: budget,
            sourceLines: sourceLayout.lineCount,
            sourceFits: budget.admits(lineCount: sourceLayout.lineCount, height: sourceLayout.height),
            sourceWidth: source.oneLineWidth, medianLines: layout.lineCount, p90Lines: layout.lineCount,
            medianRatio: ratio, p90Ratio: ratio,
            overflowProbability: budget.admits(lineCount: layout.lineCount, height: layout.height) ? 0 : 1,
            basis: "pseudo",
            pseudoText: rewritten)
    }
}

/// A source text prepared once, laid out as if it were `ratio` times as wide.
struct StretchedText {
    let engine: TextLayoutEngine
    let prepared: PreparedText
    let width: Double
    let breaksAnywhere: Bool
    /// Each paragraph's width on one line, in px.
    let paragraphWidths: [Double]

    init(text: String, engine: TextLayoutEngine, width: Double, breaksAnywhere: Bool) {
        self.engine = engine
        self.prepared = engine.prepare(text)
        self.width = width
        self.breaksAnywhere = breaksAnywhere
        paragraphWidths = engine.layout(prepared, width: OverflowForecaster.unboundedWidth).lines.map(\.width)
    }

    var oneLineWidth: Double { paragraphWidths.reduce(0, +) }

    /// The source text itself at `width`.
    var sourceLayout: TextLayout { engine.layout(prepared, width: width, details: false) }

    /// The line count and height of a translation `ratio` times as wide.
    func lines(ratio: Double) -> (count: Int, height: Double) {
        if breaksAnywhere {
            let count = paragraphWidths.reduce(0) { $0 + max(1, Int((ratio * $1 / width).rounded(.up))) }
            return (count, Double(count) * engine.primaryLineHeight)
        }
        let layout = engine.layout(
            prepared, width: min(width / ratio, OverflowForecaster.unboundedWidth), details: false)
        return (layout.lineCount, layout.height)
    }

    /// The ratio above which the text breaks `budget` (to 1/1000); nil when it never does below
    /// 20 (the budget holds any translation), 0 when even a translation 20 times narrower breaks it.
    func overflowThreshold(budget: Budget) -> Double? {
        func fits(_ ratio: Double) -> Bool {
            let (count, height) = lines(ratio: ratio)
            return budget.admits(lineCount: count, height: height)
        }
        guard budget.isLimited, !fits(20) else { return nil }
        var low = 0.05, high = 20.0
        guard fits(low) else { return 0 }
        while high - low > 0.001 {
            let middle = (low + high) / 2
            if fits(middle) { low = middle } else { high = middle }
        }
        return low
    }
}
