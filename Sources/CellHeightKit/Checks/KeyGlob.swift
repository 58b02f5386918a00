/// Whether `key` matches the glob `pattern` as `fnmatch(pattern, key, 0)` says in a UTF-8 locale,
/// character by character (Unicode scalars: `Ma?e` matches "Maße", `Gr[öo]ße` "Größe"; the
/// process's C locale made `fnmatch` compare bytes, and such rows went unchecked). The common forms
/// of a rules file's keys are answered by comparing bytes (a key without a wildcard,
/// "greeting.title"; one `*` at the start or the end, "*.title", "settings.*"; `*` alone), every
/// other one (`?`, `[…]`, `\`, several `*`) by `scalarGlobMatches`. The CI gate asks once per
/// rule and row. As in C, pattern and key end at a NUL.
func keyGlobMatches(_ pattern: String, _ key: String) -> Bool {
    let answer = pattern.utf8.withContiguousStorageIfAvailable { pattern in
        key.utf8.withContiguousStorageIfAvailable { key in bytesAnswer(pattern, key) } ?? nil
    } ?? nil
    if let answer { return answer }
    func beforeNUL(_ text: String) -> [Unicode.Scalar] { Array(text.unicodeScalars.prefix { $0 != "\u{0}" }) }
    return scalarGlobMatches(beforeNUL(pattern)[...], beforeNUL(key)[...])
}

/// fnmatch's matching without flags over Unicode scalars: `*` any run (`/` and a leading `.`
/// included), `?` any one, `[…]` one of a set (`!` or `^` first negates; ranges `a-z` by code
/// point; `[:alpha:]` and the other POSIX classes; a `]` first is itself), `\` makes the next
/// one itself; a `[` without its `]` is itself. A `*` retries from one place further at each
/// failure after it (only the last `*` needs retrying), so a match takes at most
/// pattern × key steps.
private func scalarGlobMatches(_ pattern: ArraySlice<Unicode.Scalar>, _ key: ArraySlice<Unicode.Scalar>) -> Bool {
    var p = pattern.startIndex, k = key.startIndex
    var retry: (pattern: Int, key: Int)?
    while k < key.endIndex {
        if p < pattern.endIndex {
            switch pattern[p] {
            case "*":
                retry = (p + 1, k)
                p += 1
                continue
            case "?":
                p += 1
                k += 1
                continue
            case "[":
                if let (matches, end) = bracketMatch(pattern, at: p, key[k]) {
                    if matches {
                        p = end
                        k += 1
                        continue
                    }
                } else if key[k] == "[" {
                    p += 1
                    k += 1
                    continue
                }
            case "\\" where p + 1 < pattern.endIndex:
                if pattern[p + 1] == key[k] {
                    p += 2
                    k += 1
                    continue
                }
            default:
                if pattern[p] == key[k] {
                    p += 1
                    k += 1
                    continue
                }
            }
        }
        guard let last = retry else { return false }
        retry = (last.pattern, last.key + 1)
        p = last.pattern
        k = last.key + 1
    }
    while p < pattern.endIndex, pattern[p] == "*" { p += 1 }
    return p == pattern.endIndex
}

/// Whether `scalar` is in the bracket expression starting at `start` (a `[`), and the index after
/// its `]`; nil when the bracket is not closed (the `[` is then itself).
private func bracketMatch(_ pattern: ArraySlice<Unicode.Scalar>, at start: Int, _ scalar: Unicode.Scalar) -> (Bool, Int)? {
    var i = start + 1
    var negated = false
    if i < pattern.endIndex, pattern[i] == "!" || pattern[i] == "^" {
        negated = true
        i += 1
    }
    var matched = false
    var first = true
    while i < pattern.endIndex {
        var low = pattern[i]
        if low == "]" && !first { return (matched != negated, i + 1) }
        first = false
        if low == "[", i + 1 < pattern.endIndex, pattern[i + 1] == ":" {
            // [:class:]
            var end = i + 2
            while end + 1 < pattern.endIndex, !(pattern[end] == ":" && pattern[end + 1] == "]") { end += 1 }
            if end + 1 < pattern.endIndex {
                let name = String(String.UnicodeScalarView(pattern[(i + 2)..<end]))
                if let inClass = posixClass(name, scalar) {
                    if inClass { matched = true }
                    i = end + 2
                    continue
                }
            }
        }
        if low == "\\", i + 1 < pattern.endIndex {
            i += 1
            low = pattern[i]
        }
        var high = low
        if i + 2 < pattern.endIndex, pattern[i + 1] == "-", pattern[i + 2] != "]" {
            high = pattern[i + 2]
            if high == "\\", i + 3 < pattern.endIndex {
                high = pattern[i + 3]
                i += 1
            }
            i += 2
        }
        if low.value <= scalar.value && scalar.value <= high.value { matched = true }
        i += 1
    }
    return nil
}

/// Whether `scalar` is in the POSIX class `name` (by its Unicode properties, as glibc's UTF-8
/// locales classify); nil for an unknown name.
private func posixClass(_ name: String, _ scalar: Unicode.Scalar) -> Bool? {
    let properties = scalar.properties
    switch name {
    case "alpha": return properties.isAlphabetic
    case "digit": return ("0"..."9").contains(scalar)
    case "alnum": return properties.isAlphabetic || properties.numericType == .decimal
    case "upper": return properties.isUppercase
    case "lower": return properties.isLowercase
    case "space": return properties.isWhitespace
    case "blank": return scalar == " " || scalar == "\t" || (properties.isWhitespace && properties.generalCategory == .spaceSeparator)
    case "punct": return [.connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
                          .finalPunctuation, .otherPunctuation, .mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol]
                         .contains(properties.generalCategory)
    case "xdigit": return ("0"..."9").contains(scalar) || ("a"..."f").contains(scalar) || ("A"..."F").contains(scalar)
    case "cntrl": return properties.generalCategory == .control
    case "print": return properties.generalCategory != .control && properties.generalCategory != .unassigned
    case "graph": return properties.generalCategory != .control && properties.generalCategory != .unassigned && !properties.isWhitespace
    default: return nil
    }
}

/// The answer for the forms compared byte by byte, nil for the others.
private func bytesAnswer(_ pattern: UnsafeBufferPointer<UInt8>, _ key: UnsafeBufferPointer<UInt8>) -> Bool? {
    var stars = 0
    for byte in pattern {
        switch byte {
        case 0x2A: stars += 1
        case 0x3F, 0x5B, 0x5C, 0: return nil  // ? [ \ and NUL
        default: continue
        }
    }
    guard !key.contains(0) else { return nil }
    // A UTF-8 literal starts and ends at character boundaries, so comparing bytes at the key's
    // ends matches what fnmatch's characters match.
    let literal = pattern.count - stars
    switch stars {
    case 0:
        return pattern.elementsEqual(key)
    case 1 where pattern.first == 0x2A:
        return key.count >= literal && key.suffix(literal).elementsEqual(pattern.dropFirst())
    case 1 where pattern.last == 0x2A:
        return key.count >= literal && key.prefix(literal).elementsEqual(pattern.dropLast())
    default:
        return nil
    }
}
