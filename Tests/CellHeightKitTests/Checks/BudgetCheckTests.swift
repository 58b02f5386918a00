import Testing
@testable import CellHeightKit
import CellHeightTestSupport

/// Budgets checked on real layouts; the line counts they rest on are Chromium's (oracle cases).
@Suite("budget checks")
struct BudgetCheckTests {
    static func measurer(font: String = TestFonts.dejaVuSans, size: Double, widths: [Double]) throws -> CellMeasurer {
        let cell = CellTemplate.singleLabel(font: font, fontSize: size, lineHeight: .normal)
        let engines = try makeLabelEngines(for: cell.labels, fallbackSpecs: nil, whiteSpace: .preWrap).engines
        return try CellMeasurer(template: cell, engines: engines, widths: widths)
    }

    @Test("an oracle case over a line budget is a violation with Chromium's line count; one line more fits",
          arguments: try OracleCase.loadPublic().filter { $0.expected.lineCount >= 2 && $0.lineHeight == "normal" }.prefix(60))
    func oracleBudgets(testCase: OracleCase) throws {
        let measurer = try Self.measurer(font: testCase.font, size: testCase.size, widths: [testCase.width])
        let row = Row(index: 0, text: testCase.text, sourceLine: 1)
        let over = measurer.measure(row, budget: Budget(maxLines: testCase.expected.lineCount - 1))
        let violation = try #require(over.budgetCheck?.violations.first)
        #expect(violation.lineCount == testCase.expected.lineCount)
        #expect(violation.width == testCase.width)
        #expect(measurer.measure(row, budget: Budget(maxLines: testCase.expected.lineCount)).budgetCheck?.fits == true)
        #expect(measurer.measure(row, budget: Budget(maxHeight: testCase.expected.height)).budgetCheck?.fits == true)
        // The width it needs is wider than the one it was given, and is exactly enough.
        let fitting = try #require(violation.fittingWidth)
        #expect(fitting > testCase.width)
        let budget = Budget(maxLines: testCase.expected.lineCount - 1)
        #expect(try Self.measurer(font: testCase.font, size: testCase.size, widths: [fitting])
            .measure(row, budget: budget).budgetCheck?.fits == true)
        #expect(try Self.measurer(font: testCase.font, size: testCase.size, widths: [fitting - 1.0 / 64])
            .measure(row, budget: budget).budgetCheck?.fits == false)
    }

    @Test("one line needs the line's width rounded up to 1/64 px, less Chromium's 1/64 px slack")
    func oneLineWidth() throws {
        // DejaVu Sans 16 px: "abc" is (1255 + 1300 + 1126) / 128 = 28.7578125 px (TestFonts' table).
        let row = Row(index: 0, text: "abc abc", sourceLine: 1)
        let measurer = try Self.measurer(size: 16, widths: [40])
        let violation = try #require(measurer.measure(row, budget: Budget(maxLines: 1)).budgetCheck?.violations.first)
        let natural = 2 * 28.7578125 + 651.0 / 128
        #expect(violation.lineCount == 2)
        #expect(violation.fittingWidth == (natural * 64).rounded(.up) / 64 - 1.0 / 64)
    }

    @Test("forced line breaks: no width fits fewer lines")
    func forcedBreaks() throws {
        let measurer = try Self.measurer(size: 16, widths: [300])
        let check = measurer.measure(Row(index: 0, text: "a\nb\nc", sourceLine: 1), budget: Budget(maxLines: 2)).budgetCheck
        #expect(check?.violations == [BudgetViolation(width: 300, lineCount: 3, height: 57, budget: Budget(maxLines: 2),
                                                      fittingWidth: nil)])
    }

    @Test("violation messages", arguments: [
        (BudgetViolation(width: 320, lineCount: 3, height: 48, budget: Budget(maxLines: 2), fittingWidth: 412.484375),
         "3 lines > max 2 at 320 px (font DejaVu Sans 14 px); fits at 412.49 px"),
        (BudgetViolation(width: 320, lineCount: 3, height: 48, budget: Budget(maxLines: 2, maxHeight: 40), fittingWidth: 500),
         "3 lines > max 2, 48 px > max 40 px at 320 px (font DejaVu Sans 14 px); fits at 500 px"),
        (BudgetViolation(width: 375.5, lineCount: 2, height: 32, budget: Budget(maxLines: 2, maxHeight: 20), fittingWidth: nil),
         "32 px > max 20 px at 375.5 px (font DejaVu Sans 14 px); fits at no width up to 1000000 px"),
    ])
    func messages(violation: BudgetViolation, message: String) {
        #expect(violationMessage(violation, font: "font DejaVu Sans 14 px") == message)
    }
}
