import CHarfBuzz

/// Lines that a break-anywhere cut ends or starts inside a word, in scripts whose shaping depends
/// on what is around, measured as Blink's ShapingLineBreaker::ShapeLine measures them: the
/// candidate cut comes from the word's positions as shaped in the paragraph (every offset of a
/// cluster at its start's position, ShapeResult::CachedOffsetForPosition), the line's start and
/// end are shaped again up to the nearest safe-to-break offset (HarfBuzz's UNSAFE_TO_BREAK flag),
/// with the rest of the text given as context (HarfBuzzShaper's buffer filler passes the item
/// offset), and fallback fonts chosen again for the piece (its own first character is the hint,
/// HarfBuzzShaper::CollectFallbackHintChars).
///
/// Used only on the wrap loop's break-anywhere path (`LineWrapper`'s emergency break) on lines
/// holding characters of such scripts (`reshapesPieces`): texts in other scripts, and every line
/// that ends at a break opportunity, never shape here. One per engine, set to a paragraph when the
/// wrap loop first asks for it there.
final class LinePieceShaper {
    let shaper: Shaper
    /// The paragraph: its units, their count, and the fonts of its units as it was shaped.
    private(set) var units: UnsafePointer<UInt16>
    private(set) var count = 0
    private var fonts: [FontFace] = []
    private var fontIndices: [UInt8] = []
    private var fontBase = 0

    /// A line's start or end that was shaped again: where the paragraph's own shaping takes over
    /// (the first safe-to-break offset after a start, the last one before an end) and the fonts
    /// that drew the piece (a Tamil piece starting with ப is Noto Sans Grantha's, not Noto Sans
    /// Tamil's as in the paragraph). The line's height takes the piece's fonts in place of the
    /// paragraph's there (see `fonts(ofLine:original:)`).
    struct Edge {
        var safe: Int
        var fonts: [FontFace]
    }

    /// The paragraph's lines' starts and ends shaped again, by offset; emptied for each paragraph.
    private(set) var startEdges: [Int: Edge] = [:]
    private(set) var endEdges: [Int: Edge] = [:]
    /// The fonts that drew the last piece `width` shaped.
    private var lastFonts: [FontFace] = []

    /// How many units around a piece are given to HarfBuzz as context (it reads 5 at most).
    static let contextUnits = 16

    init(shaper: Shaper) {
        self.shaper = shaper
        units = UnsafePointer(bitPattern: 1)!
    }

    /// Sets the paragraph of `count` units at `units`, whose unit i was drawn with
    /// `fonts[fontIndices[fontBase + i]]` (the primary font for all when `fontIndices` is empty).
    func set(units: UnsafePointer<UInt16>, count: Int, fonts: [FontFace], fontIndices: [UInt8], fontBase: Int) {
        self.units = units
        self.count = count
        self.fonts = fonts
        self.fontIndices = fontIndices
        self.fontBase = fontBase
    }

    /// Forgets the edges of the last paragraph.
    func removeEdges() {
        if !startEdges.isEmpty { startEdges.removeAll(keepingCapacity: true) }
        if !endEdges.isEmpty { endEdges.removeAll(keepingCapacity: true) }
    }

    /// Notes that the line starting at `start` was shaped again up to `safe`, by the piece `width`
    /// shaped last.
    func recordStart(_ start: Int, safe: Int) { startEdges[start] = Edge(safe: safe, fonts: lastFonts) }

    /// Notes that the line ending at `end` was shaped again from `safe`, by the piece `width`
    /// shaped last.
    func recordEnd(_ end: Int, safe: Int) { endEdges[end] = Edge(safe: safe, fonts: lastFonts) }

    /// The fonts of the line `range` (primary first) when its start or end was shaped again, from
    /// the pieces and `original(range)` (the fonts that drew a range in the paragraph) between
    /// them; nil when neither was.
    func fonts(ofLine range: Range<Int>, original: (Range<Int>) -> [FontFace]) -> [FontFace]? {
        guard !startEdges.isEmpty || !endEdges.isEmpty else { return nil }
        let start = startEdges[range.lowerBound], end = endEdges[range.upperBound]
        guard start != nil || end != nil else { return nil }
        let middle = (start?.safe ?? range.lowerBound)..<max(start?.safe ?? range.lowerBound,
                                                             end?.safe ?? range.upperBound)
        var fonts = [shaper.chain.primary]
        for font in (start?.fonts ?? []) + (middle.isEmpty ? [] : original(middle)) + (end?.fonts ?? [])
        where !fonts.contains(where: { $0 === font }) {
            fonts.append(font)
        }
        return fonts
    }

    /// Whether a line holding `unit` has its cut pieces shaped again: the scripts from Hebrew to
    /// Myanmar (Arabic, Indic, Thai, Lao, Tibetan, Myanmar) and Mongolian, whose clusters hold
    /// several grapheme clusters or whose letters change form with their neighbours. Latin,
    /// Greek and Cyrillic ligatures are split with their letters' own advances (`LigatureSplit`),
    /// and CJK, kana and Hangul are clusters of their own. Not Khmer: Chromium keeps a consonant
    /// stacked with COENG (U+17D2) with the one before ("ប្រ" is one piece in a 1 px box), where
    /// ICU 72 has a grapheme boundary, so its clusters stay whole as before.
    @inline(__always)
    static func reshapesPieces(_ unit: UInt16) -> Bool {
        (unit >= 0x0590 && unit < 0x1100) || (unit >= 0x1800 && unit < 0x18B0)
    }

    /// Whether a word cut before `unit` is broken again from the cut by ICU's dictionary (Thai,
    /// Lao, Myanmar): see `opportunities(from:to:)`.
    @inline(__always)
    static func findsWordsAgain(_ unit: UInt16) -> Bool {
        (unit >= 0x0E00 && unit < 0x0F00) || (unit >= 0x1000 && unit < 0x10A0)
    }

    /// The line break opportunities after `start` and before `end` when the text is read from
    /// `start` on, as Blink's line breaker reads it for a line that starts there (its
    /// LazyLineBreakIterator disregards the text before its start offset).
    func opportunities(from start: Int, to end: Int) -> [Int] {
        guard let lineBreaker else { return [] }
        let text = Array(UnsafeBufferPointer(start: units + start, count: min(count, end + Self.contextUnits) - start))
        var found: [Int] = []
        lineBreaker.forEachOpportunity(in: text) { opportunity in
            if opportunity.offset < end - start && opportunity.kind != .softHyphen {
                found.append(start + opportunity.offset)
            }
        }
        return found
    }

    private lazy var lineBreaker = try? ChromiumLineBreaker()

    /// Whether `units[range]` holds a unit whose line reshapes its pieces.
    static func reshapesPieces(_ units: UnsafePointer<UInt16>, _ range: Range<Int>) -> Bool {
        for i in range where reshapesPieces(units[i]) { return true }
        return false
    }

    /// The text around `range` (the context HarfBuzz reads) and where `range` lies in it.
    private func window(_ range: Range<Int>) -> (text: [UInt16], base: Int) {
        let window = max(0, range.lowerBound - Self.contextUnits)..<min(count, range.upperBound + Self.contextUnits)
        return (Array(UnsafeBufferPointer(start: units + window.lowerBound, count: window.count)), window.lowerBound)
    }

    /// The width in 1/65536 px of `range` of the paragraph shaped as a piece of its own (Blink's
    /// ShapingLineBreaker::Shape): its script runs and fallback fonts found for the piece alone,
    /// the text around it given as context.
    func width(_ range: Range<Int>) -> Int {
        guard !range.isEmpty else { return 0 }
        var (text, base) = window(range)
        let piece = (range.lowerBound - base)..<(range.upperBound - base)
        let emojiSegments = EmojiSegments.segments(in: text)
        let runs = scriptRuns(of: text)
        for i in text.indices where text[i] == 0x09 { text[i] = 0x20 }
        var shaped = ShapedParagraph(start: piece.lowerBound, advances: Array(repeating: 0, count: piece.count),
                                     fontIndices: Array(repeating: 0, count: piece.count),
                                     fonts: [shaper.chain.primary],
                                     clusterStarts: Array(repeating: false, count: piece.count))
        for run in runs {
            let start = max(run.range.lowerBound, piece.lowerBound), end = min(run.range.upperBound, piece.upperBound)
            guard start < end else { continue }
            for part in EmojiSegments.split(start..<end, by: emojiSegments) {
                shaper.shapeRun(text, run: ScriptRun(range: part.range, script: run.script),
                                emojiPresentation: part.isEmoji, into: &shaped)
            }
        }
        var used = [Bool](repeating: false, count: shaped.fonts.count)
        for index in shaped.fontIndices { used[Int(index)] = true }
        lastFonts = shaped.fonts.indices.filter { used[$0] }.map { shaped.fonts[$0] }
        return shaped.advances.reduce(0) { $0 + FontFace.harfBuzzUnits($1) }
    }

    /// The paragraph's shaping of `range` (its fonts as the paragraph has them, its script runs,
    /// the text around as context), as Blink's line breaker reads a ShapeResult: for each offset
    /// of `range` and its end, the position from the range's start in 1/65536 px (an offset
    /// inside a cluster has the cluster's start position, or in a right-to-left run its end: the
    /// candidate lands inside a lam-alef only when nothing fits, "البولا" in Noto Sans Arabic
    /// 28 px at 48 px is ["البو", "لا"] in Chromium) and whether it is safe to break at.
    struct Original {
        /// The offset `positions[0]` and `safe[0]` are of (`range`'s start, or before it).
        var origin: Int
        var positions: [Int]
        var safe: [Bool]
    }

    /// The last `original` worked out, with the units and fonts it read: the lines of a word cut
    /// in a narrow box ask for the same word line after line, and get it without shaping it again.
    private var lastOriginal: (original: Original, read: Range<Int>, units: [UInt16], fonts: [UInt8])?

    func original(_ range: Range<Int>) -> Original {
        if let last = lastOriginal, last.original.origin <= range.lowerBound,
           range.upperBound < last.original.origin + last.original.positions.count, last.read.upperBound <= count,
           last.units.elementsEqual(UnsafeBufferPointer(start: units + last.read.lowerBound, count: last.read.count)),
           last.fonts.elementsEqual(last.read.lazy.map(fontIndex)) {
            return last.original
        }
        let original = shapedOriginal(range)
        let read = max(0, range.lowerBound - Self.contextUnits)..<min(count, range.upperBound + Self.contextUnits)
        lastOriginal = (original, read, Array(UnsafeBufferPointer(start: units + read.lowerBound, count: read.count)),
                        read.map(fontIndex))
        return original
    }

    private func shapedOriginal(_ range: Range<Int>) -> Original {
        let (text, base) = window(range)
        var positions = [Int](repeating: 0, count: range.count + 1)
        var safe = [Bool](repeating: false, count: range.count + 1)
        safe[range.count] = true
        var x = 0
        for run in scriptRuns(of: text) {
            // Runs of one script and one font, each shaped with its font.
            var start = max(run.range.lowerBound + base, range.lowerBound)
            let end = min(run.range.upperBound + base, range.upperBound)
            while start < end {
                let font = fontIndex(start)
                var next = start + 1
                while next < end && fontIndex(next) == font { next += 1 }
                let face = fonts.isEmpty ? shaper.chain.primary : fonts[Int(font)]
                let isRightToLeft = hb_script_get_horizontal_direction(run.script) == HB_DIRECTION_RTL
                for cluster in shaper.shapeClusters(text, range: (start - base)..<(next - base), script: run.script,
                                                    face: face) {
                    let first = cluster.range.lowerBound + base - range.lowerBound
                    let last = cluster.range.upperBound + base - range.lowerBound
                    let advance = FontFace.harfBuzzUnits(cluster.advance)
                    safe[first] = !cluster.unsafeToBreakBefore
                    positions[first] = x
                    for i in (first + 1)..<max(last, first + 1) { positions[i] = isRightToLeft ? x + advance : x }
                    x += advance
                }
                start = next
            }
        }
        positions[range.count] = x
        return Original(origin: range.lowerBound, positions: positions, safe: safe)
    }

    private func fontIndex(_ i: Int) -> UInt8 { fontIndices.isEmpty ? 0 : fontIndices[fontBase + i] }
}
