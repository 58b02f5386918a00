/// A row's text with all width-independent work done: shaped advances, break opportunities,
/// grapheme boundaries. Wrapping it at a width is integer arithmetic over these arrays
/// (`LineWrapper`); lay it out with `TextLayoutEngine.layout(_:width:)`.
///
/// One representation for every text, whichever way it was prepared (the pairwise lane of
/// `PairwiseTextPreparer` or shaping with fallback in `TextLayoutEngine.prepare`). Lengths are in
/// HarfBuzz's units of 1/65536 px, so sums are exact. Per-offset arrays are indexed by the
/// offset in the whole text: a paragraph of `count` units at `start` uses offsets
/// `start...start + count`, values relative to the paragraph's start; the "\n" after it takes
/// the last of those slots, so paragraphs never share one. The arrays are buffers the engine
/// reuses from row to row.
public struct PreparedText {
    /// The arrays, in one object: a copy of a prepared text costs one reference count, and the
    /// engine reuses the arrays of the last text once nobody else holds it.
    /// Its arrays are reached only through the `PreparedText` that holds it, whose own accesses
    /// are checked statically: dynamic exclusivity checks would cost the hot loops for nothing.
    final class Storage {
        /// The text as laid out (after white-space processing), as UTF-16, "\n" included.
        @exclusivity(unchecked) var units: [UInt16] = []
        /// One entry per line-opening paragraph, in order; empty for the empty text.
        @exclusivity(unchecked) var paragraphs: [PreparedParagraph] = []
        /// x of each offset from its paragraph's start, in 1/65536 px (tabs count 0 here: their
        /// width depends on where the line puts them); offsets beyond `units.count` are spare room.
        @exclusivity(unchecked) var prefix: [Int] = []
        /// How much wider a line gets when its content ends at each offset, in 1/65536 px: kerning
        /// a cut splits, a fullwidth closing bracket set half-width at a line end (see
        /// `ShapedParagraph.lineEndAdjustments`). Almost all 0.
        @exclusivity(unchecked) var lineEndAdjustments: [Int] = []
        /// True at each offset where a line may be cut inside a word (a grapheme boundary that is
        /// not inside a cluster Chromium keeps whole); a paragraph's end counts, its start never does.
        @exclusivity(unchecked) var cuttable: [Bool] = []
        /// Width corrections of a cut inside a ligature, per offset; empty when the text has none
        /// (usually).
        @exclusivity(unchecked) var ligatureSplits: [LigatureSplit] = []
        /// Break opportunities of every paragraph, ascending within each, offsets relative to the
        /// paragraph's start (see `PreparedParagraph.breaks`); entries from `breakCount` on are spare.
        @exclusivity(unchecked) var breaks: [BreakOpportunity] = []
        /// For each break opportunity, where the content before it ends: before the spaces that
        /// hang there.
        @exclusivity(unchecked) var breakContentEnds: [Int] = []
        /// Index into `fonts` of the font of each code unit; empty when the primary font drew all.
        @exclusivity(unchecked) var fontIndices: [UInt8] = []
        /// The fonts used, primary first.
        @exclusivity(unchecked) var fonts: [FontFace] = []
    }

    var storage = Storage()

    /// Makes this text's arrays its own before it is prepared again: a new set when another
    /// holder (a caller, the engine's cache) still has the current one.
    mutating func reuse() {
        if !isKnownUniquelyReferenced(&storage) { storage = Storage() }
        removeAll()
    }

    var units: [UInt16] {
        _read { yield storage.units }
        _modify { yield &storage.units }
    }
    var paragraphs: [PreparedParagraph] {
        _read { yield storage.paragraphs }
        _modify { yield &storage.paragraphs }
    }
    var prefix: [Int] {
        _read { yield storage.prefix }
        _modify { yield &storage.prefix }
    }
    var lineEndAdjustments: [Int] {
        _read { yield storage.lineEndAdjustments }
        _modify { yield &storage.lineEndAdjustments }
    }
    var cuttable: [Bool] {
        _read { yield storage.cuttable }
        _modify { yield &storage.cuttable }
    }
    var ligatureSplits: [LigatureSplit] {
        _read { yield storage.ligatureSplits }
        _modify { yield &storage.ligatureSplits }
    }
    var breaks: [BreakOpportunity] {
        _read { yield storage.breaks }
        _modify { yield &storage.breaks }
    }
    var breakContentEnds: [Int] {
        _read { yield storage.breakContentEnds }
        _modify { yield &storage.breakContentEnds }
    }
    var fontIndices: [UInt8] {
        _read { yield storage.fontIndices }
        _modify { yield &storage.fontIndices }
    }
    var fonts: [FontFace] {
        _read { yield storage.fonts }
        _modify { yield &storage.fonts }
    }

    /// Empties the text. The per-offset and per-break arrays only grow (each paragraph writes
    /// its own entries), so that a row reuses them without clearing them.
    mutating func removeAll() {
        units.removeAll(keepingCapacity: true)
        paragraphs.removeAll(keepingCapacity: true)
        ligatureSplits.removeAll(keepingCapacity: true)
        fontIndices.removeAll(keepingCapacity: true)
        fonts.removeAll(keepingCapacity: true)
    }

    /// Makes room in the per-offset arrays for `count` units of text (offsets 0...count).
    mutating func reserveOffsets(forUnits count: Int) {
        let missing = count + 1 - prefix.count
        guard missing > 0 else { return }
        prefix.append(contentsOf: repeatElement(0, count: missing))
        lineEndAdjustments.append(contentsOf: repeatElement(0, count: missing))
        cuttable.append(contentsOf: repeatElement(false, count: missing))
    }

    /// Makes room for `count` break opportunities in all.
    mutating func reserveBreaks(_ count: Int) {
        let missing = count - breaks.count
        guard missing > 0 else { return }
        breaks.append(contentsOf: repeatElement(BreakOpportunity(offset: 0, kind: .other), count: missing))
        breakContentEnds.append(contentsOf: repeatElement(0, count: missing))
    }

    /// How many of `breaks` the paragraphs use.
    var breakCount: Int { paragraphs.last?.breaks.upperBound ?? 0 }

    /// Records a cut inside a ligature at `offset` (allocating the corrections on the first one).
    mutating func setLigatureSplit(_ split: LigatureSplit, at offset: Int) {
        if ligatureSplits.isEmpty {
            ligatureSplits = Array(repeating: LigatureSplit(endCorrection: 0, startCorrection: 0), count: units.count + 1)
        }
        ligatureSplits[offset] = split
    }

    /// The arrays' storage, for the wrap loop (no bounds checks, no reference counting).
    struct Buffers {
        let units: UnsafeBufferPointer<UInt16>
        let prefix: UnsafeBufferPointer<Int>
        let lineEndAdjustments: UnsafeBufferPointer<Int>
        let cuttable: UnsafeBufferPointer<Bool>
        /// Empty when the text has no cut inside a ligature.
        let ligatureSplits: UnsafeBufferPointer<LigatureSplit>
        let breaks: UnsafeBufferPointer<BreakOpportunity>
        let breakContentEnds: UnsafeBufferPointer<Int>
    }

    /// Calls `body` with the arrays' storage.
    func withBuffers<R>(_ body: (Buffers) -> R) -> R {
        units.withUnsafeBufferPointer { units in
            prefix.withUnsafeBufferPointer { prefix in
                lineEndAdjustments.withUnsafeBufferPointer { adjustments in
                    cuttable.withUnsafeBufferPointer { cuttable in
                        ligatureSplits.withUnsafeBufferPointer { splits in
                            breaks.withUnsafeBufferPointer { breaks in
                                breakContentEnds.withUnsafeBufferPointer { contentEnds in
                                    body(Buffers(units: units, prefix: prefix, lineEndAdjustments: adjustments,
                                                 cuttable: cuttable, ligatureSplits: splits, breaks: breaks,
                                                 breakContentEnds: contentEnds))
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}

/// A paragraph (text between forced breaks) of a `PreparedText`: where its numbers are.
struct PreparedParagraph: Equatable {
    /// UTF-16 offset of the paragraph inside the text, e.g. 24 for the second paragraph.
    var start: Int
    /// Its length in UTF-16 units, without its "\n".
    var count: Int
    /// Its break opportunities: indices into `PreparedText.breaks` (offsets from its start,
    /// ascending, excluding 0 and the end).
    var breaks: Range<Int>
    /// Where its content ends before trailing spaces that hang, from its start.
    var contentEnd: Int
    /// Whether it ends with a forced break ("\n") that belongs to its last line.
    var endsWithNewline: Bool
    /// Whether it holds a tab (then widths are walked, not subtracted).
    var hasTabs: Bool
    /// Whether it holds a soft hyphen (U+00AD), beside which no emergency cut is made.
    var hasSoftHyphens: Bool
    /// Whether a font other than the primary drew some of it (line heights then vary).
    var usesFallback: Bool
}

/// Spaces and tabs hang at a line end, and so does U+3000 IDEOGRAPHIC SPACE (a line of
/// Chromium's ends "ди\u{3000}\u{3000}" where the two would not fit).
@inline(__always)
func isHangingSpace(_ unit: UInt16) -> Bool { ChromiumLineBreaker.isBreakableSpace(unit) || unit == 0x3000 }
