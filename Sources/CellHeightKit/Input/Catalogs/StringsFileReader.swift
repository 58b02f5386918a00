import CellHeightEngine

/// Apple's `.strings` files: the old-style property list format Xcode localizes with,
///
///     /* A comment */
///     "Delete all files?" = "Alle Dateien löschen?";
///     // another comment
///     greeting = "Hallo\n%@";
///
/// a sequence of `key = value;` pairs (optionally inside one pair of braces), keys and values
/// quoted strings or unquoted words, `"key";` alone meaning the key is its own value. Escapes in
/// quoted strings: \n \t \r \" \' \\ \a \b \f \v, \Uxxxx (four hex digits; a UTF-16 surrogate pair
/// takes two) and \ooo (three octal digits, ASCII only); a backslash before any other character
/// stands for that character (`\Č` is `Č`), as Apple's parser reads it. UTF-8 (a byte order mark
/// is dropped) or UTF-16 with a byte order mark. Binary property lists (compiled .strings in app
/// bundles) are refused with a message.
///
/// Each pair is a row: `id` and `key` the key, the locale from the `<locale>.lproj` folder
/// (`lprojLocale(fromPath:)`), `sourceLine` the line where the value starts. A key defined twice is
/// one row, the last definition's, as on the device (keys compare by their code units, as
/// `NSString` keys do).
func readStringsFile(_ bytes: [UInt8], path: String) throws -> [CatalogMessage] {
    if bytes.starts(with: Array("bplist".utf8)) {
        throw catalogError(path, line: 1, "a binary property list; convert it to text with `plutil -convert xml1` or read the source .strings")
    }
    var parser = StringsParser(scalars: Array(String(decoding: try catalogUTF8(bytes, path: path), as: UTF8.self).unicodeScalars),
                               path: path)
    let locale = lprojLocale(fromPath: path)
    let pairs = try parser.parsePairs()
    var lastDefinition: [CodeUnitKey: Int] = [:]
    for (index, pair) in pairs.enumerated() { lastDefinition[CodeUnitKey(pair.key)] = index }
    return pairs.enumerated()
        .filter { lastDefinition[CodeUnitKey($0.element.key)] == $0.offset }
        .map { CatalogMessage(key: $0.element.key, text: $0.element.value, locale: locale, line: $0.element.line) }
}

private struct StringsParser {
    let scalars: [Unicode.Scalar]
    let path: String
    var index = 0
    var line = 1

    init(scalars: [Unicode.Scalar], path: String) {
        self.scalars = scalars
        self.path = path
    }

    func error(_ reason: String, line: Int? = nil) -> CellHeightError {
        catalogError(path, line: line ?? self.line, reason)
    }

    mutating func parsePairs() throws -> [(key: String, value: String, line: Int)] {
        var pairs: [(key: String, value: String, line: Int)] = []
        try skipSpaceAndComments()
        // The whole file may be one dictionary in braces.
        let braced = peek() == "{"
        if braced { advance(); try skipSpaceAndComments() }
        while let next = peek() {
            if braced, next == "}" {
                advance()
                try skipSpaceAndComments()
                guard peek() == nil else { throw error("unexpected \(describe(peek()!)) after the closing brace") }
                return pairs
            }
            let key = try parseString(what: "a key")
            try skipSpaceAndComments()
            if peek() == ";" {
                advance()
                pairs.append((key.text, key.text, key.line))
            } else {
                guard peek() == "=" else { throw error("expected '=' or ';' after the key, found \(describeNext())") }
                advance()
                try skipSpaceAndComments()
                let value = try parseString(what: "a value")
                try skipSpaceAndComments()
                guard peek() == ";" else { throw error("expected ';' after the value, found \(describeNext())") }
                advance()
                pairs.append((key.text, value.text, value.line))
            }
            try skipSpaceAndComments()
        }
        if braced { throw error("missing the closing brace") }
        return pairs
    }

    private func peek(_ ahead: Int = 0) -> Unicode.Scalar? {
        index + ahead < scalars.count ? scalars[index + ahead] : nil
    }

    private mutating func advance() {
        if scalars[index] == "\n" { line += 1 }
        index += 1
    }

    private func describeNext() -> String {
        peek().map(describe) ?? "the end of the file"
    }

    private func describe(_ scalar: Unicode.Scalar) -> String {
        scalar.value >= 0x21 && scalar.value < 0x7F ? "'\(scalar)'" : "U+" + String(scalar.value, radix: 16, uppercase: true)
    }

    private mutating func skipSpaceAndComments() throws {
        while let scalar = peek() {
            if scalar.properties.isWhitespace {
                advance()
            } else if scalar == "/", peek(1) == "*" {
                let start = line
                advance(); advance()
                while !(peek() == "*" && peek(1) == "/") {
                    guard peek() != nil else { throw error("unterminated comment", line: start) }
                    advance()
                }
                advance(); advance()
            } else if scalar == "/", peek(1) == "/" {
                while let next = peek(), next != "\n" { advance() }
            } else {
                return
            }
        }
    }

    /// A quoted string or an unquoted word (letters, digits and `_$+/:.-`).
    private mutating func parseString(what: String) throws -> (text: String, line: Int) {
        let startLine = line
        guard let first = peek() else { throw error("expected \(what), found the end of the file") }
        if first != "\"" {
            var word = String.UnicodeScalarView()
            while let scalar = peek(), scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "_$+/:.-".unicodeScalars.contains(scalar) {
                word.append(scalar)
                advance()
            }
            guard !word.isEmpty else { throw error("expected \(what), found \(describe(first))") }
            return (String(word), startLine)
        }
        advance()
        var text = String.UnicodeScalarView()
        while true {
            guard let scalar = peek() else { throw error("unterminated string", line: startLine) }
            advance()
            if scalar == "\"" { return (String(text), startLine) }
            guard scalar == "\\" else { text.append(scalar); continue }
            guard let letter = peek() else { throw error("unterminated string", line: startLine) }
            let escapeLine = line
            advance()
            switch letter {
            case "n": text.append("\n")
            case "t": text.append("\t")
            case "r": text.append("\r")
            case "a": text.append("\u{07}")
            case "b": text.append("\u{08}")
            case "f": text.append("\u{0C}")
            case "v": text.append("\u{0B}")
            case "\"", "'", "\\": text.append(letter)
            case "U", "u":
                let unit = try hexQuad(escapeLine)
                if (0xD800...0xDBFF).contains(unit) {
                    // A high surrogate must be followed by an escaped low surrogate.
                    guard peek() == "\\", peek(1) == "U" || peek(1) == "u" else {
                        throw error("lone surrogate \\U\(String(unit, radix: 16, uppercase: true))", line: escapeLine)
                    }
                    advance(); advance()
                    let low = try hexQuad(escapeLine)
                    guard (0xDC00...0xDFFF).contains(low) else {
                        throw error("lone surrogate \\U\(String(unit, radix: 16, uppercase: true))", line: escapeLine)
                    }
                    text.append(Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))!)
                } else if let scalar = Unicode.Scalar(unit) {
                    text.append(scalar)
                } else {
                    throw error("lone surrogate \\U\(String(unit, radix: 16, uppercase: true))", line: escapeLine)
                }
            case "0"..."7":
                var value = letter.value - 0x30
                for _ in 0..<2 {
                    guard let digit = peek(), ("0"..."7").contains(digit) else { break }
                    value = value * 8 + digit.value - 0x30
                    advance()
                }
                guard value < 0x80 else { throw error("octal escape \\\(String(value, radix: 8)) is not ASCII", line: escapeLine) }
                text.append(Unicode.Scalar(value)!)
            default:
                text.append(letter)
            }
        }
    }

    private mutating func hexQuad(_ escapeLine: Int) throws -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let digit = peek(), digit.isASCII, let v = hexValue(UInt8(digit.value)) else {
                throw error("\\U needs four hex digits", line: escapeLine)
            }
            value = value * 16 + UInt32(v)
            advance()
        }
        return value
    }
}
