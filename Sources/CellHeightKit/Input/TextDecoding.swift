import Foundation

/// Input text after decoding, with how much of it had to be repaired.
package struct DecodedText: Equatable, Sendable {
    /// The text, without a byte order mark.
    package var text: String
    /// How many ill-formed sequences were replaced with U+FFFD (always 0 unless decoding was lossy).
    package var replacementCount: Int

    package init(text: String, replacementCount: Int = 0) {
        self.text = text
        self.replacementCount = replacementCount
    }
}

/// Decodes input bytes to text.
///
/// A UTF-8 byte order mark is dropped. A UTF-16 byte order mark (`FF FE` or `FE FF`) selects UTF-16
/// decoding, silently. Everything else must be UTF-8.
///
/// - Parameters:
///   - source: the input's display name, for error messages.
///   - lossy: replace each ill-formed sequence with U+FFFD and count it, instead of throwing.
/// - Throws: `CellHeightError.invalidUTF8` with the 0-based offset (from the very first input byte,
///   BOM included) of the first ill-formed sequence; for bad UTF-16, `CellHeightError.invalidInput`.
package func decodeText(_ data: Data, source: String, lossy: Bool = false) throws -> DecodedText {
    let bytes = [UInt8](data)
    if startsWithUTF16ByteOrderMark(bytes) {
        let order: UTF16ByteOrder = bytes[0] == 0xFF ? .littleEndian : .bigEndian
        let result = decodeUTF16Input(bytes[2...], byteOrder: order)
        if let offset = result.firstInvalidOffset, !lossy {
            throw CellHeightError.invalidInput(source: source, line: nil,
                                               reason: "invalid UTF-16 at byte offset \(offset + 2)")
        }
        return DecodedText(text: result.text, replacementCount: result.replacementCount)
    }

    let bomLength = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    let body = bytes[bomLength...]
    // Well-formed input (the usual case) is checked by the standard library's validator, several
    // times faster; the scan below finds where ill-formed input goes wrong, or repairs it.
    if let text = String(validating: body, as: UTF8.self) { return DecodedText(text: text, replacementCount: 0) }
    let result = scanUTF8(body, stopAtFirstError: !lossy)
    if let offset = result.firstInvalidOffset, !lossy {
        throw CellHeightError.invalidUTF8(source: source, byteOffset: offset + bomLength)
    }
    return DecodedText(text: result.text, replacementCount: result.replacementCount)
}

/// Whether `bytes` start with a UTF-16 byte order mark (FF FE or FE FF).
func startsWithUTF16ByteOrderMark<Bytes: Collection>(_ bytes: Bytes) -> Bool where Bytes.Element == UInt8 {
    bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF])
}
