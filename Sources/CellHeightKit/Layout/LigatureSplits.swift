/// How wide the two sides of a ligature are when an emergency break cuts it, e.g. "conf|licts"
/// through DejaVu's "fl": Chromium shapes each side again, so each letter takes its own advance.
/// In 1/65536 px.
struct LigatureSplit: Equatable {
    /// Added to the width of a line that ends at the cut: the left letters' own advances minus the
    /// whole ligature's advance (which the prefix widths count at the ligature's start).
    var endCorrection: Int
    /// Added to the width of a line that starts at the cut: the right letters' own advances.
    var startCorrection: Int
}

extension PreparedText {
    /// Decides, for each grapheme boundary inside a shaped cluster of paragraph `start..<start +
    /// count` (`cuttable` holds its grapheme boundaries), whether a line may be cut there: yes
    /// inside a ligature of letters of alphabetic scripts (below U+0590: Latin, Greek, Cyrillic,
    /// Armenian), where the cut only undoes a typographic ligature, with the widths of both sides
    /// (`ownAdvance(i)`: the own advance of the unit at paragraph offset i in its cluster's font);
    /// no inside clusters of other scripts (an Indic conjunct, an Arabic lam-alef), which
    /// Chromium's newer grapheme rules keep whole. `prefix` must hold the paragraph's x positions.
    mutating func markLigatureCuts(start: Int, count: Int, clusterStarts: (Int) -> Bool, ownAdvance: (Int) -> Int) {
        var clusterStart = 0
        for i in 1..<max(count, 1) {
            if clusterStarts(i) {
                clusterStart = i
                continue
            }
            guard cuttable[start + i] else { continue }
            var clusterEnd = i + 1
            while clusterEnd < count && !clusterStarts(clusterEnd) { clusterEnd += 1 }
            guard units[(start + clusterStart)..<(start + clusterEnd)].allSatisfy({ $0 < Self.cuttableLigatureBound }) else {
                cuttable[start + i] = false
                continue
            }
            let ligature = prefix[start + clusterStart + 1] - prefix[start + clusterStart]
            let left = (clusterStart..<i).reduce(0) { $0 + ownAdvance($1) }
            let right = (i..<clusterEnd).reduce(0) { $0 + ownAdvance($1) }
            setLigatureSplit(LigatureSplit(endCorrection: left - ligature, startCorrection: right), at: start + i)
        }
    }

    /// Ligatures of characters below this (the alphabetic scripts before Hebrew) may be cut.
    static let cuttableLigatureBound: UInt16 = 0x0590
}
