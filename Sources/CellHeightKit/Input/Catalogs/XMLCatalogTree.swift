#if canImport(FoundationXML)
import FoundationXML
#endif
import Foundation

/// An XML element read by Foundation's `XMLParser` (libxml2 on Linux), kept whole so that the
/// Android and XLIFF readers can walk it: names as written (prefixes included, namespaces not
/// processed: see `namespaceURI(ofPrefix:)`), attributes, children and the line of its start tag.
final class XMLCatalogElement {
    enum Child {
        case element(XMLCatalogElement)
        case text(String)
    }

    let name: String
    let attributes: [String: String]
    /// The line libxml2 was on when it read the start tag: the line of its closing `>`.
    let line: Int
    weak var parent: XMLCatalogElement?
    var children: [Child] = []
    /// Whether a CDATA section inside (at any depth) holds a `<`: markup written unescaped, such as
    /// the HTML of an Android string meant for `Html.fromHtml`.
    var cdataHoldsMarkup = false

    init(name: String, attributes: [String: String], line: Int, parent: XMLCatalogElement?) {
        self.name = name
        self.attributes = attributes
        self.line = line
        self.parent = parent
    }

    /// The name without its prefix: "g" for "xliff:g".
    var localName: Substring {
        name.split(separator: ":", maxSplits: 1).last ?? Substring(name)
    }

    var childElements: [XMLCatalogElement] {
        children.compactMap { if case .element(let element) = $0 { return element } else { return nil } }
    }

    func firstChild(_ localName: String) -> XMLCatalogElement? {
        childElements.first { $0.localName == localName }
    }

    /// All the text inside, inline elements flattened to their text.
    var textContent: String {
        var text = ""
        walkContent { child in
            if case .text(let part) = child { text += part }
            return true
        }
        return text
    }

    /// Visits everything inside in document order, without recursion (however deep a document
    /// nests, the stack does not grow): `visit` sees each text and each element, and the walk goes
    /// into an element when it returns true.
    func walkContent(_ visit: (Child) throws -> Bool) rethrows {
        var stack = [children.makeIterator()]
        while !stack.isEmpty {
            guard let child = stack[stack.count - 1].next() else {
                stack.removeLast()
                continue
            }
            if try visit(child), case .element(let element) = child { stack.append(element.children.makeIterator()) }
        }
    }

    /// Releases the subtree a level at a time: a deep tree would otherwise be freed by one nested
    /// deinit per level.
    deinit {
        var pending: [XMLCatalogElement] = []
        for case .element(let element) in children { pending.append(element) }
        children.removeAll()
        while let element = pending.popLast() {
            for case .element(let child) in element.children { pending.append(child) }
            element.children.removeAll()
        }
    }

    /// The URI a prefix stands for here (the nearest `xmlns:prefix` declaration), or the default
    /// namespace for "".
    func namespaceURI(ofPrefix prefix: String) -> String? {
        let attribute = prefix.isEmpty ? "xmlns" : "xmlns:\(prefix)"
        var element: XMLCatalogElement? = self
        while let current = element {
            if let uri = current.attributes[attribute] { return uri }
            element = current.parent
        }
        return nil
    }

    /// The value of the attribute `localName` in namespace `uri`, whatever its prefix.
    func attribute(_ localName: String, namespace uri: String) -> String? {
        for (name, value) in attributes {
            let parts = name.split(separator: ":", maxSplits: 1)
            if parts.count == 2, parts[1] == localName, parts[0] != "xmlns", namespaceURI(ofPrefix: String(parts[0])) == uri {
                return value
            }
        }
        return nil
    }
}

/// The deepest nesting of elements a catalog may have (libxml2's own default limit; real catalogs
/// nest a dozen deep at most).
let maximumXMLDepth = 256

/// Parses a whole XML document into its root element.
///
/// External entities are not resolved (XMLParser's default) and libxml2 refuses runaway entity
/// expansion, so hostile files fail with a parse error instead of reading files or memory.
///
/// - Parameter allowsPlistDoctype: whether Apple's property list DOCTYPE (`<!DOCTYPE plist PUBLIC
///   "-//Apple//DTD PLIST 1.0//EN" "…">`, without an internal subset), which every `.stringsdict`
///   starts with, is accepted: it is then removed before parsing (its DTD is never read), so that
///   an entity it would declare is undeclared, an error, instead of text dropped in silence.
/// - Throws: `CellHeightError.invalidInput` with the file, libxml2's line and its message.
func parseCatalogXML(_ bytes: [UInt8], path: String, allowsPlistDoctype: Bool = false) throws -> XMLCatalogElement {
    // swift-corelibs-foundation traps on element names that are not UTF-8 when libxml2 lets them
    // through (the fuzzer found two ways), so XMLParser only ever sees a document that is checked
    // to be UTF-8, or UTF-16 with a byte order mark, and declares no other encoding.
    let isUTF16 = startsWithUTF16ByteOrderMark(bytes)
    let decoded = try catalogUTF8(bytes, path: path)
    let utf8 = allowsPlistDoctype ? removingPlistDoctype(decoded) : decoded
    if let declared = xmlDeclaredEncoding(utf8) {
        let allowed = isUTF16 ? ["UTF-16", "UTF16"] : ["UTF-8", "UTF8"]
        guard allowed.contains(declared.uppercased()) else {
            throw catalogError(path, line: 1, "unsupported encoding \"\(declared.prefix(40))\": an XML catalog must be UTF-8 (or UTF-16 with a byte order mark)")
        }
    }
    if let line = externalIdentifierLine(utf8) {
        throw catalogError(path, line: line, "invalid XML: an external DTD or entity (SYSTEM or PUBLIC), which is never read")
    }
    if let line = emptyProcessingInstructionLine(utf8) {
        throw catalogError(path, line: line, "invalid XML: a processing instruction without data (<?name?>) is not supported")
    }
    // XMLParser would drop the text of internal entities: they are expanded here. The document is
    // then given as UTF-8.
    let expanded = try XMLInternalEntities.expand(utf8, path: path)
    // A UTF-16 document given as UTF-8 says so (libxml2 refuses UTF-8 bytes declared UTF-16).
    let parser = XMLParser(data: expanded == decoded ? Data(bytes) : Data(isUTF16 ? declaringUTF8(expanded) : expanded))
    let builder = XMLCatalogTreeBuilder()
    parser.delegate = builder
    parser.shouldProcessNamespaces = false
    parser.shouldResolveExternalEntities = false
    let parsed = parser.parse()
    guard parsed, builder.failure == nil, let root = builder.root else {
        let line = builder.failure?.line ?? max(parser.lineNumber, 1)
        let detail = builder.failure?.message ?? parser.parserError.map(xmlErrorReason) ?? "not an XML document"
        throw catalogError(path, line: line, "invalid XML: \(detail)")
    }
    return root
}

/// `text` with Apple's property list DOCTYPE, when it has one without an internal subset, turned
/// into spaces (its line breaks kept, so lines stay where they were).
func removingPlistDoctype(_ text: [UInt8]) -> [UInt8] {
    guard let start = firstRange(of: Array("<!DOCTYPE".utf8), in: text, from: 0)?.lowerBound,
          let close = text[start...].firstIndex(of: UInt8(ascii: ">")) else { return text }
    // Only the DOCTYPE of the prolog: after nothing but a byte order mark, the XML declaration and white space.
    var prolog = text[..<start].drop { $0 == 0xEF || $0 == 0xBB || $0 == 0xBF }
    if prolog.starts(with: Array("<?xml".utf8)), let end = firstRange(of: Array("?>".utf8), in: Array(prolog), from: 0) {
        prolog = prolog.dropFirst(end.upperBound)
    }
    guard prolog.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) else { return text }
    guard isApplePlistDoctype(text[start...close]) else { return text }
    var result = text
    for i in start...close where result[i] != 0x0A { result[i] = 0x20 }
    return result
}

/// Whether `declaration` (`<!DOCTYPE` to its `>`) is Apple's property list DOCTYPE: `plist PUBLIC`,
/// the public identifier "-//Apple//DTD PLIST 1.0//EN" or the older "-//Apple Computer//DTD PLIST
/// 1.0//EN", and a system literal, each literal in double or single quotes.
private func isApplePlistDoctype(_ declaration: ArraySlice<UInt8>) -> Bool {
    var rest = declaration.dropFirst("<!DOCTYPE".utf8.count).dropLast()
    func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
    func word() -> String {
        rest = rest.drop(while: isSpace)
        let word = rest.prefix { !isSpace($0) }
        rest = rest.dropFirst(word.count)
        return String(decoding: word, as: UTF8.self)
    }
    func literal() -> String? {
        rest = rest.drop(while: isSpace)
        guard let quote = rest.first, quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'"),
              let end = rest.dropFirst().firstIndex(of: quote) else { return nil }
        let value = String(decoding: rest[(rest.startIndex + 1)..<end], as: UTF8.self)
        rest = rest[(end + 1)...]
        return value
    }
    guard word() == "plist", word() == "PUBLIC",
          let publicID = literal(), ["-//Apple//DTD PLIST 1.0//EN", "-//Apple Computer//DTD PLIST 1.0//EN"].contains(publicID),
          let systemID = literal(), !systemID.contains("[") else { return false }
    return rest.allSatisfy(isSpace)
}

/// `text` with the `encoding` of its XML declaration made "UTF-8": for a UTF-16 document given to
/// the parser as UTF-8 once its entities are expanded.
func declaringUTF8(_ text: [UInt8]) -> [UInt8] {
    guard text.starts(with: Array("<?xml".utf8)), let close = text.firstIndex(of: UInt8(ascii: ">")),
          let key = firstRange(of: Array("encoding".utf8), in: Array(text[..<close]), from: 0) else { return text }
    var index = key.upperBound
    while index < close, text[index] != UInt8(ascii: "\"") && text[index] != UInt8(ascii: "'") { index += 1 }
    guard index < close, let end = text[(index + 1)..<close].firstIndex(of: text[index]) else { return text }
    return Array(text[...index]) + Array("UTF-8".utf8) + Array(text[end...])
}

/// The `encoding` of the XML declaration at the very start of UTF-8 `text` (without a byte order
/// mark), e.g. "ISO-8859-1", as written (up to the next quote, `?` or `>`); nil when there is none.
func xmlDeclaredEncoding(_ text: [UInt8]) -> String? {
    guard text.starts(with: Array("<?xml".utf8)) else { return nil }
    let declaration = String(decoding: text.prefix { $0 != UInt8(ascii: ">") }, as: UTF8.self)
    guard let key = declaration.range(of: "encoding") else { return nil }
    let rest = declaration[key.upperBound...].drop { $0.isWhitespace || $0 == "=" }
    let quote = rest.first
    return String(rest.dropFirst(quote == "\"" || quote == "'" ? 1 : 0).prefix { $0 != "\"" && $0 != "'" && $0 != "?" })
}

/// The line of the first processing instruction without data (`<?name?>`, `<?name ?>`), nil when
/// there is none.
///
/// libxml2 reports `<?name?>` with no data at all, and swift-corelibs-foundation's XMLParser then
/// calls `strlen` on that null pointer and crashes (the fuzzer found it), so such a document never
/// reaches the parser. The scan does not know about comments or CDATA: the same characters there
/// are refused too, which a catalog is most unlikely to hold.
///
/// - Parameter text: the document as UTF-8 (see `catalogUTF8(_:path:)`).
func emptyProcessingInstructionLine(_ text: [UInt8]) -> Int? {
    var line = 1
    var index = 0
    func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
    while index + 1 < text.count {
        if text[index] == 0x0A { line += 1 }
        guard text[index] == UInt8(ascii: "<"), text[index + 1] == UInt8(ascii: "?") else {
            index += 1
            continue
        }
        // The target: everything up to white space or "?".
        var end = index + 2
        while end < text.count, !isSpace(text[end]), text[end] != UInt8(ascii: "?") { end += 1 }
        let hasTarget = end > index + 2
        while end < text.count, isSpace(text[end]) { end += 1 }
        if hasTarget, end + 1 < text.count, text[end] == UInt8(ascii: "?"), text[end + 1] == UInt8(ascii: ">") {
            return line
        }
        index += 2
    }
    return nil
}

/// The line of a `SYSTEM` or `PUBLIC` identifier in the document's DOCTYPE, nil when it has none.
///
/// External entities and DTDs are never read (they could name any file), and libxml2 then drops
/// the text of a reference to one without an error, so a catalog that declares one is refused.
///
/// - Parameter text: the document as UTF-8 (see `catalogUTF8(_:path:)`).
func externalIdentifierLine(_ text: [UInt8]) -> Int? {
    guard let start = firstRange(of: Array("<!DOCTYPE".utf8), in: text, from: 0)?.lowerBound else { return nil }
    // The DOCTYPE ends at "]>" when it has an internal subset, else at its first ">".
    let bracket = text[start...].firstIndex(of: UInt8(ascii: "["))
    let close = text[start...].firstIndex(of: UInt8(ascii: ">")) ?? text.count
    let end = bracket.map { $0 < close ? (firstRange(of: Array("]>".utf8), in: text, from: $0)?.upperBound ?? text.count) : close } ?? close
    for keyword in ["SYSTEM", "PUBLIC"] {
        if let found = firstRange(of: Array(keyword.utf8), in: text, from: start), found.lowerBound < end {
            return lineNumber(atByteOffset: found.lowerBound, in: text)
        }
    }
    return nil
}

private func firstRange(of needle: [UInt8], in haystack: [UInt8], from start: Int) -> Range<Int>? {
    guard needle.count <= haystack.count else { return nil }
    var i = start
    while i + needle.count <= haystack.count {
        if haystack[i] == needle[0], haystack[i..<(i + needle.count)].elementsEqual(needle) { return i..<(i + needle.count) }
        i += 1
    }
    return nil
}

/// A short reason for libxml2's error: its code (libxml2's `xmlParserErrors`, which XMLParser
/// passes on as the NSError's code) in words for the common ones, e.g. "tag name mismatch" (76).
private func xmlErrorReason(_ error: Error) -> String {
    let code = (error as NSError).code
    let reasons = [
        4: "empty document", 5: "the document ends too early, or has extra content after its root", 9: "invalid character",
        23: "entity reference without ';'", 26: "undeclared entity", 27: "undeclared entity",
        31: "unknown encoding", 32: "unsupported encoding", 38: "'<' in an attribute value",
        39: "attribute value not quoted", 40: "unterminated attribute value", 41: "attribute without a value",
        42: "attribute given twice", 45: "unterminated comment", 63: "unterminated CDATA section",
        68: "name expected", 72: "'<' expected", 73: "'>' expected", 74: "'</' expected", 75: "'=' expected",
        76: "tag name mismatch", 77: "unterminated start tag", 85: "unclosed element at the end of the document",
        86: "extra content at the end of the document", 89: "entity loop or runaway entity expansion", 201: "undefined namespace prefix",
    ]
    return "\(reasons[code] ?? "syntax error") (libxml2 error \(code))"
}

private final class XMLCatalogTreeBuilder: NSObject, XMLParserDelegate {
    var root: XMLCatalogElement?
    var failure: (line: Int, message: String)?
    private var stack: [XMLCatalogElement] = []

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName: String?, attributes: [String: String] = [:]) {
        guard stack.count < maximumXMLDepth else {
            if failure == nil { failure = (max(parser.lineNumber, 1), "elements nested deeper than \(maximumXMLDepth)") }
            parser.abortParsing()
            return
        }
        let element = XMLCatalogElement(name: qualifiedName ?? elementName, attributes: attributes,
                                        line: parser.lineNumber, parent: stack.last)
        if let parent = stack.last {
            parent.children.append(.element(element))
        } else {
            root = element
        }
        stack.append(element)
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        _ = stack.popLast()
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        stack.last?.children.append(.text(string))
    }

    func parser(_ parser: XMLParser, foundCDATA block: Data) {
        guard let text = String(data: block, encoding: .utf8) else {
            failure = (parser.lineNumber, "CDATA that is not UTF-8")
            parser.abortParsing()
            return
        }
        stack.last?.children.append(.text(text))
        if text.contains("<") {
            for element in stack { element.cdataHoldsMarkup = true }
        }
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
        if failure == nil { failure = (max(parser.lineNumber, 1), xmlErrorReason(parseError)) }
    }
}
