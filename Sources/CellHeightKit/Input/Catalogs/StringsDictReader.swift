/// Apple's plural catalogs (`.stringsdict`): an XML property list, read with the same bounded XML
/// reading as Android's and XLIFF's (`parseCatalogXML`), Apple's plist DOCTYPE allowed.
///
///     <plist version="1.0"><dict>
///       <key>%d files left</key>
///       <dict>
///         <key>NSStringLocalizedFormatKey</key> <string>%#@files@ left</string>
///         <key>files</key>
///         <dict>
///           <key>NSStringFormatSpecTypeKey</key>  <string>NSStringPluralRuleType</string>
///           <key>NSStringFormatValueTypeKey</key> <string>d</string>
///           <key>one</key>   <string>%d file</string>
///           <key>other</key> <string>%d files</string>
///         </dict>
///       </dict>
///     </dict></plist>
///
/// Each entry's rows are its `NSStringLocalizedFormatKey` with every `%#@variable@` replaced by one
/// of the variable's plural variants (`zero`, `one`, `two`, `few`, `many`, `other`), one row per
/// combination (see `expandPluralSubstitutions`): above, "%d file left" with id `%d files left[one]`
/// and "%d files left" with id `%d files left[other]`, field `plural` the category. With several
/// variables, the id has a category per variable in the order they come up in the text
/// (`key[one][other]`) and `plural` lists them with commas ("one,other"). The row's line is that
/// of the first variable's variant (the format key's for a format without variables).
/// `NSStringDeviceSpecificRuleType` gives a row per device (`key[iphone]`, field `device`, the
/// device's value a string or a format dictionary of its own), `NSStringVariableWidthRuleType` a
/// row per width (`key[20]`). The locale comes from the `.lproj` folder, as for `.strings`.
func readStringsDict(_ bytes: [UInt8], path: String) throws -> [CatalogMessage] {
    if bytes.starts(with: Array("bplist".utf8)) {
        throw catalogError(path, line: 1, "a binary property list; convert it to XML with `plutil -convert xml1` or read the source .stringsdict")
    }
    let root = try parseCatalogXML(bytes, path: path, allowsPlistDoctype: true)
    guard root.name == "plist" else {
        throw catalogError(path, line: root.line, "the root element is <\(root.name)>, expected <plist>")
    }
    var reader = StringsDictReader(path: path, locale: lprojLocale(fromPath: path),
                                   budget: CatalogRowBudget(path: path, fileBytes: bytes.count))
    let top = try reader.onlyChild(of: root)
    guard top.name == "dict" else {
        throw reader.error(top.line, "a .stringsdict holds a <dict>, found <\(top.name)>")
    }
    for entry in try reader.entries(of: top) {
        try reader.readEntry(entry.value, key: entry.key, variants: [], fields: [:])
    }
    return reader.messages
}

private struct StringsDictReader: CatalogReading {
    let path: String
    let locale: String
    var budget: CatalogRowBudget
    var messages: [CatalogMessage] = []

    static let formatKey = "NSStringLocalizedFormatKey"
    static let deviceRule = "NSStringDeviceSpecificRuleType"
    static let widthRule = "NSStringVariableWidthRuleType"

    /// The one element inside `element`, which has no text but white space.
    func onlyChild(of element: XMLCatalogElement) throws -> XMLCatalogElement {
        try checkNoText(in: element)
        let children = element.childElements
        guard children.count == 1 else {
            throw error(element.line, "<\(element.name)> must hold one element, found \(children.count)")
        }
        return children[0]
    }

    func checkNoText(in element: XMLCatalogElement) throws {
        for case .text(let text) in element.children where !text.allSatisfy(\.isWhitespace) {
            throw error(element.line, "text \"\(text.trimmingCharacters(in: .whitespacesAndNewlines).prefix(40))\" inside <\(element.name)>")
        }
    }

    /// A `<dict>`'s entries in order: each `<key>`'s text and the element after it.
    func entries(of dict: XMLCatalogElement) throws -> [(key: String, value: XMLCatalogElement)] {
        try checkNoText(in: dict)
        var result: [(key: String, value: XMLCatalogElement)] = []
        var pendingKey: XMLCatalogElement?
        for child in dict.childElements {
            if let key = pendingKey {
                guard child.name != "key" else { throw error(key.line, "<key>\(key.textContent)</key> without a value") }
                result.append((key.textContent, child))
                pendingKey = nil
            } else {
                guard child.name == "key" else { throw error(child.line, "expected <key> in <dict>, found <\(child.name)>") }
                pendingKey = child
            }
        }
        if let key = pendingKey { throw error(key.line, "<key>\(key.textContent)</key> without a value") }
        return result
    }

    /// The text of a `<string>` value.
    func string(_ element: XMLCatalogElement, of what: String) throws -> String {
        guard element.name == "string" else {
            throw error(element.line, "\(what) must be a <string>, found <\(element.name)>")
        }
        return element.textContent
    }

    /// The rows of an entry (a format dictionary, or device or width rules), under `key` with
    /// `variants` and `fields` already given by the rules it is in.
    mutating func readEntry(_ value: XMLCatalogElement, key: String, variants: [String], fields: [String: String]) throws {
        guard value.name == "dict" else {
            throw error(value.line, "the entry \"\(key)\" must be a <dict>, found <\(value.name)>")
        }
        let members = try entries(of: value)
        for (rule, field) in [(Self.deviceRule, "device"), (Self.widthRule, nil)] {
            guard let rules = members.first(where: { $0.key == rule })?.value else { continue }
            guard rules.name == "dict" else { throw error(rules.line, "\(rule) of \"\(key)\" must be a <dict>, found <\(rules.name)>") }
            for choice in try entries(of: rules) {
                var choiceFields = fields
                if let field { choiceFields[field] = choice.key }
                if choice.value.name == "string" {
                    try budget.add(1, key: key, locale: locale, line: choice.value.line)
                    messages.append(CatalogMessage(key: key, variants: variants + [choice.key], text: choice.value.textContent,
                                                   locale: locale, line: choice.value.line, extraFields: choiceFields))
                } else {
                    try readEntry(choice.value, key: key, variants: variants + [choice.key], fields: choiceFields)
                }
            }
            return
        }
        guard let formatElement = members.first(where: { $0.key == Self.formatKey })?.value else {
            throw error(value.line, "the entry \"\(key)\" needs \(Self.formatKey) (or \(Self.deviceRule), \(Self.widthRule))")
        }
        let format = try string(formatElement, of: "\(Self.formatKey) of \"\(key)\"")
        let texts: [SubstitutedText]
        do {
            texts = try expandPluralSubstitutions(format, line: formatElement.line) { name in
                guard let variable = members.first(where: { $0.key == name && $0.key != Self.formatKey })?.value else { return nil }
                return try pluralVariants(variable, name: name, key: key)
            }
        } catch let failure as SubstitutionError {
            throw error(formatElement.line, "\"\(key)\": \(failure.reason)")
        }
        try budget.add(texts.count, key: key, locale: locale, line: formatElement.line)
        for text in texts {
            var rowFields = fields
            if !text.categories.isEmpty { rowFields["plural"] = text.categories.joined(separator: ",") }
            messages.append(CatalogMessage(key: key, variants: variants + text.categories, text: text.text, locale: locale,
                                           line: text.line, extraFields: rowFields))
        }
    }

    /// A variable's plural variants, in the file's order.
    func pluralVariants(_ variable: XMLCatalogElement, name: String, key: String) throws -> [SubstitutionVariant] {
        guard variable.name == "dict" else {
            throw error(variable.line, "the plural variable \"\(name)\" of \"\(key)\" must be a <dict>, found <\(variable.name)>")
        }
        var variants: [SubstitutionVariant] = []
        var specType: String?
        for member in try entries(of: variable) {
            switch member.key {
            case "NSStringFormatSpecTypeKey":
                specType = try string(member.value, of: "NSStringFormatSpecTypeKey of \"\(name)\"")
            case "NSStringFormatValueTypeKey":
                _ = try string(member.value, of: "NSStringFormatValueTypeKey of \"\(name)\"")
            case let category where cldrPluralCategories.contains(category):
                variants.append(SubstitutionVariant(category: category, text: try string(member.value, of: "\"\(category)\" of \"\(name)\""),
                                                    line: member.value.line))
            default:
                throw error(member.value.line, "unknown key \"\(member.key)\" in the plural variable \"\(name)\" of \"\(key)\""
                                + " (expected NSStringFormatSpecTypeKey, NSStringFormatValueTypeKey, zero, one, two, few, many or other)")
            }
        }
        guard specType == "NSStringPluralRuleType" else {
            throw error(variable.line, "the variable \"\(name)\" of \"\(key)\" needs NSStringFormatSpecTypeKey NSStringPluralRuleType"
                            + (specType.map { ", found \"\($0)\"" } ?? ""))
        }
        guard !variants.isEmpty else {
            throw error(variable.line, "the plural variable \"\(name)\" of \"\(key)\" has no variants (zero, one, two, few, many, other)")
        }
        return variants
    }
}
