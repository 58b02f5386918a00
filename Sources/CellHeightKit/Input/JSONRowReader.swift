/// Rows for the `json` format: a top-level array whose elements are strings or objects with a
/// string `text` and an optional `id`. Each row's source line is the line its element starts on.
///
/// - Parameter requireText: whether an object must have a string `text` (false for templates,
///   whose rows name their own fields).
func readJSONRows(_ bytes: [UInt8], source: String, requireText: Bool = true) throws -> [Row] {
    let document = try parseJSONDocument(bytes, source: source)
    guard case .array(let elements) = document.value else {
        throw CellHeightError.invalidInput(
            source: source, line: document.line,
            reason: "top-level value must be an array, found \(document.value.kindDescription)")
    }
    return try zip(elements, document.elementLines).enumerated().map { index, element in
        try makeRow(from: element.0, index: index, line: element.1, subject: "element \(index)", source: source,
                    requireText: requireText)
    }
}

/// The rows of one part of a `json` input read in parts (see `JSONParser.parseArrayPart`):
/// `bytes`, which start on line `firstLine` in column `firstColumn`, hold the elements from
/// `firstIndex` on; `state` carries where the array stands from part to part.
func readJSONArrayPart(_ bytes: [UInt8], state: inout JSONParser.ArrayPartState, isLast: Bool, firstIndex: Int,
                       firstLine: Int, firstColumn: Int, source: String, requireText: Bool = true) throws -> [Row] {
    var parser = JSONParser(bytes: bytes, firstLine: firstLine, firstColumn: firstColumn)
    let part: (values: [JSONValue], lines: [Int])
    do {
        part = try parser.parseArrayPart(state: &state, isLast: isLast)
    } catch let error as JSONSyntaxError {
        throw CellHeightError.invalidJSON(source: source, line: error.line, column: error.column, reason: error.reason)
    }
    return try zip(part.values, part.lines).enumerated().map { offset, element in
        let index = firstIndex + offset
        return try makeRow(from: element.0, index: index, line: element.1, subject: "element \(index)", source: source,
                           requireText: requireText)
    }
}

/// Rows for the `ndjson` format: one string or object per non-blank line (`requireText` as for `json`).
func readNDJSONRows(_ bytes: [UInt8], source: String, requireText: Bool = true) throws -> [Row] {
    var rows: [Row] = []
    for line in splitLines(bytes) where !isBlankLine(line, in: bytes) {
        rows.append(try readNDJSONRow(bytes, line: line, index: rows.count, source: source, requireText: requireText))
    }
    return rows
}

/// The row of one NDJSON line (not blank), as `readNDJSONRows` reads it.
func readNDJSONRow(_ bytes: [UInt8], line: InputLine, index: Int, source: String, requireText: Bool) throws -> Row {
    // Most lines are a string, or an object of a string "text" and perhaps a string "id": read
    // those straight from their bytes (no JSON values, no dictionary); `JSONParser` reads the rest
    // and reports errors.
    if let row = readPlainNDJSONRow(bytes, line: line, index: index) { return row }
    return try readNDJSONRowParsing(bytes, line: line, index: index, source: source, requireText: requireText)
}

/// The row of a plain NDJSON line (see `plainNDJSONRow`), nil for any other line.
func readPlainNDJSONRow(_ bytes: [UInt8], line: InputLine, index: Int) -> Row? {
    bytes.withUnsafeBufferPointer { buffer -> Row? in
        guard let plain = plainNDJSONRow(buffer, line.range) else { return nil }
        let contents = UnsafeBufferPointer(rebasing: buffer[plain.text])
        let text = plain.textIsEscaped ? unescapedPlainJSONString(contents) : String(decoding: contents, as: UTF8.self)
        let id = plain.id.map { String(decoding: UnsafeBufferPointer(rebasing: buffer[$0]), as: UTF8.self) }
        return Row(index: index, id: id, text: text, sourceLine: line.number)
    }
}

/// The row of one NDJSON line parsed by `JSONParser` (every line, valid or not).
func readNDJSONRowParsing(_ bytes: [UInt8], line: InputLine, index: Int, source: String, requireText: Bool) throws -> Row {
    let document = try parseJSONDocument(bytes, range: line.range, firstLine: line.number, source: source)
    return try makeRow(from: document.value, index: index, line: line.number, subject: "value", source: source,
                       requireText: requireText)
}

/// Parses JSON, turning a syntax error into `CellHeightError.invalidJSON`.
func parseJSONDocument(_ bytes: [UInt8], range: Range<Int>? = nil, firstLine: Int = 1,
                               source: String) throws -> JSONDocument {
    var parser = JSONParser(bytes: bytes, range: range, firstLine: firstLine)
    do {
        return try parser.parseDocument()
    } catch let error as JSONSyntaxError {
        throw CellHeightError.invalidJSON(source: source, line: error.line, column: error.column, reason: error.reason)
    }
}

/// A row from one JSON value: a string is the text; an object gives `text` (a string, required
/// unless `requireText` is false) and `id` (a string or number, kept as written; null or missing
/// means no id). Every string or number member, these two included, is also kept in `fields`, and
/// a boolean `untranslated` as "true" or "false" (see `Row.isUntranslated`); other members are
/// ignored. An object whose only such members are `text` and `id` leaves
/// `fields` nil, which says the same (see `Row.fields`).
///
/// - Parameter subject: how messages name the value, e.g. "element 3" or "value" (made only for a message).
private func makeRow(from value: JSONValue, index: Int, line: Int, subject: @autoclosure () -> String, source: String,
                     requireText: Bool) throws -> Row {
    func shapeError(_ reason: String) -> CellHeightError {
        .invalidInput(source: source, line: line, reason: reason)
    }
    switch value {
    case .string(let text):
        return Row(index: index, text: text, sourceLine: line)
    case .object(let object):
        let fields = hasOnlyTextAndID(object) ? nil : stringAndNumberMembers(of: object)
        let text: String
        if case .string(let string)? = object["text"] {
            text = string
        } else if !requireText {
            if case .number(let number)? = object["text"] { text = number } else { text = "" }
        } else {
            throw shapeError("\(subject()) has no string \"text\"")
        }
        let id: String?
        switch object["id"] {
        case .string(let string)?: id = string
        case .number(let number)?: id = number
        case .null?, nil: id = nil
        case let other?:
            throw shapeError("\(subject()) has an \"id\" that is \(other.kindDescription), not a string or a number")
        }
        return Row(index: index, id: id, text: text, sourceLine: line, fields: fields)
    default:
        throw shapeError("\(subject()) is \(value.kindDescription), not a string or an object")
    }
}

/// Whether an object's string and number members are `text` and perhaps `id`, with `text` the
/// last member of that name (so the row's `text` and `id` are its fields).
private func hasOnlyTextAndID(_ object: JSONObject) -> Bool {
    for member in object.members where member.key != "text" && member.key != "id" {
        switch member.value {
        case .string, .number: return false
        case .bool where member.key == "untranslated": return false
        default: continue
        }
    }
    switch object["text"] {
    case .string?, .number?: return true
    default: return false
    }
}

/// An object's string and number members (numbers as written); for duplicate keys the last one wins.
private func stringAndNumberMembers(of object: JSONObject) -> [String: String] {
    var fields: [String: String] = [:]
    fields.reserveCapacity(object.members.count)
    for member in object.members {
        switch member.value {
        case .string(let value), .number(let value): fields[member.key] = value
        case .bool(let value) where member.key == "untranslated": fields[member.key] = String(value)
        default: fields[member.key] = nil
        }
    }
    return fields
}
