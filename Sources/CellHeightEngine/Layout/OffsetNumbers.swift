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
