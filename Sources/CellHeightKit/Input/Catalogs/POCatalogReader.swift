import CellHeightEngine
import Foundation

/// gettext PO files (`.po`, `.pot`), read by a small hand-written parser that keeps line numbers.
///
/// (gettext's own libgettextpo would be a system-library target for the same work; the format is
/// simple enough, and this parser says exactly which line is wrong.)
///
/// Each message's translation is one row; a plural message gives one row per `msgstr[n]`, with the
/// id `msgid[n]` and field `plural` "n". A message with a context has the id `context|msgid` and
/// field `context`. The header (msgid "") is not a row; the locale is the most specific of its
/// `Language` and the path's (`gettextCatalogLocale(header:path:)`), and its `charset` says how the strings are encoded
/// (UTF-8 or ISO-8859-1). Obsolete messages (`#~`) are ignored.
///
/// Untranslated messages: an empty msgstr, or any message flagged `fuzzy`, is shown by gettext as
/// its msgid (msgid_plural for the forms after the first), so that is the row's text, with field
/// `untranslated` "true" and the line of that msgid. A `.pot` template's rows are thus its source
/// texts.
func readPOCatalog(_ bytes: [UInt8], path: String) throws -> [CatalogMessage] {
    // gettext reads no UTF-16 (a PO file must be ASCII-compatible): named, not parsed as bytes.
    if let order = startsWithUTF16ByteOrderMark(bytes) ? (bytes[0] == 0xFF ? .littleEndian : .bigEndian) : utf16OrderWithoutMark(bytes) {
        throw catalogError(path, line: 1, "\(utf16Name(order)): gettext reads no UTF-16; convert the file to UTF-8 (iconv -f UTF-16 -t UTF-8)")
    }
    var parser = POParser(bytes: bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes, path: path)
    let entries = try parser.parseEntries()
    return try poMessages(from: entries, path: path)
}

/// A PO entry as written: its strings still undecoded bytes, each with the line it starts on.
struct POEntry: Equatable {
    struct Text: Equatable {
        var bytes: [UInt8]
        var line: Int
    }

    var flags: Set<String> = []
    var context: Text?
    var msgid: Text?
    var msgidPlural: Text?
    /// msgstr, or msgstr[0], msgstr[1], … in order.
    var msgstr: [Text] = []
    var isPlural: Bool { msgidPlural != nil }
}

/// Turns parsed entries into messages: decodes their strings in the header's charset and applies
/// the untranslated rule.
private func poMessages(from entries: [POEntry], path: String) throws -> [CatalogMessage] {
    var header = GettextHeader("")
    var headerLine = 1
    if let first = entries.first, first.context == nil, first.msgid?.bytes.isEmpty == true {
        header = GettextHeader(String(decoding: first.msgstr.first?.bytes ?? [], as: UTF8.self))
        headerLine = first.msgstr.first?.line ?? 1
    }
    guard let charset = GettextCharset(headerName: header.charsetName, bytesAreParsed: true) else {
        throw catalogError(path, line: headerLine,
                           "unsupported charset \(header.charsetName) (convert the file to UTF-8 with msgconv)")
    }
    func decode(_ text: POEntry.Text) throws -> String {
        guard let decoded = charset.decode(text.bytes) else {
            throw catalogError(path, line: text.line, "invalid \(header.charsetName.isEmpty ? "UTF-8" : header.charsetName) in the string")
        }
        return decoded
    }

    let locale = gettextCatalogLocale(header: header, path: path)
    var messages: [CatalogMessage] = []
    var firstLines: [CodeUnitKey: Int] = [:]  // msgfmt tells msgids apart by their bytes, NFC from NFD
    for entry in entries {
        guard let msgidText = entry.msgid else { continue }
        let msgid = try decode(msgidText)
        let context = try entry.context.map(decode)
        if context == nil, msgid.isEmpty { continue }  // the header
        let lookupKey = (context.map { $0 + "\u{4}" } ?? "") + msgid
        if let first = firstLines[CodeUnitKey(lookupKey)] {
            throw catalogError(path, line: msgidText.line, "duplicate message (first defined on line \(first))")
        }
        firstLines[CodeUnitKey(lookupKey)] = msgidText.line

        var base = CatalogMessage(key: context.map { "\($0)|\(msgid)" } ?? msgid, text: "", locale: locale, line: 0)
        if let context { base.extraFields["context"] = context }
        let fuzzy = entry.flags.contains("fuzzy")
        for (n, translation) in entry.msgstr.enumerated() {
            var message = base
            if entry.isPlural {
                message.variants = [String(n)]
                message.extraFields["plural"] = String(n)
            }
            if fuzzy || translation.bytes.isEmpty {
                let fallback = n == 0 ? msgidText : entry.msgidPlural ?? msgidText
                message.text = try decode(fallback)
                message.line = fallback.line
                message.extraFields["untranslated"] = "true"
            } else {
                message.text = try decode(translation)
                message.line = translation.line
            }
            messages.append(message)
        }
    }
    return messages
}

/// The PO grammar, line by line: comments (`#`, `#,` flags, `#~` obsolete), keywords (`msgctxt`,
/// `msgid`, `msgid_plural`, `msgstr`, `msgstr[n]`) each followed by a C string, and strings alone
/// on a line continuing the keyword before them.
struct POParser {
    private let bytes: [UInt8]
    private let path: String
    private var entries: [POEntry] = []
    private var current = POEntry()
    /// The keyword the next continuation string belongs to.
    private enum Slot { case context, msgid, msgidPlural, msgstr, none }
    private var slot = Slot.none

    init(bytes: [UInt8], path: String) {
        self.bytes = bytes
        self.path = path
    }

    mutating func parseEntries() throws -> [POEntry] {
        var lineStart = 0
        var line = 1
        while lineStart < bytes.count {
            var lineEnd = bytes[lineStart...].firstIndex(of: 0x0A) ?? bytes.count
            let next = lineEnd + 1
            if lineEnd > lineStart, bytes[lineEnd - 1] == 0x0D { lineEnd -= 1 }
            try parseLine(Array(bytes[lineStart..<lineEnd]), line: line)
            lineStart = next
            line += 1
        }
        try finishEntry(atEnd: true)
        return entries
    }

    private func error(_ line: Int, _ reason: String) -> CellHeightError {
        catalogError(path, line: line, reason)
    }

    private mutating func parseLine(_ text: [UInt8], line: Int) throws {
        var i = 0
        while i < text.count, text[i] == 0x20 || text[i] == 0x09 { i += 1 }
        guard i < text.count else { return }  // blank
        switch text[i] {
        case UInt8(ascii: "#"):
            if text[i...].starts(with: Array("#~".utf8)) { return }  // obsolete message
            if !current.msgstr.isEmpty { try finishEntry(atEnd: false) }
            slot = .none
            if text[i...].starts(with: Array("#,".utf8)) {
                let flags = String(decoding: text[(i + 2)...], as: UTF8.self).split(separator: ",")
                current.flags.formUnion(flags.map { $0.trimmingCharacters(in: .whitespaces) })
            }
        case UInt8(ascii: "\""):
            let string = try parseString(text, from: i, line: line)
            switch slot {
            case .context: current.context!.bytes += string
            case .msgid: current.msgid!.bytes += string
            case .msgidPlural: current.msgidPlural!.bytes += string
            case .msgstr: current.msgstr[current.msgstr.count - 1].bytes += string
            case .none: throw error(line, "a string with no keyword before it")
            }
        default:
            let keyword = text[i...].prefix { $0 == UInt8(ascii: "_") || (0x61...0x7A).contains($0) || $0 == UInt8(ascii: "[")
                || $0 == UInt8(ascii: "]") || (0x30...0x39).contains($0) }
            let after = i + keyword.count
            let name = String(decoding: keyword, as: UTF8.self)
            var start = after
            while start < text.count, text[start] == 0x20 || text[start] == 0x09 { start += 1 }
            guard !keyword.isEmpty, start > after || start == text.count else {
                throw error(line, "expected a keyword (msgid, msgstr, …), found \(describe(text[i...]))")
            }
            try keywordLine(name, line: line)
            guard start < text.count, text[start] == UInt8(ascii: "\"") else {
                throw error(line, "expected a string after \(name)")
            }
            let string = try parseString(text, from: start, line: line)
            let value = POEntry.Text(bytes: string, line: line)
            switch slot {
            case .context: current.context = value
            case .msgid: current.msgid = value
            case .msgidPlural: current.msgidPlural = value
            case .msgstr: current.msgstr.append(value)
            case .none: break
            }
        }
    }

    /// Checks that `name` may come here, starts a new entry when it begins one, and sets the slot.
    private mutating func keywordLine(_ name: String, line: Int) throws {
        switch name {
        case "msgctxt", "msgid":
            if !current.msgstr.isEmpty { try finishEntry(atEnd: false) }
            if current.msgid != nil { throw error(line, "expected msgstr, found \(name)") }
            if name == "msgctxt" {
                if current.context != nil { throw error(line, "a second msgctxt") }
                slot = .context
            } else {
                slot = .msgid
            }
        case "msgid_plural":
            guard current.msgid != nil, current.msgstr.isEmpty, current.msgidPlural == nil else {
                throw error(line, "msgid_plural must follow a msgid")
            }
            slot = .msgidPlural
        case "msgstr":
            guard current.msgid != nil else { throw error(line, "msgstr without a msgid") }
            guard !current.isPlural else { throw error(line, "expected msgstr[\(current.msgstr.count)] after msgid_plural") }
            guard current.msgstr.isEmpty else { throw error(line, "a second msgstr") }
            slot = .msgstr
        default:
            guard name.hasPrefix("msgstr["), name.hasSuffix("]"), let n = Int(name.dropFirst(7).dropLast()) else {
                throw error(line, "unknown keyword \(name)")
            }
            guard current.msgid != nil else { throw error(line, "msgstr without a msgid") }
            guard current.isPlural else { throw error(line, "\(name) without msgid_plural") }
            guard n == current.msgstr.count else {
                throw error(line, "expected msgstr[\(current.msgstr.count)], found \(name)")
            }
            slot = .msgstr
        }
    }

    private mutating func finishEntry(atEnd: Bool) throws {
        if let msgid = current.msgid, current.msgstr.isEmpty {
            throw error(msgid.line, "msgid without msgstr")
        }
        if current.msgid == nil, let context = current.context {
            throw error(context.line, "msgctxt without msgid")
        }
        if current.msgid != nil { entries.append(current) }
        current = POEntry()
        slot = .none
    }

    /// A C string starting at the quote `text[start]`; nothing but spaces may follow it.
    private func parseString(_ text: [UInt8], from start: Int, line: Int) throws -> [UInt8] {
        var result: [UInt8] = []
        var i = start + 1
        while true {
            guard i < text.count else { throw error(line, "unterminated string") }
            let byte = text[i]
            if byte == UInt8(ascii: "\"") { break }
            guard byte == UInt8(ascii: "\\") else { result.append(byte); i += 1; continue }
            guard i + 1 < text.count else { throw error(line, "unterminated string") }
            let letter = text[i + 1]
            i += 2
            switch letter {
            case UInt8(ascii: "n"): result.append(0x0A)
            case UInt8(ascii: "t"): result.append(0x09)
            case UInt8(ascii: "r"): result.append(0x0D)
            case UInt8(ascii: "a"): result.append(0x07)
            case UInt8(ascii: "b"): result.append(0x08)
            case UInt8(ascii: "f"): result.append(0x0C)
            case UInt8(ascii: "v"): result.append(0x0B)
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "'"), UInt8(ascii: "?"): result.append(letter)
            case UInt8(ascii: "0")...UInt8(ascii: "7"):
                // Up to three octal digits: one byte.
                var value = Int(letter - 0x30)
                var digits = 1
                while digits < 3, i < text.count, (0x30...0x37).contains(text[i]) {
                    value = value * 8 + Int(text[i] - 0x30)
                    i += 1
                    digits += 1
                }
                guard value <= 0xFF else { throw error(line, "octal escape above \\377") }
                result.append(UInt8(value))
            case UInt8(ascii: "x"):
                var value = 0
                var digits = 0
                while i < text.count, let digit = hexValue(text[i]) {
                    value = value * 16 + digit
                    i += 1
                    digits += 1
                    guard value <= 0xFF else { throw error(line, "hex escape above \\xFF") }
                }
                guard digits > 0 else { throw error(line, "\\x without hex digits") }
                result.append(UInt8(value))
            default:
                throw error(line, "unknown escape \\\(describeByte(letter))")
            }
        }
        var j = i + 1
        while j < text.count, text[j] == 0x20 || text[j] == 0x09 { j += 1 }
        guard j == text.count else { throw error(line, "unexpected \(describe(text[j...])) after the string") }
        return result
    }

    private func describe(_ rest: ArraySlice<UInt8>) -> String {
        let shown = String(decoding: rest.prefix(20), as: UTF8.self)
        return "'\(shown)\(rest.count > 20 ? "…" : "")'"
    }
}

/// A byte for a message: the character, or `x` and its hex value for controls and non-ASCII.
func describeByte(_ byte: UInt8) -> String {
    (0x21...0x7E).contains(byte) ? String(UnicodeScalar(byte)) : "x" + String(byte, radix: 16, uppercase: true)
}

func hexValue(_ byte: UInt8) -> Int? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return Int(byte - 0x30)
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return Int(byte - 0x61 + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return Int(byte - 0x41 + 10)
    default: return nil
    }
}
