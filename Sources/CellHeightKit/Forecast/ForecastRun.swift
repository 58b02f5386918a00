import CellHeightEngine
import Foundation

/// What `cellheight forecast` is asked: the source strings, the target locales and pseudo-locales,
/// where the expansion distributions come from, and how rows are measured (the command line's
/// settings and rules, as the gate resolves them for the target locale).
package struct ForecastRequest {
    /// Source catalogs or rows files, e.g. ["res/values/strings.xml"].
    package var files: [String]
    package var format: RowFormat
    /// Target locales, e.g. ["de", "fr", "ja"].
    package var locales: [String]
    package var pseudoLocales: [PseudoLocale]
    /// The learned model; nil when only pseudo-locales are asked.
    package var model: ExpansionModel?
    /// The project's own translations, learned from first (per locale, when they hold enough pairs).
    package var learnFrom: [String]
    /// Real translations to score the forecast and the pseudo-locales against.
    package var scoreAgainst: [String]
    package var settings: RowSettingsResolver
    package var fallbackSpecs: [String]?
    /// The overflow probability from which a forecast counts as predicting an overflow when scored.
    package var scoreThreshold: Double
    /// Where a catalog's warning that is reported as soon as it is read goes (see
    /// `CatalogWarning.reportedAtOnce`); by default nowhere. The command line writes it to standard error.
    package var catalogWarningOutput: (CatalogWarning) -> Void = { _ in }

    package init(
        files: [String], format: RowFormat = .auto, locales: [String], pseudoLocales: [PseudoLocale] = [],
        model: ExpansionModel?, learnFrom: [String] = [], scoreAgainst: [String] = [], settings: RowSettingsResolver,
        fallbackSpecs: [String]? = nil, scoreThreshold: Double = 0.5
    ) {
        self.files = files
        self.format = format
        self.locales = locales
        self.pseudoLocales = pseudoLocales
        self.model = model
        self.learnFrom = learnFrom
        self.scoreAgainst = scoreAgainst
        self.settings = settings
        self.fallbackSpecs = fallbackSpecs
        self.scoreThreshold = scoreThreshold
    }
}

/// What `cellheight forecast` found.
package struct ForecastOutcome {
    /// Every forecast, most likely to overflow first (probability, then lines at the 90th
    /// percentile, then input order).
    package var forecasts: [OverflowForecast]
    /// Per target locale, where its distribution came from: "model:de" (the learned model's
    /// locale) or "project:123" (the project's translations, with their pair count).
    package var distributionSources: [String: String]
    /// With `scoreAgainst`: the forecast's and each pseudo-locale's score per translated locale.
    package var scores: [ForecastScore]
    /// Source strings left out because no budget applies to them (nothing can overflow).
    package var rowsWithoutBudget: Int
}

/// Runs a forecast (see `OverflowForecaster`).
package struct ForecastRun {
    /// The fewest pairs of a project's translations that replace the learned model for a locale.
    package static let minimumProjectPairs = 20

    package let request: ForecastRequest
    private let forecaster: OverflowForecaster

    package init(_ request: ForecastRequest) {
        self.request = request
        forecaster = OverflowForecaster(fallbackSpecs: request.fallbackSpecs)
    }

    package func run() throws -> ForecastOutcome {
        try run(
            sources: try request.files.flatMap {
                try readForecastRows(path: $0, format: request.format, warn: request.catalogWarningOutput)
            },
            translations: try request.learnFrom.flatMap {
                try readForecastRows(path: $0, format: .auto, warn: request.catalogWarningOutput)
            })
    }

    /// Forecasts rows read already (the gate's, see `GateForecaster`): `sources` in the source
    /// language, `translations` the project's own (they take precedence over the model, as
    /// `learnFrom`'s), leaving out each source row and target locale for which `skips` is true.
    package func run(sources: [Row], translations: [Row], skips: (Row, String) -> Bool = { _, _ in false }) throws
        -> ForecastOutcome
    {
        let sourcesByID = Dictionary(
            sources.compactMap { row in row.id.map { ($0, row) } }, uniquingKeysWith: { first, _ in first })
        let project = try projectDistributions(sourcesByID: sourcesByID, translations: translations)
        var distributionSources: [String: String] = [:]
        var distributions: [String: (ExpansionModel.Locale, String)] = [:]
        for locale in request.locales {
            if let own = project[normalizedLocale(locale)] {
                distributions[locale] = (own, "project")
                distributionSources[locale] = "project:\(own.all.pairs)"
            } else if let model = request.model, let name = model.modelLocale(for: locale),
                let learned = model.locales[name]
            {
                distributions[locale] = (learned, "model")
                distributionSources[locale] = "model:" + name
            } else {
                throw CellHeightError.noExpansionModel(locale: locale, modelGiven: request.model != nil)
            }
        }
        var forecasts: [OverflowForecast] = []
        var rowsWithoutBudget = 0
        for row in sources {
            var counted = false
            for locale in request.locales + request.pseudoLocales.map(\.description) where !skips(row, locale) {
                let target = targetRow(
                    row, locale: request.pseudoLocales.contains { $0.description == locale } ? nil : locale)
                let settings = try request.settings.settings(for: target, source: row.source ?? standardInputName)
                guard settings.budget.isLimited else {
                    if !counted { rowsWithoutBudget += 1 }
                    counted = true
                    continue
                }
                let text = settings.text.apply(to: row.text, syntax: row.placeholders)
                let engine = try forecaster.engine(settings)
                for width in Set(settings.widths).sorted() {
                    if let (distribution, basis) = distributions[locale] {
                        forecasts.append(
                            forecaster.forecast(
                                row: row, text: text, locale: locale,
                                distribution: distribution.distribution(characters: text.count),
                                basis: basis, engine: engine, width: width, budget: settings.budget))
                    } else if let pseudo = request.pseudoLocales.first(where: { $0.description == locale }) {
                        forecasts.append(
                            forecaster.pseudoForecast(
                                row: row, text: text, pseudo: pseudo, engine: engine, width: width,
                                budget: settings.budget))
                    }
                }
            }
        }
        let ranked = forecasts.enumerated().sorted { first, second in
            let (a, b) = (first.element, second.element)
            if a.overflowProbability != b.overflowProbability { return a.overflowProbability > b.overflowProbability }
            if a.p90Lines != b.p90Lines { return a.p90Lines > b.p90Lines }
            return first.offset < second.offset
        }.map(\.element)
        let scores = request.scoreAgainst.isEmpty ? [] : try score(ranked)
        return ForecastOutcome(
            forecasts: ranked, distributionSources: distributionSources, scores: scores,
            rowsWithoutBudget: rowsWithoutBudget)
    }

    /// `row` as if it were in `locale`, so that rules for that locale apply (its font, its budget).
    private func targetRow(_ row: Row, locale: String?) -> Row {
        var target = row
        var fields = row.fields ?? ["text": row.text]
        if let id = row.id, fields["id"] == nil { fields["id"] = id }
        if let locale { fields["locale"] = locale }
        target.fields = fields
        return target
    }

    /// The distributions learned from the project's translations (`learnFrom`'s rows), by normalized
    /// locale, for the locales with at least `minimumProjectPairs` pairs.
    private func projectDistributions(sourcesByID: [String: Row], translations: [Row]) throws
        -> [String: ExpansionModel.Locale]
    {
        var pairsByLocale: [String: [(characters: Int, ratio: Double)]] = [:]
        for translation in translations {
            guard let id = translation.id, let source = sourcesByID[id], let locale = translation.locale,
                !translation.isUntranslated
            else { continue }
            let settings = try request.settings.settings(
                for: translation, source: translation.source ?? standardInputName)
            let learner = ExpansionLearner(engine: try forecaster.engine(settings))
            let sourceText = settings.text.apply(to: source.text, syntax: source.placeholders)
            let translated = settings.text.apply(to: translation.text, syntax: translation.placeholders)
            guard let pair = learner.pair(source: sourceText, translation: translated) else { continue }
            pairsByLocale[normalizedLocale(locale), default: []].append((pair.characters, pair.ratio))
        }
        return pairsByLocale.compactMapValues { pairs in
            pairs.count >= Self.minimumProjectPairs ? ExpansionModel.Locale(pairs: pairs) : nil
        }
    }

    /// The scores of the forecasts and pseudo-locales against the real translations.
    private func score(_ forecasts: [OverflowForecast]) throws -> [ForecastScore] {
        var translations: [String: [String: Row]] = [:]
        let scored = try request.scoreAgainst.flatMap {
            try readForecastRows(path: $0, format: .auto, warn: request.catalogWarningOutput)
        }
        for row in scored {
            guard let id = row.id, let locale = row.locale, !row.isUntranslated else { continue }
            translations[normalizedLocale(locale), default: [:]][id] = row
        }
        var actual: [String: Bool] = [:]
        func breaks(_ translation: Row, width: Double) throws -> Bool {
            let key = "\(translation.source ?? "")\u{0}\(translation.index)\u{0}\(width)"
            if let known = actual[key] { return known }
            let settings = try request.settings.settings(
                for: translation, source: translation.source ?? standardInputName)
            let engine = try forecaster.engine(settings)
            let layout = engine.layout(
                engine.prepare(settings.text.apply(to: translation.text, syntax: translation.placeholders)),
                width: width, details: false)
            let result = !settings.budget.admits(lineCount: layout.lineCount, height: layout.height)
            actual[key] = result
            return result
        }
        var scores: [String: ForecastScore] = [:]
        var order: [String] = []
        func add(predictor: String, locale: String, predicted: Bool, actual: Bool) {
            let key = predictor + "\u{0}" + locale
            if scores[key] == nil {
                scores[key] = ForecastScore(predictor: predictor, locale: locale)
                order.append(key)
            }
            scores[key]!.add(predicted: predicted, actual: actual)
        }
        // Strings whose source already breaks its budget say nothing of the forecast: left out.
        for forecast in forecasts where forecast.sourceFits {
            guard let id = forecast.row.id else { continue }
            if forecast.isPseudo {
                for locale in request.locales {
                    guard let translation = translations[normalizedLocale(locale)]?[id] else { continue }
                    add(
                        predictor: forecast.locale, locale: locale, predicted: forecast.overflowProbability >= 0.5,
                        actual: try breaks(translation, width: forecast.width))
                }
            } else if let translation = translations[normalizedLocale(forecast.locale)]?[id] {
                add(
                    predictor: "forecast", locale: forecast.locale,
                    predicted: forecast.overflowProbability >= request.scoreThreshold,
                    actual: try breaks(translation, width: forecast.width))
            }
        }
        return order.map { scores[$0]! }.sorted {
            ($0.locale, $0.predictor == "forecast" ? "" : $0.predictor)
                < ($1.locale, $1.predictor == "forecast" ? "" : $1.predictor)
        }
    }
}

/// A locale tag compared loosely: lowercase, `_` as `-`, Android's region `rBR` as `br`
/// ("pt_BR", "pt-BR" and "pt-rBR" are "pt-br").
func normalizedLocale(_ locale: String) -> String {
    locale.replacingOccurrences(of: "_", with: "-").split(separator: "-").enumerated().map { index, part in
        let lowered = part.lowercased()
        return index > 0 && lowered.count == 3 && lowered.hasPrefix("r") ? String(lowered.dropFirst()) : lowered
    }.joined(separator: "-")
}

/// The rows of a forecast input: a catalog (by its name, or `format`), else rows in `format`;
/// each row's `source` is `path`. A catalog's warnings that are reported at once go to `warn` as
/// they are read (the others are the gate's: a forecast does not check the catalog).
func readForecastRows(path: String, format: RowFormat, warn: (CatalogWarning) -> Void) throws -> [Row] {
    let data = try readInputData(from: path)
    let bytes = [UInt8](data)
    let name = inputDisplayName(for: path)
    var rows: [Row]
    if let catalog = format.catalogFormat
        ?? (format == .auto ? CatalogFormat(detectingPath: path, firstBytes: Array(bytes.prefix(4096))) : nil)
    {
        var warnings: [CatalogWarning] = []
        defer { warnings.filter(\.reportedAtOnce).forEach(warn) }
        rows = try readCatalogRows(bytes, format: catalog, path: name, warnings: &warnings)
    } else {
        let resolved = format == .auto && !isStandardInput(path) ? RowFormat(extensionOf: path) ?? .auto : format
        rows = try parseRows(in: decodeText(data, source: name).text, format: resolved, source: name, requireText: true)
    }
    for index in rows.indices { rows[index].source = name }
    return rows
}
