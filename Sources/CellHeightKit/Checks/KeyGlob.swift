#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whether `key` matches the glob `pattern` as `fnmatch(pattern, key, 0)` says: the common
/// forms of a rules file's keys are answered by comparing bytes (a key without a wildcard,
/// "greeting.title"; one `*` at the start or the end, "*.title", "settings.*"; `*` alone), every
/// other one (`?`, `[…]`, `\`, several `*`, a NUL byte) by `fnmatch`. The CI gate asks once per
/// rule and row; `fnmatch` took some 1,400 instructions for "*.title".
func keyGlobMatches(_ pattern: String, _ key: String) -> Bool {
    let answer = pattern.utf8.withContiguousStorageIfAvailable { pattern in
        key.utf8.withContiguousStorageIfAvailable { key in bytesAnswer(pattern, key) } ?? nil
    } ?? nil
    return answer ?? (fnmatch(pattern, key, 0) == 0)
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
