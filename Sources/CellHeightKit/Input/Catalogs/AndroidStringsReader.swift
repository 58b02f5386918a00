import Foundation

/// Android string resources (`res/values*/strings.xml`), read with Foundation's XMLParser.
///
///     <resources>
///       <string name="app_name">Dateien</string>
///       <plurals name="files_count"><item quantity="one">%d Datei</item>…</plurals>
///       <string-array name="sizes"><item>Klein</item>…</string-array>
///     </resources>
///
/// Rows: a `<string>` with its name as id; a `<plurals>` item as `name[quantity]` with field
/// `plural`; a `<string-array>` item as `name[i]` (0-based) with field `index`. Resources marked
/// `translatable="false"` are skipped (they are not translated, so they have no locale to check),
/// and so are other resource types. The locale comes from the `values-…` folder
/// (`androidLocale(fromPath:)`); `values` is the default locale "".
///
/// The text is what Android shows, as aapt2 compiles it: inline markup (`<b>`, `<i>`, `<u>`,
/// `<font>`, `<annotation>`, `<xliff:g>`) is styling, flattened to the text it holds, and so is
/// CDATA; then outside double quotes runs of white space become one space and leading and trailing
/// white space go; unescaped double quotes are removed; escapes \n \t \' \" \\ \@ \? and \uXXXX.
/// Any other escape is an error. Two more steps give the text the user sees:
/// - A string whose CDATA holds markup (`<![CDATA[<b>%1$s</b> deleted]]>`) is HTML kept away from
///   aapt2, and only `Html.fromHtml` makes sense of it (`getString` would show the tags): it is
///   measured as `Html.fromHtml` shows it (`htmlVisibleText`). HTML escaped without CDATA
///   (`&lt;b>`) is measured as written, since the app may or may not pass it to `Html.fromHtml`.
/// - A value that is a reference to another string, `@string/name`, is that string's text when the
///   same file defines it (references to references too); otherwise (another file, `@android:`,
///   a cycle) it is measured as written. `\@string/name` is the literal text.
func readAndroidStrings(_ bytes: [UInt8], path: String) throws -> [CatalogMessage] {
    let root = try parseCatalogXML(bytes, path: path)
    guard root.localName == "resources" else {
        throw catalogError(path, line: root.line, "the root element is <\(root.name)>, expected <resources>")
    }
    let locale = androidLocale(fromPath: path)
    var messages: [CatalogMessage] = []
    func name(of element: XMLCatalogElement) throws -> String {
        guard let name = element.attributes["name"], !name.isEmpty else {
            throw catalogError(path, line: element.line, "<\(element.name)> without a name")
        }
        return name
    }
    // Every <string> by name, untranslatable ones too (an app name is often referenced).
    var strings: [String: XMLCatalogElement] = [:]
    for resource in root.childElements where resource.localName == "string" {
        if let name = resource.attributes["name"], strings[name] == nil { strings[name] = resource }
    }
    /// The string a reference chain from `element` ends at; `element` itself when it is no
    /// reference, or the chain leaves the file, loops or goes deeper than the bound.
    func referencedString(_ element: XMLCatalogElement) -> XMLCatalogElement {
        var current = element
        var seen: Set<String> = []
        while let name = androidStringReference(current.textContent) {
            guard let target = strings[name], seen.insert(name).inserted, seen.count <= maximumAndroidReferenceDepth else {
                return element
            }
            current = target
        }
        return current
    }
    func text(of element: XMLCatalogElement) throws -> String {
        let shown = referencedString(element)
        do {
            let text = try androidResourceText(shown.textContent)
            return shown.cdataHoldsMarkup ? htmlVisibleText(text) : text
        } catch let error as AndroidEscapeError {
            throw catalogError(path, line: shown.line, error.reason)
        }
    }
    for resource in root.childElements where resource.attributes["translatable"] != "false" {
        switch resource.localName {
        case "string":
            let key = try name(of: resource)
            messages.append(CatalogMessage(key: key, text: try text(of: resource), locale: locale, line: resource.line))
        case "plurals":
            let key = try name(of: resource)
            for item in resource.childElements where item.localName == "item" {
                guard let quantity = item.attributes["quantity"], cldrPluralCategories.contains(quantity) else {
                    throw catalogError(path, line: item.line,
                                       "<item> of plurals \"\(key)\" needs quantity zero, one, two, few, many or other")
                }
                messages.append(CatalogMessage(key: key, variants: [quantity], text: try text(of: item), locale: locale,
                                               line: item.line, extraFields: ["plural": quantity]))
            }
        case "string-array":
            let key = try name(of: resource)
            for (index, item) in resource.childElements.filter({ $0.localName == "item" }).enumerated() {
                messages.append(CatalogMessage(key: key, variants: [String(index)], text: try text(of: item), locale: locale,
                                               line: item.line, extraFields: ["index": String(index)]))
            }
        default:
            continue
        }
    }
    return messages
}

/// How many references in a row are followed (`@string/a` naming `@string/b` …): far more than
/// any real file chains, and a bound on the work a hostile one can ask for.
let maximumAndroidReferenceDepth = 16

/// The name a resource's raw text refers to when the whole value (white space around it aside) is
/// `@string/name`, e.g. "app_name"; nil for any other text (`\@string/x` is an escaped, literal @).
func androidStringReference(_ raw: String) -> String? {
    let trimmed = raw.trimmingCharacters(in: .whitespacesAndNewlines)
    guard trimmed.hasPrefix("@string/") else { return nil }
    let name = trimmed.dropFirst("@string/".count)
    guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }) else { return nil }
    return String(name)
}

struct AndroidEscapeError: Error {
    var reason: String
}

/// A resource string's raw text (XML entities already decoded) as Android shows it; see
/// `readAndroidStrings(_:path:)`.
func androidResourceText(_ raw: String) throws -> String {
    var output = String.UnicodeScalarView()
    var quoted = false
    var pendingSpace = false
    var scalars = raw.unicodeScalars.makeIterator()
    func emit(_ scalar: Unicode.Scalar) {
        if pendingSpace, !output.isEmpty { output.append(" ") }
        pendingSpace = false
        output.append(scalar)
    }
    while let scalar = scalars.next() {
        switch scalar {
        case "\\":
            guard let letter = scalars.next() else { throw AndroidEscapeError(reason: "a backslash at the end of the string") }
            switch letter {
            case "n": emit("\n")
            case "t": emit("\t")
            case "'", "\"", "\\", "@", "?": emit(letter)
            case "u":
                var value: UInt32 = 0
                for _ in 0..<4 {
                    guard let digit = scalars.next(), digit.isASCII, let v = hexValue(UInt8(digit.value)) else {
                        throw AndroidEscapeError(reason: "\\u needs four hex digits")
                    }
                    value = value * 16 + UInt32(v)
                }
                guard let decoded = Unicode.Scalar(value) else {
                    throw AndroidEscapeError(reason: "\\u\(String(value, radix: 16, uppercase: true)) is a surrogate")
                }
                emit(decoded)
            default:
                throw AndroidEscapeError(reason: "unknown escape \\\(letter)")
            }
        case "\"":
            quoted.toggle()
        case " ", "\t", "\n", "\r":
            if quoted { emit(scalar) } else { pendingSpace = true }
        default:
            emit(scalar)
        }
    }
    return String(output)
}
