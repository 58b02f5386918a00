/// The numbers of each UTF-16 offset of a prepared text, which the wrap loop needs only inside a
/// word it cuts (an emergency break) and across tabs: everywhere else it reads x at break
/// opportunities (`PreparedBreak`). Shaped texts keep them for every offset, indexed by offset in
/// the text; the pairwise lane works them out again for the words a line cuts
/// (`PairwiseTextPreparer.offsetNumbers`).
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

    var isEmpty: Bool { prefix.isEmpty }

    mutating func removeAll() {
        prefix.removeAll(keepingCapacity: true)
        lineEndAdjustments.removeAll(keepingCapacity: true)
        cuttable.removeAll(keepingCapacity: true)
        ligatureSplits.removeAll(keepingCapacity: true)
    }

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

    /// The arrays' storage (empty when the text keeps no numbers per offset).
    struct Buffers {
        let prefix: UnsafeBufferPointer<Int>
        let lineEndAdjustments: UnsafeBufferPointer<Int>
        let cuttable: UnsafeBufferPointer<Bool>
        let ligatureSplits: UnsafeBufferPointer<LigatureSplit>

        /// Paragraph `p`'s numbers, indexed by offset in the paragraph; nil when there are none.
        func view(of p: PreparedParagraph) -> View? {
            // (An empty array may have storage: the count says whether there are numbers.)
            guard !prefix.isEmpty, let prefix = prefix.baseAddress, let adjustments = lineEndAdjustments.baseAddress,
                  let cuttable = cuttable.baseAddress else { return nil }
            return View(prefix: prefix + p.start, lineEndAdjustments: adjustments + p.start, cuttable: cuttable + p.start,
                        ligatureSplits: ligatureSplits.isEmpty ? nil : ligatureSplits.baseAddress.map { $0 + p.start }, covered: 0...p.count)
        }
    }

    func withBuffers<R>(_ body: (Buffers) -> R) -> R {
        prefix.withUnsafeBufferPointer { prefix in
            lineEndAdjustments.withUnsafeBufferPointer { adjustments in
                cuttable.withUnsafeBufferPointer { cuttable in
                    ligatureSplits.withUnsafeBufferPointer { splits in
                        body(Buffers(prefix: prefix, lineEndAdjustments: adjustments, cuttable: cuttable, ligatureSplits: splits))
                    }
                }
            }
        }
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
