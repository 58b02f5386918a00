/// A text's UTF-16 code units. ASCII text (most rows) is widened straight from its UTF-8 bytes,
/// several times faster than transcoding through `String.utf16`; other text is transcoded from the
/// string itself into an array of the exact size (no copy of the string: a long row's would be
/// megabytes).
func utf16Units(of text: String) -> [UInt16] {
    var text = text
    let ascii: [UInt16]? = text.withUTF8 { utf8 in
        guard !utf8.contains(where: { $0 >= 0x80 }) else { return nil }
        return [UInt16](unsafeUninitializedCapacity: utf8.count) { units, count in
            for i in 0..<utf8.count { units[i] = UInt16(utf8[i]) }
            count = utf8.count
        }
    }
    return ascii ?? Array(text.utf16)
}
