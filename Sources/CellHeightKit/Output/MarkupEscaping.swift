import Foundation

// Escaping for the HTML and SVG reports, which put row texts, ids and file names into markup.

/// Text made safe for HTML or XML element content and quoted attribute values: `&`, `<`, `>`, `"`
/// and `'` become character references. Other characters, non-ASCII included, stay as they are.
/// Control characters other than tab and newline (not allowed in XML) become Control Pictures
/// symbols, as in the table's previews; U+FFFE and U+FFFF, which XML forbids too, become U+FFFD.
func escapeMarkup(_ text: String) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
        switch scalar {
        case "&": result += "&amp;"
        case "<": result += "&lt;"
        case ">": result += "&gt;"
        case "\"": result += "&quot;"
        case "'": result += "&#39;"
        case "\t", "\n": result.unicodeScalars.append(scalar)
        case "\u{00}"..."\u{1F}": result.unicodeScalars.append(Unicode.Scalar(0x2400 + scalar.value)!)
        case "\u{7F}": result += "\u{2421}"
        // The two characters beyond the controls that XML 1.0 forbids (a report holding one does not parse).
        case "\u{FFFE}", "\u{FFFF}": result += "\u{FFFD}"
        default: result.unicodeScalars.append(scalar)
        }
    }
    return result
}

/// JSON text made safe inside an HTML `<script>` element: every `<` is written `\u003c`, so no
/// string in it can close the element (`</script>`) or open a comment. In JSON a `<` can only occur
/// inside a string, where `\u003c` means the same character.
func scriptSafeJSON(_ json: String) -> String {
    json.replacingOccurrences(of: "<", with: "\\u003c")
}
