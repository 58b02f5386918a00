import Foundation

/// `ExpansionModel` as a JSON file (`data/expansion-model.json`), documented by
/// `docs/schemas/expansion-model.schema.json`:
///
/// ```json
/// {"format": 1, "referenceFont": "DejaVu Sans", "fontSize": 16, "provenance": "…",
///  "levels": [0.01, 0.05, …, 0.99], "bucketBounds": [10, 20, 40, 80],
///  "locales": {"de": {"all": {"pairs": 20000, "ratios": [0.7, …]},
///                     "buckets": [{"pairs": 5210, "ratios": […]}, null, …]}}}
/// ```
struct ExpansionModelFile: Codable {
    struct Distribution: Codable {
        var pairs: Int
        var ratios: [Double]
    }

    struct Locale: Codable {
        var all: Distribution
        var buckets: [Distribution?]
    }

    var format: Int
    var referenceFont: String
    var fontSize: Double
    var provenance: String
    var levels: [Double]
    var bucketBounds: [Int]
    var locales: [String: Locale]

    static let currentFormat = 1
}

extension ExpansionModel {
    /// Reads a model file.
    ///
    /// - Throws: `CellHeightError.unreadableInput` when it cannot be read, `.invalidConfig` when it
    ///   is not a model of this format (other levels or buckets than this version's).
    package init(contentsOf path: String) throws {
        let data = try readInputData(from: path)
        let file: ExpansionModelFile
        do {
            file = try JSONDecoder().decode(ExpansionModelFile.self, from: data)
        } catch {
            throw CellHeightError.invalidConfig(
                file: path, jsonPath: "$", reason: "not an expansion model (\(error.localizedDescription))")
        }
        guard file.format == ExpansionModelFile.currentFormat, file.levels == Self.levels,
            file.bucketBounds == Self.bucketBounds
        else {
            throw CellHeightError.invalidConfig(
                file: path, jsonPath: "$.format",
                reason: "an expansion model of another format: learn it again with 'cellheight forecast learn'")
        }
        func distribution(_ stored: ExpansionModelFile.Distribution, at jsonPath: String) throws -> Distribution {
            guard stored.ratios.count == Self.levels.count,
                zip(stored.ratios, stored.ratios.dropFirst()).allSatisfy({ $0 <= $1 }),
                stored.ratios.allSatisfy({ $0.isFinite && $0 > 0 })
            else {
                throw CellHeightError.invalidConfig(
                    file: path, jsonPath: jsonPath,
                    reason: "ratios must be \(Self.levels.count) positive numbers in increasing order")
            }
            return Distribution(pairs: stored.pairs, ratios: stored.ratios)
        }
        var locales: [String: Locale] = [:]
        for (name, stored) in file.locales {
            guard stored.buckets.count == Self.bucketBounds.count + 1 else {
                throw CellHeightError.invalidConfig(
                    file: path, jsonPath: "$.locales.\(name).buckets",
                    reason: "must hold \(Self.bucketBounds.count + 1) buckets")
            }
            let buckets = try stored.buckets.enumerated().map { index, bucket in
                try bucket.map { try distribution($0, at: "$.locales.\(name).buckets[\(index)]") }
            }
            locales[name] = Locale(all: try distribution(stored.all, at: "$.locales.\(name).all"), buckets: buckets)
        }
        self.init(
            referenceFont: file.referenceFont, fontSize: file.fontSize, provenance: file.provenance, locales: locales)
    }

    /// The model as JSON (keys sorted, ratios to 3 decimals), for `cellheight forecast learn`.
    package func jsonData() throws -> Data {
        func stored(_ distribution: Distribution) -> ExpansionModelFile.Distribution {
            ExpansionModelFile.Distribution(
                pairs: distribution.pairs, ratios: distribution.ratios.map { max(0.001, ($0 * 1000).rounded() / 1000) })
        }
        let file = ExpansionModelFile(
            format: ExpansionModelFile.currentFormat, referenceFont: referenceFont, fontSize: fontSize,
            provenance: provenance,
            levels: Self.levels, bucketBounds: Self.bucketBounds,
            locales: locales.mapValues {
                ExpansionModelFile.Locale(all: stored($0.all), buckets: $0.buckets.map { $0.map(stored) })
            })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        var data = try encoder.encode(file)
        data.append(0x0A)
        return data
    }
}
