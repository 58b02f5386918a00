import CHarfBuzz

/// Words shaped once and reused by every row an engine measures: the "width cache".
///
/// A key is a segment (a word, or a run of spaces) together with the code unit before and after
/// it, because a kerning pair across the segment's edge changes the advance of its last glyph
/// (or of the next segment's first). Cached results are relative to the segment's start.
final class ShapedSegmentCache {
    /// The script (as one marker byte), the unit before the segment (or `none`), the segment's
    /// units (tabs as spaces) and the unit after it (or `none`), as an ASCII string: short words
    /// fit Swift's inline small strings, so a lookup allocates nothing.
    typealias Key = String

    /// One shaped segment (a class, so that a cache hit costs one reference count).
    final class Segment {
        /// Advance in px of the cluster starting at each unit of the segment, 0 inside a cluster.
        let advances: [Double]
        let clusterStarts: [Bool]
        /// Width changes when a line ends inside or right after the segment, at offsets relative to
        /// its start (1...count), e.g. [3: 0.41]: see `ShapedParagraph.lineEndAdjustments`.
        let lineEndAdjustments: [Int: Double]

        init(advances: [Double], clusterStarts: [Bool], lineEndAdjustments: [Int: Double]) {
            self.advances = advances
            self.clusterStarts = clusterStarts
            self.lineEndAdjustments = lineEndAdjustments
        }
    }

    /// Marks a missing neighbour (start or end of the paragraph): a control character, never part
    /// of a segment.
    static let none: UInt8 = 0x01
    /// Entries kept at most; the cache starts over when it is full (a bound on memory).
    static let capacity = 32_768

    private var entries: [Key: Segment] = [:]
    /// Lookups answered from the cache, and lookups that had to shape, e.g. 982_113 and 17_887.
    private(set) var hits = 0
    private(set) var misses = 0

    func segment(for key: Key, orShape shape: () -> Segment) -> Segment {
        if let cached = entries[key] {
            hits += 1
            return cached
        }
        misses += 1
        let segment = shape()
        if entries.count >= Self.capacity { entries.removeAll(keepingCapacity: true) }
        entries[key] = segment
        return segment
    }
}

extension Shaper {
    /// Shapes `text` word by word through the segment cache, when that gives exactly what shaping
    /// it whole gives: printable ASCII and tabs only (one script run, no fallback, no ICU-dependent
    /// clusters), in a primary font that draws all of ASCII. Returns false, having written
    /// nothing, for any other text. The general path and this one are compared on the oracle
    /// cases and a real corpus in the tests.
    func shapeBySegments(_ text: [UInt16], into shaped: inout ShapedParagraph) -> Bool {
        guard primaryCoversASCII else { return false }
        var hasLetter = false
        for unit in text {
            guard (unit >= 0x20 && unit <= 0x7E) || unit == 0x09 else { return false }
            hasLetter = hasLetter || (unit | 0x20 >= 0x61 && unit | 0x20 <= 0x7A)
        }
        // What `scriptRuns` gives for ASCII: Latin if a letter is present, else Common.
        let script = hasLetter ? HB_SCRIPT_LATIN : HB_SCRIPT_COMMON
        var units = text
        for i in units.indices where units[i] == 0x09 { units[i] = 0x20 }
        let count = units.count
        var start = 0
        while start < count {
            let isSpace = units[start] == 0x20
            var end = start + 1
            while end < count && (units[end] == 0x20) == isSpace { end += 1 }
            let key = segmentKey(units, start..<end, scriptMarker: hasLetter ? 0x02 : 0x03)
            let segment = segmentCache.segment(for: key) {
                shapeSegment(units, start..<end, script: script)
            }
            segment.advances.withUnsafeBufferPointer { advances in
                for k in advances.indices { shaped.advances[start + k] = advances[k] }
            }
            segment.clusterStarts.withUnsafeBufferPointer { starts in
                for k in starts.indices { shaped.clusterStarts[start + k] = starts[k] }
            }
            for (offset, value) in segment.lineEndAdjustments {
                shaped.lineEndAdjustments[start + offset, default: 0] += value
            }
            start = end
        }
        return true
    }

    private func segmentKey(_ units: [UInt16], _ range: Range<Int>, scriptMarker: UInt8) -> ShapedSegmentCache.Key {
        let length = range.count + 3
        return String(unsafeUninitializedCapacity: length) { bytes in
            bytes[0] = scriptMarker
            bytes[1] = range.lowerBound > 0 ? UInt8(units[range.lowerBound - 1]) : ShapedSegmentCache.none
            var n = 2
            for i in range {
                bytes[n] = UInt8(units[i])
                n += 1
            }
            bytes[n] = range.upperBound < units.count ? UInt8(units[range.upperBound]) : ShapedSegmentCache.none
            return length
        }
    }

    /// Shapes one segment with its neighbours as the buffer's edges, so kerning pairs across its
    /// edges come out as they do when the paragraph is shaped whole.
    private func shapeSegment(_ units: [UInt16], _ range: Range<Int>, script: hb_script_t) -> ShapedSegmentCache.Segment {
        let context = max(range.lowerBound - 1, 0)..<min(range.upperBound + 1, units.count)
        let clusters = shapeClusters(units, range: context, script: script, face: chain.primary)
        var advances = [Double](repeating: 0, count: range.count)
        var clusterStarts = [Bool](repeating: false, count: range.count)
        for cluster in clusters where range.contains(cluster.range.lowerBound) {
            advances[cluster.range.lowerBound - range.lowerBound] = cluster.advance
            clusterStarts[cluster.range.lowerBound - range.lowerBound] = true
        }
        // Kerning lost at a cut: the pairs that end inside the segment or right after it (the
        // pair at its start belongs to the segment before).
        var relative: [Int: Double] = [:]
        for (offset, value) in kerningLostAtBreaks(clusters, only: (range.lowerBound + 1)...range.upperBound) {
            relative[offset - range.lowerBound] = value
        }
        return ShapedSegmentCache.Segment(advances: advances, clusterStarts: clusterStarts, lineEndAdjustments: relative)
    }
}
