import CellHeightKit

// `cellheight [options] [files]` measures; `cellheight summarize [files]` merges NDJSON results.
// (A plain dispatch: the measuring command takes positional files, so it cannot also have
// ArgumentParser subcommands.)
prepareProcessForOutput()
let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "summarize" {
    SummarizeCommand.mainWithOneLineErrors(Array(arguments.dropFirst()))
} else {
    CellHeightCommand.mainWithOneLineErrors(arguments)
}
