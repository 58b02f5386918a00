import CellHeightKit

// `cellheight [options] [files]` measures (the default subcommand, `measure`);
// `cellheight summarize [files]` merges NDJSON results; `cellheight help [subcommand]`.
// Completion scripts are generated from `CompletionScriptCommand` (see there).
prepareProcessForOutput()
let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "--generate-completion-script" {
    CompletionScriptCommand.mainWithOneLineErrors(arguments)
} else {
    CellHeightCommand.mainWithOneLineErrors(arguments)
}
