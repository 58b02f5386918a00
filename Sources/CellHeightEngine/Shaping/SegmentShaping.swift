import CHarfBuzz

extension Shaper {
    /// Shapes `text` word by word through the segment cache, when that gives exactly what shaping
    /// it whole gives: printable ASCII and tabs only (one script run, no fallback, no ICU-dependent
    /// clusters), in a primary font that draws all of ASCII. Returns nil for any other text. The
    /// run-by-run shaping and this one are compared on the oracle cases and a real corpus in the tests.
    func shapeBySegments(_ text: [UInt16]) -> ShapedParagraph? {
        guard primaryCoversASCII else { return nil }
        var hasLetter = false
        for unit in text {
            guard (unit >= 0x20 && unit <= 0x7E) || unit == 0x09 else { return nil }
            hasLetter = hasLetter || (unit | 0x20 >= 0x61 && unit | 0x20 <= 0x7A)
        }
        var shaped = ShapedParagraph(advances: Array(repeating: 0, count: text.count),
                                     fontIndices: Array(repeating: 0, count: text.count), fonts: [chain.primary],
                                     clusterStarts: Array(repeating: false, count: text.count))
        // What `scriptRuns` gives for ASCII: Latin if a letter is present, else Common.
        let script = hasLetter ? HB_SCRIPT_LATIN : HB_SCRIPT_COMMON
        var units = text
        for i in units.indices where units[i] == 0x09 { units[i] = 0x20 }
        let scriptMarker = hasLetter ? ShapedSegmentCache.latinMarker : ShapedSegmentCache.commonMarker
        shapeWords(units, script: script, scriptMarker: scriptMarker, cache: &segmentCache, into: &shaped)
        return shaped
    }

    /// Fills `shaped` segment by segment (words and runs of spaces) from `cache`.
    private func shapeWords(_ units: [UInt16], script: hb_script_t, scriptMarker: UInt16,
                            cache: inout ShapedSegmentCache, into shaped: inout ShapedParagraph) {
        let count = units.count
        var adjustments: [Int: Double] = [:]
        units.withUnsafeBufferPointer { text in
            shaped.advances.withUnsafeMutableBufferPointer { targetAdvances in
                shaped.clusterStarts.withUnsafeMutableBufferPointer { targetStarts in
                    var start = 0
                    while start < count {
                        let isSpace = text[start] == 0x20
                        var end = start + 1
                        while end < count && (text[end] == 0x20) == isSpace { end += 1 }
                        // Behind this shaper's cache, the words every worker's shaper shares.
                        let segment = cache.segment(text, start..<end, scriptMarker: scriptMarker) {
                            let key = ShapedSegmentCache.sharedKey(text, start..<end, scriptMarker: scriptMarker)
                            return sharedStore(for: chain.primary).words.value(for: key) {
                                shapeSegment(units, start..<end, script: script)
                            }
                        }
                        cache.advances.withUnsafeBufferPointer { advances in
                            for k in 0..<segment.count { targetAdvances[start + k] = advances[segment.start + k] }
                        }
                        cache.clusterStarts.withUnsafeBufferPointer { starts in
                            for k in 0..<segment.count { targetStarts[start + k] = starts[segment.start + k] }
                        }
                        for k in segment.adjustmentStart..<(segment.adjustmentStart + segment.adjustmentCount) {
                            adjustments[start + cache.adjustmentOffsets[k], default: 0] += cache.adjustmentValues[k]
                        }
                        start = end
                    }
                }
            }
        }
        for (offset, value) in adjustments { shaped.lineEndAdjustments[offset, default: 0] += value }
    }

    /// Word `range` of a paragraph of Latin script (text the pairwise lane takes, see
    /// `PairwiseTextPreparer`) shaped as `shapeBySegments` shapes a word, for a width cache.
    func shapedLatinWord(_ units: UnsafeBufferPointer<UInt16>, _ range: Range<Int>) -> ShapedSegmentCache.Shaped {
        shapeSegment(Array(units), range, script: HB_SCRIPT_LATIN)
    }

    /// Shapes one segment with its neighbours as the buffer's edges, so kerning pairs across its
    /// edges come out as they do when the paragraph is shaped whole.
    private func shapeSegment(_ units: [UInt16], _ range: Range<Int>, script: hb_script_t) -> ShapedSegmentCache.Shaped {
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
        return ShapedSegmentCache.Shaped(advances: advances, clusterStarts: clusterStarts, lineEndAdjustments: relative)
    }
}
