import CHarfBuzz

/// Ranges already shaped by the fallback loop (`Shaper.shapeRun`), so that a word that comes again
/// in another row is not shaped again: a Korean, Arabic or Tamil word that the primary font lacks
/// is shaped alone by its fallback font (Chromium reshapes each range of missing clusters apart),
/// and catalogs repeat their words.
///
/// An entry is the clusters of one `Shaper.shapeClusters` call, keyed by everything that call
/// reads: the font (by its index in `faces`; one cache per shaper, so one size), the script (which
/// gives the direction; the language is the same for every call), the range's code units, and the
/// text around the range where it is read (`contextUnits`). So a hit is exactly what shaping would
/// give. Keys are code units, never `String`s (whose equality is canonical equivalence: an NFD
/// word would get an NFC word's clusters).
///
/// A `BoundedCache` of two generations of `capacity` entries of at most `maximumUnits` units, so a
/// long run keeps the words it keeps meeting instead of starting over. Not thread-safe: one per
/// shaper; what the workers share is behind it (`SharedShapingStore.ranges`, which holds four
/// times as many: a miss here that it answers costs a lock and a copy of the key, not a shaping).
struct ShapedRangeCache {
    /// One cluster of a cached shaping in 12 bytes: its offsets relative to the range's start (a
    /// range has at most `maximumUnits` units) and its advances in HarfBuzz's units of 1/65536 px
    /// (the advances are sums of HarfBuzz's integers over 65536: exact both ways).
    struct StoredCluster {
        var start: UInt8
        var end: UInt8
        var missing: Bool
        var unsafeToBreakBefore: Bool
        var advance: Int32
        var nominalAdvance: Int32

        /// `cluster` of a range starting at `base`, nil when an advance does not fit (a cluster
        /// wider than 32,767 px: a giant font size), which is then not cached.
        init?(_ cluster: Shaper.Cluster, base: Int) {
            guard let advance = Int32(exactly: cluster.advance * FontFace.harfBuzzUnitsPerPixel),
                  let nominal = Int32(exactly: cluster.nominalAdvance * FontFace.harfBuzzUnitsPerPixel) else { return nil }
            start = UInt8(cluster.range.lowerBound - base)
            end = UInt8(cluster.range.upperBound - base)
            missing = cluster.missing
            unsafeToBreakBefore = cluster.unsafeToBreakBefore
            self.advance = advance
            nominalAdvance = nominal
        }

        func cluster(base: Int) -> Shaper.Cluster {
            Shaper.Cluster(range: (base + Int(start))..<(base + Int(end)),
                           advance: Double(advance) / FontFace.harfBuzzUnitsPerPixel, missing: missing,
                           nominalAdvance: Double(nominalAdvance) / FontFace.harfBuzzUnitsPerPixel,
                           unsafeToBreakBefore: unsafeToBreakBefore)
        }
    }

    /// A range's key: the face's index in `faces`, then the rest of the key (the shared store's
    /// key, see `buildKey`), read from the scratch key in place.
    private struct Key: BoundedCacheKey {
        let face: UInt16
        let units: [UInt16]
        let unitsHash: UInt64

        var hash: UInt64 { FNV1a.step(unitsHash, face) }
        var unitCount: Int { units.count + 1 }

        func matches(_ stored: UnsafeBufferPointer<UInt16>) -> Bool {
            stored[0] == face && units.withUnsafeBufferPointer { units in
                units.elementsEqual(UnsafeBufferPointer(rebasing: stored[1...]))
            }
        }

        func append(to stored: inout [UInt16]) {
            stored.append(face)
            stored += units
        }
    }

    /// Entries a generation holds (16,384 entries of about 25 units take some 2 MB, keys and
    /// table; 65,536 held 3.7 MB more at the peak of 200k multilingual rows, for no time).
    static let capacity = 16384
    /// Longer ranges are shaped every time: they rarely come again, and would take the room of many words.
    static let maximumUnits = 48
    /// Code points of context HarfBuzz keeps on each side of the text it shapes (`CONTEXT_LENGTH`).
    static let contextCodePoints = 5

    private var table = BoundedValueCache<[StoredCluster]>(.init(entries: capacity))
    /// The faces seen, by identity: the key holds their index (and the cache keeps them alive, so
    /// an index never comes to stand for another face).
    private var faces: [FontFace] = []
    /// The key being looked up, built in place to allocate nothing on a hit.
    private var scratchKey: [UInt16] = []

    /// Lookups answered from the cache, and lookups that were not (answered from the shared store
    /// or shaped).
    private(set) var hits = 0
    private(set) var misses = 0
    /// Misses answered from the shared store (the others were shaped).
    private(set) var sharedHits = 0
    /// Entries held, at most twice `capacity`.
    var count: Int { table.count }

    /// The clusters of `range` of `text` shaped in `script` with `face`: from this cache, else
    /// from the store the workers share for `face` (`shared`, asked on a miss only; nil for none),
    /// else shaped with `shape` and stored in both. `shape`'s clusters have absolute offsets, as
    /// the returned ones have.
    mutating func clusters(_ text: [UInt16], range: Range<Int>, script: hb_script_t, face: FontFace,
                           shared: () -> SharedShapes<[StoredCluster]>? = { nil },
                           orShape shape: () -> [Shaper.Cluster]) -> [Shaper.Cluster] {
        guard range.count <= Self.maximumUnits else { return shape() }
        let faceNumber = faceIndex(face)
        buildKey(text, range: range, script: script, face: face)
        let unitsHash = ShapingKey.hash(of: scratchKey)
        let base = range.lowerBound
        if let found = table.value(for: Key(face: faceNumber, units: scratchKey, unitsHash: unitsHash)) {
            hits += 1
            return found.map { $0.cluster(base: base) }
        }
        misses += 1
        // A copy of its own, sized to the key (the scratch key's buffer has room to spare).
        let key = Key(face: faceNumber, units: scratchKey.map { $0 }, unitsHash: unitsHash)
        // The shared store is per face: its key is this one without the face's index.
        let store = shared()
        let sharedKey = ShapingKey(key.units, hash: unitsHash)
        if let stored = store?.value(for: sharedKey) {
            sharedHits += 1
            table.insert(stored, for: key)
            return stored.map { $0.cluster(base: base) }
        }
        let shaped = shape()
        var stored: [StoredCluster] = []
        stored.reserveCapacity(shaped.count)
        for cluster in shaped {
            guard let packed = StoredCluster(cluster, base: base) else { return shaped }
            stored.append(packed)
        }
        table.insert(stored, for: key)
        store?.insert(stored, for: sharedKey)
        return shaped
    }

    /// The text around `range` that shaping it reads, as offsets of `text`:
    /// - HarfBuzz takes up to five code points on each side as context, which only its Arabic
    ///   joining reads (in HarfBuzz 6: `arabic_joining`, for the scripts of its Arabic shaper and
    ///   the joining scripts of its Universal Shaping Engine; and the dotted circle of a leading
    ///   mark, only with `HB_BUFFER_FLAG_BOT`, which is never set). So the context counts, all of
    ///   it, except for the scripts of `isContextFree`, whose shapers never run Arabic joining.
    /// - A font that collapses CJK punctuation gets `halt` where the unit before or after the range
    ///   makes it collapse (`HanKerning.collapsedOffsets`): one unit on each side counts.
    /// `ShapedRangeCacheTests` compares hits with shaping on real text of every script in the list.
    private static func context(of range: Range<Int>, in text: [UInt16], script: hb_script_t,
                                face: FontFace) -> Range<Int> {
        guard !isContextFree(script) else {
            guard face.hanKerning != nil else { return range }
            return max(range.lowerBound - 1, 0)..<min(range.upperBound + 1, text.count)
        }
        var before = range.lowerBound
        for _ in 0..<contextCodePoints where before > 0 {
            before -= 1
            if before > 0, text[before] & 0xFC00 == 0xDC00, text[before - 1] & 0xFC00 == 0xD800 { before -= 1 }
        }
        var after = range.upperBound
        for _ in 0..<contextCodePoints where after < text.count {
            after += after + 1 < text.count && text[after] & 0xFC00 == 0xD800 && text[after + 1] & 0xFC00 == 0xDC00 ? 2 : 1
        }
        return before..<after
    }

    /// Whether HarfBuzz 6 shapes `script` with its default, Hebrew, Hangul, Thai, Indic, Khmer or
    /// Myanmar shaper, none of which reads the context around the text (see `context(of:in:script:face:)`).
    static func isContextFree(_ script: hb_script_t) -> Bool {
        switch script {
        case HB_SCRIPT_COMMON, HB_SCRIPT_INHERITED, HB_SCRIPT_LATIN, HB_SCRIPT_GREEK, HB_SCRIPT_CYRILLIC,
             HB_SCRIPT_ARMENIAN, HB_SCRIPT_GEORGIAN, HB_SCRIPT_ETHIOPIC, HB_SCRIPT_HEBREW, HB_SCRIPT_HAN,
             HB_SCRIPT_HIRAGANA, HB_SCRIPT_KATAKANA, HB_SCRIPT_BOPOMOFO, HB_SCRIPT_HANGUL, HB_SCRIPT_THAI,
             HB_SCRIPT_LAO, HB_SCRIPT_KHMER, HB_SCRIPT_MYANMAR, HB_SCRIPT_DEVANAGARI, HB_SCRIPT_BENGALI,
             HB_SCRIPT_GURMUKHI, HB_SCRIPT_GUJARATI, HB_SCRIPT_ORIYA, HB_SCRIPT_TAMIL, HB_SCRIPT_TELUGU,
             HB_SCRIPT_KANNADA, HB_SCRIPT_MALAYALAM:
            return true
        default:
            return false
        }
    }

    /// The key (with the face's index, kept apart): script (two units), how many context units
    /// come before and after, then those before, the range's units, and those after.
    private mutating func buildKey(_ text: [UInt16], range: Range<Int>, script: hb_script_t, face: FontFace) {
        let context = Self.context(of: range, in: text, script: script, face: face)
        let before = context.lowerBound, after = context.upperBound
        scratchKey.removeAll(keepingCapacity: true)
        scratchKey.append(UInt16(truncatingIfNeeded: script.rawValue >> 16))
        scratchKey.append(UInt16(truncatingIfNeeded: script.rawValue))
        scratchKey.append(UInt16(range.lowerBound - before))
        scratchKey.append(UInt16(after - range.upperBound))
        scratchKey.append(contentsOf: text[before..<after])
    }

    /// A run meets a handful of fonts: a search by identity is cheaper than hashing.
    private mutating func faceIndex(_ face: FontFace) -> UInt16 {
        if let index = faces.firstIndex(where: { $0 === face }) { return UInt16(truncatingIfNeeded: index) }
        faces.append(face)
        return UInt16(truncatingIfNeeded: faces.count - 1)
    }
}
