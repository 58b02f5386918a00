// Small helpers that write compact, deterministic JSON text (members in the order given).

/// A JSON string literal: quotes, backslash and control characters escaped ("\n", "\u001f"),
/// everything else, non-ASCII included, written as is (UTF-8).
func jsonString(_ value: String) -> String {
    var bytes: [UInt8] = []
    appendJSONString(value, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
}

/// Appends `value` as a JSON string literal (see `jsonString`) to UTF-8 `bytes`.
func appendJSONString(_ value: String, to bytes: inout [UInt8]) {
    jsonStringPieces(value) { bytes.append(contentsOf: $0) }
}

/// Calls `emit` with the pieces of `value` as a JSON string literal (see `jsonString`), in
/// order: the quotes, runs of bytes that need no escape (copied whole), and escapes.
@inline(__always)
func jsonStringPieces(_ value: String, _ emit: (UnsafeBufferPointer<UInt8>) -> Void) {
    var value = value
    let quoteLiteral: StaticString = "\""
    let quote = UnsafeBufferPointer(start: quoteLiteral.utf8Start, count: 1)
    value.withUTF8 { utf8 in
        emit(quote)
        var runStart = 0
        for i in 0..<utf8.count {
            let byte = utf8[i]
            guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
            emit(UnsafeBufferPointer(rebasing: utf8[runStart..<i]))
            runStart = i + 1
            jsonEscapes[Int(byte)].withUnsafeBufferPointer(emit)
        }
        // Other bytes, those of multi-byte UTF-8 sequences included, are copied as they are.
        emit(UnsafeBufferPointer(rebasing: utf8[runStart..<utf8.count]))
        emit(quote)
    }
}

/// The escape of each byte below 0x60 that a JSON string escapes (control characters, the quote
/// and the backslash): "\n", "\u001f"; empty for the others.
private let jsonEscapes: [[UInt8]] = (0..<0x60).map { (byte: Int) -> [UInt8] in
    switch byte {
    case 0x22: return Array("\\\"".utf8)
    case 0x5C: return Array("\\\\".utf8)
    case 0x0A: return Array("\\n".utf8)
    case 0x0D: return Array("\\r".utf8)
    case 0x09: return Array("\\t".utf8)
    case 0x08: return Array("\\b".utf8)
    case 0x0C: return Array("\\f".utf8)
    case 0..<0x20:
        let hex = Array("0123456789abcdef".utf8)
        return Array("\\u00".utf8) + [hex[byte >> 4], hex[byte & 0x0F]]
    default: return []
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
