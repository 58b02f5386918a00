import Foundation

/// Writes compact JSON straight into one byte buffer: keys, values and the commas between them,
/// in the order they are written (so output is byte-for-byte reproducible). Rows are written
/// this way rather than as arrays of (key, value) strings joined later, which cost several times
/// more per row.
///
/// Each value has two forms: with a key, a member of the open object; without, an element of
/// the open array (or a value at the top).
struct JSONWriter {
    private let bytes: ByteBuffer
    /// Whether the open container already has a member or element, so the next one needs a comma.
    private var needsComma = false

    init(reservingCapacity capacity: Int) {
        bytes = ByteBuffer(capacity: capacity)
    }

    /// Everything written so far, as text.
    var text: String { bytes.string }

    /// Everything written so far, as bytes (see `ByteBuffer.takeData`): the writer is then empty.
    func takeData() -> Data { bytes.takeData() }

    // MARK: - Members

    mutating func beginObject(_ key: StaticString) { self.key(key); beginObject() }
    mutating func beginArray(_ key: StaticString) { self.key(key); beginArray() }
    mutating func string(_ key: StaticString, _ value: String?) { self.key(key); string(value) }
    mutating func number(_ key: StaticString, _ value: Double?) { self.key(key); number(value) }
    mutating func integer(_ key: StaticString, _ value: Int) { self.key(key); integer(value) }
    mutating func bool(_ key: StaticString, _ value: Bool) { self.key(key); bool(value) }

    // MARK: - Values

    mutating func beginObject() { open("{") }
    mutating func endObject() { close("}") }
    mutating func beginArray() { open("[") }
    mutating func endArray() { close("]") }

    private mutating func open(_ bracket: Unicode.Scalar) {
        separate()
        bytes.append(UInt8(ascii: bracket))
        needsComma = false
    }

    private mutating func close(_ bracket: Unicode.Scalar) {
        bytes.append(UInt8(ascii: bracket))
        needsComma = true
    }

    /// A string (see `appendJSONString`), or `null` for nil.
    mutating func string(_ value: String?) {
        separate()
        if let value {
            jsonStringPieces(value) { bytes.append($0) }
        } else {
            append("null")
        }
        needsComma = true
    }

    /// A px value as `jsonNumber` writes it, or `null` for nil.
    mutating func number(_ value: Double?) {
        if let value, let whole = wholePixels(value) { return integer(Int(whole)) }
        separate()
        append(value.map(jsonNumber) ?? "null")
        needsComma = true
    }

    mutating func integer(_ value: Int) {
        separate()
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        bytes.appendDecimalDigits(UInt64(value.magnitude))
        needsComma = true
    }

    mutating func bool(_ value: Bool) {
        separate()
        append(value ? "true" : "false")
        needsComma = true
    }

    /// Ends a line of NDJSON: the next value starts a new one.
    mutating func newline() {
        bytes.append(UInt8(ascii: "\n"))
        needsComma = false
    }

    /// Elements of the open array written elsewhere (separated by commas), copied as they are.
    mutating func elements(_ text: String) {
        separate()
        append(text)
        needsComma = true
    }

    /// Lines written elsewhere (each ending with "\n"), copied as they are.
    mutating func lines(_ text: [UInt8]) {
        text.withUnsafeBufferPointer { bytes.append($0) }
        needsComma = false
    }

    // MARK: - Punctuation

    /// A member's key and its colon. Keys are literals that need no escaping.
    private mutating func key(_ name: StaticString) {
        // A literal's bytes, read in place (`withUTF8Buffer`'s closure would retain the buffer
        // for every key).
        precondition(name.hasPointerRepresentation, "keys are string literals")
        let start = name.utf8Start, count = name.utf8CodeUnitCount, comma = needsComma
        bytes.write(atMost: count + 4) { out in
            var k = 0
            if comma {
                out[0] = UInt8(ascii: ",")
                k = 1
            }
            out[k] = UInt8(ascii: "\"")
            for n in 0..<count {
                k &+= 1
                out[k] = start[n]
            }
            out[k &+ 1] = UInt8(ascii: "\"")
            out[k &+ 2] = UInt8(ascii: ":")
            return k &+ 3
        }
        needsComma = false
    }

    /// The comma before a member or element that follows another.
    private mutating func separate() {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
    }

    private func append(_ text: String) {
        var text = text
        text.withUTF8 { bytes.append($0) }
    }
}
