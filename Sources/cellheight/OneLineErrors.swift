import ArgumentParser
import CellHeightEngine
import CellHeightKit
import Foundation

/// Longer than any option's name (`--generate-completion-script`, 28 bytes) by far.
let maximumOptionNameLength = 100

extension ParsableCommand {
    /// Like ArgumentParser's `main`, but a usage error is one line, `cellheight: <message>`, as
    /// every other error is (ArgumentParser would add "Error:" and the usage text).
    static func mainWithOneLineErrors(_ arguments: [String]) {
        // An option name longer than any real one is unknown: refused before ArgumentParser, which
        // would compare it with every option for a suggestion (10 s for 100,000 characters).
        for argument in arguments.prefix(while: { $0 != "--" }) where argument.hasPrefix("--") {
            let name = argument.prefix { $0 != "=" }
            if name.utf8.count > maximumOptionNameLength {
                writeErrorMessage("Unknown option '\(messageText(String(name)))'")
                Foundation.exit(CellHeightError.ExitCode.usage.rawValue)
            }
        }
        do {
            var command = try parseAsRoot(arguments)
            try command.run()
        } catch {
            let code = exitCode(for: error)
            // Help, version and the exit codes `run` chose after printing its own message.
            if code == .success || error is ArgumentParser.ExitCode { exit(withError: error) }
            let text = (error as? CellHeightError)?.commandLineDescription ?? message(for: error)
            writeErrorMessage(oneLineMessage(text))
            Foundation.exit(code.rawValue)
        }
    }
}

/// ArgumentParser's message on one line, nothing dropped: a list after a line ending in ":"
/// ("Please provide one of the following:" then "  - 'table'" lines) is joined with ", ".
func oneLineMessage(_ message: String) -> String {
    let lines = message.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    guard var result = lines.first else { return message }
    for line in lines.dropFirst() {
        // An item of a list ("- 'table'") after the line that opens it, or after the item before.
        let isItem = line.hasPrefix("- ")
        let item = isItem ? String(line.dropFirst(2)) : line
        result += (isItem && !result.hasSuffix(":") ? ", " : " ") + item
    }
    return result
}
