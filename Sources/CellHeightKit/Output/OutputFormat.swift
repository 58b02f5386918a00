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
}
