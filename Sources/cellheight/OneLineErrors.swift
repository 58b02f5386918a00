import ArgumentParser
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
            let message = message(for: error).split(separator: "\n").first.map(String.init) ?? "\(error)"
            writeErrorMessage(message)
            Foundation.exit(code.rawValue)
        }
    }
}
