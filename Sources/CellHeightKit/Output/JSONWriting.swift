// Small helpers that write compact, deterministic JSON text (members in the order given).

/// A JSON string literal: quotes, backslash and control characters escaped ("\n", "\u001f"),
/// everything else, non-ASCII included, written as is (UTF-8).
func jsonString(_ value: String) -> String {
    var result = "\""
    result.reserveCapacity(value.utf8.count + 2)
    for scalar in value.unicodeScalars {
        switch scalar {
        case "\"": result += "\\\""
        case "\\": result += "\\\\"
        case "\n": result += "\\n"
        case "\r": result += "\\r"
        case "\t": result += "\\t"
        case "\u{08}": result += "\\b"
        case "\u{0C}": result += "\\f"
        case "\u{00}"..."\u{1F}":
            let hex = String(scalar.value, radix: 16)
            result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        default:
            result.unicodeScalars.append(scalar)
        }
    }
    result += "\""
    return result
}

/// A JSON number for a px value (see `formatPixels`); `null` if it is not finite, which JSON cannot hold.
func jsonNumber(_ value: Double) -> String {
    value.isFinite ? formatPixels(value) : "null"
}

/// A JSON string, or `null` for nil.
func jsonOptionalString(_ value: String?) -> String {
    value.map(jsonString) ?? "null"
}

func jsonBool(_ value: Bool) -> String {
    value ? "true" : "false"
}

/// A JSON object from members whose values are already JSON text.
func jsonObject(_ members: [(key: String, value: String)]) -> String {
    "{" + members.map { jsonString($0.key) + ":" + $0.value }.joined(separator: ",") + "}"
}

/// A JSON array from elements that are already JSON text.
func jsonArray(_ elements: [String]) -> String {
    "[" + elements.joined(separator: ",") + "]"
}
