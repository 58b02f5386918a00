import CHarfBuzz

/// Advances of printable ASCII text as sums over neighbouring pairs, for fonts whose shaping of
/// ASCII depends on nothing wider than a pair: what lets the pairwise lane measure a row of prose
/// without shaping its words.
///
/// Shaping a whole paragraph gives character `i` the advance its glyph has next to character
/// `i + 1` (its nominal advance plus the kerning of that pair), and a line that ends between the
/// two loses that kerning (see `Shaper.kerningLostAtBreaks`). Both numbers are found once per pair,
/// by shaping the pair itself with HarfBuzz, and then looked up: at most 95 × 96 shapings per font
/// and size, a few thousand for real prose, instead of one per distinct word.
///
/// That is exact only when no lookup of the font reaches further than a pair, which
/// `asciiShapingModel` checks in the font's tables before the lane is used; each pair
/// shaped is checked again (two glyphs, the second unchanged by the first), and one that is not
/// turns the lane off for good. Rows it cannot answer are shaped (`ShapingTextPreparer`).
/// The numbers live in `PlainShapingTables`, shared by every worker; this object shapes what is
/// missing with its worker's shaper. Not thread-safe: one per shaper.
final class PairwiseASCIIAdvances {
    /// Characters covered: U+0020...U+007E.
    static let first: UInt8 = 0x20
    static let last: UInt8 = 0x7E
    /// (Literals, not expressions: a static let computed from others is made lazily, and each
    /// read in the pairwise lane's loops would cost a `swift_once` call.)
    static let characterCount = 95
    /// The second index of a pair whose first character ends the paragraph.
    static let end = 95

    private let shaper: Shaper
    /// The font that draws what it shapes.
    var primaryFont: FontFace { shaper.chain.primary }
    /// The font's tables, shared with the other workers (see `PlainShapingTables`).
    let tables: PlainShapingTables
    /// `tables`' steps of pairs beyond ASCII, read directly (no retain of the table per pair).
    private let beyondSteps: BeyondASCIIPairSteps.Slots
    /// What one pair gives, in HarfBuzz units (1/65536 px): the first character's advance, and how
    /// much wider a line gets when it ends between the two.
    struct Step {
        var advance: Int32
        var loss: Int32
    }

    /// Words shaped whole that this worker met, in front of the shared store (no lock for a hit).
    private var words = ShapedSegmentCache()
    /// False once a pair turned out not to be pairwise: then every row is shaped.
    private(set) var isUsable = true
    /// The words that must be shaped whole (see `ASCIISubstitutions`).
    var substitutions: ASCIISubstitutions { tables.substitutions }
    /// The characters beyond ASCII the lane takes (words holding one are shaped whole).
    var beyondASCII: BeyondASCIICharacters { tables.beyondASCII }

    /// Nil when the shaper's primary font does not draw all of ASCII or its tables allow lookups
    /// wider than a pair (see `asciiShapingModel`).
    init?(shaper: Shaper) {
        guard let tables = PlainShapingTables.tables(for: shaper) else { return nil }
        self.shaper = shaper
        self.tables = tables
        beyondSteps = tables.beyondSteps.slots
    }

    /// The table index of the pair (`a`, `b`): `a` a printable ASCII byte, `b` one or `end`.
    @inline(__always)
    static func pairIndex(_ a: UInt8, _ b: Int) -> Int { Int(a &- first) &* (characterCount + 1) &+ b }

    /// The advance of `pair`'s first character and the loss of a line ending inside it, in
    /// 1/65536 px, shaping the pair first when it is new; nil when this pair shows the font is not
    /// pairwise (the lane is then off).
    func pair(_ pair: Int) -> (advance: Int32, loss: Int32)? {
        let packed = tables.step(pair)
        if packed != PlainShapingTables.unknown {
            let step = PlainShapingTables.unpack(packed)
            return (step.advance, step.loss)
        }
        return shapePair(pair)
    }

    /// The step of `first` before `next` (0 for the paragraph's end) when either is a letter
    /// beyond ASCII that `BeyondASCIICharacters` marks pairwise, shaping the pair first when it is
    /// new; nil when the pair does not shape as two glyphs, the second as wide as alone, or the
    /// shared table has no room for it (then the word holding it is shaped whole, and wrapping,
    /// which walks words again, never shapes a pair).
    func beyondPair(_ first: UInt16, _ next: UInt16) -> Step? {
        let packed = beyondSteps.step(first, next)
        if packed == BeyondASCIIPairSteps.notPairwise { return nil }
        if packed != PlainShapingTables.unknown { return PlainShapingTables.unpack(packed) }
        var units = [first], secondAlone: Int32?
        if next != 0 {
            units.append(next)
            secondAlone = next < 0x80 ? pair(Self.pairIndex(UInt8(next), Self.end))?.advance : beyondPair(next, 0)?.advance
        }
        guard next == 0 || secondAlone != nil, let shaped = shapePair(units, secondAlone: secondAlone) else {
            beyondSteps.set(first, next, BeyondASCIIPairSteps.notPairwise)
            return nil
        }
        let step = Step(advance: shaped.advance, loss: shaped.loss)
        return beyondSteps.set(first, next, PlainShapingTables.pack(step)) ? step : nil
    }

    /// Writes the advances of word `range` (one that must be shaped whole, see `substitutions`)
    /// into `prefix` as running x positions from `x`, how much wider a line gets when it ends
    /// inside or right after the word into `losses`, in 1/65536 px, and where its glyph clusters
    /// start into `clusterStarts`: from this worker's width cache, filled from the shared tables.
    func addWholeWord(_ units: UnsafeBufferPointer<UInt16>, _ range: Range<Int>, x: inout Int,
                      prefix: UnsafeMutablePointer<Int>, losses: UnsafeMutablePointer<Int>,
                      clusterStarts: UnsafeMutablePointer<Bool>) {
        let segment = words.segment(units, range, scriptMarker: ShapedSegmentCache.latinMarker) {
            tables.shapedWord(units, range) { shaper.shapedLatinWord(units, range) }
        }
        words.write(segment, at: range.lowerBound, x: &x, prefix: prefix, losses: losses, clusterStarts: clusterStarts)
    }

    /// `unit`'s advance alone, without shaping (its glyph's own advance), in 1/65536 px: what a
    /// letter of a ligature cut by a line end takes (see `ligatureSplits`).
    func ownAdvance(of unit: UInt16) -> Int {
        shaper.chain.primary.advanceUnits(of: UInt32(unit), fontSize: shaper.fontSize)
    }

    /// The advance of a space before `unit` (a character `beyondASCII` takes) and the loss of a
    /// line ending between the two; nil when the pair does not shape as two glyphs, the second
    /// unmoved (then the row is shaped).
    @inline(__always)
    func spaceBefore(_ unit: UInt16) -> (advance: Int32, loss: Int32)? {
        let packed = tables.spaceStep(before: unit)
        if packed != PlainShapingTables.unknown {
            let step = PlainShapingTables.unpack(packed)
            return (step.advance, step.loss)
        }
        let alone = shaper.shapeClusters([unit], range: 0..<1, script: HB_SCRIPT_LATIN, face: shaper.chain.primary)
        guard alone.count == 1, let shaped = shapePair([0x20, unit], secondAlone: Self.units(alone[0].advance)) else {
            return nil
        }
        tables.setSpaceStep(before: unit, Step(advance: shaped.advance, loss: shaped.loss))
        return shaped
    }

    private func shapePair(_ pair: Int) -> (advance: Int32, loss: Int32)? {
        guard isUsable else { return nil }
        let a = UInt16(Self.first) + UInt16(pair / (Self.characterCount + 1))
        let b = pair % (Self.characterCount + 1)
        var units = [a], secondAlone: Int32?
        if b != Self.end {
            units.append(UInt16(Self.first) + UInt16(b))
            secondAlone = self.pair(Self.pairIndex(UInt8(b) + Self.first, Self.end))?.advance
        }
        guard b == Self.end || secondAlone != nil, let shaped = shapePair(units, secondAlone: secondAlone) else {
            isUsable = false
            return nil
        }
        tables.setStep(pair, Step(advance: shaped.advance, loss: shaped.loss))
        return shaped
    }

    /// Shapes `units` (one character, or two when `secondAlone` is the second one's advance
    /// alone): the first one's advance and the loss of a line ending after it, in 1/65536 px; nil
    /// unless each character is a glyph of its own and the second is as wide as it is alone
    /// (else the font is not pairwise there).
    private func shapePair(_ units: [UInt16], secondAlone: Int32?) -> (advance: Int32, loss: Int32)? {
        let clusters = shaper.shapeClusters(units, range: 0..<units.count, script: HB_SCRIPT_LATIN,
                                            face: shaper.chain.primary)
        guard clusters.count == units.count, clusters.allSatisfy({ $0.range.count == 1 && !$0.missing }),
              units.count == 1 || Self.units(clusters[1].advance) == secondAlone else { return nil }
        return (Self.units(clusters[0].advance), Self.units(shaper.kerningLostAtBreaks(clusters)[1] ?? 0))
    }

    /// `pixels` in HarfBuzz units (1/65536 px), which shaping gives exactly.
    private static func units(_ pixels: Double) -> Int32 { Int32(FontFace.harfBuzzUnits(pixels)) }
}

/// What a font's substitutions do to printable ASCII, for the pairwise lane: the
/// characters and the pairs of characters (e.g. "fi", "fl" of a ligature) that make a word be
/// shaped whole instead. A word holding none of them is shaped by the font pair by pair.
struct ASCIISubstitutions {
    /// Per character (index `byte - 0x20`): a substitution changes its glyph.
    var characters = [Bool](repeating: false, count: PairwiseASCIIAdvances.characterCount)
    /// Per pair of characters (first × 95 + second): a ligature may start with it.
    var pairs = [Bool](repeating: false, count: PairwiseASCIIAdvances.characterCount * PairwiseASCIIAdvances.characterCount)
}

/// Checks that HarfBuzz shapes printable ASCII in `font` (Latin script, Chromium's features)
/// pair by pair outside the words `ASCIISubstitutions` lists, and lists them; nil when it does not.
///
/// - Positioning: every lookup that can fire at an ASCII glyph adjusts single glyphs, moves marks,
///   or kerns pairs without moving the second glyph (which would make HarfBuzz skip it as the
///   first of the next pair); no ASCII glyph is a mark (lookups that skip marks would reach past it).
/// - Substitution: a lookup that turns ASCII glyphs into others reads no context and is either a
///   single substitution (its characters are listed) or a ligature of letters and digits (the
///   pairs it may start with are listed, and every sequence of up to 4 of its characters that it
///   would change holds such a pair); no other lookup takes an ASCII glyph in and puts one out.
///   Fractions are left out: HarfBuzz applies them only around U+2044 FRACTION SLASH.
/// - AAT fonts and fonts that kern only with a legacy `kern` table are not checked: nil.
func asciiShapingModel(_ font: FontFace, fontSize: Double) -> ASCIISubstitutions? {
    font.setSize(fontSize)
    guard let face = hb_font_get_face(font.hbFont) else { return nil }
    func hasTable(_ tag: String) -> Bool {
        let blob = hb_face_reference_table(face, hbTag(tag))
        defer { hb_blob_destroy(blob) }
        return hb_blob_get_length(blob) > 0
    }
    if hasTable("morx") || hasTable("mort") || hasTable("kerx") { return nil }
    if hasTable("kern") && !hasTable("GPOS") { return nil }

    let ascii = hb_set_create()!
    defer { hb_set_destroy(ascii) }
    var glyphs: [hb_codepoint_t] = []
    for codePoint in UInt32(PairwiseASCIIAdvances.first)...UInt32(PairwiseASCIIAdvances.last) {
        var glyph: hb_codepoint_t = 0
        guard hb_font_get_nominal_glyph(font.hbFont, codePoint, &glyph) != 0 else { return nil }
        if hb_ot_layout_get_glyph_class(face, glyph) == HB_OT_LAYOUT_GLYPH_CLASS_MARK { return nil }
        hb_set_add(ascii, glyph)
        glyphs.append(glyph)
    }
    /// The characters (indices from U+0020) whose glyphs are in `set`.
    func characters(in set: OpaquePointer) -> [Int] {
        glyphs.indices.filter { hb_set_has(set, glyphs[$0]) != 0 }
    }

    let (substitutionLookups, positioningLookups) = chromiumLatinLookups(face)
    var result = ASCIISubstitutions()
    let gsub = OpenTypeTable(face: face, tag: "GSUB")
    defer { gsub.destroy() }
    for lookup in substitutionLookups {
        let read = LookupGlyphs(face: face, table: "GSUB", lookup: lookup)
        defer { read.destroy() }
        let closure = hb_set_copy(ascii)!
        defer { hb_set_destroy(closure) }
        hb_ot_layout_lookup_substitute_closure(face, lookup, closure)
        guard hb_set_is_equal(closure, ascii) == 0 else {
            if read.touches(ascii, read.input) && read.touches(ascii, read.output) { return nil }
            continue
        }
        guard !read.touches(ascii, read.before), !read.touches(ascii, read.after),
              let kind = gsub.lookupKind(lookup, extensionType: 7) else { return nil }
        let involved = characters(in: read.input)
        switch kind.type {
        case 1:
            for c in involved { result.characters[c] = true }
        case 4:
            guard ligatureStartsAreListed(face: face, lookup: lookup, characters: involved, glyphs: glyphs,
                                          into: &result) else { return nil }
        default:
            return nil
        }
    }

    let gpos = OpenTypeTable(face: face, tag: "GPOS")
    defer { gpos.destroy() }
    for lookup in positioningLookups {
        guard let kind = gpos.lookupKind(lookup, extensionType: 9) else { return nil }
        switch kind.type {
        case 1, 4, 5, 6:
            continue  // single adjustments (the glyph alone shows them) and mark attachment (no advance)
        case 2 where !kind.pairsMoveSecondGlyph:
            continue
        default:
            let read = LookupGlyphs(face: face, table: "GPOS", lookup: lookup)
            defer { read.destroy() }
            // Such a lookup (contextual, cursive, or a pair moving its second glyph) fires only at
            // a glyph of its input: harmless when that is never an ASCII glyph, whatever its context.
            if read.touches(ascii, read.input) { return nil }
        }
    }
    return result
}

/// The GSUB and GPOS lookups HarfBuzz applies to Latin text in `face` with Chromium's features
/// (fractions left out: HarfBuzz applies them only around U+2044 FRACTION SLASH).
func chromiumLatinLookups(_ face: OpaquePointer) -> (substitutions: [UInt32], positionings: [UInt32]) {
    chromiumLookups(face, script: HB_SCRIPT_LATIN)
}

/// Whether HarfBuzz shapes text of the Common script (a paragraph of digits, spaces and
/// punctuation, with no letter to give it a script) in `face` exactly as it shapes Latin text:
/// both take its default shaper, so they do when they take the same lookups (the font's `DFLT`
/// script and its `latn` script list the same ones for Chromium's features, or it has only one).
func shapesCommonTextAsLatin(_ face: OpaquePointer) -> Bool {
    let latin = chromiumLookups(face, script: HB_SCRIPT_LATIN), common = chromiumLookups(face, script: HB_SCRIPT_COMMON)
    return latin.substitutions == common.substitutions && latin.positionings == common.positionings
}

/// Whether HarfBuzz moves glyphs of text of `script` in `face` by more than its GSUB and GPOS
/// lookups: AAT layout or tracking (`morx`, `mort`, `kerx`, `trak`), or a legacy `kern` table,
/// which it applies when the script's GPOS language system brings no `kern` lookup (hb-ot-shape.cc:
/// `apply_kern` when `has_gpos_kern` is false; Liberation Sans kerns "’ " in a Bengali run so).
func positionsBeyondLookups(_ face: OpaquePointer, script: hb_script_t) -> Bool {
    func hasTable(_ tag: String) -> Bool {
        let blob = hb_face_reference_table(face, hbTag(tag))
        defer { hb_blob_destroy(blob) }
        return hb_blob_get_length(blob) > 0
    }
    if ["morx", "mort", "kerx", "trak"].contains(where: hasTable) { return true }
    guard hasTable("kern") else { return false }
    let withKern = chromiumLookups(face, script: script).positionings
    return chromiumLookups(face, script: script, extraFeatures: ["-kern"]).positionings == withKern
}

/// The GSUB and GPOS lookups HarfBuzz applies to text of `script` in `face` with Chromium's features
/// (fractions left out, see `chromiumLatinLookups`), in order; with `extraFeatures` on too.
func chromiumLookups(_ face: OpaquePointer, script: hb_script_t, extraFeatures: [String] = [])
    -> (substitutions: [UInt32], positionings: [UInt32]) {
    var properties = hb_segment_properties_t()
    let isRightToLeft = hb_script_get_horizontal_direction(script) == HB_DIRECTION_RTL
    properties.direction = isRightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR
    properties.script = script
    properties.language = Shaper.language
    var features = Shaper.defaultFeatures
    for name in extraFeatures {
        var feature = hb_feature_t()
        _ = hb_feature_from_string(name, -1, &feature)
        features.append(feature)
    }
    for fraction in ["-frac", "-numr", "-dnom"] {
        var feature = hb_feature_t()
        _ = hb_feature_from_string(fraction, -1, &feature)
        features.append(feature)
    }
    let plan = features.withUnsafeBufferPointer {
        hb_shape_plan_create_cached2(face, &properties, $0.baseAddress, UInt32($0.count), nil, 0, nil)
    }
    defer { hb_shape_plan_destroy(plan) }
    let substitutions = hb_set_create()!, positionings = hb_set_create()!
    defer {
        hb_set_destroy(substitutions)
        hb_set_destroy(positionings)
    }
    hb_ot_shape_plan_collect_lookups(plan, hbTag("GSUB"), substitutions)
    hb_ot_shape_plan_collect_lookups(plan, hbTag("GPOS"), positionings)
    return (setElements(substitutions), setElements(positionings))
}

/// Lists the pairs a ligature lookup over `characters` may start with (any pair it would change),
/// and checks that every sequence of 3 or 4 of them it would change holds a listed pair. False
/// when that does not hold, the lookup is too big to check, or it involves more than letters and
/// digits (a ligature across a space or a break opportunity is beyond the lane).
private func ligatureStartsAreListed(face: OpaquePointer, lookup: UInt32, characters: [Int], glyphs: [hb_codepoint_t],
                                     into result: inout ASCIISubstitutions) -> Bool {
    guard characters.count <= 12, characters.allSatisfy({
        AsciiBreakTable.isLetterOrDigit(UInt16($0) + UInt16(PairwiseASCIIAdvances.first))
    }) else { return false }
    let n = PairwiseASCIIAdvances.characterCount
    func wouldSubstitute(_ sequence: [Int]) -> Bool {
        let ids = sequence.map { glyphs[$0] }
        return hb_ot_layout_lookup_would_substitute(face, lookup, ids, UInt32(ids.count), 1) != 0
    }
    for a in characters {
        for b in characters where wouldSubstitute([a, b]) { result.pairs[a * n + b] = true }
    }
    func holdsListedPair(_ sequence: [Int]) -> Bool {
        zip(sequence, sequence.dropFirst()).contains { result.pairs[$0 * n + $1] }
    }
    var sequences: [[Int]] = characters.map { [$0] }
    for length in 2...4 {
        sequences = sequences.flatMap { prefix in characters.map { prefix + [$0] } }
        guard length >= 3 else { continue }
        for sequence in sequences where wouldSubstitute(sequence) && !holdsListedPair(sequence) { return false }
    }
    return true
}

func setElements(_ set: OpaquePointer) -> [UInt32] {
    var elements: [UInt32] = []
    var value = hb_codepoint_t.max  // HB_SET_VALUE_INVALID: start before the first element
    while hb_set_next(set, &value) != 0 { elements.append(value) }
    return elements
}

/// The glyph sets of each lookup HarfBuzz applies to text of `script` in `face` (Chromium's
/// features and `extraFeatures`) that a match could carry from one glyph to its neighbour, with
/// its table: every GSUB and GPOS lookup but mark attachment (GPOS 4, 5, 6 fires at a mark and
/// reaches back only across marks). Nil when a lookup skips base glyphs or ligatures (it could
/// match across a glyph it does not name). The caller destroys the sets. `InertGlyphs` and
/// `SyllableSplits` read what reaches across where the parts of a word meet from them.
func lookupsReachingNeighbours(_ face: OpaquePointer, script: hb_script_t, extraFeatures: [String] = [])
    -> [(table: String, read: LookupGlyphs)]? {
    let lookups = chromiumLookups(face, script: script, extraFeatures: extraFeatures)
    var result: [(table: String, read: LookupGlyphs)] = []
    for (table, indices) in [("GSUB", lookups.substitutions), ("GPOS", lookups.positionings)] {
        let layout = OpenTypeTable(face: face, tag: table)
        defer { layout.destroy() }
        for lookup in indices {
            // IgnoreBaseGlyphs 2, IgnoreLigatures 4.
            guard let flag = layout.lookupFlag(lookup), flag & 0x6 == 0 else {
                for entry in result { entry.read.destroy() }
                return nil
            }
            if table == "GPOS", let kind = layout.lookupKind(lookup, extensionType: 9), (4...6).contains(kind.type) {
                continue
            }
            result.append((table, LookupGlyphs(face: face, table: table, lookup: lookup)))
        }
    }
    return result
}

/// The glyphs one lookup reads before, at and after its position, and may write.
struct LookupGlyphs {
    let before = hb_set_create()!, input = hb_set_create()!, after = hb_set_create()!, output = hb_set_create()!

    init(face: OpaquePointer, table: String, lookup: UInt32) {
        hb_ot_layout_lookup_collect_glyphs(face, hbTag(table), lookup, before, input, after, output)
    }

    func touches(_ glyphs: OpaquePointer, _ set: OpaquePointer) -> Bool {
        let common = hb_set_copy(set)!
        defer { hb_set_destroy(common) }
        hb_set_intersect(common, glyphs)
        return hb_set_is_empty(common) == 0
    }

    func destroy() {
        for set in [before, input, after, output] { hb_set_destroy(set) }
    }
}

/// The raw bytes of an OpenType layout table, read only for what HarfBuzz's API does not say: a
/// lookup's type, whether its pair subtables move the second glyph, and its rules
/// (`LookupReach`, `WordRecords`).
struct OpenTypeTable {
    let blob: OpaquePointer
    let bytes: UnsafeBufferPointer<UInt8>

    init(face: OpaquePointer, tag: String) {
        blob = hb_face_reference_table(face, hbTag(tag))
        var length: UInt32 = 0
        let data = hb_blob_get_data(blob, &length)
        bytes = UnsafeBufferPointer(start: data.map { UnsafeRawPointer($0).assumingMemoryBound(to: UInt8.self) },
                                    count: data == nil ? 0 : Int(length))
    }

    func destroy() { hb_blob_destroy(blob) }

    func uint16(_ offset: Int) -> Int? {
        guard offset >= 0, offset + 2 <= bytes.count else { return nil }
        return Int(bytes[offset]) << 8 | Int(bytes[offset + 1])
    }

    private func uint32(_ offset: Int) -> Int? {
        guard let high = uint16(offset), let low = uint16(offset + 2) else { return nil }
        return high << 16 | low
    }

    /// Where the subtables of lookup `index` start (an extension's own subtables); nil when the
    /// table does not hold together.
    func subtables(ofLookup index: UInt32, extensionType: Int) -> [Int]? {
        guard let lookupList = uint16(8), let count = uint16(lookupList), Int(index) < count,
              let lookupOffset = uint16(lookupList + 2 + 2 * Int(index)) else { return nil }
        let lookup = lookupList + lookupOffset
        guard let type = uint16(lookup), let subtableCount = uint16(lookup + 4) else { return nil }
        var starts: [Int] = []
        for n in 0..<subtableCount {
            guard var subtable = uint16(lookup + 6 + 2 * n).map({ lookup + $0 }) else { return nil }
            if type == extensionType {
                guard let offset = uint32(subtable + 4) else { return nil }
                subtable += offset
            }
            starts.append(subtable)
        }
        return starts
    }

    /// The glyphs of the coverage table at `offset`, in coverage order; nil when it does not hold together.
    func coverageGlyphs(at offset: Int) -> [Int]? {
        guard let format = uint16(offset), let count = uint16(offset + 2) else { return nil }
        var glyphs: [Int] = []
        if format == 1 {
            for n in 0..<count {
                guard let glyph = uint16(offset + 4 + 2 * n) else { return nil }
                glyphs.append(glyph)
            }
            return glyphs
        }
        guard format == 2 else { return nil }
        for n in 0..<count {
            guard let first = uint16(offset + 4 + 6 * n), let last = uint16(offset + 6 + 6 * n),
                  first <= last, last - first < 0x10000 else { return nil }
            glyphs.append(contentsOf: first...last)
        }
        return glyphs
    }

    /// The components after the first of every ligature of ligature substitution lookup `index`
    /// (GSUB type 4, or an extension of it); nil when the table does not hold together.
    func laterLigatureComponents(ofLookup index: UInt32) -> Set<Int>? {
        guard let subtables = subtables(ofLookup: index, extensionType: 7) else { return nil }
        var components = Set<Int>()
        for subtable in subtables {
            // LigatureSubstFormat1: format, coverage, ligature set count, ligature set offsets.
            guard uint16(subtable) == 1, let setCount = uint16(subtable + 4) else { return nil }
            for n in 0..<setCount {
                guard let set = uint16(subtable + 6 + 2 * n).map({ subtable + $0 }),
                      let ligatureCount = uint16(set) else { return nil }
                for m in 0..<ligatureCount {
                    // Ligature: the ligature glyph, the component count, the components after the first.
                    guard let ligature = uint16(set + 2 + 2 * m).map({ set + $0 }),
                          let componentCount = uint16(ligature + 2), componentCount >= 1 else { return nil }
                    for k in 0..<componentCount - 1 {
                        guard let glyph = uint16(ligature + 4 + 2 * k) else { return nil }
                        components.insert(glyph)
                    }
                }
            }
        }
        return components
    }

    /// Lookup `index`'s type (an extension lookup's own type resolved: `extensionType` is 7 in
    /// GSUB, 9 in GPOS) and, for pair adjustment (GPOS type 2), whether any subtable has a value
    /// for the second glyph; nil when the table does not hold together.
    func lookupKind(_ index: UInt32, extensionType: Int) -> (type: Int, pairsMoveSecondGlyph: Bool)? {
        guard let lookup = lookupOffset(index) else { return nil }
        guard var type = uint16(lookup), let subtableCount = uint16(lookup + 4) else { return nil }
        var movesSecond = false
        for n in 0..<subtableCount {
            guard var subtable = uint16(lookup + 6 + 2 * n).map({ lookup + $0 }) else { return nil }
            if type == extensionType {
                // Extension: format, the real type, a 32-bit offset to the real subtable.
                guard let realType = uint16(subtable + 2), let offset = uint32(subtable + 4) else { return nil }
                if n == 0 { type = realType } else if realType != type { return nil }
                subtable += offset
            }
            if type == 2 && extensionType == 9 {
                // Pair adjustment: format, coverage, valueFormat1, valueFormat2.
                guard let secondFormat = uint16(subtable + 6) else { return nil }
                movesSecond = movesSecond || secondFormat != 0
            }
        }
        return (type == extensionType ? 0 : type, movesSecond)
    }

    /// Where lookup `index` starts in the table; nil when the table does not hold together.
    private func lookupOffset(_ index: UInt32) -> Int? {
        // GPOS/GSUB header: version (4 bytes), script list, feature list, lookup list offsets.
        guard let lookupList = uint16(8), let count = uint16(lookupList), Int(index) < count,
              let offset = uint16(lookupList + 2 + 2 * Int(index)) else { return nil }
        return lookupList + offset
    }

    /// Lookup `index`'s flag (which glyph classes its matching skips); nil when the table does
    /// not hold together.
    func lookupFlag(_ index: UInt32) -> Int? { lookupOffset(index).flatMap { uint16($0 + 2) } }
}
