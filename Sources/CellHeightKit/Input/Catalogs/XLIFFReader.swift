import CellHeightEngine

/// XLIFF 1.2 and 2.x (`.xlf`, `.xliff`), read with Foundation's XMLParser.
///
/// XLIFF 1.2: each `<trans-unit id>` (in `<body>`, or nested `<group>`s) is a row with the id, the
/// `<target>`'s text and the enclosing `<file>`'s `target-language` as locale. XLIFF 2.x: each
/// `<unit id>` is a row with its segments' (and ignorables') targets joined, and the root's
/// `trgLang` as locale. A file that does not say its target language (Angular's `ng extract-i18n`
/// copies `messages.xlf` to `messages.es.xlf` and fills in targets, leaving the header as it was)
/// takes the locale from its name: the last dot-separated part before the extension when it is a
/// language tag (`messages.es.xlf` → "es", `messages.pt-BR.xlf` → "pt-BR"), else the source
/// language. Units marked `translate="no"`, or inside a `<group>` (or a 2.x `<file>`)
/// so marked unless they say `translate="yes"`, are skipped (as Android's untranslatable
/// strings are). A unit with no target, an empty one, or one whose state says it is still to be
/// translated (1.2 `<target state="new">` or `"needs-translation"`, 2.x `<segment state="initial">`:
/// tools copy the source there) shows its source: the row has the source text, the line of
/// `<source>` and field `untranslated`. In the source language's own file (no target language in
/// the file or its name, or the source language itself) the source is what its users see: its rows
/// are not untranslated.
///
/// Inline elements are the text they stand for, and white space follows `xml:space` (see
/// `XLIFFInlineText`).
///
/// Size budgets:
/// - XLIFF 1.2 puts them on `<trans-unit>`: `maxwidth` and `maxheight` in the `size-unit` given.
///   With `size-unit="pixel"` (the default when there is none) they are the fields `maxWidth` and
///   `maxHeight`; with `size-unit="row"`
///   (lines of text) `maxheight` is the field `maxLines`. Other units (char, byte, point, …) are
///   not pixel budgets and are ignored.
/// - XLIFF 2.x has no width and height attributes; its Size and Length Restriction module (`slr:`,
///   namespace urn:oasis:names:tc:xliff:sizerestriction:2.0) puts one number,
///   `slr:sizeRestriction`, on a `<unit>`, measured in the "general profile" that the file's
///   `<slr:profiles generalProfile="…">` names. The specification defines one general profile,
///   `xliff:codepoints` (a count of code points, not a pixel budget: ignored here), and lets tools
///   define their own. cellheight reads the profile `cellheight:px`: the size restriction is the
///   unit's maximum width in CSS px, the field `maxWidth`. A value that is not a number of px under
///   that profile is an error; restrictions under other profiles are ignored.
func readXLIFF(_ bytes: [UInt8], path: String) throws -> [CatalogMessage] {
    let root = try parseCatalogXML(bytes, path: path)
    guard root.localName == "xliff" else {
        throw catalogError(path, line: root.line, "the root element is <\(root.name)>, expected <xliff>")
    }
    var reader = XLIFFReader(path: path)
    let version = root.attributes["version"] ?? ""
    let isVersion2 = version.hasPrefix("2") || (version.isEmpty && root.attributes["srcLang"] != nil)
    if isVersion2 {
        try reader.readVersion2(root)
    } else {
        try reader.readVersion1(root)
    }
    return reader.resolvingNestedICU()
}

/// The locale an XLIFF file's name gives: the last dot-separated part before the extension when it
/// is a language tag, e.g. "es" for `messages.es.xlf`, "pt-BR" for `messages.pt-BR.xlf`, "zh-Hant"
/// for `app.zh-Hant.xliff`, "de" for `de.xlf`; nil for `messages.xlf`.
func xliffLocale(fromPath path: String) -> String? {
    guard let name = path.split(separator: "/").last, let dot = name.lastIndex(of: ".") else { return nil }
    let stem = name[..<dot]
    guard let candidate = stem.split(separator: ".").last, stem.contains(".") || stem.count == 2 else { return nil }
    let subtags = candidate.split(separator: "-", omittingEmptySubsequences: false)
        .flatMap { $0.split(separator: "_", omittingEmptySubsequences: false) }
    guard let language = subtags.first, (2...3).contains(language.count),
          language.allSatisfy({ $0.isASCII && $0.isLowercase }) else { return nil }
    // Region (2 letters or 3 digits), script (4 letters) or variant: letters and digits, 2-8 long.
    guard subtags.dropFirst().allSatisfy({ (2...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } })
    else { return nil }
    return String(candidate)
}

/// The Size and Length Restriction module's namespace.
let xliffSizeRestrictionNamespace = "urn:oasis:names:tc:xliff:sizerestriction:2.0"
/// The general profile under which `slr:sizeRestriction` is a width in CSS px.
let xliffPixelProfile = "cellheight:px"

private struct XLIFFReader: CatalogReading {
    let path: String
    var messages: [CatalogMessage] = []
    /// Whether the XLIFF 1.2 `<file>` being read was written by Symfony: its units are keyed by
    /// `resname` (the message's key; the id is a hash of it) and hold Symfony's messages.
    var isSymfonyFile = false
    /// Whether the file being read is in the source language (see `readXLIFF`): its sources are
    /// what its users see, not stand-ins for missing translations.
    var isSourceFile = false
    /// The nested ICU messages a message shows, by the message's index (see `resolvingNestedICU`).
    var icuReferences: [Int: [(name: String, unit: String)]] = [:]

    /// Whether an element is to be translated: its own `translate` ("yes" or "no") if it has one,
    /// else its parent's, as both XLIFF versions inherit it from `<file>` and `<group>`.
    private func isTranslatable(_ element: XMLCatalogElement, inheriting parent: Bool) -> Bool {
        switch element.attributes["translate"] {
        case "no": return false
        case "yes": return true
        default: return parent
        }
    }

    /// Calls `body` with each unit (`<trans-unit>` or `<unit>`) inside `container` and its groups,
    /// in document order, and whether it is translatable by inheritance; walked without recursion.
    private mutating func forEachUnit(named unitName: String, in container: XMLCatalogElement, translatable: Bool,
                                      _ body: (inout Self, XMLCatalogElement, Bool) throws -> Void) throws {
        var stack = [(container.childElements.makeIterator(), translatable)]
        while !stack.isEmpty {
            guard let element = stack[stack.count - 1].0.next() else {
                stack.removeLast()
                continue
            }
            let inherited = stack[stack.count - 1].1
            if element.localName == "group" {
                stack.append((element.childElements.makeIterator(), isTranslatable(element, inheriting: inherited)))
            } else if element.localName == unitName {
                try body(&self, element, inherited)
            }
        }
    }

    // MARK: XLIFF 1.2

    mutating func readVersion1(_ root: XMLCatalogElement) throws {
        for file in root.childElements where file.localName == "file" {
            guard let sourceLanguage = file.attributes["source-language"] else {
                throw error(file.line, "<file> without source-language")
            }
            let locale = file.attributes["target-language"] ?? xliffLocale(fromPath: path) ?? sourceLanguage
            isSourceFile = LanguageTag.canonical(locale) == LanguageTag.canonical(sourceLanguage)
            // Symfony's XliffFileDumper names itself: <header><tool tool-id="symfony" …/></header>.
            let isSymfony = file.firstChild("header")?.childElements.contains {
                $0.localName == "tool" && $0.attributes["tool-id"]?.lowercased() == "symfony"
            } ?? false
            isSymfonyFile = isSymfony
            for body in file.childElements where body.localName == "body" {
                try readUnits1(in: body, locale: locale, translatable: true)
            }
        }
    }

    private mutating func readUnits1(in container: XMLCatalogElement, locale: String, translatable: Bool) throws {
        try forEachUnit(named: "trans-unit", in: container, translatable: translatable) { reader, unit, translatable in
            try reader.readUnit1(unit, locale: locale, translatable: translatable)
        }
    }

    private mutating func readUnit1(_ unit: XMLCatalogElement, locale: String, translatable: Bool) throws {
        guard let id = unit.attributes["id"] else { throw error(unit.line, "<trans-unit> without an id") }
        guard isTranslatable(unit, inheriting: translatable) else { return }
        guard let source = unit.firstChild("source") else { throw error(unit.line, "<trans-unit> \"\(id)\" without <source>") }
        var message = CatalogMessage(key: isSymfonyFile ? unit.attributes["resname"] ?? id : id, text: "", locale: locale, line: 0)
        message.isSymfony = isSymfonyFile
        var shown: XLIFFInlineText
        if let target = unit.firstChild("target"), case let text = inlineText(target), !text.text.isEmpty,
           !["new", "needs-translation"].contains(target.attributes["state"] ?? "") || isSourceFile {
            shown = text
            message.line = target.line
        } else {
            shown = inlineText(source)
            message.line = source.line
            if !isSourceFile { message.extraFields["untranslated"] = "true" }
        }
        message.text = shown.text
        switch unit.attributes["size-unit"] ?? "pixel" {  // XLIFF 1.2's default unit
        case "pixel":
            message.extraFields["maxWidth"] = try budget(unit, "maxwidth")
            message.extraFields["maxHeight"] = try budget(unit, "maxheight")
        case "row":
            message.extraFields["maxLines"] = try budget(unit, "maxheight")
        default:
            break
        }
        try append(message, shown: shown, unitLine: unit.line)
    }

    /// Adds a unit's message, a message per variant when it has Angular blocks (see
    /// `XLIFFBlocks`), noting the nested ICU messages it shows (see `resolvingNestedICU`).
    private mutating func append(_ message: CatalogMessage, shown: XLIFFInlineText, unitLine: Int) throws {
        let variants: [XLIFFBlockVariant]?
        do {
            variants = try shown.blockVariants()
        } catch let failure as ICUExpansionError {
            throw error(unitLine, "\"\(messageText(message.key))\": \(failure.reason)")
        }
        for variant in variants ?? [XLIFFBlockVariant(blocks: [], text: message.text)] {
            var branch = message
            branch.text = variant.text
            if !variant.blocks.isEmpty {
                branch.variants += variant.blocks
                branch.extraFields["block"] = variant.blocks.joined(separator: ",")
            }
            if !shown.icuReferences.isEmpty { icuReferences[messages.count] = shown.icuReferences }
            messages.append(branch)
        }
    }

    /// The messages with each `{{ICU}}` that Angular's `<x id="ICU" xid="…"/>` left in a unit's
    /// text replaced by the ICU message of the unit it names (in the same file), so that the unit
    /// is measured as each of that message's branches (`readCatalogRows` makes a row of each), as
    /// the app shows it. A reference to a unit the file does not have stays `{{ICU}}`.
    mutating func resolvingNestedICU() -> [CatalogMessage] {
        guard !icuReferences.isEmpty else { return messages }
        var textByID: [String: String] = [:]
        for (index, message) in messages.enumerated() where icuReferences[index] == nil && textByID[message.key] == nil {
            textByID[message.key] = message.text
        }
        for (index, references) in icuReferences {
            for reference in references {
                guard let icu = textByID[reference.unit], icu.hasPrefix("{"), icu.hasSuffix("}") else { continue }
                messages[index].text = messages[index].text.replacingOccurrences(of: "{{\(reference.name)}}", with: icu)
            }
        }
        return messages
    }

    /// A size attribute as a decimal number, nil when absent.
    private func budget(_ unit: XMLCatalogElement, _ attribute: String) throws -> String? {
        guard let value = unit.attributes[attribute] else { return nil }
        guard let pixels = catalogPixels(value) else {
            throw error(unit.line, "\(attribute)=\"\(value)\" is not a number, 0 or more")
        }
        return pixels
    }

    // MARK: XLIFF 2.x

    mutating func readVersion2(_ root: XMLCatalogElement) throws {
        guard let sourceLanguage = root.attributes["srcLang"] else { throw error(root.line, "<xliff> without srcLang") }
        let locale = root.attributes["trgLang"] ?? xliffLocale(fromPath: path) ?? sourceLanguage
        isSourceFile = LanguageTag.canonical(locale) == LanguageTag.canonical(sourceLanguage)
        for file in root.childElements where file.localName == "file" {
            let profiles = file.childElements.first {
                $0.localName == "profiles" && $0.namespaceURI(ofPrefix: prefix(of: $0.name)) == xliffSizeRestrictionNamespace
            }
            let pixelBudgets = profiles?.attributes["generalProfile"] == xliffPixelProfile
            try readUnits2(in: file, locale: locale, pixelBudgets: pixelBudgets, translatable: isTranslatable(file, inheriting: true))
        }
    }

    private func prefix(of name: String) -> String {
        name.contains(":") ? String(name.split(separator: ":")[0]) : ""
    }

    private mutating func readUnits2(in container: XMLCatalogElement, locale: String, pixelBudgets: Bool,
                                     translatable: Bool) throws {
        try forEachUnit(named: "unit", in: container, translatable: translatable) { reader, unit, translatable in
            try reader.readUnit2(unit, locale: locale, pixelBudgets: pixelBudgets, translatable: translatable)
        }
    }

    private mutating func readUnit2(_ unit: XMLCatalogElement, locale: String, pixelBudgets: Bool,
                                    translatable: Bool) throws {
        guard let id = unit.attributes["id"] else { throw error(unit.line, "<unit> without an id") }
        guard isTranslatable(unit, inheriting: translatable) else { return }
        let parts = unit.childElements.filter { $0.localName == "segment" || $0.localName == "ignorable" }
        guard parts.contains(where: { $0.localName == "segment" }) else {
            throw error(unit.line, "<unit> \"\(id)\" without <segment>")
        }
        var sourceText = XLIFFInlineText(), targetText = XLIFFInlineText()
        var sourceLine: Int?
        var targetLine: Int?
        var translated = true
        for part in parts {
            guard let source = part.firstChild("source") else {
                throw error(part.line, "<\(part.name)> of unit \"\(id)\" without <source>")
            }
            sourceText.append(contentOf: source)
            if sourceLine == nil { sourceLine = source.line }
            if let target = part.firstChild("target") {
                let before = targetText.text.utf8.count
                targetText.append(contentOf: target)
                if part.localName == "segment", targetText.text.utf8.count == before || part.attributes["state"] == "initial" {
                    translated = false
                }
                if targetLine == nil { targetLine = target.line }
            } else if part.localName == "segment" {
                translated = false
            } else {
                targetText.append(contentOf: source)  // an ignorable's source stands for its target
            }
        }
        var message = CatalogMessage(key: id, text: targetText.text, locale: locale, line: targetLine ?? unit.line)
        if !translated {
            targetText = sourceText
            message.text = sourceText.text
            message.line = sourceLine ?? unit.line
            if !isSourceFile { message.extraFields["untranslated"] = "true" }
        }
        if pixelBudgets, let value = unit.attribute("sizeRestriction", namespace: xliffSizeRestrictionNamespace) {
            guard let pixels = catalogPixels(value) else {
                throw error(unit.line, "slr:sizeRestriction=\"\(value)\" is not a number of px (profile \(xliffPixelProfile))")
            }
            message.extraFields["maxWidth"] = pixels
        }
        try append(message, shown: targetText, unitLine: unit.line)
    }

    // MARK: Inline content

    /// The text an element's content shows (see `XLIFFInlineText`).
    private func inlineText(_ element: XMLCatalogElement) -> XLIFFInlineText {
        var text = XLIFFInlineText()
        text.append(contentOf: element)
        return text
    }
}
