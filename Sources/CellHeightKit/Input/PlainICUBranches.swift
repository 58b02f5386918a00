#if canImport(Glibc)
import Glibc
#endif

/// ICU MessageFormat plural and select messages in rows read from text, JSON, NDJSON or CSV: a
/// row per branch, as in catalogs (`CatalogMessage.icuBranches`), since each branch is a sentence
/// the app can show. A branch's id is the row's with the selectors, `files[one]` (`[one]` for a
/// row without an id); its fields `key` (the row's key: its `key` field, else its id), `plural`
/// and `select` (the selectors, comma-separated); its `#` is a number placeholder. Rows whose text
/// is not such a message (most: no `{` at all), and catalog entries (expanded by their reader),
/// stay as they are.
///
/// - Throws: `CellHeightError.invalidInput` at the row's line when its branches would make more
///   than 1,000 rows or 16 MiB of text (see `ICUMessage.branchTexts`).
func expandingICUBranches(_ rows: [Row], source: String) throws -> [Row] {
    func mayBeICU(_ row: Row) -> Bool { !row.isCatalogEntry && containsOpeningBrace(row.text) }
    guard rows.contains(where: mayBeICU) else { return rows }
    var expanded: [Row] = []
    expanded.reserveCapacity(rows.count)
    for row in rows {
        guard mayBeICU(row), let message = ICUMessage(parsing: row.text) else {
            expanded.append(row)
            continue
        }
        let branches: [ICUBranchText]
        do {
            branches = try message.branchTexts()
        } catch let error as ICUExpansionError {
            throw CellHeightError.invalidInput(source: source, line: row.sourceLine, reason: error.reason)
        }
        for branch in branches {
            var branchRow = row
            let id = (row.id ?? "") + branch.selectors.map { "[\($0)]" }.joined()
            var fields = row.fields ?? [:]
            if let key = row.key { fields["key"] = key }
            fields["text"] = branch.text
            fields["id"] = id
            for (name, selectors) in [("plural", branch.pluralSelectors), ("select", branch.selectSelectors)] where !selectors.isEmpty {
                fields[name] = selectors.joined(separator: ",")
            }
            branchRow.text = branch.text
            branchRow.id = id
            branchRow.fields = fields
            if branch.hasNumber { branchRow.placeholders.insert(.pluralNumber) }
            expanded.append(branchRow)
        }
    }
    return expanded
}

/// Whether `text` holds a "{": with memchr, many bytes at a time (every row of an input is asked).
private func containsOpeningBrace(_ text: String) -> Bool {
    var text = text
    return text.withUTF8 { bytes in
        guard let base = bytes.baseAddress else { return false }
        return memchr(base, 0x7B, bytes.count) != nil
    }
}
