import Foundation
import Testing
@testable import CellHeightKit

/// Issue 30: the expansion model's distributions (quantiles, interpolation, buckets), its file and
/// its locale names.
@Suite("expansion model: quantiles, buckets, file, locales")
struct ExpansionModelTests {
    /// 1.00, 1.01, …, 2.00: 101 evenly spread ratios, whose quantile at p is 1 + p.
    static let even = ExpansionModel.Distribution(samples: (0...100).map { 1 + Double($0) / 100 }.shuffled())

    @Test("quantiles of evenly spread samples, linear between order statistics")
    func quantiles() {
        for (level, ratio) in zip(ExpansionModel.levels, Self.even.ratios) {
            #expect(abs(ratio - (1 + level)) < 1e-9)
        }
        #expect(Self.even.pairs == 101)
        #expect(quantile([1, 2], at: 0.25) == 1.25)
        #expect(quantile([3], at: 0.9) == 3)
    }

    @Test("ratio at a level and probability above a ratio are inverse, 1 below the lowest, 0 above the highest")
    func probability() {
        #expect(abs(Self.even.ratio(at: 0.5) - 1.5) < 1e-9)
        #expect(abs(Self.even.ratio(at: 0.975) - 1.975) < 1e-9)
        #expect(abs(Self.even.probability(above: 1.5) - 0.5) < 1e-9)
        #expect(abs(Self.even.probability(above: 1.72) - 0.28) < 1e-9)
        #expect(Self.even.probability(above: 0.5) == 1)
        #expect(Self.even.probability(above: 2.5) == 0)
        // A distribution with a step (many ratios exactly 1) jumps there.
        let step = ExpansionModel.Distribution(
            samples: Array(repeating: 1, count: 60) + (1...40).map { 1 + Double($0) / 40 })
        #expect(abs(step.probability(above: 0.999) - 1) < 0.02)
        #expect(step.probability(above: 1) < 0.5)
    }

    @Test("buckets by source length; a bucket with too few pairs borrows the locale's distribution")
    func buckets() throws {
        let lengths: [Int] = [1, 10, 11, 20, 21, 40, 41, 80, 81, 500]
        let buckets: [Int] = lengths.map { ExpansionModel.bucket(characters: $0) }
        #expect(buckets == [0, 0, 1, 1, 2, 2, 3, 3, 4, 4])
        var pairs: [(characters: Int, ratio: Double)] = []
        for index in 0..<40 { pairs.append((characters: 5, ratio: 1.5 + Double(index) / 100)) }
        for _ in 0..<10 { pairs.append((characters: 30, ratio: 1.0)) }
        let locale = try #require(ExpansionModel.Locale(pairs: pairs))
        #expect(locale.buckets[0]?.pairs == 40)
        #expect(locale.buckets[2] == nil)
        #expect(locale.distribution(characters: 30) == locale.all)
        #expect(locale.distribution(characters: 8).ratio(at: 0.01) >= 1.5)
        #expect(ExpansionModel.Locale(pairs: []) == nil)
    }

    @Test("the file: written and read back the same (ratios to 3 decimals); a wrong one is refused with exit 78")
    func file() throws {
        let locale = try #require(
            ExpansionModel.Locale(pairs: (0..<100).map { (characters: 4 + $0, ratio: 0.8 + Double($0) / 97) }))
        let model = ExpansionModel(
            referenceFont: "DejaVu Sans", fontSize: 16, provenance: "test", locales: ["de": locale])
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("model-\(UUID()).json").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try writeAtomically(model.jsonData(), to: path)
        let read = try ExpansionModel(contentsOf: path)
        #expect(read.referenceFont == "DejaVu Sans" && read.provenance == "test")
        for (stored, original) in zip(read.locales["de"]!.all.ratios, locale.all.ratios) {
            #expect(abs(stored - original) <= 0.0005)
        }
        let wrong = path + ".wrong.json"
        defer { try? FileManager.default.removeItem(atPath: wrong) }
        try writeAtomically(Data(#"{"format": 1, "levels": [0.5]}"#.utf8), to: wrong)
        #expect(throws: CellHeightError.self) { try ExpansionModel(contentsOf: wrong) }
        do {
            _ = try ExpansionModel(contentsOf: wrong)
        } catch let error as CellHeightError {
            #expect(error.exitCode == .config)
        }
    }

    @Test(
        "locale names as users, Android and Apple write them reach the gettext catalogs' names",
        arguments: [
            ("de", "de"), ("de-AT", "de"), ("pt-BR", "pt_BR"), ("pt_BR", "pt_BR"), ("pt-rBR", "pt_BR"), ("pt", "pt"),
            ("zh-Hans", "zh_CN"), ("zh-Hant", "zh_TW"), ("zh", "zh_CN"), ("xx", nil),
        ])
    func localeNames(_ given: String, _ expected: String?) throws {
        let locale = try #require(ExpansionModel.Locale(pairs: [(characters: 5, ratio: 1)]))
        let model = ExpansionModel(
            referenceFont: "DejaVu Sans", fontSize: 16, provenance: "",
            locales: ["de": locale, "pt_BR": locale, "pt": locale, "zh_CN": locale, "zh_TW": locale])
        #expect(model.modelLocale(for: given) == expected)
    }
}

/// Issue 30: precision and recall of a predictor against the real translations.
@Suite("forecast score: precision and recall")
struct ForecastScoreTests {
    @Test("a confusion matrix and its precision, recall and F1")
    func counts() {
        // 3 predicted and breaking, 1 predicted but fitting, 2 breaking unpredicted, 4 fitting unpredicted.
        let outcomes =
            Array(repeating: (predicted: true, actual: true), count: 3) + [(predicted: true, actual: false)]
            + Array(repeating: (predicted: false, actual: true), count: 2)
            + Array(repeating: (predicted: false, actual: false), count: 4)
        let score = ForecastScore(predictor: "forecast", locale: "de", outcomes: outcomes)
        #expect(
            [score.truePositives, score.falsePositives, score.falseNegatives, score.trueNegatives] == [3, 1, 2, 4]
                as [Int])
        #expect(score.count == 10 && score.actualOverflows == 5)
        #expect(score.precision == 0.75 && score.recall == 0.6)
        #expect(abs(score.f1 - 2 * 0.75 * 0.6 / 1.35) < 1e-12)
    }

    @Test("no prediction: no precision; nothing breaking: no recall; F1 then 0")
    func undefined() {
        let none = ForecastScore(predictor: "double", locale: "fr", outcomes: [(predicted: false, actual: true)])
        #expect(none.precision == nil && none.recall == 0 && none.f1 == 0)
        let quiet = ForecastScore(predictor: "double", locale: "fr", outcomes: [(predicted: true, actual: false)])
        #expect(quiet.precision == 0 && quiet.recall == nil && quiet.f1 == 0)
    }
}
