// Small helpers that write compact, deterministic JSON text (members in the order given).

/// A JSON string literal: quotes, backslash and control characters escaped ("\n", "\u001f"),
/// everything else, non-ASCII included, written as is (UTF-8).
func jsonString(_ value: String) -> String {
    var bytes: [UInt8] = []
    appendJSONString(value, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
}

/// Appends `value` as a JSON string literal (see `jsonString`) to UTF-8 `bytes`: runs of bytes
/// that need no escape are copied whole.
func appendJSONString(_ value: String, to bytes: inout [UInt8]) {
    var value = value
    value.withUTF8 { utf8 in
        bytes.append(UInt8(ascii: "\""))
        var runStart = 0
        for i in 0..<utf8.count {
            let byte = utf8[i]
            guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<i]))
            runStart = i + 1
            switch byte {
            case UInt8(ascii: "\""): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
            case UInt8(ascii: "\\"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
            case UInt8(ascii: "\n"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
            case UInt8(ascii: "\r"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
            case UInt8(ascii: "\t"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
            case 0x08: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "b")]
            case 0x0C: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "f")]
            default:
                let hex = Array("0123456789abcdef".utf8)
                bytes += [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
                          hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
        }
        // Other bytes, those of multi-byte UTF-8 sequences included, are copied as they are.
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<utf8.count]))
        bytes.append(UInt8(ascii: "\""))
    }
}

/// A JSON number for a px value (see `formatPixels`); `null` if it is not finite, which JSON cannot hold.
func jsonNumber(_ value: Double) -> String {
    value.isFinite ? formatPixels(value) : "null"
}

/// A JSON array from elements that are already JSON text.
func jsonArray(_ elements: [String]) -> String {
    "[" + elements.joined(separator: ",") + "]"
}
