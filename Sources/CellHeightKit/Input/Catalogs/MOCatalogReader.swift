/// gettext's compiled MO files, read with every offset and length checked against the file.
///
/// Layout (all numbers 32-bit, in the byte order the magic number 0x950412de is written in):
/// magic, revision, message count N, offset of the original strings' table, offset of the
/// translations' table, then (ignored here) the hash table. Each table has N entries of (length,
/// offset); an original is `msgid`, `context\u{4}msgid`, or for a plural `msgid\0msgid_plural`; a
/// translation is the forms separated by NUL. The system-dependent strings of revision 1 are not
/// read (msgfmt writes them only for `<inttypes.h>` format macros).
///
/// An MO file has no lines: each row's `sourceLine` is the 1-based index of its message in the
/// file (msgfmt sorts messages by msgid, so this is not the .po order), and errors give the byte
/// offset in the reason. Rows are as `readPOCatalog` makes them from the same messages.
func readMOCatalog(_ bytes: [UInt8], path: String) throws -> [CatalogMessage] {
    let reader = MOReader(bytes: bytes, path: path)
    let littleEndian: Bool
    switch reader.word(0, littleEndian: true) {
    case 0x9504_12DE: littleEndian = true
    case 0xDE12_0495: littleEndian = false
    case nil: throw reader.error(0, "too short for an MO file (\(bytes.count) bytes)")
    default: throw reader.error(0, "not an MO file (no magic number 0x950412de)")
    }
    func word(_ offset: Int, _ what: String) throws -> Int {
        guard let value = reader.word(offset, littleEndian: littleEndian) else {
            throw reader.error(offset, "truncated: the file ends inside the \(what)")
        }
        return Int(value)
    }
    let revision = try word(4, "header")
    guard revision >> 16 <= 1 else { throw reader.error(4, "unknown MO revision \(revision >> 16).\(revision & 0xFFFF)") }
    let count = try word(8, "header")
    let originals = try word(12, "header")
    let translations = try word(16, "header")

    /// The bytes of string `index` of the table at `table`.
    func string(_ table: Int, _ index: Int, _ what: String) throws -> [UInt8] {
        let entry = table + index * 8
        let length = try word(entry, "\(what) table")
        let offset = try word(entry + 4, "\(what) table")
        guard offset <= bytes.count, length <= bytes.count - offset else {
            throw reader.error(entry, "\(what) \(index + 1) (\(length) bytes at offset \(offset)) goes past the end of the file (\(bytes.count) bytes)")
        }
        return Array(bytes[offset..<(offset + length)])
    }
    // Both tables must fit before anything is read, so a huge count fails at once.
    for (table, what) in [(originals, "original strings"), (translations, "translations")]
    where table > bytes.count || count > (bytes.count - table) / 8 {
        throw reader.error(table, "truncated: \(count) messages do not fit in the \(what) table at offset \(table)")
    }

    var raw: [(original: [UInt8], translation: [UInt8])] = []
    raw.reserveCapacity(count)
    for index in 0..<count {
        raw.append((try string(originals, index, "original string"), try string(translations, index, "translation")))
    }

    var header = GettextHeader("")
    if let first = raw.first(where: { $0.original.isEmpty }) {
        header = GettextHeader(String(decoding: first.translation, as: UTF8.self))
    }
    guard let charset = GettextCharset(headerName: header.charsetName) else {
        throw reader.error(0, "unsupported charset \(header.charsetName)")
    }
    let locale = header.language ?? gettextLocale(fromPath: path)

    var messages: [CatalogMessage] = []
    for (index, message) in raw.enumerated() where !message.original.isEmpty {
        func decode(_ part: ArraySlice<UInt8>, _ what: String) throws -> String {
            guard let text = charset.decode(Array(part)) else {
                throw reader.error(translations + index * 8, "message \(index + 1): invalid \(header.charsetName.isEmpty ? "UTF-8" : header.charsetName) in the \(what)")
            }
            return text
        }
        let originalParts = message.original.split(separator: 0, omittingEmptySubsequences: false)
        var msgidPart = originalParts[0]
        var context: String?
        if let separator = msgidPart.firstIndex(of: 0x04) {
            context = try decode(msgidPart[..<separator], "context")
            msgidPart = msgidPart[(separator + 1)...]
        }
        let msgid = try decode(msgidPart, "original string")
        let msgidPlural = originalParts.count > 1 ? try decode(originalParts[1], "original string") : nil
        let forms = message.translation.split(separator: 0, omittingEmptySubsequences: false)

        var base = CatalogMessage(key: context.map { "\($0)|\(msgid)" } ?? msgid, text: "", locale: locale, line: index + 1)
        if let context { base.extraFields["context"] = context }
        for (n, form) in forms.enumerated() {
            var row = base
            if msgidPlural != nil {
                row.variants = [String(n)]
                row.extraFields["plural"] = String(n)
            }
            if form.isEmpty {
                row.text = n == 0 ? msgid : msgidPlural ?? msgid
                row.extraFields["untranslated"] = "true"
            } else {
                row.text = try decode(form, "translation")
            }
            messages.append(row)
        }
    }
    return messages
}

/// Bounds-checked reads from an MO file.
private struct MOReader {
    let bytes: [UInt8]
    let path: String

    /// The 32-bit number at `offset`, nil when it does not fit in the file.
    func word(_ offset: Int, littleEndian: Bool) -> UInt32? {
        guard offset >= 0, offset <= bytes.count - 4 else { return nil }
        let b = bytes[offset..<(offset + 4)].map(UInt32.init)
        return littleEndian ? b[0] | b[1] << 8 | b[2] << 16 | b[3] << 24 : b[0] << 24 | b[1] << 16 | b[2] << 8 | b[3]
    }

    func error(_ offset: Int, _ reason: String) -> CellHeightError {
        catalogError(path, line: nil, "offset \(offset): \(reason)")
    }
}
