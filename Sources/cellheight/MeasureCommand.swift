import ArgumentParser
import CellHeightEngine
import CellHeightKit
import Foundation

/// `cellheight [measure] [options] [files]`: measures every row (the default subcommand).
struct MeasureCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "measure",
        abstract: "Compute how tall text will be once wrapped, exactly as Chromium lays it out (the default).",
        usage: "cellheight [measure] [<options>] [<files> ...]",
        discussion: """
        Each row is laid out like a <div> with white-space: pre-wrap; overflow-wrap: break-word; \
        tab-size: 8 in the given font (with Chromium's font fallback), and its line count and \
        height are printed, with the total.

        With cell options the height is a table cell's: text height -> --round -> + vertical \
        --padding -> max(--min-height) -> + --separator. With --template, each row's fields fill \
        the labels of a cell described in a JSON file (see "Templates" in docs/guide.md).

        EXAMPLES
          cellheight fixtures/sample.txt
          printf 'Delete all files?\\nファイルを開く\\n' | cellheight -w 120
          cellheight -f "Liberation Serif" -s 14 -w 320,375,414 -o json rows.json
          cellheight -s 14,17,20 -w 375 --max-lines 2 -o csv rows.json
          cellheight --explain -w 200 fixtures/sample.txt
          cellheight -s 14 --padding '11 16' --min-height 44 --separator 1 rows.txt
          cellheight --format csv --template title-subtitle-body.json --stats rows.csv
          cellheight -w 320,375 --number-of-lines 3 -o html --embed-font \\
              --output-file report.html rows.txt
          cellheight --rules fixtures/checks/rules.yaml fixtures/checks/ui.ndjson
          cellheight --max-lines 2 -w 280 --diagnostics github \\
              --junit-file report.xml rows.json
          cellheight --max-height 44 --diagnostics junit --junit-file report.xml \\
              rows.json
          cellheight --baseline old.json --fail-on-growth -o json rows.json
          cellheight summarize part1.ndjson part2.ndjson

        EXIT CODES
        \(exitCodeLines)

        SUBCOMMANDS
          measure (default)  Measure rows (this help); 'measure' may be left out.
          summarize          Merge NDJSON results (see 'cellheight help summarize').
          forecast           Forecast translations' line counts (see 'cellheight help forecast').
        """,
        helpNames: [.short, .long]
    )

    /// Each exit code and its meaning, wrapped under the meaning's first column to fit 80 columns
    /// (ArgumentParser would wrap a longer line to the margin).
    private static var exitCodeLines: String {
        CellHeightError.ExitCode.allCases.map { code in
            // Padded by hand: Foundation's `padding(toLength:)` bridges through NSString, about
            // a millisecond of every run's start (the configuration is read on every parse).
            let number = String(code.rawValue)
            var lines = ["  " + number + String(repeating: " ", count: max(0, 4 - number.count))]
            // Words appended as Strings: a Substring added to a String takes the generic
            // character-by-character path, whose type lookups cost about half a millisecond here.
            for word in code.commandLineMeaning.split(separator: " ").map(String.init) {
                if lines[lines.count - 1].count + word.count + 1 > 80 { lines.append("      ") }
                if !lines[lines.count - 1].hasSuffix(" ") { lines[lines.count - 1] += " " }
                lines[lines.count - 1] += word
            }
            return lines.joined(separator: "\n")
        }.joined(separator: "\n")
    }

    static let defaultFont = "sans-serif"
    static let defaultSize = 16.0
    static let defaultWidths = [320.0]

    @Argument(help: "Input files; none or '-' reads standard input.", completion: .file())
    var files: [String] = []

    @OptionGroup(title: "Input") var inputOptions: InputOptions
    @OptionGroup(title: "Text") var textOptions: TextOptions
    @OptionGroup(title: "Font and layout") var layoutOptions: LayoutOptions
    @OptionGroup(title: "Cell") var cellOptions: CellOptions
    @OptionGroup(title: "Output") var outputOptions: OutputOptions
    @OptionGroup(title: "CI gate") var gateOptions: GateOptions

    mutating func validate() throws {
        if let template = cellOptions.template { cellOptions.template = InstalledTemplates.path(for: template) }
        if let jobs = outputOptions.jobs, jobs < 1 || jobs > 1024 {
            throw ValidationError("--jobs must be between 1 and 1024, got \(jobs)")
        }
        _ = try parsedSizes()
        _ = try sizeSteps()
        _ = try parsedWidths()
        _ = try textRewriting()
        if let lineHeight = layoutOptions.lineHeight, LineHeight(parsing: lineHeight) == nil {
            throw ValidationError("--line-height must be \(LineHeight.expectation), got '\(messageText(lineHeight))'")
        }
        // A multiple of 4 or more is most likely a length in px written without its unit.
        if let lineHeight = layoutOptions.lineHeight, case .multiple(let factor)? = LineHeight(parsing: lineHeight), factor >= 4 {
            let pixels = formatPixels(factor * (try parsedSizes()?.first ?? Self.defaultSize))
            writeErrorMessage("note: --line-height \(messageText(lineHeight)) is \(formatPixels(factor)) times the font size "
                              + "(\(pixels) px); for \(formatPixels(factor)) px write --line-height \(formatPixels(factor))px")
        }
        // `--output-file -` is standard output, as `-` is standard input among the files.
        if outputOptions.outputFile == "-" { outputOptions.outputFile = nil }
        if let padding = cellOptions.padding, Padding(parsing: padding) == nil {
            throw ValidationError("--padding must be 1 to 4 lengths in px, none negative (CSS shorthand: '10', '10 15', '8 5 8 5'), got '\(messageText(padding))'")
        }
        for (name, value) in [("--min-height", cellOptions.minHeight), ("--separator", cellOptions.separator)] {
            if let value, !(value.isFinite && value >= 0 && value <= CellTemplate.maximumWidth) {
                throw ValidationError("\(name) must be a number of px, 0 or more (at most \(formatPixels(CellTemplate.maximumWidth))), got \(formatPixels(value))")
            }
        }
        if let numberOfLines = cellOptions.numberOfLines, numberOfLines < 0 {
            throw ValidationError("--number-of-lines must be 0 (no limit) or more, got \(numberOfLines)")
        }
        if let maxLines = gateOptions.maxLines, maxLines < 1 {
            throw ValidationError("--max-lines must be 1 or more, got \(maxLines)")
        }
        if gateOptions.diagnostics == .junit, gateOptions.junitFile == nil {
            throw ValidationError("--diagnostics junit needs --junit-file FILE: where to write the JUnit report")
        }
        if gateOptions.diagnostics.writesDocument, gateOptions.diagnosticsFile == nil {
            throw ValidationError("--diagnostics \(gateOptions.diagnostics.rawValue) needs --diagnostics-file FILE: where to write the report")
        }
        if gateOptions.diagnosticsFile != nil, !gateOptions.diagnostics.writesDocument {
            throw ValidationError("--diagnostics-file needs --diagnostics sarif or gitlab")
        }
        if gateOptions.failOnGrowth, gateOptions.baseline == nil {
            throw ValidationError("--fail-on-growth needs --baseline")
        }
        try validateForecast()
        // No output may land on a file the run reads (the files named here; fonts found by family
        // name, a template's or rules file's fonts are checked again when the output is written).
        let fontPaths = ([layoutOptions.font] + (layoutOptions.fallback?.split(separator: ",").map { String($0) } ?? []))
            .compactMap { $0.flatMap(FontLocator.filePath(of:)) }
        let namedPaths = [gateOptions.rules, gateOptions.baseline, cellOptions.template, gateOptions.forecastModel]
        let readPaths = files + namedPaths.compactMap { $0 } + fontPaths
        // The files this run writes reports to.
        let reports = [("--junit-file", gateOptions.junitFile), ("--output-file", outputOptions.outputFile),
                       ("--diagnostics-file", gateOptions.diagnosticsFile)]
        for (name, path) in reports {
            if let path, readPaths.contains(where: { isSameFile($0, path) }) {
                throw ValidationError("\(name) \(messageText(path)) is also an input: it would be overwritten")
            }
        }
        // Standard input read from a file (`< rows.txt`) is an input like the named ones.
        if files.isEmpty || files.contains(where: { isStandardInput($0) }) {
            for (name, path) in reports {
                if let path, isStandardInputFile(path) {
                    throw ValidationError("\(name) \(messageText(path)) is standard input: it would be overwritten")
                }
            }
        }
        if outputOptions.output == .none, let outputFile = outputOptions.outputFile {
            throw ValidationError("--output-file \(messageText(outputFile)) with --output none: there is no report to write")
        }
        for (index, (name, path)) in reports.enumerated() {
            for (otherName, otherPath) in reports[(index + 1)...] {
                if let path, let otherPath, isSameFile(path, otherPath) {
                    throw ValidationError("\(name) and \(otherName) name the same file, \(messageText(otherPath)): one report would be lost")
                }
            }
        }
        if gateOptions.rules != nil, cellOptions.template != nil {
            throw ValidationError("--rules cannot be used with --template: the template describes the cell")
        }
        if let template = cellOptions.template, isStandardInput(template) {
            throw ValidationError("--template needs a file: standard input holds the rows")
        }
        if cellOptions.template != nil {
            let textOptions: [(String, Bool)] = [
                ("--font", layoutOptions.font != nil), ("--size", layoutOptions.size != nil), ("--line-height", layoutOptions.lineHeight != nil),
                ("--padding", cellOptions.padding != nil), ("--min-height", cellOptions.minHeight != nil), ("--separator", cellOptions.separator != nil),
                ("--number-of-lines", cellOptions.numberOfLines != nil), ("--round", cellOptions.rounding != nil),
            ]
            if let (name, _) = textOptions.first(where: { $0.1 }) {
                throw ValidationError("\(name) cannot be used with --template: the template describes the cell")
            }
        }
        if outputOptions.stats, outputOptions.output == .ndjson || outputOptions.output == .csv || outputOptions.output == .svg || outputOptions.output == .none {
            throw ValidationError("--stats needs --output table, json or html (\(outputOptions.output.rawValue) has no place for statistics)")
        }
        if let maxHeight = gateOptions.maxHeight, !(maxHeight.isFinite && maxHeight > 0 && maxHeight <= CellTemplate.maximumWidth) {
            throw ValidationError("--max-height must be a number of px above 0 (at most \(formatPixels(CellTemplate.maximumWidth))), got \(maxHeight)")
        }
        if outputOptions.embedFont, !outputOptions.output.drawsLines {
            throw ValidationError("--embed-font needs --output html or svg")
        }
    }

    /// `--forecast` and the options that go with it.
    private func validateForecast() throws {
        let gate = gateOptions
        guard let forecast = gate.forecast else {
            let given = [("--forecast-warn-at", gate.forecastWarnAt != nil),
                         ("--fail-on-forecast", gate.failOnForecast != nil),
                         ("--forecast-model", gate.forecastModel != nil)]
            if let (name, _) = given.first(where: { $0.1 }) {
                throw ValidationError("\(name) needs --forecast LOCALES")
            }
            return
        }
        if gate.forecastLocales == nil {
            throw ValidationError("--forecast must be target locales, comma-separated (e.g. de,fr,ja), "
                                  + "got '\(messageText(forecast))'")
        }
        let probabilities = [("--forecast-warn-at", gate.forecastWarnAt), ("--fail-on-forecast", gate.failOnForecast)]
        for (name, value) in probabilities {
            if let value, !(value >= 0 && value <= 1) {
                throw ValidationError("\(name) must be a probability from 0 to 1, got \(formatPixels(value))")
            }
        }
        if let template = cellOptions.template {
            throw ValidationError("--forecast cannot be used with --template \(messageText(template)): "
                                  + "the forecast measures one text per row")
        }
    }

    /// The widths given with `--width`, or nil when it was not given.
    func parsedWidths() throws -> [Double]? {
        guard let width = layoutOptions.width else { return nil }
        guard let widths = Self.pixelList(width, maximum: CellTemplate.maximumWidth) else {
            throw ValidationError("--width must be one or more positive numbers of px (at most \(formatPixels(CellTemplate.maximumWidth))), comma-separated, got '\(messageText(width))'")
        }
        return widths
    }

    /// The sizes of a run at users' text sizes: `--text-style` at each `--dynamic-type` category, or
    /// `--size` at each `--font-scale`; empty without those options.
    func sizeSteps() throws -> [SizeStep] {
        let options = layoutOptions
        let dynamicType = options.textStyle != nil || options.dynamicType != nil
        guard dynamicType || options.fontScale != nil else { return [] }
        let named = [("--text-style", options.textStyle), ("--dynamic-type", options.dynamicType),
                     ("--font-scale", options.fontScale)]
        let given = named.filter { $0.1 != nil }.map(\.0).joined(separator: " and ")
        if cellOptions.template != nil {
            throw ValidationError("\(given) cannot be used with --template: its labels have their own sizes")
        }
        let lineHeight = options.lineHeight.flatMap(LineHeight.init(parsing:))
        if let fontScale = options.fontScale {
            if dynamicType {
                throw ValidationError("--font-scale (Android) cannot be used with --text-style or --dynamic-type (iOS)")
            }
            guard let scales = AndroidFontScale.parseList(fontScale) else {
                throw ValidationError("--font-scale must be \(AndroidFontScale.expectation), "
                                      + "got '\(messageText(fontScale))'")
            }
            let sizes = try parsedSizes() ?? [Self.defaultSize]
            guard sizes.count == 1 else {
                throw ValidationError("--font-scale scales one --size (in sp), got \(sizes.count) sizes")
            }
            return SizeStep.fontScales(scales, sp: sizes[0], lineHeight: lineHeight ?? .normal)
        }
        if options.size != nil {
            throw ValidationError("--size cannot be used with \(given): the text style gives the size")
        }
        let styleName = options.textStyle ?? "body"
        guard let style = TextStyle(name: styleName) else {
            throw ValidationError("--text-style must be \(TextStyle.expectation), got '\(messageText(styleName))'")
        }
        let categoryNames = options.dynamicType ?? "large"
        guard let categories = ContentSizeCategory.parseList(categoryNames) else {
            throw ValidationError("--dynamic-type must be \(ContentSizeCategory.expectation), "
                                  + "got '\(messageText(categoryNames))'")
        }
        return SizeStep.dynamicType(style, categories: categories, keepsLineHeight: lineHeight != nil)
    }

    /// The font sizes given with `--size` (several for a run at several sizes), or nil when it was not given.
    func parsedSizes() throws -> [Double]? {
        guard let size = layoutOptions.size else { return nil }
        guard let sizes = Self.pixelList(size, maximum: CellTemplate.maximumFontSize) else {
            throw ValidationError("--size must be one or more numbers of px above 0 and at most \(formatPixels(CellTemplate.maximumFontSize)), comma-separated, got '\(messageText(size))'")
        }
        return sizes
    }

    /// Comma-separated numbers of px, each with or without "px" (as CSS writes it), each above 0 and
    /// at most `maximum`; nil when the text is not that.
    private static func pixelList(_ text: String, maximum: Double) -> [Double]? {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        let values = parts.compactMap { part -> Double? in
            let text = part.trimmingCharacters(in: .whitespaces).lowercased()
            return parseCSSNumber(text.hasSuffix("px") ? String(text.dropLast(2)) : text)
        }
        guard !parts.isEmpty, values.count == parts.count,
              values.allSatisfy({ $0.isFinite && $0 > 0 && $0 <= maximum }) else { return nil }
        return values
    }


    /// Whether any single-text cell option was given (then reports show the text height too).
    var hasCellOptions: Bool {
        cellOptions.padding != nil || cellOptions.minHeight != nil || cellOptions.separator != nil
            || cellOptions.numberOfLines != nil || cellOptions.rounding != nil
    }

    /// The date the HTML report shows: now, or `SOURCE_DATE_EPOCH` (whole seconds since 1970, the
    /// reproducible-builds convention) so that a report kept in a repository can be made again byte for byte.
    func reportDate() throws -> Date {
        guard let epoch = ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"] else { return Date() }
        guard let seconds = Int64(epoch), seconds >= 0 else {
            throw CellHeightError.usage("SOURCE_DATE_EPOCH must be a whole number of seconds since 1970, got "
                                        + "'\(messageText(epoch))'")
        }
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    func run() throws {
        FontLocator.missingFamilyPolicy = layoutOptions.missingFont
        FontLocator.onMissingFamily = { requested, drawn in
            writeErrorMessage("warning: font family \"\(messageText(requested))\" is not installed; "
                              + "measuring in \(messageText(drawn)), Chromium's standard font, as Chromium "
                              + "draws it (--missing-font chromium)")
        }
        do {
            let cell = try cellTemplate()
            var request = HeightRunRequest(inputs: files.map { $0 }, cell: cell,
                                           widths: try parsedWidths() ?? cell.widths ?? Self.defaultWidths)
            request.format = inputOptions.format
            request.lossy = inputOptions.lossy
            request.templateFile = cellOptions.template
            request.hasCellOptions = hasCellOptions
            request.widthsGiven = layoutOptions.width != nil
            request.sizes = try parsedSizes() ?? []
            request.sizeSteps = try sizeSteps()
            request.fallbackSpecs = layoutOptions.fallback.map { $0.split(separator: ",").map { String($0) } }
            request.whiteSpace = layoutOptions.whiteSpace
            request.budget = Budget(maxLines: gateOptions.maxLines, maxHeight: gateOptions.maxHeight)
            request.text = try textRewriting()
            request.rulesFile = gateOptions.rules
            request.skipsUntranslated = gateOptions.skipUntranslated
            request.sourceLocale = gateOptions.sourceLocale
            let given: [(RuleLayoutSetting, Bool)] = [(.width, layoutOptions.width != nil), (.font, layoutOptions.font != nil),
                (.size, layoutOptions.size != nil), (.lineHeight, layoutOptions.lineHeight != nil)]
            request.layoutOptionsGiven = Set(given.filter(\.1).map(\.0))
            request.baselineFile = gateOptions.baseline
            request.failsOnGrowth = gateOptions.failOnGrowth
            if let locales = gateOptions.forecastLocales {
                request.forecast = GateForecast(locales: locales,
                                                modelFile: try expansionModelPath(given: gateOptions.forecastModel,
                                                                                  option: "--forecast-model"),
                                                warnAt: gateOptions.forecastWarnAt ?? 0.5,
                                                failAt: gateOptions.failOnForecast)
            }
            request.diagnostics = gateOptions.diagnostics
            request.junitFile = gateOptions.junitFile
            request.diagnosticsFile = gateOptions.diagnosticsFile
            request.output = outputOptions.output
            request.outputFile = outputOptions.outputFile
            request.explain = outputOptions.explain
            request.statistics = outputOptions.stats
            request.offsets = outputOptions.offsets
            request.embedsFonts = outputOptions.embedFont
            request.reportDate = try reportDate()
            request.reportWording = .commandLine
            request.messageOutput = { writeToStandardError($0) }
            request.reportOutput = { try writeToStandardOutput($0) }
            if !outputOptions.quiet && isatty(STDERR_FILENO) == 1 { request.progressOutput = { drawProgress($0) } }
            request.inputErrorWording = Self.commandLineWording
            if let jobs = outputOptions.jobs { request.jobs = jobs }
            request.endsWithProcess = true
            if !outputOptions.quiet { hintWhenReadingTerminal(files) }
            // Input errors and violations are on standard error already.
            let outcome = try HeightRun(request).run()
            if outcome.exitCode != .ok { throw ExitCode(outcome.exitCode.rawValue) }
        } catch let error as CellHeightError {
            writeErrorMessage(commandLineMessage(for: error))
            throw ExitCode(error.exitCode.rawValue)
        }
    }


    /// The text options: mnemonics, replacements and placeholder samples.
    func textRewriting() throws -> TextRewriting {
        var text = TextRewriting(numberSample: textOptions.placeholderNumber, stringSample: textOptions.placeholderString,
                                 markdown: textOptions.literalMarkdown ? false : nil)
        if let mnemonic = textOptions.mnemonic {
            guard let marker = TextRewriting.mnemonicMarker(parsing: mnemonic) else {
                throw ValidationError("--mnemonic must be \(TextRewriting.mnemonicExpectation), got '\(messageText(mnemonic))'")
            }
            text.mnemonic = marker
        }
        text.replacements = try textOptions.replace.map { given in
            guard let equals = given.firstIndex(of: "="), equals != given.startIndex else {
                throw ValidationError("--replace must be FROM=TO with a FROM that is not empty, got '\(messageText(given))'")
            }
            return TextReplacement(from: String(given[..<equals]), to: String(given[given.index(after: equals)...]))
        }
        if let excess = ReplacementGrowth.firstExcess(in: text.replacements) {
            throw ValidationError("--replace number \(excess.index + 1), '\(messageText(textOptions.replace[excess.index]))': \(ReplacementGrowth.reason(factor: excess.factor))")
        }
        return text
    }

    /// The template file's cell, or the one-label cell the options describe.
    private func cellTemplate() throws -> CellTemplate {
        if let template = cellOptions.template {
            return try parseCellTemplate(try readInputData(from: template), file: template)
        }
        return CellTemplate.singleLabel(
            font: layoutOptions.font ?? Self.defaultFont, fontSize: try parsedSizes()?.first ?? Self.defaultSize,
            lineHeight: layoutOptions.lineHeight.flatMap(LineHeight.init(parsing:)) ?? .normal,
            padding: cellOptions.padding.flatMap(Padding.init(parsing:)) ?? .zero, minHeight: cellOptions.minHeight ?? 0,
            separator: cellOptions.separator ?? 0, lineLimit: LineLimit(maxLines: cellOptions.numberOfLines ?? 0), rounding: cellOptions.rounding ?? .none)
    }
}

// The options, in the groups `--help` shows them in.

/// Input: how the rows are read.
struct InputOptions: ParsableArguments {
    @Option(help: "Input format (auto goes by the file's extension: .csv, .txt (lines), .ndjson/.jsonl, .json, and catalogs: .po, .pot, .mo, .strings, .xcstrings, .stringsdict, .xlf, .xliff, strings.xml; else JSON by its first character; csv needs a header row).")
    var format: RowFormat = .auto

    @Flag(help: "Replace invalid UTF-8 with U+FFFD instead of failing.")
    var lossy = false

    @Option(help: "A project file of default options and rules (default: the nearest .cellheight.yaml in the working directory or above; 'none': no file). The command line's options win.", completion: .file(extensions: ["yaml", "yml"]))
    var config: String?
}

/// Text: what of each row's text is measured (see "Translation catalogs" in docs/guide.md).
struct TextOptions: ParsableArguments {
    @Option(name: .customLong("replace"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("Replace every FROM in each row's text with TO before measuring (literal text; repeatable, applied in order).", valueName: "FROM=TO"))
    var replace: [String] = []

    @Option(parsing: .unconditional, help: ArgumentHelp("Measure every number placeholder (%d, %lld, %.2f, {n, number}, a plural's #) as this text, e.g. 8,888.", valueName: "TEXT"))
    var placeholderNumber: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Measure every other placeholder (%s, %1$s, %@, {name}, {{name}}) as this text, e.g. Alexandra.", valueName: "TEXT"))
    var placeholderString: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("The character that marks mnemonics, removed before measuring: _ (GTK's _Open) or & (KDE's &Open); doubled, it is itself.", valueName: "CHAR"))
    var mnemonic: String?

    @Flag(help: "Measure SwiftUI Markdown in .strings, .stringsdict and .xcstrings as written (by default **Save** is measured as Save, as Text shows it).")
    var literalMarkdown = false
}

/// Font and layout: how each text is laid out.
struct LayoutOptions: ParsableArguments {
    @Option(name: [.short, .long], help: "Font: a file path (TTF/OTF, 'path#N' for a face in a collection) or a family name (default: sans-serif).", completion: .file(extensions: ["ttf", "otf", "ttc", "otc"]))
    var font: String?

    @Option(name: [.short, .long], parsing: .unconditional, help: "Font size(s) in CSS px, comma-separated, e.g. 14,17,20 (Dynamic Type sizes) or 17px; may be fractional (default: 16). Several sizes: every row at each size and width.")
    var size: String?

    @Option(name: [.short, .long], parsing: .unconditional, help: "Width(s) in px, comma-separated, e.g. 320,375,414 or 320px; with --padding or a template, the cell's (default: 320, or the template's).")
    var width: String?

    @Option(parsing: .unconditional, help: "Line height: 'normal', a length like '20px', or a multiple of the size like '1.4' (default: normal).")
    var lineHeight: String?

    @Option(help: ArgumentHelp("An iOS text style (largeTitle, title1, title2, title3, headline, body, "
                               + "callout, subheadline, footnote, caption1, caption2) in place of --size: its size "
                               + "and leading at each --dynamic-type category, from Apple's table "
                               + "(default with --dynamic-type: body).", valueName: "style"))
    var textStyle: String?

    @Option(help: ArgumentHelp("iOS Dynamic Type categories to measure every row at: all, a category (xSmall, "
                               + "small, medium, large, xLarge, xxLarge, xxxLarge, AX1 to AX5), a range like "
                               + "xSmall-xxxLarge, or a comma-separated list (default with --text-style: large).",
                               valueName: "categories"))
    var dynamicType: String?

    @Option(parsing: .unconditional,
            help: ArgumentHelp("Android font scales to measure every row at, comma-separated, e.g. 0.85,1,1.3,2: "
                               + "--size (and a --line-height in px) is in sp, scaled as Android 14 scales it, "
                               + "non-linearly from 1.15.", valueName: "scales"))
    var fontScale: String?

    @Option(help: "White space handling: pre-wrap keeps spaces and newlines; normal collapses them.")
    var whiteSpace: WhiteSpace = .preWrap

    @Option(help: "Fallback fonts to try, in order, instead of Chromium's (comma-separated paths or families).")
    var fallback: String?

    @Option(help: "A font family that is not installed: refuse (exit 69) or chromium (measure in the font Chromium draws instead, its standard font, with a warning).")
    var missingFont: FontLocator.MissingFamilyPolicy = .refuse
}

/// Cell: the table cell around the text, or a template's labels.
struct CellOptions: ParsableArguments {
    @Option(parsing: .unconditional, help: "Padding inside the cell in px, CSS shorthand: '10', '10 15' (vertical horizontal), '8 5 8 5' (top right bottom left). The text is as wide as the cell minus left and right padding.")
    var padding: String?

    @Option(parsing: .unconditional, help: "The cell's minimum height in px, padding included.")
    var minHeight: Double?

    @Option(parsing: .unconditional, help: "Px added below each cell (a separator).")
    var separator: Double?

    @Option(parsing: .unconditional, help: "Show at most N lines, like UILabel.numberOfLines (0: no limit); a longer text is truncated.")
    var numberOfLines: Int?

    @Option(name: .customLong("round"), help: "Round the text height up: none, ceil (whole px), ceil@2x or ceil@3x (device pixels).")
    var rounding: TextRounding?

    @Option(help: "A cell template: a JSON file of labels showing the rows' fields (see docs/guide.md), or the name of an installed one (basic-label, text-view, title-subtitle-body, ...: share/cellheight/templates).", completion: .file(extensions: ["json"]))
    var template: String?
}

/// Output: the report and how the run goes.
struct OutputOptions: ParsableArguments {
    @Option(name: [.short, .long], help: "Output format (none: no report, only the violations and the summary on standard error).")
    var output: OutputFormat = .table

    @Option(help: "Write the result to this file (atomically) instead of standard output ('-': standard output).", completion: .file())
    var outputFile: String?

    @Flag(help: "Show each line's text, width and fonts.")
    var explain = false

    @Flag(help: "Add height statistics per width: count, min, max, mean, median, p95, total, estimated row height (table and json).")
    var stats = false

    @Flag(help: "Add each row's y offset: the sum of the heights of the rows before it.")
    var offsets = false

    @Flag(help: "Embed the fonts in the report as base64 (html and svg) instead of referencing their files by URL.")
    var embedFont = false

    @Option(parsing: .unconditional, help: "Measure on N threads (default: every core); the output is the same for any N.")
    var jobs: Int?

    @Flag(name: [.short, .long], help: "No progress line or hint on standard error (they only show on a terminal).")
    var quiet = false
}

/// CI gate: budgets, rules and baselines, reported on standard error.
struct GateOptions: ParsableArguments {
    @Option(parsing: .unconditional, help: "Budget: a row whose text needs more than N lines is a violation (exit 1), reported on standard error.")
    var maxLines: Int?

    @Option(parsing: .unconditional, help: "Budget: a row taller than this many px is a violation (exit 1); html and svg highlight it.")
    var maxHeight: Double?

    @Option(help: "A rules file (JSON or YAML) giving rows, by key glob and locale, their width, font, size, line height and budget (--width, --font, --size, --line-height may not set another value for what it sets).", completion: .file(extensions: ["json", "yaml", "yml"]))
    var rules: String?

    @Flag(help: "Leave untranslated rows (a catalog's source text shown in place of a missing translation) out of the budget check; they are still measured and reported.")
    var skipUntranslated = false

    @Option(help: "The locale of catalog rows in the project's source language that say none (Android's values/, iOS's Base.lproj), e.g. en, so that rules by locale reach them (overrides the rules file's sourceLocale).")
    var sourceLocale: String?

    @Option(help: "How violations and baseline changes are reported on standard error: text (FILE:LINE: ...), github (annotations), junit (text, and a JUnit XML report to --junit-file FILE), sarif (text, and SARIF 2.1.0 for GitHub code scanning to --diagnostics-file FILE), gitlab (text, and a GitLab code quality report to --diagnostics-file FILE).")
    var diagnostics: DiagnosticsFormat = .text

    @Option(help: "Where --diagnostics sarif or gitlab writes its report (atomically).", completion: .file(extensions: ["sarif", "json"]))
    var diagnosticsFile: String?

    @Option(name: .customLong("junit-file"), help: "Write a JUnit XML report there (atomically): with any --diagnostics, required with junit.", completion: .file(extensions: ["xml"]))
    var junitFile: String?

    @Option(help: "An earlier --output json (or ndjson) result: report rows whose line count or height changed, and rows new or gone.", completion: .file(extensions: ["json", "ndjson", "jsonl"]))
    var baseline: String?

    @Flag(help: "With --baseline, a row that grew is a violation (exit 1).")
    var failOnGrowth = false

    @Option(help: ArgumentHelp("Also forecast, for each row in the source language not yet translated into these "
                               + "locales (comma-separated, e.g. de,fr,ja), how likely its translation breaks its "
                               + "budget: warnings from --forecast-warn-at, failures only from --fail-on-forecast "
                               + "(see docs/forecast.md).", valueName: "locales"))
    var forecast: String?

    @Option(parsing: .unconditional,
            help: ArgumentHelp("With --forecast: warn about translations with this overflow probability or more "
                               + "(0 to 1; default: 0.5).", valueName: "probability"))
    var forecastWarnAt: Double?

    @Option(parsing: .unconditional,
            help: ArgumentHelp("With --forecast: a translation with this overflow probability or more fails the "
                               + "run (exit 1; 0 to 1; default: never).", valueName: "probability"))
    var failOnForecast: Double?

    @Option(help: ArgumentHelp("With --forecast: the expansion model (default: the installed one, "
                               + "share/cellheight/expansion-model.json)."), completion: .file(extensions: ["json"]))
    var forecastModel: String?

    /// The locales of `--forecast`, or nil when it is not given or names none.
    var forecastLocales: [String]? {
        let locales = forecast?.split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) } ?? []
        return locales.isEmpty || locales.contains(where: \.isEmpty) ? nil : locales
    }
}
