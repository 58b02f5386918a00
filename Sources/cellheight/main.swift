import CellHeightEngine
import CellHeightKit
import Foundation

// `cellheight [options] [files]` measures (the default subcommand, `measure`);
// `cellheight summarize [files]` merges NDJSON results; `cellheight help [subcommand]`.
// `--generate-completion-script SHELL` prints a completion script (see `CompletionScripts`).
prepareProcessForOutput()
let arguments = Array(CommandLine.arguments.dropFirst())
if let shell = CompletionScripts.requestedShell(in: arguments) {
    guard let script = CompletionScripts.script(for: shell) else {
        writeErrorMessage("--generate-completion-script must be bash, zsh or fish, got '\(messageText(shell))'")
        exit(CellHeightError.ExitCode.usage.rawValue)
    }
    print(script, terminator: "")
} else {
    CellHeightCommand.mainWithOneLineErrors(CommandLineFront.arguments(arguments))
}
