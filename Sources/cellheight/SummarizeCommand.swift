import ArgumentParser
import CellHeightKit
import Foundation

/// `cellheight summarize`: merges NDJSON results of several runs into one total and statistics.
struct SummarizeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "summarize",
        abstract: "Merge NDJSON results (cellheight --output ndjson) into totals and statistics per width.",
        discussion: """
        EXAMPLE
          parallel --pipe -N 10000 --keep-order cellheight -o ndjson \\
              < rows.txt > parts.ndjson
          cellheight summarize parts.ndjson
        """,
        helpNames: [.short, .long]
    )

    @Argument(help: "NDJSON result files; none or '-' reads standard input.", completion: .file())
    var files: [String] = []

    @Flag(help: "Print one JSON document instead of a table.")
    var json = false

    func run() throws {
        hintWhenReadingTerminal(files)
        do {
            let summary = try ResultSummary(reading: files.isEmpty ? [nil] : files.map { $0 })
            try writeToStandardOutput(Data(summary.render(asJSON: json).utf8))
        } catch let error as CellHeightError {
            writeErrorMessage(error.commandLineDescription)
            throw ExitCode(error.exitCode.rawValue)
        }
    }
}
