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

    private let shaper: Shaper
    private let lineBreaker: ChromiumLineBreaker
    private let graphemes: ICUBreakIterator
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
        self.shaper = Shaper(chain: chain, fontSize: fontSize)
        self.lineBreaker = try ChromiumLineBreaker()
        self.graphemes = try ICUBreakIterator(.grapheme)
        let primary = chain.primary
        let space = primary.advance(of: 0x20, fontSize: fontSize)
        // Chromium shows U+2010 HYPHEN at a soft-hyphen break when the font has it, else "-".
        let hyphen = primary.hasGlyph(0x2010) ? primary.advance(of: 0x2010, fontSize: fontSize)
                                               : primary.advance(of: 0x2D, fontSize: fontSize)
        self.wrapper = LineWrapper(tabStop: 8 * space, spaceAdvance: space, hyphenWidth: hyphen)
        self.primaryMetrics = primary.verticalMetrics.rounded(atSize: fontSize)
    }

    /// Whether plain ASCII paragraphs are shaped word by word through the shared width cache
    /// (the fast path; the default). Off only to compare the two paths in tests.
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

    /// Whether texts of plain-text paragraphs are laid out in the integer lane (`PlainTextLayout`;
    /// the default) when no line boxes are asked for. Off only to compare with `prepare` then
    /// `layout` in tests.
    var usesPlainTextLane = true

    /// The integer lane for paragraphs of plain text (see `PlainTextLayout`); nil when the font
    /// does not shape ASCII pair by pair or white space collapses.
    private lazy var plainText: PlainTextLayout? =
        whiteSpace == .preWrap ? PairwiseASCIIAdvances(shaper: shaper).map(PlainTextLayout.init) : nil
    /// Lays `text` (UTF-8 bytes) out at each of `widths` in the integer lane, appending one
    /// layout (line count and height, no line boxes) per width to `layouts`: what `prepare` then
    /// `layout(details: false)` give. False, having appended nothing, when a paragraph is empty or
    /// not plain text (see `PlainTextLayout`), the font rules the lane out, or a ligature must not
    /// be cut.
    func layoutPlainText(_ text: UnsafeBufferPointer<UInt8>, widths: [Double], into layouts: inout [TextLayout]) -> Bool {
        guard preparePlainText(text) else { return false }
        let first = layouts.count
        for width in widths {
            guard let layout = plainTextLayout(width: width) else {
                layouts.removeSubrange(first...)
                return false
            }
            layouts.append(layout)
        }
        return true
    }

    /// Prepares `text` (UTF-8 bytes) in the integer lane for `plainTextLayout(width:)`, which then
    /// lays it out at any width with arithmetic only; false when the lane does not take it (see
    /// `layoutPlainText`). The lane holds one prepared text at a time.
    func preparePlainText(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard usesPlainTextLane, let plainText, !text.isEmpty else { return false }
        return plainText.prepare(text)
    }

    /// The text `preparePlainText` prepared, laid out at `width` (line count and height, no line
    /// boxes); nil when a word would be cut inside a ligature the lane leaves to `layout`.
    func plainTextLayout(width: Double) -> TextLayout? {
        guard let lineCount = plainText?.lineCount(available: width) else { return nil }
        // Summed line by line, as `layout` does, so heights match to the last bit.
        let lineHeight = plainLineHeight
        var height = 0.0
        for _ in 0..<lineCount { height += lineHeight }
        return TextLayout(width: width, lineCount: lineCount, height: height)
    }

    /// The width cache's hit and miss counts, e.g. (982_113, 17_887).
    public var segmentCacheStatistics: (hits: Int, misses: Int) {
        (shaper.segmentCache.hits, shaper.segmentCache.misses)
    }

    /// `line-height: normal` of a line in the primary font alone, in px.
    public var normalLineHeight: Double { primaryMetrics.normalLineHeight }

    /// The height of a line box when the line height is fixed, or of a primary-font-only line.
    public var plainLineHeight: Double { lineHeight.fixedPixels(fontSize: fontSize) ?? normalLineHeight }

    /// Texts prepared lately, by code units (never by `String` equality, which would give an NFD
    /// row an NFC row's text), so that a row that comes again (a repeated description, a
    /// separator line) is shaped and analysed once. It holds texts of up to `preparedCacheLimit`
    /// bytes in all, and starts over when full: a prepared text takes some 40 bytes per
    /// character, so this bounds each engine's share at a few megabytes.
    private var preparedCache: [CodeUnitKey: PreparedText] = [:]
    private var preparedCacheBytes = 0
    static let preparedCacheLimit = 1 << 16

    /// Shapes and analyses `text` once (the expensive part).
    public func prepare(_ text: String) -> PreparedText {
        if let cached = preparedCache[CodeUnitKey(text)] { return cached }
        let prepared = prepareUncached(text)
        let bytes = text.utf8.count
        guard bytes <= Self.preparedCacheLimit / 16 else { return prepared }
        if preparedCacheBytes + bytes > Self.preparedCacheLimit { forgetPreparedTexts() }
        preparedCache[CodeUnitKey(text)] = prepared
        preparedCacheBytes += bytes
        return prepared
    }

    /// Empties the cache of prepared texts (after a switch that changes how texts are prepared).
    private func forgetPreparedTexts() {
        preparedCache.removeAll()
        preparedCacheBytes = 0
    }

    private func prepareUncached(_ text: String) -> PreparedText {
        let units = whiteSpace.apply(to: utf16Units(of: text))
        var paragraphs: [PreparedParagraph] = []
        var start = 0
        while start < units.count {
            let newline = units[start...].firstIndex(of: 0x0A)
            let end = newline ?? units.count
            // A text without "\n" is its own paragraph: share its array rather than copy it.
            let paragraph = start == 0 && end == units.count ? units : Array(units[start..<end])
            paragraphs.append(prepareParagraph(paragraph, start: start, endsWithNewline: newline != nil))
            start = end + 1
        }
        return PreparedText(units: units, paragraphs: paragraphs)
    }

    private func prepareParagraph(_ units: [UInt16], start: Int, endsWithNewline: Bool) -> PreparedParagraph {
        let shaped = shaper.shape(units)
        var prefix = [Double](repeating: 0, count: units.count + 1)
        var hasTabs = false
        for i in 0..<units.count {
            let isTab = units[i] == 0x09
            hasTabs = hasTabs || isTab
            prefix[i + 1] = prefix[i] + (isTab ? 0 : shaped.advances[i])
        }
        var boundaries = [Bool](repeating: false, count: units.count + 1)
        boundaries[units.count] = true
        if units.allSatisfy({ $0 < 0x80 && $0 != 0x0D }) {
            // Every ASCII character but CR (of CR LF) is a grapheme cluster of its own.
            for i in 0..<units.count { boundaries[i] = true }
        } else {
            for b in graphemes.boundaries(units) { boundaries[b] = true }
        }
        let splits = ligatureSplits(units: units, shaped: shaped, fontSize: fontSize, boundaries: &boundaries)
        return PreparedParagraph(start: start, units: units, endsWithNewline: endsWithNewline,
                                 prefixWidths: prefix, breaks: lineBreaker.opportunities(in: units),
                                 graphemeBoundaries: boundaries, fontIndices: shaped.fontIndices,
                                 fonts: shaped.fonts, lineEndAdjustments: shaped.lineEndAdjustments,
                                 ligatureSplits: splits, hasTabs: hasTabs)
    }

    /// Wraps prepared text at `width` px (cheap: no shaping, no ICU). With `details` false the
    /// result has the line count and height but no line boxes (no line texts are made).
    public func layout(_ prepared: PreparedText, width: Double, details: Bool = true) -> TextLayout {
        var lines: [LineBox] = []
        var lineCount = 0
        var height = 0.0
        for paragraph in prepared.paragraphs {
            let wrapped = wrapper.wrap(paragraph, width: width)
            lineCount += wrapped.count
            for (n, line) in wrapped.enumerated() {
                guard details || paragraph.fonts.count > 1 else {
                    // One font: every line box has the plain height; no font lists to make.
                    height += plainLineHeight
                    continue
                }
                let fonts = fontsUsed(paragraph, line.range)
                let lineHeight = self.lineHeight(for: fonts)
                height += lineHeight
                guard details else { continue }
                var range = (paragraph.start + line.range.lowerBound)..<(paragraph.start + line.range.upperBound)
                if n == wrapped.count - 1, paragraph.endsWithNewline { range = range.lowerBound..<(range.upperBound + 1) }
                lines.append(LineBox(range: range,
                                     text: String(decoding: prepared.units[range], as: UTF16.self),
                                     width: line.width, height: lineHeight,
                                     endsWithInsertedHyphen: line.endsWithInsertedHyphen,
                                     fonts: fonts.map(\.familyName)))
            }
        }
        return details ? TextLayout(width: width, lines: lines, height: height)
                       : TextLayout(width: width, lineCount: lineCount, height: height)
    }

    /// The fonts that drew `range` of a paragraph, primary first (the primary font always counts:
    /// it sets the line's strut).
    private func fontsUsed(_ p: PreparedParagraph, _ range: Range<Int>) -> [FontFace] {
        guard p.fonts.count > 1 else { return [chain.primary] }
        var used = [Bool](repeating: false, count: p.fonts.count)
        used[0] = true
        for i in range { used[Int(p.fontIndices[i])] = true }
        return p.fonts.indices.filter { used[$0] }.map { p.fonts[$0] }
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
