import CellHeightEngine
import Foundation

/// A run's request resolved once, before the first row is read (as ripgrep makes its high-level
/// arguments of the low-level ones): the fonts opened, the passes over the rows and their settings,
/// the rules, the measurers, the checker, and what the report shows. `HeightRun` then only reads
/// batches, has them measured and hands them to a `ReportSink`.
///
/// Resolving reports a bad font, rules file, baseline or template, and settings that cannot go
/// together (`CellHeightError.conflict`), before any input is read.
final class RunPlan {
    let request: HeightRunRequest
    /// The cell every row is measured as.
    let cell: CellTemplate
    /// The template file `cell` comes from; nil when the text options describe it.
    let templateFile: String?
    /// The inputs, in order (nil: standard input).
    let sources: [String?]
    /// What a row is measured with unless rules or its own fields say otherwise: the cell's first
    /// label's font, size and line height, the widths, the budget and the text rewriting.
    let base: RowSettings
    let rules: BudgetRules?
    /// Which rules matched a row, for the warning about those that matched none.
    let ruleUsage: RuleUsage?
    /// The locale of a catalog's source-language rows that say none.
    let sourceLocale: String?
    /// The passes every row is measured in (one per size of a run at several sizes).
    let passes: RowPasses
    /// The measurers, one per worker, holding the fonts opened and the prepared texts.
    let measurer: ParallelCellMeasurer
    /// Where the rows' findings and the inputs' errors go, in input order.
    let checker: CheckReporter
    /// The forecast of the source rows' translations (`--forecast`); nil without one.
    let forecaster: GateForecaster?
    /// What the report shows of the run, as the workers render rows with it.
    let reportSettings: ReportSettings
    let reportOptions: ReportOptions

    init(_ request: HeightRunRequest) throws {
        self.request = request
        let cell = request.cellAtFirstStep, widths = request.widths, fallbackSpecs = request.fallbackSpecs
        let template = request.templateFile, output = request.output, whiteSpace = request.whiteSpace
        let fonts = try makeLabelEngines(for: cell.labels, fallbackSpecs: fallbackSpecs, whiteSpace: whiteSpace) {
            index, error in
            guard let template else { return error }
            return .invalidConfig(file: template, jsonPath: TemplatePath.label(index, "font"),
                                  reason: error.description)
        }
        let label = cell.labels[0]
        let base = RowSettings(font: label.font, fontSize: label.fontSize, lineHeight: label.lineHeight, widths: widths,
                               budget: request.budget, text: request.text, skipsUntranslated: request.skipsUntranslated)
        let rules = try request.budgetRules(base: base)
        let ruleUsage = rules.map { RuleUsage(ruleCount: $0.rules.count) }
        let passes = RowPasses(base: base, steps: try request.severalSizes(rules: rules), rules: rules,
                               keepsLineHeight: request.layoutOptionsGiven.contains(.lineHeight),
                               setsFonts: template == nil, usage: ruleUsage)
        // One measurer per worker: the first uses the engines above, the others open their own.
        var firstEngines: [TextLayoutEngine]? = fonts.engines
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
            throw request.noRoomError(label: label, cellWidth: cellWidth, textWidth: textWidth)
        }
        checker = try request.checkReporter(size: template == nil && !passes.areSeveral ? label.fontSize : nil)

        let sources: [String?] = request.inputs.isEmpty ? [nil] : request.inputs
        let settings = try request.reportSettings(engines: fonts.engines, sources: sources, steps: passes.steps,
                                                  rules: rules, budget: base.budget)
        var options = ReportOptions(explain: request.explain, statistics: request.statistics, offsets: request.offsets,
                                    embeddedFonts: request.embedsFonts ? try fontFiles(of: settings.subject) : [:],
                                    date: request.reportDate)
        options.wording = request.reportWording
        options.renderingJobs = request.jobs
        reportOptions = options
        reportSettings = settings
        self.cell = cell
        self.templateFile = template
        self.sources = sources
        self.base = base
        self.rules = rules
        self.ruleUsage = ruleUsage
        self.sourceLocale = request.sourceLocale ?? rules?.sourceLocale
        self.passes = passes
        // The forecast measures each source row as its translation, at the users' default size
        // among the passes (Dynamic Type's large, font scale 1), else the first pass's: no
        // template (its labels show fields, not one text), and no record of the rules matched.
        forecaster = try request.forecast.map { forecast in
            if let template {
                throw CellHeightError.usage("a forecast cannot go with the template \(messageText(template)): "
                                            + "it measures one text per row")
            }
            let defaults: [SizeLabel] = [.category(.large), .fontScale(1)]
            let pass = passes.passes.first { $0.step?.label.map(defaults.contains) == true } ?? passes.passes[0]
            return try GateForecaster(forecast, settings: RowSettingsResolver(base: pass.resolver.base,
                                                                              rules: pass.resolver.rules),
                                      sourceLocale: request.sourceLocale ?? rules?.sourceLocale,
                                      fallbackSpecs: fallbackSpecs)
        }
    }

    /// Whether the report is written a batch at a time (see `StreamingSink`): NDJSON, CSV and
    /// `none` without an output file, with no offsets or statistics (which need every row).
    var streamsReport: Bool {
        let output = request.output
        return (output == .ndjson || output == .csv || output == .none) && request.outputFile == nil
            && !request.offsets && !request.statistics
    }
}

/// The bytes of every font file the rows were laid out in, by path, for `--embed-font`.
private func fontFiles(of subject: ReportSubject) throws -> [String: [UInt8]] {
    var files: [String: [UInt8]] = [:]
    for path in subject.fonts.map(\.fontPath) where files[path] == nil {
        files[path] = [UInt8](try readInputData(from: path))
    }
    return files
}

/// The parts of the request resolved on their own, in the order `RunPlan.init` resolves them.
extension HeightRunRequest {
    /// The rules file's rules, with every font it names opened (a bad one is reported at its place
    /// in the file), checked against the command line's `base` settings; nil without `--rules`.
    fileprivate func budgetRules(base: RowSettings) throws -> BudgetRules? {
        guard let rules = rulesFile else { return nil }
        let parsed = try parseBudgetRules(try readInputData(from: rules), file: rules)
        // Several sizes against a rule's size have their own error (see `severalSizes`).
        let given = sizes.count > 1 ? layoutOptionsGiven.subtracting([.size]) : layoutOptionsGiven
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

    /// The size steps of a run at several sizes (or at categories or font scales); empty for a run
    /// at one. Not with a template (its labels have their own sizes) nor, for sizes given as such,
    /// with rules that set a size: a rule's size replaces the command line's, so every size would
    /// be the rule's (a category's or font scale's rules are taken at each, see `BudgetRules.at`).
    fileprivate func severalSizes(rules: BudgetRules?) throws -> [SizeStep] {
        let steps = !sizeSteps.isEmpty ? sizeSteps : sizes.count > 1 ? sizes.map { SizeStep(fontSize: $0) } : []
        guard !steps.isEmpty else { return [] }
        if let templateFile {
            throw CellHeightError.conflict(.severalSizesWithTemplate(templateFile: templateFile))
        }
        if sizeSteps.isEmpty, let rules, let index = rules.rules.firstIndex(where: { $0.fontSize != nil }) {
            throw CellHeightError.conflict(.severalSizesWithRuleSize(rulesFile: rules.file,
                                                                     jsonPath: "$.rules[\(index)].size"))
        }
        return steps
    }

    /// What the report shows of the run: its font or template (see `reportSubject`), widths, sizes,
    /// budget, which identity columns the rows have, the rules file and what its rules set.
    fileprivate func reportSettings(engines: [TextLayoutEngine], sources: [String?], steps: [SizeStep],
                                    rules: BudgetRules?, budget: Budget) throws -> ReportSettings {
        var settings = ReportSettings(subject: try reportSubject(engines: engines), widths: widths,
                                      whiteSpace: whiteSpace.rawValue,
                                      inputName: sources.map { inputDisplayName(for: $0) }.joined(separator: ", "))
        settings.sizeFonts = try sizeFonts(steps, of: settings.subject)
        settings.sizeLabels = steps.map(\.label)
        settings.budget = budget
        settings.identity.file = sources.count > 1
        settings.identity.text = !text.isIdentity || (rules?.rules.contains { !$0.text.isIdentity } ?? false)
        if let rules = rulesFile {
            settings.rulesFile = FileReference(path: rules, sha256: try sha256Hex(ofFileAt: rules))
        }
        if let rules, templateFile == nil {
            let sets = [("font", rules.rules.contains { $0.font != nil || !$0.localeFonts.isEmpty }),
                        ("size", rules.rules.contains { $0.fontSize != nil }),
                        ("width", rules.rules.contains { $0.widths != nil })]
            settings.setByRules = sets.filter(\.1).map(\.0)
        }
        return settings
    }

    /// The text's font at each size of a run at several sizes (empty for one): the subject's font
    /// at that size, with the line height there.
    fileprivate func sizeFonts(_ steps: [SizeStep], of subject: ReportSubject) throws -> [FontSettings] {
        guard !steps.isEmpty, case .text(let font, _) = subject else { return [] }
        let labels = steps.map { cell.labels[0].at($0) }
        let engines = try makeLabelEngines(for: labels, fallbackSpecs: fallbackSpecs, whiteSpace: whiteSpace).engines
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
    fileprivate func checkReporter(size: Double?) throws -> CheckReporter {
        let baselineRows = try baselineFile.map { file in
            (rows: try readBaseline(try readInputData(from: file), file: file), file: file,
             width: widths.count == 1 ? widths[0] : nil, size: size)
        }
        let reporter = CheckReporter(format: diagnostics, baseline: baselineRows, failsOnGrowth: failsOnGrowth,
                                     recordsJUnit: junitFile != nil, write: messageOutput)
        reporter.keepsLineBreaks = whiteSpace == .preWrap && templateFile == nil
        reporter.inputErrorWording = inputErrorWording
        return reporter
    }

    /// What the report echoes about the text's font or the template's labels (the fonts' digests
    /// are left empty when the output does not show them: hashing a font takes milliseconds).
    fileprivate func reportSubject(engines: [TextLayoutEngine]) throws -> ReportSubject {
        var digests: [String: String] = [:]
        let fonts = try zip(cell.labels, engines).map { label, engine -> FontSettings in
            let primary = engine.chain.primary
            if digests[primary.path] == nil {
                digests[primary.path] = output.showsSettings ? try sha256Hex(ofFileAt: primary.path) : ""
            }
            return FontSettings(fontPath: primary.path, fontFaceIndex: primary.faceIndex,
                                fontFamily: primary.familyName, fontSHA256: digests[primary.path]!,
                                fontSize: label.fontSize, lineHeight: label.lineHeight.description,
                                lineHeightPixels: engine.primaryLineHeight)
        }
        guard let templateFile else { return .text(fonts[0], cell: hasCellOptions ? cell : nil) }
        return .template(cell, file: templateFile, sha256: try sha256Hex(ofFileAt: templateFile), fonts: fonts)
    }

    /// The error for a width at which the padding (and a template label's insets) leave no room for
    /// text: a conflict of settings, or, at a template's own width, an error in the template.
    fileprivate func noRoomError(label: Int, cellWidth: Double, textWidth: Double) -> CellHeightError {
        guard let templateFile else {
            return .conflict(.paddingLeavesNoRoom(cellWidth: cellWidth, textWidth: textWidth))
        }
        let field = cell.labels[label].field
        if widthsGiven {
            return .conflict(.widthTooNarrowForTemplate(templateFile: templateFile, label: field, cellWidth: cellWidth,
                                                        textWidth: textWidth))
        }
        return .invalidConfig(file: templateFile, jsonPath: TemplatePath.label(label),
                              reason: RunConflict.noRoomForLabel(field, cellWidth: cellWidth, textWidth: textWidth))
    }
}
