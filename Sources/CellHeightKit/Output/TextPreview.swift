/// Text made fit for one line of a terminal: "\n" shown as ⏎, tab as →, other control characters
/// as their Control Pictures symbol (U+2400…), and, if `maxColumns` is given and the text is wider,
/// cut to that many columns with a final "…".
func previewText(_ text: String, maxColumns: Int? = nil) -> String {
    var visible = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
        switch scalar.value {
        case 0x0A: visible.append("⏎")
        case 0x09: visible.append("→")
        case 0x00..<0x20: visible.append(Unicode.Scalar(0x2400 + scalar.value)!)
        case 0x7F: visible.append("\u{2421}")
        default: visible.append(scalar)
        }
    }
    let shown = String(visible)
    guard let maxColumns, terminalColumns(of: shown) > maxColumns else { return shown }

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

/// Terminal columns a string takes: 2 for East Asian wide and fullwidth characters and emoji, 1 otherwise.
func terminalColumns(of text: String) -> Int {
    text.reduce(0) { $0 + terminalColumns(of: $1) }
}

/// Terminal columns one character (grapheme cluster) takes; decided by its first scalar.
func terminalColumns(of character: Character) -> Int {
    guard let scalar = character.unicodeScalars.first else { return 0 }
    return isWide(scalar) ? 2 : 1
}

private func isWide(_ scalar: Unicode.Scalar) -> Bool {
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
