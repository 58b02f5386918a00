import ICUBridge

/// Grapheme cluster boundaries (UAX #29, as ICU 72 gives them, with Unicode 15.1's GB9c on top,
/// `IndicConjunctBreak`) of text in which they follow from each unit's Grapheme_Cluster_Break
/// alone: text of the BMP without CR, LF, Prepend, conjoining jamo, regional indicators or
/// Extended_Pictographic characters. Then only three rules act: GB4 and GB5 (a break before and
/// after a control), GB9 and GB9a (no break before Extend, ZWJ or SpacingMark) and GB999 (a break
/// anywhere else); GB11, which reads a ZWJ's neighbours, needs an Extended_Pictographic character.
/// That is the text of the scripts written with letters and marks (Devanagari, Tamil, Arabic,
/// Thai, Khmer, Tibetan, Latin with accents…), which ICU's grapheme iterator would otherwise
/// walk for every paragraph the shaping preparer prepares (the words of the word records).
/// Precomposed Hangul syllables (LV, LVT) join only conjoining jamo, so they count as Other.
/// `GraphemesByClassTests` compares every class with ICU's iterator.
enum GraphemesByClass {
    static let other: UInt8 = 0
    static let extend: UInt8 = 1
    static let control: UInt8 = 2
    /// A unit whose boundaries need ICU.
    static let refused: UInt8 = 3

    private static let classes = LazyCodePointTable(graphemeClass(of:))

    /// The class of BMP code unit `unit` (a surrogate is refused).
    @inline(__always)
    static func `class`(of unit: UInt16) -> UInt8 { classes[unit] }

    /// Calls `body` with each grapheme boundary of `units` after its start, in order, the end
    /// included (as `ICUBreakIterator.forEachBoundary` does for graphemes), and returns true; or
    /// returns false, having called nothing, when a unit is refused.
    static func forEachBoundary(_ units: [UInt16], _ body: (Int) -> Void) -> Bool {
        units.withUnsafeBufferPointer { units in
            var hasExtend = false
            for unit in units {
                let found = `class`(of: unit)
                if found == refused { return false }
                hasExtend = hasExtend || found == extend
            }
            guard units.count > 0 else { return true }
            var last = `class`(of: units[0])
            for i in 1..<units.count {
                let current = `class`(of: units[i])
                defer { last = current }
                if current == extend && last != control { continue }
                // GB9c: a consonant after a linker among extending marks joins them (checked only
                // where marks are: ICU's own boundaries get the same filter).
                if hasExtend && IndicConjunctBreak.joins(units.baseAddress!, count: units.count, before: i) { continue }
                body(i)
            }
            body(units.count)
            return true
        }
    }

    /// The class of `codePoint` by its Grapheme_Cluster_Break and Extended_Pictographic.
    static func graphemeClass(of codePoint: UInt32) -> UInt8 {
        // A surrogate is half of a character beyond the BMP (ICU reads a lone one as a control).
        guard !(0xD800...0xDFFF).contains(codePoint), icub_is_extended_pictographic(codePoint) == 0 else {
            return refused
        }
        switch Int(icub_grapheme_cluster_break(codePoint)) {
        case ICUB_GCB_OTHER, ICUB_GCB_LV, ICUB_GCB_LVT: return other
        case ICUB_GCB_EXTEND, ICUB_GCB_SPACING_MARK, ICUB_GCB_ZWJ: return extend
        case ICUB_GCB_CONTROL: return control
        default: return refused
        }
    }
}
