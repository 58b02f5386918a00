@testable import CellHeightEngine
import Testing
@testable import CellHeightKit
import CellHeightTestSupport

/// Rows repeated in a run (catalogs repeat "OK", "Cancel", "Settings" across files and locales)
/// are laid out once per measurer, and get exactly what a measurer seeing them first gives (issue 26).
@Suite("repeated rows")
struct RepeatedRowsTests {
    static let texts = ["OK", "Cancel", "Einstellungen", "OK", "Abbrechen", "Cancel", "OK", "Настройки", "設定", "OK",
                        "Annuler la sauvegarde automatique des brouillons", "Cancel"]

    @Test("a repeated short row is laid out once, with the results of a first measurement", arguments: [.normal, LineHeight.pixels(20)])
    func repeatedRows(lineHeight: LineHeight) throws {
        let cell = CellTemplate.singleLabel(font: TestFonts.dejaVuSans, fontSize: 14, lineHeight: lineHeight)
        let engines = try makeLabelEngines(for: cell.labels, fallbackSpecs: nil, whiteSpace: .preWrap).engines
        let measurer = try CellMeasurer(template: cell, engines: engines, widths: [30, 120, 320])
        for (index, text) in Self.texts.enumerated() {
            let row = Row(index: index, text: text, sourceLine: index + 1)
            let fresh = try CellMeasurer(
                template: cell,
                engines: try makeLabelEngines(for: cell.labels, fallbackSpecs: nil, whiteSpace: .preWrap).engines,
                widths: [30, 120, 320])
            #expect(measurer.measure(row).results == fresh.measure(row).results, "\(text)")
        }
        // Distinct texts: 8 of the 12 rows; the 4 repeats came from the memo.
        #expect(measurer.repeatedTextHits == Self.texts.count - Set(Self.texts).count)
    }

    @Test("a repeated row over budget still gets its narrowest fitting width")
    func repeatedRowOverBudget() throws {
        let cell = CellTemplate.singleLabel(font: TestFonts.dejaVuSans, fontSize: 14, lineHeight: .normal)
        let engines = try makeLabelEngines(for: cell.labels, fallbackSpecs: nil, whiteSpace: .preWrap).engines
        let measurer = try CellMeasurer(template: cell, engines: engines, widths: [60])
        let row = Row(index: 0, text: "Annuler tout", sourceLine: 1)
        let first = measurer.measure(row, budget: Budget(maxLines: 1))
        let again = measurer.measure(row, budget: Budget(maxLines: 1))
        #expect(measurer.repeatedTextHits == 1)
        let violation = try #require(first.budgetCheck?.violations.first)
        #expect(violation.fittingWidth != nil)
        #expect(again.budgetCheck == first.budgetCheck)
        #expect(again.results == first.results)
    }
}
