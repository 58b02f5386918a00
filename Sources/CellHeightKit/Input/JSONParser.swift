import CellHeightEngine

/// A JSON syntax error at a 1-based line and column (columns count Unicode scalars, so "é" is one column).
struct JSONSyntaxError: Error, Equatable {
    var line: Int
    var column: Int
    var reason: String
}

/// A parsed JSON text: its value, the line the value starts on, and, when the value is an array,
/// the line each element starts on (rows report where they came from).
struct JSONDocument: Equatable {
    var value: JSONValue
    var line: Int
    var elementLines: [Int]
}

/// A strict RFC 8259 JSON parser that knows where it is, for exact error positions.
///
/// It is iterative (an explicit stack of open arrays and objects) so deep nesting cannot overflow
/// the call stack; nesting beyond `maximumDepth` is reported as an error anyway.
struct JSONParser {
    static let maximumDepth = 512

    private let bytes: [UInt8]
    private let end: Int
    private var index: Int
    private var line: Int
    /// Byte index where the current line starts, for computing columns.
    private var lineStart: Int
    /// The line the parsed bytes start on, and how many columns precede them on it (for a part of
    /// a larger input cut mid-line, see `parseArrayPart`).
    private let firstLine: Int
    private let firstLineColumns: Int

    /// An array or object whose closing bracket has not been reached yet.
    private struct OpenContainer {
        var isObject: Bool
        var elements: [JSONValue] = []
        var members: [JSONMember] = []
        /// For objects: the key whose value is being parsed.
        var pendingKey = ""
        /// For objects: the line where that value starts.
        var pendingLine = 0
    }

    /// Parses `bytes[range]` (valid UTF-8), whose first byte is on line `firstLine`, in column
    /// `firstColumn`.
    init(bytes: [UInt8], range: Range<Int>? = nil, firstLine: Int = 1, firstColumn: Int = 1) {
        let range = range ?? bytes.indices
        self.bytes = bytes
        self.end = range.upperBound
        self.index = range.lowerBound
        self.line = firstLine
        self.lineStart = range.lowerBound
        self.firstLine = firstLine
        self.firstLineColumns = firstColumn - 1
    }

    /// Parses exactly one JSON value, surrounded by optional whitespace.
    mutating func parseDocument() throws -> JSONDocument {
        skipWhitespace()
        let documentLine = line
        var elementLines: [Int] = []
        let completed = try parseValue(depth: 0, elementLines: &elementLines)
        skipWhitespace()
        if index < end { throw error("unexpected \(foundDescription()) after the value") }
        return JSONDocument(value: completed, line: documentLine, elementLines: elementLines)
    }

    /// Where a top-level array read in parts stands between two parts (see `parseArrayPart`).
    enum ArrayPartState {
        case beforeArray, afterOpen, afterComma, afterValue, closed
    }

    /// Parses one part of an input that is a top-level array read in parts, each cut between
    /// two of the array's own tokens (never inside an element), from `state`: the elements the
    /// part holds and the line each starts on. `isLast`: the part ends the input (the array must
    /// be closed by then). Errors are those `parseDocument` gives on the whole input.
    mutating func parseArrayPart(state: inout ArrayPartState, isLast: Bool) throws -> (values: [JSONValue], lines: [Int]) {
        var values: [JSONValue] = []
        var lines: [Int] = []
        var unused: [Int] = []
        while true {
            skipWhitespace()
            guard index < end else {
                guard isLast else { return (values, lines) }
                switch state {
                case .closed: return (values, lines)
                case .afterValue: throw error("expected ',' or ']', found end of input")
                case .beforeArray, .afterOpen, .afterComma: throw error("expected a value, found end of input")
                }
            }
            switch state {
            case .beforeArray:
                // The reader reads in parts only an input whose first character is "[".
                index += 1
                state = .afterOpen
            case .afterOpen, .afterComma:
                if state == .afterOpen, consume("]") {
                    state = .closed
                    continue
                }
                lines.append(line)
                // The array itself is the first level of nesting.
                values.append(try parseValue(depth: 1, elementLines: &unused))
                state = .afterValue
            case .afterValue:
                if consume(",") {
                    state = .afterComma
                } else if consume("]") {
                    state = .closed
                } else {
                    throw error("expected ',' or ']', found \(foundDescription())")
                }
            case .closed:
                throw error("unexpected \(foundDescription()) after the value")
            }
        }
    }

    /// Parses one value at the current position, nested `depth` levels deep; with `depth` 0,
    /// records the line each element of a top-level array starts on in `elementLines`.
    private mutating func parseValue(depth: Int, elementLines: inout [Int]) throws -> JSONValue {
        var stack: [OpenContainer] = []
        var completed: JSONValue

        valueLoop: while true {
            // A value is expected here.
            skipWhitespace()
            if depth == 0, stack.count == 1, !stack[0].isObject { elementLines.append(line) }
            if let top = stack.indices.last, stack[top].isObject { stack[top].pendingLine = line }
            guard let byte = peek() else { throw error("expected a value, found end of input") }
            switch byte {
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                guard depth + stack.count < Self.maximumDepth else {
                    throw error("nesting deeper than \(Self.maximumDepth)")
                }
                let isObject = byte == UInt8(ascii: "{")
                index += 1
                skipWhitespace()
                if consume(isObject ? "}" : "]") {
                    completed = isObject ? .object(JSONObject()) : .array([])
                } else {
                    var container = OpenContainer(isObject: isObject)
                    if isObject {
                        // Room for a row object's few members up front: growing from empty
                        // reallocates on the second member.
                        container.members.reserveCapacity(4)
                        container.pendingKey = try parseKey()
                    }
                    stack.append(container)
                    continue valueLoop
                }
            default:
                completed = try parseScalar()
            }

            // Hand the finished value to its container; close containers whose end follows.
            while !stack.isEmpty {
                skipWhitespace()
                let top = stack.count - 1
                if stack[top].isObject {
                    stack[top].members.append(JSONMember(key: stack[top].pendingKey, value: completed,
                                                         line: stack[top].pendingLine))
                    if consume(",") {
                        skipWhitespace()
                        stack[top].pendingKey = try parseKey()
                        continue valueLoop
                    }
                    guard consume("}") else { throw error("expected ',' or '}', found \(foundDescription())") }
                    completed = .object(JSONObject(members: stack.removeLast().members))
                } else {
                    stack[top].elements.append(completed)
                    if consume(",") { continue valueLoop }
                    guard consume("]") else { throw error("expected ',' or ']', found \(foundDescription())") }
                    completed = .array(stack.removeLast().elements)
                }
            }
            break valueLoop
        }
        return completed
    }

    // MARK: - Scalars

    private mutating func parseScalar() throws -> JSONValue {
        switch peek()! {
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        case UInt8(ascii: "t"): try parseLiteral("true"); return .bool(true)
        case UInt8(ascii: "f"): try parseLiteral("false"); return .bool(false)
        case UInt8(ascii: "n"): try parseLiteral("null"); return .null
        default: throw error("expected a value, found \(foundDescription())")
        }
    }

    /// An object key and the ':' after it.
    private mutating func parseKey() throws -> String {
        guard peek() == UInt8(ascii: "\"") else { throw error("expected a string key, found \(foundDescription())") }
        let key = try parseString()
        skipWhitespace()
        guard consume(":") else { throw error("expected ':', found \(foundDescription())") }
        return key
    }

    private mutating func parseLiteral(_ word: String) throws {
        for expected in word.utf8 {
            guard peek() == expected else { throw error("invalid literal, expected \(word)") }
            index += 1
        }
    }

    private mutating func parseNumber() throws -> JSONValue {
        let start = index
        _ = consume("-")
        if !consume("0") { try skipDigits() }
        if consume(".") { try skipDigits() }
        if consume("e") || consume("E") {
            if !consume("+") { _ = consume("-") }
            try skipDigits()
        }
        return .number(String(decoding: bytes[start..<index], as: UTF8.self))
    }

    /// One or more digits.
    private mutating func skipDigits() throws {
        guard let byte = peek(), isDigit(byte) else { throw error("expected a digit, found \(foundDescription())") }
        while let byte = peek(), isDigit(byte) { index += 1 }
    }

    private mutating func parseString() throws -> String {
        index += 1  // opening quote
        // Runs of plain bytes are found eight at a time and decoded in one go; only strings with
        // escapes are put together in `decoded` (an escape always adds to it).
        var decoded: [UInt8] = []
        var runStart = index
        while true {
            index = plainRunEnd(from: index)
            guard index < end else { throw error("unterminated string") }
            switch bytes[index] {
            case UInt8(ascii: "\""):
                defer { index += 1 }
                if decoded.isEmpty { return String(decoding: bytes[runStart..<index], as: UTF8.self) }
                decoded.append(contentsOf: bytes[runStart..<index])
                return String(decoding: decoded, as: UTF8.self)
            case UInt8(ascii: "\\"):
                decoded.append(contentsOf: bytes[runStart..<index])
                try parseEscape(into: &decoded)
                runStart = index
            default:
                throw error("unescaped control character \(scalarName(UInt32(bytes[index]))) in string")
            }
        }
    }

    /// Where the plain bytes of a string from `start` end: at its closing quote, a backslash, a
    /// control character or the end of the input.
    private func plainRunEnd(from start: Int) -> Int {
        bytes.withUnsafeBufferPointer { bytes in
            var i = start
            if let base = bytes.baseAddress {
                while i &+ 8 <= end {
                    let block = ByteBlock.load(base + i)
                    if ByteBlock.hasByte(0x22, in: block) || ByteBlock.hasByte(0x5C, in: block)
                        || ByteBlock.hasByte(below: 0x20, in: block) { break }
                    i &+= 8
                }
            }
            while i < end, bytes[i] != UInt8(ascii: "\""), bytes[i] != UInt8(ascii: "\\"), bytes[i] >= 0x20 { i += 1 }
            return i
        }
    }

    /// An escape sequence starting at the backslash; errors point at the backslash.
    private mutating func parseEscape(into decoded: inout [UInt8]) throws {
        let escapeStart = index
        index += 1
        guard let letter = peek() else { throw error("unterminated string") }
        index += 1
        let simple: UInt8?
        switch letter {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): simple = letter
        case UInt8(ascii: "b"): simple = 0x08
        case UInt8(ascii: "f"): simple = 0x0C
        case UInt8(ascii: "n"): simple = 0x0A
        case UInt8(ascii: "r"): simple = 0x0D
        case UInt8(ascii: "t"): simple = 0x09
        case UInt8(ascii: "u"): simple = nil
        default:
            throw error("invalid escape \\\(scalarText(at: escapeStart + 1))", at: escapeStart)
        }
        if let simple {
            decoded.append(simple)
            return
        }

        let first = try parseHexQuad(escapeStart: escapeStart)
        var value = UInt32(first)
        switch first {
        case 0xD800...0xDBFF:
            // A high surrogate must be followed at once by an escaped low surrogate.
            let secondStart = index
            guard consume("\\"), consume("u") else { throw loneSurrogate(first, at: escapeStart) }
            let second = try parseHexQuad(escapeStart: secondStart)
            guard (0xDC00...0xDFFF).contains(second) else { throw loneSurrogate(first, at: escapeStart) }
            value = 0x10000 + (UInt32(first - 0xD800) << 10) + UInt32(second - 0xDC00)
        case 0xDC00...0xDFFF:
            throw loneSurrogate(first, at: escapeStart)
        default:
            break
        }
        decoded.append(contentsOf: String(Unicode.Scalar(value)!).utf8)
    }

    /// The four hex digits of a `\u` escape.
    private mutating func parseHexQuad(escapeStart: Int) throws -> UInt16 {
        var value: UInt16 = 0
        for _ in 0..<4 {
            guard let byte = peek(), let digit = hexDigitValue(byte) else {
                throw error("invalid \\u escape", at: escapeStart)
            }
            value = value << 4 | UInt16(digit)
            index += 1
        }
        return value
    }

    private func loneSurrogate(_ unit: UInt16, at position: Int) -> JSONSyntaxError {
        let hex = String(unit, radix: 16, uppercase: true)
        return error("lone surrogate \\u\(hex)", at: position)
    }

    // MARK: - Reading bytes

    private func peek() -> UInt8? {
        index < end ? bytes[index] : nil
    }

    /// Consumes `ascii` if it is next.
    private mutating func consume(_ ascii: Unicode.Scalar) -> Bool {
        guard peek() == UInt8(ascii: ascii) else { return false }
        index += 1
        return true
    }

    private mutating func skipWhitespace() {
        while let byte = peek() {
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                index += 1
            case UInt8(ascii: "\n"):
                index += 1
                line += 1
                lineStart = index
            default:
                return
            }
        }
    }

    // MARK: - Errors

    /// An error at `position` (default: the current byte), with its column counted in Unicode scalars.
    private func error(_ reason: String, at position: Int? = nil) -> JSONSyntaxError {
        let position = position ?? index
        // Every byte that is not a UTF-8 continuation byte starts a scalar.
        let column = bytes[lineStart..<position].reduce(1) { $1 & 0xC0 == 0x80 ? $0 : $0 + 1 }
            + (line == firstLine ? firstLineColumns : 0)
        return JSONSyntaxError(line: line, column: column, reason: reason)
    }

    /// What is at the current position, for messages: "'}'", "\"'\"", "U+000A", "end of input".
    private func foundDescription() -> String {
        guard index < end else { return "end of input" }
        let text = scalarText(at: index)
        let scalar = text.unicodeScalars.first!
        if scalar.value < 0x20 || scalar.value == 0x7F { return scalarName(scalar.value) }
        return scalar == "'" ? "\"'\"" : "'\(text)'"
    }

    /// The whole scalar starting at byte `position`, as text.
    private func scalarText(at position: Int) -> String {
        var scalarEnd = position + 1
        while scalarEnd < end, bytes[scalarEnd] & 0xC0 == 0x80 { scalarEnd += 1 }
        return String(decoding: bytes[position..<scalarEnd], as: UTF8.self)
    }
}

private func isDigit(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
}

private func hexDigitValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
    default: return nil
    }
}

/// "U+000A" style name of a code point.
private func scalarName(_ value: UInt32) -> String {
    let hex = String(value, radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
}
