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

    /// Marks a missing neighbour (start or end of the paragraph): a control character, never part
    /// of a segment.
    static let none: UInt8 = 0x01
    /// Entries kept at most; the cache starts over when it is full (a bound on memory).
    static let capacity = 65_536
    /// Code units kept at most over all entries (a bound on memory when words are very long).
    static let unitCapacity = 1 << 22

    /// Every stored segment's advances and cluster starts, one after the other.
    private(set) var advances: [Double] = []
    private(set) var clusterStarts: [Bool] = []
    /// Every stored segment's line-end adjustments, as offsets from its start and values in px.
    private(set) var adjustmentOffsets: [Int] = []
    private(set) var adjustmentValues: [Double] = []

    private struct Slot {
        var hash: UInt64
        /// Index in `segments`, -1 for an empty slot.
        var segment: Int32
    }
    /// Open addressing with linear probing; twice `capacity` slots, so probes stay short.
    private var slots = [Slot](repeating: Slot(hash: 0, segment: -1), count: 2 * capacity)
    private var segments: [Segment] = []
    /// Each stored key's bytes, one after the other, and where each key starts (by segment).
    private var keyBytes: [UInt8] = []
    private var keyStarts: [Int] = []

    /// Lookups answered from the cache, and lookups that had to shape, e.g. 982_113 and 17_887.
    private(set) var hits = 0
    private(set) var misses = 0

    /// The segment `range` of `units` (printable ASCII, tabs as spaces) in the script that
    /// `scriptMarker` stands for, shaping and storing it first when it is not there yet.
    mutating func segment(_ units: UnsafeBufferPointer<UInt16>, _ range: Range<Int>, scriptMarker: UInt8,
                          orShape shape: () -> Shaped) -> Segment {
        // The key: the script marker, the unit before the segment (or `none`), the segment's
        // units and the unit after it (or `none`), hashed straight from the units.
        let before = range.lowerBound > 0 ? UInt8(truncatingIfNeeded: units[range.lowerBound - 1]) : Self.none
        let after = range.upperBound < units.count ? UInt8(truncatingIfNeeded: units[range.upperBound]) : Self.none
        var hash = Self.fnv1aStep(Self.fnv1aStep(Self.fnv1aBasis, scriptMarker), before)
        for i in range { hash = Self.fnv1aStep(hash, UInt8(truncatingIfNeeded: units[i])) }
        hash = Self.fnv1aStep(hash, after)

        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot].segment >= 0 {
            let candidate = Int(slots[slot].segment)
            if slots[slot].hash == hash,
               keyMatches(candidate, units, range, scriptMarker: scriptMarker, before: before, after: after) {
                hits += 1
                return segments[candidate]
            }
            slot = (slot + 1) & mask
        }
        misses += 1
        let shaped = shape()
        if segments.count >= Self.capacity || advances.count + shaped.advances.count > Self.unitCapacity {
            removeAll()
            slot = Int(truncatingIfNeeded: hash) & mask
            while slots[slot].segment >= 0 { slot = (slot + 1) & mask }
        }
        let segment = Segment(start: advances.count, count: shaped.advances.count,
                              adjustmentStart: adjustmentOffsets.count, adjustmentCount: shaped.lineEndAdjustments.count)
        advances += shaped.advances
        clusterStarts += shaped.clusterStarts
        for (offset, value) in shaped.lineEndAdjustments.sorted(by: { $0.key < $1.key }) {
            adjustmentOffsets.append(offset)
            adjustmentValues.append(value)
        }
        keyStarts.append(keyBytes.count)
        keyBytes.append(scriptMarker)
        keyBytes.append(before)
        for i in range { keyBytes.append(UInt8(truncatingIfNeeded: units[i])) }
        keyBytes.append(after)
        slots[slot] = Slot(hash: hash, segment: Int32(segments.count))
        segments.append(segment)
        return segment
    }

    private func keyMatches(_ segment: Int, _ units: UnsafeBufferPointer<UInt16>, _ range: Range<Int>,
                            scriptMarker: UInt8, before: UInt8, after: UInt8) -> Bool {
        let start = keyStarts[segment]
        let end = segment + 1 < keyStarts.count ? keyStarts[segment + 1] : keyBytes.count
        guard end - start == range.count + 3 else { return false }
        return keyBytes.withUnsafeBufferPointer { stored in
            guard stored[start] == scriptMarker, stored[start + 1] == before, stored[end - 1] == after else { return false }
            var k = start + 2
            for i in range {
                if stored[k] != UInt8(truncatingIfNeeded: units[i]) { return false }
                k += 1
            }
            return true
        }
    }

    private mutating func removeAll() {
        for i in slots.indices { slots[i].segment = -1 }
        segments.removeAll(keepingCapacity: true)
        keyBytes.removeAll(keepingCapacity: true)
        keyStarts.removeAll(keepingCapacity: true)
        advances.removeAll(keepingCapacity: true)
        clusterStarts.removeAll(keepingCapacity: true)
        adjustmentOffsets.removeAll(keepingCapacity: true)
        adjustmentValues.removeAll(keepingCapacity: true)
    }

    /// 64-bit FNV-1a, a byte at a time: a few instructions per byte, good enough spread for words.
    private static let fnv1aBasis: UInt64 = 0xcbf2_9ce4_8422_2325

    @inline(__always)
    private static func fnv1aStep(_ hash: UInt64, _ byte: UInt8) -> UInt64 {
        (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
    }
}
