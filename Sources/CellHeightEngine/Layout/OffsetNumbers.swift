/// The numbers of each UTF-16 offset of a prepared text, which the wrap loop needs only inside a
/// word it cuts (an emergency break) and across tabs: everywhere else it reads x at break
/// opportunities (`PreparedBreak`). They are written out (`View`) for the stretch a line needs:
/// from a shaped text's small form (`ShapedOffsetNumbers`), or by the pairwise lane from the
/// words (`PairwiseTextPreparer.offsetNumbers`). All of them at once only for tests
/// (`TextLayoutEngine.offsetNumbers(of:)`).
struct OffsetNumbers {
    /// x of each offset from its paragraph's start, in 1/65536 px (tabs count 0 here: their width
    /// depends on where the line puts them).
    var prefix: [Int] = []
    /// How much wider a line gets when its content ends at each offset, in 1/65536 px: kerning
    /// a cut splits, a fullwidth closing bracket set half-width at a line end (see
    /// `ShapedParagraph.lineEndAdjustments`). Almost all 0.
    var lineEndAdjustments: [Int] = []
    /// True at each offset where a line may be cut inside a word (a grapheme boundary that is
    /// not inside a cluster Chromium keeps whole); a paragraph's end counts, its start never does.
    var cuttable: [Bool] = []
    /// Width corrections of a cut inside a ligature, per offset; empty when the text has none
    /// (usually).
    var ligatureSplits: [LigatureSplit] = []

    /// Room for the offsets 0...count of a text of `count` units, all 0.
    mutating func reserve(forUnits count: Int) {
        prefix = Array(repeating: 0, count: count + 1)
        lineEndAdjustments = Array(repeating: 0, count: count + 1)
        cuttable = Array(repeating: false, count: count + 1)
        ligatureSplits = []
    }

    /// Records a cut inside a ligature at `offset` (allocating the corrections on the first one).
    mutating func setLigatureSplit(_ split: LigatureSplit, at offset: Int) {
        if ligatureSplits.isEmpty {
            ligatureSplits = Array(repeating: LigatureSplit(endCorrection: 0, startCorrection: 0), count: prefix.count)
        }
        ligatureSplits[offset] = split
    }

    /// The numbers of the offsets `covered` of one paragraph, indexed by offset in the paragraph
    /// (the pointers are moved so that index 0 is the paragraph's start, even when it is not
    /// covered).
    struct View {
        let prefix: UnsafePointer<Int>
        let lineEndAdjustments: UnsafePointer<Int>
        let cuttable: UnsafePointer<Bool>
        /// Nil when no cut inside a ligature is covered.
        let ligatureSplits: UnsafePointer<LigatureSplit>?
        let covered: ClosedRange<Int>
    }
}

/// Room for the numbers per offset of a stretch of a paragraph, written out for the wrap loop by
/// a preparer that keeps them in another form (`ShapedOffsetNumbers.Scratch`, `WordRecords`):
/// reused from call to call, one per engine.
final class OffsetNumberBuffers {
    private(set) var prefix = UnsafeMutablePointer<Int>.allocate(capacity: 1)
    private(set) var adjustments = UnsafeMutablePointer<Int>.allocate(capacity: 1)
    private(set) var cuttable = UnsafeMutablePointer<Bool>.allocate(capacity: 1)
    private(set) var splits = UnsafeMutablePointer<LigatureSplit>.allocate(capacity: 1)
    private var capacity = 1

    deinit { deallocate() }

    private func deallocate() {
        prefix.deallocate()
        adjustments.deallocate()
        cuttable.deallocate()
        splits.deallocate()
    }

    /// Makes room for `count` offsets.
    func reserve(_ count: Int) {
        guard count > capacity else { return }
        deallocate()
        capacity = max(count, 2 * capacity, 256)
        prefix = .allocate(capacity: capacity)
        adjustments = .allocate(capacity: capacity)
        cuttable = .allocate(capacity: capacity)
        splits = .allocate(capacity: capacity)
    }

    /// Writes the line-end adjustments of `range` (offsets in paragraph `p`, the buffers holding
    /// `range.lowerBound` at index 0) from the paragraph's list, over the 0s already there.
    func writeAdjustments(of p: PreparedParagraph, _ listed: UnsafeBufferPointer<StopAdjustment>,
                          covering range: ClosedRange<Int>) {
        let first = range.lowerBound
        var low = p.stopAdjustments.lowerBound, high = p.stopAdjustments.upperBound
        while low < high {
            let middle = (low + high) / 2
            if listed[middle].offset < first { low = middle + 1 } else { high = middle }
        }
        while low < p.stopAdjustments.upperBound && listed[low].offset <= range.upperBound {
            adjustments[listed[low].offset - first] = listed[low].value
            low += 1
        }
    }

    /// The view of `range`, the buffers holding its start at index 0 (its pointers take offsets
    /// in the paragraph: moved back by the range's start).
    func view(covering range: ClosedRange<Int>, hasSplits: Bool) -> OffsetNumbers.View {
        let first = range.lowerBound
        return OffsetNumbers.View(prefix: prefix - first, lineEndAdjustments: adjustments - first,
                                  cuttable: cuttable - first, ligatureSplits: hasSplits ? splits - first : nil,
                                  covered: range)
    }
}
