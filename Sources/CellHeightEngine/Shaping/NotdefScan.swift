import CHarfBuzz
import ICUBridge

/// What the fallback loop learns from the primary font's pass over a run it mostly cannot draw
/// (Tamil, Bengali, Thai... in DejaVu Sans, which draws only their spaces, digits and
/// punctuation), found by reading the characters instead of shaping them, where that is provably
/// what HarfBuzz gives: each character the font draws is a cluster of its own with its glyph's
/// own advance, and the characters between them are missing.
///
/// The loop needs only that much from such a pass (`Shaper.shapeRun`): the ranges of missing
/// clusters (handed on to the next font), and the clusters drawn with their advances, kerning
/// (none here) and whether a cut before them is unsafe (never here). It holds, for a font and a
/// script, when (`Verdict`):
/// - HarfBuzz shapes the script with its default shaper (an Indic, Myanmar or Universal Shaping
///   Engine script in a font with no script of its own for it, `DFLT` or `latn` chosen), or its
///   Thai shaper (Thai, Lao: without the Thai PUA glyphs its fallback would use); left-to-right;
/// - the font has no character of the script at all, positions with GPOS only (no legacy `kern`
///   table that HarfBuzz would apply, no AAT tables) and collapses no CJK punctuation;
/// - no lookup of the font for that script (Chromium's features) can fire in text of the glyphs
///   it draws here and .notdef (`LookupReach`): printable characters of the Common script below
///   U+2E80 (spaces, digits, punctuation, symbols), or only those of ASCII when the wider set
///   lets one fire.
/// And for the range (`clusters`), when every character is one of those drawn (not a mark, no
/// decomposition), or one the font has no glyph for, of the script or Common, printable and not
/// default-ignorable, which neither decomposes into nor composes with the one before it into a
/// character the font has; a range of missing characters starts with one that starts a cluster
/// in HarfBuzz (not a mark, not Thai SARA AM, which its shaper merges with what precedes), and
/// no run of marks is long enough to be shaped in pieces (`LongClusterPieces`). Anything else,
/// and the range is shaped. Not thread-safe: one per shaper.
final class NotdefScan {
    enum Verdict: Equatable {
        /// Ranges are shaped.
        case shapes
        /// Ranges are scanned: the font draws characters below `drawnBelow` without any lookup.
        case scans(drawnBelow: UInt32)
    }

    /// What each face met is known to have (see `FaceData`), and the last one asked about (the
    /// primary font, most of the time).
    private var faces: [FaceData] = []
    private var lastFace: FaceData?
    /// Per BMP code point: its `Kind` bits, or 0 when not looked up yet.
    private let kinds: UnsafeMutablePointer<UInt8> = {
        let table = UnsafeMutablePointer<UInt8>.allocate(capacity: 0x10000)
        table.initialize(repeating: 0, count: 0x10000)
        return table
    }()
    private let unicode = hb_unicode_funcs_get_default()
    /// Ranges answered without shaping so far.
    private(set) var scans = 0

    deinit { kinds.deallocate() }

    /// The characters' own properties, as HarfBuzz reads them (bits of `kinds`).
    private enum Kind {
        static let known: UInt8 = 0x80
        /// A space (U+0020, U+00A0), digit, punctuation or symbol of the Common script without
        /// a canonical decomposition: drawn as its glyph alone.
        static let drawable: UInt8 = 0x01
        /// May start a range of missing characters: a letter, number, punctuation or symbol,
        /// not a character HarfBuzz joins to the one before.
        static let startsMissing: UInt8 = 0x02
        /// May stand inside a range of missing characters: those and marks.
        static let missing: UInt8 = 0x04
        /// Has a canonical decomposition.
        static let decomposes: UInt8 = 0x08
        /// General category Mn, Mc or Me (HarfBuzz composes only these with a starter).
        static let mark: UInt8 = 0x10
        /// Mn or Me: what `LongClusterPieces` counts.
        static let zeroAdvanceMark: UInt8 = 0x20
        /// The second character of a canonical composition (see `composingSeconds`).
        static let composesAfter: UInt8 = 0x40
    }

    /// The characters that are the second of a canonical decomposition in two: the only ones
    /// HarfBuzz may compose with the character before (found once, from the decompositions).
    /// HarfBuzz is asked about the code points ICU lists with a canonical decomposition (about
    /// 13,000, most of them Hangul syllables), not about all 196,608 of the first three planes:
    /// 10 million instructions at a run's first scan. A test checks that both find the same.
    private static let composingSeconds = composingSeconds(
        among: canonicalDecompositions() ?? [0...(decomposedLimit - 1)])

    /// Planes 0 to 2, where the canonical decompositions are.
    static let decomposedLimit: UInt32 = 0x30000

    /// The second characters of the canonical decompositions in two of the code points `among`.
    static func composingSeconds(among ranges: [ClosedRange<UInt32>]) -> Set<UInt32> {
        let unicode = hb_unicode_funcs_get_default()
        var seconds = Set<UInt32>()
        for range in ranges {
            for codePoint in range where codePoint < decomposedLimit {
                var a: hb_codepoint_t = 0, b: hb_codepoint_t = 0
                if hb_unicode_decompose(unicode, codePoint, &a, &b) != 0 && b != 0 { seconds.insert(b) }
            }
        }
        return seconds
    }

    /// The ranges of code points with a canonical decomposition, from ICU; nil when ICU cannot say.
    static func canonicalDecompositions() -> [ClosedRange<UInt32>]? {
        var capacity: Int32 = 4096
        while true {
            var values = [UInt32](repeating: 0, count: 2 * Int(capacity))
            let count = icub_canonical_decomposition_ranges(&values, capacity)
            guard count >= 0 else { return nil }
            if count <= capacity {
                return (0..<Int(count)).map { values[2 * $0]...values[2 * $0 + 1] }
            }
            capacity = count
        }
    }

    /// Per face: its glyph for each BMP code point, and the advances of those drawn.
    private final class FaceData {
        let face: FontFace
        /// Per BMP code point: 0 not looked up, 1 no glyph, 2 a glyph drawn alone (`Kind.drawable`,
        /// not a mark glyph), 3 another glyph.
        let glyphs: UnsafeMutablePointer<UInt8>
        /// Per code point below `advanceLimit`: the advance (px) of its glyph drawn alone, at the
        /// shaper's size, or NaN when not looked up yet.
        let advances: UnsafeMutablePointer<Double>
        static let advanceLimit = 0x2E80
        /// Per script met: whether its ranges are scanned (a handful of scripts: looked up in turn).
        var verdicts: [(script: UInt32, verdict: Verdict)] = []
        /// The glyphs drawn alone below each limit tried (see `drawnGlyphs`), and which sets of
        /// lookups none of whose rules fire in text of them (scripts share them: DejaVu Sans takes
        /// its `DFLT` lookups for every script it has no letter of).
        var drawnGlyphs: [UInt32: [Int]] = [:]
        var inertLookups: [String: Bool] = [:]
        /// The scripts of the font's characters.
        lazy var scripts: Set<UInt32> = {
            guard let hbFace = hb_font_get_face(face.hbFont) else { return [] }
            let all = hb_set_create()!
            defer { hb_set_destroy(all) }
            hb_face_collect_unicodes(hbFace, all)
            let unicode = hb_unicode_funcs_get_default()
            return Set(setElements(all).map { hb_unicode_script(unicode, $0).rawValue })
        }()

        init(face: FontFace) {
            self.face = face
            glyphs = .allocate(capacity: 0x10000)
            glyphs.initialize(repeating: 0, count: 0x10000)
            advances = .allocate(capacity: Self.advanceLimit)
            advances.initialize(repeating: .nan, count: Self.advanceLimit)
        }

        deinit {
            glyphs.deallocate()
            advances.deallocate()
        }
    }

    // MARK: - Ranges

    /// The clusters of `range` of `text` shaped with `face` as the fallback loop reads them:
    /// each drawn character a cluster, each range of missing characters one missing cluster; nil
    /// when that is not provably what HarfBuzz gives (then the range is shaped).
    func clusters(_ text: [UInt16], range: Range<Int>, script: hb_script_t, face: FontFace, fontSize: Double,
                  splitsLongClusters: Bool) -> [Shaper.Cluster]? {
        let (verdict, data) = self.verdict(face, script)
        guard case .scans(let drawnBelow) = verdict else { return nil }
        var clusters: [Shaper.Cluster] = []
        clusters.reserveCapacity(16)
        var missingStart: Int?
        // Where the characters since the last one that is not a mark start (HarfBuzz's starter
        // for a mark is among them), and the marks in a row that `LongClusterPieces` counts.
        var baseStart = range.lowerBound
        var marksInRun = 0
        var i = range.lowerBound
        while i < range.upperBound {
            let (codePoint, length) = decodeUTF16(text, at: i)
            let glyph = glyphKind(codePoint, data)
            if glyph == 2 && codePoint < drawnBelow {
                if let start = missingStart {
                    clusters.append(Shaper.Cluster(range: start..<i, advance: 0, missing: true))
                    missingStart = nil
                }
                let advance = self.advance(codePoint, data, fontSize: fontSize)
                clusters.append(Shaper.Cluster(range: i..<(i + length), advance: advance, missing: false,
                                               nominalAdvance: advance))
                baseStart = i + length
                marksInRun = 0
            } else {
                guard glyph == 1 else { return nil }
                let kind = self.kind(codePoint)
                guard kind & (missingStart == nil ? Kind.startsMissing : Kind.missing) != 0 else { return nil }
                let characterScript = hb_unicode_script(unicode, codePoint)
                guard characterScript == script || characterScript == HB_SCRIPT_COMMON else { return nil }
                if missingStart == nil { missingStart = i }
                if kind & Kind.decomposes != 0 {
                    guard characterScript == script, !decomposesIntoGlyphs(codePoint, data) else { return nil }
                }
                if kind & Kind.mark == 0 {
                    baseStart = i
                } else if kind & Kind.composesAfter != 0 {
                    guard !composesIntoGlyph(codePoint, after: text[baseStart..<i], data) else { return nil }
                }
                if kind & Kind.zeroAdvanceMark != 0 {
                    marksInRun += 1
                    if splitsLongClusters && marksInRun > LongClusterPieces.maximumMarks { return nil }
                } else {
                    marksInRun = 0
                }
            }
            i += length
        }
        if let start = missingStart {
            clusters.append(Shaper.Cluster(range: start..<range.upperBound, advance: 0, missing: true))
        }
        scans += 1
        return clusters
    }

    /// Whether a canonical decomposition of `codePoint` (a character the font lacks) holds a
    /// character the font has (HarfBuzz would then draw it decomposed).
    private func decomposesIntoGlyphs(_ codePoint: UInt32, _ data: FaceData) -> Bool {
        var a: hb_codepoint_t = 0, b: hb_codepoint_t = 0
        guard hb_unicode_decompose(unicode, codePoint, &a, &b) != 0 else { return false }
        for part in [a, b] where part != 0 {
            if glyphKind(part, data) != 1 || decomposesIntoGlyphs(part, data) { return true }
        }
        return false
    }

    /// Whether `mark` composes with one of the characters of `before` (those since the last
    /// that is not a mark, among which HarfBuzz finds its starter) into a character the font has.
    private func composesIntoGlyph(_ mark: UInt32, after before: ArraySlice<UInt16>, _ data: FaceData) -> Bool {
        var i = before.startIndex
        while i < before.endIndex {
            let (starter, length) = decodeUTF16(before[i], i + 1 < before.endIndex ? before[i + 1] : 0)
            var composed: hb_codepoint_t = 0
            if hb_unicode_compose(unicode, starter, mark, &composed) != 0, glyphKind(composed, data) != 1 {
                return true
            }
            i += length
        }
        return false
    }

    // MARK: - Characters and glyphs

    private func faceData(_ face: FontFace) -> FaceData {
        if let lastFace, lastFace.face === face { return lastFace }
        let data = faces.first(where: { $0.face === face }) ?? FaceData(face: face)
        if !faces.contains(where: { $0 === data }) { faces.append(data) }
        lastFace = data
        return data
    }

    /// 1: `codePoint` has no glyph in the font; 2: a glyph drawn alone (see `FaceData.glyphs`); 3: another.
    private func glyphKind(_ codePoint: UInt32, _ data: FaceData) -> UInt8 {
        if codePoint <= 0xFFFF, data.glyphs[Int(codePoint)] != 0 { return data.glyphs[Int(codePoint)] }
        var glyph: hb_codepoint_t = 0
        let answer: UInt8
        if hb_font_get_nominal_glyph(data.face.hbFont, codePoint, &glyph) == 0 || glyph == 0 {
            answer = 1
        } else if kind(codePoint) & Kind.drawable != 0, let face = hb_font_get_face(data.face.hbFont),
                  hb_ot_layout_get_glyph_class(face, glyph) != HB_OT_LAYOUT_GLYPH_CLASS_MARK {
            answer = 2
        } else {
            answer = 3
        }
        if codePoint <= 0xFFFF { data.glyphs[Int(codePoint)] = answer }
        return answer
    }

    /// The advance of `codePoint` (drawn alone, below `FaceData.advanceLimit`).
    private func advance(_ codePoint: UInt32, _ data: FaceData, fontSize: Double) -> Double {
        let known = data.advances[Int(codePoint)]
        if !known.isNaN { return known }
        let advance = data.face.advance(of: codePoint, fontSize: fontSize)
        data.advances[Int(codePoint)] = advance
        return advance
    }

    /// `codePoint`'s `Kind` bits.
    private func kind(_ codePoint: UInt32) -> UInt8 {
        if codePoint <= 0xFFFF, kinds[Int(codePoint)] != 0 { return kinds[Int(codePoint)] }
        let answer = Self.kind(codePoint, unicode)
        if codePoint <= 0xFFFF { kinds[Int(codePoint)] = answer }
        return answer
    }

    private static func kind(_ codePoint: UInt32, _ unicode: OpaquePointer?) -> UInt8 {
        var kind = Kind.known
        var a: hb_codepoint_t = 0, b: hb_codepoint_t = 0
        let decomposes = hb_unicode_decompose(unicode, codePoint, &a, &b) != 0
        if decomposes { kind |= Kind.decomposes }
        // Default-ignorable characters are hidden (or drawn as an invisible space, or as a
        // variation of the one before, for variation selectors): left to shaping.
        guard !isDefaultIgnorable(codePoint) else { return kind }
        let category = hb_unicode_general_category(unicode, codePoint)
        if composingSeconds.contains(codePoint) { kind |= Kind.composesAfter }
        switch category {
        case HB_UNICODE_GENERAL_CATEGORY_NON_SPACING_MARK, HB_UNICODE_GENERAL_CATEGORY_ENCLOSING_MARK:
            return kind | Kind.missing | Kind.mark | Kind.zeroAdvanceMark
        case HB_UNICODE_GENERAL_CATEGORY_SPACING_MARK:
            return kind | Kind.missing | Kind.mark
        case HB_UNICODE_GENERAL_CATEGORY_SPACE_SEPARATOR:
            return (codePoint == 0x20 || codePoint == 0xA0) && !decomposes ? kind | Kind.drawable : kind
        default:
            break
        }
        // Letters, numbers, punctuation and symbols from here; not controls, format characters,
        // separators, private use, surrogates or unassigned code points.
        guard !unprintable.contains(category.rawValue) else { return kind }
        // Thai and Lao SARA AM: split by the Thai shaper, and merged with what precedes.
        if codePoint == 0x0E33 || codePoint == 0x0EB3 { return kind | Kind.missing }
        guard !treatedApart.contains(codePoint), !(0x1F3FB...0x1F3FF).contains(codePoint),
              !(0x1F1E6...0x1F1FF).contains(codePoint) else { return kind }
        kind |= Kind.startsMissing | Kind.missing
        let isCommon = hb_unicode_script(unicode, codePoint) == HB_SCRIPT_COMMON
        if isCommon && !letters.contains(category.rawValue) && !decomposes { kind |= Kind.drawable }
        return kind
    }

    private static let unprintable: Set<UInt32> = Set([
        HB_UNICODE_GENERAL_CATEGORY_CONTROL, HB_UNICODE_GENERAL_CATEGORY_FORMAT, HB_UNICODE_GENERAL_CATEGORY_UNASSIGNED,
        HB_UNICODE_GENERAL_CATEGORY_PRIVATE_USE, HB_UNICODE_GENERAL_CATEGORY_SURROGATE,
        HB_UNICODE_GENERAL_CATEGORY_LINE_SEPARATOR, HB_UNICODE_GENERAL_CATEGORY_PARAGRAPH_SEPARATOR,
    ].map(\.rawValue))

    private static let letters: Set<UInt32> = Set([
        HB_UNICODE_GENERAL_CATEGORY_LOWERCASE_LETTER, HB_UNICODE_GENERAL_CATEGORY_MODIFIER_LETTER,
        HB_UNICODE_GENERAL_CATEGORY_OTHER_LETTER, HB_UNICODE_GENERAL_CATEGORY_TITLECASE_LETTER,
        HB_UNICODE_GENERAL_CATEGORY_UPPERCASE_LETTER,
    ].map(\.rawValue))

    /// Characters HarfBuzz treats apart: fraction slash (fractions around it), non-breaking
    /// hyphen (drawn as a hyphen when missing), halfwidth katakana sound marks (joined to what
    /// precedes, as emoji modifiers and regional indicators are), the dotted circle (inserted by
    /// shapers).
    private static let treatedApart: Set<UInt32> = [0x2044, 0x2011, 0xFF9E, 0xFF9F, 0x25CC]

    /// HarfBuzz's default-ignorable characters (hidden, or drawn as an invisible space), and
    /// Unicode's others, which are left to shaping too.
    private static func isDefaultIgnorable(_ codePoint: UInt32) -> Bool {
        switch codePoint {
        case 0x00AD, 0x034F, 0x061C, 0x115F...0x1160, 0x17B4...0x17B5, 0x180B...0x180F, 0x200B...0x200F,
             0x202A...0x202E, 0x2060...0x206F, 0x3164, 0xFE00...0xFE0F, 0xFEFF, 0xFFA0, 0xFFF0...0xFFF8,
             0x1BCA0...0x1BCA3, 0x1D173...0x1D17A, 0xE0000...0xE0FFF:
            return true
        default:
            return false
        }
    }

    // MARK: - Fonts and scripts

    /// Whether ranges of `script` are scanned in `face`, decided once (see the type's conditions).
    func verdict(face: FontFace, script: hb_script_t) -> Verdict { verdict(face, script).verdict }

    private func verdict(_ face: FontFace, _ script: hb_script_t) -> (verdict: Verdict, data: FaceData) {
        let data = faceData(face)
        if let known = data.verdicts.first(where: { $0.script == script.rawValue }) { return (known.verdict, data) }
        let verdict = decide(face: face, script: script)
        data.verdicts.append((script.rawValue, verdict))
        return (verdict, data)
    }

    /// Scripts HarfBuzz shapes with a shaper of their own whatever the font (joining scripts,
    /// Hangul, Hebrew, Khmer), and those no run has a letter of.
    private static let shapedApart: Set<UInt32> = [
        HB_SCRIPT_COMMON, HB_SCRIPT_INHERITED, HB_SCRIPT_UNKNOWN, HB_SCRIPT_ARABIC, HB_SCRIPT_SYRIAC,
        HB_SCRIPT_MONGOLIAN, HB_SCRIPT_NKO, HB_SCRIPT_PHAGS_PA, HB_SCRIPT_MANDAIC, HB_SCRIPT_MANICHAEAN,
        HB_SCRIPT_PSALTER_PAHLAVI, HB_SCRIPT_ADLAM, HB_SCRIPT_HANIFI_ROHINGYA, HB_SCRIPT_SOGDIAN,
        HB_SCRIPT_OLD_SOGDIAN, HB_SCRIPT_CHORASMIAN, HB_SCRIPT_OLD_UYGHUR, HB_SCRIPT_HANGUL, HB_SCRIPT_HEBREW,
        HB_SCRIPT_KHMER,
    ].reduce(into: Set<UInt32>()) { $0.insert($1.rawValue) }

    private func decide(face: FontFace, script: hb_script_t) -> Verdict {
        guard hb_script_get_horizontal_direction(script) == HB_DIRECTION_LTR,
              !Self.shapedApart.contains(script.rawValue), face.hanKerning == nil,
              let hbFace = hb_font_get_face(face.hbFont), !faceData(face).scripts.contains(script.rawValue)
        else { return .shapes }
        let lookups = chromiumLookups(hbFace, script: script)
        // GPOS alone positions the text (without it, HarfBuzz's fallback positioning would).
        guard hb_ot_layout_has_positioning(hbFace) != 0, !positionsBeyondLookups(hbFace, script: script) else {
            return .shapes
        }
        if script == HB_SCRIPT_THAI || script == HB_SCRIPT_LAO {
            // The Thai shaper's fallback for fonts without Thai lookups uses these glyphs.
            guard (0xF700...0xF71A).allSatisfy({ glyphKind($0, faceData(face)) == 1 }) else { return .shapes }
        } else {
            // Any other shaper than the default one is taken for a script the font has a script
            // of its own for in GSUB (hb_ot_shaper_categorize).
            var scriptTags = [hb_tag_t](repeating: 0, count: 3)  // HB_OT_MAX_TAGS_PER_SCRIPT
            var scriptCount = UInt32(scriptTags.count), languageCount: UInt32 = 0
            hb_ot_tags_from_script_and_language(script, Shaper.language, &scriptCount, &scriptTags, &languageCount, nil)
            var index: UInt32 = 0, chosen: hb_tag_t = 0
            _ = hb_ot_layout_table_select_script(hbFace, hbTag("GSUB"), scriptCount, scriptTags, &index, &chosen)
            guard chosen == hbTag("DFLT") || chosen == hbTag("latn") else { return .shapes }
        }
        let data = faceData(face)
        for limit: UInt32 in [0x2E80, 0x80] {
            let key = "\(limit) \(lookups.substitutions) \(lookups.positionings)"
            let inert = data.inertLookups[key]
                ?? Self.noLookupFires(lookups, face: hbFace, glyphs: drawnGlyphs(face, below: limit))
            data.inertLookups[key] = inert
            if inert { return .scans(drawnBelow: limit) }
        }
        return .shapes
    }

    /// .notdef and the glyphs of the characters below `limit` that the font draws alone.
    private func drawnGlyphs(_ face: FontFace, below limit: UInt32) -> [Int] {
        let data = faceData(face)
        if let known = data.drawnGlyphs[limit] { return known }
        var glyphs: Set<Int> = [0]
        for codePoint in UInt32(0x20)..<limit where glyphKind(codePoint, data) == 2 {
            var glyph: hb_codepoint_t = 0
            _ = hb_font_get_nominal_glyph(face.hbFont, codePoint, &glyph)
            glyphs.insert(Int(glyph))
        }
        data.drawnGlyphs[limit] = glyphs.sorted()
        return glyphs.sorted()
    }

    private static func noLookupFires(_ lookups: (substitutions: [UInt32], positionings: [UInt32]),
                                      face: OpaquePointer, glyphs: [Int]) -> Bool {
        let (reaches, _) = LookupReach.substitutions(lookups.substitutions, face: face, glyphs: glyphs)
        guard reaches.allSatisfy({ $0 == .never }) else { return false }
        let gpos = OpenTypeTable(face: face, tag: "GPOS")
        defer { gpos.destroy() }
        let reach = LookupReach(table: gpos, isPositioning: true, glyphs: glyphs)
        return lookups.positionings.allSatisfy { reach.reach(of: $0) == .never }
    }
}
