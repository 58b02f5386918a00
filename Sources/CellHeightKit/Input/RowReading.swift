import Foundation

/// Decodes input bytes and splits them into rows (strict decoding: bad UTF-8 is an error).
///
/// - Parameters:
///   - data: the raw input, e.g. from `readInputData(from:)`.
///   - format: how to split it; `.auto` picks from the first non-whitespace character.
///   - source: the input's display name for messages, e.g. "rows.json" or "<stdin>".
/// - Returns: the rows in input order, `index` counting from 0.
/// - Throws: `CellHeightError.invalidUTF8`, `.invalidJSON` (syntax, with line and column) or
///   `.invalidInput` (wrong shape, with line).
func readRows(from data: Data, format: InputFormat, source: String) throws -> [Row] {
    try parseRows(in: decodeText(data, source: source).text, format: format, source: source)
}

/// Splits already decoded text into rows; see `readRows(from:format:source:)`.
/// Use it with `decodeText(_:source:lossy:)` to read input with ill-formed bytes replaced.
package func parseRows(in text: String, format: InputFormat, source: String) throws -> [Row] {
    let bytes = Array(text.utf8)
    switch format.resolved(for: text) {
    case .auto, .lines: return readLineRows(bytes)
    case .paragraphs: return readParagraphRows(bytes)
    case .json: return try readJSONRows(bytes, source: source)
    case .ndjson: return try readNDJSONRows(bytes, source: source)
    }
}
