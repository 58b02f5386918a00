/// How wide the two sides of a ligature are when an emergency break cuts it, e.g. "conf|licts"
/// through DejaVu's "fl": Chromium shapes each side again, so each letter takes its own advance.
/// In 1/65536 px.
struct LigatureSplit: Equatable {
    /// Added to the width of a line that ends at the cut: the left letters' own advances minus the
    /// whole ligature's advance (which the prefix widths count at the ligature's start).
    var endCorrection: Int
    /// Added to the width of a line that starts at the cut: the right letters' own advances.
    var startCorrection: Int
    /// Whether this is a cut inside a cluster of a script whose pieces are shaped again (see
    /// `LinePieceShaper`; the corrections are then 0): an Arabic lam-alef, a Kannada conjunct.
    var reshapes = false
}

/// Decides, for each grapheme boundary inside a shaped cluster of `range` of a paragraph (a
/// word or the whole paragraph, starting with a cluster; `cuttable` holds its grapheme
/// boundaries), whether a line may be cut there: yes inside a ligature of letters of alphabetic
/// scripts (below U+0590: Latin, Greek, Cyrillic, Armenian), where the cut only undoes a
/// typographic ligature, with the widths of both sides given to `split` (`ownAdvance(i)`: the own
/// advance of the unit at offset i in its cluster's font); yes inside clusters of the scripts
/// whose cut pieces are shaped again (`LinePieceShaper`: a Kannada conjunct, an Arabic lam-alef,
/// a Myanmar vowel sign), marked as such, as Blink's break-anywhere retry cuts at any grapheme
/// boundary (Unicode 15.1's, which keep the conjuncts of GB9c whole: see `ICUBreakIterator`)
/// and reshapes the pieces; no inside clusters of other scripts.
/// Pointers and closures take offsets in the paragraph; `prefix` holds the range's x positions.
func markLigatureCuts(_ range: Range<Int>, units: UnsafePointer<UInt16>, prefix: UnsafePointer<Int>,
                      cuttable: UnsafeMutablePointer<Bool>, clusterStarts: (Int) -> Bool, ownAdvance: (Int) -> Int,
                      split: (LigatureSplit, Int) -> Void) {
    var clusterStart = range.lowerBound
    for i in (range.lowerBound + 1)..<max(range.upperBound, range.lowerBound + 1) {
        if clusterStarts(i) {
            clusterStart = i
            continue
        }
        guard cuttable[i] else { continue }
        var clusterEnd = i + 1
        while clusterEnd < range.upperBound && !clusterStarts(clusterEnd) { clusterEnd += 1 }
        guard (clusterStart..<clusterEnd).allSatisfy({ units[$0] < LigatureSplit.cuttableLigatureBound }) else {
            if (clusterStart..<clusterEnd).contains(where: { LinePieceShaper.reshapesPieces(units[$0]) }) {
                split(LigatureSplit(endCorrection: 0, startCorrection: 0, reshapes: true), i)
            } else {
                cuttable[i] = false
            }
            continue
        }
        let ligature = prefix[clusterStart + 1] - prefix[clusterStart]
        let left = (clusterStart..<i).reduce(0) { $0 + ownAdvance($1) }
        let right = (i..<clusterEnd).reduce(0) { $0 + ownAdvance($1) }
        split(LigatureSplit(endCorrection: left - ligature, startCorrection: right), i)
    }
}

extension LigatureSplit {
    /// Whether this records a cut inside a ligature (the right letters always have a width).
    var isCut: Bool { startCorrection != 0 || endCorrection != 0 }

    /// Whether this records a cut inside a cluster, of either kind.
    var isInsideCluster: Bool { isCut || reshapes }

    /// Ligatures of characters below this (the alphabetic scripts before Hebrew) may be cut.
    static let cuttableLigatureBound: UInt16 = 0x0590
}
