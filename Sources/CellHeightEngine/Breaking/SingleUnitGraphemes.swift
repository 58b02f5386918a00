/// Text in which every UTF-16 unit is a grapheme cluster of its own, so that a line may be cut at
/// any offset without asking ICU (whose grapheme iterator took some 4% of a multilingual run).
///
/// Each unit must be of Grapheme_Cluster_Break Other, Control (not CR, which joins a following LF)
/// or a precomposed Hangul syllable (LV or LVT, which join only conjoining jamo, never in the
/// set), and no unit may be Extend, SpacingMark, Prepend, ZWJ, a jamo or a surrogate: then UAX #29
/// puts a boundary between any two of them. The set is the text of CJK, Japanese and Korean rows:
/// ASCII, CJK ideographs, kana, CJK and fullwidth punctuation, Hangul syllables.
/// `SingleUnitGraphemesTests` compares with ICU.
enum SingleUnitGraphemes {
    static func cover(_ units: [UInt16]) -> Bool {
        units.allSatisfy(isSingleUnitGrapheme)
    }

    @inline(__always)
    static func isSingleUnitGrapheme(_ unit: UInt16) -> Bool {
        switch unit {
        case 0x00...0x0C, 0x0E...0x7F: return true          // ASCII but CR
        case 0x3000...0x3029, 0x3030...0x303F: return true  // CJK punctuation but the tone marks U+302A-302F
        case 0x3041...0x3096, 0x309B...0x30FF: return true  // kana but the combining voiced marks U+3099, U+309A
        case 0x3400...0x4DBF, 0x4E00...0x9FFF: return true  // CJK ideographs (extension A, unified)
        case 0xAC00...0xD7A3: return true                   // Hangul syllables
        case 0xFF01...0xFF5E, 0xFF61...0xFF9D: return true  // fullwidth ASCII, halfwidth forms but U+FF9E, U+FF9F
        default: return false
        }
    }
}
