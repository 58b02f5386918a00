/// Apple's String Catalogs (`.xcstrings`): JSON, read with the project's `JSONParser` so every
/// value has its line.
///
///     {"sourceLanguage": "en", "version": "1.0", "strings": {
///       "files_count": {"localizations": {
///         "de": {"variations": {"plural": {
///           "one": {"stringUnit": {"state": "translated", "value": "%lld Datei"}},
///           "other": {"stringUnit": {"state": "translated", "value": "%lld Dateien"}}}}}}}}}
///
/// Each localization's `stringUnit.value` is a row with the localization's key as its locale
/// ("de", "pt-BR", "zh-Hans"); `variations.plural.<category>` gives the id `key[category]` and field
/// `plural`, `variations.device.<device>` the id `key[device]` and field `device` (a device's
/// plural variations: `key[device][category]`). Substitutions (`%#@name@` with a `substitutions`
/// object) are not expanded: the value is measured with its `%#@name@` tokens as written.
///
/// A key without a localization in the source language shows the key itself there (Xcode's
/// behaviour), so that is the source language's row. A localization whose string unit has no value
/// or an empty one (state "new") shows the source language's text: that row has the source text
/// (or the key) and field `untranslated`. Keys marked `"shouldTranslate": false` give only the
/// source language's row. Locales a key has no localization for give no row.
func readStringCatalog(_ bytes: [UInt8], path: String) throws -> [CatalogMessage] {
    let utf8 = try catalogUTF8(bytes, path: path)
    let document: JSONDocument
    do {
        var parser = JSONParser(bytes: utf8)
        document = try parser.parseDocument()
    } catch let error as JSONSyntaxError {
        throw catalogError(path, line: error.line, "invalid JSON: \(error.reason) (column \(error.column))")
    }
    var reader = StringCatalogReader(path: path)
    return try reader.read(document)
}

private struct StringCatalogReader: CatalogReading {
    let path: String
    var messages: [CatalogMessage] = []

    func object(_ member: JSONMember, _ what: String) throws -> JSONObject {
        guard case .object(let object) = member.value else {
            throw error(member.line, "\(what) must be an object, found \(member.value.kindDescription)")
        }
        return object
    }

    mutating func read(_ document: JSONDocument) throws -> [CatalogMessage] {
        guard case .object(let root) = document.value else {
            throw error(document.line, "a String Catalog must be a JSON object, found \(document.value.kindDescription)")
        }
        guard let sourceMember = root.member("sourceLanguage") else {
            throw error(document.line, "a String Catalog needs \"sourceLanguage\"")
        }
        guard case .string(let sourceLanguage) = sourceMember.value else {
            throw error(sourceMember.line, "\"sourceLanguage\" must be a string, found \(sourceMember.value.kindDescription)")
        }
        guard let stringsMember = root.member("strings") else {
            throw error(document.line, "a String Catalog needs \"strings\"")
        }
        for entry in try object(stringsMember, "\"strings\"").members {
            let key = entry.key
            let item = try object(entry, "the entry \"\(key)\"")
            var localizations: [JSONMember] = []
            if let member = item.member("localizations") {
                localizations = try object(member, "\"localizations\" of \"\(key)\"").members
            }
            if case .bool(false)? = item["shouldTranslate"] {
                localizations = localizations.filter { $0.key == sourceLanguage }
            }
            let source = localizations.first { $0.key == sourceLanguage }
            // The source language's text and its line, for untranslated units: its plain value, else the key.
            var sourceText = key
            var sourceLine = entry.line
            if let source, case .object(let localization) = source.value, case .object(let unit)? = localization["stringUnit"],
               let valueMember = unit.member("value"), case .string(let value) = valueMember.value, !value.isEmpty {
                sourceText = value
                sourceLine = valueMember.line
            }
            if source == nil {
                messages.append(CatalogMessage(key: key, text: key, locale: sourceLanguage, line: entry.line))
            }
            for localization in localizations {
                try readUnits(localization, path: [], key: key, locale: localization.key, fallback: sourceText,
                              fallbackLine: sourceLine, extra: [:])
            }
        }
        return messages
    }

    /// The rows of a localization or of one of its variations: a `stringUnit`, or `variations`.
    mutating func readUnits(_ member: JSONMember, path variants: [String], key: String, locale: String,
                            fallback: String, fallbackLine: Int, extra: [String: String]) throws {
        let node = try object(member, "\"\(member.key)\" of \"\(key)\"")
        if let unitMember = node.member("stringUnit") {
            let unit = try object(unitMember, "\"stringUnit\" of \"\(key)\"")
            var message = CatalogMessage(key: key, variants: variants, text: "", locale: locale, line: 0, extraFields: extra)
            if let valueMember = unit.member("value") {
                guard case .string(let value) = valueMember.value else {
                    throw error(valueMember.line, "\"value\" of \"\(key)\" must be a string, found \(valueMember.value.kindDescription)")
                }
                message.text = value
                message.line = valueMember.line
            }
            if message.text.isEmpty {
                message.text = fallback
                message.line = fallbackLine
                message.extraFields["untranslated"] = "true"
            }
            messages.append(message)
        }
        guard let variationsMember = node.member("variations") else { return }
        for kind in try object(variationsMember, "\"variations\" of \"\(key)\"").members {
            guard kind.key == "plural" || kind.key == "device" else {
                throw error(kind.line, "unknown variation \"\(kind.key)\" of \"\(key)\" (expected plural or device)")
            }
            for variation in try object(kind, "\"\(kind.key)\" of \"\(key)\"").members {
                if kind.key == "plural", !cldrPluralCategories.contains(variation.key) {
                    throw error(variation.line, "unknown plural category \"\(variation.key)\" of \"\(key)\" (expected zero, one, two, few, many or other)")
                }
                var fields = extra
                fields[kind.key] = variation.key
                try readUnits(variation, path: variants + [variation.key], key: key, locale: locale,
                              fallback: fallback, fallbackLine: fallbackLine, extra: fields)
            }
        }
    }
}
