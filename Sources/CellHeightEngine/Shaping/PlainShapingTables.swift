import CHarfBuzz
import Synchronization

/// What the pairwise lane knows about one font at one size, shared by every worker that measures
/// with it, so that each pair and each word is shaped once per run rather than once per worker.
///
/// The font check (`asciiShapingModel`, `BeyondASCIICharacters`) is done once, by the first
/// worker to ask. Pairs are shaped lazily by whichever worker meets them first, with its own
/// shaper, and published in atomic slots (a pair shaped by two workers at once gets the same
/// number twice); words shaped whole are kept in the words store of the font's
/// `SharedShapingStore` (with those of paragraphs shaped word by word: the same words shaped the
/// same way), shaped outside its locks.
final class PlainShapingTables: @unchecked Sendable {
    /// The words that must be shaped whole (see `ASCIISubstitutions`).
    let substitutions: ASCIISubstitutions
    /// The characters beyond ASCII the lane takes (words holding one are shaped whole).
    let beyondASCII: BeyondASCIICharacters
    /// Whether a paragraph without a letter (Common script) shapes as a Latin one in this font
    /// (see `shapesCommonTextAsLatin`): then the lane takes it too.
    let shapesCommonAsLatin: Bool
    /// Per pair (`PairwiseASCIIAdvances.pairIndex`): its step, packed (see `pack`), or `unknown`.
    let steps: UnsafeMutablePointer<Atomic<UInt64>>
    /// Per character beyond ASCII (from U+0080): the step of a space before it, packed.
    private let spaceSteps: UnsafeMutablePointer<Atomic<UInt64>>
    private static let pairCount = PairwiseASCIIAdvances.characterCount * (PairwiseASCIIAdvances.characterCount + 1)
    private static let beyondCount = Int(BeyondASCIICharacters.limit) - 0x80
    /// A slot not shaped yet: an advance and a loss of -1/65536 px each, which no pair of glyphs has.
    static let unknown = UInt64.max

    private let words: SharedShapes<ShapedSegmentCache.Shaped>
    /// Steps of pairs with a letter beyond ASCII walked pair by pair (see `BeyondASCIIPairSteps`).
    let beyondSteps = BeyondASCIIPairSteps()

    private init(substitutions: ASCIISubstitutions, beyondASCII: BeyondASCIICharacters, shapesCommonAsLatin: Bool,
                 words: SharedShapes<ShapedSegmentCache.Shaped>) {
        self.substitutions = substitutions
        self.beyondASCII = beyondASCII
        self.shapesCommonAsLatin = shapesCommonAsLatin
        self.words = words
        steps = .allocate(capacity: Self.pairCount)
        for i in 0..<Self.pairCount { (steps + i).initialize(to: Atomic(Self.unknown)) }
        spaceSteps = .allocate(capacity: Self.beyondCount)
        for i in 0..<Self.beyondCount { (spaceSteps + i).initialize(to: Atomic(Self.unknown)) }
    }

    deinit {
        steps.deinitialize(count: Self.pairCount)
        steps.deallocate()
        spaceSteps.deinitialize(count: Self.beyondCount)
        spaceSteps.deallocate()
    }

    // MARK: - One per font and size

    /// The tables of `shaper`'s primary font at its size, checking the font the first time; nil
    /// when the font does not draw all of ASCII or does not shape it pair by pair. They live in
    /// the font's `SharedShapingStore`, the one registry of what the workers share per font and size.
    static func tables(for shaper: Shaper) -> PlainShapingTables? {
        let font = shaper.chain.primary
        let store = shaper.sharedStore(for: font)
        return store.plainShapingTables {
            guard shaper.primaryCoversASCII, let model = asciiShapingModel(font, fontSize: shaper.fontSize) else {
                return nil
            }
            let commonAsLatin = hb_font_get_face(font.hbFont).map(shapesCommonTextAsLatin) ?? false
            return PlainShapingTables(substitutions: model, beyondASCII: BeyondASCIICharacters(font: font, fontSize: shaper.fontSize),
                                      shapesCommonAsLatin: commonAsLatin, words: store.words)
        }
    }

    // MARK: - Pairs

    @inline(__always)
    static func pack(_ step: PairwiseASCIIAdvances.Step) -> UInt64 {
        UInt64(UInt32(bitPattern: step.advance)) | UInt64(UInt32(bitPattern: step.loss)) << 32
    }

    @inline(__always)
    static func unpack(_ packed: UInt64) -> PairwiseASCIIAdvances.Step {
        PairwiseASCIIAdvances.Step(advance: Int32(bitPattern: UInt32(truncatingIfNeeded: packed)),
                                   loss: Int32(bitPattern: UInt32(truncatingIfNeeded: packed >> 32)))
    }

    /// Pair `index`'s step, packed, or `unknown`.
    @inline(__always)
    func step(_ index: Int) -> UInt64 { steps[index].load(ordering: .relaxed) }

    func setStep(_ index: Int, _ step: PairwiseASCIIAdvances.Step) { steps[index].store(Self.pack(step), ordering: .relaxed) }

    /// The step of a space before `unit` (from U+0080, below `BeyondASCIICharacters.limit`),
    /// packed, or `unknown`.
    @inline(__always)
    func spaceStep(before unit: UInt16) -> UInt64 { spaceSteps[Int(unit) &- 0x80].load(ordering: .relaxed) }

    func setSpaceStep(before unit: UInt16, _ step: PairwiseASCIIAdvances.Step) {
        spaceSteps[Int(unit) &- 0x80].store(Self.pack(step), ordering: .relaxed)
    }

    // MARK: - Words shaped whole

    /// Word `range` of `units` shaped (see `Shaper.shapedLatinWord`): from the shared store, or
    /// shaped with `shape` outside its locks when no worker has yet. Each worker keeps its own
    /// width cache in front of this one (see `PairwiseASCIIAdvances.addWholeWord`), so a lock is
    /// taken once per distinct word and worker, not once per word.
    func shapedWord(_ units: UnsafeBufferPointer<UInt16>, _ range: Range<Int>,
                    shape: () -> ShapedSegmentCache.Shaped) -> ShapedSegmentCache.Shaped {
        words.value(for: ShapedSegmentCache.sharedKey(units, range, scriptMarker: ShapedSegmentCache.latinMarker),
                    orMake: shape)
    }

}
