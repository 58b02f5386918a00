import CellHeightEngine

/// Text built of many pieces in one growing buffer of UTF-8 bytes, made a `String` once at the end:
/// each `String` append or interpolated piece costs some 400 instructions, and a diagnostic line
/// has a dozen (the CI gate writes one for every row over budget).
struct TextBytes {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int = 0) {
        bytes.reserveCapacity(capacity)
    }

    var string: String { String(decoding: bytes, as: UTF8.self) }

    mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    mutating func append(_ number: Int) {
        if number < 0 { bytes.append(UInt8(ascii: "-")) }
        appendDigits(UInt64(number.magnitude))
    }

    /// A px value as `formatPixels` writes it.
    mutating func appendPixels(_ value: Double) {
        if let whole = wholePixels(value) {
            append(Int(whole))
        } else if let hundredths = hundredthsOfPixels(value) {
            // The shortest decimal that reads back as the value has at most two fraction digits.
            if hundredths < 0 { bytes.append(UInt8(ascii: "-")) }
            let magnitude = hundredths.magnitude
            appendDigits(magnitude / 100)
            bytes.append(UInt8(ascii: "."))
            let fraction = magnitude % 100
            bytes.append(UInt8(ascii: "0") + UInt8(fraction / 10))
            if fraction % 10 != 0 { bytes.append(UInt8(ascii: "0") + UInt8(fraction % 10)) }
        } else {
            append("\(value)")
        }
    }

    /// `value` as `messageText(value, limit:)` echoes it.
    mutating func appendMessageText(_ value: String, limit: Int) {
        var value = value
        let asIs = value.withUTF8 { utf8 in
            guard isPrintableASCII(utf8, limit: limit) else { return false }
            bytes.append(contentsOf: utf8)
            return true
        }
        if !asIs { append(messageText(value, limit: limit)) }
    }

    private mutating func appendDigits(_ number: UInt64) {
        appendDecimalDigits(number, to: &bytes)
    }
}

/// Appends `number`'s decimal digits to `bytes` (for the writers of text and JSON).
func appendDecimalDigits(_ number: UInt64, to bytes: inout [UInt8]) {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maximumDecimalDigits) { digits in
        let count = writeDecimalDigits(number, to: digits.baseAddress!)
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[..<count]))
    }
}

/// Writes `number`'s decimal digits at `out` (room for `maximumDecimalDigits`), the last one
/// first from where it ends; how many.
@inline(__always)
func writeDecimalDigits(_ number: UInt64, to out: UnsafeMutablePointer<UInt8>) -> Int {
    if number < 10 {
        // (Line counts, mostly.)
        out[0] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: number)
        return 1
    }
    var count = 1, rest = number
    while rest >= 10 {
        count += 1
        rest /= 10
    }
    rest = number
    var k = count
    repeat {
        k -= 1
        out[k] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
        rest /= 10
    } while rest > 0
    return count
}

/// Digits of the largest UInt64.
let maximumDecimalDigits = 20
