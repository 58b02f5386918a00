import Foundation

/// One run, the pipeline from inputs to report: the request resolved into a `RunPlan` → batches of
/// rows read from the inputs → each row's settings (rules) → measured (in parallel) → handed to a
/// `ReportSink`, which records the findings (budgets, baseline) in the run's messages and writes the
/// report: a batch at a time to the `reportOutput` (`StreamingSink`: NDJSON, CSV and `none`, in
/// bounded memory), or whole at the end (`DocumentSink`). Then the summary, the JUnit file and the
/// diagnostics document.
///
/// An input that cannot be read or is malformed does not end the run: it is reported (see
/// `CheckReporter.recordInputError`) and the others are measured; the rows read from it before
/// the error (input read in pieces: `lines`, `ndjson` and JSON arrays, 1 MiB at a time) stay in
/// the output.
/// When no input could be read, no report is written (the JUnit report of the errors is).
///
/// The command line parses its options into a `HeightRunRequest` and calls `run()`; a Swift
/// program can do the same.
public final class HeightRun {
    private let request: HeightRunRequest

    public init(_ request: HeightRunRequest) {
        self.request = request
        // (So that no output replaces a font the run reads, as none replaces its inputs.)
        FilesRead.recordsFontFiles()
    }

    /// Reads every input, measures and checks each row, writes the report and the diagnostics.
    ///
    /// - Returns: how the rows fared against their budgets and the baseline.
    /// - Throws: `CellHeightError` for bad input, fonts, configuration or output (each with its
    ///   exit code).
    public func run() throws -> HeightRunOutcome {
        let plan = try RunPlan(request)
        let sink: ReportSink = plan.streamsReport ? StreamingSink(plan) : DocumentSink(plan)
        defer { if request.endsWithProcess { ProcessEnd.keep(plan, sink) } }
        var batchCount = 0
        try plan.forEachBatch { rows, source in
            batchCount += 1
            plan.forecaster?.collect(rows, source: source)
            guard try sink.willMeasure(rows) else { return }
            try sink.take(Result {
                try plan.measure(rows, source: source, rendering: sink.rendersRowsApart, keepingCells: sink.readsCells,
                                 notingHeights: sink.readsHeights)
            })
        }
        // No input read at all: no report (the JUnit report of the errors is still written).
        if batchCount > 0 || plan.checker.inputErrors.count < plan.sources.count {
            // The forecast goes in the report; an error of making it is thrown after the report,
            // where the forecast's diagnostics are reported.
            try sink.finish(forecast: try? plan.forecaster?.forecasts())
        }
        return try finish(plan)
    }

    /// Ends the check: rules that matched no row (a warning each), the forecast (`--forecast`),
    /// rows gone from the baseline, a summary line when there was something to check, the JUnit
    /// file and the diagnostics document; the outcome says whether a row broke its budget (or grew,
    /// with `failsOnGrowth`; or a forecast failed) and which inputs could not be read.
    private func finish(_ plan: RunPlan) throws -> HeightRunOutcome {
        let checker = plan.checker
        if let rules = plan.rules, let ruleUsage = plan.ruleUsage {
            for index in ruleUsage.unusedIndices {
                let message = "$.rules[\(index)] (\(ruleSelection(rules.rules[index]))) matched no row"
                checker.recordWarning(CatalogWarning(file: rules.file, line: nil, message: message))
            }
        }
        try plan.forecaster?.report(to: checker)
        // A summary whenever something was checked: a budget (from the options, rules, rows or a
        // catalog), a baseline, a forecast, or a JUnit report that CI will read; and when one of
        // several inputs could not be read (a single input's error says it all).
        let checked = checker.rowsWithBudget > 0 || checker.untranslatedRowsSkipped > 0 || request.rulesFile != nil
            || plan.forecaster != nil
            || request.baselineFile != nil || request.junitFile != nil || request.diagnosticsFile != nil
            || (plan.sources.count > 1 && !checker.inputErrors.isEmpty)
        if checked { checker.finish() }
        if let junitFile = request.junitFile { try writeAtomically(Data(checker.junit.render().utf8), to: junitFile) }
        if let file = request.diagnosticsFile, request.diagnostics.writesDocument {
            let document = request.diagnostics.document(checker.documented, wording: request.reportWording)
            try writeAtomically(Data(document.utf8), to: file)
        }
        return HeightRunOutcome(rowCount: checker.rowCount, failureCount: checker.failureCount,
                                inputErrors: checker.inputErrors)
    }
}
