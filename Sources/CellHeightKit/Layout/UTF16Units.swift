/// A text's UTF-16 code units. ASCII text (most rows) is widened straight from its UTF-8 bytes,
/// several times faster than transcoding through `String.utf16`.
func utf16Units(of text: String) -> [UInt16] {
    var text = text
    return text.withUTF8 { utf8 in
        guard !utf8.contains(where: { $0 >= 0x80 }) else {
            // Counted first and decoded in place: no copy of the string, no array grown as it fills.
            // (A unit per character, two for one of four bytes; continuation bytes count none.)
            var count = 0
            for byte in utf8 where byte & 0xC0 != 0x80 { count += byte >= 0xF0 ? 2 : 1 }
            return [UInt16](unsafeUninitializedCapacity: count) { units, written in
                written = 0
                _ = transcode(utf8.makeIterator(), from: UTF8.self, to: UTF16.self, stoppingOnError: false) { unit in
                    units[written] = unit
                    written += 1
                }
            }
        }
        return [UInt16](unsafeUninitializedCapacity: utf8.count) { units, count in
            for i in 0..<utf8.count { units[i] = UInt16(utf8[i]) }
            count = utf8.count
        }
    }
}
