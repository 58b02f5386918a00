import Foundation
import Testing
@testable import CellHeightKit
import CellHeightTestSupport

/// The library's errors carry what is wrong as data, in its own words; the command line words
/// them with its options (`ConflictMessages.swift`, checked end to end by the CLI tests).
@Suite("errors: data, not option names")
struct ErrorDataTests {
    static let base = RowSettings(font: TestFonts.dejaVuSans, fontSize: 14, lineHeight: .normal, widths: [320, 375])

    @Test("a rule that sets a setting given for every row to another value: the setting, its value and the rule")
    func ruleDisagrees() {
        let rules = BudgetRules(file: "ui.yaml", rules: [BudgetRule(maxLines: 2), BudgetRule(fontSize: 17)])
        #expect(throws: CellHeightError.conflict(.ruleDisagrees(setting: .size, value: "14", rulesFile: "ui.yaml",
                                                                jsonPath: "$.rules[1].size"))) {
            try checkRulesAgreeWithCommandLine(rules, settings: Self.base, given: [.size])
        }
        #expect(RunConflict.ruleDisagrees(setting: .lineHeight, value: "normal", rulesFile: "ui.yaml",
                                          jsonPath: "$.rules[0].lineHeight").description
                == "the line height normal disagrees with ui.yaml ($.rules[0].lineHeight): give the line height in one "
                + "place (the rules, per key and locale, or the run's settings, for every row)")
    }

    @Test("a rule with other widths than the run's columns: the counts, and exit 64")
    func ruleWidths() {
        let rules = BudgetRules(file: "ui.yaml", rules: [BudgetRule(widths: [200, 250, 300])])
        let conflict = RunConflict.ruleWidthsDoNotFitColumns(rulesFile: "ui.yaml", jsonPath: "$.rules[0].width",
                                                             ruleWidths: 3, columns: 2)
        #expect(throws: CellHeightError.conflict(conflict)) {
            try checkRuleWidthsFitColumns(rules, columns: Self.base.widths.count)
        }
        #expect(conflict.description == "the rule ui.yaml: $.rules[0].width gives 3 widths where the run has 2: "
                + "a report has one column per width")
        #expect(CellHeightError.conflict(conflict).exitCode == .usage)
    }

    @Test("a row's own size in a run at several sizes is an error in the input (exit 65), not an input error to skip")
    func rowSize() {
        let error = CellHeightError.conflict(.severalSizesWithRowSize(source: "rows.ndjson", line: 3))
        #expect(error.exitCode == .invalidInput)
        #expect(!error.isInputError)
        #expect(error.description
                == "rows.ndjson:3: \"size\" cannot be used in a run at several sizes: it would replace every size")
    }

    @Test("input taken for a JSON array by its '[' that is text: the error says so as data, with its place")
    func guessedJSONArray() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("cellheight-guess-\(UUID())")
        try Data("[Draft] Meeting notes\nSecond line\n".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let reader = try StreamingRowReader(path: file.path, format: .auto, lossy: false, requireText: true)
        do {
            _ = try reader.nextBatch()
            Issue.record("text read as a JSON array")
        } catch CellHeightError.invalidGuessedJSONArray(let source, let line, let column, _) {
            #expect(source == file.path)
            #expect((line, column) == (1, 2))
        }
        let error = CellHeightError.invalidGuessedJSONArray(source: "notes.txt", line: 1, column: 2, reason: "bad")
        #expect(error.description == "notes.txt:1:2: invalid JSON: bad (read as a JSON array because it starts "
                + "with '['; for one row per line read it in the lines format)")
        #expect(error.exitCode == .invalidInput && error.isInputError)
    }
}
