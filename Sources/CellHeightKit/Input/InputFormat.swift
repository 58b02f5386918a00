/// How the input bytes are split into rows.
package enum InputFormat: String, CaseIterable, Sendable {
    /// Pick one of the others from the first non-whitespace character (see `detected(in:)`).
    case auto
    /// One row per line.
    case lines
    /// One row per block of lines separated by blank lines.
    case paragraphs
    /// A JSON array of strings or `{"text": …, "id": …}` objects.
    case json
    /// One JSON string or object per non-blank line.
    case ndjson

    /// The concrete format `auto` stands for, given the decoded input:
    /// first non-whitespace character `[` → json, `{` or `"` → ndjson, anything else (or nothing) → lines.
    /// Other formats return themselves.
    package func resolved(for text: String) -> InputFormat {
        guard self == .auto else { return self }
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                continue
            case UInt8(ascii: "["):
                return .json
            case UInt8(ascii: "{"), UInt8(ascii: "\""):
                return .ndjson
            default:
                return .lines
            }
        }
        return .lines
    }
}
