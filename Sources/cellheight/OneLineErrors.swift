import ArgumentParser
import CellHeightKit
import Foundation

extension ParsableCommand {
    /// Like ArgumentParser's `main`, but a usage error is one line, `cellheight: <message>`, as
    /// every other error is (ArgumentParser would add "Error:" and the usage text).
    static func mainWithOneLineErrors(_ arguments: [String]) {
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
