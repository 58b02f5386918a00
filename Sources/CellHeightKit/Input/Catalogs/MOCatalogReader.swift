/// gettext's compiled MO files, read with every offset and length checked against the file.
///
/// Layout (all numbers 32-bit, in the byte order the magic number 0x950412de is written in):
/// magic, revision, message count N, offset of the original strings' table, offset of the
/// translations' table, then (ignored here) the hash table. Each table has N entries of (length,
/// offset); an original is `msgid`, `context\u{4}msgid`, or for a plural `msgid\0msgid_plural`; a
/// translation is the forms separated by NUL. From minor revision 1 on, messages whose format
/// strings depend on the system (`%<PRId64>`, glibc's `%Id` with locale digits, common in Arabic and
/// Persian catalogs) are kept apart: static pieces of text alternating with named "system-dependent
/// segments". They are put back together here with each segment's name, as the .po file has them
/// (`%Id`, `%<PRId64>`), and come after the static messages.
///
/// An MO file has no lines: each row's `sourceLine` is the 1-based index of its message in the
/// file (static messages first, sorted by msgid as msgfmt writes them, so this is not the .po
/// order; then the system-dependent ones), and errors give the byte offset in the reason. Rows are
/// as `readPOCatalog` makes them from the same messages.
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

    // msgfmt writes each string once, so the strings fit in the file; a hostile file could point
    // a million entries at one large region and make the reader copy it a million times.
    var budget = MOReader.expansionBudget(fileSize: bytes.count)
    /// The bytes of string `index` of the table at `table`.
    func string(_ table: Int, _ index: Int, _ what: String) throws -> [UInt8] {
        let entry = table + index * 8
        let length = try word(entry, "\(what) table")
        let offset = try word(entry + 4, "\(what) table")
        guard offset <= bytes.count, length <= bytes.count - offset else {
            throw reader.error(entry, "\(what) \(index + 1) (\(length) bytes at offset \(offset)) goes past the end of the file (\(bytes.count) bytes)")
        }
        budget -= length
        guard budget >= 0 else { throw reader.error(entry, MOReader.overlapReason) }
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
    if revision & 0xFFFF >= 1 {
        raw += try readSystemDependentMessages(word: word, reader: reader, budget: &budget)
    }

    var header = GettextHeader("")
    if let first = raw.first(where: { $0.original.isEmpty }) {
        header = GettextHeader(String(decoding: first.translation, as: UTF8.self))
    }
    guard let charset = GettextCharset(headerName: header.charsetName) else {
        throw reader.error(0, "unsupported charset \(header.charsetName)")
    }
    let locale = gettextCatalogLocale(header: header, path: path)

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

/// The system-dependent messages of a minor revision 1 file, each string reassembled from its
/// static pieces and its segments' names.
///
/// Header words from offset 28: segment count, segment table offset (each segment a (length,
/// offset) of its name), message count, and the offsets of two tables (originals, translations) of
/// 32-bit offsets, each to a string: the offset of its static text, then (size of the next static
/// piece, segment index) pairs ending with segment index 0xFFFFFFFF.
private func readSystemDependentMessages(word: (Int, String) throws -> Int, reader: MOReader,
                                         budget: inout Int) throws -> [(original: [UInt8], translation: [UInt8])] {
    let size = reader.bytes.count
    let segmentCount = try word(28, "header")
    let segmentTable = try word(32, "header")
    let count = try word(36, "header")
    let originals = try word(40, "header")
    let translations = try word(44, "header")
    guard segmentTable <= size, segmentCount <= (size - segmentTable) / 8 else {
        throw reader.error(segmentTable, "truncated: \(segmentCount) system-dependent segments do not fit in the file")
    }
    var names: [[UInt8]] = []
    for index in 0..<segmentCount {
        let length = try word(segmentTable + index * 8, "segment table"), offset = try word(segmentTable + index * 8 + 4, "segment table")
        guard offset <= size, length <= size - offset else {
            throw reader.error(segmentTable + index * 8, "system-dependent segment \(index + 1) goes past the end of the file")
        }
        var name = Array(reader.bytes[offset..<(offset + length)])
        if name.last == 0 { name.removeLast() }  // msgfmt counts the name's NUL, e.g. "I\0"
        names.append(name)
    }
    for table in [originals, translations] where table > size || count > (size - table) / 4 {
        throw reader.error(table, "truncated: \(count) system-dependent messages do not fit in the table at offset \(table)")
    }
    func string(at descriptor: Int) throws -> [UInt8] {
        var staticOffset = try word(descriptor, "system-dependent string")
        var result: [UInt8] = []
        var pair = descriptor + 4
        // Each pair is 8 bytes of the file, so one string's loop ends within n / 8 steps; the budget
        // (pairs walked and bytes made) keeps strings that share pairs or repeat a long segment
        // from making the whole file's work quadratic.
        while true {
            let pieceSize = try word(pair, "system-dependent string"), segment = try word(pair + 4, "system-dependent string")
            guard staticOffset <= size, pieceSize <= size - staticOffset else {
                throw reader.error(pair, "a system-dependent string's text goes past the end of the file")
            }
            budget -= 8 + pieceSize
            guard budget >= 0 else { throw reader.error(pair, MOReader.overlapReason) }
            result += reader.bytes[staticOffset..<(staticOffset + pieceSize)]
            staticOffset += pieceSize
            if segment == 0xFFFF_FFFF { break }
            guard segment < names.count else {
                throw reader.error(pair + 4, "system-dependent segment \(segment) does not exist (\(names.count) segments)")
            }
            budget -= names[segment].count
            guard budget >= 0 else { throw reader.error(pair, MOReader.overlapReason) }
            result += names[segment]
            pair += 8
        }
        if result.last == 0 { result.removeLast() }  // the last piece ends with the string's NUL
        return result
    }
    return try (0..<count).map { index in
        (try string(at: word(originals + index * 4, "system-dependent table")),
         try string(at: word(translations + index * 4, "system-dependent table")))
    }
}

/// Bounds-checked reads from an MO file.
private struct MOReader {
    let bytes: [UInt8]
    let path: String

    /// How many bytes of strings (and of system-dependent pairs) a file may make the reader copy:
    /// twice its size and 64 KiB, far above what msgfmt writes (every string once).
    static func expansionBudget(fileSize: Int) -> Int {
        2 * fileSize + (1 << 16)
    }

    static let overlapReason = "the strings overlap far more than an MO file's can (more bytes than twice the file's size)"

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
