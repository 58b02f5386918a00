import CellHeightEngine

/// Bounds the rows a catalog gives, against amplification: device variations times plural
/// substitutions times ICU branches (each bounded on its own, at `maximumSubstitutedTexts`)
/// multiplied into 442,369 rows from a 2.6 KB `.xcstrings`.
///
/// One entry (a key in one locale) gives at most `maximumRowsPerEntry` rows, and a file at most
/// `maximumRows(fileBytes:)`. Counted as rows are made (by the readers that expand variations, and
/// again once ICU branches are expanded), so a hostile file is refused before its rows take memory.
struct CatalogRowBudget {
    /// Rows one key may give in one locale (a real entry: a few devices, six plural categories,
    /// an ICU select or two: tens).
    static let maximumRowsPerEntry = 1_000

    /// Rows a file may give: 10,000, or one row for every 4 bytes of a larger file (a real catalog
    /// takes 20 bytes or more a row).
    static func maximumRows(fileBytes: Int) -> Int { max(10_000, fileBytes / 4) }

    let path: String
    let maximumRows: Int
    private var total = 0
    private var entry: (key: String, locale: String)?
    private var entryRows = 0

    init(path: String, fileBytes: Int) {
        self.path = path
        maximumRows = Self.maximumRows(fileBytes: fileBytes)
    }

    /// Counts `count` more rows of entry `key` in `locale` (whose rows come one after another).
    ///
    /// - Throws: `CellHeightError.invalidInput` at `line`, naming the entry, beyond either bound.
    mutating func add(_ count: Int, key: String, locale: String, line: Int) throws {
        if entry?.key != key || entry?.locale != locale {
            entry = (key, locale)
            entryRows = 0
        }
        entryRows += count
        total += count
        let shown = "\"\(messageText(key))\"" + (locale.isEmpty ? "" : " (\(messageText(locale)))")
        guard entryRows <= Self.maximumRowsPerEntry else {
            throw catalogError(path, line: line, "\(shown) gives more than \(Self.maximumRowsPerEntry) rows once its device "
                               + "variations, plural substitutions and ICU branches are combined")
        }
        guard total <= maximumRows else {
            throw catalogError(path, line: line, "more than \(maximumRows) rows from one file (at \(shown)): "
                               + "its variations, substitutions and branches multiply beyond what its size can hold")
        }
    }
}
