#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One line of the input text: its 1-based number and where its content sits in the UTF-8 bytes.
struct InputLine: Equatable {
    /// 1-based line number, e.g. 12.
    var number: Int
    /// Byte range of the content, without the "\n" and without one trailing "\r".
    var range: Range<Int>
}

/// Splits UTF-8 bytes into lines on "\n" only, dropping one "\r" before each "\n" (CRLF files).
///
/// A final "\n" ends the last line rather than starting an empty one, so "a\nb\n" has two lines
/// and the empty input has none.
func splitLines(_ bytes: [UInt8]) -> [InputLine] {
    var lines: [InputLine] = []
    lines.reserveCapacity(bytes.count / 64)
    bytes.withUnsafeBufferPointer { bytes in
        guard let base = bytes.baseAddress else { return }
        var start = 0
        func addLine(endingAt end: Int) {
            var contentEnd = end
            if contentEnd > start, bytes[contentEnd - 1] == UInt8(ascii: "\r") { contentEnd -= 1 }
            lines.append(InputLine(number: lines.count + 1, range: start..<contentEnd))
        }
        // memchr finds each "\n" many bytes at a time.
        while start < bytes.count, let found = memchr(base + start, 0x0A, bytes.count - start) {
            let index = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            addLine(endingAt: index)
            start = index + 1
        }
        if start < bytes.count { addLine(endingAt: bytes.count) }
    }
    return lines
}

/// Whether a line is blank: empty or only spaces and tabs.
func isBlankLine(_ line: InputLine, in bytes: [UInt8]) -> Bool {
    bytes[line.range].allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
}

/// The text of a byte range of valid UTF-8.
func utf8Text(of range: Range<Int>, in bytes: [UInt8]) -> String {
    String(decoding: bytes[range], as: UTF8.self)
}
