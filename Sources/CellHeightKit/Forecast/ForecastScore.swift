/// How well a predictor (the forecast, or a pseudo-locale) foresaw which translations break their
/// budget in one locale: a confusion matrix over the source strings that fit in the source language
/// and have a translation (`cellheight forecast --score-against`).
package struct ForecastScore: Equatable, Sendable {
    /// "forecast", or a pseudo-locale's name, e.g. "expand:1.4".
    package var predictor: String
    /// The translations' locale, e.g. "de".
    package var locale: String
    package var truePositives = 0
    package var falsePositives = 0
    package var falseNegatives = 0
    package var trueNegatives = 0

    package init(predictor: String, locale: String) {
        self.predictor = predictor
        self.locale = locale
    }

    /// The score of `outcomes`: each a prediction that the translation breaks its budget, and
    /// whether it does.
    package init(predictor: String, locale: String, outcomes: [(predicted: Bool, actual: Bool)]) {
        self.init(predictor: predictor, locale: locale)
        for outcome in outcomes { add(predicted: outcome.predicted, actual: outcome.actual) }
    }

    package mutating func add(predicted: Bool, actual: Bool) {
        switch (predicted, actual) {
        case (true, true): truePositives += 1
        case (true, false): falsePositives += 1
        case (false, true): falseNegatives += 1
        case (false, false): trueNegatives += 1
        }
    }

    /// How many strings were scored.
    package var count: Int { truePositives + falsePositives + falseNegatives + trueNegatives }
    /// How many translations break their budget.
    package var actualOverflows: Int { truePositives + falseNegatives }

    /// Of the strings predicted to break, the share that do; nil when none was predicted.
    package var precision: Double? {
        truePositives + falsePositives == 0 ? nil : Double(truePositives) / Double(truePositives + falsePositives)
    }

    /// Of the strings that break, the share predicted; nil when none breaks.
    package var recall: Double? {
        actualOverflows == 0 ? nil : Double(truePositives) / Double(actualOverflows)
    }

    /// The harmonic mean of precision and recall (0 when either is 0 or undefined).
    package var f1: Double {
        guard let precision, let recall, precision + recall > 0 else { return 0 }
        return 2 * precision * recall / (precision + recall)
    }
}
