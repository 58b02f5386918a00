/// One unit of input: a text to measure, with where it came from.
package struct Row: Equatable, Sendable {
    /// 0-based position in the input, e.g. 41.
    package var index: Int
    /// The row's `id` from JSON/NDJSON objects or an `id` CSV column, e.g. "settings.title"; nil for plain text.
    package var id: String?
    /// The exact text to lay out, e.g. "Delete all files?" (the `text` field of an object or CSV record,
    /// "" when it has none and none was required).
    package var text: String
    /// 1-based line in the input file where the row starts, e.g. 12.
    package var sourceLine: Int
    /// The named fields of a JSON object or CSV record, e.g. ["title": "Wi-Fi", "body": "Connected"]:
    /// every string or number member of the object (numbers as written), or every column of the
    /// record, `text` and `id` included. Nil when the fields are just `text` and, if the row has an
    /// id, `id`: rows read from plain text or JSON strings, and JSON objects with no other string
    /// or number members (most rows, which then need no dictionary; see `value(ofField:)`).
    package var fields: [String: String]?
    /// The placeholder syntaxes the text may hold (a catalog's own; any for other input), for
    /// `--placeholder-number` and `--placeholder-string`.
    package var placeholders: PlaceholderSyntax
    /// Whether the row is an entry of a translation catalog (`.po`, `.strings`, XLIFF, …): reports
    /// then always show its key, locale, file, line, text as measured and whether it is translated.
    package var isCatalogEntry: Bool
    /// The name of the input the row was read from, as given, e.g. "res/values-de/strings.xml" or
    /// "<stdin>", where reports show it (a catalog's rows, or rows of several inputs: the `file`
    /// field); nil otherwise.
    package var source: String?

    package init(index: Int, id: String? = nil, text: String, sourceLine: Int, fields: [String: String]? = nil,
                placeholders: PlaceholderSyntax = .any, isCatalogEntry: Bool = false, source: String? = nil) {
        self.index = index
        self.id = id
        self.text = text
        self.sourceLine = sourceLine
        self.fields = fields
        self.placeholders = placeholders
        self.isCatalogEntry = isCatalogEntry
        self.source = source
    }

    /// The value of a named field, or nil when the row has no such field. A row without `fields`
    /// has the field `text`, and `id` when its id is not nil.
    package func value(ofField name: String) -> String? {
        guard let fields else {
            switch name {
            case "text": return text
            case "id": return id
            default: return nil
            }
        }
        return fields[name]
    }

    /// The names of the fields the row has (see `value(ofField:)`).
    package var fieldNames: Set<String> {
        fields.map { Set($0.keys) } ?? (id == nil ? ["text"] : ["text", "id"])
    }
}
