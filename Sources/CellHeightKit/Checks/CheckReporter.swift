import CellHeightEngine
import Foundation

/// Turns measured rows into a CI check's findings as they come (so streamed input stays streamed):
/// budget violations and baseline changes become diagnostics, written at once in the chosen
/// format, and test cases of a JUnit report.
package final class CheckReporter {
    package let format: DiagnosticsFormat
    /// Whether rows that grew against the baseline fail the run.
    package let failsOnGrowth: Bool
    private var baseline: BaselineComparison?
    private let baselineFile: String?
    private let write: (String) -> Void
    /// Rows checked, rows over budget, baseline changes by kind.
    package private(set) var rowCount = 0
    package private(set) var rowsWithBudget = 0
    package private(set) var rowsOverBudget = 0
    /// Untranslated rows that had a budget but were left out of the check (see `MeasuredCell.skipsUntranslatedCheck`).
    package private(set) var untranslatedRowsSkipped = 0
    package private(set) var grown = 0, shrunk = 0, new = 0, gone = 0
    /// Diagnostics that fail the run (input errors not included).
    package private(set) var failureCount = 0
    /// The inputs that could not be read or are malformed, in the order met (see `recordInputError`).
    package private(set) var inputErrors: [CellHeightError] = []
    package private(set) var junit = JUnitReport()
    /// Every diagnostic, in order, when the format writes them as a document (sarif, gitlab).
    package private(set) var documented: [Diagnostic] = []
    /// Whether every row becomes a test case of `junit` (a JUnit report is written: `--junit-file`).
    package let recordsJUnit: Bool
    /// Whether a line break in a row's `text` is a forced break of what is measured (one text in
    /// `white-space: pre-wrap`; not a template's labels), so that a row that cannot fit its line
    /// budget at any width can say why.
    package var keepsLineBreaks = true
    /// How an input error is worded before it is reported (see `HeightRunRequest.inputErrorWording`).
    var inputErrorWording: @Sendable (CellHeightError) -> CellHeightError = { $0 }

    /// - Parameters:
    ///   - baseline: the earlier result's rows and file name, to compare with; nil for none.
    ///   - recordsJUnit: whether to record a JUnit report (by default with `--diagnostics junit`;
    ///     GitHub annotations and a JUnit report together are what a CI job wants).
    ///   - write: where diagnostic lines go (standard error), each ending with a newline.
    ///   - baseline's `width` and `size`: this run's only width and only font size, for the
    ///     baseline's results that do not say theirs (see `BaselineComparison`).
    package init(format: DiagnosticsFormat, baseline: (rows: [BaselineRow], file: String, width: Double?, size: Double?)?,
                failsOnGrowth: Bool, recordsJUnit: Bool? = nil, write: @escaping (String) -> Void) {
        self.format = format
        self.recordsJUnit = recordsJUnit ?? (format == .junit)
        self.failsOnGrowth = failsOnGrowth
        self.baseline = baseline.map { BaselineComparison($0.rows, baselineWidth: $0.width, runSize: $0.size) }
        self.baselineFile = baseline?.file
        self.write = write
    }

    /// Records a batch of measured rows read from `source`.
    ///
    /// - Parameter font: what the row at a position in `cells` was laid out in, for messages, e.g.
    ///   "font DejaVu Sans 14 px"; given a violation's font size in a run at several sizes.
    package func record(_ cells: [MeasuredCell], source: String, font: (_ position: Int, _ fontSize: Double?) -> String) {
        guard !checksRowsApart else { return record(check(cells, source: source, font: font)) }
        var lines = TextBytes()
        for position in cells.indices {
            rowCount += 1
            let cell = cells[position]
            if cell.budgetCheck != nil { rowsWithBudget += 1 }
            if cell.skipsUntranslatedCheck { untranslatedRowsSkipped += 1 }
            var failures: [String] = []
            func report(_ diagnostic: Diagnostic) {
                if diagnostic.fails {
                    failureCount += 1
                    failures.append(diagnostic.message)
                }
                appendLine(for: diagnostic, to: &lines)
            }
            let subject = cell.row.diagnosticSubject
            if let check = cell.budgetCheck, !check.fits {
                rowsOverBudget += 1
                for (diagnostic, overshoot) in violations(of: cell, check, subject: subject, source: source, font: { font(position, $0) }) {
                    failureCount += 1
                    failures.append(diagnostic.message)
                    appendViolation(diagnostic, overshoot: overshoot, to: &lines, worst: &worst)
                }
            }
            if let changes = baseline?.compare(cell) {
                for change in changes {
                    let kind: Diagnostic.Kind
                    switch change {
                    case .grew: grown += 1; kind = .growth
                    case .shrank: shrunk += 1; kind = .change
                    case .new: new += 1; kind = .change
                    case .gone: kind = .change
                    }
                    report(Diagnostic(kind: kind, fails: kind == .growth && failsOnGrowth, file: source,
                                      line: cell.row.sourceLine, subject: subject, message: baselineChangeMessage(change)))
                }
            }
            // A test case per row that was checked (it had a budget) or failed; the others are
            // counted for their file, which is a test case of its own when none of its rows is one.
            if recordsJUnit {
                if cell.budgetCheck != nil || !failures.isEmpty || cell.skipsUntranslatedCheck {
                    junit.add(JUnitReport.TestCase(file: source, line: cell.row.sourceLine, name: subject, failures: failures,
                                                   skipped: cell.skipsUntranslatedCheck ? "untranslated: not checked" : nil))
                } else {
                    junit.countUnchecked(file: source)
                }
            }
        }
        if !lines.bytes.isEmpty { write(lines.string) }
    }

    /// Whether rows can be checked apart from the reporter's state (`check`, on any thread): with
    /// no baseline to compare them with and no JUnit report to add them to, a row's findings are
    /// its budget's violations alone.
    package var checksRowsApart: Bool { baseline == nil && !recordsJUnit && !format.writesDocument }

    /// Rows checked apart from the reporter (see `check`), for `record(_:)`.
    package struct CheckedRows: Sendable {
        /// The diagnostics' lines, in row order.
        package var lines = ""
        package var rowCount = 0, rowsWithBudget = 0, rowsOverBudget = 0, untranslatedRowsSkipped = 0, failureCount = 0
        /// With `github`: the worst violations, for the annotations and the step summary (see `WorstViolations`).
        var worst = WorstViolations()
    }

    /// What `record(_:source:font:)` makes of rows, worked out without changing the reporter, so
    /// that slices of a batch may be checked on several threads at once (only when
    /// `checksRowsApart`): most rows have nothing to report and are counted in place, without a
    /// copy of the cell or its subject's text.
    package func check(_ cells: [MeasuredCell], source: String, font: (_ position: Int, _ fontSize: Double?) -> String) -> CheckedRows {
        precondition(checksRowsApart, "rows are checked apart only without a baseline or a JUnit report")
        var checked = CheckedRows()
        checked.rowCount = cells.count
        var lines = TextBytes()
        // (Read in place: a copy of each cell, or of its check, cost a third of the gate's checking.)
        cells.withUnsafeBufferPointer { cells in
            for position in cells.indices {
                if cells[position].skipsUntranslatedCheck { checked.untranslatedRowsSkipped += 1 }
                switch cells[position].budgetCheck?.fits {
                case nil: continue
                case true?: checked.rowsWithBudget += 1
                case false?:
                    checked.rowsWithBudget += 1
                    checked.rowsOverBudget += 1
                    for (diagnostic, overshoot) in violations(of: cells[position], cells[position].budgetCheck!,
                                                              subject: cells[position].row.diagnosticSubject, source: source,
                                                              font: { font(position, $0) }) {
                        checked.failureCount += 1
                        appendViolation(diagnostic, overshoot: overshoot, to: &lines, worst: &checked.worst)
                    }
                }
            }
        }
        checked.lines = lines.string
        return checked
    }

    /// Records rows checked by `check`, in the order they were read.
    package func record(_ checked: CheckedRows) {
        rowCount += checked.rowCount
        rowsWithBudget += checked.rowsWithBudget
        rowsOverBudget += checked.rowsOverBudget
        untranslatedRowsSkipped += checked.untranslatedRowsSkipped
        failureCount += checked.failureCount
        worst.merge(checked.worst)
        if !checked.lines.isEmpty { write(checked.lines) }
    }

    /// With `github`, violations are text lines in the log as they come, and only the worst
    /// become annotations, at the end (GitHub shows 10 error annotations per step: see `finish`).
    private var worst = WorstViolations()

    /// A violation's line: its annotation, or with `github` its text line (the worst are annotated at the end).
    private func appendViolation(_ diagnostic: Diagnostic, overshoot: Double, to lines: inout TextBytes, worst: inout WorstViolations) {
        guard format == .github else { return appendLine(for: diagnostic, to: &lines) }
        worst.add(diagnostic, overshoot: overshoot)
        diagnostic.write(to: &lines)
        lines.append("\n")
    }

    /// The diagnostics of a row over its budget: one per width it breaks the budget at.
    /// `font`: what the row was laid out in, given the violation's font size.
    private func violations(of cell: MeasuredCell, _ check: BudgetCheck, subject: String, source: String,
                            font: (_ fontSize: Double?) -> String) -> [(Diagnostic, overshoot: Double)] {
        // (Counted only for a message that needs it: a row that fits at no width.)
        let forcedLines = keepsLineBreaks && check.violations.contains { $0.fittingWidth == nil }
            ? cell.row.text.utf8.reduce(1) { $1 == 0x0A ? $0 + 1 : $0 } : nil
        return check.violations.map { violation in
            let laidOut = font(violation.fontSize) + atSize(violation.sizeLabel)
            return (Diagnostic(kind: .violation, fails: true, file: source, line: cell.row.sourceLine, subject: subject,
                               message: violationMessage(violation, font: laidOut, forcedLines: forcedLines)),
                    violation.overshoot)
        }
    }

    /// Reports an input that could not be read or is malformed (`CellHeightError.isInputError`):
    /// the run goes on with the other inputs. Written as the error line the run would end with
    /// (`cellheight: de.po:5: unknown escape \\q`), as a GitHub `::error` with `github`, and as a
    /// JUnit test case with an `<error>`.
    package func recordInputError(_ error: CellHeightError) {
        let error = inputErrorWording(error)
        inputErrors.append(error)
        guard let diagnostic = error.inputDiagnostic else { return }
        switch format {
        case .text, .junit, .sarif, .gitlab: write("cellheight: " + messageLine(error.description) + "\n")
        case .github: write(githubAnnotation(diagnostic) + "\n")
        }
        if format.writesDocument { documented.append(diagnostic) }
        if recordsJUnit {
            junit.add(JUnitReport.TestCase(file: diagnostic.file, line: diagnostic.line, name: diagnostic.file,
                                           errors: [diagnostic.message]))
        }
    }

    /// Reports what a catalog holds that is worth a look but fails nothing (see `CatalogWarning`):
    /// `FILE:LINE: warning: MESSAGE`, a GitHub `::warning` with `github`; one that is
    /// `reportedAtOnce` as a note (see `recordNote`) in every format.
    package func recordWarning(_ warning: CatalogWarning) {
        warningCount += 1
        if warning.reportedAtOnce { return recordNote(warning.text) }
        switch format {
        case .text, .junit, .sarif, .gitlab:
            var line = TextBytes(capacity: 160)
            line.appendMessageText(warning.file, limit: 200)
            if let number = warning.line {
                line.append(":")
                line.append(number)
            }
            line.append(": warning: ")
            line.appendMessageText(warning.message, limit: 1_000)
            write(line.string + "\n")
        case .github:
            write(githubAnnotation(Diagnostic(kind: .change, fails: false, file: warning.file, line: warning.line, subject: "",
                                              message: messageText(warning.message, limit: 1_000)), command: "warning") + "\n")
        }
    }

    /// Reports something about the run that is no finding of a row, e.g. that invalid input bytes
    /// were replaced: one line `cellheight: MESSAGE` in every format (control characters escaped,
    /// see `messageLine`).
    package func recordNote(_ message: String) {
        write("cellheight: " + messageLine(message) + "\n")
    }

    /// Warnings reported (see `recordWarning`).
    package private(set) var warningCount = 0

    /// Reports a forecast that a source row's translation breaks its budget (see `GateForecaster`):
    /// `FILE:LINE: warning: SUBJECT: MESSAGE` (a GitHub `::warning`), or when it `fails` (from
    /// `--fail-on-forecast`) a failure as a violation is, with a failed JUnit test case of its own;
    /// in the SARIF and GitLab documents either way.
    func recordForecast(_ diagnostic: Diagnostic) {
        var lines = TextBytes(capacity: 200)
        if format.writesDocument { documented.append(diagnostic) }
        switch format {
        case .text, .junit, .sarif, .gitlab: diagnostic.write(to: &lines, asWarning: !diagnostic.fails)
        case .github: lines.append(githubAnnotation(diagnostic))
        }
        lines.append("\n")
        if diagnostic.fails {
            failureCount += 1
            if recordsJUnit {
                junit.add(JUnitReport.TestCase(file: diagnostic.file, line: diagnostic.line, name: diagnostic.subject,
                                               failures: [diagnostic.message]))
            }
        }
        write(lines.string)
    }

    /// The forecast's part of the summary (see `GateForecaster.report`); nil in a run without one.
    var forecastSummary: String?

    /// Reports the baseline rows no row matched, then a summary line.
    package func finish() {
        var lines = TextBytes()
        if let baseline, let baselineFile {
            for row in baseline.goneRows {
                gone += 1
                let subject = diagnosticSubjectOf(id: row.key.id, locale: row.key.locale, index: row.key.index ?? 0)
                appendLine(for: Diagnostic(kind: .change, fails: false, file: baselineFile, line: row.line,
                                           subject: subject, message: baselineChangeMessage(.gone(row))), to: &lines)
            }
        }
        if format == .github {
            for annotation in worst.annotations() { lines.append(annotation + "\n") }
        }
        lines.append("cellheight: " + summary + "\n")
        write(lines.string)
        if format == .github, let path = stepSummaryPath { appendStepSummary(to: path) }
    }

    /// Where GitHub Actions takes the step's Markdown summary (`$GITHUB_STEP_SUMMARY`), with `github`.
    package var stepSummaryPath: String? = ProcessInfo.processInfo.environment["GITHUB_STEP_SUMMARY"].flatMap { $0.isEmpty ? nil : $0 }

    /// Appends the check's summary and a table of the worst violations to the step summary file
    /// (as GitHub asks, appending); a file that cannot be written is one warning line, not a failure.
    private func appendStepSummary(to path: String) {
        let markdown = worst.stepSummary(summary: summary)
        guard let handle = FileHandle(forWritingAtPath: path) ?? (FileManager.default.createFile(atPath: path, contents: nil)
                                                                     ? FileHandle(forWritingAtPath: path) : nil) else {
            write("cellheight: cannot write the step summary to " + messageText(path) + "\n")
            return
        }
        defer { try? handle.close() }
        do {
            try handle.seekToEnd()
            try handle.write(contentsOf: Data(markdown.utf8))
        } catch {
            write("cellheight: cannot write the step summary to " + messageText(path) + "\n")
        }
    }

    /// E.g. "3 of 120 rows over budget; baseline: 2 grew, 1 shrank, 0 new, 1 gone", or "120 rows;
    /// baseline: …" when no row had a budget; "…; 4 untranslated rows not checked" when untranslated
    /// rows were left out; "…; 1 input with errors" when inputs could not be read; then the
    /// forecast's, e.g. "forecast (de model:de, fr project:30): 3 of 96 at overflow probability 0.5 or more".
    package var summary: String {
        let rows = "\(rowCount) row\(rowCount == 1 ? "" : "s")"
        var parts = [rowsWithBudget > 0 ? "\(rowsOverBudget) of \(rows) over budget" : rows]
        if untranslatedRowsSkipped > 0 {
            parts.append("\(untranslatedRowsSkipped) untranslated row\(untranslatedRowsSkipped == 1 ? "" : "s") not checked")
        }
        if let baseline {
            var comparison = "baseline: \(grown) grew, \(shrunk) shrank, \(new) new, \(gone) gone"
            if failsOnGrowth && grown > 0 { comparison += " (growth fails the check)" }
            if baseline.comparedResults == 0 && rowCount > new {
                comparison += baseline.comparesSizes ? " (no size and width in common with the baseline)"
                                                     : " (no width in common with the baseline)"
            }
            parts.append(comparison)
        }
        if !inputErrors.isEmpty {
            parts.append("\(inputErrors.count) input\(inputErrors.count == 1 ? "" : "s") with errors")
        }
        if let forecastSummary { parts.append(forecastSummary) }
        return parts.joined(separator: "; ")
    }

    /// Appends the diagnostic's line in the chosen format, with its newline.
    private func appendLine(for diagnostic: Diagnostic, to lines: inout TextBytes) {
        if format.writesDocument { documented.append(diagnostic) }
        switch format {
        case .text, .junit, .sarif, .gitlab: diagnostic.write(to: &lines)
        case .github: lines.append(githubAnnotation(diagnostic))
        }
        lines.append("\n")
    }
}

/// " at AX1" or " at font scale 1.3" after a violation's font, in a run at users' text sizes.
private func atSize(_ label: SizeLabel?) -> String {
    label.map { " at \($0)" } ?? ""
}
