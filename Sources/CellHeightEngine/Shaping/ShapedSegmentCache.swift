/// Words shaped once and reused by every row an engine measures: the "width cache".
///
/// A key is a segment (a word, or a run of spaces) together with the code unit before and after
/// it, because a kerning pair across the segment's edge changes the advance of its last glyph
/// (or of the next segment's first). Cached results are relative to the segment's start.
///
/// A `BoundedCache` whose values are kept in flat arrays (`Numbers`): a hit hands out where a
/// segment's numbers are, so it allocates nothing, hashes no `String` and touches no reference
/// counts. Words used at least once a generation stay (a 100k-row
/// corpus has some 83k distinct words, more than a generation holds).
struct ShapedSegmentCache {
    /// Where one shaped segment's numbers are in the cache's arrays (a slot of the table holds it).
    struct Segment {
        private var starts: (numbers: Int32, adjustments: Int32)
        private var counts: (numbers: Int32, adjustments: Int32)

        init(start: Int, count: Int, adjustmentStart: Int, adjustmentCount: Int) {
            starts = (Int32(truncatingIfNeeded: start), Int32(truncatingIfNeeded: adjustmentStart))
            counts = (Int32(truncatingIfNeeded: count), Int32(truncatingIfNeeded: adjustmentCount))
        }

        /// First index in `advances` and `clusterStarts`; the segment has `count` entries there.
        var start: Int { Int(starts.numbers) }
        var count: Int { Int(counts.numbers) }
        /// First index in `adjustmentOffsets` and `adjustmentValues`, and how many there are.
        var adjustmentStart: Int { Int(starts.adjustments) }
        var adjustmentCount: Int { Int(counts.adjustments) }
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
    /// Code units of segments a generation holds at most over all entries (a bound on memory when
    /// words are very long); as many again for their keys.
    static let unitCapacity = 1 << 22

    private var table = BoundedCache<Numbers>(.init(entries: capacity, cost: 2 * unitCapacity))

    /// Every stored segment's advances and cluster starts, one after the other (the current
    /// generation's, which every returned `Segment` points into).
    var advances: [Double] { table.storage.advances }
    var clusterStarts: [Bool] { table.storage.clusterStarts }
    /// Every stored segment's line-end adjustments, as offsets from its start and values in px.
    var adjustmentOffsets: [Int] { table.storage.adjustmentOffsets }
    var adjustmentValues: [Double] { table.storage.adjustmentValues }

    /// Lookups answered from the cache, and lookups that had to shape, e.g. 982_113 and 17_887.
    private(set) var hits = 0
    private(set) var misses = 0

    /// The segment `range` of `units` (tabs as spaces) in the script that `scriptMarker` stands
    /// for, shaping and storing it first when it is not there yet.
    mutating func segment(_ units: UnsafeBufferPointer<UInt16>, _ range: Range<Int>, scriptMarker: UInt16,
                          orShape shape: () -> Shaped) -> Segment {
        var shaped = false
        let segment = table.find(Key(units: units, range: range, scriptMarker: scriptMarker)) {
            shaped = true
            return shape()
        }
        if shaped { misses += 1 } else { hits += 1 }
        return segment
    }

    /// The key of segment `range` of `units` in a store shared by workers (`SharedShapingStore.words`):
    /// the same units as this cache's keys (see `Key`).
    static func sharedKey(_ units: UnsafeBufferPointer<UInt16>, _ range: Range<Int>, scriptMarker: UInt16) -> ShapingKey {
        let key = Key(units: units, range: range, scriptMarker: scriptMarker)
        var stored: [UInt16] = []
        stored.reserveCapacity(key.unitCount)
        key.append(to: &stored)
        return ShapingKey(stored, hash: key.hash)
    }

    /// A segment's key, read from the paragraph in place: the script marker, the unit before the
    /// segment (or `none`), the segment's units and the unit after it (or `none`).
    struct Key: BoundedCacheKey {
        let units: UnsafeBufferPointer<UInt16>
        let range: Range<Int>
        let scriptMarker: UInt16
        let before: UInt16
        let after: UInt16
        let hash: UInt64

        init(units: UnsafeBufferPointer<UInt16>, range: Range<Int>, scriptMarker: UInt16) {
            self.units = units
            self.range = range
            self.scriptMarker = scriptMarker
            before = range.lowerBound > 0 ? units[range.lowerBound - 1] : ShapedSegmentCache.none
            after = range.upperBound < units.count ? units[range.upperBound] : ShapedSegmentCache.none
            var hash = FNV1a.step(FNV1a.step(FNV1a.basis, scriptMarker), before)
            for i in range { hash = FNV1a.step(hash, units[i]) }
            self.hash = FNV1a.step(hash, after)
        }

        var unitCount: Int { range.count + 3 }

        func matches(_ stored: UnsafeBufferPointer<UInt16>) -> Bool {
            guard stored[0] == scriptMarker, stored[1] == before, stored[range.count + 2] == after else { return false }
            var k = 2
            for i in range {
                guard stored[k] == units[i] else { return false }
                k += 1
            }
            return true
        }

        func append(to stored: inout [UInt16]) {
            stored.append(scriptMarker)
            stored.append(before)
            stored.append(contentsOf: units[range])
            stored.append(after)
        }
    }

    /// A generation's segments' numbers, one after the other, costing a unit each.
    struct Numbers: BoundedCacheStorage {
        private(set) var advances: [Double] = []
        private(set) var clusterStarts: [Bool] = []
        private(set) var adjustmentOffsets: [Int] = []
        private(set) var adjustmentValues: [Double] = []

        static var vacant: Segment { Segment(start: 0, count: 0, adjustmentStart: 0, adjustmentCount: 0) }

        static func cost(of shaped: Shaped) -> Int { shaped.advances.count }

        var cost: Int { advances.count }

        mutating func store(_ shaped: Shaped) -> Segment {
            let segment = Segment(start: advances.count, count: shaped.advances.count,
                                  adjustmentStart: adjustmentOffsets.count,
                                  adjustmentCount: shaped.lineEndAdjustments.count)
            advances += shaped.advances
            clusterStarts += shaped.clusterStarts
            for (offset, value) in shaped.lineEndAdjustments.sorted(by: { $0.key < $1.key }) {
                adjustmentOffsets.append(offset)
                adjustmentValues.append(value)
            }
            return segment
        }

        /// A stored segment's numbers as shaping gave them (to store them in another generation).
        func value(of segment: Segment) -> Shaped {
            let range = segment.start..<(segment.start + segment.count)
            var adjustments: [Int: Double] = [:]
            for k in segment.adjustmentStart..<(segment.adjustmentStart + segment.adjustmentCount) {
                adjustments[adjustmentOffsets[k]] = adjustmentValues[k]
            }
            return Shaped(advances: Array(advances[range]), clusterStarts: Array(clusterStarts[range]),
                          lineEndAdjustments: adjustments)
        }

        mutating func removeAll() {
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
