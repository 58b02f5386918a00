import Foundation
import ICUBridge

/// Decoding the text of text-based catalogs, with errors that say the line.

/// The 1-based line of byte `offset` in UTF-8 (or other ASCII-compatible) `bytes`.
func lineNumber(atByteOffset offset: Int, in bytes: [UInt8]) -> Int {
    var line = 1
    for byte in bytes[..<min(max(offset, 0), bytes.count)] where byte == 0x0A { line += 1 }
    return line
}

/// A text catalog's bytes as UTF-8 without a byte order mark: UTF-16 with a byte order mark is
/// converted, anything else must be UTF-8 (a UTF-8 byte order mark is dropped).
///
/// - Throws: `CellHeightError.invalidInput` with the line of the first ill-formed sequence.
func catalogUTF8(_ bytes: [UInt8], path: String) throws -> [UInt8] {
    if startsWithUTF16ByteOrderMark(bytes) {
        let order: UTF16ByteOrder = bytes[0] == 0xFF ? .littleEndian : .bigEndian
        let result = decodeUTF16Input(bytes.dropFirst(2), byteOrder: order)
        if let offset = result.firstInvalidOffset {
            var line = 1
            var unit = 2
            while unit + 1 < offset + 2, unit + 1 < bytes.count {
                let value = order == .littleEndian ? UInt16(bytes[unit]) | UInt16(bytes[unit + 1]) << 8
                                                   : UInt16(bytes[unit]) << 8 | UInt16(bytes[unit + 1])
                if value == 0x0A { line += 1 }
                unit += 2
            }
            throw catalogError(path, line: line, "invalid UTF-16 at byte offset \(offset + 2)")
        }
        return Array(result.text.utf8)
    }
    if let order = utf16OrderWithoutMark(bytes) {
        throw catalogError(path, line: 1, "\(utf16Name(order)) without a byte order mark: save it as UTF-8 (or UTF-16 with a byte order mark)")
    }
    let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
    if let offset = scanUTF8(body, stopAtFirstError: true).firstInvalidOffset {
        let bom = body.count == bytes.count ? 0 : 3
        throw catalogError(path, line: lineNumber(atByteOffset: offset, in: body),
                           "invalid UTF-8 at byte offset \(offset + bom)")
    }
    return body
}

/// The byte order of what looks like UTF-16 without a byte order mark (text mostly ASCII has a NUL
/// in every other byte, and none between); nil for anything else. Looks at the first 64 pairs.
func utf16OrderWithoutMark(_ bytes: [UInt8]) -> UTF16ByteOrder? {
    let pairs = min(bytes.count / 2, 64)
    guard pairs >= 2, !startsWithUTF16ByteOrderMark(bytes) else { return nil }
    var evenNULs = 0, oddNULs = 0
    for pair in 0..<pairs {
        if bytes[2 * pair] == 0 { evenNULs += 1 }
        if bytes[2 * pair + 1] == 0 { oddNULs += 1 }
    }
    if evenNULs == 0, oddNULs * 4 >= pairs * 3 { return .littleEndian }
    if oddNULs == 0, evenNULs * 4 >= pairs * 3 { return .bigEndian }
    return nil
}

/// "UTF-16 (little-endian)" or "UTF-16 (big-endian)", for messages.
func utf16Name(_ order: UTF16ByteOrder) -> String {
    "UTF-16 (\(order == .littleEndian ? "little" : "big")-endian)"
}

/// How a gettext catalog's strings are encoded, from the `charset=` of its header's Content-Type:
/// UTF-8 and ISO-8859-1 are decoded here, any other charset by ICU's converters (ISO-8859-x,
/// KOI8-R, EUC-JP, EUC-KR, CP1251, ...), as gettext decodes them with iconv.
enum GettextCharset: Equatable {
    case utf8
    case latin1
    /// A charset ICU converts, by the name the header gives.
    case converted(String)

    /// The charset a header names; nil when no converter knows it. A template's placeholder
    /// `CHARSET` and ASCII read as UTF-8.
    ///
    /// - Parameter bytesAreParsed: whether the file's syntax is read from the bytes before they are
    ///   decoded (a `.po` file): then charsets whose multi-byte characters can hold ASCII bytes
    ///   (`"` or `\\` as a second byte: Shift_JIS, Big5, GBK, GB18030, JOHAB) cannot be read, as
    ///   gettext itself special-cases them.
    init?(headerName: String, bytesAreParsed: Bool = false) {
        let name = headerName.uppercased()
        switch name {
        case "", "UTF-8", "UTF8", "CHARSET", "ASCII", "US-ASCII", "ANSI_X3.4-1968": self = .utf8
        case "ISO-8859-1", "ISO8859-1", "LATIN1", "LATIN-1": self = .latin1
        default:
            let asciiInTrailBytes = ["SHIFT_JIS", "SJIS", "CP932", "BIG5", "BIG5-HKSCS", "GBK", "GB18030", "CP936", "JOHAB"]
            if bytesAreParsed && asciiInTrailBytes.contains(name) { return nil }
            guard !headerName.contains("\0"), icub_charset_is_known(headerName) != 0 else { return nil }
            self = .converted(headerName)
        }
    }

    /// The text of `bytes`, nil when they are not valid in this charset.
    func decode(_ bytes: [UInt8]) -> String? {
        switch self {
        case .utf8:
            guard scanUTF8(bytes, stopAtFirstError: true).firstInvalidOffset == nil else { return nil }
            return String(decoding: bytes, as: UTF8.self)
        case .latin1:
            return String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
        case .converted(let name):
            guard !bytes.isEmpty else { return "" }
            // A byte becomes at most two UTF-16 units in every charset ICU converts (one code point).
            var units = [UInt16](repeating: 0, count: bytes.count * 2 + 1)
            let count = bytes.withUnsafeBufferPointer { input in
                input.withMemoryRebound(to: CChar.self) { input in
                    icub_convert_to_utf16(name, input.baseAddress, Int32(input.count), &units, Int32(units.count))
                }
            }
            guard count >= 0, Int(count) <= units.count else { return nil }
            return String(decoding: units[..<Int(count)], as: UTF16.self)
        }
    }
}

/// The fields of a gettext header entry (the msgstr of msgid ""), e.g. ["Language": "de",
/// "Content-Type": "text/plain; charset=UTF-8"].
struct GettextHeader: Equatable {
    var fields: [String: String] = [:]

    init(_ text: String) {
        for line in text.split(separator: "\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].trimmingCharacters(in: .whitespaces)
            fields[name] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
    }

    /// The header's `Language`, e.g. "pt_BR"; nil when it is missing or empty.
    var language: String? {
        fields["Language"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The `charset=` of its Content-Type, e.g. "UTF-8"; "" when there is none.
    var charsetName: String {
        guard let type = fields["Content-Type"], let range = type.range(of: "charset=") else { return "" }
        return String(type[range.upperBound...].prefix { !$0.isWhitespace && $0 != ";" })
    }
}
