import Testing
@testable import CellHeightKit
import CellHeightTestSupport

/// Rows measured on several workers, their settings worked out there too: the same cells,
/// settings and errors as settings worked out first on one thread, whatever the number of jobs.
@Suite("parallel cell measurer")
struct ParallelCellMeasurerTests {
    static let base = RowSettings(font: TestFonts.dejaVuSans, fontSize: 14, lineHeight: .normal, widths: [120],
                                  budget: Budget(maxLines: 3))
    static let rules = BudgetRules(file: "rules.yaml", rules: [BudgetRule(keys: ["*.title"], maxLines: 1),
                                                               BudgetRule(keys: ["wide.*"], widths: [300])])

    static func measurer(jobs: Int) throws -> ParallelCellMeasurer {
        let cell = CellTemplate.singleLabel(font: base.font, fontSize: base.fontSize, lineHeight: base.lineHeight)
        return try ParallelCellMeasurer(jobs: jobs) {
            let engines = try makeLabelEngines(for: cell.labels, fallbackSpecs: nil, whiteSpace: .preWrap).engines
            return try RowSettingsMeasurer(cell: cell, isTemplate: false, engines: engines, base: base, fallbackSpecs: nil,
                                           whiteSpace: .preWrap, details: false)
        }
    }

    /// Rows of several keys, some with settings of their own, some with a field `bad` at `badRows`.
    static func rows(count: Int, fields: [Int: [String: String]] = [:]) -> [Row] {
        let words = ["Open", "the file chooser", "to pick", "a document", "from the recent list", "or the desktop"]
        return (0..<count).map { n in
            let key = ["a.title", "b.body", "wide.title", "c"][n % 4]
            let text = (0...(n % 9)).map { words[($0 + n) % words.count] }.joined(separator: " ")
            var own = fields[n] ?? [:]
            (own["key"], own["text"]) = (key, text)
            if n % 5 == 0 { own["maxLines"] = "2" }
            if n % 7 == 0 { own["size"] = "16" }
            return Row(index: n, id: key, text: text, sourceLine: n + 1, fields: own)
        }
    }

    @Test("settings worked out on the workers: the same cells and settings as worked out first", arguments: [1, 2, 4])
    func sameAsSettingsFirst(jobs: Int) throws {
        let resolver = RowSettingsResolver(base: Self.base, rules: Self.rules)
        let rows = Self.rows(count: 400)
        let settings = try rows.map { try resolver.ownSettings(for: $0, source: "rows.json") }
        let expected = try Self.measurer(jobs: 1).measure(rows, settings: settings)
        let measured = try Self.measurer(jobs: jobs).measure(rows, settingsOf: { try resolver.ownSettings(for: $0, source: "rows.json") }) {
            cells, slice, all in (cells: cells, slice: slice, settingsCount: all.count)
        }
        #expect(measured.settings == settings)
        #expect(measured.parts.flatMap(\.cells) == expected)
        #expect(measured.parts.flatMap { Array($0.slice) } == Array(rows.indices))
        #expect(measured.parts.allSatisfy { $0.cells.count == $0.slice.count && $0.settingsCount == rows.count })
        #expect(expected.contains { $0.budgetCheck?.fits == false } && expected.contains { $0.budgetCheck?.fits == true })
    }

    @Test("the first row's bad setting is the error, in row order, then the first row with a font that cannot be opened",
          arguments: [1, 2, 4])
    func firstError(jobs: Int) throws {
        let resolver = RowSettingsResolver(base: Self.base, rules: Self.rules)
        let measurer = try Self.measurer(jobs: jobs)
        let bad = Self.rows(count: 400, fields: [333: ["maxLines": "none"], 121: ["maxLines": "0"], 250: ["font": "/no/such/font.ttf"]])
        #expect {
            _ = try measurer.measure(bad, settingsOf: { try resolver.ownSettings(for: $0, source: "rows.json") }) { cells, _, _ in cells }
        } throws: { error in
            (error as? CellHeightError)?.description == "rows.json:122: \"maxLines\" must be a whole number, 1 or more, got \"0\""
        }
        let badFonts = Self.rows(count: 400, fields: [310: ["font": "/no/such/font.ttf"], 250: ["font": "/no/such/font.ttf"]])
        #expect {
            _ = try measurer.measure(badFonts, settingsOf: { try resolver.ownSettings(for: $0, source: "rows.json") }) { cells, _, _ in cells }
        } throws: { error in
            (error as? RowMeasuringError)?.rowIndex == 250
        }
    }
}
