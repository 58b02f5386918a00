import CellHeightEngine

/// The outcome of decoding UTF-8 with U+FFFD replacement.
struct UTF8ScanResult {
    var text: String
    /// How many U+FFFD were inserted (one per maximal ill-formed subpart).
    var replacementCount: Int
    /// 0-based offset of the first byte of the first ill-formed sequence, nil when the bytes are well-formed.
    var firstInvalidOffset: Int?
}

/// Decodes UTF-8, replacing each maximal ill-formed subpart with one U+FFFD.
///
/// This is Unicode's recommended practice (also the WHATWG decoder's): overlong forms, surrogates,
/// values above U+10FFFF and truncated sequences are all ill-formed. With `stopAtFirstError` the
/// scan ends at the first ill-formed sequence and `text` is empty, for callers that only need the offset.
func scanUTF8<Bytes: Collection>(_ bytes: Bytes, stopAtFirstError: Bool = false) -> UTF8ScanResult
where Bytes.Element == UInt8, Bytes.Index == Int {
    var output: [UInt8] = []
    var validStart = bytes.startIndex
    var replacements = 0
    var firstInvalid: Int?
    var index = bytes.startIndex
    let end = bytes.endIndex

    while index < end {
        let lead = bytes[index]
        if lead < 0x80 {
            index += 1
            continue
        }
        let length = wellFormedLength(bytes, at: index)
        if length.valid {
            index += length.count
            continue
        }
        if firstInvalid == nil {
            firstInvalid = index - bytes.startIndex
            if stopAtFirstError { break }
            output.reserveCapacity(bytes.count + 8)
        }
        output.append(contentsOf: bytes[validStart..<index])
        output.append(contentsOf: [0xEF, 0xBF, 0xBD])
        replacements += 1
        index += length.count
        validStart = index
    }

    if firstInvalid == nil {
        return UTF8ScanResult(text: String(decoding: bytes, as: UTF8.self), replacementCount: 0, firstInvalidOffset: nil)
    }
    if stopAtFirstError {
        return UTF8ScanResult(text: "", replacementCount: 0, firstInvalidOffset: firstInvalid)
    }
    output.append(contentsOf: bytes[validStart..<end])
    return UTF8ScanResult(text: String(decoding: output, as: UTF8.self),
                          replacementCount: replacements, firstInvalidOffset: firstInvalid)
}

/// For the non-ASCII sequence starting at `start`: its length when well-formed, otherwise the
/// length of its maximal ill-formed subpart (at least 1), which is what one U+FFFD replaces.
private func wellFormedLength<Bytes: Collection>(_ bytes: Bytes, at start: Int) -> (valid: Bool, count: Int)
where Bytes.Element == UInt8, Bytes.Index == Int {
    let lead = bytes[start]
    let expected: Int
    // The allowed range of the second byte depends on the lead byte (Unicode table 3-7):
    // it is what rules out overlong forms, surrogates and code points above U+10FFFF.
    let secondRange: ClosedRange<UInt8>
    switch lead {
    case 0xC2...0xDF: expected = 2; secondRange = 0x80...0xBF
    case 0xE0: expected = 3; secondRange = 0xA0...0xBF
    case 0xE1...0xEC, 0xEE...0xEF: expected = 3; secondRange = 0x80...0xBF
    case 0xED: expected = 3; secondRange = 0x80...0x9F
    case 0xF0: expected = 4; secondRange = 0x90...0xBF
    case 0xF1...0xF3: expected = 4; secondRange = 0x80...0xBF
    case 0xF4: expected = 4; secondRange = 0x80...0x8F
    default: return (false, 1)
    }
    var offset = 1
    while offset < expected {
        let position = start + offset
        guard position < bytes.endIndex else { return (false, offset) }
        let range: ClosedRange<UInt8> = offset == 1 ? secondRange : 0x80...0xBF
        guard range.contains(bytes[position]) else { return (false, offset) }
        offset += 1
    }
    return (true, expected)
}

/// Whether `bytes` are well-formed UTF-8 (as `scanUTF8` judges), without decoding them: ASCII is
/// skipped eight bytes at a time.
func isWellFormedUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = bytes.baseAddress else { return true }
    let raw = UnsafeRawPointer(base)
    var index = 0
    while index < bytes.count {
        if index + 8 <= bytes.count, raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
            index += 8
            continue
        }
        if bytes[index] < 0x80 {
            index += 1
            continue
        }
        let length = wellFormedLength(bytes, at: index)
        guard length.valid else { return false }
        index += length.count
    }
    return true
}

/// How many "\n" bytes `bytes` hold, eight bytes at a time.
func newlineCount(in bytes: UnsafeBufferPointer<UInt8>) -> Int {
    countBytes(in: bytes, marks: { ByteBlock.bytes(equalTo: 0x0A, in: $0) }, single: { $0 == 0x0A })
}

/// How many Unicode scalars UTF-8 `bytes` hold (bytes that do not continue a sequence), eight
/// bytes at a time: the columns they take in messages.
func scalarCount(in bytes: UnsafeBufferPointer<UInt8>) -> Int {
    bytes.count - countBytes(in: bytes, marks: ByteBlock.continuationBytes, single: { $0 & 0xC0 == 0x80 })
}

/// How many bytes of `bytes` are marked: by `marks` (a high bit per marked byte of a block), then
/// by `single` for the last few.
@inline(__always)
private func countBytes(in bytes: UnsafeBufferPointer<UInt8>, marks: (UInt64) -> UInt64,
                        single: (UInt8) -> Bool) -> Int {
    guard let base = bytes.baseAddress else { return 0 }
    var count = 0, index = 0
    while index &+ 8 <= bytes.count {
        count &+= marks(ByteBlock.load(base + index)).nonzeroBitCount
        index &+= 8
    }
    while index < bytes.count {
        if single(bytes[index]) { count &+= 1 }
        index &+= 1
    }
    return count
}
