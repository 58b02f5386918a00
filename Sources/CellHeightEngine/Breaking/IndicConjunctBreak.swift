import CHarfBuzz

/// Unicode 15.1's rule GB9c (UAX #29): no grapheme cluster boundary inside an Indic conjunct of
/// Devanagari, Bengali, Gujarati, Oriya, Telugu or Malayalam, a consonant, then a virama (the
/// script's Indic_Conjunct_Break=Linker) among combining marks, then a consonant
/// (`\p{InCB=Consonant} [\p{InCB=Extend}\p{InCB=Linker}]* \p{InCB=Linker}
/// [\p{InCB=Extend}\p{InCB=Linker}]* × \p{InCB=Consonant}`). Chromium 156's ICU 78 has it;
/// Debian 12's ICU 72 (Unicode 15.0) does not, so its boundaries are filtered here: "क्ष" is one
/// cluster, as in Chromium, while Kannada's and Tamil's viramas are no linkers ("ಸ್|ಥ").
enum IndicConjunctBreak {
    /// Whether the grapheme boundary ICU 72 gives before `units[offset]` is one GB9c removes.
    static func joins(_ units: UnsafePointer<UInt16>, count: Int, before offset: Int) -> Bool {
        guard offset > 1, offset < count, isConsonant(units[offset]) else { return false }
        let unicode = hb_unicode_funcs_get_default()
        var sawLinker = false
        var i = offset - 1
        // Back over the linkers and extending marks (ZWJ, marks of a nonzero combining class).
        while i > 0 {
            let unit = units[i]
            if isLinker(unit) {
                sawLinker = true
            } else if unit != 0x200D,
                      hb_unicode_combining_class(unicode, UInt32(unit)) == HB_UNICODE_COMBINING_CLASS_NOT_REORDERED {
                break
            }
            i -= 1
        }
        return sawLinker && isConsonant(units[i])
    }

    /// The six viramas of Indic_Conjunct_Break=Linker.
    @inline(__always)
    static func isLinker(_ unit: UInt16) -> Bool {
        switch unit {
        case 0x094D, 0x09CD, 0x0ACD, 0x0B4D, 0x0C4D, 0x0D4D: return true
        default: return false
        }
    }

    /// Indic_Conjunct_Break=Consonant: the consonants (Indic_Syllabic_Category=Consonant) of the six
    /// scripts.
    static func isConsonant(_ unit: UInt16) -> Bool {
        switch unit {
        case 0x0915...0x0939, 0x0958...0x095F, 0x0978...0x097F,
             0x0995...0x09A8, 0x09AA...0x09B0, 0x09B2, 0x09B6...0x09B9, 0x09DC...0x09DD, 0x09DF, 0x09F0...0x09F1,
             0x0A95...0x0AA8, 0x0AAA...0x0AB0, 0x0AB2...0x0AB3, 0x0AB5...0x0AB9, 0x0AF9,
             0x0B15...0x0B28, 0x0B2A...0x0B30, 0x0B32...0x0B33, 0x0B35...0x0B39, 0x0B5C...0x0B5D, 0x0B5F, 0x0B71,
             0x0C15...0x0C28, 0x0C2A...0x0C39, 0x0C58...0x0C5A,
             0x0D15...0x0D3A:
            return true
        default:
            return false
        }
    }
}
