/// Lays out rows of text the way Chromium lays out a `<div>` with `white-space: pre-wrap;
/// overflow-wrap: break-word; tab-size: 8` in one font with fallback.
///
/// `prepare` does the expensive, width-independent work once (shaping, break analysis);
/// `layout` wraps the prepared text at a width with arithmetic only. An engine owns HarfBuzz
/// buffers and ICU iterators: create one per thread.
public final class TextLayoutEngine {
    public let chain: FontFallbackChain
    public let fontSize: Double
    public let lineHeight: LineHeight
    public let whiteSpace: WhiteSpace

    /// The two preparers, peers that write the same `PreparedText` (see `prepare`).
    private let shaping: ShapingTextPreparer
    private var shaper: Shaper { shaping.shaper }
    private let wrapper: LineWrapper
    /// Rounded metrics per font, keyed by object identity.
    private var metrics: [ObjectIdentifier: RoundedVerticalMetrics] = [:]
    private let primaryMetrics: RoundedVerticalMetrics

    public init(chain: FontFallbackChain, fontSize: Double, lineHeight: LineHeight,
                whiteSpace: WhiteSpace = .preWrap) throws {
        self.chain = chain
        self.fontSize = fontSize
        self.lineHeight = lineHeight
        self.whiteSpace = whiteSpace
        self.shaping = try ShapingTextPreparer(shaper: Shaper(chain: chain, fontSize: fontSize), whiteSpace: whiteSpace)
        let primary = chain.primary
        let space = primary.advance(of: 0x20, fontSize: fontSize)
        // Chromium shows U+2010 HYPHEN at a soft-hyphen break when the font has it, else "-".
        let hyphen = primary.hasGlyph(0x2010) ? primary.advance(of: 0x2010, fontSize: fontSize)
                                               : primary.advance(of: 0x2D, fontSize: fontSize)
        let units = FontFace.harfBuzzUnits
        self.wrapper = LineWrapper(tabStop: 8 * units(space), spaceAdvance: units(space), hyphenWidth: units(hyphen),
                                   collapsesSpaces: whiteSpace == .normal)
        self.primaryMetrics = primary.verticalMetrics.rounded(atSize: fontSize)
    }

    /// Whether plain ASCII paragraphs are shaped word by word through the shared width cache
    /// (the default). Off only to compare with shaping whole paragraphs in tests.
    var usesSegmentCache: Bool {
        get { shaper.usesSegmentCache }
        set {
            shaper.usesSegmentCache = newValue
            forgetPreparedTexts()
        }
    }

    /// Whether clusters of more than 64 marks are shaped in pieces (the default). Off only to
    /// compare with shaping them whole in tests.
    var splitsLongClusters: Bool {
        get { shaper.splitsLongClusters }
        set {
            shaper.splitsLongClusters = newValue
            forgetPreparedTexts()
        }
    }

    /// Whether texts of plain-text paragraphs are prepared in the pairwise lane
    /// (`PairwiseTextPreparer`; the default). Off only to compare with shaping them in tests.
    var usesPairwiseLane = true

    /// How many units of a paragraph are shaped before their numbers are stored (see
    /// `ShapingTextPreparer.pieceUnits`); small only to test the pieces.
    var shapingPieceUnits: Int {
        get { shaping.pieceUnits }
        set { shaping.pieceUnits = newValue }
    }

    /// How long a range is shaped as one HarfBuzz buffer at most (see `Shaper.forEachWindow`);
    /// small only to test the windows.
    var shapingWindow: (units: Int, margin: Int) {
        get { shaper.runWindow }
        set {
            shaper.runWindow = newValue
            forgetPreparedTexts()
        }
    }

    /// The pairwise lane (see `PairwiseTextPreparer`); nil when the font does not shape ASCII
    /// pair by pair or white space collapses.
    private lazy var pairwiseLane: PairwiseTextPreparer? = whiteSpace == .preWrap
        ? PairwiseASCIIAdvances(shaper: shaper).map {
            PairwiseTextPreparer(advances: $0, words: makeWordRecords(advances: $0))
        }
        : nil

    /// Whether the pairwise lane takes paragraphs beyond its pair tables from word records (the
    /// default). Off only to compare with shaping them in tests; set before the first `prepare`.
    var usesWordRecords = true
    /// How many units of words the word records keep (see `WordRecords.unitLimit`); small only to
    /// test how they make room. Set before the first `prepare`.
    var wordRecordUnitLimit = WordRecords.defaultUnitLimit
    /// Whether word records are shared with the other engines of the same fonts and settings (the
    /// default, see `SharedWordRecords`). Off only to compare in tests; set before the first `prepare`.
    var usesSharedWordRecords = true
    /// How many word records are kept.
    var wordRecordCount: Int { pairwiseLane?.words?.records.count ?? 0 }
    /// How many of them were made from the pair tables (words of printable ASCII, see
    /// `WordRecords.asciiLane`).
    var wordRecordsFromPairTables: Int { pairwiseLane?.words?.recordsFromPairTables ?? 0 }
    /// Where the word records part Tibetan words, once a tsheg before a consonant was met.
    var wordRecordSyllableSplits: SyllableSplits? { pairwiseLane?.words?.syllableSplits }
    /// Where its word records part runs of kana (nil until two kana were met).
    var wordRecordKanaSplits: KanaSplits? { pairwiseLane?.words?.kanaSplits }

    /// The lane's word records, when the primary font draws the space. Their ASCII words are
    /// prepared from the lane's tables (`advances`) by a lane of their own, without records.
    private func makeWordRecords(advances: PairwiseASCIIAdvances) -> WordRecords? {
        guard usesWordRecords, chain.primary.hasGlyph(0x20) else { return nil }
        let shaping = self.shaping
        let space = shaping.prepareWords([0x20], contexts: []).shapedNumbers.advance(at: 0)
        let shaper = self.shaper, chain = self.chain
        // Shared with the other workers' engines of these fonts and settings; not while a test
        // changes how records are made or kept.
        let sharesRecords = usesSharedWordRecords && wordRecordUnitLimit == WordRecords.defaultUnitLimit
            && shaper.runWindow == Shaper.defaultRunWindow
            && shaping.pieceUnits == ShapingTextPreparer.defaultPieceUnits
        let key = FontRegistry.Key(
            font: FontReference(path: chain.primary.path, faceIndex: chain.primary.faceIndex),
            fontSize: fontSize, splitsLongClusters: shaper.splitsLongClusters, fallbacks: chain.identity)
        return WordRecords(primary: chain.primary, primaryDrawsASCII: shaper.primaryCoversASCII, spaceAdvance: space,
                           prepareTogether: { shaping.prepareWords($0, contexts: $1) },
                           asciiLane: PairwiseTextPreparer(advances: advances, words: nil),
                           systemFace: { shaper.fallbackFaces.systemFace(for: $0) },
                           unitLimit: wordRecordUnitLimit,
                           shared: sharesRecords ? FontRegistry.shared.wordRecords(for: key) : nil,
                           face: { chain.face(for: $0) })
    }

    /// The text the pairwise lane prepared last: its arrays are reused for the next one once its
    /// user lets go of it.
    private var scratch = PreparedText()

    /// `text` (UTF-8 bytes) prepared in the pairwise lane, or nil when the lane does not take it
    /// (see `PairwiseTextPreparer`): then `prepare(_:)` shapes it.
    func preparePlainText(_ text: UnsafeBufferPointer<UInt8>) -> PreparedText? {
        guard usesPairwiseLane, let pairwiseLane, !text.isEmpty else { return nil }
        scratch.reuse()
        return pairwiseLane.prepare(text, into: &scratch) ? scratch : nil
    }

    /// The fonts other than the primary one that drew a character of a text this engine prepared,
    /// in the order they first did, e.g. [NotoSansCJK-Regular.ttc#0].
    public var fallbackFontsUsed: [FontReference] {
        shaper.fallbackFontsUsed.map { FontReference(path: $0.path, faceIndex: $0.faceIndex) }
    }

    /// The width cache's hit and miss counts, e.g. (982_113, 17_887).
    public var segmentCacheStatistics: (hits: Int, misses: Int) {
        (shaper.segmentCache.hits, shaper.segmentCache.misses)
    }

    /// The fallback loop's range cache's hit and miss counts (see `ShapedRangeCache`).
    public var rangeCacheStatistics: (hits: Int, misses: Int) {
        (shaper.rangeCache.hits, shaper.rangeCache.misses)
    }

    /// Calls to HarfBuzz's shaping so far (what the caches save), and how many of the range
    /// cache's misses the store shared by the workers answered (see `SharedShapingStore`).
    var harfBuzzShapings: Int { shaper.harfBuzzShapings }
    var rangeCacheSharedHits: Int { shaper.rangeCache.sharedHits }

    /// Whether the fallback loop reuses ranges it shaped before (the default). Off only to compare
    /// with shaping every range in tests.
    var usesRangeCache: Bool {
        get { shaper.usesRangeCache }
        set {
            shaper.usesRangeCache = newValue
            forgetPreparedTexts()
        }
    }

    /// `line-height: normal` of a line in the primary font alone, in px.
    public var normalLineHeight: Double { primaryMetrics.normalLineHeight }

    /// The height of a line box when the line height is fixed, or of a primary-font-only line.
    public var primaryLineHeight: Double { lineHeight.fixedPixels(fontSize: fontSize) ?? normalLineHeight }

    /// Texts prepared lately, by code units (never by `String` equality, which would give an NFD
    /// row an NFC row's text), so that a row that comes again (a repeated description, a
    /// separator line) is shaped and analysed once. It holds texts of up to `preparedCacheLimit`
    /// bytes a generation, and forgets those not used for a generation: a shaped text takes some
    /// 10 bytes per character, so this bounds each engine's share at a megabyte or two.
    private var preparedCache = BoundedValueCache<PreparedText>(.init(entries: .max, cost: preparedCacheLimit))
    static let preparedCacheLimit = 1 << 16

    /// Shapes and analyses `text` once (the expensive part): in the pairwise lane when it takes
    /// the text, else by shaping with fallback fonts and ICU. The one place that chooses.
    public func prepare(_ text: String) -> PreparedText {
        var text = text
        if let prepared = text.withUTF8({ preparePlainText($0) }) { return prepared }
        let key = TextKey(text)
        if let cached = preparedCache.value(for: key) { return cached }
        let prepared = shaping.prepare(text)
        let bytes = text.utf8.count
        guard bytes <= Self.preparedCacheLimit / 16 else { return prepared }
        preparedCache.insert(prepared, for: key)  // its cost: its key's bytes
        return prepared
    }

    /// Empties the cache of prepared texts (after a switch that changes how texts are prepared).
    private func forgetPreparedTexts() {
        preparedCache.removeAll()
    }

    /// Wraps prepared text at `width` px (cheap: no shaping, no ICU). With `details` false the
    /// result has the line count and height but no line boxes (no line texts are made).
    public func layout(_ prepared: PreparedText, width: Double, details: Bool = true) -> TextLayout {
        var limit = LineWrapper.limit(available: width)
        return prepared.withBuffers { layout(prepared, $0, width: width, limit: &limit, details: details) }
    }

    /// `layout(prepared, width: width, details: false)`, with the limit that noted what the width
    /// search needs: the limits at which the same lines come out, and each paragraph's lines.
    package func trackedLayout(_ prepared: PreparedText, width: Double,
                       reusing storage: [TrackedWrapLimit.ParagraphLines] = []) -> (layout: TextLayout, limit: TrackedWrapLimit) {
        var limit = TrackedWrapLimit(LineWrapper.limit(available: width), reusing: storage)
        let layout = prepared.withBuffers { self.layout(prepared, $0, width: width, limit: &limit, details: false) }
        return (layout, limit)
    }

    /// Whether every line box of `prepared` has the primary line height, at any width: the line
    /// height is fixed, or no fallback font draws any of it (then its height grows with its lines).
    package func hasUniformLineHeights(_ prepared: PreparedText) -> Bool {
        lineHeight.fixedPixels(fontSize: fontSize) != nil || !prepared.paragraphs.contains { $0.usesFallback }
    }

    private func layout<Limit: WrapLimit>(_ prepared: PreparedText, _ buffers: PreparedText.Buffers, width: Double,
                                          limit: inout Limit, details: Bool) -> TextLayout {
        var lines: [LineBox] = []
        var lineCount = 0
        var height = 0.0
        let fixedHeight = lineHeight.fixedPixels(fontSize: fontSize)
        let primaryLineHeight = self.primaryLineHeight
        // The wrap loop asks for numbers per offset through a closure that holds the engine and
        // the text unretained (both outlive the loop): holding them counted their references at
        // every line, 7% of a prose run.
        let storage = Unmanaged.passUnretained(prepared.storage)
        for paragraph in prepared.paragraphs {
            guard details || (paragraph.usesFallback && fixedHeight == nil) else {
                // Every line box has the primary line height (summed line by line, so that heights
                // are the same to the last bit however the lines were found).
                let count = wrapper.lineCount(
                    buffers, paragraph, limit: &limit,
                    offsetNumbers: { [unowned(unsafe) self] in self.numbers(storage, buffers, paragraph, $0, x: $1) },
                    pieces: { [unowned(unsafe) self] in self.linePieces(storage, buffers, paragraph) })
                limit.paragraphEnded(paragraph, lineCount: count)
                lineCount += count
                for _ in 0..<count { height += primaryLineHeight }
                continue
            }
            // Each line is measured as it comes (a long row's lines are never all kept), one behind
            // the wrap loop: the paragraph's last line takes its "\n".
            var paragraphLines = 0
            var pending: WrappedLine?
            func measure(_ line: WrappedLine, isLast: Bool) {
                let fonts = madeLinePieceShaper?.fonts(ofLine: line.range) { fontsUsed(prepared, paragraph, $0) }
                    ?? fontsUsed(prepared, paragraph, line.range)
                let lineHeight = self.lineHeight(for: fonts)
                height += lineHeight
                guard details else { return }
                var range = (paragraph.start + line.range.lowerBound)..<(paragraph.start + line.range.upperBound)
                if isLast, paragraph.endsWithNewline { range = range.lowerBound..<(range.upperBound + 1) }
                lines.append(LineBox(range: range,
                                     text: String(decoding: prepared.units[range], as: UTF16.self),
                                     width: Double(line.width) / FontFace.harfBuzzUnitsPerPixel, height: lineHeight,
                                     endsWithInsertedHyphen: line.endsWithInsertedHyphen,
                                     fonts: fonts.map(\.familyName)))
            }
            madeLinePieceShaper?.removeEdges()
            wrapper.wrap(buffers, paragraph, limit: &limit, measuresLines: details,
                         offsetNumbers: { [unowned(unsafe) self] in self.numbers(storage, buffers, paragraph, $0, x: $1) },
                         pieces: { [unowned(unsafe) self] in self.linePieces(storage, buffers, paragraph) }) { line in
                if let pending { measure(pending, isLast: false) }
                pending = line
                paragraphLines += 1
            }
            if let pending { measure(pending, isLast: true) }
            limit.paragraphEnded(paragraph, lineCount: paragraphLines)
            lineCount += paragraphLines
        }
        return details ? TextLayout(width: width, lines: lines, height: height)
                       : TextLayout(width: width, lineCount: lineCount, height: height)
    }

    /// The engine's shaper of line pieces set to paragraph `p` of `prepared`, for the wrap loop's
    /// break-anywhere cuts (see `LinePieceShaper`).
    private func linePieces(_ storage: Unmanaged<PreparedText.Storage>, _ text: PreparedText.Buffers,
                            _ p: PreparedParagraph) -> LinePieceShaper {
        let pieces = linePieceShaper
        storage._withUnsafeGuaranteedRef { prepared in
            pieces.set(units: text.units.baseAddress! + p.start, count: p.count, fonts: prepared.fonts,
                       fontIndices: prepared.fontIndices, fontBase: p.start)
        }
        return pieces
    }
    private var linePieceShaper: LinePieceShaper {
        if let made = madeLinePieceShaper { return made }
        madeLinePieceShaper = LinePieceShaper(shaper: shaper)
        return madeLinePieceShaper!
    }
    private var madeLinePieceShaper: LinePieceShaper?

    /// The numbers per offset of (at least) `range` of paragraph `p` of `prepared`, x at the range's
    /// start being `x`, from the preparer that prepared it: written out from a shaped text's small
    /// form, or worked out again by the pairwise lane. Valid until the next call.
    private func numbers(_ storage: Unmanaged<PreparedText.Storage>, _ text: PreparedText.Buffers,
                         _ p: PreparedParagraph, _ range: ClosedRange<Int>, x: Int) -> OffsetNumbers.View {
        let (preparer, shapedNumbers) = storage._withUnsafeGuaranteedRef { ($0.preparer, $0.shapedNumbers) }
        switch preparer {
        case .shaping:
            return shaping.offsetNumbers(shapedNumbers, text, p, covering: range, x: x)
        case .pairwiseLane:
            guard let pairwiseLane else { preconditionFailure("only the pairwise lane prepares texts as its own") }
            return pairwiseLane.offsetNumbers(text, p, covering: range, x: x)
        }
    }

    /// The numbers of every offset of `text` at once, as the wrap loop sees them piece by piece (for
    /// tests that compare the ways of preparing a text).
    func offsetNumbers(of text: PreparedText) -> OffsetNumbers {
        var numbers = OffsetNumbers()
        numbers.reserve(forUnits: text.units.count)
        text.withBuffers { buffers in
            for p in text.paragraphs where p.count > 0 {
                let view = self.numbers(Unmanaged.passUnretained(text.storage), buffers, p, 0...p.count, x: 0)
                for offset in 0...p.count {
                    numbers.prefix[p.start + offset] = view.prefix[offset]
                    numbers.lineEndAdjustments[p.start + offset] = view.lineEndAdjustments[offset]
                    numbers.cuttable[p.start + offset] = view.cuttable[offset]
                    if let splits = view.ligatureSplits, splits[offset] != LigatureSplit(endCorrection: 0, startCorrection: 0) {
                        numbers.setLigatureSplit(splits[offset], at: p.start + offset)
                    }
                }
            }
        }
        return numbers
    }

    /// The fonts that drew `range` of a paragraph, primary first (the primary font always counts:
    /// it sets the line's strut).
    private func fontsUsed(_ text: PreparedText, _ p: PreparedParagraph, _ range: Range<Int>) -> [FontFace] {
        guard p.usesFallback else { return [chain.primary] }
        var used = [Bool](repeating: false, count: text.fonts.count)
        used[0] = true
        for i in range { used[Int(text.fontIndices[p.start + i])] = true }
        return text.fonts.indices.filter { used[$0] }.map { text.fonts[$0] }
    }

    /// A line box's height: the fixed line height, or for `normal` the tallest ascent plus the
    /// deepest descent among the line's fonts (each with half its line gap above, half below).
    private func lineHeight(for fonts: [FontFace]) -> Double {
        if let fixed = lineHeight.fixedPixels(fontSize: fontSize) { return fixed }
        guard fonts.count > 1 else { return primaryMetrics.normalLineHeight }
        var above = 0.0, below = 0.0
        for font in fonts {
            let m = roundedMetrics(font)
            above = max(above, m.above)
            below = max(below, m.below)
        }
        return above + below
    }

    private func roundedMetrics(_ font: FontFace) -> RoundedVerticalMetrics {
        let key = ObjectIdentifier(font)
        if let cached = metrics[key] { return cached }
        let m = font.verticalMetrics.rounded(atSize: fontSize)
        metrics[key] = m
        return m
    }
}
