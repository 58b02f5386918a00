/// One line as the wrapper cut it, before heights and texts are attached.
struct WrappedLine: Equatable {
    /// UTF-16 offsets inside the paragraph, e.g. 0..<18 (hanging spaces included).
    var range: Range<Int>
    /// Width in 1/65536 px of what is drawn: without hanging spaces, with an inserted hyphen
    /// (0 when the wrapper was asked for line ranges only).
    var width: Int
    var endsWithInsertedHyphen: Bool
}

/// Greedy line breaking as browsers do it, over a prepared paragraph: take each break
/// opportunity while the content before it fits; spaces and tabs at a break hang; a word too
/// wide for an empty line is cut at the last grapheme boundary that fits
/// (`overflow-wrap: break-word`). The one wrap loop of every text, however it was prepared:
/// integer arithmetic in 1/65536 px, no font, shaping or ICU calls.
package struct LineWrapper {
    /// Width of one tab stop in 1/65536 px: 8 (CSS `tab-size: 8`) times the primary font's space.
    var tabStop: Int
    /// The primary font's space advance in 1/65536 px: a tab is never narrower than half of it.
    var spaceAdvance: Int
    /// Width in 1/65536 px of the hyphen shown at a soft-hyphen break.
    var hyphenWidth: Int
    /// `white-space: normal`: a collapsed space at a line end is dropped, and does not make the
    /// U+3000 after it hang (see `endsAt`).
    var collapsesSpaces = false

    /// The widest content, in 1/65536 px, that fits a line of `available` px: Blink's
    /// `LayoutUnit.fits` (content rounded up to 1/64 px may exceed the width floored to 1/64 px
    /// by one LayoutUnit), in integers.
    package static func limit(available: Double) -> Int {
        (Int((available * LayoutUnit.perPixel).rounded(.down)) + 1) * unitsPerLayoutUnit
    }

    /// How many offsets' numbers are written out at a time where the wrap loop needs them (a line
    /// across tabs, a cut inside a word): a line rarely holds more than a few hundred units.
    static let numbersStretch = 4096

    /// How many units from a line's start are read first by a break-anywhere cut in a script whose
    /// pieces are shaped again (`Paragraph.reshapedCut`; more when its line holds more), and the
    /// longest rest of a cut word shaped apart to see how its line start changes (see `startDiff`
    /// in `wrap`): Blink reshapes up to the first safe-to-break offset, near in real words.
    static let piecesWindow = 256

    /// How many units from a line's start a break-anywhere cut looks at to see whether the line
    /// is in a script whose pieces are shaped again (see `Paragraph.reshapedCut`).
    static let piecesSeen = 32

    /// 1/65536 px in a LayoutUnit of 1/64 px.
    package static let unitsPerLayoutUnit = Int(FontFace.harfBuzzUnitsPerPixel / LayoutUnit.perPixel)

    /// Wraps paragraph `p` of `text` within `limit` (see `limit(available:)`; every width it
    /// compares with the limit goes through `limit.admits`), calling `onLine`
    /// with each line in order; with `measuresLines` false the lines' widths are not worked out
    /// (0), for callers that need only their count and ranges. `offsetNumbers(range, x)` gives the
    /// numbers per offset of (at least) a range of the paragraph, x at its start being `x`: asked
    /// only for the words an emergency break cuts, and for a paragraph with tabs. `pieces()` gives
    /// the engine's `LinePieceShaper` set to the paragraph: asked for only on lines an emergency
    /// break cuts in scripts whose cut pieces are shaped again.
    @inline(__always)
    func wrap<Limit: WrapLimit>(_ text: PreparedText.Buffers, _ p: PreparedParagraph, limit: inout Limit,
                                measuresLines: Bool = true, offsetNumbers: (ClosedRange<Int>, Int) -> OffsetNumbers.View,
                                pieces: () -> LinePieceShaper, onLine: (WrappedLine) -> Void) {
        guard p.count > 0 else {
            onLine(WrappedLine(range: 0..<0, width: 0, endsWithInsertedHyphen: false))
            return
        }
        let paragraph = Paragraph(text, p, tabStop: tabStop, spaceAdvance: spaceAdvance)
        // Numbers per offset: those of the words the last emergency break cut (nil before it), or
        // across tabs (whose widths depend on where they fall) those of the line (see `coverTabs`).
        var numbers: OffsetNumbers.View?
        let breaks = text.breaks
        let breakEnd = p.breaks.upperBound
        // Offsets come with their x (from the paragraph's start) wherever they are kept.
        var lineStart = 0, lineStartX = 0
        // The line is read up to `scanned` (a break opportunity, at x `scannedAt`), which lies
        // `scannedX` from the line's start, trailing spaces included.
        var scanned = 0, scannedAt = 0
        var scannedX = 0
        // The last opportunity on this line where it may end: its content fits together with what
        // ending there adds (a hyphen, a split kerning pair); `lastBreak` is its index in `breaks`.
        var lastBreak = -1
        var breakIndex = p.breaks.lowerBound
        // How much wider the line is than its x says because its start was cut inside a word of a
        // script whose pieces are shaped again (see `LinePieceShaper`): the word's rest shaped
        // apart against its x in the paragraph, as Blink's ShapingLineBreaker::ShapeLine reshapes
        // a line's start up to the first safe-to-break offset and moves the available space by the
        // difference. 0 on every other line.
        var startDiff = 0
        // Whether the line starts where an emergency break cut a word.
        var startsInWord = false

        /// In a paragraph with tabs, widths are walked over numbers per offset: makes sure they
        /// cover the line from its start to `end` (written out a few thousand units at a time).
        @inline(__always)
        func coverTabs(to end: Int) {
            guard p.hasTabs else { return }
            if let view = numbers, view.covered.contains(lineStart), view.covered.contains(end) { return }
            numbers = offsetNumbers(lineStart...min(p.count, max(end, lineStart + Self.numbersStretch)), lineStartX)
        }

        /// The line from `start` (the line's start) to `end`, its content ending at `contentEnd`.
        func finishedLine(_ start: Int, _ startX: Int, _ end: Int, contentEnd: Int, contentX: Int,
                          hyphen: Bool) -> WrappedLine {
            guard measuresLines else { return WrappedLine(range: start..<end, width: 0, endsWithInsertedHyphen: hyphen) }
            coverTabs(to: contentEnd)
            let drawn = paragraph.width(start, startX, contentEnd, contentX, startWidth: 0, numbers)
                + paragraph.endAdjustment(start, contentEnd, numbers) + (hyphen ? hyphenWidth : 0) + startDiff
            return WrappedLine(range: start..<end, width: drawn, endsWithInsertedHyphen: hyphen)
        }

        /// Where the content of the line ends at an opportunity whose content ends at `end` (at x
        /// `endX`), with its x: there, or (spaces hanging back over the line's start) at the line's
        /// start, except that a line starting with U+3000 keeps it as content, as Blink's
        /// ShapingLineBreaker::ShapeLine ends a line at max(start + 1, the non-hangable run's end).
        func lineContentEnd(_ end: Int, _ endX: Int) -> (offset: Int, x: Int) {
            guard !paragraph.startsWithIdeographicSpace(lineStart, end) else {
                if numbers.map({ !$0.covered.contains(lineStart) || !$0.covered.contains(lineStart + 1) }) ?? true {
                    numbers = offsetNumbers(lineStart...(lineStart + 1), lineStartX)
                }
                return (lineStart + 1, numbers!.prefix[lineStart + 1])
            }
            return end < lineStart ? (lineStart, lineStartX) : (end, endX)
        }

        /// Where a line that ends at `end` (an opportunity, its content ending at `contentEnd`) ends
        /// once what hangs there is taken: Blink's LineBreaker::HandleTrailingSpaces hangs the
        /// whole run of spaces and U+3000 after the content, past the opportunity, where UAX #14
        /// may have none ("字\u{3000} \u{3000}---" is ["字\u{3000} \u{3000}", "---"], though ICU
        /// breaks only after the space); within its text item, which a tab ends (a tab is an item of
        /// its own); under `white-space: normal` only when the run starts with U+3000 (see `endsAt`).
        /// After a cut of the break-anywhere retry (`anywhere`), where every grapheme boundary is an
        /// opportunity, or after a tab that overflows the line (the line breaker is then past its
        /// end, hanging what follows), the whole run hangs, tabs and all. With its x.
        func hangingRunEnd(_ end: (offset: Int, x: Int), contentEnd: Int,
                           anywhere: Bool = false) -> (offset: Int, x: Int) {
            let units = paragraph.units
            guard end.offset < p.count, units[end.offset] == 0x3000,
                  anywhere || end.offset == 0 || units[end.offset - 1] != 0x09,
                  !collapsesSpaces || (contentEnd < end.offset && units[contentEnd] == 0x3000) else { return end }
            var runEnd = end.offset
            while runEnd < p.count && isHangingSpace(units[runEnd]) && (anywhere || units[runEnd] != 0x09) {
                runEnd += 1
            }
            numbers = offsetNumbers(end.offset...runEnd, end.x)
            return (runEnd, numbers!.prefix[runEnd])
        }

        /// Whether opportunity `offset` (at x `x`) comes right after a tab that ends past the line's
        /// end ("字\t\u{3000}---" at 45 px in Liberation Mono 20 px is ["字\t\u{3000}", "---"]).
        func tabOverflows(_ offset: Int, _ x: Int) -> Bool {
            guard offset < p.count, paragraph.units[offset] == 0x3000, paragraph.units[offset - 1] == 0x09 else {
                return false
            }
            coverTabs(to: offset)
            return !limit.admits(paragraph.width(lineStart, lineStartX, offset, x, startWidth: 0, numbers))
        }

        /// The last opportunity from `index` on (the paragraph's end after the last) whose content
        /// ends at `contentEnd` too: spaces that hang before it reach back over the ones before
        /// (only runs holding U+3000 have opportunities inside), and a line ending at any of them
        /// hangs the whole run. With its x.
        func lastSharingContent(_ index: Int, _ contentEnd: Int) -> (offset: Int, x: Int) {
            guard index < breakEnd else { return (p.count, p.width) }
            var k = index
            while k + 1 < breakEnd, Int(breaks[k + 1].contentEnd) <= contentEnd,
                  endsAt(breaks.offset(k + 1), contentEnd: contentEnd) {
                k += 1
            }
            if k + 1 == breakEnd, p.contentEnd <= contentEnd, endsAt(p.count, contentEnd: contentEnd) {
                return (p.count, p.width)
            }
            return (breaks.offset(k), breaks[k].x)
        }

        /// Whether a line may end at opportunity `offset`, its content ending at `contentEnd`.
        /// Under `white-space: normal` Blink's LineBreaker::HandleTrailingSpaces drops the one
        /// collapsed space after the content and ends the line there, so a U+3000 after that
        /// space starts the next line instead of hanging ("High \u{3000} Quality" is ["High ",
        /// "\u{3000} Quality"]): the opportunity after such a run is not a line's end (the one
        /// right after the space is). A run starting with U+3000 hangs whole, as under pre-wrap.
        func endsAt(_ offset: Int, contentEnd: Int) -> Bool {
            !collapsesSpaces || contentEnd + 1 >= offset || paragraph.units[contentEnd] != 0x20
        }

        while true {
            // A hyphen that starts a line keeps what follows it: Blink's break iterator starts again
            // at a line's start, so the character before the hyphen no longer counts. ICU's
            // hyphen before a letter (see `BreakKind.afterHyphen`), and Blink's "-" before a
            // digit, which it breaks only after a letter or digit ("ab-12" in a narrow box is
            // ["ab", "-1", "2"] in Chromium).
            if breakIndex < breakEnd, breaks.offset(breakIndex) == lineStart + 1, scanned == lineStart,
               breaks.kind(breakIndex) == .afterHyphen || paragraph.isHyphenBeforeDigit(at: lineStart) {
                breakIndex += 1
                continue
            }
            let isEnd = breakIndex >= breakEnd
            let next: Int, nextX: Int, kind: BreakKind
            var contentEnd: Int, contentX: Int
            if isEnd {
                (next, nextX, kind) = (p.count, p.width, .other)
                (contentEnd, contentX) = (p.contentEnd, p.contentWidth)
            } else {
                let opportunity = breaks[breakIndex]
                (next, nextX, kind) = (Int(opportunity.offset), opportunity.x, opportunity.kind)
                (contentEnd, contentX) = (Int(opportunity.contentEnd), opportunity.contentX)
            }
            // Under `white-space: normal` a space then U+3000 at the paragraph's end do not hang (see
            // `endsAt`): the last line holds them as content when they fit ("(1) \u{3000}" is one line).
            if isEnd && collapsesSpaces && !endsAt(next, contentEnd: max(contentEnd, lineStart)) {
                (contentEnd, contentX) = (p.count, p.width)
            }
            let content: Int
            if contentEnd < scanned || paragraph.startsWithIdeographicSpace(lineStart, contentEnd) {
                // Spaces that hang here reach back over the line's start or an opportunity already
                // read (only runs holding U+3000 have opportunities inside): the line's content
                // from its start.
                (contentEnd, contentX) = lineContentEnd(contentEnd, contentX)
                coverTabs(to: contentEnd)
                content = paragraph.width(lineStart, lineStartX, contentEnd, contentX, startWidth: 0, numbers)
            } else {
                coverTabs(to: contentEnd)
                content = scannedX
                    + paragraph.width(scanned, scannedAt, contentEnd, contentX, startWidth: scannedX, numbers)
            }
            let asLineEnd = content + paragraph.endAdjustment(lineStart, contentEnd, numbers)
                + (!isEnd && kind == .softHyphen ? hyphenWidth : 0) + startDiff

            if endsAt(next, contentEnd: contentEnd) && limit.admits(asLineEnd) {
                if isEnd {
                    onLine(WrappedLine(range: lineStart..<p.count, width: measuresLines ? asLineEnd : 0,
                                       endsWithInsertedHyphen: false))
                    return
                }
                lastBreak = breakIndex
            } else if isEnd || !limit.admits(content + startDiff) {
                if lastBreak >= 0, breaks.offset(lastBreak) > lineStart {
                    // End the line at the last opportunity that fitted; read on from there.
                    let opportunity = breaks[lastBreak]
                    let end = lineContentEnd(Int(opportunity.contentEnd), opportunity.contentX)
                    let lineEnd = hangingRunEnd((Int(opportunity.offset), opportunity.x), contentEnd: end.offset,
                                                anywhere: tabOverflows(Int(opportunity.offset), opportunity.x))
                    onLine(finishedLine(lineStart, lineStartX, lineEnd.offset, contentEnd: end.offset,
                                        contentX: end.x, hyphen: opportunity.kind == .softHyphen))
                    if lineEnd.offset == p.count { return }
                    (lineStart, lineStartX) = lineEnd
                    startDiff = 0
                    startsInWord = false
                    breakIndex = lastBreak + 1
                    while breakIndex < breakEnd && breaks.offset(breakIndex) <= lineStart { breakIndex += 1 }
                } else {
                    // Nothing fits before the first opportunity on this line: break inside the word.
                    let cut = paragraph.emergencyBreak(from: lineStart, lineStartX, to: contentEnd, limit: &limit,
                                                       numbers: &numbers, offsetNumbers: offsetNumbers,
                                                       startDiff: startDiff, startsInWord: startsInWord,
                                                       pieces: pieces)
                    // A cut after all of the content (a cluster wider than the line) ends the line at
                    // the opportunity itself: the spaces there hang on it, as on any line, and no
                    // empty line follows at the paragraph's end (Chromium: "W W" in a box narrower
                    // than "W" is ["W ", "W"]).
                    let end = cut.offset >= contentEnd ? hangingRunEnd(lastSharingContent(breakIndex, contentEnd),
                                                                       contentEnd: contentEnd, anywhere: true)
                        : (cut.offset, cut.x)
                    if measuresLines, let drawn = cut.reshapedWidth {
                        onLine(WrappedLine(range: lineStart..<end.0, width: drawn, endsWithInsertedHyphen: false))
                    } else {
                        onLine(finishedLine(lineStart, lineStartX, end.0, contentEnd: cut.contentEnd,
                                            contentX: cut.contentX, hyphen: false))
                    }
                    if end.0 == p.count { return }
                    (lineStart, lineStartX) = end
                    startsInWord = end.0 < contentEnd
                    startDiff = cut.reshapedWidth == nil || end.0 >= contentEnd ? 0
                        : paragraph.restDiff(from: end.0, to: contentEnd, numbers, pieces())
                    while breakIndex > p.breaks.lowerBound && breaks.offset(breakIndex - 1) > lineStart { breakIndex -= 1 }
                    while breakIndex < breakEnd && breaks.offset(breakIndex) <= lineStart { breakIndex += 1 }
                }
                (scanned, scannedAt) = (lineStart, lineStartX)
                scannedX = 0
                lastBreak = -1
                continue
            }
            // Otherwise the line cannot end here (the hyphen or a split kerning pair would overflow
            // it), but its content still fits: read on past this opportunity.
            coverTabs(to: next)
            scannedX += paragraph.width(scanned, scannedAt, next, nextX, startWidth: scannedX, numbers)
            (scanned, scannedAt) = (next, nextX)
            breakIndex += 1
        }
    }

    /// How many lines paragraph `p` of `text` takes within `limit`.
    func lineCount<Limit: WrapLimit>(_ text: PreparedText.Buffers, _ p: PreparedParagraph, limit: inout Limit,
                                     offsetNumbers: (ClosedRange<Int>, Int) -> OffsetNumbers.View,
                                     pieces: () -> LinePieceShaper) -> Int {
        var count = 0
        wrap(text, p, limit: &limit, measuresLines: false, offsetNumbers: offsetNumbers,
             pieces: pieces) { _ in count += 1 }
        return count
    }

    /// A paragraph's numbers seen from its start (offset 0 is its first unit).
    private struct Paragraph {
        let units: UnsafePointer<UInt16>
        let count: Int
        let width: Int
        let hasTabs: Bool
        let hasSoftHyphens: Bool
        let tabStop: Int
        let spaceAdvance: Int
        /// Line-end adjustments at break opportunities, when the text keeps no numbers per offset.
        let stopAdjustments: UnsafeBufferPointer<StopAdjustment>
        let stopAdjustmentRange: Range<Int>

        init(_ text: PreparedText.Buffers, _ p: PreparedParagraph, tabStop: Int, spaceAdvance: Int) {
            units = text.units.baseAddress! + p.start
            count = p.count
            width = p.width
            hasTabs = p.hasTabs
            hasSoftHyphens = p.hasSoftHyphens
            self.tabStop = tabStop
            self.spaceAdvance = spaceAdvance
            stopAdjustments = text.stopAdjustments
            stopAdjustmentRange = p.stopAdjustments
        }

        /// Whether the spaces that hang before an opportunity, from `contentEnd` on, reach back to
        /// a line starting at `lineStart` with U+3000 IDEOGRAPHIC SPACE (a line starts inside such
        /// a run only after an opportunity between a space and U+3000).
        @inline(__always)
        func startsWithIdeographicSpace(_ lineStart: Int, _ contentEnd: Int) -> Bool {
            contentEnd <= lineStart && lineStart < count && units[lineStart] == 0x3000
        }

        /// Whether an ASCII "-" at `i` is followed by an ASCII digit.
        @inline(__always)
        func isHyphenBeforeDigit(at i: Int) -> Bool {
            i + 1 < count && units[i] == 0x2D && units[i + 1] &- 0x30 < 10
        }

        /// How much wider the line `s..<e` is than the sum of its advances, because of what happens
        /// at its end (see `OffsetNumbers.lineEndAdjustments`; `numbers`: those the wrap loop has).
        @inline(__always)
        func endAdjustment(_ s: Int, _ e: Int, _ numbers: OffsetNumbers.View?) -> Int {
            guard e > s else { return 0 }
            if let numbers, numbers.covered.contains(e) { return numbers.lineEndAdjustments[e] }
            return stopAdjustmentRange.isEmpty ? 0 : stopAdjustments.value(at: e, in: stopAdjustmentRange)
        }

        /// What cutting a ligature adds to the width of `s..<e` (0 where no cut inside one is kept).
        @inline(__always)
        func splitCorrection(_ s: Int, _ e: Int, _ numbers: OffsetNumbers.View?) -> Int {
            guard let numbers, let splits = numbers.ligatureSplits else { return 0 }
            return (numbers.covered.contains(e) ? splits[e].endCorrection : 0)
                + (numbers.covered.contains(s) ? splits[s].startCorrection : 0)
        }

        /// Width of `s..<e` (at x `sx` and `ex` from the paragraph's start) when it begins
        /// `startWidth` into the line (tabs depend on it).
        @inline(__always)
        func width(_ s: Int, _ sx: Int, _ e: Int, _ ex: Int, startWidth: Int, _ numbers: OffsetNumbers.View?) -> Int {
            guard hasTabs else { return ex - sx + splitCorrection(s, e, numbers) }
            // Only shaped texts hold tabs; the line's numbers were written out (see `coverTabs`).
            let prefix = numbers!.prefix
            var x = startWidth + splitCorrection(s, e, numbers)
            for i in s..<e {
                if units[i] == 0x09 {
                    x += tabAdvance(at: x)
                } else {
                    x += prefix[i + 1] - prefix[i]
                }
            }
            return x - startWidth
        }

        /// A tab advances to the next tab stop; when that is less than half a space away, to the
        /// one after.
        @inline(__always)
        func tabAdvance(at x: Int) -> Int {
            guard tabStop > 0 else { return 0 }
            var distance = tabStop - x % tabStop
            if 2 * distance < spaceAdvance { distance += tabStop }
            return distance
        }

        /// When nothing fits after `s` and `s` starts a ligature that may be cut: the last cut inside
        /// it, so that its first letters but the last go together ("office" in DejaVu Sans 30 px
        /// in a 1 px box is ["o", "ff", "i", "c", "e"] in Chromium). Blink's ShapingLineBreaker
        /// takes as candidate the last offset whose position is within the line, and every offset
        /// of a ligature has its start's position (ShapeResult::ComputePositionData), then breaks at
        /// the opportunity before that candidate, a grapheme boundary in the break-anywhere retry.
        func overflowingLigatureCut(from s: Int, to last: Int, _ view: OffsetNumbers.View) -> Int? {
            guard let splits = view.ligatureSplits, !splits[s].isInsideCluster else { return nil }
            var inside: Int?
            var i = s + 1
            while i <= min(last, view.covered.upperBound) {
                if view.cuttable[i] {
                    guard splits[i].isInsideCluster else { break }
                    inside = i
                }
                i += 1
            }
            return inside
        }

        /// Where the content of a line from `s` cut at `i` ends: before the U+3000 run that ends at
        /// the cut, which hangs as at an opportunity (Blink's break-anywhere retry breaks at every
        /// grapheme boundary, and LineBreaker::HandleTrailingSpaces hangs U+3000 at any of them, even
        /// where UAX #14 has no break after it, as before "-"), but never before `s + 1`.
        @inline(__always)
        func contentEnd(ofCut i: Int, from s: Int) -> Int {
            guard i > s + 1, i <= count, units[i - 1] == 0x3000 else { return i }
            var end = i - 1
            while end > s + 1 && isHangingSpace(units[end - 1]) { end -= 1 }
            return end
        }

        /// The last cut after `s` (at x `sx`; not past `e`) where the line still fits, other than
        /// beside a soft hyphen; at least one grapheme cluster, so that every line makes progress.
        /// With its x, and where the line's content ends there (see `contentEnd(ofCut:from:)`).
        func emergencyBreak<Limit: WrapLimit>(from s: Int, _ sx: Int, to e: Int, limit: inout Limit,
                                              numbers: inout OffsetNumbers.View?,
                                              offsetNumbers: (ClosedRange<Int>, Int) -> OffsetNumbers.View,
                                              startDiff: Int, startsInWord: Bool, pieces: () -> LinePieceShaper)
            -> (offset: Int, x: Int, contentEnd: Int, contentX: Int, reshapedWidth: Int?) {
            let last = min(max(e, s + 1), count)
            // The numbers from `s` on, a stretch at a time: a line rarely holds more than a few
            // hundred units, and a word may hold millions.
            // (Those of the last cut cover the next line's start, and some way past it; not far
            // enough when that cut's word ended sooner, at a hyphen that this line's start then
            // keeps with the rest: the cut would stop where they end, right after the hyphen.)
            var stretch = LineWrapper.numbersStretch
            if numbers.map({ !$0.covered.contains(s) || !$0.covered.contains(min(last, s + stretch / 2)) }) ?? true {
                numbers = offsetNumbers(s...min(last, s + stretch), sx)
            }
            var view = numbers!
            // A line that starts inside a ligature of letters reshapes its start too: the letters
            // after the cut may form a ligature again ("waffle" in DejaVu Serif 30 px in a 20 px
            // box is ["w", "a", "f", "fl", "e"] in Chromium).
            if startDiff != 0 || LinePieceShaper.reshapesPieces(units, s..<min(last, s + LineWrapper.piecesSeen))
                || (view.ligatureSplits.map { $0[s].isCut } ?? false) {
                let pieces = pieces()
                // Blink's break iterator starts again at the line's start (LazyLineBreakIterator's
                // start offset), so in a dictionary script the rest of a cut word may hold word
                // boundaries the whole word does not ("ປະເທດ" cut after "ປ": "ະ|ເທດ"); the line
                // breaker takes them before it retries with grapheme boundaries.
                if startsInWord && LinePieceShaper.findsWordsAgain(units[s]),
                   case let restart = pieces.opportunities(from: s, to: last), !restart.isEmpty,
                   let cut = reshapedCut(from: s, to: last, limit: &limit, view, pieces,
                                         isBoundary: { restart.contains($0) }, overflows: false) {
                    let x = view.prefix[cut.offset]
                    return (cut.offset, x, cut.offset, x, cut.width)
                }
                if let cut = reshapedCut(from: s, to: last, limit: &limit, view, pieces,
                                         isBoundary: { view.cuttable[$0] }, overflows: true) {
                    let x = cut.offset == count ? width : view.prefix[cut.offset]
                    return (cut.offset, x, cut.offset, x, cut.width)
                }
            }
            var best: Int?
            var firstBoundary: Int?
            var i = s + 1
            while i <= last {
                if i > view.covered.upperBound {
                    stretch = max(stretch, 2 * (i - s))
                    numbers = offsetNumbers(s...min(last, s + stretch), sx)
                    view = numbers!
                }
                // Chromium never cuts right before or after a soft hyphen without showing the
                // hyphen (and with it, the soft-hyphen opportunity itself did not fit). But when
                // nothing fits, the first grapheme cluster goes alone even if a soft hyphen follows
                // it, and the next line starts with that soft hyphen, whose own opportunity may then
                // make a line of just the hyphen: Blink's ShapingLineBreaker, when no opportunity
                // fits, takes the first one after the line's start (`NextBreakOpportunity`),
                // here a grapheme boundary of the break-anywhere retry. "x\u{AD}a" (DejaVu Sans,
                // 13 px) in a 7 px box is ["x", "\u{AD}", "a"] in Chromium.
                let besideSoftHyphen = hasSoftHyphens
                    && ((i < count && units[i] == 0xAD) || units[i - 1] == 0xAD)
                if view.cuttable[i] {
                    if firstBoundary == nil { firstBoundary = i }
                    if besideSoftHyphen {
                        // Not a cut that fits; the first boundary at most.
                    } else if case let end = contentEnd(ofCut: i, from: s),
                              limit.admits(width(s, sx, end, view.prefix[end], startWidth: 0, view)
                                           + endAdjustment(s, end, view)) {
                        best = i
                    } else {
                        break
                    }
                }
                i += 1
            }
            var cut = best ?? overflowingLigatureCut(from: s, to: last, view) ?? firstBoundary ?? count
            var end = contentEnd(ofCut: cut, from: s)
            // U+3000 right after the cut hangs there too ("b\u{3000}--" in a box narrower than "b"
            // is ["b\u{3000}", "-", "-"] in Chromium).
            if cut < count && units[cut] == 0x3000 && units[cut - 1] != 0x09 {
                end = cut
                while cut < min(last, view.covered.upperBound) && isHangingSpace(units[cut]) && units[cut] != 0x09 {
                    cut += 1
                }
            }
            return (cut, cut == count ? width : view.prefix[cut], end, end == count ? width : view.prefix[end], nil)
        }

        /// Blink's ShapingLineBreaker::ShapeLine in the break-anywhere retry (every grapheme
        /// boundary an opportunity), over a line from `s` in a script whose cut pieces are shaped
        /// again (see `LinePieceShaper`): the start is shaped again up to the first safe-to-break
        /// offset and the available space moved by the difference; the candidate is the last
        /// offset whose position fits (an offset inside a cluster at the cluster's start); the
        /// line ends at the grapheme boundary before it, its end shaped again from the last safe
        /// offset and stepped back while that does not fit; with no safe offset between the start
        /// and that boundary the line is the two shaped whole, fitting or not; when nothing fits,
        /// the boundary before the candidate, else the one after. The boundaries are those
        /// `isBoundary` says (grapheme boundaries, or word boundaries found again); with
        /// `overflows` false, nil instead of a line that overflows. The cut (not past `last`) and
        /// the line's width; nil when the numbers `view` covers end before the line could.
        func reshapedCut<Limit: WrapLimit>(from s: Int, to last: Int, limit: inout Limit, _ view: OffsetNumbers.View,
                                           _ pieces: LinePieceShaper, isBoundary: (Int) -> Bool,
                                           overflows: Bool) -> (offset: Int, width: Int)? {
            let end = min(last, view.covered.upperBound)
            guard end > s else { return nil }
            // The paragraph's shaping is read from the word's start (at most 32 units back), so
            // that `s` has its context there.
            var origin = s
            while origin > 0 && s - origin < 32 && !isHangingSpace(units[origin - 1]) { origin -= 1 }
            var windowEnd = min(end, s + LineWrapper.piecesWindow)
            window: while true {
                let original = pieces.original(origin..<windowEnd)
                func position(_ i: Int) -> Int { original.positions[i - original.origin] }
                func isSafe(_ i: Int) -> Bool { original.safe[i - original.origin] }
                func previousBoundary(_ offset: Int) -> Int? {
                    var b = offset
                    while b > s {
                        if isBoundary(b) { return b }
                        b -= 1
                    }
                    return nil
                }
                func nextBoundary(_ offset: Int) -> Int {
                    var b = offset
                    while b < end && !isBoundary(b) { b += 1 }
                    return b
                }
                var firstSafe = s
                while firstSafe < windowEnd && !isSafe(firstSafe) { firstSafe += 1 }
                var candidate = s
                let diff = firstSafe == s ? 0 : pieces.width(s..<firstSafe) - (position(firstSafe) - position(s))
                if firstSafe != s { pieces.recordStart(s, safe: firstSafe) }
                while candidate < windowEnd && limit.admits(position(candidate + 1) - position(s) + diff) {
                    candidate += 1
                }
                var overflow = false
                var b = 0
                if let previous = previousBoundary(candidate) {
                    b = previous
                } else {
                    guard overflows else { return nil }
                    overflow = true
                    b = nextBoundary(max(candidate, s + 1))
                }
                if candidate == windowEnd || b > windowEnd || (firstSafe == windowEnd && windowEnd < end) {
                    // The line may reach past the window: a wider one, up to what the numbers cover.
                    if windowEnd < end {
                        windowEnd = min(end, s + 4 * (windowEnd - s))
                        continue window
                    }
                    if candidate == windowEnd && end == last { return (last, position(last) - position(s) + diff) }
                    if b > windowEnd { return nil }
                }
                if firstSafe >= b {
                    let width = pieces.width(s..<b)
                    pieces.recordStart(s, safe: b)
                    return (b, width)
                }
                while true {
                    var lastSafe = b
                    while lastSafe > s && !isSafe(lastSafe) { lastSafe -= 1 }
                    if lastSafe == b { return (b, position(b) - position(s) + diff) }
                    let startWidth = lastSafe < firstSafe ? 0 : position(firstSafe) - position(s) + diff
                    if lastSafe < firstSafe { lastSafe = s }
                    let endWidth = pieces.width(lastSafe..<b)
                    let total = lastSafe == s ? endWidth
                        : startWidth + position(lastSafe) - position(firstSafe) + endWidth
                    if overflow || limit.admits(endWidth + position(lastSafe) - position(s) + diff) {
                        // The piece shaped last is this end's (or the whole line's).
                        if lastSafe == s { pieces.recordStart(s, safe: b) } else { pieces.recordEnd(b, safe: lastSafe) }
                        return (b, total)
                    }
                    if let previous = previousBoundary(b - 1) {
                        b = previous
                        continue
                    }
                    guard overflows else { return nil }
                    overflow = true
                    b = previousBoundary(candidate) ?? nextBoundary(max(candidate, s + 1))
                }
            }
        }

        /// How much wider a line starting with the rest of a word, cut at `s` (the word ending at
        /// `e`), is than its x says, its start shaped again up to the first safe-to-break offset
        /// (see `startDiff` in `wrap`; at most `LineWrapper.piecesWindow` units on); 0 where
        /// `numbers` do not cover it.
        func restDiff(from s: Int, to e: Int, _ numbers: OffsetNumbers.View?, _ pieces: LinePieceShaper) -> Int {
            let end = min(e, s + LineWrapper.piecesWindow)
            guard let numbers, numbers.covered.contains(s), numbers.covered.contains(end) else { return 0 }
            var origin = s
            while origin > 0 && s - origin < 32 && !isHangingSpace(units[origin - 1]) { origin -= 1 }
            let original = pieces.original(origin..<end)
            var firstSafe = s
            while firstSafe < end && !original.safe[firstSafe - original.origin] { firstSafe += 1 }
            guard firstSafe > s else { return 0 }
            let diff = pieces.width(s..<firstSafe) - (numbers.prefix[firstSafe] - numbers.prefix[s])
            pieces.recordStart(s, safe: firstSafe)
            return diff
        }
    }
}
