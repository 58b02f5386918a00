import ArgumentParser
import CellHeightEngine
import CellHeightKit
import Foundation

/// `cellheight forecast`: a container whose default subcommand forecasts (`predict`, see
/// `ForecastPredictCommand`) and whose `learn` makes the expansion model. (The options live in the
/// subcommands, so that `learn --output FILE` is not read as the forecast's `--output`.)
struct ForecastCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "forecast",
        abstract:
            "Forecast, per source string and target locale, the translation's line count and the probability "
            + "it breaks its budget.",
        usage: """
            cellheight forecast [predict] --locales <locales> [<options>] [<files> ...]
            cellheight forecast learn --output <output> [<options>]
            """,
        discussion: "Forecasting is the default: 'cellheight forecast --help' lists its options.",
        subcommands: [ForecastPredictCommand.self, ForecastLearnCommand.self],
        defaultSubcommand: ForecastPredictCommand.self,
        helpNames: []
    )
}

/// `cellheight forecast [predict]`: how many lines each source string will take once translated,
/// and how likely it breaks its budget, before any translation exists (see `OverflowForecaster`,
/// docs/forecast.md).
struct ForecastPredictCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "predict",
        abstract:
            "Forecast, per source string and target locale, the translation's line count and the probability "
            + "it breaks its budget (the default).",
        usage: "cellheight forecast [predict] --locales <locales> [<options>] [<files> ...]",
        discussion: """
            Each string's rendered width is stretched by the expansion model's distribution for the \
            locale (rendered width of the translation over that of the source, learned from gettext \
            catalogs: see 'cellheight forecast learn'; the project's own translations, --learn-from, \
            take precedence). Results come most likely to overflow first. Forecasts at or above \
            --warn-at are warnings on standard error; they fail the run (exit 1) only at or above \
            --fail-on-forecast.

            EXAMPLES
              cellheight forecast --locales de,fr,ja -w 200 --max-lines 1 \\
                  res/values/strings.xml
              cellheight forecast --locales de --pseudo expand:1.4 \\
                  --rules rules.yaml -o json en.lproj/Localizable.strings
              cellheight forecast --locales de -w 200 --max-lines 1 \\
                  --score-against res/values-de/strings.xml res/values/strings.xml
              cellheight forecast learn --output model.json --locales de,fr,ja
            """,
        helpNames: [.short, .long]
    )

    @Argument(
        help: "Source catalogs or rows files (the source language); none or '-' reads standard input.",
        completion: .file())
    var files: [String] = []

    @Option(help: "Input format (default: by the file's name, then its content).")
    var format: RowFormat = .auto

    @Option(help: "Target locales, comma-separated, e.g. de,fr,ja,pt-BR.")
    var locales: String?

    @Option(help: "A pseudo-locale measured exactly: \(PseudoLocale.expectation); repeatable.")
    var pseudo: [String] = []

    @Option(
        help: "The expansion model (default: the installed one, share/cellheight/expansion-model.json).",
        completion: .file(extensions: ["json"]))
    var model: String?

    @Option(
        help: ArgumentHelp(
            "The project's own translations (catalogs of the target locales, same keys): their width ratios "
                + "replace the model's for a locale with 20 pairs or more; repeatable."),
        completion: .file())
    var learnFrom: [String] = []

    @Option(
        help: ArgumentHelp(
            "Real translations to score the forecast and pseudo-locales against (precision and recall per "
                + "locale); repeatable."),
        completion: .file())
    var scoreAgainst: [String] = []

    @Option(name: [.short, .long], help: "Font file path or family name.")
    var font: String = MeasureCommand.defaultFont

    @Option(name: [.short, .long], help: "Font size in px.")
    var size: Double = MeasureCommand.defaultSize

    @Option(help: "CSS line-height: normal, a multiple (1.5) or px (24px).")
    var lineHeight: String = "normal"

    @Option(name: [.short, .long], help: "Box widths in px, comma-separated.")
    var width: String = "320"

    @Option(help: "Budget: a translation needing more than N lines overflows.")
    var maxLines: Int?

    @Option(help: "Budget: a translation taller than this many px overflows.")
    var maxHeight: Double?

    @Option(
        help: ArgumentHelp(
            "A rules file, as the gate reads it: each string gets the width, font, size and budget its "
                + "target locale's rules give."),
        completion: .file(extensions: ["json", "yaml", "yml"]))
    var rules: String?

    @Option(name: [.short, .long], help: "Output format: table, json, ndjson, csv, html or svg.")
    var output: OutputFormat = .table

    @Option(help: "Show the N forecasts most likely to overflow (0: all).")
    var top: Int = 0

    @Option(help: "Warn on standard error about forecasts with this overflow probability or more (0 to 1).")
    var warnAt: Double = 0.5

    @Option(
        help: "Fail the run (exit 1) when a forecast has this overflow probability or more (0 to 1); default: never.")
    var failOnForecast: Double?

    @Option(help: "How warnings are written: text (FILE:LINE: ...) or github (annotations).")
    var diagnostics: DiagnosticsFormat = .text

    @Option(
        help: "With --score-against: the overflow probability from which a forecast counts as predicting an overflow.")
    var scoreThreshold: Double = 0.5

    mutating func validate() throws {
        if locales == nil && pseudo.isEmpty {
            throw ValidationError("give target locales (--locales de,fr) or a --pseudo locale")
        }
        for value in pseudo where PseudoLocale(parsing: value) == nil {
            throw ValidationError("--pseudo must be \(PseudoLocale.expectation), got '\(messageText(value))'")
        }
        for (name, value) in [
            ("--warn-at", warnAt), ("--fail-on-forecast", failOnForecast ?? 0), ("--score-threshold", scoreThreshold),
        ]
        where !(value >= 0 && value <= 1) {
            throw ValidationError("\(name) must be a probability from 0 to 1, got \(value)")
        }
        if ![.table, .json, .ndjson, .csv, .html, .svg].contains(output) {
            throw ValidationError(
                "--output must be table, json, ndjson, csv, html or svg for a forecast, got \(output.rawValue)")
        }
        if ![.text, .github].contains(diagnostics) {
            throw ValidationError("--diagnostics must be text or github for a forecast, got \(diagnostics.rawValue)")
        }
        if let maxLines, maxLines < 1 { throw ValidationError("--max-lines must be 1 or more, got \(maxLines)") }
        if let maxHeight, !(maxHeight > 0) { throw ValidationError("--max-height must be a number of px above 0") }
        if top < 0 { throw ValidationError("--top must be 0 (all) or more, got \(top)") }
        _ = try parsedWidths()
        if LineHeight(parsing: lineHeight) == nil {
            throw ValidationError("--line-height must be \(LineHeight.expectation), got '\(messageText(lineHeight))'")
        }
        if !(size > 0 && size <= 1000) { throw ValidationError("--size must be a number of px above 0") }
    }

    func parsedWidths() throws -> [Double] {
        let widths = width.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard !widths.isEmpty, widths.allSatisfy({ $0 != nil && $0! > 0 && $0! <= 100_000 }) else {
            throw ValidationError(
                "--width must be comma-separated px above 0 (e.g. 200,320), got '\(messageText(width))'")
        }
        return widths.map { $0! }
    }

    var targetLocales: [String] {
        (locales ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    func run() throws {
        hintWhenReadingTerminal(files)
        do {
            let model =
                targetLocales.isEmpty
                ? nil : try ExpansionModel(contentsOf: try expansionModelPath(given: model, option: "--model"))
            let base = RowSettings(
                font: font, fontSize: size, lineHeight: LineHeight(parsing: lineHeight)!, widths: try parsedWidths(),
                budget: Budget(maxLines: maxLines, maxHeight: maxHeight))
            let budgetRules = try rules.map { try parseBudgetRules(readInputData(from: $0), file: $0) }
            var request = ForecastRequest(
                files: files.isEmpty ? ["-"] : files, format: format, locales: targetLocales,
                pseudoLocales: pseudo.compactMap(PseudoLocale.init(parsing:)), model: model, learnFrom: learnFrom,
                scoreAgainst: scoreAgainst, settings: RowSettingsResolver(base: base, rules: budgetRules),
                scoreThreshold: scoreThreshold)
            request.catalogWarningOutput = { writeErrorMessage($0.text) }
            let outcome = try ForecastRun(request).run()
            if outcome.forecasts.isEmpty && outcome.rowsWithoutBudget > 0 {
                throw CellHeightError.usage(
                    "no string has a budget: give --max-lines, --max-height or --rules with maxLines or maxHeight")
            }
            let report = ForecastReport(outcome: outcome, model: model, top: top, wording: .commandLine)
            try writeToStandardOutput(Data(report.render(output).utf8))
            var failed = false  // (a forecast at --fail-on-forecast or more)
            for forecast in outcome.forecasts where forecast.overflowProbability >= min(warnAt, failOnForecast ?? 2) {
                let fails = failOnForecast.map { forecast.overflowProbability >= $0 } ?? false
                failed = failed || fails
                // As the gate writes them (`--forecast`): FILE:LINE: warning: SUBJECT: MESSAGE.
                let diagnostic = Diagnostic(
                    kind: .forecast, fails: fails, file: forecast.row.source ?? standardInputName,
                    line: forecast.row.sourceLine, subject: forecast.subject, message: forecast.warningMessage)
                writeToStandardError(
                    (diagnostics == .github
                        ? githubAnnotation(diagnostic) : fails ? diagnostic.text : diagnostic.warningText) + "\n")
            }
            if let threshold = failOnForecast, failed {
                let count = outcome.forecasts.filter { $0.overflowProbability >= threshold }.count
                writeErrorMessage(
                    "\(count) of \(outcome.forecasts.count) forecasts at overflow probability "
                        + "\(formatPixels(threshold)) or more (--fail-on-forecast)")
                throw ExitCode(CellHeightError.ExitCode.violations.rawValue)
            }
        } catch let error as CellHeightError {
            writeErrorMessage(error.commandLineDescription)
            throw ExitCode(error.exitCode.rawValue)
        }
    }
}

/// The expansion model's file: `given` by `option` (`--model`, `--forecast-model`), else the
/// installed model (share/cellheight/expansion-model.json beside the executable's folder, then
/// /usr/local/share and /usr/share), else the repository's `data/expansion-model.json` above the executable (a build in
/// `.build/`).
func expansionModelPath(given: String?, option: String) throws -> String {
    if let given { return given }
    var candidates = [
        "/usr/local/share/cellheight/expansion-model.json", "/usr/share/cellheight/expansion-model.json",
    ]
    if let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
        var folder = URL(fileURLWithPath: executable).deletingLastPathComponent()
        candidates.insert(
            folder.deletingLastPathComponent().appendingPathComponent("share/cellheight/expansion-model.json").path,
            at: 0)
        for _ in 0..<4 {
            folder = folder.deletingLastPathComponent()
            candidates.append(folder.appendingPathComponent("data/expansion-model.json").path)
        }
    }
    guard let found = candidates.first(where: { FileManager.default.isReadableFile(atPath: $0) }) else {
        throw CellHeightError.usage(
            "no expansion model installed: give one with \(option) FILE (see 'cellheight forecast learn')")
    }
    return found
}

/// `cellheight forecast learn`: the expansion model from the machine's gettext catalogs.
struct ForecastLearnCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "learn",
        abstract: "Learn the expansion model from gettext catalogs (msgid -> msgstr), both sides measured in one font.",
        discussion: """
            Reads <locale-dir>/<locale>/LC_MESSAGES/*.mo, keeps the translated singular messages (each \
            msgid once per locale, at most --max-pairs chosen by a hash of the msgid), measures msgid and \
            msgstr with the engine in --font at --size (with Chromium's font fallback) and stores, per \
            locale and source-length bucket, the quantiles of their width ratio.
            """,
        helpNames: [.short, .long]
    )

    @Option(help: "Where the model is written (atomically).", completion: .file(extensions: ["json"]))
    var output: String

    @Option(help: "The folder of gettext catalogs.", completion: .directory)
    var localeDir: String = "/usr/share/locale"

    @Option(help: "Locales to learn, comma-separated (default: every one with --min-pairs pairs or more).")
    var locales: String?

    @Option(name: [.short, .long], help: "The reference font both sides are measured in.")
    var font: String = "DejaVu Sans"

    @Option(name: [.short, .long], help: "Its size in px.")
    var size: Double = 16

    @Option(help: "At most this many pairs per locale.")
    var maxPairs: Int = 20_000

    @Option(help: "Leave out locales with fewer pairs than this.")
    var minPairs: Int = 1_000

    mutating func validate() throws {
        if maxPairs < 1 || minPairs < 1 { throw ValidationError("--max-pairs and --min-pairs must be 1 or more") }
        if !(size > 0 && size <= 1000) { throw ValidationError("--size must be a number of px above 0") }
    }

    func run() throws {
        do {
            let folders = try FileManager.default.contentsOfDirectory(atPath: localeDir).sorted()
            let wanted = locales.map {
                Set($0.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) })
            }
            let learner = ExpansionLearner(engine: try translatingEngineErrors {
                let setup = try FontSetup(fontSpec: font, fallbackSpecs: nil)
                return try TextLayoutEngine(chain: setup.chain, fontSize: size, lineHeight: .normal)
            })
            var learned: [String: ExpansionModel.Locale] = [:]
            var fileCount = 0, nameLists = 0
            for locale in folders where wanted?.contains(locale) ?? true {
                let folder = localeDir + "/" + locale + "/LC_MESSAGES"
                let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter {
                    $0.hasSuffix(".mo")
                }.sorted()
                guard !names.isEmpty else { continue }
                // A catalog that does not read is left out (named), as the others still teach.
                var pairs: [(source: String, translation: String)] = []
                for name in names {
                    do {
                        let filePairs = try ExpansionLearner.gettextPairs(moFiles: [folder + "/" + name])
                        guard !ExpansionLearner.isNameList(filePairs) else {
                            nameLists += 1
                            continue
                        }
                        pairs += filePairs
                        fileCount += 1
                    } catch let error as CellHeightError {
                        writeErrorMessage("note: skipped: \(error.commandLineDescription)")
                    }
                }
                var seen = Set<String>()
                pairs = pairs.filter { seen.insert($0.source).inserted }
                guard pairs.count >= minPairs else { continue }
                let measured = ExpansionLearner.sample(pairs, limit: maxPairs).compactMap {
                    learner.pair(source: $0.source, translation: $0.translation)
                }
                guard measured.count >= minPairs,
                    let model = ExpansionModel.Locale(pairs: measured.map { ($0.characters, $0.ratio) })
                else { continue }
                learned[locale] = model
                writeToStandardError(
                    "\(locale): \(measured.count) pairs of \(pairs.count), "
                        + "median ratio \(String(format: "%.2f", model.all.ratio(at: 0.5)))\n"
                )
            }
            guard !learned.isEmpty else {
                throw CellHeightError.usage(
                    "no locale under \(messageText(localeDir)) has \(minPairs) translated messages or more")
            }
            let provenance =
                "Learned by 'cellheight forecast learn' (cellheight \(CellHeightVersion.number)) from "
                + "\(fileCount) gettext catalogs under \(localeDir) on \(hostDescription()) "
                + "(\(nameLists) more left out as lists of names, most msgstrs equal to their msgid): "
                + "msgid -> msgstr of translated singular messages, each msgid once per locale, "
                + "translations equal to their msgid left out, at most \(maxPairs) pairs per locale "
                + "chosen by a hash of the msgid; both sides measured in \(font) "
                + "\(formatPixels(size)) px with Chromium's font fallback."
            let model = ExpansionModel(referenceFont: font, fontSize: size, provenance: provenance, locales: learned)
            try writeAtomically(model.jsonData(), to: output)
        } catch let error as CellHeightError {
            writeErrorMessage(error.commandLineDescription)
            throw ExitCode(error.exitCode.rawValue)
        }
    }

    /// The system's name from /etc/os-release, e.g. "Debian GNU/Linux 12 (bookworm)".
    func hostDescription() -> String {
        let release = (try? String(contentsOfFile: "/etc/os-release", encoding: .utf8)) ?? ""
        for line in release.split(separator: "\n") where line.hasPrefix("PRETTY_NAME=") {
            return line.dropFirst("PRETTY_NAME=".count).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
        }
        return "an unnamed system"
    }
}
