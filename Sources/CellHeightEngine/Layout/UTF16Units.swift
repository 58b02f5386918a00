/// A text's UTF-16 code units, in an array of the exact size (a prepared text keeps it). Decoded
/// straight from the string's UTF-8 bytes (valid UTF-8: a Swift string's own storage), which is
/// several times faster than transcoding through `String.utf16`'s index-by-index view; ASCII text
/// (most rows) is only widened. No copy of the string is made (a long row's would be megabytes).
func utf16Units(of text: String) -> [UInt16] {
    var text = text
    return text.withUTF8 { utf8 in
        // The units: one per byte that starts a character, two for a 4-byte one (a surrogate pair).
        var count = utf8.count, isASCII = true
        for byte in utf8 where byte >= 0x80 {
            isASCII = false
            if byte < 0xC0 { count -= 1 } else if byte >= 0xF0 { count += 1 }
        }
        guard !isASCII else {
            return [UInt16](unsafeUninitializedCapacity: count) { units, written in
                for i in 0..<utf8.count { units[i] = UInt16(utf8[i]) }
                written = count
            }
        }
        return [UInt16](unsafeUninitializedCapacity: count) { units, written in
            var i = 0, n = 0
            while i < utf8.count {
                let lead = utf8[i]
                if lead < 0x80 {
                    units[n] = UInt16(lead)
                    i += 1
                    n += 1
                } else if lead < 0xE0 {
                    units[n] = UInt16(lead & 0x1F) << 6 | UInt16(utf8[i + 1] & 0x3F)
                    i += 2
                    n += 1
                } else if lead < 0xF0 {
                    units[n] = UInt16(lead & 0x0F) << 12 | UInt16(utf8[i + 1] & 0x3F) << 6 | UInt16(utf8[i + 2] & 0x3F)
                    i += 3
                    n += 1
                } else {
                    let scalar = UInt32(lead & 0x07) << 18 | UInt32(utf8[i + 1] & 0x3F) << 12
                        | UInt32(utf8[i + 2] & 0x3F) << 6 | UInt32(utf8[i + 3] & 0x3F)
                    let offset = scalar - 0x10000
                    units[n] = 0xD800 | UInt16(offset >> 10)
                    units[n + 1] = 0xDC00 | UInt16(offset & 0x3FF)
                    i += 4
                    n += 2
                }
            }
            written = n
        }
    }
}
