/// Every input format the command line accepts: the text formats of `InputFormat`, plus `csv`
/// (never detected by `auto`: CSV looks like plain lines) and the translation catalogs of
/// `CatalogFormat` (which `auto` picks by the file's extension, see `StreamingRowReader`).
public enum RowFormat: String, CaseIterable, Sendable {
    case auto, lines, paragraphs, json, ndjson
    /// RFC 4180 CSV with a header row naming the fields.
    case csv
    /// Translation catalogs: gettext PO and MO, Apple .strings and String Catalogs, Android
    /// strings.xml, XLIFF 1.2 and 2.x, Apple .stringsdict.
    case po, mo, strings, xcstrings, android, xliff, stringsdict

    /// The formats that are not catalogs, in the order the fuzz target numbers them.
    public static let plainFormats: [RowFormat] = [.auto, .lines, .paragraphs, .json, .ndjson, .csv]

    /// The text format this stands for; nil for `csv` and the catalogs.
    package var textFormat: InputFormat? {
        InputFormat(rawValue: rawValue)
    }

    /// The catalog format this stands for; nil for the others.
    package var catalogFormat: CatalogFormat? {
        CatalogFormat(rawValue: rawValue)
    }

    /// The text format a file's extension names: `.csv` CSV, `.txt` lines, `.ndjson`/`.jsonl`
    /// NDJSON, `.json` JSON; nil for any other name (then `auto` looks at the content).
    public init?(extensionOf path: String) {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
        switch path[path.index(after: dot)...].lowercased() {
        case "csv": self = .csv
        case "txt", "text": self = .lines
        case "ndjson", "jsonl": self = .ndjson
        case "json": self = .json
        default: return nil
        }
    }
}

/// Splits decoded input into rows, in any `RowFormat`.
///
/// - Parameter requireText: whether JSON objects and CSV records must have a `text` field (true for
///   measuring one text per row; false for templates, whose labels name their own fields). Rows
///   from plain text (`lines`, `paragraphs`) and JSON strings have one field, `text`.
/// - Throws: as `parseRows(in:format:source:)`, for CSV as `readCSVRows`, for catalogs as
///   `readCatalogRows` (which reads the text's UTF-8 bytes; give it the file's own bytes instead
///   when they may be UTF-16 or binary).
package func parseRows(in text: String, format: RowFormat, source: String, requireText: Bool) throws -> [Row] {
    if let catalog = format.catalogFormat {
        return try readCatalogRows(Array(text.utf8), format: catalog, path: source)
    }
    guard let textFormat = format.textFormat else {
        return try readCSVRows(Array(text.utf8), source: source, requireText: requireText)
    }
    switch textFormat.resolved(for: text) {
    case .json: return try readJSONRows(Array(text.utf8), source: source, requireText: requireText)
    case .ndjson: return try readNDJSONRows(Array(text.utf8), source: source, requireText: requireText)
    case let other: return try parseRows(in: text, format: other, source: source)
    }
}
