import Foundation

/// How much wider a text becomes once translated, per target locale: the distribution of
/// `rendered width of the translation / rendered width of the source`, stored as quantiles, by
/// the source's length in characters (short strings grow most: "OK" becomes "Aceptar").
///
/// Learned by `cellheight forecast learn` (see `ExpansionLearner`) from English-to-locale pairs,
/// both sides measured by the engine in one reference font, and read back by `cellheight forecast`
/// (see `OverflowForecaster`). The committed model is `data/expansion-model.json`.
package struct ExpansionModel: Equatable, Sendable {
    /// The cumulative probabilities the quantiles are at, e.g. [0.01, 0.05, 0.1, …, 0.95, 0.99].
    package static let levels: [Double] = [0.01] + (1...19).map { Double($0) / 20 } + [0.99]
    /// The buckets' upper bounds in characters (grapheme clusters) of the source: 1-10, 11-20,
    /// 21-40, 41-80, 81 and more.
    package static let bucketBounds = [10, 20, 40, 80]
    /// A bucket with fewer pairs than this borrows its locale's overall distribution.
    package static let minimumBucketPairs = 30

    /// One distribution: `ratios[i]` is the quantile at `levels[i]` (non-decreasing).
    package struct Distribution: Equatable, Sendable {
        /// How many pairs it was learned from, e.g. 4210.
        package var pairs: Int
        /// Width ratios at `ExpansionModel.levels`, e.g. [0.62, 0.81, …, 2.4].
        package var ratios: [Double]

        package init(pairs: Int, ratios: [Double]) {
            self.pairs = pairs
            self.ratios = ratios
        }

        /// The distribution of `samples` (at least one).
        package init(samples: [Double]) {
            let sorted = samples.sorted()
            pairs = sorted.count
            ratios = ExpansionModel.levels.map { quantile(sorted, at: $0) }
        }

        /// The ratio at cumulative probability `level` (linear between the stored quantiles).
        package func ratio(at level: Double) -> Double {
            let levels = ExpansionModel.levels
            if level <= levels[0] { return ratios[0] }
            for index in 1..<levels.count where level <= levels[index] {
                let fraction = (level - levels[index - 1]) / (levels[index] - levels[index - 1])
                return ratios[index - 1] + fraction * (ratios[index] - ratios[index - 1])
            }
            return ratios[ratios.count - 1]
        }

        /// The probability that the ratio is above `ratio`: 1 minus the cumulative distribution,
        /// linear between the stored quantiles, 1 below the lowest and 0 above the highest.
        package func probability(above ratio: Double) -> Double {
            let levels = ExpansionModel.levels
            guard ratio >= ratios[0] else { return 1 }
            guard ratio < ratios[ratios.count - 1] else { return 0 }
            var index = 1
            while ratios[index] <= ratio { index += 1 }
            let span = ratios[index] - ratios[index - 1]
            let fraction = span > 0 ? (ratio - ratios[index - 1]) / span : 1
            return 1 - (levels[index - 1] + fraction * (levels[index] - levels[index - 1]))
        }
    }

    /// One locale's distributions.
    package struct Locale: Equatable, Sendable {
        /// Every pair of the locale.
        package var all: Distribution
        /// One per bucket of `ExpansionModel.bucketBounds` (5), nil where too few pairs fell in.
        package var buckets: [Distribution?]

        package init(all: Distribution, buckets: [Distribution?]) {
            self.all = all
            self.buckets = buckets
        }

        /// The distributions of `pairs` (source characters, width ratio); nil when there are none.
        package init?(pairs: [(characters: Int, ratio: Double)]) {
            guard !pairs.isEmpty else { return nil }
            all = Distribution(samples: pairs.map(\.ratio))
            var byBucket = Array(repeating: [Double](), count: ExpansionModel.bucketBounds.count + 1)
            for pair in pairs { byBucket[ExpansionModel.bucket(characters: pair.characters)].append(pair.ratio) }
            buckets = byBucket.map { $0.count >= ExpansionModel.minimumBucketPairs ? Distribution(samples: $0) : nil }
        }

        /// The distribution for a source of `characters` characters: its bucket's, else the locale's.
        package func distribution(characters: Int) -> Distribution {
            buckets[ExpansionModel.bucket(characters: characters)] ?? all
        }
    }

    /// The font both sides of every pair were measured in, e.g. "DejaVu Sans".
    package var referenceFont: String
    /// Its size in px, e.g. 16.
    package var fontSize: Double
    /// Where the pairs came from and how the model was made, one sentence.
    package var provenance: String
    /// By locale as the catalogs name it, e.g. "de", "pt_BR", "zh_CN".
    package var locales: [String: Locale]

    package init(referenceFont: String, fontSize: Double, provenance: String, locales: [String: Locale]) {
        self.referenceFont = referenceFont
        self.fontSize = fontSize
        self.provenance = provenance
        self.locales = locales
    }

    /// The bucket index (0-4) of a source of `characters` characters.
    package static func bucket(characters: Int) -> Int {
        bucketBounds.firstIndex { characters <= $0 } ?? bucketBounds.count
    }

    /// The model's name for `locale` as a user or catalog writes it ("pt-BR", "pt_BR", "zh-Hans",
    /// "de-AT"): the same tag with `_` or `-`, Apple's script tags as gettext's regions
    /// (zh-Hans → zh_CN, zh-Hant → zh_TW), else the language alone; nil when the model has none.
    package func modelLocale(for locale: String) -> String? {
        let parts = locale.replacingOccurrences(of: "-", with: "_").split(separator: "_").map(String.init)
        guard let language = parts.first?.lowercased(), !language.isEmpty else { return nil }
        var candidates: [String] = []
        if parts.count > 1 {
            let rest = parts[1...].joined(separator: "_")
            candidates.append(language + "_" + rest.uppercased())
            candidates.append(language + "_" + rest)
            switch (language, parts[1].lowercased()) {
            case ("zh", "hans"): candidates.append("zh_CN")
            case ("zh", "hant"): candidates.append("zh_TW")
            default: break
            }
            // Android's region qualifier: values-pt-rBR.
            if parts[1].hasPrefix("r"), parts[1].count == 3 {
                candidates.append(language + "_" + parts[1].dropFirst().uppercased())
            }
        }
        candidates.append(language)
        if language == "zh" { candidates.append("zh_CN") }
        return candidates.first { locales[$0] != nil }
    }
}

/// The quantile of sorted `values` at `level` (linear between order statistics, as numpy's default).
func quantile(_ sorted: [Double], at level: Double) -> Double {
    guard sorted.count > 1 else { return sorted.first ?? 1 }
    let position = level * Double(sorted.count - 1)
    let lower = Int(position.rounded(.down))
    let upper = min(lower + 1, sorted.count - 1)
    return sorted[lower] + (position - Double(lower)) * (sorted[upper] - sorted[lower])
}
