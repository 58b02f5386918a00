/// How results are written.
public enum OutputFormat: String, CaseIterable, Sendable {
    /// Aligned columns for people (the default).
    case table
    /// One compact JSON document with rows, totals and settings.
    case json
    /// One JSON row object per line.
    case ndjson
    /// RFC 4180 CSV, one record per row and width.
    case csv
    /// A self-contained page that draws every row's cell with its lines and checks them against the
    /// browser's own layout.
    case html
    /// The rows' cells with their lines, as one SVG picture.
    case svg
    /// No report: only the diagnostics and the summary on standard error (a CI log's view).
    case none

    /// Whether the format shows the settings (fonts with their SHA-256 digests, fallback fonts and
    /// the rest).
    public var showsSettings: Bool { self == .json || self == .html }

    /// Whether the format draws each row's lines, so rows must be measured with their line boxes.
    public var drawsLines: Bool { self == .html || self == .svg }
}
