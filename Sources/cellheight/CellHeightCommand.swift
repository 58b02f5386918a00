import ArgumentParser
import CellHeightKit

/// `cellheight`: measuring is the default subcommand, so `cellheight [options] [files]` measures
/// (`cellheight measure ...` too), `cellheight summarize [files]` merges NDJSON results, and
/// `cellheight forecast` forecasts translations' line counts (docs/forecast.md).
///
/// The root has no help flag of its own: `cellheight --help` falls through to the default
/// subcommand and shows the measuring options; `cellheight help` shows this overview, and
/// `cellheight help summarize` (or `cellheight summarize --help`) a subcommand's help.
struct CellHeightCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cellheight",
        abstract: "Compute how tall text will be once wrapped, exactly as Chromium lays it out.",
        usage: """
        cellheight [measure] [<options>] [<files> ...]
        cellheight summarize [<files> ...] [--json]
        cellheight forecast --locales <locales> [<options>] [<files> ...]
        cellheight help [<subcommand>]
        """,
        discussion: "Measuring is the default: 'cellheight --help' lists its options.",
        version: CellHeightVersion.description,
        subcommands: [MeasureCommand.self, SummarizeCommand.self, ForecastCommand.self],
        defaultSubcommand: MeasureCommand.self,
        helpNames: []
    )
}

