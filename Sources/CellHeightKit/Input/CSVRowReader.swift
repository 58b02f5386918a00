/// Rows for the `csv` format: RFC 4180 CSV whose first record is a header naming the columns.
/// Each later record is a row whose `fields` map every column name to its value; the `text`
/// column (if any) is the row's text and a non-empty `id` column its id. A row's source line is
/// the line its record starts on.
///
/// - Parameter requireText: whether the header must have a `text` column.
/// - Throws: `CellHeightError.invalidInput` for bad CSV (see `parseCSVRecords`), a header that
///   repeats a column name or lacks a required `text` column, or a record whose number of fields
///   differs from the header's.
func readCSVRows(_ bytes: [UInt8], source: String, requireText: Bool = true) throws -> [Row] {
    let records = try parseCSVRecords(bytes, source: source)
    guard let header = records.first else { return [] }
    var seen: Set<String> = []
    for name in header.fields where !seen.insert(name).inserted {
        throw CellHeightError.invalidInput(source: source, line: header.line,
                                           reason: "column \"\(name)\" appears twice in the header")
    }
    if requireText, !seen.contains("text") {
        throw CellHeightError.invalidInput(source: source, line: header.line, reason: "the header has no \"text\" column")
    }
    return try records.dropFirst().enumerated().map { index, record in
        guard record.fields.count == header.fields.count else {
            throw CellHeightError.invalidInput(
                source: source, line: record.line,
                reason: "record has \(record.fields.count) field(s), the header has \(header.fields.count)")
        }
        let fields = Dictionary(uniqueKeysWithValues: zip(header.fields, record.fields))
        let id = fields["id"].flatMap { $0.isEmpty ? nil : $0 }
        return Row(index: index, id: id, text: fields["text"] ?? "", sourceLine: record.line, fields: fields)
    }
}
