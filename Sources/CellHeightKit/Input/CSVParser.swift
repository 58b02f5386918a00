/// One CSV record: its fields and the 1-based line it starts on.
struct CSVRecord: Equatable {
    var line: Int
    var fields: [String]
}

/// Splits CSV text (valid UTF-8) into records per RFC 4180: fields separated by commas, records
/// by CRLF or LF; a field in double quotes may hold commas, line breaks and doubled quotes (`""`).
///
/// Line numbers count every "\n", those inside quoted fields too, so a record's `line` is where it
/// starts in the file. A CRLF inside a quoted field becomes "\n" (as the `lines` reader strips CRLF
/// line endings). Empty lines between records are skipped. A final line break is optional.
///
/// - Throws: `CellHeightError.invalidInput` with the line of the problem: a quote inside an
///   unquoted field, text after a closing quote, or a quoted field that is never closed (reported
///   at the line of its opening quote).
func parseCSVRecords(_ bytes: [UInt8], source: String) throws -> [CSVRecord] {
    let quote = UInt8(ascii: "\""), comma = UInt8(ascii: ","), lf = UInt8(ascii: "\n"), cr = UInt8(ascii: "\r")
    var records: [CSVRecord] = []
    var fields: [String] = []
    var field: [UInt8] = []
    var line = 1
    var recordLine = 1
    /// Whether the current record has anything in it yet (an empty line has nothing).
    var recordHasContent = false
    var atFieldStart = true
    var index = 0

    func error(_ reason: String, line: Int) -> CellHeightError {
        .invalidInput(source: source, line: line, reason: reason)
    }
    func endField() {
        fields.append(String(decoding: field, as: UTF8.self))
        field.removeAll(keepingCapacity: true)
        atFieldStart = true
    }
    func endRecord() {
        if recordHasContent { records.append(CSVRecord(line: recordLine, fields: fields)) }
        fields.removeAll()
        recordHasContent = false
    }
    /// The length of the line break at `position` (2 for CRLF, 1 for LF), or 0 if there is none.
    func lineBreakLength(at position: Int) -> Int {
        if bytes[position] == lf { return 1 }
        if bytes[position] == cr, position + 1 < bytes.count, bytes[position + 1] == lf { return 2 }
        return 0
    }

    while index < bytes.count {
        let byte = bytes[index]
        let breakLength = lineBreakLength(at: index)
        if breakLength > 0 {
            if recordHasContent { endField() }
            endRecord()
            index += breakLength
            line += 1
            recordLine = line
            atFieldStart = true
            continue
        }
        recordHasContent = true
        if byte == comma {
            endField()
            index += 1
        } else if byte == quote, atFieldStart {
            let openingLine = line
            index += 1
            while true {
                guard index < bytes.count else {
                    throw error("quoted field never closed (its opening quote is on this line)", line: openingLine)
                }
                if bytes[index] == quote {
                    if index + 1 < bytes.count, bytes[index + 1] == quote {
                        field.append(quote)
                        index += 2
                        continue
                    }
                    index += 1
                    break
                }
                if lineBreakLength(at: index) == 2 {
                    // A CRLF inside a quoted field is the file's line ending: keep only the LF, which
                    // is what forces a line break in the layout (a CR would be drawn).
                    index += 1
                }
                if bytes[index] == lf { line += 1 }
                field.append(bytes[index])
                index += 1
            }
            atFieldStart = false
            if index < bytes.count, bytes[index] != comma, lineBreakLength(at: index) == 0 {
                throw error("unexpected text after a closing quote (a quote inside a quoted field is written \"\")",
                            line: line)
            }
        } else if byte == quote {
            throw error("quote inside an unquoted field (quote the whole field and double the quote: \"a \"\"b\"\"\")",
                        line: line)
        } else {
            field.append(byte)
            atFieldStart = false
            index += 1
        }
    }
    if recordHasContent { endField() }
    endRecord()
    return records
}
