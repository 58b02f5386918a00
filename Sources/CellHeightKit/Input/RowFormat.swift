/// Every input format the command line accepts: the text formats of `InputFormat`, plus `csv`
/// (never detected by `auto`: CSV looks like plain lines).
public enum RowFormat: String, CaseIterable, Sendable {
    case auto, lines, paragraphs, json, ndjson
    /// RFC 4180 CSV with a header row naming the fields.
    case csv

    /// The text format this stands for; nil for `csv`.
    public var textFormat: InputFormat? {
        InputFormat(rawValue: rawValue)
    }
}

/// Splits decoded input into rows, in any `RowFormat`.
///
/// - Parameter requireText: whether JSON objects and CSV records must have a `text` field (true for
///   measuring one text per row; false for templates, whose labels name their own fields). Rows
///   from plain text (`lines`, `paragraphs`) and JSON strings have one field, `text`.
/// - Throws: as `parseRows(in:format:source:)`, and for CSV as `readCSVRows`.
public func parseRows(in text: String, format: RowFormat, source: String, requireText: Bool) throws -> [Row] {
    guard let textFormat = format.textFormat else {
        return try readCSVRows(Array(text.utf8), source: source, requireText: requireText)
    }
    switch textFormat.resolved(for: text) {
    case .json: return try readJSONRows(Array(text.utf8), source: source, requireText: requireText)
    case .ndjson: return try readNDJSONRows(Array(text.utf8), source: source, requireText: requireText)
    case let other: return try parseRows(in: text, format: other, source: source)
    }
}
