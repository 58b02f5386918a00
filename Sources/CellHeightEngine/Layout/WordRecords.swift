import CHarfBuzz
import Glibc
import ICUBridge

/// The pairwise lane's words of any script: each word (the text between spaces and tabs; a tab is
/// shaped as a space, its width set where it falls on a line) prepared once by
/// the shaping preparer, alone with the spaces around it, and kept as the numbers the prepared
/// text needs (advances, break opportunities with their x, line-end adjustments, cuts, fonts),
/// so that a paragraph of words seen before is put together from them with no shaping and no ICU.
///
/// A word prepared alone gives what shaping and ICU give it inside its paragraph when nothing
/// reaches across the spaces around it, which holds when:
/// - the primary font draws the space and none of its lookups for the word's scripts that may
///   reach beyond the next glyph lists the space glyph (`spaceIsInert`): HarfBuzz then shapes each
///   side of a space as it would alone, and a fallback font only ever shapes ranges inside a word
///   (the space is never missing);
/// - the word starts with no mark or joiner (that would join the space's grapheme) and ends with
///   no prepended character, holds no U+3000, line separator, control or emoji character,
///   and no lone surrogate (`WordCharacters`; a surrogate pair is one character);
/// - its neutral characters before its first real script are shaped in the run they continue
///   (the key holds that run's script, see `scriptRuns(of:leadingScript:)`);
/// - whether a space or the paragraph's edge is beside it changes nothing its record does not
///   show (see `edgesMatter`; in the fonts where it may, the key holds which);
/// - the fallback font of a run that goes on across spaces is the one Chromium's loop would
///   choose for the whole run: each record keeps the font that drew its first and last runs and
///   whether its own hints chose it, and the lane checks them run by run (`RunFonts`).
/// The lane gives the paragraph to shaping when one does not hold. Tests compare both ways on
/// real text of every script (`WordRecordTests`).
///
/// Kept per layout engine (not thread-safe), at most `unitLimit` units (see `makeRoom`).
final class WordRecords {
    /// A word's numbers: indices into the store's flat arrays.
    struct Record {
        var hash: UInt64
        var leadingScript: UInt32
        var edges: UInt8
        var unitStart: Int32
        var unitCount: Int32
        var breakStart: Int32
        var breakCount: Int32
        var lossStart: Int32
        var lossCount: Int32
        /// The sum of its advances, in 1/65536 px.
        var width: Int
        /// The script of the run its first unit is in, and of the run its last unit is in.
        var firstScript: UInt32
        var lastScript: UInt32
        /// The fallback font (index into `fonts`) that drew some of its first run, -1 for none;
        /// whether its own fallback hints chose it (a character of a definite script among them).
        var firstFont: Int16
        var firstChosenByItself: Bool
        var lastFont: Int16
        var lastChosenByItself: Bool
        /// Its first and last units are in one run.
        var isOneRun: Bool
        var usesFallback: Bool
        var hasSoftHyphens: Bool
        /// False when preparing it alone may not give what its paragraph gives (see the type's
        /// comment): its paragraph is shaped.
        var isUsable: Bool
        /// It has a line-end adjustment at its end: its last glyph kerns with the space after it
        /// (or a bracket there is trimmed), so it may stand for the word only where a space follows
        /// (see `keysEdges`).
        var endsAdjusted = false
        /// A paragraph found it since the store last filled up (it is then kept, see `makeRoom`).
        var isUsed = false
        /// It cuts inside a ligature (see `ligatureSplits`).
        var hasLigatureSplits = false
        /// The fallback font (index into `fonts`) that its run had chosen before it, -1 when
        /// it was prepared as its own run's start (see `continuedRecord`).
        var continuedFont: Int16 = -1
        /// Its first (last) character is an ideograph or a Hangul syllable, where a word written
        /// without spaces may part (see `joins`), with an inert glyph in its font
        /// (`InertGlyphs`): nothing reaches across that edge.
        var startsInert = false
        var endsInert = false
    }

    /// Which sides of a word are spaces (the others are its paragraph's edges).
    static let spaceBefore: UInt8 = 1
    static let spaceAfter: UInt8 = 2

    /// Whether the key tells a word between spaces from one at a paragraph's edge. In most fonts
    /// one record serves both (see `edgesMatter`): each word is then prepared between two spaces.
    let keysEdges: Bool

    /// The edges of a word's key: which of its sides are spaces, or both when they do not matter.
    @inline(__always)
    func keyEdges(spaceBefore: Bool, spaceAfter: Bool) -> UInt8 {
        guard keysEdges else { return Self.spaceBefore | Self.spaceAfter }
        return (spaceBefore ? Self.spaceBefore : 0) | (spaceAfter ? Self.spaceAfter : 0)
    }

    /// Words longer than this are not kept: a paragraph with one is shaped (long words are rare
    /// but for scripts written without spaces, where a record would seldom come again).
    static let longestWord = 64
    /// Paragraphs longer than this are shaped (in pieces, see `ShapingTextPreparer.pieceUnits`).
    static let longestParagraph = 1 << 16
    /// Units kept at most (some 25 bytes a unit with the records and their breaks: about 50 MB per
    /// engine at most). On the 200,000 multilingual rows of `make bench` (4.3 million units of
    /// distinct words), a million units emptied four times made 549,000 records for 270,000
    /// distinct words; two million, keeping the words found (`makeRoom`), fill up once.
    static let defaultUnitLimit = 1 << 21
    /// `defaultUnitLimit`, small only to test how the store makes room.
    let unitLimit: Int

    private(set) var records: [Record] = []
    private(set) var units: [UInt16] = []
    /// In 1/65536 px (a record whose advance does not fit 32 bits is not used).
    private(set) var advances: [Int32] = []
    /// Whether a line may be cut before each unit (inside the word; a word's own start is a
    /// grapheme boundary, see `WordCharacters`).
    private(set) var cuttable: [Bool] = []
    /// Index into `fonts` of the font of each unit (0: the primary font).
    private(set) var fontIndices: [UInt8] = []
    private(set) var breakOffsets: [Int32] = []
    private(set) var breakXs: [Int] = []
    private(set) var breakKinds: [BreakKind] = []
    private(set) var lossOffsets: [Int32] = []
    private(set) var lossValues: [Int] = []
    /// Cuts inside ligatures, by index into `units`.
    private(set) var ligatureSplits: [Int: LigatureSplit] = [:]
    /// The fonts the records name, primary first.
    private(set) var fonts: [FontFace]
    /// Open addressing: index into `records` plus one in the low 32 bits, the high 32 bits of its
    /// hash above them (a slot of another word is passed over without reading its record); 0 for
    /// an empty slot.
    private var slots: [UInt64]
    private var slotMask: Int

    /// Numbers per offset written out for the wrap loop (see `offsetNumbers`).
    let numbers = OffsetNumberBuffers()

    /// The characters beyond the BMP met (`character(at:_:count:)`), by code point modulo the
    /// count: the code point in the low 21 bits, 1 above it when known, the flags from bit 24, the
    /// script from bit 32.
    private var pairCharacters = [UInt64](repeating: 0, count: 1 << 10)

    /// The flags and script of the character at `units[i]` (of `count` units) and how many units
    /// it takes (see `WordCharacters`): a surrogate pair is one character; a lone surrogate is
    /// refused.
    @inline(__always)
    func character(at units: UnsafePointer<UInt16>, _ i: Int, count: Int)
        -> (flags: UInt8, script: UInt32, length: Int) {
        let unit = units[i], f = WordCharacters.flags[unit]
        guard f & WordCharacters.surrogate != 0 else { return (f, WordCharacters.scripts[unit], 1) }
        return pairCharacter(at: units, i, count: count)
    }

    /// `character(at:_:count:)` of a surrogate.
    @inline(never)
    func pairCharacter(at units: UnsafePointer<UInt16>, _ i: Int, count: Int)
        -> (flags: UInt8, script: UInt32, length: Int) {
        let high = units[i]
        guard high & 0xFC00 == 0xD800, i + 1 < count, units[i + 1] & 0xFC00 == 0xDC00 else {
            return (WordCharacters.refused, HB_SCRIPT_UNKNOWN.rawValue, 1)
        }
        let value = 0x10000 + (UInt32(high - 0xD800) << 10) + UInt32(units[i + 1] - 0xDC00)
        let slot = Int(value) & (pairCharacters.count - 1)
        let entry = pairCharacters[slot]
        if entry & 0x3F_FFFF == UInt64(value) | 1 << 21 {
            return (UInt8(truncatingIfNeeded: entry >> 24), UInt32(truncatingIfNeeded: entry >> 32), 2)
        }
        let (flags, script) = WordCharacters.character(value)
        pairCharacters[slot] = UInt64(value) | 1 << 21 | UInt64(flags) << 24 | UInt64(script) << 32
        return (flags, script, 2)
    }

    /// `character(at:_:count:)` of the character that ends at `units[i]`, and where it starts.
    @inline(__always)
    func character(endingAt units: UnsafePointer<UInt16>, _ i: Int) -> (flags: UInt8, script: UInt32, start: Int) {
        if units[i] & 0xFC00 == 0xDC00, i > 0, units[i - 1] & 0xFC00 == 0xD800 {
            let (flags, script, _) = pairCharacter(at: units, i - 1, count: i + 1)
            return (flags, script, i - 1)
        }
        let (flags, script, _) = character(at: units, i, count: i + 1)
        return (flags, script, i)
    }

    /// A character that makes a run choose a fallback font when it comes first in the run (the
    /// system fallback gives that font for it), and its script.
    struct Primer {
        var units: [UInt16]
        var script: UInt32
    }
    /// Per font of `fonts` that a run chose by a character of its own: such a character (see
    /// `continuedRecord`).
    private var primers: [Int16: Primer] = [:]

    func primer(of font: Int16) -> Primer? { primers[font] }

    /// Notes `codePoint` (of a run of `script`) as the primer of `font` when the system fallback
    /// gives that font for it and the font has none yet.
    func notePrimer(_ codePoint: UInt32, font: Int, script: hb_script_t) {
        guard primers[Int16(font)] == nil, font > 0, font < fonts.count, systemFace(codePoint) === fonts[font],
              let scalar = Unicode.Scalar(codePoint) else { return }
        primers[Int16(font)] = Primer(units: Array(String(scalar).utf16), script: script.rawValue)
    }

    /// Notes the primer of record `index`'s first fallback font when its own characters chose it
    /// (a record another worker made, see `adoptShared`): its first character of a definite
    /// script from where that font starts drawing it.
    func notePrimer(ofRecord index: Int) {
        let r = records[index]
        guard r.firstChosenByItself, r.firstFont > 0, primers[r.firstFont] == nil else { return }
        let start = Int(r.unitStart), end = start + Int(r.unitCount)
        guard var k = (start..<end).first(where: { fontIndices[$0] == UInt8(r.firstFont) }) else { return }
        let unicode = hb_unicode_funcs_get_default()
        while k < end && fontIndices[k] == UInt8(r.firstFont) {
            let (codePoint, length) = decodeUTF16(units[k], k + 1 < end ? units[k + 1] : 0)
            if Shaper.hasDefiniteScript(codePoint, unicode) {
                return notePrimer(codePoint, font: Int(r.firstFont), script: hb_script_t(rawValue: r.firstScript))
            }
            k += length
        }
    }

    /// Per font (high 32 bits) and script met: its inert glyphs (see `isInert`).
    private var inertGlyphs: [UInt64: InertGlyphs] = [:]

    /// Per script met: whether the primary font's space is inert in it (`spaceIsInert`).
    private var inertScripts: [UInt32: Bool] = [:]

    /// Where Tibetan words part (see `partsAt`); nil until a tsheg before a consonant is met.
    private(set) var syllableSplits: SyllableSplits?

    /// Where Tibetan words part in the font that draws them (the primary font, or the one the
    /// system fallback gives for them), kept for the store.
    func makeSyllableSplits() -> SyllableSplits {
        func drawing(_ codePoint: UInt16) -> FontFace? {
            fonts[0].hasGlyph(UInt32(codePoint)) ? fonts[0] : systemFace(UInt32(codePoint))
        }
        var splits = SyllableSplits()
        if let face = drawing(SyllableSplits.consonants.lowerBound), drawing(SyllableSplits.tsheg) === face {
            let index = fonts.firstIndex { $0 === face } ?? fonts.count
            if index == fonts.count { fonts.append(face) }
            if index <= Int(UInt8.max) { splits = SyllableSplits(face: face, font: index) }
        }
        syllableSplits = splits
        return splits
    }

    /// Where runs of kana part (see `partsAt`); nil until two kana side by side are met.
    private(set) var kanaSplits: KanaSplits?

    /// Where runs of kana part in the font that draws them (the primary font, or the one the
    /// system fallback gives for them), kept for the store.
    func makeKanaSplits() -> KanaSplits {
        func drawing(_ codePoint: UInt32) -> FontFace? {
            fonts[0].hasGlyph(codePoint) ? fonts[0] : systemFace(codePoint)
        }
        var splits = KanaSplits()
        // (あ and ア: the font that draws hiragana draws katakana too.)
        if let face = drawing(0x3042), drawing(0x30A2) === face {
            let index = fonts.firstIndex { $0 === face } ?? fonts.count
            if index == fonts.count { fonts.append(face) }
            if index <= Int(UInt8.max) { splits = KanaSplits(face: face, font: index) }
        }
        kanaSplits = splits
        return splits
    }

    private let prepareTogether: ([UInt16], [ScriptContext]) -> PreparedText
    /// A pairwise lane without records, that prepares words of printable ASCII starting with a
    /// letter, put together, from its tables as shaping prepares them
    /// (`PairwiseTextPreparer.preparedAsShaped`). A seventh of the records the 200k multilingual
    /// rows make are such words ("PNG", "TRUE" inside rows of other scripts): shaping each with
    /// HarfBuzz and the fallback loop cost about 3.7% of the run. Nil: all are shaped.
    private let asciiLane: PairwiseTextPreparer?
    /// How many records `asciiLane` made, e.g. 12_776 (what the tests check is taken).
    private(set) var recordsFromPairTables = 0
    /// The font the fallback chain gives a character (its system fallback, see
    /// `FontFallbackChain.FallbackIterator`).
    private let systemFace: (UInt32) -> FontFace?
    /// The primary font's space advance, in 1/65536 px.
    let spaceAdvance: Int
    /// The records the other workers with these fonts and settings made, and this worker's face
    /// of each font they name; nil when records are not shared.
    private let shared: SharedWordRecords?
    private let face: (FontReference) -> FontFace?
    /// Whether the primary font draws every printable ASCII character (the shaper's
    /// `primaryCoversASCII`): then a record's ASCII units need no glyph lookup (`appendUnits`).
    private let primaryDrawsASCII: Bool

    init(primary: FontFace, primaryDrawsASCII: Bool, spaceAdvance: Int,
         prepareTogether: @escaping ([UInt16], [ScriptContext]) -> PreparedText,
         asciiLane: PairwiseTextPreparer? = nil,
         systemFace: @escaping (UInt32) -> FontFace?, unitLimit: Int = defaultUnitLimit,
         shared: SharedWordRecords? = nil, face: @escaping (FontReference) -> FontFace? = { _ in nil }) {
        fonts = [primary]
        self.unitLimit = unitLimit
        keysEdges = Self.edgesMatter(in: primary)
        self.primaryDrawsASCII = primaryDrawsASCII
        self.spaceAdvance = spaceAdvance
        self.prepareTogether = prepareTogether
        self.asciiLane = asciiLane
        self.systemFace = systemFace
        self.shared = shared
        self.face = face
        slots = Array(repeating: 0, count: 1 << 12)
        slotMask = (1 << 12) - 1
    }

    /// FNV-1a of a word's units, then its context (`finish`).
    static let hashSeed: UInt64 = 0xcbf2_9ce4_8422_2325

    @inline(__always)
    static func hash(_ h: UInt64, _ unit: UInt16) -> UInt64 { (h ^ UInt64(unit)) &* 0x0000_0100_0000_01B3 }

    @inline(__always)
    static func finish(_ h: UInt64, leadingScript: UInt32, edges: UInt8) -> UInt64 {
        (h ^ UInt64(leadingScript) ^ (UInt64(edges) << 40)) &* 0x0000_0100_0000_01B3
    }

    @inline(__always)
    static func hash(_ units: UnsafePointer<UInt16>, _ count: Int, leadingScript: UInt32, edges: UInt8) -> UInt64 {
        var h = hashSeed
        for k in 0..<count { h = hash(h, units[k]) }
        return finish(h, leadingScript: leadingScript, edges: edges)
    }

    /// Reads, for each key of `wordKeys`, its first slot; then the record that slot names when
    /// its tag matches, and the first of that record's units, breaks, line-end adjustments and
    /// fonts; else the other workers' first slot for it. All before `find` compares any of them,
    /// and `putTogether` reads the records' numbers: the table and the records are megabytes,
    /// and most of these reads miss the cache. Made here, word after word, none waits on another
    /// (no comparison or branch on what was read sits between one word's reads and the next
    /// word's), so the misses of a paragraph's words overlap instead of coming one by one.
    func readAhead() {
        var sum: UInt64 = 0
        wordKeys.withUnsafeBufferPointer { keys in
            slots.withUnsafeBufferPointer { slots in
                for key in keys { sum &+= slots[Int(truncatingIfNeeded: key.hash) & slotMask] }
                for key in keys {
                    let entry = slots[Int(truncatingIfNeeded: key.hash) & slotMask]
                    guard entry != 0, entry >> 32 == key.hash >> 32 else {
                        if let shared { sum &+= shared.firstSlot(key.hash) }
                        continue
                    }
                    let r = records[Int(truncatingIfNeeded: entry & 0xFFFF_FFFF) - 1]
                    sum &+= UInt64(units[Int(r.unitStart)])
                    if r.breakCount > 0 {
                        let b = Int(r.breakStart)
                        sum &+= UInt64(breakOffsets[b]) &+ UInt64(bitPattern: Int64(breakXs[b]))
                    }
                    if r.lossCount > 0 { sum &+= UInt64(lossOffsets[Int(r.lossStart)]) }
                    if r.usesFallback { sum &+= UInt64(fontIndices[Int(r.unitStart)]) }
                }
            }
        }
        readAheadSum = sum
    }
    /// What `readAhead` read, kept so that its reads are made.
    private var readAheadSum: UInt64 = 0

    /// The record of word `units[0..<count]` in its context, when there is one.
    @inline(__always)
    func find(_ units: UnsafePointer<UInt16>, _ count: Int, hash: UInt64, leadingScript: UInt32, edges: UInt8,
              continuedFont: Int16 = -1) -> Int? {
        var slot = Int(truncatingIfNeeded: hash) & slotMask
        let tag = hash >> 32
        return slots.withUnsafeBufferPointer { slots in
            while true {
                let entry = slots[slot]
                if entry == 0 { return nil }
                if entry >> 32 == tag {
                    let index = Int(truncatingIfNeeded: entry & 0xFFFF_FFFF) - 1
                    let r = records[index]
                    if r.hash == hash && r.leadingScript == leadingScript && r.edges == edges
                        && r.continuedFont == continuedFont && Int(r.unitCount) == count
                        && self.units.withUnsafeBufferPointer({ stored in
                            memcmp(stored.baseAddress! + Int(r.unitStart), units, 2 * count) == 0
                        }) {
                        return index
                    }
                }
                slot = (slot + 1) & slotMask
            }
        }
    }

    /// The record of word `units[0..<count]` in its context (found, or made by preparing it alone),
    /// in a run whose fallback font `continuedFont` chose before it (-1: as its run's start).
    func record(_ units: UnsafePointer<UInt16>, _ count: Int, leadingScript: UInt32, edges: UInt8,
                continuedFont: Int16 = -1) -> Int {
        var hash = Self.hash(units, count, leadingScript: leadingScript, edges: edges)
        if continuedFont >= 0 { hash = Self.continuing(hash, font: continuedFont) }
        if let found = find(units, count, hash: hash, leadingScript: leadingScript, edges: edges,
                            continuedFont: continuedFont) {
            return found
        }
        makeRoom(for: count)
        if continuedFont < 0,
           let adopted = adoptShared(units, count, hash: hash, leadingScript: leadingScript, edges: edges) {
            return adopted
        }
        let word = Word(units: units, count: count, hash: hash, leadingScript: leadingScript, edges: edges,
                        continuedFont: continuedFont)
        // (A paragraph took a record that continues a run only once its font had a primer.)
        return make([word])[0]
    }

    /// The hash of a word's key in a run whose fallback font `font` chose before it.
    @inline(__always)
    static func continuing(_ hash: UInt64, font: Int16) -> UInt64 {
        (hash ^ (UInt64(UInt16(bitPattern: font)) << 48)) &* 0x0000_0100_0000_01B3
    }

    /// The record another worker shared of word `units[0..<count]` in its context, copied into
    /// this store (see `SharedWordRecords`); nil when there is none, or it names a font this
    /// worker cannot open. The caller has made room for it.
    func adoptShared(_ units: UnsafePointer<UInt16>, _ count: Int, hash: UInt64, leadingScript: UInt32,
                     edges: UInt8) -> Int? {
        guard let shared, let found = shared.find(units, count, hash: hash, leadingScript: leadingScript, edges: edges)
        else { return nil }
        // Its fonts as this store numbers them (each looked up once).
        for k in 0..<count where ownFont(found.fontIndices[k], in: shared) < 0 { return nil }
        var r = found.record
        for font in [r.firstFont, r.lastFont] where font >= 0 && ownFont(UInt8(font), in: shared) < 0 { return nil }
        r.unitStart = Int32(self.units.count)
        r.breakStart = Int32(breakOffsets.count)
        r.lossStart = Int32(lossOffsets.count)
        if r.firstFont >= 0 { r.firstFont = ownFont(UInt8(r.firstFont), in: shared) }
        if r.lastFont >= 0 { r.lastFont = ownFont(UInt8(r.lastFont), in: shared) }
        self.units.append(contentsOf: found.units)
        advances.append(contentsOf: found.advances)
        cuttable.append(contentsOf: found.cuttable)
        for k in 0..<count { fontIndices.append(UInt8(truncatingIfNeeded: ownFonts[Int(found.fontIndices[k])])) }
        breakOffsets.append(contentsOf: found.breakOffsets)
        breakXs.append(contentsOf: found.breakXs)
        breakKinds.append(contentsOf: found.breakKinds)
        lossOffsets.append(contentsOf: found.lossOffsets)
        lossValues.append(contentsOf: found.lossValues)
        for (offset, split) in zip(found.splitOffsets, found.splitValues) {
            ligatureSplits[Int(r.unitStart) + Int(offset)] = split
        }
        records.append(r)
        insert(records.count - 1, hash: hash)
        return records.count - 1
    }

    /// Per font of the shared store: its index among `fonts` (-1: not looked up yet, -2: none).
    private var ownFonts: [Int16] = []
    /// Per font of `fonts`: its index among the shared store's (-1: not looked up yet, -2: none).
    private var sharedFonts: [Int16] = []

    /// The index among `fonts` of the shared store's font `index`, added when new; negative when
    /// this worker cannot open it or `fonts` is full.
    private func ownFont(_ index: UInt8, in shared: SharedWordRecords) -> Int16 {
        let n = Int(index)
        if n >= ownFonts.count { ownFonts.append(contentsOf: repeatElement(-1, count: n + 1 - ownFonts.count)) }
        if ownFonts[n] != -1 { return ownFonts[n] }
        let reference = shared.font(index)
        if let known = fonts.firstIndex(where: { $0.path == reference.path && $0.faceIndex == reference.faceIndex }) {
            ownFonts[n] = Int16(known)
        } else if fonts.count < 255, let face = face(reference) {
            fonts.append(face)
            ownFonts[n] = Int16(fonts.count - 1)
        } else {
            ownFonts[n] = -2
        }
        return ownFonts[n]
    }

    /// The shared store's index of font `index` of `fonts`, added when new; negative when the
    /// store names as many fonts as it can.
    private func sharedFont(_ index: Int, in shared: SharedWordRecords) -> Int16 {
        if index >= sharedFonts.count {
            sharedFonts.append(contentsOf: repeatElement(-1, count: index + 1 - sharedFonts.count))
        }
        if sharedFonts[index] == -1 {
            let reference = FontReference(path: fonts[index].path, faceIndex: fonts[index].faceIndex)
            sharedFonts[index] = shared.fontIndex(of: reference).map { Int16($0) } ?? -2
        }
        return sharedFonts[index]
    }

    /// The font indices of the record being shared, as the shared store numbers them (kept from
    /// unit to unit: with the exclusivity checks, a font lookup per unit was 1.3% of a
    /// multilingual run's instructions).
    private var sharingFonts: [UInt8] = []

    /// Shares record `index`, which this store made, with the other workers.
    private func share(_ index: Int) {
        // (A record that continues a run names the run's font by this store's numbering.)
        guard let shared, records[index].continuedFont < 0 else { return }
        var r = records[index]
        let start = Int(r.unitStart), breakStart = Int(r.breakStart), lossStart = Int(r.lossStart)
        // Each unit's font in the shared numbering, looked up once per run of one font.
        sharingFonts.removeAll(keepingCapacity: true)
        var lastIndex = -1, lastFont: Int16 = -1
        for k in start..<start + Int(r.unitCount) {
            let index = Int(fontIndices[k])
            if index != lastIndex {
                lastIndex = index
                lastFont = sharedFont(index, in: shared)
            }
            guard lastFont >= 0 else { return }
            sharingFonts.append(UInt8(lastFont))
        }
        for font in [r.firstFont, r.lastFont] where font >= 0 && sharedFont(Int(font), in: shared) < 0 { return }
        if r.firstFont >= 0 { r.firstFont = sharedFont(Int(r.firstFont), in: shared) }
        if r.lastFont >= 0 { r.lastFont = sharedFont(Int(r.lastFont), in: shared) }
        var splitOffsets: [Int32] = [], splitValues: [LigatureSplit] = []
        if r.hasLigatureSplits {
            for k in 1..<max(Int(r.unitCount), 1) {
                guard let split = ligatureSplits[start + k] else { continue }
                splitOffsets.append(Int32(k))
                splitValues.append(split)
            }
        }
        let units = start..<start + Int(r.unitCount), breaks = breakStart..<breakStart + Int(r.breakCount)
        let losses = lossStart..<lossStart + Int(r.lossCount)
        /// `array[range]` in place (the arrays are neither changed nor freed while it is shared).
        func part<T>(_ array: [T], _ range: Range<Int>) -> UnsafeBufferPointer<T> {
            array.withUnsafeBufferPointer { UnsafeBufferPointer(rebasing: $0[range]) }
        }
        splitOffsets.withUnsafeBufferPointer { splitOffsets in
            splitValues.withUnsafeBufferPointer { splitValues in
                sharingFonts.withUnsafeBufferPointer { fonts in
                    shared.share(SharedWordRecords.Found(
                        record: r, units: part(self.units, units), advances: part(advances, units),
                        cuttable: part(cuttable, units), fontIndices: fonts,
                        breakOffsets: part(breakOffsets, breaks), breakXs: part(breakXs, breaks),
                        breakKinds: part(breakKinds, breaks), lossOffsets: part(lossOffsets, losses),
                        lossValues: part(lossValues, losses), splitOffsets: splitOffsets, splitValues: splitValues))
                }
            }
        }
    }


    /// A word's key but for its units: its hash, and its context.
    struct WordKey {
        var hash: UInt64
        var leadingScript: UInt32
        var edges: UInt8
    }
    /// The keys of the words of the paragraph being put together (see `placedWords`).
    var wordKeys: [WordKey] = []

    /// A word without a record yet, in its context.
    struct Word {
        var units: UnsafePointer<UInt16>
        var count: Int
        var hash: UInt64
        var leadingScript: UInt32
        var edges: UInt8
        /// See `Record.continuedFont`.
        var continuedFont: Int16 = -1
    }

    /// Makes room for `count` more units when they would not fit: keeps the records paragraphs
    /// found since the store last filled up, and forgets the others (the words a catalog keeps
    /// meeting stay; a word met once goes). Empties the store when those would take more than
    /// half of it.
    func makeRoom(for count: Int) {
        guard units.count + count > unitLimit else { return }
        var keptUnits = 0
        for r in records where r.isUsed { keptUnits += Int(r.unitCount) }
        if 2 * (keptUnits + count) > unitLimit { removeAll() } else { keepUsed() }
    }

    /// Keeps the records found since the store last filled up (unmarked, in their order), forgets
    /// the others.
    private func keepUsed() {
        let old = (records: records, units: units, advances: advances, cuttable: cuttable, fontIndices: fontIndices,
                   breakOffsets: breakOffsets, breakXs: breakXs, breakKinds: breakKinds,
                   lossOffsets: lossOffsets, lossValues: lossValues, ligatureSplits: ligatureSplits)
        removeAll()
        /// Appends `source[range]` to `target`, read through a pointer (an array slice per
        /// record would count references on the old array for each).
        func append<T>(_ source: [T], _ range: Range<Int>, to target: inout [T]) {
            source.withUnsafeBufferPointer { target.append(contentsOf: UnsafeBufferPointer(rebasing: $0[range])) }
        }
        // Where each kept record's units were and now are, in order, for the ligature splits.
        var moved: [(old: Range<Int>, new: Int)] = []
        for var r in old.records where r.isUsed {
            r.isUsed = false
            let unitStart = Int(r.unitStart), breakStart = Int(r.breakStart), lossStart = Int(r.lossStart)
            let unitRange = unitStart..<unitStart + Int(r.unitCount)
            let breakRange = breakStart..<breakStart + Int(r.breakCount)
            let lossRange = lossStart..<lossStart + Int(r.lossCount)
            moved.append((unitRange, units.count))
            r.unitStart = Int32(units.count)
            r.breakStart = Int32(breakOffsets.count)
            r.lossStart = Int32(lossOffsets.count)
            append(old.units, unitRange, to: &units)
            append(old.advances, unitRange, to: &advances)
            append(old.cuttable, unitRange, to: &cuttable)
            append(old.fontIndices, unitRange, to: &fontIndices)
            append(old.breakOffsets, breakRange, to: &breakOffsets)
            append(old.breakXs, breakRange, to: &breakXs)
            append(old.breakKinds, breakRange, to: &breakKinds)
            append(old.lossOffsets, lossRange, to: &lossOffsets)
            append(old.lossValues, lossRange, to: &lossValues)
            records.append(r)
            insert(records.count - 1, hash: r.hash)
        }
        for (unit, split) in old.ligatureSplits {
            // The kept record holding `unit`, if any: the last that starts at or before it.
            var low = 0, high = moved.count
            while low < high {
                let middle = (low + high) / 2
                if moved[middle].old.lowerBound <= unit { low = middle + 1 } else { high = middle }
            }
            guard low > 0, moved[low - 1].old.contains(unit) else { continue }
            ligatureSplits[moved[low - 1].new + unit - moved[low - 1].old.lowerBound] = split
        }
    }

    /// Marks record `index` as found by a paragraph (see `makeRoom`).
    @inline(__always)
    func markUsed(_ index: Int) { records[index].isUsed = true }

    private func insert(_ index: Int, hash: UInt64) {
        if 2 * (records.count + 1) > slots.count {
            slots = Array(repeating: 0, count: 2 * slots.count)
            slotMask = slots.count - 1
            for (n, r) in records.enumerated() where n != index { place(n, hash: r.hash) }
        }
        place(index, hash: hash)
    }

    private func place(_ index: Int, hash: UInt64) {
        var slot = Int(truncatingIfNeeded: hash) & slotMask
        while slots[slot] != 0 { slot = (slot + 1) & slotMask }
        slots[slot] = (hash >> 32) << 32 | UInt64(index + 1)
    }

    /// Forgets every record (the store is full).
    private func removeAll() {
        records.removeAll(keepingCapacity: true)
        units.removeAll(keepingCapacity: true)
        advances.removeAll(keepingCapacity: true)
        cuttable.removeAll(keepingCapacity: true)
        fontIndices.removeAll(keepingCapacity: true)
        breakOffsets.removeAll(keepingCapacity: true)
        breakXs.removeAll(keepingCapacity: true)
        breakKinds.removeAll(keepingCapacity: true)
        lossOffsets.removeAll(keepingCapacity: true)
        lossValues.removeAll(keepingCapacity: true)
        ligatureSplits.removeAll()
        for i in slots.indices { slots[i] = 0 }
    }

    /// Makes the records of `words` (none of which has one; at most one of each key), by
    /// preparing them together, each with the spaces its edges name and starting in the run it
    /// continues, in one paragraph: where they are (the spaces between them) nothing reaches across
    /// (see the type's comment), so each comes out as it would alone. Their indices, in order.
    /// A word that continues a run with a fallback font (`Word.continuedFont`) is made alone.
    func make(_ words: [Word]) -> [Int] {
        // Words of printable ASCII from the pair tables, when they walk them; the others shaped.
        var made = [Int](repeating: -1, count: words.count)
        var shaped = Array(words.indices)
        if let asciiLane {
            let ascii = words.indices.filter {
                Self.isASCIIWord(words[$0]) && asciiLane.walksPairwise(words[$0].units, count: words[$0].count)
            }
            if !ascii.isEmpty, let records = make(ascii.map { words[$0] }, preparedBy: { text, _ in
                asciiLane.preparedAsShaped(text)
            }) {
                for (n, record) in zip(ascii, records) { made[n] = record }
                recordsFromPairTables += records.count
                shaped = words.indices.filter { made[$0] < 0 }
            }
        }
        if !shaped.isEmpty {
            guard let records = make(shaped.map { words[$0] }, preparedBy: prepareTogether) else { return [] }
            for (n, record) in zip(shaped, records) { made[n] = record }
        }
        for index in made { share(index) }
        return made
    }

    /// The records of `words`, prepared together by `prepare` (shaping, or the pair tables of
    /// `asciiLane`); nil when they could not be prepared so.
    private func make(_ words: [Word], preparedBy prepare: ([UInt16], [ScriptContext]) -> PreparedText?) -> [Int]? {
        guard var together = together(words, preparedBy: prepare) else { return nil }
        return words.indices.map { n in
            let record = record(of: words[n], at: together.starts[n], in: &together)
            records.append(record)
            insert(records.count - 1, hash: words[n].hash)
            return records.count - 1
        }
    }

    /// Whether `word` is one the pair tables may prepare (`asciiLane`): printable
    /// ASCII, starting with a letter (its run is Latin, as where it stands: no leading script),
    /// in a run of its own start.
    private static func isASCIIWord(_ word: Word) -> Bool {
        guard word.continuedFont < 0, word.leadingScript == 0, word.count > 0 else { return false }
        let first = word.units[0] | 0x20
        guard first >= 0x61 && first <= 0x7A else { return false }
        for k in 0..<word.count where word.units[k] < 0x21 || word.units[k] > 0x7E { return false }
        return true
    }

    /// Words prepared together (see `make`), with what their records are read from and where the
    /// reading has got to.
    private struct Together {
        let text: [UInt16]
        /// Where each word starts in `text`.
        let starts: [Int]
        let prepared: PreparedText
        let paragraph: PreparedParagraph
        /// Each prepared font's index among the store's fonts (all 0 when they would not fit).
        let fontMap: [Int]
        let fontsFit: Bool
        let runs: [ScriptRun]
        /// Where each run's first character a fallback font drew is (its hints chose the font).
        let firstFallback: [Int]
        /// x at each offset of `text`.
        let xAt: [Int]
        var nextBreak: Int
        var nextAdjustment: Int
        var runIndex = 0

        var numbers: ShapedOffsetNumbers { prepared.shapedNumbers }

        func fontIndex(_ offset: Int) -> Int {
            prepared.fontIndices.isEmpty ? 0 : fontMap[Int(prepared.fontIndices[offset])]
        }
    }

    /// `words` prepared together by `prepare`, each with its spaces and in the run it continues.
    private func together(_ words: [Word], preparedBy prepare: ([UInt16], [ScriptContext]) -> PreparedText?)
        -> Together? {
        var text: [UInt16] = []
        var starts: [Int] = []
        var contexts: [ScriptContext] = []
        for word in words {
            let first = character(at: word.units, 0, count: word.count)
            if word.continuedFont >= 0 {
                // The run's font chosen before the word, as its paragraph chose it: by the
                // character that chose it there, first in the run (see `continuedRecord`).
                guard words.count == 1, let primer = primer(of: word.continuedFont) else { return nil }
                contexts.append(ScriptContext(offset: 0, script: hb_script_t(rawValue: primer.script)))
                text.append(contentsOf: primer.units)
                text.append(0x20)
            }
            if word.leadingScript != 0 {
                contexts.append(ScriptContext(offset: text.count, script: hb_script_t(rawValue: word.leadingScript)))
            } else if word.edges & Self.spaceBefore != 0, first.flags & WordCharacters.neutral == 0 {
                // The space before it in the run of its first letter, as where the word before is of
                // its script: whether the pair kerns (the space's advance is checked) is then seen.
                contexts.append(ScriptContext(offset: text.count, script: hb_script_t(rawValue: first.script)))
            }
            if word.edges & Self.spaceBefore != 0 { text.append(0x20) }
            starts.append(text.count)
            text.append(contentsOf: UnsafeBufferPointer(start: word.units, count: word.count))
            if word.edges & Self.spaceAfter != 0 { text.append(0x20) }
        }
        guard let prepared = prepare(text, contexts), let paragraph = prepared.paragraphs.first else { return nil }
        var fontMap: [Int] = prepared.fonts.map { font in
            if let known = fonts.firstIndex(where: { $0 === font }) { return known }
            fonts.append(font)
            return fonts.count - 1
        }
        let fontsFit = fonts.count <= 255
        if !fontsFit { fontMap = fontMap.map { _ in 0 } }
        let runs = scriptRuns(of: text, contexts: contexts)
        for run in runs {
            let raw = run.script.rawValue
            if inertScripts[raw] == nil { inertScripts[raw] = Self.spaceIsInert(in: fonts[0], script: run.script) }
        }
        var xAt = [Int](repeating: 0, count: text.count + 1)
        for i in 0..<text.count { xAt[i + 1] = xAt[i] + prepared.shapedNumbers.advance(at: i) }
        let fontIndices = prepared.fontIndices
        let firstFallback: [Int] = runs.map { run in
            run.range.first { !fontIndices.isEmpty && fontMap[Int(fontIndices[$0])] != 0 } ?? run.range.upperBound
        }
        return Together(text: text, starts: starts, prepared: prepared, paragraph: paragraph, fontMap: fontMap,
                        fontsFit: fontsFit, runs: runs, firstFallback: firstFallback, xAt: xAt,
                        nextBreak: paragraph.breaks.lowerBound, nextAdjustment: paragraph.stopAdjustments.lowerBound)
    }

    /// The record of `word`, which starts at `start` in the words prepared together: its numbers
    /// appended to the store's arrays.
    private func record(of word: Word, at start: Int, in together: inout Together) -> Record {
        let count = word.count, end = start + count
        var record = Record(hash: word.hash, leadingScript: word.leadingScript, edges: word.edges,
                            unitStart: Int32(units.count), unitCount: Int32(count),
                            breakStart: Int32(breakOffsets.count), breakCount: 0,
                            lossStart: Int32(lossOffsets.count), lossCount: 0, width: 0,
                            firstScript: 0, lastScript: 0, firstFont: -1, firstChosenByItself: false,
                            lastFont: -1, lastChosenByItself: false, isOneRun: true, usesFallback: false,
                            hasSoftHyphens: false, isUsable: together.fontsFit)
        record.continuedFont = word.continuedFont
        // The spaces beside it keep their own advance (no pair with the word moved them).
        let numbers = together.numbers
        if word.edges & Self.spaceBefore != 0 && numbers.advance(at: start - 1) != spaceAdvance {
            record.isUsable = false
        }
        if word.edges & Self.spaceAfter != 0 && numbers.advance(at: end) != spaceAdvance { record.isUsable = false }
        appendUnits(of: word, at: start, from: together, to: &record)
        appendBreaks(of: start..<end, from: &together, to: &record)
        appendAdjustments(of: start..<end, from: &together, to: &record)
        record.endsAdjusted = record.lossCount > 0 && lossOffsets[lossOffsets.count - 1] == Int32(count)
        setRunFonts(of: start..<end, from: &together, to: &record)
        let flags = WordCharacters.flags, base = Int(record.unitStart)
        if flags[word.units[0]] & WordCharacters.partsBeside != 0 {
            record.startsInert = isInert(word.units[0], font: Int(fontIndices[base]), script: record.firstScript)
        }
        if flags[word.units[count - 1]] & WordCharacters.partsBeside != 0 {
            record.endsInert = isInert(word.units[count - 1], font: Int(fontIndices[base + count - 1]),
                                       script: record.lastScript)
        }
        return record
    }

    /// Whether the glyph of character `unit` (of the BMP) in font `font` is inert in text of
    /// `script` (`InertGlyphs`, kept per font and script).
    private func isInert(_ unit: UInt16, font: Int, script: UInt32) -> Bool {
        let key = UInt64(font) << 32 | UInt64(script)
        let glyphs: InertGlyphs
        if let known = inertGlyphs[key] {
            glyphs = known
        } else {
            glyphs = InertGlyphs(font: fonts[font], script: hb_script_t(rawValue: script))
            inertGlyphs[key] = glyphs
        }
        var glyph: hb_codepoint_t = 0
        guard hb_font_get_nominal_glyph(fonts[font].hbFont, UInt32(unit), &glyph) != 0 else { return false }
        return glyphs.contains(glyph)
    }

    /// Appends the word's units, advances, cuts, fonts and ligature splits.
    private func appendUnits(of word: Word, at start: Int, from together: Together, to record: inout Record) {
        let numbers = together.numbers
        var width = 0
        for k in 0..<word.count {
            let unit = word.units[k]
            units.append(unit)
            let advance = numbers.advance(at: start + k)
            if Int32(exactly: advance) == nil { record.isUsable = false }
            advances.append(Int32(truncatingIfNeeded: advance))
            width += advance
            cuttable.append(k > 0 && numbers.cuttable[start + k])
            let font = together.fontIndex(start + k)
            fontIndices.append(UInt8(truncatingIfNeeded: font))
            if font != 0 { record.usesFallback = true }
            // A character the primary font lacks and still drew: the chain had no font for it, and
            // whether it has one in another paragraph depends on that run's first missing characters.
            // (A surrogate pair's character is tested at its high surrogate; a word holds no lone one.)
            if font == 0 && unit & 0xFC00 != 0xDC00 && !(primaryDrawsASCII && unit >= 0x20 && unit < 0x7F) {
                let (value, _) = k + 1 < word.count ? decodeUTF16(word.units[k], word.units[k + 1]) : (UInt32(unit), 1)
                if !fonts[0].hasGlyph(value)
                    && Unicode.Scalar(value).map({ $0.properties.generalCategory != .format }) ?? true {
                    record.isUsable = false
                }
            }
            if k > 0, !numbers.ligatureSplits.isEmpty, let split = numbers.ligatureSplits[start + k] {
                ligatureSplits[units.count - 1] = split
                record.hasLigatureSplits = true
            }
            if unit == 0xAD { record.hasSoftHyphens = true }
        }
        record.width = width
    }

    /// Appends the break opportunities inside the word (the one after its leading space is the
    /// lane's), with their x from the word's start.
    private func appendBreaks(of word: Range<Int>, from together: inout Together, to record: inout Record) {
        let prepared = together.prepared, breaks = together.paragraph.breaks
        func nextOffset() -> Int { Int(prepared.breaks[together.nextBreak].offset) }
        while together.nextBreak < breaks.upperBound && nextOffset() <= word.lowerBound { together.nextBreak += 1 }
        while together.nextBreak < breaks.upperBound && nextOffset() < word.upperBound {
            let opportunity = prepared.breaks[together.nextBreak]
            let offset = Int(opportunity.offset)
            if Int(opportunity.contentEnd) != offset { record.isUsable = false }
            breakOffsets.append(Int32(offset - word.lowerBound))
            breakXs.append(opportunity.x - together.xAt[word.lowerBound])
            breakKinds.append(opportunity.kind)
            together.nextBreak += 1
        }
        record.breakCount = Int32(breakOffsets.count) - record.breakStart
    }

    /// Appends the line-end adjustments inside the word and at its end; there must be none where
    /// it starts.
    private func appendAdjustments(of word: Range<Int>, from together: inout Together, to record: inout Record) {
        let listed = together.prepared.stopAdjustments, range = together.paragraph.stopAdjustments
        while together.nextAdjustment < range.upperBound && listed[together.nextAdjustment].offset <= word.upperBound {
            let adjustment = listed[together.nextAdjustment]
            together.nextAdjustment += 1
            guard adjustment.value != 0, adjustment.offset >= word.lowerBound else { continue }
            guard adjustment.offset > word.lowerBound else {
                record.isUsable = false
                continue
            }
            lossOffsets.append(Int32(adjustment.offset - word.lowerBound))
            lossValues.append(adjustment.value)
        }
        record.lossCount = Int32(lossOffsets.count) - record.lossStart
    }

    /// Sets the scripts of the word's first and last runs and their fallback fonts (see `RunFonts`).
    private func setRunFonts(of word: Range<Int>, from together: inout Together, to record: inout Record) {
        let runs = together.runs
        while together.runIndex < runs.count && runs[together.runIndex].range.upperBound <= word.lowerBound {
            together.runIndex += 1
        }
        let firstRun = together.runIndex
        var lastRun = firstRun
        while lastRun + 1 < runs.count && runs[lastRun].range.upperBound < word.upperBound { lastRun += 1 }
        record.firstScript = runs[firstRun].script.rawValue
        record.lastScript = runs[lastRun].script.rawValue
        record.isOneRun = firstRun == lastRun
        for r in firstRun...lastRun where inertScripts[runs[r].script.rawValue] != true { record.isUsable = false }
        let base = Int(record.unitStart)
        /// The one fallback font of the part of run `r` in the word (nil when it has two), and
        /// whether the word's own hints chose it.
        func runFont(_ r: Int) -> (font: Int16, chosenByItself: Bool)? {
            let part = max(runs[r].range.lowerBound, word.lowerBound)..<min(runs[r].range.upperBound, word.upperBound)
            var font = 0
            var firstMissing: Range<Int>?
            var k = part.lowerBound
            while k < part.upperBound {
                let f = Int(fontIndices[base + k - word.lowerBound])
                if f != 0 {
                    if font == 0 { font = f } else if font != f { return nil }
                    if firstMissing == nil {
                        var missingEnd = k
                        while missingEnd < part.upperBound && fontIndices[base + missingEnd - word.lowerBound] != 0 {
                            missingEnd += 1
                        }
                        firstMissing = k..<missingEnd
                    }
                }
                k += 1
            }
            guard let missing = firstMissing else { return (-1, false) }
            // Chosen by its own hints: the font the run's first missing characters chose here, or
            // the one the fallback chain gives its own first character of a definite script.
            guard let definite = Self.definiteHint(together.text, missing) else { return (Int16(font), false) }
            let chosen = together.firstFallback[r] == missing.lowerBound || systemFace(definite) === fonts[font]
            if chosen && record.continuedFont < 0 { notePrimer(definite, font: font, script: runs[r].script) }
            return (Int16(font), chosen)
        }
        if let (font, chosen) = runFont(firstRun) {
            (record.firstFont, record.firstChosenByItself) = (font, chosen)
        } else {
            record.isUsable = false
        }
        if let (font, chosen) = runFont(lastRun) {
            (record.lastFont, record.lastChosenByItself) = (font, chosen)
        } else {
            record.isUsable = false
        }
    }

    /// Whether every ligature of ligature lookup `lookup` that holds the space glyph starts with it
    /// and joins it to marks only (GDEF class 3); nil when a subtable does not hold together.
    private static func spaceLigaturesTakeOnlyMarks(_ layout: OpenTypeTable, lookup: UInt32, space: hb_codepoint_t,
                                                    face: OpaquePointer) -> Bool? {
        guard let subtables = layout.subtables(ofLookup: lookup, extensionType: 7) else { return nil }
        func isMark(_ glyph: Int) -> Bool {
            hb_ot_layout_get_glyph_class(face, hb_codepoint_t(glyph)) == HB_OT_LAYOUT_GLYPH_CLASS_MARK
        }
        for subtable in subtables {
            // LigatureSubstFormat1: format, coverage, set count, set offsets (in coverage order).
            guard layout.uint16(subtable) == 1, let coverage = layout.uint16(subtable + 2).map({ subtable + $0 }),
                  let setCount = layout.uint16(subtable + 4), let firstGlyphs = layout.coverageGlyphs(at: coverage),
                  firstGlyphs.count >= setCount else { return nil }
            for n in 0..<setCount {
                guard let set = layout.uint16(subtable + 6 + 2 * n).map({ subtable + $0 }),
                      let ligatureCount = layout.uint16(set) else { return nil }
                for m in 0..<ligatureCount {
                    // Ligature: glyph, component count, the components after the first.
                    guard let ligature = layout.uint16(set + 2 + 2 * m).map({ set + $0 }),
                          let components = layout.uint16(ligature + 2) else { return nil }
                    var rest: [Int] = []
                    for k in 0..<max(components - 1, 0) {
                        guard let glyph = layout.uint16(ligature + 4 + 2 * k) else { return nil }
                        rest.append(glyph)
                    }
                    if rest.contains(Int(space)) { return false }
                    if firstGlyphs[n] == Int(space) && !rest.allSatisfy(isMark) { return false }
                }
            }
        }
        return true
    }

    /// The character of a definite script that the fallback hints of a run whose first missing
    /// range is `range` reach within it (`Shaper.fallbackHints`: at most 16 distinct code points),
    /// nil when they reach none: then they depend on what follows the range.
    private static func definiteHint(_ text: [UInt16], _ range: Range<Int>) -> UInt32? {
        let unicode = hb_unicode_funcs_get_default()
        var hints: [UInt32] = []
        var i = range.lowerBound
        while i < range.upperBound && hints.count < 16 {
            let (codePoint, length) = decodeUTF16(text, at: i)
            if !hints.contains(codePoint) { hints.append(codePoint) }
            if Shaper.hasDefiniteScript(codePoint, unicode) { return codePoint }
            i += length
        }
        return nil
    }
}

/// The fallback font of the run a paragraph's words are in, as the lane puts the paragraph
/// together: Chromium's loop chooses one font per run from the first missing characters of the
/// whole run, so a word's record is taken only where its own choice is that one.
struct RunFonts {
    var script: UInt32 = 0
    var font: Int16 = -1

    /// Whether `record`, which comes next, was prepared with the fonts its paragraph gives it;
    /// moves on past it.
    @inline(__always)
    mutating func accept(_ record: WordRecords.Record) -> Bool {
        if record.firstScript != script {
            script = record.firstScript
            font = -1
        }
        if record.firstFont >= 0 {
            if font == -1 {
                guard record.firstChosenByItself else { return false }
                font = record.firstFont
            } else if font != record.firstFont {
                return false
            }
        }
        guard !record.isOneRun else { return true }
        script = record.lastScript
        font = -1
        if record.lastFont >= 0 {
            guard record.lastChosenByItself else { return false }
            font = record.lastFont
        }
        return true
    }
}

/// What the lane needs to know of a character to take a word holding it from a record (see
/// `WordRecords`): its script, and flags. Per unit for the BMP (`flags`, `scripts`); a surrogate
/// there is flagged `surrogate` only, and the character a pair makes is looked up on its own
/// (`character(_:)`), in a branch only surrogates take.
enum WordCharacters {
    /// A neutral character (Common, Inherited or Unknown script): it joins the run around it.
    static let neutral: UInt8 = 1
    /// A word holding it is shaped with its paragraph (controls, tab, U+3000, line and paragraph
    /// separators, what may make an emoji, a lone surrogate).
    static let refused: UInt8 = 2
    /// Not at a word's start: it would join the space before it in one grapheme (marks, joiners).
    static let refusedFirst: UInt8 = 4
    /// Not at a word's end: a prepended character joins the space after it.
    static let refusedLast: UInt8 = 8
    /// A UTF-16 surrogate (in `flags` only): the character is the pair's (`character(_:)`).
    static let surrogate: UInt8 = 16
    /// An ideograph of the BMP (Han, Line_Break ID): a line may break between it and another
    /// ideograph or a kana whatever is around them (UAX #14's LB31; no rule reads past an ID),
    /// so that is where a word written without spaces is parted (see `WordRecords.joins`).
    static let ideograph: UInt8 = 32
    /// A kana of Line_Break ID (not the small kana, CJ, nor the iteration marks, NS).
    static let kana: UInt8 = 64
    /// A precomposed Hangul syllable (U+AC00-U+D7A3, Line_Break H2 or H3): a line may break
    /// between two of them, or one and an ideograph or a kana, whatever is around (LB26 joins a
    /// syllable only to the conjoining jamo after it, and no rule reads past it), and HarfBuzz's
    /// Hangul shaper composes a syllable only with those jamo, so a Korean word is parted there
    /// too: a syllable at a time, as an ideograph is.
    static let hangul: UInt8 = 128
    /// The characters where a word written without spaces may part: at least one side of a
    /// place is one of them (and the other one of these or a kana, see `WordRecords.joins`).
    static let partsBeside: UInt8 = ideograph | hangul

    /// The flags above of code point `value` (a surrogate code point is refused).
    private static func flags(of value: UInt32, script: hb_script_t) -> UInt8 {
        var f: UInt8 = 0
        if script == HB_SCRIPT_COMMON || script == HB_SCRIPT_INHERITED || script == HB_SCRIPT_UNKNOWN {
            f |= neutral
        }
        if value < 0x20 || (0x7F...0x9F).contains(value) || value == 0x3000 || value == 0x2028 || value == 0x2029
            || (0xD800...0xDFFF).contains(value) || value == 0x20E3
            || (value <= 0xFFFF && EmojiSegments.mayStartEmoji(UInt16(value))) || mayBeEmoji(value) {
            f |= refused
        }
        if Unicode.Scalar(value) != nil {
            if icub_is_mark_format_or_extend(value) != 0 { f |= refusedFirst }
            if value <= 0xFFFF && f & refusedFirst == 0 && Int(icub_line_break_class(value)) == ICUB_LB_ID {
                if script == HB_SCRIPT_HAN { f |= ideograph }
                if script == HB_SCRIPT_HIRAGANA || script == HB_SCRIPT_KATAKANA { f |= kana }
            }
            if (0xAC00...0xD7A3).contains(value) { f |= hangul }
        }
        // Grapheme_Cluster_Break=Prepend (Unicode 16).
        switch value {
        case 0x0600...0x0605, 0x06DD, 0x070F, 0x0890, 0x0891, 0x08E2, 0x0D4E, 0x110BD, 0x110CD, 0x111C2, 0x111C3,
             0x113D1, 0x1193F, 0x11941, 0x11A3A, 0x11A84...0x11A89, 0x11D46, 0x11F02:
            f |= refusedLast
        default: break
        }
        return f
    }

    /// Whether a character beyond the BMP may be or make an emoji (what `EmojiSegments` takes
    /// for one, and every symbol block from U+1F000 on, and the tags).
    private static func mayBeEmoji(_ value: UInt32) -> Bool {
        value > 0xFFFF && ((0x1F000...0x1FFFF).contains(value) || (0xE0000...0xE007F).contains(value)
            || EmojiSegments.isEmojiCharacter(value))
    }

    /// The flags and script of code point `value` beyond the BMP (a surrogate pair's).
    static func character(_ value: UInt32) -> (flags: UInt8, script: UInt32) {
        let script = hb_unicode_script(hb_unicode_funcs_get_default(), value)
        return (flags(of: value, script: script), script.rawValue)
    }

    /// Per BMP code point: the flags above, read a block of 256 code points at a time as text
    /// meets it: all 65,536 at once took 21 million instructions, a ninth of a 10-row
    /// multilingual run's.
    static let flags = LazyCodePointTable { value in
        (0xD800...0xDFFF).contains(value)
            ? surrogate : flags(of: value, script: hb_unicode_script(hb_unicode_funcs_get_default(), value))
    }

    /// Per BMP code point: its script, as HarfBuzz gives it (`BMPScripts`).
    static var scripts: LazyCodePointTable<UInt32> { BMPScripts.table }
}

extension WordRecords {
    /// Whether a word's numbers may depend on whether a space or its paragraph's edge is beside
    /// it in ways its record does not show: `font` kerns with a legacy `kern` table that HarfBuzz
    /// may apply (it shares such a pair's value between both glyphs; see
    /// `positioningKernsEveryScript`) or an AAT `kerx` table, or has a pair adjustment that moves the
    /// second glyph (a space before a word could move its first glyph). Otherwise the only
    /// lookups that reach a space (see `spaceIsInert`) are pairs that move the first glyph: the
    /// space before a word (a record whose space moved is not used), or the word's last glyph
    /// before the space after it, which shows as a line-end adjustment at the record's end (such a
    /// record is not used at a paragraph's end, see `Record.endsAdjusted`). The break
    /// opportunities inside a word do not depend on its edges either: every rule that looks past
    /// a word's inner pair reads a space as it reads the text's start or end (UAX #14's LB15a,
    /// LB15b and LB19a name both; the rules with `SP*` never reach past a character that is not a
    /// space; Blink's layers and `Unicode151LineBreaks` read them alike).
    static func edgesMatter(in font: FontFace) -> Bool {
        guard let face = hb_font_get_face(font.hbFont) else { return true }
        let kern = OpenTypeTable(face: face, tag: "kern"), kerx = OpenTypeTable(face: face, tag: "kerx")
        defer {
            kern.destroy()
            kerx.destroy()
        }
        guard kerx.bytes.isEmpty, kern.bytes.isEmpty || positioningKernsEveryScript(face) else { return true }
        let positioning = OpenTypeTable(face: face, tag: "GPOS")
        defer { positioning.destroy() }
        guard !positioning.bytes.isEmpty else { return false }
        guard let lookupList = positioning.uint16(8), let count = positioning.uint16(lookupList) else { return true }
        for lookup in 0..<count {
            guard let kind = positioning.lookupKind(UInt32(lookup), extensionType: 9) else { return true }
            if kind.type == 2 && kind.pairsMoveSecondGlyph { return true }
        }
        return false
    }

    /// Whether GPOS has a `kern` feature for the default script and for every script it lists, in
    /// the language system HarfBuzz takes for Chromium's `en-us` (the script's English one, else
    /// its default): HarfBuzz applies a legacy `kern` table only to text whose script's GPOS has
    /// no `kern` feature (hb-ot-shape.cc: `apply_kern` when `has_gpos_kern` is false), so such a
    /// font's `kern` table is never read (DejaVu Sans has one).
    private static func positioningKernsEveryScript(_ face: OpaquePointer) -> Bool {
        let table = hbTag("GPOS"), kern = hbTag("kern")
        var count = hb_ot_layout_table_get_script_tags(face, table, 0, nil, nil)
        guard count > 0 else { return false }
        var tags = [hb_tag_t](repeating: 0, count: Int(count))
        _ = hb_ot_layout_table_get_script_tags(face, table, 0, &count, &tags)
        guard tags.contains(hbTag("DFLT")) else { return false }
        var english = hbTag("ENG ")
        for script in 0..<count {
            var language: UInt32 = 0
            _ = hb_ot_layout_script_select_language(face, table, script, 1, &english, &language)
            var feature: UInt32 = 0
            guard hb_ot_layout_language_find_feature(face, table, script, language, kern, &feature) != 0 else {
                return false
            }
        }
        return true
    }

    /// Whether no lookup of `font` for text of `script` (Chromium's features, and `halt`, which
    /// it turns on at some CJK punctuation) that may reach beyond the glyph next to it (a
    /// ligature, a contextual lookup) lists the space glyph, so that nothing reaches from one word
    /// across a space to the next. Lookups that change the space, or a pair with it, are seen by
    /// preparing each word with its spaces (a record whose space moved is not used).
    static func spaceIsInert(in font: FontFace, script: hb_script_t) -> Bool {
        guard let face = hb_font_get_face(font.hbFont) else { return false }
        var space: hb_codepoint_t = 0
        guard hb_font_get_nominal_glyph(font.hbFont, 0x20, &space) != 0 else { return false }
        let spaceSet = hb_set_create()!
        defer { hb_set_destroy(spaceSet) }
        hb_set_add(spaceSet, space)
        let lookups = chromiumLookups(face, script: script, extraFeatures: ["halt"])
        // GSUB: ligature 4, context 5, chaining context 6, reverse chaining 8; GPOS: context 7,
        // chaining context 8 (an extension's own type, as `lookupKind` resolves it).
        for (table, extensionType, wide, indices) in [("GSUB", 7, [4, 5, 6, 8], lookups.substitutions),
                                                      ("GPOS", 9, [7, 8], lookups.positionings)] {
            let layout = OpenTypeTable(face: face, tag: table)
            defer { layout.destroy() }
            for lookup in indices {
                guard let kind = layout.lookupKind(lookup, extensionType: extensionType) else { return false }
                guard wide.contains(kind.type) || kind.type == 0 else { continue }
                // Ligatures of a space and marks only (Arabic fonts' isolated harakat, U+FE70...)
                // never form between words: no word starts with a mark.
                if table == "GSUB" && kind.type == 4,
                   spaceLigaturesTakeOnlyMarks(layout, lookup: lookup, space: space, face: face) == true {
                    continue
                }
                let read = LookupGlyphs(face: face, table: table, lookup: lookup)
                defer { read.destroy() }
                if [read.before, read.input, read.after, read.output].contains(where: { read.touches(spaceSet, $0) }) {
                    return false
                }
            }
        }
        return true
    }
}

