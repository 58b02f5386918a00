import Foundation

/// One translation read from a catalog, before it becomes a `Row`.
///
/// Every reader gives the same fields, so that budgets, rules and baselines work alike on every
/// format:
///
/// | row | value |
/// |---|---|
/// | `id` | the key, then one `[variant]` per variation: `"Opening %d Item[2]"` (gettext's msgstr[2]), `"files_count[one]"` (a CLDR plural category), `"greeting[iphone][one]"` (String Catalog device, then plural) |
/// | `text` | the translation; where the catalog has none for the entry (see `untranslated`), the text the platform shows instead: gettext's msgid (msgid_plural for forms after the first), the XLIFF source |
/// | `sourceLine` | the 1-based line where the value starts (for `.mo`, which has no lines, the 1-based index of the message in the file) |
///
/// and `fields`: `text`, `id`, `key` (the id without variants), `locale` (as the catalog writes
/// it: "de", "pt_BR", "pt-BR", "" for a default or base locale), and when they apply `plural` (the
/// category or gettext's index), `device` (String Catalog), `index` (Android string arrays),
/// `context` (gettext's msgctxt), `select` (an ICU MessageFormat select's branch), `block` (an Angular `@if`/`@switch`/`@for` branch, see `XLIFFBlocks`), `maxWidth` and `maxHeight` (px, decimal) and `maxLines` (XLIFF
/// size restrictions) and `untranslated` ("true").
struct CatalogMessage: Equatable {
    /// The entry's key, e.g. "Opening %d Item", or "Stock label|_Apply" for gettext's msgctxt
    /// "Stock label" (the id shows a context as `context|msgid`).
    var key: String
    /// Variant suffixes of the id, outermost first, e.g. ["one"] or ["iphone", "other"].
    var variants: [String] = []
    var text: String
    var locale: String
    /// See the type's documentation, e.g. 12.
    var line: Int
    /// Other fields: "plural", "select", "device", "index", "context", "maxWidth", "maxHeight", "maxLines", "untranslated".
    var extraFields: [String: String] = [:]
    /// Whether Symfony wrote it (an XLIFF file with Symfony's `<tool>`): its text may be a
    /// pluralized message (`one|many`) and its placeholders are Symfony's (`%name%`).
    var isSymfony = false

    var id: String {
        key + variants.map { "[\($0)]" }.joined()
    }

    func row(index: Int, placeholders: PlaceholderSyntax) -> Row {
        var fields = extraFields
        fields["text"] = text
        fields["id"] = id
        fields["key"] = key
        fields["locale"] = locale
        return Row(index: index, id: id, text: text, sourceLine: line, fields: fields, placeholders: placeholders,
                   isCatalogEntry: true)
    }

    /// The message's Symfony plural parts, a message each (`key[0]`, `key[1]`, field `plural` the
    /// part's interval, label or position); nil when it is not Symfony's or not pluralized.
    func symfonyPluralBranches() -> [CatalogMessage]? {
        guard isSymfony, let parts = symfonyPluralParts(text) else { return nil }
        return parts.enumerated().map { index, part in
            var message = self
            message.text = part.text
            message.variants.append(String(index))
            message.extraFields["plural"] = part.selector
            return message
        }
    }

    /// The message once its ICU MessageFormat plural and select arguments are chosen: a message
    /// per branch (see `ICUMessage`), or the message itself when its text is not such a message.
    ///
    /// - Throws: `ICUExpansionError` when the branches combine into too many texts.
    /// - Parameter unknownPluralSelectors: gets the plural selectors ICU never picks (see
    ///   `ICUMessage.unknownPluralSelectors`).
    func icuBranches(unknownPluralSelectors: inout [String]) throws -> [(message: CatalogMessage, hasNumber: Bool)]? {
        // Most texts have no brace at all: no parse.
        guard text.utf8.contains(UInt8(ascii: "{")), let icu = ICUMessage(parsing: text) else { return nil }
        unknownPluralSelectors = icu.unknownPluralSelectors
        return try icu.branchTexts().map { branch in
            var message = self
            message.text = branch.text
            message.variants += branch.selectors
            for (field, selectors) in [("plural", branch.pluralSelectors), ("select", branch.selectSelectors)] where !selectors.isEmpty {
                message.extraFields[field] = ([message.extraFields[field]].compactMap { $0 } + selectors).joined(separator: ",")
            }
            return (message, branch.hasNumber)
        }
    }
}

/// The error every catalog reader throws for a malformed file: `path:line: reason`.
func catalogError(_ path: String, line: Int?, _ reason: String) -> CellHeightError {
    .invalidInput(source: path, line: line, reason: reason)
}

/// A number as a decimal string without a needless fraction, e.g. "120" or "90.5"; nil when
/// `text` is not a finite number of px, 0 or more.
func catalogPixels(_ text: String) -> String? {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    guard let value = Double(trimmed), value.isFinite, value >= 0,
          trimmed.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }) else { return nil }
    if value == value.rounded(), value < 1e15 { return String(Int(value)) }
    return String(value)
}

/// CLDR's plural categories, the names String Catalogs and Android use for plural forms.
let cldrPluralCategories: Set<String> = ["zero", "one", "two", "few", "many", "other"]

/// A reader of one catalog file that reports errors at a line of it.
protocol CatalogReading {
    /// The catalog's path, for messages, e.g. "app/app.de.xlf".
    var path: String { get }
}

extension CatalogReading {
    func error(_ line: Int, _ reason: String) -> CellHeightError {
        catalogError(path, line: line, reason)
    }
}
