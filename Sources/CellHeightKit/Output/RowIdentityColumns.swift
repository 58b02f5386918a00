// What a report shows of where each row comes from and what was measured, beside its
// measurements: `key`, `locale`, `file`, `line`, `untranslated` and `text` (as measured) in JSON and
// NDJSON rows; the `locale` and `file` columns of CSV and the table.
//
// When they appear: a translation catalog's entry always has them all in JSON and NDJSON (`locale`
// "" for a base locale such as Android's `values`), so that every row can be traced to its file and
// line. Other rows (text, JSON, NDJSON, CSV input) keep the output they always had, plus each field
// that has a value: `key`, `locale` and `untranslated` when the row has that field, `file` and
// `line` when several inputs are read, `text` when the run may rewrite text (`--replace`,
// `--placeholder-number`, `--placeholder-string`, `--mnemonic`, or a rule's). CSV and the table
// have a `locale` column when the rows have locales (see `locale`) and a `file` column (CSV: `file`
// and `line`) when several inputs are read.

/// The run-wide half of that decision, made once so that every batch of a streamed output has the
/// same columns.
package struct RowIdentityColumns: Equatable, Sendable {
    /// Several inputs were read: every row says which file and line it came from.
    package var file = false
    /// The run may rewrite the text before measuring it: every row shows its text as measured.
    package var text = false
    /// Whether CSV and the table have a `locale` column; nil: when some row is a catalog entry or
    /// has a locale (a streamed CSV decides it before its first row, see `HeightRun`).
    package var locale: Bool?

    package init(file: Bool = false, text: Bool = false, locale: Bool? = nil) {
        self.file = file
        self.text = text
        self.locale = locale
    }

    /// Whether some of `rows` have a locale to show.
    static func haveLocales(_ cells: [MeasuredCell]) -> Bool {
        cells.contains { $0.row.isCatalogEntry || $0.row.locale != nil }
    }
}

extension Row {
    /// The locale a report shows: a catalog entry's as the catalog writes it ("" for a base
    /// locale), another row's `locale` field; nil when it has none to show.
    var shownLocale: String? {
        isCatalogEntry ? fields?["locale"] ?? "" : locale
    }
}
