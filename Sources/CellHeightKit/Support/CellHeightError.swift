import CellHeightEngine

/// Every way cellheight can fail, each with its data and its documented exit code.
///
/// Messages are short and lowercase; the executable prints them as `cellheight: <message>`.
public enum CellHeightError: Error, Equatable, Sendable, CustomStringConvertible {
    /// An engine error in cellheight's words: a font error (exit 69), or a usage error (64) for a
    /// break iterator ICU cannot open.
    public init(_ error: EngineError) {
        switch error {
        case .familyNotFound(let family, let substitute, let standardFont?, let closest):
            self = .familyNotInstalled(family: family, substitute: substitute, standardFont: standardFont,
                                       closest: closest)
        case .breakIteratorUnavailable: self = .usage(error.description)
        default: self = .font(error.description)
        }
    }


    /// A bad option value or combination (also raised by argument parsing itself).
    case usage(String)
    /// A font family that is not installed where Chromium would draw its standard font (exit 69,
    /// as `font`): a run may measure as Chromium does instead, which the command line words with
    /// its option.
    case familyNotInstalled(family: String, substitute: String, standardFont: String, closest: [String])
    /// A target locale of a forecast with no expansion model (exit 64, as `usage`); `modelGiven`:
    /// the forecast was given a model of its own (then its translations, or a model learned from
    /// catalogs, would answer).
    case noExpansionModel(locale: String, modelGiven: Bool)
    /// Settings of a run that cannot go together, as data (exit 64, as `usage`): the command line
    /// words it with its option names.
    case conflict(RunConflict)
    /// An input file that cannot be opened or read.
    case unreadableInput(path: String, reason: String)
    /// JSON that does not parse, or has the wrong shape. `line` and `column` are 1-based.
    case invalidJSON(source: String, line: Int, column: Int, reason: String)
    /// Input read as a JSON array only because it starts with "[" (its format not given), that is
    /// not valid JSON: it may be text with a row a line (the `lines` format). As `invalidJSON`.
    case invalidGuessedJSONArray(source: String, line: Int, column: Int, reason: String)
    /// A baseline file with nothing in it: most likely a result that was never written (taken as no
    /// rows, every row would be new and no growth would be found).
    case emptyBaseline(file: String)
    /// Bytes that are not UTF-8. `byteOffset` is 0-based from the start of the input.
    case invalidUTF8(source: String, byteOffset: Int)
    /// Input that is well-formed but not what the format expects (for example an object without `text`).
    case invalidInput(source: String, line: Int?, reason: String)
    /// A font that cannot be found, opened or used.
    case font(String)
    /// An output file that cannot be written.
    case output(path: String, reason: String)
    /// A template or rules file that does not parse. `language` is "JSON" or "YAML"; `line` and
    /// `column` are 1-based.
    case configSyntax(file: String, line: Int, column: Int, language: String = "JSON", reason: String)
    /// A template or rules file that parses but is not valid: an unknown key, a wrong type or value,
    /// a field no row has, a font that cannot be used. `jsonPath` says where, e.g. "$.labels[1].size".
    case invalidConfig(file: String, jsonPath: String, reason: String)

    /// Exit codes, documented in `--help` and docs/reference.md (sysexits.h numbering).
    public enum ExitCode: Int32, CaseIterable {
        case ok = 0
        /// Not an error: the run completed, and some rows broke their budget (or grew, with
        /// `--fail-on-growth`). Kept apart from the error codes so CI can tell "does not fit" from
        /// "could not check".
        case violations = 1
        case usage = 64
        case invalidInput = 65
        case unreadableInput = 66
        case font = 69
        /// Set by the executable's allocator (`MemoryGuard`), never thrown: the system refused memory.
        case outOfMemory = 71
        case output = 73
        case config = 78

        public var meaning: String {
            switch self {
            case .ok: return "success: every row fits its budget"
            case .violations: return "some rows do not fit their budget (or grew, when growth is a failure)"
            case .usage: return "bad option or argument"
            case .invalidInput: return "invalid input (JSON syntax or shape, UTF-8, a malformed translation catalog); the other inputs are measured"
            case .unreadableInput: return "input file missing or unreadable; the other inputs are measured"
            case .font: return "font not found, unreadable or unusable"
            case .outOfMemory: return "out of memory (an address-space limit, ulimit -v): one line, no output file written or replaced"
            case .output: return "output cannot be written (output file, or standard output: full disk)"
            case .config: return "bad template or rules file: syntax, unknown key, wrong value, unknown field, font"
            }
        }
    }

    public var exitCode: ExitCode {
        switch self {
        case .usage, .noExpansionModel: return .usage
        case .conflict(let conflict): return conflict.exitCode
        case .unreadableInput: return .unreadableInput
        case .invalidJSON, .invalidGuessedJSONArray, .emptyBaseline, .invalidUTF8, .invalidInput: return .invalidInput
        case .font, .familyNotInstalled: return .font
        case .output: return .output
        case .configSyntax, .invalidConfig: return .config
        }
    }

    /// Whether this is an input's own error: it cannot be read (exit 66) or is not valid in its
    /// format (exit 65). A run reports it and goes on with the other inputs.
    public var isInputError: Bool {
        if case .conflict = self { return false }
        return exitCode == .invalidInput || exitCode == .unreadableInput
    }

    /// What `invalidGuessedJSONArray` adds to the JSON error's reason, in the library's words.
    public static let guessedJSONArrayHint = "read as a JSON array because it starts with '['; "
        + "for one row per line read it in the lines format"

    public var description: String {
        // Paths and reasons can hold what came from outside (a file name, a value): escaped and
        // capped, so that a message is one line of bounded length.
        func shown(_ value: String) -> String { messageText(value) }
        func why(_ reason: String) -> String { messageText(reason, limit: 1_000) }
        switch self {
        case .usage(let message):
            return why(message)
        case .conflict(let conflict):
            return conflict.description
        case .unreadableInput(let path, let reason):
            return "cannot read \(shown(path)): \(why(reason))"
        case .invalidJSON(let source, let line, let column, let reason):
            return "\(shown(source)):\(line):\(column): invalid JSON: \(why(reason))"
        case .invalidGuessedJSONArray(let source, let line, let column, let reason):
            let hinted = reason + " (\(Self.guessedJSONArrayHint))"
            return "\(shown(source)):\(line):\(column): invalid JSON: \(why(hinted))"
        case .emptyBaseline(let file):
            return "\(shown(file)):1: an empty file is not a baseline (expected an earlier json or ndjson report)"
        case .invalidUTF8(let source, let byteOffset):
            return "\(shown(source)): invalid UTF-8 at byte offset \(byteOffset)"
        case .invalidInput(let source, let line, let reason):
            if let line { return "\(shown(source)):\(line): \(why(reason))" }
            return "\(shown(source)): \(why(reason))"
        case .font(let message):
            return why(message)
        case .familyNotInstalled(let family, let substitute, let standardFont, let closest):
            return why(EngineError.familyNotFoundOpening(family: family, substitute: substitute)
                       + "; Chromium would draw its standard font, \(messageText(standardFont)), and a run may "
                       + "measure as it does)" + EngineError.closestHint(closest))
        case .noExpansionModel(let locale, let modelGiven):
            return why("no expansion model for locale '\(messageText(locale))'"
                       + (modelGiven ? " (give its translations, or learn a model from catalogs)" : ""))
        case .output(let path, let reason):
            return "cannot write \(shown(path)): \(why(reason))"
        case .configSyntax(let file, let line, let column, let language, let reason):
            return "\(shown(file)):\(line):\(column): invalid \(language): \(why(reason))"
        case .invalidConfig(let file, let jsonPath, let reason):
            return "\(shown(file)): \(shown(jsonPath)): \(why(reason))"
        }
    }
}

/// Runs `body`, which opens fonts or engines: what the engine throws comes out as a `CellHeightError`.
package func translatingEngineErrors<T>(_ body: () throws -> T) throws -> T {
    do {
        return try body()
    } catch let error as EngineError {
        throw CellHeightError(error)
    }
}
