import ArgumentParser
import CellHeightKit
import Foundation

extension InputFormat: ExpressibleByArgument {}
extension OutputFormat: ExpressibleByArgument {}
extension WhiteSpace: ExpressibleByArgument {}

@main
struct CellHeightCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cellheight",
        abstract: "Compute how tall text will be once wrapped, exactly as Chromium lays it out.",
        discussion: """
        Each row is laid out like a <div> with white-space: pre-wrap; overflow-wrap: break-word;
        tab-size: 8 in the given font (with Chromium's font fallback), and its line count and
        height are printed, with the total.

        EXAMPLES
          cellheight fixtures/sample.txt
          printf 'Delete all files?\\nファイルを開く\\n' | cellheight --width 120
          cellheight --font "Liberation Serif" --size 14 --width 320,375,414 --output json rows.json
          cellheight --explain --width 200 fixtures/sample.txt

        EXIT CODES
        \(CellHeightError.ExitCode.allCases.map { "  \(String($0.rawValue).padding(toLength: 4, withPad: " ", startingAt: 0))\($0.meaning)" }.joined(separator: "\n"))
        """,
        version: "cellheight 0.1.0"
    )

    @Argument(help: "Input files; none or '-' reads standard input.")
    var files: [String] = []

    @Option(help: "Font: a file path (TTF/OTF, 'path#N' for a face in a collection) or a family name.")
    var font: String = "sans-serif"

    @Option(help: "Font size in CSS px (may be fractional).")
    var size: Double = 16

    @Option(help: "Content width(s) in px, comma-separated, e.g. 320,375,414.")
    var width: String = "320"

    @Option(help: "Line height: 'normal', a length like '20px', or a multiple of the size like '1.4'.")
    var lineHeight: String = "normal"

    @Option(help: "White space handling: pre-wrap keeps spaces and newlines; normal collapses them.")
    var whiteSpace: WhiteSpace = .preWrap

    @Option(help: "Fallback fonts to try, in order, instead of Chromium's (comma-separated paths or families).")
    var fallback: String?

    @Option(help: "Input format (auto detects JSON by its first character).")
    var format: InputFormat = .auto

    @Option(help: "Output format.")
    var output: OutputFormat = .table

    @Option(help: "Write the result to this file (atomically) instead of standard output.")
    var outputFile: String?

    @Flag(help: "Show each line's text, width and fonts.")
    var explain = false

    @Flag(help: "Replace invalid UTF-8 with U+FFFD instead of failing.")
    var lossy = false

    mutating func validate() throws {
        guard size.isFinite, size > 0, size <= 10_000 else {
            throw ValidationError("--size must be a number of px above 0 and at most 10000, got \(size)")
        }
        _ = try parsedWidths()
        guard LineHeight(parsing: lineHeight) != nil else {
            throw ValidationError("--line-height must be 'normal', a length like '20px' or a positive number like '1.4', got '\(lineHeight)'")
        }
    }

    func parsedWidths() throws -> [Double] {
        let parts = width.split(separator: ",", omittingEmptySubsequences: false)
        let widths = parts.compactMap { parseCSSNumber($0.trimmingCharacters(in: .whitespaces)) }
        guard !parts.isEmpty, widths.count == parts.count, widths.allSatisfy({ $0.isFinite && $0 > 0 && $0 <= 1_000_000 }) else {
            throw ValidationError("--width must be one or more positive numbers of px (at most 1000000), comma-separated, got '\(width)'")
        }
        return widths
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
        let widths = try parsedWidths()
        let lineHeight = LineHeight(parsing: self.lineHeight)!
        let fallbackSpecs = fallback.map { $0.split(separator: ",").map { String($0) } }
        let fonts = try FontSetup(fontSpec: font, fallbackSpecs: fallbackSpecs)
        let engine = try TextLayoutEngine(chain: fonts.chain, fontSize: size, lineHeight: lineHeight, whiteSpace: whiteSpace)

        let sources: [String?] = files.isEmpty ? [nil] : files.map { $0 }
        var rows: [Row] = []
        for source in sources {
            let name = inputDisplayName(for: source)
            let decoded = try decodeText(try readInputData(from: source), source: name, lossy: lossy)
            if decoded.replacementCount > 0 {
                FileHandle.standardError.write(Data("cellheight: \(name): replaced \(decoded.replacementCount) invalid byte sequence(s) with U+FFFD\n".utf8))
            }
            for var row in try parseRows(in: decoded.text, format: format, source: name) {
                row.index = rows.count
                rows.append(row)
            }
        }

        let measured = RowMeasurer(engine: engine, widths: widths, details: explain).measure(rows)
        let primary = fonts.chain.primary
        let settings = ReportSettings(
            fontPath: primary.path, fontFaceIndex: primary.faceIndex, fontFamily: primary.familyName,
            fontSHA256: try sha256Hex(ofFileAt: primary.path), fontSize: size, widths: widths,
            lineHeight: lineHeight.description, lineHeightPixels: engine.plainLineHeight,
            whiteSpace: whiteSpace.rawValue, fallbackFonts: fonts.fallbackPaths,
            inputName: sources.map { inputDisplayName(for: $0) }.joined(separator: ", "))
        let text = render(measured, settings: settings, format: output, explain: explain)
        if let outputFile {
            try writeAtomically(Data(text.utf8), to: outputFile)
        } else {
            FileHandle.standardOutput.write(Data(text.utf8))
        }
    }
}
