/// How messages echo values that come from outside (row ids, paths, option values, file contents).
///
/// Every control character is escaped, so that a value cannot end the message's line and forge
/// lines of its own (a fake `::error` annotation, a fake diagnostic), move the terminal's cursor or
/// reorder the text on screen (bidirectional overrides). A value longer than `limit` characters is
/// cut, with an ellipsis, so one bad value cannot make a message of megabytes.
package func messageText(_ value: String, limit: Int = 200) -> String {
    // Most values are short printable ASCII, to be echoed as they are.
    var utf8 = value
    if utf8.withUTF8({ isPrintableASCII($0, limit: limit) }) { return value }
    var result = ""
    var count = 0
    for scalar in value.unicodeScalars {
        if count >= limit {
            result += "…"
            break
        }
        count += 1
        switch scalar {
        case "\n": result += "\\n"
        case "\r": result += "\\r"
        case "\t": result += "\\t"
        case _ where isEscapedInMessages(scalar):
            result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
        default:
            result.unicodeScalars.append(scalar)
        }
    }
    return result
}

/// C0 and C1 controls, DEL, the line and paragraph separators, and the bidirectional embedding,
/// override and isolate controls.
private func isEscapedInMessages(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true
    default: return false
    }
}

/// Whether `utf8` is at most `limit` bytes of printable ASCII: what `messageText` echoes as it is.
package func isPrintableASCII(_ utf8: UnsafeBufferPointer<UInt8>, limit: Int) -> Bool {
    utf8.count <= limit && utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
}
