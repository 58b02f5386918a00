/// The `csv` output: header `index,id,width,lineCount,height`, then one record per row per width
/// (long format). Records end with "\n"; a missing id is an empty field.
func renderCSVReport(_ rows: [MeasuredRow]) -> String {
    var output = "index,id,width,lineCount,height\n"
    for row in rows {
        for layout in row.layouts {
            let fields = [
                String(row.row.index),
                csvField(row.row.id ?? ""),
                formatPixels(layout.width),
                String(layout.lineCount),
                formatPixels(layout.height),
            ]
            output += fields.joined(separator: ",") + "\n"
        }
    }
    return output
}

/// A CSV field quoted per RFC 4180 when it holds a comma, quote, CR or LF (quotes doubled inside).
func csvField(_ value: String) -> String {
    let needsQuotes = value.unicodeScalars.contains { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }
    guard needsQuotes else { return value }
    var quoted = "\""
    for scalar in value.unicodeScalars {
        if scalar == "\"" { quoted += "\"" }
        quoted.unicodeScalars.append(scalar)
    }
    return quoted + "\""
}
