import Foundation

/// What one run of cellheight is asked to do: the command line's choices, resolved (the cell to
/// measure, the widths, the checks, the report), for `HeightRun`.
public struct HeightRunRequest: Sendable {
    /// Input files, in order; nil reads standard input.
    public var inputs: [String?]
    public var format: RowFormat = .auto
    /// Replace invalid UTF-8 (or UTF-16) with U+FFFD instead of failing.
    public var lossy = false
    /// The cell each row is measured as: a template's labels, or one label showing `text`.
    public var cell: CellTemplate
    /// The template file `cell` comes from; nil when the text options describe it.
    public var templateFile: String?
    /// Whether a single-text cell option was given (padding, minimum height, separator, line
    /// limit, rounding): reports then show the text's height beside the cell's.
    public var hasCellOptions = false
    /// Cell widths in px (the text's for bare text), e.g. [320, 375].
    public var widths: [Double]
    /// Font sizes in px to measure every row at, each with every width, when there are several
    /// (`--size 14,17,20`, e.g. Dynamic Type sizes; the cell's label is at the first); empty (or
    /// one size) for the cell's own size. Not with a template, whose labels have their own sizes,
    /// nor with rules or rows that set a size of their own (which would replace them all).
    public var sizes: [Double] = []
    /// The sizes of a run at users' text sizes, each with what it stands for (a Dynamic Type
    /// category, a font scale; see `SizeStep`), in place of `sizes`; the cell's label is at the first.
    public var sizeSteps: [SizeStep] = []
    /// Whether the widths were given (`--width`): a width too narrow for a template is then a usage error.
    public var widthsGiven = false
    /// Fallback fonts (paths or families) instead of Chromium's chain; nil for Chromium's.
    public var fallbackSpecs: [String]?
    public var whiteSpace: WhiteSpace = .preWrap
    /// The budget every row starts from (`--max-lines`, `--max-height`).
    public var budget: Budget = .none
    /// What every row's text is measured as (`--mnemonic`, `--replace`, `--placeholder-number`,
    /// `--placeholder-string`); rules may add to it.
    public var text = TextRewriting()
    /// Whether untranslated rows (the source text shown in place of a translation) are left out of
    /// the budget check (`--skip-untranslated`); rules may say otherwise per key and locale.
    public var skipsUntranslated = false
    /// A rules file (JSON or YAML) of settings and budgets by key and locale.
    public var rulesFile: String?
    /// The locale of source-language rows that say none (`--source-locale`; else the rules'
    /// `sourceLocale`), e.g. "en": Android's `values/`, iOS's `Base.lproj`.
    public var sourceLocale: String?
    /// The layout options given on the command line (`--width`, `--font`, `--size`, `--line-height`):
    /// a rules file that sets one of them to another value is a usage error.
    public var layoutOptionsGiven: Set<RuleLayoutSetting> = []
    /// An earlier result to compare with, and whether a row that grew is a violation.
    public var baselineFile: String?
    public var failsOnGrowth = false
    public var diagnostics: DiagnosticsFormat = .text
    public var junitFile: String?
    /// Where `--diagnostics sarif` or `gitlab` writes its document (atomically).
    public var diagnosticsFile: String?
    public var output: OutputFormat = .table
    /// Where the report goes (atomically); nil for standard output.
    public var outputFile: String?
    public var explain = false
    public var statistics = false
    public var offsets = false
    public var embedsFonts = false
    /// When the report was made, shown in the `html` report's settings; nil leaves the date out.
    public var reportDate: Date? = Date()
    /// No progress line on standard error.
    public var quiet = false
    /// Threads measuring rows; the output does not depend on it.
    public var jobs: Int = ProcessInfo.processInfo.activeProcessorCount
    /// Whether the process ends when `run()` returns, as the command line's does: the run then
    /// leaves its fonts, caches and rows to the operating system (see `ProcessEnd`).
    public var endsWithProcess = false

    public init(inputs: [String?], cell: CellTemplate, widths: [Double]) {
        self.inputs = inputs
        self.cell = cell
        self.widths = widths
    }
}

/// How a run's rows fared: rows measured, failures (rows over budget, or grown against the
/// baseline with `failsOnGrowth`) and inputs that could not be read, each reported on standard
/// error.
public struct HeightRunOutcome: Equatable, Sendable {
    public var rowCount: Int
    public var failureCount: Int
    /// The inputs that could not be read (exit 66) or are malformed (exit 65), in order; the run
    /// measured the others.
    public var inputErrors: [CellHeightError] = []

    /// The run's exit code: an input error before violations, since some rows went unchecked
    /// (65 when an input is malformed, else 66 when one could not be read), then 1 for failures.
    public var exitCode: CellHeightError.ExitCode {
        if inputErrors.contains(where: { $0.exitCode == .invalidInput }) { return .invalidInput }
        if !inputErrors.isEmpty { return .unreadableInput }
        return failureCount > 0 ? .violations : .ok
    }
}

/// An input's own error met while its rows are read or parsed (see `CellHeightError.isInputError`):
/// the input is reported and the run goes on with the next one.
private struct InputFailure: Error {
    var error: CellHeightError
}

/// One run, the pipeline from inputs to report: sources → batches of rows → each row's settings
/// (rules) → measure (in parallel) → check (budgets, baseline)
/// → write (the report on standard output or atomically to a file, diagnostics on standard
/// error, the JUnit file). NDJSON, CSV and `none` output to standard output stream a batch at a
/// time in bounded memory; other reports are written whole at the end, their rows measured as
/// they are read all the same (and rendered by the workers where they stand alone, as `json`'s).
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
    }

    /// Reads every input, measures and checks each row, writes the report and the diagnostics.
    ///
    /// - Returns: how the rows fared against their budgets and the baseline.
    /// - Throws: `CellHeightError` for bad input, fonts, configuration or output (each with its
    ///   exit code).
    public func run() throws -> HeightRunOutcome {
        let cell = request.cellAtFirstStep, widths = request.widths, fallbackSpecs = request.fallbackSpecs
        let template = request.templateFile, output = request.output, whiteSpace = request.whiteSpace
        let fonts = try makeLabelEngines(for: cell.labels, fallbackSpecs: fallbackSpecs, whiteSpace: whiteSpace) { index, error in
            guard let template else { return error }
            return .invalidConfig(file: template, jsonPath: TemplatePath.label(index, "font"), reason: error.description)
        }
        let label = cell.labels[0]
        let base = RowSettings(font: label.font, fontSize: label.fontSize, lineHeight: label.lineHeight, widths: widths,
                               budget: request.budget, text: request.text, skipsUntranslated: request.skipsUntranslated)
        let rules = try budgetRules(base: base)
        let ruleUsage = rules.map { RuleUsage(ruleCount: $0.rules.count) }
        let sourceLocale = request.sourceLocale ?? rules?.sourceLocale
        // A run at several sizes measures every row once per size, each pass with its own base settings.
        let sizes = try severalSizes(rules: rules)
        let keepsLineHeight = request.layoutOptionsGiven.contains(.lineHeight)
        let resolvers = (sizes.isEmpty ? [nil] : sizes.map(Optional.some)).map { (step: SizeStep?) in
            RowSettingsResolver(base: base.at(step), rules: rules?.at(step, keepsLineHeight: keepsLineHeight),
                                setsFonts: template == nil, usage: ruleUsage)
        }
        /// Reports the rules that matched no row (one warning each), then ends the check.
        func finish(_ checker: CheckReporter, inputCount: Int) throws -> HeightRunOutcome {
            if let rules, let ruleUsage {
                for index in ruleUsage.unusedIndices {
                    checker.recordWarning(CatalogWarning(file: rules.file, line: nil,
                                                         message: "$.rules[\(index)] (\(ruleSelection(rules.rules[index]))) matched no row"))
                }
            }
            return try self.finish(checker, inputCount: inputCount)
        }
        // One measurer per worker: the first uses the engines above, the others open their own.
        var firstEngines: [TextLayoutEngine]? = fonts.engines
        let measurer: ParallelCellMeasurer
        do {
            measurer = try ParallelCellMeasurer(jobs: request.jobs) {
                let engines = try firstEngines ?? makeLabelEngines(for: cell.labels, fallbackSpecs: fallbackSpecs,
                                                                   whiteSpace: whiteSpace) { _, error in error }.engines
                firstEngines = nil
                return try RowSettingsMeasurer(cell: cell, isTemplate: template != nil, engines: engines, base: base,
                                               fallbackSpecs: fallbackSpecs, whiteSpace: whiteSpace,
                                               details: request.explain || output.drawsLines)
            }
        } catch CellGeometryError.noRoomForText(let label, let cellWidth, let textWidth) {
            throw noRoomError(cell, label: label, cellWidth: cellWidth, textWidth: textWidth)
        }
        defer { if request.endsWithProcess { ProcessEnd.keep(measurer) } }
        let checker = try checkReporter(widths: widths, size: template == nil && sizes.isEmpty ? label.fontSize : nil)

        let sources: [String?] = request.inputs.isEmpty ? [nil] : request.inputs
        var settings = ReportSettings(subject: try reportSubject(cell, engines: fonts.engines), widths: widths,
                                      whiteSpace: whiteSpace.rawValue,
                                      inputName: sources.map { inputDisplayName(for: $0) }.joined(separator: ", "))
        settings.sizeFonts = try sizeFonts(sizes, of: settings.subject, cell: cell)
        settings.sizeLabels = sizes.map(\.label)
        settings.budget = base.budget
        settings.identity.file = sources.count > 1
        settings.identity.text = !request.text.isIdentity || (rules?.rules.contains { !$0.text.isIdentity } ?? false)
        if let rules = request.rulesFile { settings.rulesFile = FileReference(path: rules, sha256: try sha256Hex(ofFileAt: rules)) }
        if let rules, template == nil {
            let sets = [("font", rules.rules.contains { $0.font != nil || !$0.localeFonts.isEmpty }),
                        ("size", rules.rules.contains { $0.fontSize != nil }), ("width", rules.rules.contains { $0.widths != nil })]
            settings.setByRules = sets.filter(\.1).map(\.0)
        }
        let options = ReportOptions(explain: request.explain, statistics: request.statistics, offsets: request.offsets,
                                    embeddedFonts: request.embedsFonts ? try fontFiles(of: settings.subject) : [:],
                                    date: request.reportDate)
        let reportSettings = settings
        /// A batch of rows from one input, measured with their settings (at each size) and checked:
        /// its cells in parts (one per worker's slice, not copied into one array here), with what
        /// records its findings with the checker (`recordChecks`, to be called once per
        /// batch, in input order). With `rendering` (an output that renders rows apart, see
        /// `OutputFormat.rendersRowsApart`), the text of the batch's rows comes too, in parts: in
        /// a run at one size each worker renders its own slice.
        func measureBatch(_ rows: [Row], source: String, rendering: Bool = false) throws
            -> (cells: [[MeasuredCell]], texts: [String], recordChecks: () -> Void) {
            /// What a row with `own` settings was laid out in, for messages (at `fontSize` in a
            /// run at several sizes). (Asked on the workers too: it reads what `prepare` opened.)
            func font(_ own: RowSettings?, _ fontSize: Double?) -> String {
                guard template == nil else { return "template \(template!)" }
                let settings = own ?? base
                let family = measurer.primary.fontFamily(for: own) ?? settings.font
                return "font \(family) \(formatPixels(fontSize ?? settings.fontSize)) px"
            }
            guard sizes.isEmpty else {
                var passes: [[MeasuredCell]] = []
                var firstSettings: [RowSettings?] = []
                for (sizeIndex, resolver) in resolvers.enumerated() {
                    let rowSettings = try settingsAtSize(try rows.map { try resolver.ownSettings(for: $0, source: source) },
                                                         of: rows, base: resolver.base, step: sizes[sizeIndex],
                                                         isFirst: sizeIndex == 0, source: source)
                    if sizeIndex == 0 { firstSettings = rowSettings }
                    do {
                        passes.append(try measurer.measure(rows, settings: rowSettings))
                    } catch let error as RowMeasuringError {
                        throw rowSettingsError(error, row: rows[error.rowIndex], source: source, cell: cell)
                    }
                }
                let cells = mergingSizes(passes, steps: sizes)
                let recordChecks = { checker.record(cells, source: source) { font(firstSettings[$0], $1) } }
                return ([cells], rendering ? [renderRows(cells, settings: reportSettings, format: output, options: options)] : [],
                        recordChecks)
            }
            // One size: each worker works out its slice's settings, and renders and checks its
            // slice (its rows' text stands alone; so do a row's findings without a baseline or JUnit report).
            let resolver = resolvers[0], checksApart = checker.checksRowsApart
            let measured: (settings: [RowSettings?], parts: [(cells: [MeasuredCell], text: String, checked: CheckReporter.CheckedRows?)])
            do {
                measured = try measurer.measure(rows, settingsOf: { try resolver.ownSettings(for: $0, source: source) }) { cells, slice, settings in
                    (cells, rendering ? renderRows(cells, settings: reportSettings, format: output, options: options) : "",
                     checksApart ? checker.check(cells, source: source) { font(settings[slice.lowerBound + $0], $1) } : nil)
                }
            } catch let error as RowMeasuringError {
                throw rowSettingsError(error, row: rows[error.rowIndex], source: source, cell: cell)
            }
            let recordChecks: () -> Void
            if checksApart {
                // (Holding the findings alone, not the cells, for a batch recorded later.)
                let checked = measured.parts.map { $0.checked! }
                recordChecks = { checked.forEach(checker.record) }
            } else {
                recordChecks = {
                    var sliceStart = 0
                    for part in measured.parts {
                        let start = sliceStart
                        checker.record(part.cells, source: source) { font(measured.settings[start + $0], $1) }
                        sliceStart += part.cells.count
                    }
                }
            }
            return (measured.parts.map(\.cells), rendering ? measured.parts.map(\.text) : [], recordChecks)
        }
        // NDJSON and CSV to standard output are written a batch at a time, in bounded memory (a
        // template's fields are then checked against the first batch only).
        if (output == .ndjson || output == .csv || output == .none) && request.outputFile == nil && !request.offsets
            && !request.statistics {
            var batchCount = 0
            try forEachBatch(of: sources, sourceLocale: sourceLocale, inputError: checker.recordInputError,
                             warning: checker.recordWarning) { rows, source in
                var text: String
                if batchCount == 0, let template { try cell.checkFields(of: rows, templateFile: template) }
                // The CSV header is written with the first batch: whether it has a locale column is
                // decided then, for the inputs to come too (catalogs by their names).
                if batchCount == 0 && settings.identity.locale == nil {
                    settings.identity.locale = rows.contains { $0.isCatalogEntry || $0.locale != nil }
                        || request.format.catalogFormat != nil
                        || sources.contains { $0.map { CatalogFormat(detectingPath: $0, firstBytes: []) != nil } ?? false }
                }
                let measured = try measureBatch(rows, source: source, rendering: output == .ndjson)
                measured.recordChecks()
                if output == .ndjson {
                    text = measured.texts.joined()
                } else {
                    text = render(Array(measured.cells.joined()), settings: settings, format: output, options: options)
                    if batchCount > 0, let header = text.firstIndex(of: "\n") { text.removeSubrange(...header) }
                }
                try writeToStandardOutput(Data(text.utf8))
                batchCount += 1
            }
            // No input read at all: no report, as when the run stopped at the error.
            if batchCount == 0 && checker.inputErrors.count < sources.count {
                try writeToStandardOutput(Data(render([], settings: settings, format: output, options: options).utf8))
            }
            return try finish(checker, inputCount: sources.count)
        }
        // Each batch is measured as it is read (the next one is read meanwhile); what it breaks is
        // reported only once every input was read, as if all were read first: input errors, then a
        // template's fields, then an error of measuring, then the rows' findings.
        var cells: [MeasuredCell] = []
        // Rows that stand alone are rendered by the workers as they are measured.
        let rendersRowsApart = output.rendersRowsApart(options)
        var renderedRows: [String] = []
        var recordings: [() -> Void] = []
        var templateRows: [Row] = []
        var batchCount = 0
        var measuringError: Error?
        defer { if request.endsWithProcess { ProcessEnd.keep(cells, renderedRows, recordings, templateRows) } }
        try forEachBatch(of: sources, sourceLocale: sourceLocale, inputError: checker.recordInputError,
                         warning: checker.recordWarning) { rows, source in
            batchCount += 1
            if template != nil { templateRows += rows }
            guard measuringError == nil else { return }
            do {
                let measured = try measureBatch(rows, source: source, rendering: rendersRowsApart)
                for part in measured.cells { cells += part }
                renderedRows += measured.texts
                recordings.append(measured.recordChecks)
            } catch {
                measuringError = error
            }
        }
        // No input read at all: no report (the JUnit report of the errors is still written).
        if batchCount == 0 && checker.inputErrors.count == sources.count { return try finish(checker, inputCount: sources.count) }
        if let template { try cell.checkFields(of: templateRows, templateFile: template) }
        if let measuringError { throw measuringError }
        for recordChecks in recordings { recordChecks() }
        // Fonts of rows laid out in their own are embedded too (known only now: rules and rows name them).
        var drawingOptions = options
        if request.embedsFonts {
            for path in cells.compactMap({ $0.ownFont?.fontPath }) where drawingOptions.embeddedFonts[path] == nil {
                drawingOptions.embeddedFonts[path] = [UInt8](try readInputData(from: path))
            }
        }
        // The fonts fallback found, now that every row was laid out (asking the chain up front
        // would start fontconfig for text the primary font draws whole).
        settings.fallbackFonts = output.showsSettings ? measurer.fallbackFontsUsed : []
        let text = render(cells, settings: settings, format: output, options: drawingOptions,
                          renderedRows: rendersRowsApart ? renderedRows : nil)
        if let outputFile = request.outputFile {
            try writeAtomically(Data(text.utf8), to: outputFile)
        } else {
            try writeToStandardOutput(Data(text.utf8))
        }
        return try finish(checker, inputCount: sources.count)
    }
    /// The rules file's rules, with every font it names opened (a bad one is reported at its place
    /// in the file), checked against the command line's `base` settings; nil without `--rules`.
    private func budgetRules(base: RowSettings) throws -> BudgetRules? {
        guard let rules = request.rulesFile else { return nil }
        let parsed = try parseBudgetRules(try readInputData(from: rules), file: rules)
        // Several sizes against a rule's size have their own error (see `severalSizes`).
        let given = request.sizes.count > 1 ? request.layoutOptionsGiven.subtracting([.size]) : request.layoutOptionsGiven
        try checkRulesAgreeWithCommandLine(parsed, settings: base, given: given)
        try checkRuleWidthsFitColumns(parsed, columns: base.widths.count)
        for (font, jsonPath) in parsed.fontsByPath {
            do {
                try checkFontOpens(font)
            } catch let error as CellHeightError {
                throw CellHeightError.invalidConfig(file: rules, jsonPath: jsonPath, reason: error.description)
            }
        }
        return parsed
    }

    /// The sizes of a run at several sizes (or at a category or font scale); empty for a run at
    /// one. Not with a template (its labels have their own sizes) nor, for sizes given as such,
    /// with rules that set a size: a rule's size replaces the command line's, so every size would
    /// be the rule's (a category's or font scale's rules are taken at each, see `BudgetRules.at`).
    private func severalSizes(rules: BudgetRules?) throws -> [SizeStep] {
        guard request.sizeSteps.isEmpty else {
            if let template = request.templateFile {
                throw CellHeightError.conflict(.severalSizesWithTemplate(templateFile: template))
            }
            return request.sizeSteps
        }
        guard request.sizes.count > 1 else { return [] }
        if let template = request.templateFile {
            throw CellHeightError.conflict(.severalSizesWithTemplate(templateFile: template))
        }
        if let rules, let index = rules.rules.firstIndex(where: { $0.fontSize != nil }) {
            throw CellHeightError.conflict(.severalSizesWithRuleSize(rulesFile: rules.file,
                                                                     jsonPath: "$.rules[\(index)].size"))
        }
        return request.sizes.map { SizeStep(fontSize: $0) }
    }

    /// One pass's settings in a run at several sizes, from the rows' own settings at the pass's
    /// size: rows with the base settings get the pass's base (the first pass's is the measurers'
    /// own), and a row that sets a size of its own is an error (it would replace every size) but
    /// at a category or font scale (whose rules set sizes of their own at each).
    private func settingsAtSize(_ settings: [RowSettings?], of rows: [Row], base: RowSettings, step: SizeStep,
                                isFirst: Bool, source: String) throws -> [RowSettings?] {
        try zip(rows, settings).map { row, own in
            guard let own else { return isFirst ? nil : base }
            guard own.fontSize == base.fontSize || step.label != nil else {
                throw CellHeightError.invalidInput(source: source, line: row.sourceLine,
                                                   reason: "\"size\" cannot be used with several --size values: it would replace every size")
            }
            return own
        }
    }

    /// The text's font at each size of a run at several sizes (empty for one): the subject's font
    /// at that size, with the line height there.
    private func sizeFonts(_ sizes: [SizeStep], of subject: ReportSubject,
                           cell: CellTemplate) throws -> [FontSettings] {
        guard !sizes.isEmpty, case .text(let font, _) = subject else { return [] }
        let labels = sizes.map { cell.labels[0].at($0) }
        let engines = try makeLabelEngines(for: labels, fallbackSpecs: request.fallbackSpecs, whiteSpace: request.whiteSpace).engines
        return zip(labels, engines).map { label, engine in
            var sized = font
            sized.fontSize = label.fontSize
            sized.lineHeight = label.lineHeight.description
            sized.lineHeightPixels = engine.primaryLineHeight
            return sized
        }
    }

    /// The reporter of budget violations and baseline changes; `size` is the run's only font size
    /// (nil with several sizes or a template).
    private func checkReporter(widths: [Double], size: Double?) throws -> CheckReporter {
        let baselineRows = try request.baselineFile.map { file in
            (rows: try readBaseline(try readInputData(from: file), file: file), file: file,
             width: widths.count == 1 ? widths[0] : nil, size: size)
        }
        let reporter = CheckReporter(format: request.diagnostics, baseline: baselineRows, failsOnGrowth: request.failsOnGrowth,
                             recordsJUnit: request.junitFile != nil) { text in
            writeToStandardError(text)
        }
        reporter.keepsLineBreaks = request.whiteSpace == .preWrap && request.templateFile == nil
        return reporter
    }

    /// Ends the check: rows gone from the baseline, a summary line when there was something to
    /// check, the JUnit file; the outcome says whether a row broke its budget (or grew, with
    /// `--fail-on-growth`) and which inputs could not be read.
    private func finish(_ checker: CheckReporter, inputCount: Int) throws -> HeightRunOutcome {
        // A summary whenever something was checked: a budget (from the options, rules, rows or a
        // catalog), a baseline, or a JUnit report that CI will read; and when one of several
        // inputs could not be read (a single input's error says it all).
        let checked = checker.rowsWithBudget > 0 || checker.untranslatedRowsSkipped > 0 || request.rulesFile != nil || request.baselineFile != nil
            || request.junitFile != nil || request.diagnosticsFile != nil || (inputCount > 1 && !checker.inputErrors.isEmpty)
        if checked { checker.finish() }
        if let junitFile = request.junitFile { try writeAtomically(Data(checker.junit.render().utf8), to: junitFile) }
        if let file = request.diagnosticsFile, request.diagnostics.writesDocument {
            try writeAtomically(Data(request.diagnostics.document(checker.documented).utf8), to: file)
        }
        return HeightRunOutcome(rowCount: checker.rowCount, failureCount: checker.failureCount, inputErrors: checker.inputErrors)
    }

    /// The error for row settings that could not be opened: a font (exit 69) or a width with no room
    /// for the text (exit 65), naming the row's place.
    private func rowSettingsError(_ error: RowMeasuringError, row: Row, source: String, cell: CellTemplate) -> Error {
        let place = "\(source):\(row.sourceLine)"
        switch error.underlying {
        case let fontError as CellHeightError:
            return CellHeightError.font("\(place): \(fontError.description)")
        case CellGeometryError.noRoomForText(_, let cellWidth, let textWidth):
            return CellHeightError.invalidInput(source: source, line: row.sourceLine,
                reason: "a \(formatPixels(cellWidth)) px wide cell leaves no room for the text (text width \(formatPixels(textWidth)) px)")
        default:
            return error.underlying
        }
    }

    /// Every input's rows, a batch at a time, numbered across inputs, with the input's display name,
    /// for `body` to measure (the progress line counts the rows it was given).
    ///
    /// An input that cannot be opened or read, or is malformed (`CellHeightError.isInputError`,
    /// from its reader, or an `InputFailure` from `body`), goes to `inputError`, and the next input
    /// is read; `body`'s other errors end the run.
    private func forEachBatch(of sources: [String?], sourceLocale: String?, inputError: (CellHeightError) -> Void,
                              warning: (CatalogWarning) -> Void,
                              _ body: ([Row], String) throws -> Void) throws {
        let progress = ProgressReporter(quiet: request.quiet)
        defer { progress.finish() }
        var rowsBefore = 0  // rows of the inputs before this one (each reader numbers its own from 0)
        for source in sources {
            // A template's rows name their own fields; otherwise each row needs a text.
            let reader: StreamingRowReader
            do {
                // (A template's labels show fields of their own: their texts are not expanded.)
                reader = try StreamingRowReader(path: source, format: request.format, lossy: request.lossy,
                                                requireText: request.templateFile == nil,
                                                expandsICUMessages: request.templateFile == nil)
            } catch let error as CellHeightError where error.isInputError {
                inputError(error)
                continue
            }
            var rowsRead = 0
            // The next batch is read while this one is measured.
            let batches = ReadAhead(usesThread: request.jobs > 1, hasMore: { reader.mayHaveMore }) {
                try reader.nextBatch().map { ($0, reader.bytesRead) }
            }
            func nextBatch() throws -> ([Row], Int)? {
                do {
                    return try batches.next()
                } catch let error as CellHeightError where error.isInputError {
                    throw InputFailure(error: error)
                }
            }
            do {
                while case (var rows, let bytesRead)? = try nextBatch() {
                    // Numbered here, across inputs (an ICU message may have become several rows). The
                    // input's name only where reports show it (a catalog's rows, several inputs): a
                    // name is a reference every copy of a row would count.
                    let namesSource = sources.count > 1 || rows.first?.isCatalogEntry == true
                    for i in rows.indices {
                        rows[i].index = rowsBefore + rowsRead + i
                        if namesSource { rows[i].source = reader.name }
                        // A catalog's source-language rows (`values/`, `Base.lproj`) in the project's source locale.
                        if let sourceLocale, rows[i].isCatalogEntry, rows[i].fields?["locale"] == "" {
                            rows[i].fields?["locale"] = sourceLocale
                        }
                    }
                    try body(rows, reader.name)
                    rowsRead += rows.count
                    progress.update(rows: rowsBefore + rowsRead, bytesRead: bytesRead, totalBytes: reader.totalBytes)
                }
            } catch let failure as InputFailure {
                inputError(failure.error)
            }
            rowsBefore += rowsRead
            reader.catalogWarnings.forEach(warning)
            reader.catalogWarnings = []
            if reader.replacementCount > 0 {
                writeErrorMessage("\(reader.name): replaced \(reader.replacementCount) invalid byte sequence(s) with U+FFFD")
            }
        }
    }
    /// What the report echoes about the text's font or the template's labels (the fonts' digests
    /// are left empty when the output does not show them: hashing a font takes milliseconds).
    private func reportSubject(_ cell: CellTemplate, engines: [TextLayoutEngine]) throws -> ReportSubject {
        var digests: [String: String] = [:]
        let fonts = try zip(cell.labels, engines).map { label, engine -> FontSettings in
            let primary = engine.chain.primary
            if digests[primary.path] == nil {
                digests[primary.path] = request.output.showsSettings ? try sha256Hex(ofFileAt: primary.path) : ""
            }
            return FontSettings(fontPath: primary.path, fontFaceIndex: primary.faceIndex, fontFamily: primary.familyName,
                                fontSHA256: digests[primary.path]!, fontSize: label.fontSize,
                                lineHeight: label.lineHeight.description, lineHeightPixels: engine.primaryLineHeight)
        }
        guard let template = request.templateFile else { return .text(fonts[0], cell: request.hasCellOptions ? cell : nil) }
        return .template(cell, file: template, sha256: try sha256Hex(ofFileAt: template), fonts: fonts)
    }

    /// The bytes of every font file the rows were laid out in, by path, for `--embed-font`.
    private func fontFiles(of subject: ReportSubject) throws -> [String: [UInt8]] {
        var files: [String: [UInt8]] = [:]
        for path in subject.fonts.map(\.fontPath) where files[path] == nil {
            files[path] = [UInt8](try readInputData(from: path))
        }
        return files
    }

    /// The error for a width at which the padding (and a template label's insets) leave no room for
    /// text: a conflict of settings, or, at a template's own width, an error in the template.
    private func noRoomError(_ cell: CellTemplate, label: Int, cellWidth: Double, textWidth: Double) -> CellHeightError {
        guard let template = request.templateFile else {
            return .conflict(.paddingLeavesNoRoom(cellWidth: cellWidth, textWidth: textWidth))
        }
        let field = cell.labels[label].field
        if request.widthsGiven {
            return .conflict(.widthTooNarrowForTemplate(templateFile: template, label: field, cellWidth: cellWidth,
                                                        textWidth: textWidth))
        }
        return .invalidConfig(file: template, jsonPath: TemplatePath.label(label),
                              reason: RunConflict.noRoomForLabel(field, cellWidth: cellWidth, textWidth: textWidth))
    }
}
