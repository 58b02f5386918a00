/// Every way cellheight can fail, each with its data and its documented exit code.
///
/// Messages are short and lowercase; the executable prints them as `cellheight: <message>`.
public enum CellHeightError: Error, Equatable, CustomStringConvertible {
    /// A bad option value or combination (also raised by argument parsing itself).
    case usage(String)
    /// An input file that cannot be opened or read.
    case unreadableInput(path: String, reason: String)
    /// JSON that does not parse, or has the wrong shape. `line` and `column` are 1-based.
    case invalidJSON(source: String, line: Int, column: Int, reason: String)
    /// Bytes that are not UTF-8. `byteOffset` is 0-based from the start of the input.
    case invalidUTF8(source: String, byteOffset: Int)
    /// Input that is well-formed but not what the format expects (for example an object without `text`).
    case invalidInput(source: String, line: Int?, reason: String)
    /// A font that cannot be found, opened or used.
    case font(String)
    /// An output file that cannot be written.
    case output(path: String, reason: String)

    /// Exit codes, documented in `--help` and the README (sysexits.h numbering).
    public enum ExitCode: Int32, CaseIterable {
        case ok = 0
        case usage = 64
        case invalidInput = 65
        case unreadableInput = 66
        case font = 69
        case output = 73

        public var meaning: String {
            switch self {
            case .ok: return "success"
            case .usage: return "bad option or argument"
            case .invalidInput: return "invalid input (JSON syntax or shape, UTF-8)"
            case .unreadableInput: return "input file missing or unreadable"
            case .font: return "font not found, unreadable or unusable"
            case .output: return "output file cannot be written"
            }
        }
    }

    public var exitCode: ExitCode {
        switch self {
        case .usage: return .usage
        case .unreadableInput: return .unreadableInput
        case .invalidJSON, .invalidUTF8, .invalidInput: return .invalidInput
        case .font: return .font
        case .output: return .output
        }
    }

    public var description: String {
        switch self {
        case .usage(let message):
            return message
        case .unreadableInput(let path, let reason):
            return "cannot read \(path): \(reason)"
        case .invalidJSON(let source, let line, let column, let reason):
            return "\(source):\(line):\(column): invalid JSON: \(reason)"
        case .invalidUTF8(let source, let byteOffset):
            return "\(source): invalid UTF-8 at byte offset \(byteOffset)"
        case .invalidInput(let source, let line, let reason):
            if let line { return "\(source):\(line): \(reason)" }
            return "\(source): \(reason)"
        case .font(let message):
            return message
        case .output(let path, let reason):
            return "cannot write \(path): \(reason)"
        }
    }
}
