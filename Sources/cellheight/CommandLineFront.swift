import ArgumentParser
import CellHeightEngine
import CellHeightKit
import Foundation

/// What happens to the arguments before ArgumentParser sees them:
/// - `-V` (first) is `--version`;
/// - `help X` for an X that is no subcommand is a usage error (exit 64);
/// - a first word that is no file but close to a subcommand (`sumarize`) is a usage error with
///   "did you mean";
/// - for measuring, the project file's default options (`.cellheight.yaml`, found upward from the
///   working directory, or `--config FILE`; `--config none`: no file) go before the command line's,
///   each only when the command line does not give that option.
enum CommandLineFront {
    static let subcommands = ["measure", "summarize", "forecast"]

    /// The arguments to parse; a usage or project-file error is reported and the process exits.
    static func arguments(_ given: [String]) -> [String] {
        var arguments = given
        if arguments.first == "-V" { arguments[0] = "--version" }
        let first = arguments.first ?? ""
        if first == "help" {
            if arguments.count > 1, !arguments[1].hasPrefix("-"), !subcommands.contains(arguments[1]) {
                fail("help: no subcommand '\(messageText(arguments[1]))'\(suggestion(for: arguments[1], among: subcommands)) (subcommands: \(subcommands.joined(separator: ", ")))",
                     code: .usage)
            }
            return arguments
        }
        if first == "summarize" || first == "forecast" { return arguments }
        if !first.isEmpty, !first.hasPrefix("-"), first != "measure", !FileManager.default.fileExists(atPath: first) {
            let hint = suggestion(for: first)
            if !hint.isEmpty { fail("'\(messageText(first))' is neither a file nor a subcommand\(hint)", code: .usage) }
        }
        return withProjectOptions(arguments, measureWord: first == "measure" ? 1 : 0)
    }

    /// "; did you mean 'summarize'?" for a word within two edits of a subcommand (or `help`), else "".
    static func suggestion(for word: String, among words: [String] = subcommands + ["help"]) -> String {
        let lowered = word.lowercased()
        guard lowered.count >= 3 else { return "" }
        let best = words.map { ($0, editDistance(lowered, $0)) }.min { $0.1 < $1.1 }
        guard let best, best.1 <= 2 else { return "" }
        return "; did you mean '\(best.0)'?"
    }

    /// Levenshtein distance between two short words.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        var previous = Array(0...b.count)
        for i in 1...max(a.count, 1) where !a.isEmpty {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...max(b.count, 1) where !b.isEmpty {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }

    static func fail(_ message: String, code: CellHeightError.ExitCode) -> Never {
        writeErrorMessage(message)
        exit(code.rawValue)
    }

    // MARK: The project file

    /// The measuring options by long name: whether each takes a value, and its short name; read
    /// from `--help` (ArgumentParser lists every option there), so that no list is kept by hand.
    static let measureOptions: [String: (takesValue: Bool, short: Character?)] = {
        let help = MeasureCommand.helpMessage(columns: 10_000)
        let pattern = try! NSRegularExpression(pattern: #"(?m)^\s+(?:-([A-Za-z]), )?--([a-z0-9-]+)( <[^>]+>)?"#)
        var options: [String: (Bool, Character?)] = [:]
        for match in pattern.matches(in: help, range: NSRange(help.startIndex..., in: help)) {
            let group = { (index: Int) in Range(match.range(at: index), in: help).map { String(help[$0]) } }
            guard let name = group(2) else { continue }
            options[name] = (group(3) != nil, group(1)?.first)
        }
        return options
    }()

    /// Options whose value is a path, resolved from the project file's folder.
    static let pathOptions: Set<String> = ["rules", "template", "baseline", "junit-file", "output-file",
                                           "forecast-model"]
    /// Options the command line's `--template` replaces (the template describes the cell).
    static let cellOptions: Set<String> = ["font", "size", "line-height", "padding", "min-height", "separator",
                                           "number-of-lines", "round", "rules"]

    /// Whether the command line (before `--`) gives the option `name`, in any of its forms.
    static func gives(_ arguments: ArraySlice<String>, _ name: String) -> Bool {
        let short = measureOptions[name]?.short
        for argument in arguments {
            if argument == "--" { return false }
            if argument == "--" + name || argument.hasPrefix("--\(name)=") { return true }
            if let short, argument.hasPrefix("-\(short)"), !argument.hasPrefix("--") { return true }
        }
        return false
    }

    static func withProjectOptions(_ arguments: [String], measureWord: Int) -> [String] {
        let given = arguments[measureWord...]
        if given.prefix(while: { $0 != "--" }).contains(where: { ["-h", "--help", "--version"].contains($0) }) { return arguments }
        // --config FILE or --config=FILE (the last one), else the nearest .cellheight.yaml.
        var named: String?
        for (index, argument) in given.enumerated() {
            if argument == "--" { break }
            if argument == "--config", index + 1 < given.count { named = given[given.startIndex + index + 1] }
            if argument.hasPrefix("--config=") { named = String(argument.dropFirst("--config=".count)) }
        }
        if named == "none" { return arguments }
        guard let file = named ?? ProjectConfig.find(from: FileManager.default.currentDirectoryPath) else { return arguments }
        let config: ProjectConfig
        do {
            config = try ProjectConfig(data: try readInputData(from: file), file: file)
        } catch let error as CellHeightError {
            fail(error.commandLineDescription, code: error.exitCode)
        } catch {
            fail("\(messageText(file)): \(error)", code: .config)
        }
        let folder = URL(fileURLWithPath: file).deletingLastPathComponent()
        func resolved(_ path: String) -> String {
            path.hasPrefix("/") || path == "-" ? path : folder.appendingPathComponent(path).path
        }
        let usesTemplate = gives(given, "template")
        var defaults: [String] = []
        var options = config.options
        if config.hasRules {
            if options.contains(where: { $0.name == "rules" }) {
                fail("\(messageText(file)): $.options.rules: the file holds rules itself", code: .config)
            }
            options.append(ProjectConfig.Option(name: "rules", values: [file]))
        }
        for option in options {
            let path = "\(messageText(file)): $.options.\(option.name)"
            guard let known = measureOptions[option.name], option.name != "config", option.name != "help", option.name != "version" else {
                fail("\(path): unknown option (see cellheight --help)", code: .config)
            }
            if known.takesValue, option.values.isEmpty { fail("\(path): the option needs a value", code: .config) }
            if !known.takesValue, !option.values.isEmpty { fail("\(path): a flag: true or false", code: .config) }
            if gives(given, option.name) || (usesTemplate && cellOptions.contains(option.name)) { continue }
            let values = option.values.map { value -> String in
                if pathOptions.contains(option.name) && option.values != [file] { return resolved(value) }
                if option.name == "font" || option.name == "fallback" {
                    return value.split(separator: ",", omittingEmptySubsequences: false)
                        .map { $0.contains("/") ? resolved(String($0)) : String($0) }.joined(separator: ",")
                }
                return value
            }
            if values.isEmpty { defaults.append("--" + option.name) }
            for value in values { defaults += ["--" + option.name, value] }
        }
        // The file's options alone must parse: an error names the file.
        do {
            _ = try MeasureCommand.parse(defaults + ["--config", "none"])
        } catch {
            fail("\(messageText(file)): \(oneLineMessage(MeasureCommand.message(for: error)))", code: .config)
        }
        var result = arguments
        result.insert(contentsOf: defaults, at: measureWord)
        return result
    }
}

/// One line on standard error when the rows are to come from a terminal, so that a run without
/// files does not seem to hang.
func hintWhenReadingTerminal(_ files: [String]) {
    guard files.isEmpty || files.contains("-"), isatty(STDIN_FILENO) != 0 else { return }
    writeErrorMessage("reading rows from the terminal: type them, then Ctrl-D ('cellheight --help' for files and options)")
}
