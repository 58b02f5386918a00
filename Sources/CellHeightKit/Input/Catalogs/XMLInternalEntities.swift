/// Internal entities (`<!ENTITY app "Files">` in a catalog's DOCTYPE), expanded before the XML
/// parser sees the document.
///
/// Foundation's XMLParser on Linux drops the text of a reference to an internal entity without an
/// error (`&app; öffnen` was read as ` öffnen`), so the references are replaced by the entities'
/// values here and the DOCTYPE is blanked (its lines kept, so that lines stay right). Expansion is
/// bounded: entities inside entities at most `maximumDepth` deep, no loops, and no more than
/// `maximumExpansion` bytes added (against "billion laughs" documents). Predefined entities and
/// character references are left to the parser; an undeclared entity stays for the parser to
/// report; parameter entities (`%name;`) are refused (a `%` in a comment or a quoted literal is
/// none).
struct XMLInternalEntities {
    static let maximumDepth = 16
    static let maximumExpansion = 1 << 20

    /// `document` (UTF-8) with its internal entities expanded; the same bytes when it declares none.
    static func expand(_ document: [UInt8], path: String) throws -> [UInt8] {
        guard let doctype = findDoctype(document) else { return document }
        let declarations = try parseDeclarations(document, subset: doctype.subset, path: path)
        guard !declarations.isEmpty else { return document }
        var output = Array(document[..<doctype.range.lowerBound])
        // The DOCTYPE becomes its line breaks only.
        output += document[doctype.range].filter { $0 == 0x0A }
        try appendExpanding(document, from: doctype.range.upperBound, into: &output, declarations: declarations, path: path)
        return output
    }

    private struct Doctype {
        var range: Range<Int>
        var subset: Range<Int>
    }

    /// The DOCTYPE declaration with an internal subset (`<!DOCTYPE name [ … ]>`), if there is one.
    private static func findDoctype(_ text: [UInt8]) -> Doctype? {
        let keyword = Array("<!DOCTYPE".utf8)
        guard let start = indexOf(keyword, in: text, from: 0) else { return nil }
        var index = start + keyword.count
        var quote: UInt8?
        while index < text.count {
            let byte = text[index]
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: ">") {
                return nil  // no internal subset
            } else if byte == UInt8(ascii: "[") {
                break
            }
            index += 1
        }
        guard index < text.count else { return nil }
        let subsetStart = index + 1
        // The subset ends at the first "]" outside quotes and comments.
        index = subsetStart
        quote = nil
        while index < text.count {
            let byte = text[index]
            if let open = quote {
                if byte == open { quote = nil }
            } else if text[index...].starts(with: Array("<!--".utf8)) {
                index = (indexOf(Array("-->".utf8), in: text, from: index + 4) ?? text.count - 3) + 3
                continue
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: "]") {
                guard let close = text[index...].firstIndex(of: UInt8(ascii: ">")) else { return nil }
                return Doctype(range: start..<(close + 1), subset: subsetStart..<index)
            }
            index += 1
        }
        return nil
    }

    /// The general entities the subset declares with a literal value, by name (the first
    /// declaration of a name wins, as in XML).
    private static func parseDeclarations(_ text: [UInt8], subset: Range<Int>, path: String) throws -> [String: ArraySlice<UInt8>] {
        var declarations: [String: ArraySlice<UInt8>] = [:]
        var index = subset.lowerBound
        var lines = LineCounter(text)
        let entity = Array("<!ENTITY".utf8)
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
        func skipSpace() { while index < subset.upperBound, isSpace(text[index]) { index += 1 } }
        while index < subset.upperBound {
            // Comments, processing instructions and quoted literals (an ATTLIST's default) may
            // hold a `%` that is no parameter entity.
            if let end = skippedLiteral(text, at: index, before: subset.upperBound) {
                index = end
                continue
            }
            if text[index] == UInt8(ascii: "%") {
                throw catalogError(path, line: lines.line(at: index), "invalid XML: parameter entities are not supported")
            }
            guard text[index...].starts(with: entity) else { index += 1; continue }
            let declarationLine = lines.line(at: index)
            index += entity.count
            skipSpace()
            if index < subset.upperBound, text[index] == UInt8(ascii: "%") {
                throw catalogError(path, line: declarationLine, "invalid XML: parameter entities are not supported")
            }
            let nameStart = index
            while index < subset.upperBound, !isSpace(text[index]), text[index] != UInt8(ascii: ">") { index += 1 }
            let name = String(decoding: text[nameStart..<index], as: UTF8.self)
            skipSpace()
            guard index < subset.upperBound, text[index] == UInt8(ascii: "\"") || text[index] == UInt8(ascii: "'") else {
                continue  // an external entity: refused before this (see `externalIdentifierLine`)
            }
            let quote = text[index]
            let valueStart = index + 1
            guard let valueEnd = text[valueStart..<subset.upperBound].firstIndex(of: quote) else {
                throw catalogError(path, line: declarationLine, "invalid XML: unterminated entity value")
            }
            if declarations[name] == nil { declarations[name] = text[valueStart..<valueEnd] }
            index = valueEnd + 1
        }
        return declarations
    }

    /// The index after the comment, processing instruction or quoted literal starting at `index`
    /// (the end of the subset when it is not closed); nil when none starts there.
    private static func skippedLiteral(_ text: [UInt8], at index: Int, before end: Int) -> Int? {
        for (open, close) in [("<!--", "-->"), ("<?", "?>")] where text[index..<end].starts(with: open.utf8) {
            return indexOf(Array(close.utf8), in: text, from: index + open.utf8.count).map { min($0 + close.utf8.count, end) } ?? end
        }
        guard text[index] == UInt8(ascii: "\"") || text[index] == UInt8(ascii: "'") else { return nil }
        return text[(index + 1)..<end].firstIndex(of: text[index]).map { $0 + 1 } ?? end
    }

    private static let predefined: Set<String> = ["lt", "gt", "amp", "apos", "quot"]

    /// The name of the entity referred to at `index` (an `&` followed by a name and `;`) and the
    /// index after the `;`; nil for a character reference, a predefined entity or no reference.
    private static func reference(in text: ArraySlice<UInt8>, at index: Int) -> (name: String, end: Int)? {
        guard text[index] == UInt8(ascii: "&"),
              let semicolon = text[(index + 1)...].prefix(128).firstIndex(of: UInt8(ascii: ";")),
              semicolon > index + 1, text[index + 1] != UInt8(ascii: "#") else { return nil }
        let nameBytes = text[(index + 1)..<semicolon]
        guard !nameBytes.contains(where: { $0 <= 0x20 || $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "<") }) else { return nil }
        let name = String(decoding: nameBytes, as: UTF8.self)
        return predefined.contains(name) ? nil : (name, semicolon + 1)
    }

    /// Appends the document from `start` on with every reference to a declared entity expanded;
    /// comments and CDATA sections are copied as they are.
    private static func appendExpanding(_ text: [UInt8], from start: Int, into output: inout [UInt8],
                                        declarations: [String: ArraySlice<UInt8>], path: String) throws {
        var added = 0
        var index = start
        var lines = LineCounter(text)
        let literals = [(Array("<!--".utf8), Array("-->".utf8)), (Array("<![CDATA[".utf8), Array("]]>".utf8))]
        scanning: while index < text.count {
            if text[index] == UInt8(ascii: "<") {
                for (open, close) in literals where text[index...].starts(with: open) {
                    let end = (indexOf(close, in: text, from: index + open.count).map { $0 + close.count }) ?? text.count
                    output += text[index..<end]
                    index = end
                    continue scanning
                }
            }
            if let (name, end) = reference(in: text[...], at: index), declarations[name] != nil {
                try appendValue(of: name, into: &output, declarations: declarations, open: [], added: &added,
                                path: path, line: lines.line(at: index))
                index = end
                continue
            }
            output.append(text[index])
            index += 1
        }
    }

    /// Appends the value of entity `name`, entities inside it expanded in turn.
    private static func appendValue(of name: String, into output: inout [UInt8], declarations: [String: ArraySlice<UInt8>],
                                    open: [String], added: inout Int, path: String, line: Int) throws {
        guard !open.contains(name) else { throw catalogError(path, line: line, "invalid XML: entity \(name) refers to itself") }
        guard open.count < maximumDepth else {
            throw catalogError(path, line: line, "invalid XML: entities nested deeper than \(maximumDepth)")
        }
        let value = declarations[name]!
        var index = value.startIndex
        while index < value.endIndex {
            if let (inner, end) = reference(in: value, at: index), declarations[inner] != nil {
                try appendValue(of: inner, into: &output, declarations: declarations, open: open + [name], added: &added,
                                path: path, line: line)
                index = end
                continue
            }
            output.append(value[index])
            added += 1
            index += 1
        }
        guard added <= maximumExpansion else {
            throw catalogError(path, line: line, "invalid XML: entities expand to more than \(maximumExpansion >> 20) MiB")
        }
    }
}

/// The line numbers (1-based) of ascending byte offsets in a text, each counted on from the one
/// before: a document of 10^6 references costs one pass, not 10^6 passes from its start.
private struct LineCounter {
    private let text: [UInt8]
    private var offset = 0
    private var line = 1

    init(_ text: [UInt8]) {
        self.text = text
    }

    /// The line of byte `target` (at or after the offset asked before).
    mutating func line(at target: Int) -> Int {
        let end = min(target, text.count)
        while offset < end {
            if text[offset] == 0x0A { line += 1 }
            offset += 1
        }
        return line
    }
}

/// The first index of `needle` in `haystack` at or after `start`.
private func indexOf(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
    guard !needle.isEmpty, needle.count <= haystack.count else { return nil }
    var i = start
    while i + needle.count <= haystack.count {
        if haystack[i] == needle[0], haystack[i..<(i + needle.count)].elementsEqual(needle) { return i }
        i += 1
    }
    return nil
}
