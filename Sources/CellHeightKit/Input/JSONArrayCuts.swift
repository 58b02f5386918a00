import CellHeightEngine

/// Finds where a JSON text that is an array may be cut into parts that `JSONParser.parseArrayPart`
/// reads one after the other: between two of the array's own tokens (after its "[", after a ","
/// between elements, or in white space at its level), never inside an element, a string or a
/// number. It reads each byte once, carrying its state from chunk to chunk, so that a huge
/// array, or megabytes of white space between elements, is read in bounded memory.
struct JSONArrayCuts {
    /// How deep the scan is: 0 before the array's "[" (and after its "]"), 1 among its elements.
    private var depth = 0
    private var inString = false
    private var escaped = false
    /// How many bytes of the buffer were scanned, and the last cut found in them (0: none).
    private var scanned = 0
    private var cut = 0

    /// The last place in `buffer` (scanned from where the last call stopped) where a part may
    /// end, or nil when there is none.
    mutating func lastCut(in buffer: [UInt8]) -> Int? {
        buffer.withUnsafeBufferPointer { bytes in
            var i = scanned
            while i < bytes.count {
                // Inside a string (most of an array of texts), eight bytes at a time while none
                // ends it or escapes.
                if inString && !escaped, i &+ 8 <= bytes.count {
                    let block = ByteBlock.load(bytes.baseAddress! + i)
                    if !ByteBlock.hasByte(0x22, in: block) && !ByteBlock.hasByte(0x5C, in: block) {
                        i &+= 8
                        continue
                    }
                }
                let byte = bytes[i]
                i += 1
                if inString {
                    if escaped {
                        escaped = false
                    } else if byte == UInt8(ascii: "\\") {
                        escaped = true
                    } else if byte == UInt8(ascii: "\"") {
                        inString = false
                    }
                    continue
                }
                switch byte {
                case UInt8(ascii: "\""):
                    inString = true
                case UInt8(ascii: "["), UInt8(ascii: "{"):
                    depth += 1
                    // Right after the array's own "[".
                    if depth == 1 { cut = i }
                case UInt8(ascii: "]"), UInt8(ascii: "}"):
                    depth -= 1
                case UInt8(ascii: ","), 0x20, 0x09, 0x0A, 0x0D:
                    // Between two tokens at the array's level (or around it).
                    if depth <= 1 { cut = i }
                default:
                    break
                }
            }
            scanned = bytes.count
        }
        return cut > 0 ? cut : nil
    }

    /// The buffer lost its first `count` bytes (a part was taken up to the cut).
    mutating func didRemove(_ count: Int) {
        scanned -= count
        cut = max(cut - count, 0)
    }
}
