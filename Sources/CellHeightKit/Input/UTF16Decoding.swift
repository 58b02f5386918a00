/// Byte order of UTF-16 input, known from its byte order mark.
enum UTF16ByteOrder {
    case littleEndian
    case bigEndian
}

/// The outcome of decoding UTF-16 with U+FFFD replacement.
struct UTF16DecodeResult {
    var text: String
    /// How many U+FFFD were inserted: one per unpaired surrogate, one for a trailing odd byte.
    var replacementCount: Int
    /// 0-based offset (within `bytes`) of the first bad code unit, nil when the bytes are well-formed.
    var firstInvalidOffset: Int?
}

/// Decodes UTF-16 code units (without their byte order mark), replacing unpaired surrogates with U+FFFD.
func decodeUTF16Input<Bytes: Collection>(_ bytes: Bytes, byteOrder: UTF16ByteOrder) -> UTF16DecodeResult
where Bytes.Element == UInt8, Bytes.Index == Int {
    var scalars = String.UnicodeScalarView()
    var replacements = 0
    var firstInvalid: Int?
    let base = bytes.startIndex
    let pairEnd = base + (bytes.count / 2) * 2

    func unit(at index: Int) -> UInt16 {
        let first = UInt16(bytes[index]), second = UInt16(bytes[index + 1])
        return byteOrder == .littleEndian ? first | second << 8 : first << 8 | second
    }
    func replace(at index: Int) {
        scalars.append("\u{FFFD}")
        replacements += 1
        if firstInvalid == nil { firstInvalid = index - base }
    }

    var index = base
    while index < pairEnd {
        let high = unit(at: index)
        switch high {
        case 0xD800...0xDBFF:
            let low: UInt16? = index + 2 < pairEnd ? unit(at: index + 2) : nil
            if let low, (0xDC00...0xDFFF).contains(low) {
                let value = 0x10000 + (UInt32(high - 0xD800) << 10) + UInt32(low - 0xDC00)
                scalars.append(Unicode.Scalar(value)!)
                index += 4
            } else {
                replace(at: index)
                index += 2
            }
        case 0xDC00...0xDFFF:
            replace(at: index)
            index += 2
        default:
            scalars.append(Unicode.Scalar(high)!)
            index += 2
        }
    }
    if pairEnd < bytes.endIndex { replace(at: pairEnd) }
    return UTF16DecodeResult(text: String(scalars), replacementCount: replacements, firstInvalidOffset: firstInvalid)
}
