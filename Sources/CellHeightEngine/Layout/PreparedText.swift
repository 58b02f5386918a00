/// A row's text with all width-independent work done: shaped advances, break opportunities,
/// grapheme boundaries. Wrapping it at a width is integer arithmetic over these arrays
/// (`LineWrapper`); lay it out with `TextLayoutEngine.layout(_:width:)`.
///
/// One representation for every text, whichever of the engine's two preparers prepared it (the
/// pairwise lane, `PairwiseTextPreparer`, or shaping with fallback, `ShapingTextPreparer`). Lengths are in
/// HarfBuzz's units of 1/65536 px, so sums are exact. The wrap loop reads x only where a line may
/// end or start: at break opportunities and where their content ends (`PreparedBreaks`), and at
/// paragraph ends. Numbers per offset (`OffsetNumbers`: x, line-end adjustment, cuttable, ligature
/// splits) are needed only inside the words an emergency break cuts, and for tabs, and are written
/// out for the stretch a line needs: shaped texts keep them in a small form (`ShapedOffsetNumbers`,
/// about a byte a unit); the pairwise lane keeps none and works them out again from the words
/// (`PairwiseTextPreparer.offsetNumbers`). A long row then costs its units, a byte or two a unit
/// and 12 bytes per break. The arrays are buffers the engine reuses from row to row.
public struct PreparedText {
    /// The arrays, in one object: a copy of a prepared text costs one reference count, and the
    /// engine reuses the arrays of the last text once nobody else holds it.
    final class Storage {
        /// The text as laid out (after white-space processing), as UTF-16, "\n" included.
        var units: [UInt16] = []
        /// One entry per line-opening paragraph, in order; empty for the empty text.
        var paragraphs: [PreparedParagraph] = []
        /// Break opportunities of every paragraph, ascending within each, with their x positions
        /// (see `PreparedParagraph.breaks`); entries from `breakCount` on are spare.
        var breaks = PreparedBreaks()
        /// Line-end adjustments (see `OffsetNumbers.lineEndAdjustments`) that are not 0: at break
        /// opportunities and content ends for the pairwise lane, at every offset for shaped texts
        /// (see `PreparedParagraph.stopAdjustments`).
        var stopAdjustments: [StopAdjustment] = []
        /// The numbers of every offset in small form, indexed by offset in the text, for shaped
        /// texts; empty for the pairwise lane's.
        var shapedNumbers = ShapedOffsetNumbers()
        /// Index into `fonts` of the font of each code unit; empty when the primary font drew all.
        var fontIndices: [UInt8] = []
        /// The fonts used, primary first.
        var fonts: [FontFace] = []
        /// Which preparer wrote the text: the wrap loop asks it for numbers per offset.
        var preparer = Preparer.shaping
        /// The words the pairwise lane took from records made in a run that had chosen its fallback
        /// font before them (see `WordRecords.continuedRecord`), by ascending offset.
        var continuedWords: [ContinuedWord] = []
    }

    /// The engine's two preparers (`TextLayoutEngine.prepare` chooses one per text).
    enum Preparer {
        /// `ShapingTextPreparer`: numbers per offset kept in `shapedNumbers`.
        case shaping
        /// `PairwiseTextPreparer`: numbers per offset worked out again from the words.
        case pairwiseLane
    }

    /// Which preparer wrote the text.
    var preparer: Preparer {
        get { storage.preparer }
        nonmutating set { storage.preparer = newValue }
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
    package var paragraphs: [PreparedParagraph] {
        _read { yield storage.paragraphs }
        _modify { yield &storage.paragraphs }
    }
    var breaks: PreparedBreaks {
        _read { yield storage.breaks }
        _modify { yield &storage.breaks }
    }
    var stopAdjustments: [StopAdjustment] {
        _read { yield storage.stopAdjustments }
        _modify { yield &storage.stopAdjustments }
    }
    var shapedNumbers: ShapedOffsetNumbers {
        _read { yield storage.shapedNumbers }
        _modify { yield &storage.shapedNumbers }
    }
    var fontIndices: [UInt8] {
        _read { yield storage.fontIndices }
        _modify { yield &storage.fontIndices }
    }
    var fonts: [FontFace] {
        _read { yield storage.fonts }
        _modify { yield &storage.fonts }
    }
    var continuedWords: [ContinuedWord] {
        _read { yield storage.continuedWords }
        _modify { yield &storage.continuedWords }
    }

    /// Empties the text, keeping the arrays' capacity for the next one. The breaks' records only
    /// grow (each paragraph writes its own entries), so that a row reuses them without clearing them.
    mutating func removeAll() {
        units.removeAll(keepingCapacity: true)
        paragraphs.removeAll(keepingCapacity: true)
        breaks.removeAll()
        stopAdjustments.removeAll(keepingCapacity: true)
        shapedNumbers.removeAll()
        fontIndices.removeAll(keepingCapacity: true)
        fonts.removeAll(keepingCapacity: true)
        continuedWords.removeAll(keepingCapacity: true)
        preparer = .shaping
    }

    /// How many of `breaks` the paragraphs use.
    var breakCount: Int { paragraphs.last?.breaks.upperBound ?? 0 }

    /// The arrays' storage, for the wrap loop (no bounds checks, no reference counting).
    struct Buffers {
        let units: UnsafeBufferPointer<UInt16>
        let breaks: PreparedBreaks.View
        let stopAdjustments: UnsafeBufferPointer<StopAdjustment>
        let continuedWords: UnsafeBufferPointer<ContinuedWord>

        /// The font the run had chosen before the word at `offset` in the text, when the lane
        /// took the word from a record made so (see `continuedWords`); -1 otherwise.
        func continuedFont(at offset: Int) -> Int16 {
            var low = 0, high = continuedWords.count
            while low < high {
                let middle = (low + high) / 2
                if Int(continuedWords[middle].offset) < offset { low = middle + 1 } else { high = middle }
            }
            guard low < continuedWords.count, Int(continuedWords[low].offset) == offset else { return -1 }
            return continuedWords[low].font
        }
    }

    /// Calls `body` with the arrays' storage.
    func withBuffers<R>(_ body: (Buffers) -> R) -> R {
        units.withUnsafeBufferPointer { units in
            breaks.withView { breaks in
                stopAdjustments.withUnsafeBufferPointer { adjustments in
                    continuedWords.withUnsafeBufferPointer { continued in
                        body(Buffers(units: units, breaks: breaks, stopAdjustments: adjustments,
                                     continuedWords: continued))
                    }
                }
            }
        }
    }
}

/// A paragraph (text between forced breaks) of a `PreparedText`: where its numbers are.
package struct PreparedParagraph: Equatable {
    /// UTF-16 offset of the paragraph inside the text, e.g. 24 for the second paragraph.
    var start: Int
    /// Its length in UTF-16 units, without its "\n".
    var count: Int
    /// Its break opportunities: indices into `PreparedText.breaks` (offsets from its start,
    /// ascending, excluding 0 and the end).
    var breaks: Range<Int>
    /// Where its content ends before trailing spaces that hang, from its start.
    var contentEnd: Int
    /// x at its end (its width, trailing spaces included), in 1/65536 px.
    var width: Int
    /// x at `contentEnd`, in 1/65536 px.
    package var contentWidth: Int
    /// Whether it ends with a forced break ("\n") that belongs to its last line.
    var endsWithNewline: Bool
    /// Whether it holds a tab (then widths are walked, not subtracted).
    var hasTabs: Bool
    /// Whether it holds a soft hyphen (U+00AD), beside which no emergency cut is made.
    var hasSoftHyphens: Bool
    /// Whether a font other than the primary drew some of it (line heights then vary).
    var usesFallback: Bool
    /// Its line-end adjustments that are not 0 (at its break opportunities and content ends, or for
    /// a shaped text at any offset): indices into `PreparedText.stopAdjustments`.
    var stopAdjustments: Range<Int> = 0..<0
    /// Whether the pairwise lane put it together from word records (`WordRecords`) rather than
    /// walking it pair by pair.
    var isFromWordRecords = false
}

/// A word the pairwise lane took from a record made in a run that had chosen fallback font
/// `font` (index into the word records' fonts) before it.
struct ContinuedWord: Equatable {
    /// Offset from the text's start.
    var offset: Int32
    var font: Int16
}

/// A line-end adjustment that is not 0 (see `OffsetNumbers.lineEndAdjustments`), e.g. the kerning
/// lost by a line ending "To" before " ".
struct StopAdjustment: Equatable {
    /// Offset from its paragraph's start.
    var offset: Int
    /// In 1/65536 px.
    var value: Int
}

extension UnsafeBufferPointer<StopAdjustment> {
    /// The adjustment at `offset` among `range` (ascending offsets), 0 when none is listed.
    func value(at offset: Int, in range: Range<Int>) -> Int {
        var low = range.lowerBound, high = range.upperBound
        while low < high {
            let middle = (low + high) / 2
            if self[middle].offset < offset { low = middle + 1 } else { high = middle }
        }
        return low < range.upperBound && self[low].offset == offset ? self[low].value : 0
    }
}

/// Spaces and tabs hang at a line end, and so does U+3000 IDEOGRAPHIC SPACE (a line of
/// Chromium's ends "ди\u{3000}\u{3000}" where the two would not fit).
@inline(__always)
func isHangingSpace(_ unit: UInt16) -> Bool { ChromiumLineBreaker.isBreakableSpace(unit) || unit == 0x3000 }
