import ArgumentParser
import CellHeightKit
import Foundation

extension RowFormat: ExpressibleByArgument {}
extension OutputFormat: ExpressibleByArgument {}
extension WhiteSpace: ExpressibleByArgument {}
extension TextRounding: ExpressibleByArgument {}


struct CellHeightCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cellheight",
        abstract: "Compute how tall text will be once wrapped, exactly as Chromium lays it out.",
        discussion: """
        Each row is laid out like a <div> with white-space: pre-wrap; overflow-wrap: break-word; \
        tab-size: 8 in the given font (with Chromium's font fallback), and its line count and \
        height are printed, with the total.

        With cell options the height is a table cell's: text height -> --round -> + vertical \
        --padding -> max(--min-height) -> + --separator. With --template, each row's fields fill \
        the labels of a cell described in a JSON file (see the README's "Cell geometry").

        EXAMPLES
          cellheight fixtures/sample.txt
          printf 'Delete all files?\\nファイルを開く\\n' | cellheight --width 120
          cellheight --font "Liberation Serif" --size 14 --width 320,375,414 --output json rows.json
          cellheight --explain --width 200 fixtures/sample.txt
          cellheight summarize part1.ndjson part2.ndjson   (merge results of several runs)
          cellheight --size 14 --padding '11 16' --min-height 44 --separator 1 rows.txt
          cellheight --format csv --template title-subtitle-body.json --stats rows.csv
          cellheight --width 320,375 --max-lines 3 --output html --embed-font --output-file report.html rows.txt

        EXIT CODES
        \(CellHeightError.ExitCode.allCases.map { "  \(String($0.rawValue).padding(toLength: 4, withPad: " ", startingAt: 0))\($0.meaning)" }.joined(separator: "\n"))
        """,
        version: "cellheight 0.1.0"
    )

    static let defaultFont = "sans-serif"
    static let defaultSize = 16.0
    static let defaultWidths = [320.0]

    @Argument(help: "Input files; none or '-' reads standard input.")
    var files: [String] = []

    @Option(help: "Font: a file path (TTF/OTF, 'path#N' for a face in a collection) or a family name (default: sans-serif).")
    var font: String?

    @Option(help: "Font size in CSS px, may be fractional (default: 16).")
    var size: Double?

    @Option(help: "Width(s) in px, comma-separated, e.g. 320,375,414; with --padding or a template, the cell's (default: 320, or the template's).")
    var width: String?

    @Option(help: "Line height: 'normal', a length like '20px', or a multiple of the size like '1.4' (default: normal).")
    var lineHeight: String?

    @Option(help: "White space handling: pre-wrap keeps spaces and newlines; normal collapses them.")
    var whiteSpace: WhiteSpace = .preWrap

    @Option(help: "Fallback fonts to try, in order, instead of Chromium's (comma-separated paths or families).")
    var fallback: String?

    @Option(help: "Input format (auto detects JSON by its first character; csv needs a header row).")
    var format: RowFormat = .auto

    @Option(help: "Output format.")
    var output: OutputFormat = .table

    @Option(help: "Write the result to this file (atomically) instead of standard output.")
    var outputFile: String?

    @Flag(help: "Show each line's text, width and fonts.")
    var explain = false

    @Flag(help: "Replace invalid UTF-8 with U+FFFD instead of failing.")
    var lossy = false

    @Option(help: "Padding inside the cell in px, CSS shorthand: '10', '10 15' (vertical horizontal), '8 5 8 5' (top right bottom left). The text is as wide as the cell minus left and right padding.")
    var padding: String?

    @Option(help: "The cell's minimum height in px, padding included.")
    var minHeight: Double?

    @Option(help: "Px added below each cell (a separator).")
    var separator: Double?

    @Option(help: "Show at most N lines, like numberOfLines (0: no limit); a longer text is truncated.")
    var maxLines: Int?

    @Option(name: .customLong("round"), help: "Round the text height up: none, ceil (whole px), ceil@2x or ceil@3x (device pixels).")
    var rounding: TextRounding?

    @Option(help: "A cell template: a JSON file of labels showing the rows' fields (see the README).")
    var template: String?

    @Flag(help: "Add height statistics per width: count, min, max, mean, median, p95, total, estimated row height (table and json).")
    var stats = false

    @Flag(help: "Add each row's y offset: the sum of the heights of the rows before it.")
    var offsets = false

    @Option(help: "Measure on N threads (default: every core); the output is the same for any N.")
    var jobs: Int?

    @Flag(help: "No progress line on standard error (it only shows when standard error is a terminal).")
    var quiet = false

    @Option(help: "A row height budget in px (html and svg): taller cells are highlighted.")
    var maxHeight: Double?

    @Flag(help: "Embed the fonts in the report as base64 (html and svg) instead of referencing their files by URL.")
    var embedFont = false

    mutating func validate() throws {
        if let jobs, jobs < 1 || jobs > 1024 {
            throw ValidationError("--jobs must be between 1 and 1024, got \(jobs)")
        }
        if let size {
            guard size.isFinite, size > 0, size <= CellTemplate.maximumFontSize else {
                throw ValidationError("--size must be a number of px above 0 and at most \(formatPixels(CellTemplate.maximumFontSize)), got \(size)")
            }
        }
        _ = try parsedWidths()
        if let lineHeight, LineHeight(parsing: lineHeight) == nil {
            throw ValidationError("--line-height must be 'normal', a length like '20px' or a positive number like '1.4', got '\(lineHeight)'")
        }
        if let padding, Padding(parsing: padding) == nil {
            throw ValidationError("--padding must be 1 to 4 lengths in px, none negative (CSS shorthand: '10', '10 15', '8 5 8 5'), got '\(padding)'")
        }
        for (name, value) in [("--min-height", minHeight), ("--separator", separator)] {
            if let value, !(value.isFinite && value >= 0 && value <= CellTemplate.maximumWidth) {
                throw ValidationError("\(name) must be a number of px, 0 or more (at most \(formatPixels(CellTemplate.maximumWidth))), got \(value)")
            }
        }
        if let maxLines, maxLines < 0 {
            throw ValidationError("--max-lines must be 0 (no limit) or more, got \(maxLines)")
        }
        if let template, isStandardInput(template) {
            throw ValidationError("--template needs a file: standard input holds the rows")
        }
        if template != nil {
            let cellOptions: [(String, Bool)] = [
                ("--font", font != nil), ("--size", size != nil), ("--line-height", lineHeight != nil),
                ("--padding", padding != nil), ("--min-height", minHeight != nil), ("--separator", separator != nil),
                ("--max-lines", maxLines != nil), ("--round", rounding != nil),
            ]
            if let (name, _) = cellOptions.first(where: { $0.1 }) {
                throw ValidationError("\(name) cannot be used with --template: the template describes the cell")
            }
        }
        if stats, output == .ndjson || output == .csv || output == .svg {
            throw ValidationError("--stats needs --output table, json or html (\(output.rawValue) has no place for statistics)")
        }
        if let maxHeight, !(maxHeight.isFinite && maxHeight >= 0) {
            throw ValidationError("--max-height must be a number of px, 0 or more, got \(maxHeight)")
        }
        for (name, given) in [("--max-height", maxHeight != nil), ("--embed-font", embedFont)] where given && !output.drawsLines {
            throw ValidationError("\(name) needs --output html or svg")
        }
    }

    /// The widths given with `--width`, or nil when it was not given.
    func parsedWidths() throws -> [Double]? {
        guard let width else { return nil }
        let parts = width.split(separator: ",", omittingEmptySubsequences: false)
        let widths = parts.compactMap { parseCSSNumber($0.trimmingCharacters(in: .whitespaces)) }
        guard !parts.isEmpty, widths.count == parts.count,
              widths.allSatisfy({ $0.isFinite && $0 > 0 && $0 <= CellTemplate.maximumWidth }) else {
            throw ValidationError("--width must be one or more positive numbers of px (at most \(formatPixels(CellTemplate.maximumWidth))), comma-separated, got '\(width)'")
        }
        return widths
    }

    /// Whether any single-text cell option was given (then reports show the text height too).
    var hasCellOptions: Bool {
        padding != nil || minHeight != nil || separator != nil || maxLines != nil || rounding != nil
    }

    func run() throws {
        do {
            try measure()
        } catch let error as CellHeightError {
            FileHandle.standardError.write(Data("cellheight: \(error)\n".utf8))
            throw ExitCode(error.exitCode.rawValue)
        }
    }

    private func measure() throws {
        let cell = try cellTemplate()
        let widths = try parsedWidths() ?? cell.widths ?? Self.defaultWidths
        let fallbackSpecs = fallback.map { $0.split(separator: ",").map { String($0) } }
        let fonts = try makeLabelEngines(for: cell.labels, fallbackSpecs: fallbackSpecs, whiteSpace: whiteSpace) { index, error in
            guard let template else { return error }
            return .invalidTemplate(file: template, jsonPath: TemplatePath.label(index, "font"), reason: error.description)
        }
        // One measurer per worker: the first uses the engines above, the others open their own.
        var firstEngines: [TextLayoutEngine]? = fonts.engines
        let measurer: ParallelCellMeasurer
        do {
            measurer = try ParallelCellMeasurer(jobs: jobs ?? ProcessInfo.processInfo.activeProcessorCount) {
                let engines = try firstEngines ?? makeLabelEngines(for: cell.labels, fallbackSpecs: fallbackSpecs,
                                                                   whiteSpace: whiteSpace) { _, error in error }.engines
                firstEngines = nil
                return try CellMeasurer(template: cell, engines: engines, widths: widths,
                                        details: explain || output.drawsLines)
            }
        } catch CellGeometryError.noRoomForText(let label, let cellWidth, let textWidth) {
            throw noRoomError(cell, label: label, cellWidth: cellWidth, textWidth: textWidth)
        }

        let sources: [String?] = files.isEmpty ? [nil] : files.map { $0 }
        let settings = ReportSettings(subject: try reportSubject(cell, engines: fonts.engines), widths: widths,
                                      whiteSpace: whiteSpace.rawValue, fallbackFonts: fonts.fallbackPaths,
                                      inputName: sources.map { inputDisplayName(for: $0) }.joined(separator: ", "))
        let options = ReportOptions(explain: explain, statistics: stats, offsets: offsets, heightBudget: maxHeight,
                                    embeddedFonts: embedFont ? try fontFiles(of: settings.subject) : [:], date: Date())
        // NDJSON and CSV to standard output are written a batch at a time, in bounded memory (a
        // template's fields are then checked against the first batch only).
        if (output == .ndjson || output == .csv) && outputFile == nil && !offsets && !stats {
            var batchCount = 0
            try forEachBatch(of: sources) { rows in
                if batchCount == 0, let template { try cell.checkFields(of: rows, templateFile: template) }
                try writeBatch(rows, isFirst: batchCount == 0, measurer: measurer, settings: settings, options: options)
                batchCount += 1
            }
            if batchCount == 0 {
                try writeToStandardOutput(Data(render([], settings: settings, format: output, options: options).utf8))
            }
            return
        }
        var rows: [Row] = []
        try forEachBatch(of: sources) { rows += $0 }
        if let template { try cell.checkFields(of: rows, templateFile: template) }
        let text = render(measurer.measure(rows), settings: settings, format: output, options: options)
        if let outputFile {
            try writeAtomically(Data(text.utf8), to: outputFile)
        } else {
            try writeToStandardOutput(Data(text.utf8))
        }
    }

    /// Measures one batch and writes its NDJSON or CSV rows to standard output (the CSV header
    /// only with the first batch).
    private func writeBatch(_ rows: [Row], isFirst: Bool, measurer: ParallelCellMeasurer, settings: ReportSettings,
                            options: ReportOptions) throws {
        if output == .ndjson {
            // NDJSON rows stand alone: each worker formats its own slice.
            let parts = measurer.measure(rows) { render($0, settings: settings, format: output, options: options) }
            try writeToStandardOutput(Data(parts.joined().utf8))
        } else {
            var text = render(measurer.measure(rows), settings: settings, format: output, options: options)
            if !isFirst, let header = text.firstIndex(of: "\n") { text.removeSubrange(...header) }
            try writeToStandardOutput(Data(text.utf8))
        }
    }

    /// Every input's rows, a batch at a time, numbered across inputs.
    private func forEachBatch(of sources: [String?], _ body: ([Row]) throws -> Void) throws {
        let progress = ProgressReporter(quiet: quiet)
        defer { progress.finish() }
        var rowsBefore = 0  // rows of the inputs before this one (each reader numbers its own from 0)
        for source in sources {
            // A template's rows name their own fields; otherwise each row needs a text.
            let reader = try StreamingRowReader(path: source, format: format, lossy: lossy, requireText: template == nil)
            var rowsRead = 0
            while var rows = try reader.nextBatch() {
                for i in rows.indices { rows[i].index += rowsBefore }
                rowsRead += rows.count
                try body(rows)
                progress.update(rows: rowsBefore + rowsRead, bytesRead: reader.bytesRead, totalBytes: reader.totalBytes)
            }
            rowsBefore += rowsRead
            if reader.replacementCount > 0 {
                FileHandle.standardError.write(Data("cellheight: \(reader.name): replaced \(reader.replacementCount) invalid byte sequence(s) with U+FFFD\n".utf8))
            }
        }
    }

    /// The template file's cell, or the one-label cell the options describe.
    private func cellTemplate() throws -> CellTemplate {
        if let template {
            return try parseCellTemplate(try readInputData(from: template), file: template)
        }
        return CellTemplate.singleLabel(
            font: font ?? Self.defaultFont, fontSize: size ?? Self.defaultSize,
            lineHeight: lineHeight.flatMap(LineHeight.init(parsing:)) ?? .normal,
            padding: padding.flatMap(Padding.init(parsing:)) ?? .zero, minHeight: minHeight ?? 0,
            separator: separator ?? 0, lineLimit: LineLimit(maxLines: maxLines ?? 0), rounding: rounding ?? .none)
    }

    /// What the report echoes about the text's font or the template's labels.
    private func reportSubject(_ cell: CellTemplate, engines: [TextLayoutEngine]) throws -> ReportSubject {
        var digests: [String: String] = [:]
        let fonts = try zip(cell.labels, engines).map { label, engine -> FontSettings in
            let primary = engine.chain.primary
            if digests[primary.path] == nil { digests[primary.path] = try sha256Hex(ofFileAt: primary.path) }
            return FontSettings(fontPath: primary.path, fontFaceIndex: primary.faceIndex, fontFamily: primary.familyName,
                                fontSHA256: digests[primary.path]!, fontSize: label.fontSize,
                                lineHeight: label.lineHeight.description, lineHeightPixels: engine.plainLineHeight)
        }
        guard let template else { return .text(fonts[0], cell: hasCellOptions ? cell : nil) }
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

    /// The error for a width at which the padding (and a template label's insets) leave no room for text.
    private func noRoomError(_ cell: CellTemplate, label: Int, cellWidth: Double, textWidth: Double) -> CellHeightError {
        let width = formatPixels(cellWidth), remaining = formatPixels(textWidth)
        guard let template else {
            return .usage("--padding '\(padding ?? "")' leaves no room for the text in a \(width) px wide cell (text width \(remaining) px)")
        }
        let problem = "padding and insets leave no room for the text of label \"\(cell.labels[label].field)\" in a \(width) px wide cell (text width \(remaining) px)"
        if self.width != nil { return .usage("--width \(width) is too narrow for \(template): \(problem)") }
        return .invalidTemplate(file: template, jsonPath: TemplatePath.label(label), reason: problem)
    }
}
