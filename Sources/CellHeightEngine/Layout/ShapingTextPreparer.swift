import CHarfBuzz

/// The shaping preparer of `TextLayoutEngine.prepare`: prepares any text by shaping each
/// paragraph with HarfBuzz and the fallback chain (`Shaper`), with ICU's grapheme boundaries and
/// Chromium's break opportunities (`ChromiumLineBreaker`), into the engine's `PreparedText`. It
/// keeps the numbers per offset in their small form (`ShapedOffsetNumbers`) and writes them out
/// for the wrap loop (`offsetNumbers`). The pairwise lane (`PairwiseTextPreparer`) is its peer
/// for plain text; the engine chooses between them in one place (`TextLayoutEngine.prepare`).
/// Not thread-safe: one per engine.
final class ShapingTextPreparer {
    let shaper: Shaper
    private let lineBreaker: ChromiumLineBreaker
    private let graphemes: ICUBreakIterator
    private let whiteSpace: WhiteSpace
    private var chain: FontFallbackChain { shaper.chain }
    private var fontSize: Double { shaper.fontSize }

    /// How many units of a paragraph are shaped before their numbers are stored (see
    /// `Shaper.shapeInPieces`): a long paragraph's shaping output is never all in memory.
    var pieceUnits = defaultPieceUnits
    static let defaultPieceUnits = 1 << 16

    /// Codes the advances of shaped texts (see `ShapedOffsetNumbers`).
    private var advanceEncoder = ShapedOffsetNumbers.Encoder()
    /// Writes out the numbers per offset for the wrap loop.
    private let numbersScratch = ShapedOffsetNumbers.Scratch()

    init(shaper: Shaper, whiteSpace: WhiteSpace) throws {
        self.shaper = shaper
        self.whiteSpace = whiteSpace
        lineBreaker = try ChromiumLineBreaker()
        graphemes = try ICUBreakIterator(.grapheme)
    }

    /// `text` prepared by shaping each paragraph with fallback fonts, ICU's breaks and graphemes,
    /// in arrays of its own, sized to the text (it may be kept in the engine's cache).
    func prepare(_ text: String) -> PreparedText {
        var prepared = PreparedText()
        let units = whiteSpace.apply(to: utf16Units(of: text))
        prepared.units = units
        prepared.fonts.append(chain.primary)
        var start = 0
        while start < units.count {
            let newline = units[start...].firstIndex(of: 0x0A)
            let end = newline ?? units.count
            // A text without "\n" is its own paragraph: share its array rather than copy it.
            let paragraph = start == 0 && end == units.count ? units : Array(units[start..<end])
            prepareParagraph(paragraph, start: start, endsWithNewline: newline != nil, into: &prepared)
            start = end + 1
        }
        return prepared
    }

    /// `units` (one paragraph, no "\n") prepared as a text of its own, its script runs continuing
    /// the runs `contexts` name: words with the spaces around them, put together for the
    /// pairwise lane's word records (`WordRecords`).
    func prepareWords(_ units: [UInt16], contexts: [ScriptContext]) -> PreparedText {
        var prepared = PreparedText()
        prepared.units = units
        prepared.fonts.append(chain.primary)
        // The words' records are their cache: keeping their ranges in the range cache too (and in
        // the store the workers share) cost 40 MB and no time on the 200k multilingual rows.
        let cached = shaper.usesRangeCache
        shaper.usesRangeCache = false
        prepareParagraph(units, start: 0, endsWithNewline: false, contexts: contexts, into: &prepared)
        shaper.usesRangeCache = cached
        return prepared
    }

    private func prepareParagraph(_ units: [UInt16], start: Int, endsWithNewline: Bool, contexts: [ScriptContext] = [],
                                  into text: inout PreparedText) {
        let storage = text.storage
        // The numbers and the encoder are worked on as locals (moved out and back), not through
        // the objects that hold them: no access checks per unit.
        var numbers = ShapedOffsetNumbers(), encoder = ShapedOffsetNumbers.Encoder.moved
        swap(&numbers, &storage.shapedNumbers)
        swap(&encoder, &advanceEncoder)
        defer {
            swap(&numbers, &storage.shapedNumbers)
            swap(&encoder, &advanceEncoder)
        }
        if numbers.isEmpty {
            numbers.reserve(forUnits: text.units.count)
            encoder.begin()
        }
        let count = units.count
        let hasTabs = units.contains(0x09), hasSoftHyphens = units.contains(0xAD)
        // Grapheme boundaries: where a line may be cut inside a word (a paragraph's end counts, its
        // start never does); cuts inside clusters are decided with the shaping below.
        if SingleUnitGraphemes.cover(units) {
            // Every unit is a grapheme cluster of its own (ASCII but CR, CJK, kana, Hangul syllables...).
            for i in start...(start + count) { numbers.cuttable[i] = true }
        } else {
            // By the units' classes where they decide (letters and marks), else by ICU.
            if !GraphemesByClass.forEachBoundary(units, { numbers.cuttable[start + $0] = true }) {
                graphemes.forEachBoundary(units) { numbers.cuttable[start + $0] = true }
            }
            numbers.cuttable[start + count] = true
        }
        numbers.cuttable[start] = false
        var usesFallback = false
        // Line-end adjustments in order of offset (pieces come in order; two may give one at the
        // offset between them).
        var adjustments: [StopAdjustment] = []
        shaper.shapeInPieces(units, pieceUnits: pieceUnits, contexts: contexts) { shaped in
            let first = shaped.start, length = shaped.advances.count
            // Fonts: the piece's indices into the text's list.
            if shaped.fonts.count > 1 {
                usesFallback = true
                if text.fontIndices.isEmpty { text.fontIndices = Array(repeating: 0, count: text.units.count + 1) }
                let mapped: [UInt8] = shaped.fonts.map { font in
                    if let index = text.fonts.firstIndex(where: { $0 === font }) { return UInt8(truncatingIfNeeded: index) }
                    text.fonts.append(font)
                    return UInt8(truncatingIfNeeded: text.fonts.count - 1)
                }
                for i in 0..<length { text.fontIndices[start + first + i] = mapped[Int(shaped.fontIndices[i])] }
            }
            // Advances are HarfBuzz's integers over 65536: exact.
            func advance(_ i: Int) -> Int { units[first + i] == 0x09 ? 0 : FontFace.harfBuzzUnits(shaped.advances[i]) }
            for i in 0..<length { encoder.setAdvance(advance(i), at: start + first + i, in: &numbers) }
            for (offset, value) in shaped.lineEndAdjustments.sorted(by: { $0.key < $1.key }) {
                let adjustment = StopAdjustment(offset: first + offset, value: FontFace.harfBuzzUnits(value))
                if let last = adjustments.last, last.offset == adjustment.offset {
                    adjustments[adjustments.count - 1].value += adjustment.value
                } else {
                    adjustments.append(adjustment)
                }
            }
            // Cuts inside the piece's clusters (ligatures), decided over its own numbers: none
            // when every grapheme boundary starts a cluster (most text).
            guard (1..<max(length, 1)).contains(where: {
                !shaped.clusterStarts[$0] && numbers.cuttable[start + first + $0]
            }) else { return }
            var prefix = [Int](repeating: 0, count: length + 1)
            for i in 0..<length { prefix[i + 1] = prefix[i] + advance(i) }
            var cuttable = (0...length).map { numbers.cuttable[start + first + $0] }
            units.withUnsafeBufferPointer { paragraphUnits in
                markLigatureCuts(0..<length, units: paragraphUnits.baseAddress! + first, prefix: prefix,
                                 cuttable: &cuttable, clusterStarts: { shaped.clusterStarts[$0] },
                                 ownAdvance: { i in
                    var clusterStart = i
                    while clusterStart > 0 && !shaped.clusterStarts[clusterStart] { clusterStart -= 1 }
                    let font = shaped.fonts[Int(shaped.fontIndices[clusterStart])]
                    return font.advanceUnits(of: UInt32(units[first + i]), fontSize: self.fontSize)
                }, split: { numbers.ligatureSplits[start + first + $1] = $0 })
            }
            for i in 0..<length where i > 0 && !cuttable[i] { numbers.cuttable[start + first + i] = false }
        }
        // Line-end adjustments, all listed (the text keeps no dense numbers).
        let adjustmentBase = text.stopAdjustments.count
        text.stopAdjustments.append(contentsOf: adjustments.lazy.filter { $0.value != 0 })
        // Break opportunities with their x, in one walk along the paragraph.
        func advance(_ i: Int) -> Int { numbers.advance(at: start + i) }
        /// Where the content before `offset` ends, the spaces before it hanging.
        func contentEnd(before offset: Int) -> Int {
            var end = offset
            while end > 0 && isHangingSpace(units[end - 1]) { end -= 1 }
            return end
        }
        /// x at `end` (the content end before `offset`), from x at `offset`.
        func contentX(_ end: Int, _ offset: Int, _ x: Int) -> Int {
            var contentX = x
            for i in end..<offset { contentX -= advance(i) }
            return contentX
        }
        let breakBase = text.breakCount
        var next = breakBase
        // Room for a break every four units, or at every ideograph (CJK text breaks at each), so
        // that a long paragraph's breaks seldom move as they grow: a move holds both copies at once.
        var ideographs = 0
        for unit in units where unit >= 0x2E80 && unit < 0xD800 { ideographs += 1 }
        let room = breakBase + max(count / 4, ideographs + count / 16) + 1
        text.breaks.reserveCapacity(room)
        var x = 0, i = 0
        lineBreaker.forEachOpportunity(in: units) { opportunity in
            while i < opportunity.offset {
                x += advance(i)
                i += 1
            }
            let end = contentEnd(before: opportunity.offset)
            text.breaks.set(PreparedBreak(x: x, contentX: contentX(end, opportunity.offset, x),
                                          offset: UInt32(opportunity.offset), contentEnd: UInt32(end), kind: opportunity.kind),
                            at: next)
            next += 1
        }
        while i < count {
            x += advance(i)
            i += 1
        }
        let end = contentEnd(before: count)
        text.paragraphs.append(PreparedParagraph(start: start, count: count, breaks: breakBase..<next,
                                                 contentEnd: end, width: x, contentWidth: contentX(end, count, x),
                                                 endsWithNewline: endsWithNewline, hasTabs: hasTabs,
                                                 hasSoftHyphens: hasSoftHyphens, usesFallback: usesFallback,
                                                 stopAdjustments: adjustmentBase..<text.stopAdjustments.count))
    }

    /// The numbers per offset of (at least) `range` of paragraph `p` of a text this preparer
    /// prepared (`numbers`: its small form), x at the range's start being `x`: valid until the next call.
    func offsetNumbers(_ numbers: ShapedOffsetNumbers, _ text: PreparedText.Buffers, _ p: PreparedParagraph,
                       covering range: ClosedRange<Int>, x: Int) -> OffsetNumbers.View {
        numbersScratch.view(numbers, text, p, covering: range, x: x)
    }
}
