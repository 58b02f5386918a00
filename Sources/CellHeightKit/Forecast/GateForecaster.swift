import CellHeightEngine
import Foundation

/// What a gate run forecasts besides checking (`--forecast de,fr,ja`): for each row in the source
/// language and each target locale it is not translated into yet, how likely its translation breaks
/// its budget (see `OverflowForecaster`), reported as the gate reports: warnings, failures only
/// from `failAt` (never by default).
public struct GateForecast: Sendable, Equatable {
    /// Target locales, e.g. ["de", "fr", "ja"].
    public var locales: [String]
    /// The expansion model file (see `cellheight forecast learn`).
    public var modelFile: String
    /// The overflow probability from which a forecast is a warning, e.g. 0.5.
    public var warnAt: Double
    /// The overflow probability from which a forecast fails the run (exit 1); nil: never.
    public var failAt: Double?

    public init(locales: [String], modelFile: String, warnAt: Double = 0.5, failAt: Double? = nil) {
        self.locales = locales
        self.modelFile = modelFile
        self.warnAt = warnAt
        self.failAt = failAt
    }
}

/// The forecast of a gate run: keeps, as the batches pass, the rows in the source language and the
/// project's translations into the target locales, then forecasts the source rows into the locales
/// they have no translation in among the inputs (those are checked as they are), with the project's
/// translations as the distribution of a locale that has 20 or more, and reports the forecasts to
/// the run's checker, most likely to overflow first.
///
/// A source row is one without a locale (Android's `values/`, rows files) or in the source locale
/// (`--source-locale`, the rules' `sourceLocale`). An untranslated row of a target locale (a
/// catalog's entry that shows its source text: a `.po` file's empty `msgstr`) whose source row is
/// not among the inputs is forecast in its own locale, from its text, at its own place. Each is
/// measured as the gate would measure its
/// translation: the rules resolved for the target locale, at the users' default size of a run at
/// several (Dynamic Type's large, font scale 1) when it has it, else at its first.
final class GateForecaster {
    let forecast: GateForecast
    private let model: ExpansionModel
    private let settings: RowSettingsResolver
    private let sourceLocale: String?
    private let fallbackSpecs: [String]?
    private let targets: Set<String>
    private var sources: [Row] = []
    private var translations: [Row] = []
    /// Rows of target locales that show their source text (see the type's comment).
    private var untranslated: [Row] = []

    /// - Throws: the model file's errors, and a usage error for a locale the model does not have.
    init(_ forecast: GateForecast, settings: RowSettingsResolver, sourceLocale: String?, fallbackSpecs: [String]?)
        throws
    {
        let model = try ExpansionModel(contentsOf: forecast.modelFile)
        for locale in forecast.locales where model.modelLocale(for: locale) == nil {
            throw CellHeightError.usage(
                "no expansion model for locale '\(messageText(locale))' to forecast in "
                    + "\(messageText(forecast.modelFile)) (learn it with 'cellheight forecast learn')")
        }
        self.forecast = forecast
        self.model = model
        self.settings = settings
        self.sourceLocale = sourceLocale.map(normalizedLocale)
        self.fallbackSpecs = fallbackSpecs
        targets = Set(forecast.locales.map(normalizedLocale))
    }

    /// Keeps what the forecast needs of a batch of rows read from `source`.
    func collect(_ rows: [Row], source: String) {
        for var row in rows {
            if row.source == nil { row.source = source }
            let locale = row.locale.map(normalizedLocale)
            if locale == nil || locale == sourceLocale {
                sources.append(row)
            } else if let locale, targets.contains(locale), row.id != nil {
                if row.isUntranslated { untranslated.append(row) } else { translations.append(row) }
            }
        }
    }

    /// The forecast, made once (see `forecasts()`).
    private var made: Result<ReportForecast, Error>?

    /// Forecasts the source rows (once: later calls return the same): the forecasts at `warnAt`
    /// or more (or `failAt`, when lower), most likely first, and the summary, e.g. "forecast (de
    /// project:30, fr model:fr): 3 of 96 at overflow probability 0.5 or more".
    func forecasts() throws -> ReportForecast {
        if made == nil { made = Result { try makeForecasts() } }
        return try made!.get()
    }

    private func makeForecasts() throws -> ReportForecast {
        func key(_ locale: String, _ id: String) -> String { normalizedLocale(locale) + "\u{0}" + id }
        let translated = Set(translations.map { key($0.locale!, $0.id!) })
        // An untranslated row stands for its source row when that is not among the inputs.
        let sourceIDs = Set(sources.compactMap(\.id))
        var pending = Set<String>()
        let standIns = untranslated.filter {
            !sourceIDs.contains($0.id!) && !translated.contains(key($0.locale!, $0.id!))
                && pending.insert(key($0.locale!, $0.id!)).inserted
        }
        let request = ForecastRequest(
            files: [], locales: forecast.locales, model: model, settings: settings, fallbackSpecs: fallbackSpecs)
        let outcome = try ForecastRun(request).run(sources: sources + standIns, translations: translations) {
            row, locale in
            // A stand-in in its own locale only; a source row where it has no translation.
            if let own = row.locale.map(normalizedLocale), own != sourceLocale {
                return own != normalizedLocale(locale)
            }
            return row.id.map { translated.contains(key(locale, $0)) } ?? false
        }
        let reported = min(forecast.warnAt, forecast.failAt ?? 2)
        let shown = outcome.forecasts.filter { $0.overflowProbability >= reported }
        let failures = forecast.failAt.map { failAt in shown.filter { $0.overflowProbability >= failAt }.count } ?? 0
        // Where each locale's distribution came from, e.g. "de project:30, fr model:fr".
        let distributions = forecast.locales.map { (locale: $0, source: outcome.distributionSources[$0]) }
        let bases = distributions.map { distribution in distribution.source.map { "\(distribution.locale) \($0)" }
            ?? distribution.locale }
        var summary = "forecast (\(bases.joined(separator: ", "))): "
        if outcome.forecasts.isEmpty {
            summary += "nothing to forecast (no row in the source language, or untranslated, with a budget and "
                + "without its translation)"
        } else {
            summary += "\(shown.count) of \(outcome.forecasts.count) at overflow probability "
                + "\(formatHundredths(reported)) or more"
            if let failAt = forecast.failAt {
                summary += " (\(failures) at \(formatHundredths(failAt)) or more fail the check)"
            }
        }
        return ReportForecast(forecasts: shown, forecastCount: outcome.forecasts.count, distributions: distributions,
                              reportedFrom: reported, warnAt: forecast.warnAt, failAt: forecast.failAt,
                              summary: summary)
    }

    /// Reports each forecast at `warnAt` or more (see `forecasts()`) to `checker`, with the summary part.
    func report(to checker: CheckReporter) throws {
        let made = try forecasts()
        for prediction in made.forecasts {
            checker.recordForecast(
                Diagnostic(
                    kind: .forecast, fails: made.fails(prediction), file: prediction.row.source ?? standardInputName,
                    line: prediction.row.sourceLine, subject: prediction.subject, message: prediction.warningMessage))
        }
        checker.forecastSummary = made.summary
    }
}
