import CHarfBuzz

/// Where a run of kana, written without spaces, is taken a kana at a time by the word records:
/// between two kana of one script (hiragana or katakana, Line_Break ID) that the font drawing them
/// sets apart.
///
/// A line may break there whatever is around (ID against ID: UAX #14's LB31), as between two
/// ideographs. But kana are not inert as ideographs are (`InertGlyphs`): Noto Sans CJK's `kern`
/// feature pairs some of them (い and て, -30 units; 487 of the 30,976 pairs of kana). So the pair
/// where two kana meet decides, in a font where that is all a lookup can do across them:
/// - no substitution Chromium applies to hiragana or katakana reads or writes a kana glyph, so
///   each kana's glyph is its own, whatever is beside it;
/// - every positioning lookup that names a kana glyph (mark attachment aside: a part starts with a
///   kana, never a mark) is a single adjustment, which moves one glyph alone, or a pair adjustment
///   that moves the first glyph only: its match never takes the second glyph away from the pair
///   after it (HarfBuzz skips a pair's second glyph when its value format moves it), so what a
///   pair of kana does is all the lookup does across them;
/// - the pair then meets apart when HarfBuzz gives the two kana shaped together the glyphs and
///   positions each has alone (in font units, where any adjustment shows).
/// Kana of two scripts, or beside any other character, are not parted here.
///
/// Kept per word record store (not thread-safe); each pair's answer is worked out once.
final class KanaSplits {
    /// The kana: U+3041...U+30FF (the `kana` flag of `WordCharacters` marks those of Line_Break ID).
    static let kana: ClosedRange<UInt16> = 0x3041...0x30FF

    /// The font (index into the word records' fonts) that draws the kana; -1 when no part is made
    /// (another font draws some, or its lookups allow none).
    let font: Int
    /// The font at its design size (units per em), for the pair test; nil from `init()`.
    private let designFont: OpaquePointer?
    /// Per pair of kana (previous, current), by offset from `kana`'s start: 0 not known yet,
    /// 1 parts, 2 joins. (One worker's.)
    private var answers =
        [UInt8](repeating: 0, count: KanaSplits.kana.count * KanaSplits.kana.count)

    /// No parts.
    init() {
        font = -1
        designFont = nil
    }

    /// The parts in `face`, the font at index `font` of the word records.
    init(face: FontFace, font: Int) {
        let hbFace = hb_font_get_face(face.hbFont)
        let designFont = hb_font_create(hbFace)!
        let kanaGlyphs = hb_set_create()!
        defer { hb_set_destroy(kanaGlyphs) }
        for unit in Self.kana where WordCharacters.flags[unit] & WordCharacters.kana != 0 {
            var glyph: hb_codepoint_t = 0
            if hb_font_get_nominal_glyph(designFont, UInt32(unit), &glyph) != 0 { hb_set_add(kanaGlyphs, glyph) }
        }
        var usable = false
        if let hbFace {
            usable = [HB_SCRIPT_HIRAGANA, HB_SCRIPT_KATAKANA].allSatisfy { script in
                !positionsBeyondLookups(hbFace, script: script)
                    && Self.onlyPairsFirstGlyph(hbFace, script: script, kanaGlyphs: kanaGlyphs)
            }
        }
        self.font = usable ? font : -1
        self.designFont = designFont
    }

    deinit {
        if let designFont { hb_font_destroy(designFont) }
    }

    /// Whether, for text of `script` in `face`, no substitution names the glyph of a kana of
    /// Line_Break ID (the combining voiced sound marks among the kana block are marks) but as the
    /// first component of ligatures, and every
    /// positioning lookup that names one is a single adjustment or a pair adjustment that moves
    /// the first glyph only (see the type's comment).
    private static func onlyPairsFirstGlyph(_ face: OpaquePointer, script: hb_script_t,
                                            kanaGlyphs: OpaquePointer) -> Bool {
        let lookups = chromiumLookups(face, script: script, extraFeatures: ["halt"])
        for (table, indices) in [("GSUB", lookups.substitutions), ("GPOS", lookups.positionings)] {
            let layout = OpenTypeTable(face: face, tag: table)
            defer { layout.destroy() }
            for lookup in indices {
                let read = LookupGlyphs(face: face, table: table, lookup: lookup)
                defer { read.destroy() }
                let names = [read.before, read.input, read.after, read.output].contains { read.touches(kanaGlyphs, $0) }
                guard names else { continue }
                if table == "GSUB" {
                    // A ligature that starts with a kana and goes on with other glyphs (a kana
                    // and a combining voiced sound mark) never spans two kana.
                    guard layout.lookupKind(lookup, extensionType: 7)?.type == 4,
                          ![read.before, read.after, read.output].contains(where: { read.touches(kanaGlyphs, $0) }),
                          let later = layout.laterLigatureComponents(ofLookup: lookup),
                          !later.contains(where: { hb_set_has(kanaGlyphs, hb_codepoint_t($0)) != 0 })
                    else { return false }
                    continue
                }
                guard let kind = layout.lookupKind(lookup, extensionType: 9) else { return false }
                switch kind.type {
                case 1: continue
                case 2 where !kind.pairsMoveSecondGlyph: continue
                case 4...6: continue  // Mark attachment: a mark to the glyph before it.
                default: return false
                }
            }
        }
        return true
    }

    /// Whether a part may start at kana `current` after kana `previous` (both of Line_Break ID).
    func partsAt(_ previous: UInt16, _ current: UInt16) -> Bool {
        guard font >= 0, Self.kana.contains(previous), Self.kana.contains(current) else { return false }
        let index = Int(previous - Self.kana.lowerBound) * Self.kana.count + Int(current - Self.kana.lowerBound)
        if answers[index] == 0 { answers[index] = meetApart(previous, current) ? 1 : 2 }
        return answers[index] == 1
    }

    /// Whether HarfBuzz gives `first` and `second` shaped together what each has alone.
    private func meetApart(_ first: UInt16, _ second: UInt16) -> Bool {
        let unicode = hb_unicode_funcs_get_default()
        let script = hb_unicode_script(unicode, UInt32(first))
        guard let designFont, script == hb_unicode_script(unicode, UInt32(second)) else { return false }
        let alone = [shaped([first], script: script, in: designFont), shaped([second], script: script, in: designFont)]
        let together = shaped([first, second], script: script, in: designFont)
        guard alone.allSatisfy({ $0.count == 1 }), together.count == 2 else { return false }
        return together[0] == alone[0][0] && together[1] == alone[1][0]
    }

    /// Each glyph HarfBuzz gives `units` alone with Chromium's features: its id, advance and offsets.
    private func shaped(_ units: [UInt16], script: hb_script_t, in font: OpaquePointer) -> [[Int32]] {
        Shaper.shapedAlone(units, script: script, font: font) { infos, positions in
            zip(infos, positions).map { info, position in
                [Int32(bitPattern: info.codepoint), position.x_advance, position.y_advance, position.x_offset,
                 position.y_offset]
            }
        } ?? []
    }
}
