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
/// - every lookup of the font (Chromium's features, Latin script) that fires at its glyph reads
///   no context and neither reaches across a space nor moves the glyph after it: single and
///   ligature substitutions of letters, single and pair adjustments, mark attachment.
/// Not thread-safe: one per shaper.
final class BeyondASCIICharacters {
    /// Code points from U+0080 below this are looked up; all others are not taken.
    static let limit: UInt16 = 0x2070
    /// Added to a taken character's class when it is in the Latin script (a letter that makes
    /// its paragraph Latin).
    static let latinScript: UInt8 = 0x10
    /// Added to a taken character's class when no substitution of the font reads or writes its
    /// glyph: then its advance beside any neighbour is one pair's step (`BeyondASCIIPairSteps`),
    /// and a word holding it is walked pair by pair instead of shaped whole.
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
        let unsafe = Self.glyphsWithWideLookups(face: face, among: taken, joinable: joinable)
        let substituted = Self.glyphsOfSubstitutions(face: face)
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
    /// no lookup that Chromium's features apply to only one of the two scripts fires at one of
    /// their glyphs (a lookup fires only where its input glyphs are). Noto Sans takes the same
    /// lookups for Latin, Cyrillic, Armenian and Georgian; DejaVu Sans's Latin-only kerning lookup
    /// starts at ".", "-", ":" and the guillemets, which a Cyrillic run holds too.
    private static func alphabetsShapedAsLatin(font: FontFace, face: OpaquePointer) -> [hb_script_t] {
        let latin = chromiumLatinLookups(face)
        var accepted: [hb_script_t] = []
        var differing: [(script: hb_script_t, substitutions: Set<UInt32>, positionings: Set<UInt32>)] = []
        for script in otherScripts {
            let other = chromiumLookups(face, script: script)
            let substitutions = Set(latin.substitutions).symmetricDifference(other.substitutions)
            let positionings = Set(latin.positionings).symmetricDifference(other.positionings)
            if substitutions.isEmpty && positionings.isEmpty {
                accepted.append(script)
            } else {
                differing.append((script, substitutions, positionings))
            }
        }
        guard !differing.isEmpty else { return accepted }
        // The glyphs of the Common characters and of each script's letters, in one pass.
        let unicode = hb_unicode_funcs_get_default()
        let common = hb_set_create()!
        let runGlyphs = differing.map { _ in hb_set_create()! }
        defer {
            hb_set_destroy(common)
            for set in runGlyphs { hb_set_destroy(set) }
        }
        for codePoint in UInt32(0x20)..<UInt32(limit) where codePoint < 0x7F || codePoint >= 0xA0 {
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
            if hb_font_get_nominal_glyph(font.hbFont, codePoint, &glyph) != 0 { hb_set_add(set, glyph) }
        }
        for (n, entry) in differing.enumerated() {
            hb_set_union(runGlyphs[n], common)
            let fires = [("GSUB", entry.substitutions), ("GPOS", entry.positionings)].contains { table, lookups in
                lookups.contains { lookup in
                    let read = LookupGlyphs(face: face, table: table, lookup: lookup)
                    defer { read.destroy() }
                    return read.touches(runGlyphs[n], read.input)
                }
            }
            if !fires { accepted.append(entry.script) }
        }
        return accepted
    }

    /// The glyphs any substitution HarfBuzz applies to Latin text in `face` (Chromium's features)
    /// reads before, at or after its position, or writes.
    private static func glyphsOfSubstitutions(face: OpaquePointer) -> OpaquePointer {
        let all = hb_set_create()!
        for lookup in chromiumLatinLookups(face).substitutions {
            let read = LookupGlyphs(face: face, table: "GSUB", lookup: lookup)
            defer { read.destroy() }
            for set in [read.before, read.input, read.after, read.output] { hb_set_union(all, set) }
        }
        return all
    }

    deinit { table.deallocate() }

    /// The class (and `latinScript`) of `unit`, a UTF-16 unit from U+0080, or 0 when not taken.
    @inline(__always)
    func value(of unit: UInt16) -> UInt8 { unit < Self.limit ? table[Int(unit) &- 0x80] : 0 }

    /// The glyphs of `glyphs` that a lookup reaching beyond a word or a pair may fire at.
    private static func glyphsWithWideLookups(face: OpaquePointer, among glyphs: OpaquePointer,
                                              joinable: OpaquePointer) -> OpaquePointer {
        let unsafe = hb_set_create()!
        let (substitutions, positionings) = chromiumLatinLookups(face)
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
        for lookup in substitutions {
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
        for lookup in positionings {
            let read = LookupGlyphs(face: face, table: "GPOS", lookup: lookup)
            defer { read.destroy() }
            guard read.touches(glyphs, read.input) else { continue }
            switch gpos.lookupKind(lookup, extensionType: 9) {
            case let kind? where [1, 4, 5, 6].contains(kind.type) || (kind.type == 2 && !kind.pairsMoveSecondGlyph):
                continue
            default:
                mark(read)
            }
        }
        return unsafe
    }
}
