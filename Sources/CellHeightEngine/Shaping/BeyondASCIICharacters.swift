import CHarfBuzz

/// The characters beyond ASCII that the pairwise lane takes in one font (letters such as "é", "ß",
/// "©" and quotation marks such as "’"): a word holding one is shaped whole through the width
/// cache, as a word with a ligature is, and lines break around it by the line breaker's lanes
/// (`ChromiumLineBreakerLanes`).
///
/// A character is taken when all of these hold, so that the shaping preparer would shape its
/// paragraph's runs as Latin runs in the primary font and shaping words alone gives the same glyphs:
/// - `ChromiumLineBreaker.BeyondASCIIClass` has a class for it (from ICU's properties), it is below
///   U+2070 (Latin-1, the Latin extensions, Greek, Cyrillic, Armenian, Georgian, general
///   punctuation) and in the Latin or Common script, or in one of the alphabets `otherScripts`
///   names that the font shapes as Latin (`alphabetsShapedAsLatin`: HarfBuzz shapes these with its default
///   shaper, and no lookup that only one of the two takes fires in such a run), and then only
///   pairwise (below);
/// - the primary font draws it, with a glyph that is not a mark;
/// - every lookup of the font (Chromium's features, Latin script) that fires at its glyph in the
///   lane's text reads no context and neither reaches across a space nor moves the glyph after
///   it: single and ligature substitutions of letters, single and pair adjustments, mark
///   attachment. A lookup none of whose rules can fire in text of printable ASCII and these
///   characters (no marks) counts for nothing (`LookupReach`): DejaVu Sans's `ccmp` rules for
///   "i" before a combining mark, whose context holds every capital letter.
/// Not thread-safe: one per shaper.
final class BeyondASCIICharacters {
    /// Code points from U+0080 below this are looked up; all others are not taken.
    static let limit: UInt16 = 0x2070
    /// Added to a taken character's class when it is in the Latin script (a letter that makes
    /// its paragraph Latin).
    static let latinScript: UInt8 = 0x10
    /// Added to a taken character's class when no substitution of the font that may fire in the
    /// lane's text reads or writes its glyph (a ligature lookup: no ligature that may fire): then
    /// its advance beside any neighbour is one pair's step (`BeyondASCIIPairSteps`), and a word
    /// holding it is walked pair by pair instead of shaped whole.
    static let pairwise: UInt8 = 0x20
    /// Added to a taken letter of one of `otherScripts` ("ж", "λ"): it makes its paragraph shaped
    /// as Latin text is, but starts a script run of its own beside a letter of another script, so
    /// the lane checks where runs meet (`PairwiseTextPreparer.runsMeetApart`).
    static let otherScript: UInt8 = 0x40
    /// Alphabets below `limit` that HarfBuzz shapes with its default shaper, as Latin: taken in a
    /// font that shapes them as Latin (`alphabetsShapedAsLatin`).
    static let otherScripts = [HB_SCRIPT_GREEK, HB_SCRIPT_CYRILLIC, HB_SCRIPT_ARMENIAN, HB_SCRIPT_GEORGIAN]

    /// Per code point from U+0080: 0 when not taken, else its class's raw value (plus `latinScript`).
    private let table: UnsafeMutablePointer<UInt8>

    init(font: FontFace, fontSize: Double) {
        let count = Int(Self.limit) - 0x80
        table = .allocate(capacity: count)
        table.initialize(repeating: 0, count: count)
        font.setSize(fontSize)
        guard let face = hb_font_get_face(font.hbFont) else { return }
        let unicode = hb_unicode_funcs_get_default()
        let taken = hb_set_create()!
        defer { hb_set_destroy(taken) }
        var glyphs: [(codePoint: UInt32, glyph: hb_codepoint_t, value: UInt8)] = []
        let alphabetsAsLatin = Self.alphabetsShapedAsLatin(font: font, face: face)
        for codePoint in 0x80..<UInt32(Self.limit) {
            guard let breakClass = ChromiumLineBreaker.BeyondASCIIClass(codePoint) else { continue }
            let script = hb_unicode_script(unicode, codePoint)
            let scriptFlag: UInt8
            switch script {
            case HB_SCRIPT_LATIN: scriptFlag = Self.latinScript
            case HB_SCRIPT_COMMON: scriptFlag = 0
            case _ where alphabetsAsLatin.contains(script): scriptFlag = Self.otherScript
            default: continue
            }
            var glyph: hb_codepoint_t = 0
            guard hb_font_get_nominal_glyph(font.hbFont, codePoint, &glyph) != 0,
                  hb_ot_layout_get_glyph_class(face, glyph) != HB_OT_LAYOUT_GLYPH_CLASS_MARK else { continue }
            hb_set_add(taken, glyph)
            glyphs.append((codePoint, glyph, breakClass.rawValue | scriptFlag))
        }
        // Glyphs a ligature may join a taken glyph with: letters and digits (no space, nothing a
        // line may break at).
        let joinable = hb_set_copy(taken)!
        defer { hb_set_destroy(joinable) }
        for codePoint in Array(0x30...0x39) + Array(0x41...0x5A) + Array(0x61...0x7A) {
            var glyph: hb_codepoint_t = 0
            if hb_font_get_nominal_glyph(font.hbFont, UInt32(codePoint), &glyph) != 0 { hb_set_add(joinable, glyph) }
        }
        // The lookups that may fire in the lane's text (printable ASCII and the characters
        // considered here), and the glyphs that text may hold once the substitutions ran.
        var textGlyphs = setElements(taken).map(Int.init)
        for codePoint in UInt32(PairwiseASCIIAdvances.first)...UInt32(PairwiseASCIIAdvances.last) {
            var glyph: hb_codepoint_t = 0
            if hb_font_get_nominal_glyph(font.hbFont, codePoint, &glyph) != 0 { textGlyphs.append(Int(glyph)) }
        }
        let lookups = chromiumLatinLookups(face)
        let (reaches, substitutedText) = LookupReach.substitutions(lookups.substitutions, face: face,
                                                                   glyphs: textGlyphs)
        let substitutions = zip(lookups.substitutions, reaches).filter { $0.1 != .never }
        let unsafe = Self.glyphsWithWideLookups(face: face, among: taken, joinable: joinable,
                                                substitutions: substitutions, positionings: lookups.positionings,
                                                text: substitutedText)
        let substituted = Self.glyphsOfSubstitutions(face: face, substitutions)
        defer {
            hb_set_destroy(unsafe)
            hb_set_destroy(substituted)
        }
        for (codePoint, glyph, value) in glyphs where hb_set_has(unsafe, glyph) == 0 {
            let isPairwise = hb_set_has(substituted, glyph) == 0
            // A word with a substituted glyph is shaped whole as Latin: only letters of Latin runs.
            if value & Self.otherScript != 0 && !isPairwise { continue }
            table[Int(codePoint) - 0x80] = value | (isPairwise ? Self.pairwise : 0)
        }
    }

    /// The alphabets of `otherScripts` that HarfBuzz shapes in `face` as it would shape the same
    /// text as Latin. A run of one holds the script's letters and characters of the Common script
    /// (ASCII digits, spaces and punctuation, and those beyond ASCII); it is shaped as Latin when
    /// no lookup that Chromium's features apply to only one of the two scripts can fire in it
    /// (`LookupReach`: every glyph a rule matches is one such a run may hold; a pair adjustment,
    /// both glyphs of a pair). Noto Sans takes the same lookups for Latin, Cyrillic, Armenian and
    /// Georgian; DejaVu Sans's Latin-only kerning lookup starts at ".", "-", ":" and the
    /// guillemets, which a Cyrillic or Greek run holds too, but kerns them only before Latin
    /// letters, which such a run does not hold.
    private static func alphabetsShapedAsLatin(font: FontFace, face: OpaquePointer) -> [hb_script_t] {
        let latin = chromiumLatinLookups(face)
        var accepted: [hb_script_t] = []
        var differing: [(script: hb_script_t, substitutions: Set<UInt32>, positionings: Set<UInt32>,
                         allSubstitutions: [UInt32])] = []
        for script in otherScripts {
            let other = chromiumLookups(face, script: script)
            let substitutions = Set(latin.substitutions).symmetricDifference(other.substitutions)
            let positionings = Set(latin.positionings).symmetricDifference(other.positionings)
            if substitutions.isEmpty && positionings.isEmpty {
                accepted.append(script)
            } else {
                differing.append((script, substitutions, positionings,
                                  Set(latin.substitutions).union(other.substitutions).sorted()))
            }
        }
        guard !differing.isEmpty else { return accepted }
        // The glyphs of the Common characters and of each script's letters that the lane may take
        // (printable ASCII and the classes beyond it; no mark), in one pass.
        let unicode = hb_unicode_funcs_get_default()
        let common = hb_set_create()!
        let runGlyphs = differing.map { _ in hb_set_create()! }
        defer {
            hb_set_destroy(common)
            for set in runGlyphs { hb_set_destroy(set) }
        }
        for codePoint in UInt32(0x20)..<UInt32(limit)
        where codePoint < 0x7F || ChromiumLineBreaker.BeyondASCIIClass(codePoint) != nil {
            let script = hb_unicode_script(unicode, codePoint)
            let set: OpaquePointer
            if script == HB_SCRIPT_COMMON || script == HB_SCRIPT_INHERITED {
                set = common
            } else if let n = differing.firstIndex(where: { $0.script == script }) {
                set = runGlyphs[n]
            } else {
                continue
            }
            var glyph: hb_codepoint_t = 0
            if hb_font_get_nominal_glyph(font.hbFont, codePoint, &glyph) != 0,
               hb_ot_layout_get_glyph_class(face, glyph) != HB_OT_LAYOUT_GLYPH_CLASS_MARK {
                hb_set_add(set, glyph)
            }
        }
        let gpos = OpenTypeTable(face: face, tag: "GPOS")
        defer { gpos.destroy() }
        for (n, entry) in differing.enumerated() {
            hb_set_union(runGlyphs[n], common)
            // What the substitutions of either script that may fire in such a run write, too.
            let (reaches, text) = LookupReach.substitutions(entry.allSubstitutions, face: face,
                                                            glyphs: setElements(runGlyphs[n]).map(Int.init))
            let substitutes = zip(entry.allSubstitutions, reaches).contains { lookup, reach in
                entry.substitutions.contains(lookup) && reach != .never
            }
            let positions = LookupReach(table: gpos, isPositioning: true, glyphs: text)
            if !substitutes && entry.positionings.allSatisfy({ positions.reach(of: $0) == .never }) {
                accepted.append(entry.script)
            }
        }
        return accepted
    }

    /// The glyphs that `substitutions` (lookups HarfBuzz applies to Latin text in `face` with
    /// Chromium's features, with what they can do in the lane's text) read before, at or after
    /// their position, or write.
    private static func glyphsOfSubstitutions(face: OpaquePointer,
                                              _ substitutions: [(UInt32, LookupReach.Reach)]) -> OpaquePointer {
        let all = hb_set_create()!
        for (lookup, reach) in substitutions {
            switch reach {
            case .never:
                continue
            case .ligatures(let read, let written):
                for glyph in read.union(written) { hb_set_add(all, hb_codepoint_t(glyph)) }
            case .anywhere:
                let read = LookupGlyphs(face: face, table: "GSUB", lookup: lookup)
                defer { read.destroy() }
                for set in [read.before, read.input, read.after, read.output] { hb_set_union(all, set) }
            }
        }
        return all
    }

    deinit { table.deallocate() }

    /// The class (and `latinScript`) of `unit`, a UTF-16 unit from U+0080, or 0 when not taken.
    @inline(__always)
    func value(of unit: UInt16) -> UInt8 { unit < Self.limit ? table[Int(unit) &- 0x80] : 0 }

    /// The glyphs of `glyphs` that a lookup reaching beyond a word or a pair may fire at in the
    /// lane's text (whose glyphs are `text` once `substitutions` ran).
    private static func glyphsWithWideLookups(face: OpaquePointer, among glyphs: OpaquePointer, joinable: OpaquePointer,
                                              substitutions: [(UInt32, LookupReach.Reach)], positionings: [UInt32],
                                              text: [Int]) -> OpaquePointer {
        let unsafe = hb_set_create()!
        let gsub = OpenTypeTable(face: face, tag: "GSUB"), gpos = OpenTypeTable(face: face, tag: "GPOS")
        defer {
            gsub.destroy()
            gpos.destroy()
        }
        func mark(_ read: LookupGlyphs) {
            let fired = hb_set_copy(read.input)!
            hb_set_intersect(fired, glyphs)
            hb_set_union(unsafe, fired)
            hb_set_destroy(fired)
        }
        for (lookup, reach) in substitutions {
            if case .ligatures(let read, _) = reach {
                // Only the ligatures that can fire count: they join letters and digits, or they
                // mark the glyphs they read.
                if read.allSatisfy({ hb_set_has(joinable, hb_codepoint_t($0)) != 0 }) { continue }
                for glyph in read.map(hb_codepoint_t.init) where hb_set_has(glyphs, glyph) != 0 {
                    hb_set_add(unsafe, glyph)
                }
                continue
            }
            let read = LookupGlyphs(face: face, table: "GSUB", lookup: lookup)
            defer { read.destroy() }
            guard read.touches(glyphs, read.input) else { continue }
            switch gsub.lookupKind(lookup, extensionType: 7)?.type {
            case 1?:
                continue
            case 4? where hb_set_is_subset(read.input, joinable) != 0:
                continue
            default:
                mark(read)
            }
        }
        // (Made only for a lookup that would mark glyphs: it reads the rules.)
        var positioningReach: LookupReach?
        for lookup in positionings {
            let read = LookupGlyphs(face: face, table: "GPOS", lookup: lookup)
            defer { read.destroy() }
            guard read.touches(glyphs, read.input) else { continue }
            switch gpos.lookupKind(lookup, extensionType: 9) {
            case let kind? where [1, 4, 5, 6].contains(kind.type) || (kind.type == 2 && !kind.pairsMoveSecondGlyph):
                continue
            default:
                if positioningReach == nil {
                    positioningReach = LookupReach(table: gpos, isPositioning: true, glyphs: text)
                }
                if positioningReach?.reach(of: lookup) == .never { continue }
                mark(read)
            }
        }
        return unsafe
    }
}
