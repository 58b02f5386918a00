/// How wide the two sides of a ligature are when an emergency break cuts it, e.g. "conf|licts"
/// through DejaVu's "fl": Chromium shapes each side again, so each letter takes its own advance.
struct LigatureSplit: Equatable {
    /// Added to the width of a line that ends at the cut: the left letters' own advances minus the
    /// whole ligature's advance (which the prefix widths count at the ligature's start).
    var endCorrection: Double
    /// Added to the width of a line that starts at the cut: the right letters' own advances.
    var startCorrection: Double
}

/// Decides, for each grapheme boundary inside a shaped cluster, whether a line may be cut there:
/// yes inside a ligature of letters of alphabetic scripts (below U+0590: Latin, Greek, Cyrillic,
/// Armenian), where the cut only undoes a typographic ligature; no inside clusters of other scripts
/// (an Indic conjunct, an Arabic lam-alef), which Chromium's newer grapheme rules keep whole.
/// Clears the boundaries that cannot be cut and returns the widths of those that can, one entry
/// per offset (0...count, zero corrections where there is no cut) so that the wrap loop reads
/// them without hashing; empty when the paragraph has none (the usual case).
func ligatureSplits(units: [UInt16], shaped: ShapedParagraph, fontSize: Double,
                    boundaries: inout [Bool]) -> [LigatureSplit] {
    var splits: [LigatureSplit] = []
    var clusterStart = 0
    for i in 1..<max(units.count, 1) {
        if shaped.clusterStarts[i] {
            clusterStart = i
            continue
        }
        guard boundaries[i] else { continue }
        var clusterEnd = i + 1
        while clusterEnd < units.count && !shaped.clusterStarts[clusterEnd] { clusterEnd += 1 }
        guard units[clusterStart..<clusterEnd].allSatisfy({ $0 < 0x0590 }) else {
            boundaries[i] = false
            continue
        }
        let font = shaped.fonts[Int(shaped.fontIndices[clusterStart])]
        func ownAdvances(_ range: Range<Int>) -> Double {
            range.reduce(0) { $0 + font.advance(of: UInt32(units[$1]), fontSize: fontSize) }
        }
        if splits.isEmpty {
            splits = Array(repeating: LigatureSplit(endCorrection: 0, startCorrection: 0), count: units.count + 1)
        }
        splits[i] = LigatureSplit(endCorrection: ownAdvances(clusterStart..<i) - shaped.advances[clusterStart],
                                  startCorrection: ownAdvances(i..<clusterEnd))
    }
    return splits
}
