import CellHeightEngine
import Foundation

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
/// plural variations: `key[device][category]`).
///
/// Substitutions are expanded as a `.stringsdict`'s variables are (`expandPluralSubstitutions`): a
/// value "%#@followers@" with the localization's
/// `"substitutions": {"followers": {"argNum": 1, "formatSpecifier": "lld", "variations": {"plural":
/// {"one": {"stringUnit": {"value": "%arg follower"}}, "other": …}}}}` gives the rows
/// `key[one]` "%lld follower" and `key[other]` "%lld followers" (`%arg` stands for the argument:
/// `%` and the format specifier), field `plural` the category (categories, with commas, when the
/// value is a plural variation itself or has several variables: `key[one][other]`, "one,other").
/// A row's line is its first variable's variant's. A token without a substitution of its name, or
/// whose substitution has no translated variant, stays as written.
///
/// A key without a localization in the source language shows the key itself there (Xcode's
/// behaviour), so that is the source language's row. A localization whose string unit has no value
/// or an empty one (state "new") shows the source language's text: that row has the source text
/// (or the key) and field `untranslated`. Keys marked `"shouldTranslate": false` give only the
/// source language's row. Locales a key has no localization for give no row.
///
/// A key given twice adds a warning to `warnings` (as soon as it is read: a later error still
/// leaves it there).
func readStringCatalog(_ bytes: [UInt8], path: String, warnings: inout [CatalogWarning]) throws -> [CatalogMessage] {
    let utf8 = try catalogUTF8(bytes, path: path)
    let document: JSONDocument
    do {
        var parser = JSONParser(bytes: utf8)
        document = try parser.parseDocument()
    } catch let error as JSONSyntaxError {
        throw catalogError(path, line: error.line, "invalid JSON: \(error.reason) (column \(error.column))")
    }
    var reader = StringCatalogReader(path: path, budget: CatalogRowBudget(path: path, fileBytes: bytes.count))
    defer { warnings += reader.warnings }
    return try reader.read(document)
}

private struct StringCatalogReader: CatalogReading {
    let path: String
    var budget: CatalogRowBudget
    var messages: [CatalogMessage] = []
    var warnings: [CatalogWarning] = []

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
        let entries = try object(stringsMember, "\"strings\"").members
        // A key given twice is one row, the last definition's (as JSON lookups and Xcode take it),
        // with a warning: two translations of one key would be two rows with one id.
        var lastIndex: [String: Int] = [:]
        for (index, entry) in entries.enumerated() { lastIndex[entry.key] = index }
        for (index, entry) in entries.enumerated() {
            let key = entry.key
            if let last = lastIndex[key], last != index {
                warnings.append(CatalogWarning(file: path, line: entry.line, reportedAtOnce: true,
                                               message: "the key \"\(messageText(key))\" is given again on line "
                                                   + "\(entries[last].line); the last one is measured"))
                continue
            }
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
            var sourceSubstitutions: JSONObject?
            if let source, case .object(let localization) = source.value, let member = localization.member("substitutions") {
                sourceSubstitutions = try object(member, "\"substitutions\" of \"\(key)\"")
            }
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
                              fallbackLine: sourceLine, fallbackSubstitutions: sourceSubstitutions, substitutions: nil, extra: [:])
            }
        }
        return messages
    }

    /// The rows of a localization or of one of its variations: a `stringUnit`, or `variations`.
    ///
    /// - Parameters:
    ///   - fallback: the text an untranslated unit shows (the source language's), with its line
    ///     and the substitutions its tokens use.
    ///   - substitutions: the substitutions of the localization (or of a variation) this is in.
    mutating func readUnits(_ member: JSONMember, path variants: [String], key: String, locale: String,
                            fallback: String, fallbackLine: Int, fallbackSubstitutions: JSONObject?,
                            substitutions inherited: JSONObject?, extra: [String: String]) throws {
        let node = try object(member, "\"\(member.key)\" of \"\(key)\"")
        var substitutions = inherited
        if let substitutionsMember = node.member("substitutions") {
            substitutions = try object(substitutionsMember, "\"substitutions\" of \"\(key)\"")
        }
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
            var used = substitutions
            if message.text.isEmpty {
                message.text = fallback
                message.line = fallbackLine
                message.extraFields["untranslated"] = "true"
                used = fallbackSubstitutions
            }
            try appendSubstituted(message, substitutions: used)
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
                              fallback: fallback, fallbackLine: fallbackLine, fallbackSubstitutions: fallbackSubstitutions,
                              substitutions: substitutions, extra: fields)
            }
        }
    }

    /// Appends `message`, or a row per combination of the variants of its substitutions.
    mutating func appendSubstituted(_ message: CatalogMessage, substitutions: JSONObject?) throws {
        guard let substitutions else {
            try budget.add(1, key: message.key, locale: message.locale, line: message.line)
            messages.append(message)
            return
        }
        let texts: [SubstitutedText]
        do {
            texts = try expandPluralSubstitutions(message.text, line: message.line, keepingUnknown: true) { name in
                guard let member = substitutions.member(name) else { return nil }
                let variants = try substitutionVariants(member, key: message.key)
                return variants.isEmpty ? nil : variants
            }
        } catch let failure as SubstitutionError {
            throw error(message.line, "\"\(message.key)\": \(failure.reason)")
        }
        try budget.add(texts.count, key: message.key, locale: message.locale, line: message.line)
        for text in texts {
            var row = message
            row.text = text.text
            row.line = text.line
            row.variants += text.categories
            if !text.categories.isEmpty {
                row.extraFields["plural"] = ((message.extraFields["plural"].map { [$0] } ?? []) + text.categories).joined(separator: ",")
            }
            messages.append(row)
        }
    }

    /// A substitution's translated plural variants, `%arg` replaced by `%` and its
    /// `formatSpecifier` ("%lld"); none without plural variations.
    func substitutionVariants(_ member: JSONMember, key: String) throws -> [SubstitutionVariant] {
        let substitution = try object(member, "the substitution \"\(member.key)\" of \"\(key)\"")
        var argument = "%arg"
        if let specifierMember = substitution.member("formatSpecifier") {
            guard case .string(let specifier) = specifierMember.value else {
                throw error(specifierMember.line, "\"formatSpecifier\" of \"\(member.key)\" must be a string, found \(specifierMember.value.kindDescription)")
            }
            argument = "%" + specifier
        }
        guard let variationsMember = substitution.member("variations") else { return [] }
        var variants: [SubstitutionVariant] = []
        for kind in try object(variationsMember, "\"variations\" of the substitution \"\(member.key)\"").members {
            guard kind.key == "plural" else {
                throw error(kind.line, "unknown variation \"\(kind.key)\" of the substitution \"\(member.key)\" (expected plural)")
            }
            for variation in try object(kind, "\"plural\" of the substitution \"\(member.key)\"").members {
                guard cldrPluralCategories.contains(variation.key) else {
                    throw error(variation.line, "unknown plural category \"\(variation.key)\" of the substitution \"\(member.key)\" (expected zero, one, two, few, many or other)")
                }
                let node = try object(variation, "\"\(variation.key)\" of the substitution \"\(member.key)\"")
                guard let unitMember = node.member("stringUnit") else { continue }
                let unit = try object(unitMember, "\"stringUnit\" of the substitution \"\(member.key)\"")
                guard let valueMember = unit.member("value") else { continue }
                guard case .string(let value) = valueMember.value else {
                    throw error(valueMember.line, "\"value\" of the substitution \"\(member.key)\" must be a string, found \(valueMember.value.kindDescription)")
                }
                guard !value.isEmpty else { continue }
                variants.append(SubstitutionVariant(category: variation.key, text: value.replacingOccurrences(of: "%arg", with: argument),
                                                    line: valueMember.line))
            }
        }
        return variants
    }
}
