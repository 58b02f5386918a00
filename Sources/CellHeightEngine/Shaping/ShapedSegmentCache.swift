/// Words shaped once and reused by every row an engine measures: the "width cache".
///
/// A key is a segment (a word, or a run of spaces) together with the code unit before and after
/// it, because a kerning pair across the segment's edge changes the advance of its last glyph
/// (or of the next segment's first). Cached results are relative to the segment's start.
///
/// Built for the hot loop: keys are hashed with FNV-1a straight from the text into an
/// open-addressing table, and every segment's numbers live in a few shared arrays, so a lookup
/// allocates nothing, hashes no `String` and touches no reference counts. A struct, so that the
/// shaper's loop holds it `inout` once instead of paying an exclusivity check per array access.
///
/// Bounded without flushing the words in use: segments live in a current and a previous
/// generation (as `GenerationalCache`); when the current one is full it becomes the previous one,
/// and a segment found there is copied back into the current one. Words used at least once a
/// generation stay (a 100k-row corpus has some 83k distinct words, more than a generation holds).
struct ShapedSegmentCache {
    /// Where one shaped segment's numbers are in the cache's arrays.
    struct Segment {
        /// First index in `advances` and `clusterStarts`; the segment has `count` entries there.
        var start: Int
        var count: Int
        /// First index in `adjustmentOffsets` and `adjustmentValues`, and how many there are.
        var adjustmentStart: Int
        var adjustmentCount: Int
    }

    /// What shaping one segment gives, before it is stored.
    struct Shaped {
        /// Advance in px of the cluster starting at each unit of the segment, 0 inside a cluster.
        var advances: [Double]
        var clusterStarts: [Bool]
        /// Width changes when a line ends inside or right after the segment, at offsets relative to
        /// its start (1...count), e.g. [3: 0.41]: see `ShapedParagraph.lineEndAdjustments`.
        var lineEndAdjustments: [Int: Double]
    }

    /// A key's script marker for a segment of Latin script (of a paragraph with a letter) and of
    /// Common script (a paragraph of digits, spaces and punctuation): what shaping it depends on.
    static let latinMarker: UInt16 = 0x02
    static let commonMarker: UInt16 = 0x03
    /// Marks a missing neighbour (start or end of the paragraph): a control character, never part
    /// of a segment.
    static let none: UInt16 = 0x01
    /// Entries a generation holds at most (a bound on memory).
    static let capacity = 65_536
    /// Code units a generation holds at most over all entries (a bound on memory when words are
    /// very long).
    static let unitCapacity = 1 << 22

    private var current = Generation(), previous = Generation()

    /// Every stored segment's advances and cluster starts, one after the other (the current
    /// generation's, which every returned `Segment` points into).
    var advances: [Double] { current.advances }
    var clusterStarts: [Bool] { current.clusterStarts }
    /// Every stored segment's line-end adjustments, as offsets from its start and values in px.
    var adjustmentOffsets: [Int] { current.adjustmentOffsets }
    var adjustmentValues: [Double] { current.adjustmentValues }

    /// Lookups answered from the cache, and lookups that had to shape, e.g. 982_113 and 17_887.
    private(set) var hits = 0
    private(set) var misses = 0

    /// The segment `range` of `units` (tabs as spaces) in the script that `scriptMarker` stands
    /// for, shaping and storing it first when it is not there yet.
    mutating func segment(_ units: UnsafeBufferPointer<UInt16>, _ range: Range<Int>, scriptMarker: UInt16,
                          orShape shape: () -> Shaped) -> Segment {
        let hash = Self.hash(units, range, scriptMarker: scriptMarker)
        if let found = current.find(units, range, scriptMarker: scriptMarker, hash: hash) {
            hits += 1
            return found
        }
        let shaped: Shaped
        if let old = previous.find(units, range, scriptMarker: scriptMarker, hash: hash) {
            hits += 1
            shaped = previous.shaped(old)
        } else {
            misses += 1
            shaped = shape()
        }
        if current.isFull(adding: shaped.advances.count) {
            swap(&current, &previous)
            current.removeAll()
        }
        return current.insert(shaped, units, range, scriptMarker: scriptMarker, hash: hash)
    }

    /// The key of segment `range` of `units` in a store shared by workers (`SharedShapingStore.words`):
    /// what this cache's keys hold, the script marker, the unit before the segment (or `none`),
    /// the segment's units and the unit after it (or `none`).
    static func sharedKey(_ units: UnsafeBufferPointer<UInt16>, _ range: Range<Int>, scriptMarker: UInt16) -> ShapingKey {
        var key: [UInt16] = []
        key.reserveCapacity(range.count + 3)
        key.append(scriptMarker)
        key.append(range.lowerBound > 0 ? units[range.lowerBound - 1] : none)
        key += units[range]
        key.append(range.upperBound < units.count ? units[range.upperBound] : none)
        return ShapingKey(key)
    }

    /// The key's hash: the script marker, the unit before the segment (or `none`), the segment's
    /// units and the unit after it (or `none`), hashed straight from the units.
    private static func hash(_ units: UnsafeBufferPointer<UInt16>, _ range: Range<Int>, scriptMarker: UInt16) -> UInt64 {
        let before = range.lowerBound > 0 ? units[range.lowerBound - 1] : none
        let after = range.upperBound < units.count ? units[range.upperBound] : none
        var hash = FNV1a.step(FNV1a.step(FNV1a.basis, scriptMarker), before)
        for i in range { hash = FNV1a.step(hash, units[i]) }
        return FNV1a.step(hash, after)
    }

    /// One generation: its table and the arrays its segments' numbers and keys live in.
    private struct Generation {
        private(set) var advances: [Double] = []
        private(set) var clusterStarts: [Bool] = []
        private(set) var adjustmentOffsets: [Int] = []
        private(set) var adjustmentValues: [Double] = []

        /// One entry of the table: everything a lookup needs sits in the slot itself, so a hit
        /// touches the slot, the key's bytes and the numbers, and nothing else.
        private struct Slot {
            var hash: UInt64 = 0
            /// Where the segment's numbers start in `advances`, and how many units it has (-1: empty slot).
            var start: Int32 = 0
            var count: Int32 = -1
            /// Where its key starts in `keyUnits` (its length is `count + 3`).
            var keyStart: Int32 = 0
            var adjustmentStart: Int32 = 0
            var adjustmentCount: Int32 = 0

            var segment: Segment {
                Segment(start: Int(start), count: Int(count), adjustmentStart: Int(adjustmentStart),
                        adjustmentCount: Int(adjustmentCount))
            }
        }
        /// Open addressing with linear probing, at most half full so probes stay short; it starts
        /// small (a 10-row run should not clear megabytes) and doubles up to twice `capacity` slots.
        private var slots = [Slot](repeating: Slot(), count: 1024)
        private var entryCount = 0
        /// Each stored key's units, one after the other.
        private var keyUnits: [UInt16] = []

        /// Whether storing a segment of `units` units would go over a generation's bounds.
        func isFull(adding units: Int) -> Bool {
            entryCount >= ShapedSegmentCache.capacity || advances.count + units > ShapedSegmentCache.unitCapacity
        }

        /// Stores `shaped` as the segment `range` of `units` (not stored yet; room checked).
        mutating func insert(_ shaped: Shaped, _ units: UnsafeBufferPointer<UInt16>, _ range: Range<Int>,
                             scriptMarker: UInt16, hash: UInt64) -> Segment {
            let before = range.lowerBound > 0 ? units[range.lowerBound - 1] : ShapedSegmentCache.none
            let after = range.upperBound < units.count ? units[range.upperBound] : ShapedSegmentCache.none
            if 2 * (entryCount + 1) > slots.count { growSlots() }
            let entry = Slot(hash: hash, start: Int32(advances.count), count: Int32(shaped.advances.count),
                             keyStart: Int32(keyUnits.count), adjustmentStart: Int32(adjustmentOffsets.count),
                             adjustmentCount: Int32(shaped.lineEndAdjustments.count))
            advances += shaped.advances
            clusterStarts += shaped.clusterStarts
            for (offset, value) in shaped.lineEndAdjustments.sorted(by: { $0.key < $1.key }) {
                adjustmentOffsets.append(offset)
                adjustmentValues.append(value)
            }
            keyUnits.append(scriptMarker)
            keyUnits.append(before)
            keyUnits.append(contentsOf: units[range])
            keyUnits.append(after)
            let mask = slots.count - 1
            var slot = Int(truncatingIfNeeded: hash) & mask
            while slots[slot].count >= 0 { slot = (slot + 1) & mask }
            slots[slot] = entry
            entryCount += 1
            return entry.segment
        }

        /// A stored segment's numbers as shaping gave them (to store them in another generation).
        func shaped(_ segment: Segment) -> Shaped {
            let range = segment.start..<(segment.start + segment.count)
            var adjustments: [Int: Double] = [:]
            for k in segment.adjustmentStart..<(segment.adjustmentStart + segment.adjustmentCount) {
                adjustments[adjustmentOffsets[k]] = adjustmentValues[k]
            }
            return Shaped(advances: Array(advances[range]), clusterStarts: Array(clusterStarts[range]),
                          lineEndAdjustments: adjustments)
        }

        func find(_ units: UnsafeBufferPointer<UInt16>, _ range: Range<Int>, scriptMarker: UInt16,
                  hash: UInt64) -> Segment? {
            let before = range.lowerBound > 0 ? units[range.lowerBound - 1] : ShapedSegmentCache.none
            let after = range.upperBound < units.count ? units[range.upperBound] : ShapedSegmentCache.none
            return slots.withUnsafeBufferPointer { slots in
                keyUnits.withUnsafeBufferPointer { keys in
                    let mask = slots.count - 1
                    var slot = Int(truncatingIfNeeded: hash) & mask
                    while slots[slot].count >= 0 {
                        let entry = slots[slot]
                        if entry.hash == hash, Int(entry.count) == range.count {
                            let key = Int(entry.keyStart)
                            var same = keys[key] == scriptMarker && keys[key + 1] == before && keys[key + 2 + range.count] == after
                            var k = key + 2
                            for i in range where same {
                                same = keys[k] == units[i]
                                k += 1
                            }
                            if same { return entry.segment }
                        }
                        slot = (slot + 1) & mask
                    }
                    return nil
                }
            }
        }

        /// Doubles the table and puts every entry back.
        private mutating func growSlots() {
            let old = slots
            slots = [Slot](repeating: Slot(), count: 2 * old.count)
            let mask = slots.count - 1
            for entry in old where entry.count >= 0 {
                var slot = Int(truncatingIfNeeded: entry.hash) & mask
                while slots[slot].count >= 0 { slot = (slot + 1) & mask }
                slots[slot] = entry
            }
        }

        mutating func removeAll() {
            for i in slots.indices { slots[i].count = -1 }
            entryCount = 0
            keyUnits.removeAll(keepingCapacity: true)
            advances.removeAll(keepingCapacity: true)
            clusterStarts.removeAll(keepingCapacity: true)
            adjustmentOffsets.removeAll(keepingCapacity: true)
            adjustmentValues.removeAll(keepingCapacity: true)
        }
    }

    /// Writes `segment`'s numbers for a word starting at `offset` of a paragraph, in HarfBuzz units
    /// (1/65536 px): running x positions from `x` into `prefix` (then `x` is the word's end),
    /// how much wider a line gets when it ends inside or right after the word into `losses`, and
    /// where its glyph clusters start into `clusterStarts` (see `PairwiseTextPreparer`).
    func write(_ segment: Segment, at offset: Int, x: inout Int, prefix: UnsafeMutablePointer<Int>,
               losses: UnsafeMutablePointer<Int>, clusterStarts starts: UnsafeMutablePointer<Bool>) {
        advances.withUnsafeBufferPointer { advances in
            clusterStarts.withUnsafeBufferPointer { clusterStarts in
                for k in 0..<segment.count {
                    x += Int(advances[segment.start + k] * FontFace.harfBuzzUnitsPerPixel)
                    prefix[offset + k + 1] = x
                    losses[offset + k + 1] = 0
                    starts[offset + k] = clusterStarts[segment.start + k]
                }
            }
        }
        for k in segment.adjustmentStart..<(segment.adjustmentStart + segment.adjustmentCount) {
            losses[offset + adjustmentOffsets[k]] += Int(adjustmentValues[k] * FontFace.harfBuzzUnitsPerPixel)
        }
    }
}
