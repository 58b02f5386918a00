import ArgumentParser
import CellHeightKit
import Foundation

extension RowFormat: ExpressibleByArgument {}
extension OutputFormat: ExpressibleByArgument {}
extension WhiteSpace: ExpressibleByArgument {}
extension TextRounding: ExpressibleByArgument {}

@main
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
          cellheight --size 14 --padding '11 16' --min-height 44 --separator 1 rows.txt
          cellheight --format csv --template title-subtitle-body.json --stats rows.csv

        EXIT CODES
        \(CellHeightError.ExitCode.allCases.map { "  \(String($0.rawValue).padding(toLength: 4, withPad: " ", startingAt: 0))\($0.meaning)" }.joined(separator: "\n"))
        """,
        version: "cellheight 0.1.0"
    )

    /// Like ArgumentParser's `main`, but a usage error is one line, `cellheight: <message>`, as
    /// every other error is (ArgumentParser would add "Error:" and the usage text).
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            let code = exitCode(for: error)
            // Help, version and the exit codes `run` chose after printing its own message.
            if code == .success || error is ArgumentParser.ExitCode { exit(withError: error) }
            let message = message(for: error).split(separator: "\n").first.map(String.init) ?? "\(error)"
            FileHandle.standardError.write(Data("cellheight: \(message)\n".utf8))
            Foundation.exit(code.rawValue)
        }
    }

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

    mutating func validate() throws {
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
        if stats, output == .ndjson || output == .csv {
            throw ValidationError("--stats needs --output table or json (\(output.rawValue) has no place for statistics)")
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
        let measurer: CellMeasurer
        do {
            measurer = try CellMeasurer(template: cell, engines: fonts.engines, widths: widths, details: explain)
        } catch .noRoomForText(let label, let cellWidth, let textWidth) {
            throw noRoomError(cell, label: label, cellWidth: cellWidth, textWidth: textWidth)
        }

        let (rows, inputName) = try readRows()
        if let template { try cell.checkFields(of: rows, templateFile: template) }
        let cells = measurer.measure(rows)

        let settings = ReportSettings(subject: try reportSubject(cell, engines: fonts.engines), widths: widths,
                                      whiteSpace: whiteSpace.rawValue, fallbackFonts: fonts.fallbackPaths,
                                      inputName: inputName)
        let text = render(cells, settings: settings, format: output,
                          options: ReportOptions(explain: explain, statistics: stats, offsets: offsets))
        if let outputFile {
            try writeAtomically(Data(text.utf8), to: outputFile)
        } else {
            try writeToStandardOutput(Data(text.utf8))
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

    /// Every input's rows, numbered across inputs, and the inputs' names for the report.
    private func readRows() throws -> (rows: [Row], inputName: String) {
        let sources: [String?] = files.isEmpty ? [nil] : files.map { $0 }
        var rows: [Row] = []
        for source in sources {
            let name = inputDisplayName(for: source)
            let decoded = try decodeText(try readInputData(from: source), source: name, lossy: lossy)
            if decoded.replacementCount > 0 {
                FileHandle.standardError.write(Data("cellheight: \(name): replaced \(decoded.replacementCount) invalid byte sequence(s) with U+FFFD\n".utf8))
            }
            // A template's rows name their own fields; otherwise each row needs a text.
            for var row in try parseRows(in: decoded.text, format: format, source: name, requireText: template == nil) {
                row.index = rows.count
                rows.append(row)
            }
        }
        return (rows, sources.map { inputDisplayName(for: $0) }.joined(separator: ", "))
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
