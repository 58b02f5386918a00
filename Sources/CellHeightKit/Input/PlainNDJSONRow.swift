import CellHeightEngine

/// The text and id of an NDJSON line that is a plain row, as byte ranges of the line's string
/// contents: a JSON string (the text), or an object whose members are a string `text` and
/// optionally a string `id`, in either order, with JSON white space around the tokens. Strings
/// hold no control character; the id no escape, so its contents are its bytes; the text only
/// escapes of one letter, as `\"` or `\n` (`textIsEscaped` says whether it has any: then see
/// `unescapedPlainJSONString`; `\u` is left to the parser). Nil for anything else, valid or not: such lines are parsed by
/// `JSONParser` (which reads every line, and reports errors).
func plainNDJSONRow(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>)
    -> (text: Range<Int>, textIsEscaped: Bool, id: Range<Int>?)? {
    var i = range.lowerBound
    let end = range.upperBound

    func skipWhiteSpace() {
        while i < end, bytes[i] == 0x20 || bytes[i] == 0x09 || bytes[i] == 0x0D { i += 1 }
    }
    /// A string at `i` with no escapes but those of one letter: its contents' range and whether
    /// it has any, with `i` moved past it.
    func string() -> (range: Range<Int>, isEscaped: Bool)? {
        guard i < end, bytes[i] == UInt8(ascii: "\"") else { return nil }
        let start = i + 1
        var j = start
        var isEscaped = false
        while j < end {
            // Eight bytes at a time while none ends the string, escapes or is a control character.
            if j &+ 8 <= end, let base = bytes.baseAddress {
                let block = ByteBlock.load(base + j)
                if !ByteBlock.hasByte(0x22, in: block) && !ByteBlock.hasByte(0x5C, in: block)
                    && !ByteBlock.hasByte(below: 0x20, in: block) {
                    j &+= 8
                    continue
                }
            }
            let byte = bytes[j]
            if byte == UInt8(ascii: "\"") {
                i = j + 1
                return (start..<j, isEscaped)
            }
            guard byte >= 0x20 else { return nil }
            if byte == UInt8(ascii: "\\") {
                guard j + 1 < end, unescapedByte(bytes[j + 1]) != nil else { return nil }
                isEscaped = true
                j += 1
            }
            j += 1
        }
        return nil
    }
    func isKey(_ key: Range<Int>, _ name: StaticString) -> Bool {
        name.withUTF8Buffer { name in
            key.count == name.count && zip(key, name).allSatisfy { bytes[$0] == $1 }
        }
    }

    skipWhiteSpace()
    guard i < end else { return nil }
    if bytes[i] == UInt8(ascii: "\"") {
        guard let text = string() else { return nil }
        skipWhiteSpace()
        return i == end ? (text.range, text.isEscaped, nil) : nil
    }
    guard bytes[i] == UInt8(ascii: "{") else { return nil }
    i += 1
    var text: (range: Range<Int>, isEscaped: Bool)?, id: Range<Int>?
    while true {
        skipWhiteSpace()
        guard let key = string(), !key.isEscaped else { return nil }
        skipWhiteSpace()
        guard i < end, bytes[i] == UInt8(ascii: ":") else { return nil }
        i += 1
        skipWhiteSpace()
        guard let value = string() else { return nil }
        if isKey(key.range, "text"), text == nil {
            text = value
        } else if isKey(key.range, "id"), id == nil, !value.isEscaped {
            id = value.range
        } else {
            return nil
        }
        skipWhiteSpace()
        guard i < end else { return nil }
        if bytes[i] == UInt8(ascii: ",") {
            i += 1
            continue
        }
        guard bytes[i] == UInt8(ascii: "}") else { return nil }
        i += 1
        break
    }
    skipWhiteSpace()
    guard i == end, let text else { return nil }
    return (text.range, text.isEscaped, id)
}

/// The contents of a string `plainNDJSONRow` accepted, its escapes resolved: the runs between
/// them copied whole (found eight bytes at a time), straight into the string's storage.
func unescapedPlainJSONString(_ escaped: UnsafeBufferPointer<UInt8>) -> String {
    String(unsafeUninitializedCapacity: escaped.count) { text in
        guard let source = escaped.baseAddress, let target = text.baseAddress else { return 0 }
        var count = 0, runStart = 0, j = 0
        func copyRun(to end: Int) {
            (target + count).update(from: source + runStart, count: end - runStart)
            count += end - runStart
        }
        while j < escaped.count {
            if j &+ 8 <= escaped.count && !ByteBlock.hasByte(0x5C, in: ByteBlock.load(source + j)) {
                j &+= 8
                continue
            }
            if escaped[j] == UInt8(ascii: "\\") {
                copyRun(to: j)
                target[count] = unescapedByte(escaped[j + 1])!
                count += 1
                j += 2
                runStart = j
            } else {
                j += 1
            }
        }
        copyRun(to: escaped.count)
        return count
    }
}

/// The byte a JSON escape of one letter (`\n` by "n") stands for; nil for any other letter (`u`
/// included).
private func unescapedByte(_ letter: UInt8) -> UInt8? {
    switch letter {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): return letter
    case UInt8(ascii: "b"): return 0x08
    case UInt8(ascii: "f"): return 0x0C
    case UInt8(ascii: "n"): return 0x0A
    case UInt8(ascii: "r"): return 0x0D
    case UInt8(ascii: "t"): return 0x09
    default: return nil
    }
}
