/// Text made fit for one line of a terminal: "\n" shown as ⏎, tab as →, other control characters
/// as their Control Pictures symbol (U+2400…; C1 and bidirectional controls as U+FFFD), and, if `maxColumns` is given and the text is wider,
/// cut to that many columns with a final "…".
func previewText(_ text: String, maxColumns: Int? = nil) -> String {
    guard let maxColumns else { return visibleText(text.unicodeScalars[...]) }
    return simplePreview(text, maxColumns: maxColumns) ?? graphemePreview(text, maxColumns: maxColumns)
}

/// `previewText` with a column limit, grapheme by grapheme (any text).
func graphemePreview(_ text: String, maxColumns: Int) -> String {
    // Bounded work for a long text: only a prefix is made visible and measured. Every character
    // takes a column or more and a prefix's characters but its last are final (a grapheme
    // boundary never depends on what follows the next scalar), so a prefix with more than
    // `maxColumns + 1` characters decides the cut as the whole text would.
    let scalars = text.unicodeScalars
    var prefixLength = 4 * (maxColumns + 2)
    while true {
        let end = scalars.index(scalars.startIndex, offsetBy: prefixLength, limitedBy: scalars.endIndex) ?? scalars.endIndex
        let shown = visibleText(scalars[..<end])
        let isWhole = end == scalars.endIndex
        if isWhole || shown.count > maxColumns + 1 {
            guard !isWhole || terminalColumns(of: shown) > maxColumns else { return shown }
            var cut = ""
            var columns = 0
            for character in shown {
                let width = terminalColumns(of: character)
                if columns + width > maxColumns - 1 { break }  // keep one column for "…"
                cut.append(character)
                columns += width
            }
            return cut + "…"
        }
        prefixLength *= 2
    }
}

/// The preview of a text that starts with more than `maxColumns` simple characters, or is nothing
/// else: printable ASCII, and the Latin letters and symbols and general punctuation beyond it
/// ("é", "ß", "’", "—"), each a grapheme of one column that shows as itself (none joins a
/// neighbour, none is wide or invisible), and control characters, which show as symbols of one
/// column ("\n" as ⏎). Nil for any other text.
func simplePreview(_ text: String, maxColumns: Int) -> String? {
    guard maxColumns > 0 else { return nil }
    /// What the text's bytes make: a preview cut short, the text itself (printable ASCII that
    /// fits), the text made visible (it fits), or nothing (not simple).
    enum Outcome { case cut(String), asIs, visible, notSimple }
    var text = text
    // Read as UTF-8 bytes (a `String`'s are well-formed); the kept bytes then "…" are written
    // straight into one string (simple scalars take at most three bytes each, as "…" does).
    let outcome = text.withUTF8 { bytes in
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 3 * maxColumns) { buffer -> Outcome in
            let shown = buffer.baseAddress!
            func cut(keeping count: Int) -> Outcome {
                (shown + count).initialize(to: 0xE2)
                (shown + count + 1).initialize(to: 0x80)
                (shown + count + 2).initialize(to: 0xA6)
                return .cut(String(decoding: UnsafeBufferPointer(start: shown, count: count + 3), as: UTF8.self))
            }
            // Printable ASCII, the usual case, byte by byte.
            var printable = 0
            while printable < min(bytes.count, maxColumns + 1), bytes[printable] >= 0x20 && bytes[printable] <= 0x7E {
                printable += 1
            }
            if printable == maxColumns + 1 {
                shown.initialize(from: bytes.baseAddress!, count: maxColumns - 1)
                return cut(keeping: maxColumns - 1)
            }
            if printable == bytes.count { return .asIs }
            // Beyond ASCII, or with line breaks or tabs, scalar by scalar, shown as `visibleText`
            // shows them: the character after the cut must be simple too (a combining mark there
            // would join the last one kept).
            var count = 0, scalars = 0, i = 0
            while i < bytes.count {
                let lead = bytes[i]
                let length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
                var value = UInt32(lead)
                if length > 1 {
                    value &= 0xFF >> (length + 1)
                    for k in 1..<length { value = value << 6 | UInt32(bytes[i + k] & 0x3F) }
                }
                i += length
                guard let visible = simpleVisible(Unicode.Scalar(value)!) else { return .notSimple }
                scalars += 1
                if scalars <= maxColumns - 1 {
                    for byte in UTF8.encode(visible)! {
                        shown[count] = byte
                        count += 1
                    }
                }
                if scalars == maxColumns + 1 { return cut(keeping: count) }
            }
            // The whole text fits (a column per scalar).
            return .visible
        }
    }
    switch outcome {
    case .cut(let shown): return shown
    case .asIs: return text
    case .visible: return visibleText(text.unicodeScalars[...])
    case .notSimple: return nil
    }
}

/// How a simple scalar shows (see `isSimple`), a control character as `visibleText` shows it (a
/// symbol of one column); nil for any other scalar.
@inline(__always)
private func simpleVisible(_ scalar: Unicode.Scalar) -> Unicode.Scalar? {
    switch scalar.value {
    case 0x0A: return "⏎"
    case 0x09: return "→"
    case 0x00..<0x20: return Unicode.Scalar(0x2400 + scalar.value)
    case 0x7F: return "\u{2421}"
    default: return isSimple(scalar) ? scalar : nil
    }
}

/// A scalar that is a grapheme of one column shown as itself wherever it stands: printable ASCII,
/// Latin-1 to IPA (U+00A0 to U+02FF, but the soft hyphen), general punctuation from U+2010 (but
/// the line and paragraph separators, bidirectional controls and invisible operators).
@inline(__always)
private func isSimple(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x20...0x7E, 0xA0...0xAC, 0xAE...0x2FF, 0x2010...0x2027, 0x2030...0x205E: return true
    default: return false
    }
}

/// `scalars` with "\n" (and U+2028, U+2029) as ⏎, tab as →, other C0 control characters as
/// Control Pictures symbols, C1 controls and bidirectional controls as U+FFFD.
private func visibleText(_ scalars: Substring.UnicodeScalarView) -> String {
    var visible = String.UnicodeScalarView()
    for scalar in scalars {
        switch scalar.value {
        case 0x0A: visible.append("⏎")
        case 0x09: visible.append("→")
        case 0x00..<0x20: visible.append(Unicode.Scalar(0x2400 + scalar.value)!)
        case 0x7F: visible.append("\u{2421}")
        // The line and paragraph separators break the line as "\n" does.
        case 0x2028, 0x2029: visible.append("⏎")
        // C1 controls (U+009B opens a terminal's control sequence as ESC [ does) and the
        // bidirectional marks, embeddings, overrides and isolates, which would reorder the
        // table's columns: a replacement character, as a symbol of one column.
        case 0x80...0x9F, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: visible.append("\u{FFFD}")
        default: visible.append(scalar)
        }
    }
    return String(visible)
}

/// Terminal columns a string takes: 2 for East Asian wide and fullwidth characters and emoji, 1 otherwise.
func terminalColumns(of text: String) -> Int {
    // Printable ASCII characters are one column each and never join.
    if text.utf8.allSatisfy({ $0 >= 0x20 && $0 <= 0x7E }) { return text.utf8.count }
    return text.reduce(0) { $0 + terminalColumns(of: $1) }
}

/// Terminal columns one character (grapheme cluster) takes; decided by its first scalar.
func terminalColumns(of character: Character) -> Int {
    guard let scalar = character.unicodeScalars.first else { return 0 }
    return isWide(scalar) ? 2 : 1
}

private func isWide(_ scalar: Unicode.Scalar) -> Bool {
    // Below U+1100 nothing is wide nor has Emoji_Presentation (whose first is U+231A WATCH).
    if scalar.value < 0x1100 { return false }
    switch scalar.value {
    case 0x1100...0x115F,   // Hangul Jamo initial consonants
         0x2E80...0x303E,   // CJK radicals … CJK symbols and punctuation
         0x3041...0x33FF,   // Hiragana, Katakana, Bopomofo, Hangul compatibility Jamo, CJK compatibility
         0x3400...0x4DBF,   // CJK Extension A
         0x4E00...0x9FFF,   // CJK unified ideographs
         0xA000...0xA4CF,   // Yi
         0xAC00...0xD7A3,   // Hangul syllables
         0xF900...0xFAFF,   // CJK compatibility ideographs
         0xFE30...0xFE4F,   // CJK compatibility forms
         0xFF00...0xFF60,   // Fullwidth forms
         0xFFE0...0xFFE6,
         0x20000...0x2FFFD, // CJK Extensions B…
         0x30000...0x3FFFD:
        return true
    default:
        return scalar.properties.isEmojiPresentation
    }
}
