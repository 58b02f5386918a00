import CellHeightEngine

/// The translation catalog formats cellheight reads: each (key, locale) pair of a catalog becomes
/// one `Row` (see `readCatalogRows(_:format:path:)` and `CatalogMessage` for the fields).
package enum CatalogFormat: String, CaseIterable, Sendable {
    /// gettext PO (`.po`, and `.pot` templates, whose rows are the source texts).
    case po
    /// gettext's compiled MO (`.mo`), either byte order.
    case mo
    /// Apple's old-style `.strings` file (`"key" = "value";`), UTF-8 or UTF-16 with a byte order mark.
    case strings
    /// Apple's String Catalog (`.xcstrings`, JSON).
    case xcstrings
    /// Android `res/values*/strings.xml`.
    case androidXML = "android"
    /// XLIFF 1.2 or 2.x (`.xlf`, `.xliff`).
    case xliff
    /// Apple's plural catalog (`.stringsdict`, an XML property list).
    case stringsdict

    /// The format a file's name (and, for `.xml`, its root element) says it has; nil when it is not
    /// a catalog. `.po` and `.pot` → po, `.mo` → mo, `.strings`, `.xcstrings`, `.stringsdict`, `.xlf` and `.xliff`;
    /// `strings.xml` is Android's, another `.xml` file is Android's when its root element is
    /// `<resources>` and XLIFF when it is `<xliff>`. Extensions are compared case-insensitively.
    ///
    /// - Parameters:
    ///   - path: the file's path, e.g. "res/values-de/strings.xml".
    ///   - firstBytes: the start of the file (the first few KiB are enough), for `.xml` files.
    package init?(detectingPath path: String, firstBytes: [UInt8]) {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let lowered = name.lowercased()
        guard let dot = lowered.lastIndex(of: ".") else { return nil }
        switch lowered[lowered.index(after: dot)...] {
        case "po", "pot": self = .po
        case "mo": self = .mo
        case "strings": self = .strings
        case "xcstrings": self = .xcstrings
        case "stringsdict": self = .stringsdict
        case "xlf", "xliff": self = .xliff
        case "xml":
            if lowered == "strings.xml" { self = .androidXML; return }
            switch xmlRootElementName(firstBytes) {
            case "resources": self = .androidXML
            case "xliff": self = .xliff
            default: return nil
            }
        default:
            return nil
        }
    }
}

/// Reads every translation of a catalog as rows, in the catalog's order, `index` counting from 0.
/// An entry whose text is an ICU MessageFormat plural or select message gives a row per branch
/// (see `ICUMessage`), and a Symfony pluralized message (XLIFF written by Symfony) a row per part
/// (see `symfonyPluralParts`).
///
/// - Parameters:
///   - bytes: the whole file, undecoded: each format knows its own encoding (the PO header's
///     charset, the `.strings` byte order mark, the XML declaration).
///   - format: the catalog's format, e.g. from `CatalogFormat(detectingPath:firstBytes:)`.
///   - path: the file's path as given, for messages and for the locale of formats that keep it in
///     the path (`ja.lproj/Localizable.strings`, `res/values-ja/strings.xml`, `ja.po`).
/// - Throws: `CellHeightError.invalidInput` with the file and the 1-based line of the problem
///   (for `.mo`, which has no lines, no line and "offset N" in the reason).
package func readCatalogRows(_ bytes: [UInt8], format: CatalogFormat, path: String) throws -> [Row] {
    var warnings: [CatalogWarning] = []
    return try readCatalogRows(bytes, format: format, path: path, warnings: &warnings)
}

/// Something a catalog holds that is read but that the app would not show as written, e.g. an ICU
/// plural branch `autres` (ICU's French is `other`): not an error (its rows are measured), a
/// warning at its line.
package struct CatalogWarning: Equatable, Sendable {
    package var file: String
    /// Nil for a warning about the whole file (or a rules file's rule, named in the message).
    package var line: Int?
    /// Whether the warning is reported as soon as the catalog is read, as a message of its own
    /// (`cellheight: FILE:LINE: warning: MESSAGE`, the same in every diagnostics format: see
    /// `text`), rather than as a diagnostic once the whole input is read: a key given twice.
    package var reportedAtOnce = false
    /// E.g. "\"files_count\": plural selector \"autres\" is not a CLDR plural category (zero, one, two, few, many, other) or =N: the app never shows this branch".
    package var message: String

    package init(file: String, line: Int?, reportedAtOnce: Bool = false, message: String) {
        self.file = file
        self.line = line
        self.reportedAtOnce = reportedAtOnce
        self.message = message
    }

    /// `FILE:LINE: warning: MESSAGE` (`FILE: warning: MESSAGE` without a line), as written after
    /// `cellheight: ` when it is `reportedAtOnce`.
    package var text: String {
        "\(file)\(line.map { ":\($0)" } ?? ""): warning: \(message)"
    }
}

/// `readCatalogRows(_:format:path:)`, adding to `warnings` what is read but worth a look (see
/// `CatalogWarning`).
package func readCatalogRows(_ bytes: [UInt8], format: CatalogFormat, path: String, warnings: inout [CatalogWarning]) throws -> [Row] {
    let messages: [CatalogMessage]
    switch format {
    case .po: messages = try readPOCatalog(bytes, path: path)
    case .mo: messages = try readMOCatalog(bytes, path: path)
    case .strings: messages = try readStringsFile(bytes, path: path)
    case .xcstrings: messages = try readStringCatalog(bytes, path: path, warnings: &warnings)
    case .androidXML: messages = try readAndroidStrings(bytes, path: path)
    case .xliff: messages = try readXLIFF(bytes, path: path)
    case .stringsdict: messages = try readStringsDict(bytes, path: path)
    }
    let syntax = format.placeholderSyntax
    var rows: [Row] = []
    rows.reserveCapacity(messages.count)
    var budget = CatalogRowBudget(path: path, fileBytes: bytes.count)
    for message in messages {
        let branches: [(message: CatalogMessage, hasNumber: Bool)]?
        var unknownSelectors: [String] = []
        do {
            branches = try message.icuBranches(unknownPluralSelectors: &unknownSelectors)
        } catch let error as ICUExpansionError {
            throw catalogError(path, line: message.line, "\"\(messageText(message.key))\": \(error.reason)")
        }
        try budget.add(branches?.count ?? 1, key: message.key, locale: message.locale, line: message.line)
        for selector in unknownSelectors {
            warnings.append(CatalogWarning(file: path, line: message.line, message: "\"\(messageText(message.key))\": plural selector \"\(messageText(selector))\""
                + " is not a CLDR plural category (zero, one, two, few, many, other) or =N: the app never shows this branch"))
        }
        guard let branches else {
            // Symfony's pluralized messages (`one|many`), with its placeholders.
            guard message.isSymfony else {
                rows.append(message.row(index: rows.count, placeholders: syntax))
                continue
            }
            for part in message.symfonyPluralBranches() ?? [message] {
                rows.append(part.row(index: rows.count, placeholders: .symfony))
            }
            continue
        }
        // A branch's simple arguments are ICU's ({name}), and a plural's # its number.
        for branch in branches {
            let branchSyntax = syntax.union(.braces).union(branch.hasNumber ? .pluralNumber : [])
            rows.append(branch.message.row(index: rows.count, placeholders: branchSyntax))
        }
    }
    return rows
}

extension CatalogFormat {
    /// The placeholder syntaxes the format's texts use: printf's in every one; Apple's `%@` in
    /// Apple's, and SwiftUI's Markdown; `{name}` and `{{name}}` in gettext's (Python's brace format,
    /// JavaScript) and in XLIFF, which any platform may have written.
    var placeholderSyntax: PlaceholderSyntax {
        switch self {
        case .po, .mo: return [.printf, .braces, .doubleBraces]
        case .strings, .stringsdict, .xcstrings: return [.printf, .apple, .swiftUIMarkdown]
        case .androidXML: return [.printf]
        case .xliff: return .any
        }
    }
}

/// The name of the root element of an XML document, from its first bytes: after a byte order
/// mark, the XML declaration, comments, processing instructions and a DOCTYPE (without an internal
/// subset). Nil when there is none. UTF-16 needs a byte order mark.
func xmlRootElementName(_ bytes: [UInt8]) -> String? {
    var text: [UInt8]
    if startsWithUTF16ByteOrderMark(bytes) {
        let order: UTF16ByteOrder = bytes[0] == 0xFF ? .littleEndian : .bigEndian
        text = Array(decodeUTF16Input(bytes.dropFirst(2), byteOrder: order).text.utf8)
    } else {
        text = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
    }
    var i = 0
    func skip(past terminator: String) -> Bool {
        let t = Array(terminator.utf8)
        while i + t.count <= text.count {
            if text[i..<(i + t.count)].elementsEqual(t) { i += t.count; return true }
            i += 1
        }
        return false
    }
    let spaces: Set<UInt8> = [0x20, 0x09, 0x0A, 0x0D]
    while true {
        while i < text.count, spaces.contains(text[i]) { i += 1 }
        guard i + 1 < text.count, text[i] == UInt8(ascii: "<") else { return nil }
        switch text[i + 1] {
        case UInt8(ascii: "?"):
            guard skip(past: "?>") else { return nil }
        case UInt8(ascii: "!"):
            guard skip(past: text[i...].starts(with: Array("<!--".utf8)) ? "-->" : ">") else { return nil }
        default:
            let name = text[(i + 1)...].prefix { !spaces.contains($0) && $0 != UInt8(ascii: "/") && $0 != UInt8(ascii: ">") }
            // A prefixed root (`<x:resources>`) is named by its local part.
            return String(decoding: name, as: UTF8.self).split(separator: ":").last.map(String.init)
        }
    }
}
