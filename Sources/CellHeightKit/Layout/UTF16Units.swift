/// A text's UTF-16 code units. ASCII text (most rows) is widened straight from its UTF-8 bytes,
/// several times faster than transcoding through `String.utf16`.
func utf16Units(of text: String) -> [UInt16] {
    var text = text
    return text.withUTF8 { utf8 in
        guard !utf8.contains(where: { $0 >= 0x80 }) else { return Array(String(decoding: utf8, as: UTF8.self).utf16) }
        return [UInt16](unsafeUninitializedCapacity: utf8.count) { units, count in
            for i in 0..<utf8.count { units[i] = UInt16(utf8[i]) }
            count = utf8.count
        }
    }
}
