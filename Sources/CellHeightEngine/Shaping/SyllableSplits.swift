import CHarfBuzz

/// Where a Tibetan word, written without spaces, is taken a syllable at a time by the word
/// records: after a tsheg (U+0F0B, the mark that ends a syllable) and before a syllable starting
/// with a consonant (U+0F40...U+0F6C) whose first glyph meets the tsheg's apart in the font that
/// draws them.
///
/// A line may break there whatever is around (the tsheg is Line_Break BA, the consonant AL:
/// UAX #14's LB31), as between two ideographs. But the tsheg is not inert as an ideograph is
/// (`InertGlyphs`): Noto Serif Tibetan kerns it with the stacks after it (tsheg and རྟ, 50 units).
/// So the pair where two syllables meet decides:
/// - no substitution reads or writes the tsheg, so it stays itself, and no substitution's match
///   holds it: none spans the tsheg and what follows, and the next syllable's glyphs are those
///   it has alone (its first glyph found by shaping it alone, its stack whole);
/// - a positioning lookup spans the two only by matching both, one right after the other (neither
///   is a mark, and no lookup skips bases or ligatures): the pair meets apart when no lookup has
///   the tsheg and that first glyph in neighbouring places of its sequence (both in its context
///   before; the tsheg there and the glyph in its input; both in its input; the tsheg in its input
///   and the glyph in its context after; both there). Mark attachment reaches back only across
///   marks, and a syllable starts with a consonant.
/// The first glyph, not the consonant's: the closure of a lone consonant misses its stacks, and
/// the closure over every character a syllable may hold makes no consonant safe.
///
/// Kept per word record store (not thread-safe). A syllable's answer is a function of its text,
/// kept for the next texts (forgotten past `keptLimit` before a text, see `forgetIfMany`).
final class SyllableSplits {
    static let tsheg: UInt16 = 0x0F0B
    static let consonants: ClosedRange<UInt16> = 0x0F40...0x0F6C
    static let keptLimit = 1 << 16

    /// The font (index into the word records' fonts) that draws the tsheg and the consonants;
    /// -1 when no part is made (another font draws them, or its lookups allow none).
    let font: Int
    private let face: FontFace?
    /// The tsheg's glyph.
    private var tsheg: hb_codepoint_t = 0
    /// The glyph sets of the positioning lookups that name the tsheg, and where they name it.
    private var naming: [Naming] = []
    typealias Naming = (read: LookupGlyphs, before: Bool, input: Bool, after: Bool)
    /// Per syllable met: whether a part may start with it after a tsheg.
    private var known: [[UInt16]: Bool] = [:]

    /// No parts.
    init() {
        font = -1
        face = nil
    }

    /// The parts in `face`, the font at index `font` of the word records.
    init(face: FontFace, font: Int) {
        self.face = face
        let script = HB_SCRIPT_TIBETAN
        var usable = false
        if let hbFace = hb_font_get_face(face.hbFont), !positionsBeyondLookups(hbFace, script: script),
           hb_font_get_nominal_glyph(face.hbFont, UInt32(Self.tsheg), &tsheg) != 0, tsheg != 0,
           hb_ot_layout_get_glyph_class(hbFace, tsheg) != HB_OT_LAYOUT_GLYPH_CLASS_MARK {
            usable = Self.read(hbFace, tsheg: tsheg, into: &naming)
        }
        self.font = usable ? font : -1
    }

    deinit {
        for lookup in naming { lookup.read.destroy() }
    }

    /// Reads the lookups for Tibetan text that name `tsheg` into `naming`; false when a
    /// substitution names it or a lookup skips bases or ligatures.
    private static func read(_ face: OpaquePointer, tsheg: hb_codepoint_t, into naming: inout [Naming]) -> Bool {
        guard let lookups = lookupsReachingNeighbours(face, script: HB_SCRIPT_TIBETAN) else { return false }
        var substitutesTsheg = false
        for (table, read) in lookups {
            let before = hb_set_has(read.before, tsheg) != 0, input = hb_set_has(read.input, tsheg) != 0
            let after = hb_set_has(read.after, tsheg) != 0
            if table == "GSUB" && (before || input || after || hb_set_has(read.output, tsheg) != 0) {
                substitutesTsheg = true
            }
            if table == "GPOS" && (before || input || after) {
                naming.append((read, before, input, after))
            } else {
                read.destroy()
            }
        }
        return !substitutesTsheg
    }

    /// Whether a part may start at `units[i]` after a tsheg (`units[i - 1]`): `units[i]` is a
    /// consonant, and the syllable it starts (up to the next space, tab or tsheg before a
    /// consonant, within `length`) meets the tsheg apart.
    func partsAt(_ units: UnsafePointer<UInt16>, _ i: Int, length: Int) -> Bool {
        guard font >= 0, units[i &- 1] == Self.tsheg, Self.consonants.contains(units[i]) else { return false }
        var end = i + 1
        while end < length && units[end] != 0x20 && units[end] != 0x09
            && !(units[end - 1] == Self.tsheg && Self.consonants.contains(units[end])) {
            end += 1
        }
        let syllable = Array(UnsafeBufferPointer(start: units + i, count: end - i))
        if let answer = known[syllable] { return answer }
        let answer = meetsTshegApart(firstGlyph(of: syllable))
        known[syllable] = answer
        return answer
    }

    /// Forgets the answers when they are many (`keptLimit`). Called before a text is prepared,
    /// never between preparing it and laying it out: the numbers worked out again while its lines
    /// are wrapped (`WordRecords.offsetNumbers`) find every syllable's answer, and shape nothing.
    func forgetIfMany() {
        if known.count >= Self.keptLimit { known.removeAll() }
    }

    /// The first glyph HarfBuzz gives `syllable` alone, with Chromium's features.
    private func firstGlyph(of syllable: [UInt16]) -> hb_codepoint_t? {
        guard let face else { return nil }
        return Shaper.shapedAlone(syllable, script: HB_SCRIPT_TIBETAN, font: face.hbFont) { infos, _ in
            infos.first?.codepoint
        } ?? nil
    }

    /// Whether no positioning lookup can join the tsheg with `glyph` right after it.
    private func meetsTshegApart(_ glyph: hb_codepoint_t?) -> Bool {
        guard let glyph, glyph != 0, let face, let hbFace = hb_font_get_face(face.hbFont),
              hb_ot_layout_get_glyph_class(hbFace, glyph) != HB_OT_LAYOUT_GLYPH_CLASS_MARK else { return false }
        return !naming.contains { lookup in
            let read = lookup.read
            let inBefore = hb_set_has(read.before, glyph) != 0, inInput = hb_set_has(read.input, glyph) != 0
            let inAfter = hb_set_has(read.after, glyph) != 0
            return (lookup.before && (inBefore || inInput)) || (lookup.input && (inInput || inAfter))
                || (lookup.after && inAfter)
        }
    }
}
