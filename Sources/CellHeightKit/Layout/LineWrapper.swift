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
struct LineWrapper {
    /// Width of one tab stop in 1/65536 px: 8 (CSS `tab-size: 8`) times the primary font's space.
    var tabStop: Int
    /// The primary font's space advance in 1/65536 px: a tab is never narrower than half of it.
    var spaceAdvance: Int
    /// Width in 1/65536 px of the hyphen shown at a soft-hyphen break.
    var hyphenWidth: Int

    /// The widest content, in 1/65536 px, that fits a line of `available` px: Blink's
    /// `LayoutUnit.fits` (content rounded up to 1/64 px may exceed the width floored to 1/64 px
    /// by one LayoutUnit), in integers.
    static func limit(available: Double) -> Int {
        (Int((available * LayoutUnit.perPixel).rounded(.down)) + 1) * unitsPerLayoutUnit
    }

    /// 1/65536 px in a LayoutUnit of 1/64 px.
    static let unitsPerLayoutUnit = Int(FontFace.harfBuzzUnitsPerPixel / LayoutUnit.perPixel)

    /// Wraps paragraph `p` of `text` within `limit` (see `limit(available:)`), calling `onLine`
    /// with each line in order; with `measuresLines` false the lines' widths are not worked out
    /// (0), for callers that need only their count and ranges.
    @inline(__always)
    func wrap(_ text: PreparedText.Buffers, _ p: PreparedParagraph, limit: Int, measuresLines: Bool = true,
              onLine: (WrappedLine) -> Void) {
        let paragraph = Paragraph(text, p, tabStop: tabStop, spaceAdvance: spaceAdvance)
        guard p.count > 0 else {
            onLine(WrappedLine(range: 0..<0, width: 0, endsWithInsertedHyphen: false))
            return
        }
        // (Never read when the paragraph has no break: an empty array may have no storage.)
        let breaks = text.breaks.baseAddress ?? UnsafePointer(bitPattern: MemoryLayout<BreakOpportunity>.alignment)!
        let contentEnds = text.breakContentEnds.baseAddress ?? UnsafePointer(bitPattern: MemoryLayout<Int>.alignment)!
        let breakEnd = p.breaks.upperBound
        var lineStart = 0
        // The line is read up to `scanned` (a break opportunity), which lies `scannedX` from the
        // line's start, trailing spaces included.
        var scanned = 0
        var scannedX = 0
        // The last opportunity on this line where it may end: its content fits together with what
        // ending there adds (a hyphen, a split kerning pair); `lastBreak` is its index in `breaks`.
        var lastBreak = -1
        var breakIndex = p.breaks.lowerBound

        func finishedLine(_ start: Int, _ end: Int, contentEnd: Int, hyphen: Bool) -> WrappedLine {
            guard measuresLines else { return WrappedLine(range: start..<end, width: 0, endsWithInsertedHyphen: hyphen) }
            let drawn = paragraph.width(start, contentEnd, startX: 0) + paragraph.endAdjustment(start, contentEnd)
                + (hyphen ? hyphenWidth : 0)
            return WrappedLine(range: start..<end, width: drawn, endsWithInsertedHyphen: hyphen)
        }

        while true {
            // A hyphen that starts a line keeps what follows it: Blink's break iterator starts again
            // at a line's start, so the character before the hyphen no longer counts. ICU's
            // hyphen before a letter (see `BreakKind.afterHyphen`), and Blink's "-" before a
            // digit, which it breaks only after a letter or digit ("ab-12" in a narrow box is
            // ["ab", "-1", "2"] in Chromium).
            if breakIndex < breakEnd, breaks[breakIndex].offset == lineStart + 1, scanned == lineStart,
               breaks[breakIndex].kind == .afterHyphen || paragraph.isHyphenBeforeDigit(at: lineStart) {
                breakIndex += 1
                continue
            }
            let isEnd = breakIndex >= breakEnd
            let next = isEnd ? p.count : breaks[breakIndex].offset
            let kind = isEnd ? BreakKind.other : breaks[breakIndex].kind
            let contentEnd = max(scanned, isEnd ? p.contentEnd : contentEnds[breakIndex])
            let content = scannedX + paragraph.width(scanned, contentEnd, startX: scannedX)
            let asLineEnd = content + paragraph.endAdjustment(lineStart, contentEnd)
                + (!isEnd && kind == .softHyphen ? hyphenWidth : 0)

            if asLineEnd <= limit {
                if isEnd {
                    onLine(WrappedLine(range: lineStart..<p.count, width: measuresLines ? asLineEnd : 0,
                                       endsWithInsertedHyphen: false))
                    return
                }
                lastBreak = breakIndex
            } else if isEnd || content > limit {
                if lastBreak >= 0, breaks[lastBreak].offset > lineStart {
                    // End the line at the last opportunity that fitted; read on from there.
                    let end = breaks[lastBreak].offset
                    onLine(finishedLine(lineStart, end, contentEnd: max(lineStart, contentEnds[lastBreak]),
                                        hyphen: breaks[lastBreak].kind == .softHyphen))
                    lineStart = end
                    breakIndex = lastBreak + 1
                } else {
                    // Nothing fits before the first opportunity on this line: break inside the word.
                    let cut = paragraph.emergencyBreak(from: lineStart, to: contentEnd, limit: limit)
                    // A cut after all of the content (a cluster wider than the line) ends the line at
                    // the opportunity itself: the spaces there hang on it, as on any line, and no
                    // empty line follows at the paragraph's end (Chromium: "W W" in a box narrower
                    // than "W" is ["W ", "W"]).
                    let end = cut >= contentEnd ? next : cut
                    onLine(finishedLine(lineStart, end, contentEnd: cut, hyphen: false))
                    if cut >= contentEnd && isEnd { return }
                    lineStart = end
                    while breakIndex > p.breaks.lowerBound && breaks[breakIndex - 1].offset > end { breakIndex -= 1 }
                    while breakIndex < breakEnd && breaks[breakIndex].offset <= end { breakIndex += 1 }
                }
                scanned = lineStart
                scannedX = 0
                lastBreak = -1
                continue
            }
            // Otherwise the line cannot end here (the hyphen or a split kerning pair would overflow
            // it), but its content still fits: read on past this opportunity.
            scannedX += paragraph.width(scanned, next, startX: scannedX)
            scanned = next
            breakIndex += 1
        }
    }

    /// How many lines paragraph `p` of `text` takes within `limit`.
    func lineCount(_ text: PreparedText.Buffers, _ p: PreparedParagraph, limit: Int) -> Int {
        var count = 0
        wrap(text, p, limit: limit, measuresLines: false) { _ in count += 1 }
        return count
    }

    /// A paragraph's numbers seen from its start (offset 0 is its first unit).
    private struct Paragraph {
        let units: UnsafePointer<UInt16>
        let prefix: UnsafePointer<Int>
        let adjustments: UnsafePointer<Int>
        let cuttable: UnsafePointer<Bool>
        let splits: UnsafePointer<LigatureSplit>?
        let count: Int
        let hasTabs: Bool
        let hasSoftHyphens: Bool
        let tabStop: Int
        let spaceAdvance: Int

        init(_ text: PreparedText.Buffers, _ p: PreparedParagraph, tabStop: Int, spaceAdvance: Int) {
            units = text.units.baseAddress! + p.start
            prefix = text.prefix.baseAddress! + p.start
            adjustments = text.lineEndAdjustments.baseAddress! + p.start
            cuttable = text.cuttable.baseAddress! + p.start
            splits = text.ligatureSplits.isEmpty ? nil : text.ligatureSplits.baseAddress! + p.start
            count = p.count
            hasTabs = p.hasTabs
            hasSoftHyphens = p.hasSoftHyphens
            self.tabStop = tabStop
            self.spaceAdvance = spaceAdvance
        }

        /// Whether an ASCII "-" at `i` is followed by an ASCII digit.
        @inline(__always)
        func isHyphenBeforeDigit(at i: Int) -> Bool {
            i + 1 < count && units[i] == 0x2D && units[i + 1] &- 0x30 < 10
        }

        /// How much wider the line `s..<e` is than the sum of its advances, because of what happens
        /// at its end (see `PreparedText.lineEndAdjustments`).
        @inline(__always)
        func endAdjustment(_ s: Int, _ e: Int) -> Int { e > s ? adjustments[e] : 0 }

        /// Width of `s..<e` when it begins `startX` into the line (tabs depend on it).
        @inline(__always)
        func width(_ s: Int, _ e: Int, startX: Int) -> Int {
            var splitCorrection = 0
            if let splits { splitCorrection = splits[e].endCorrection + splits[s].startCorrection }
            guard hasTabs else { return prefix[e] - prefix[s] + splitCorrection }
            var x = startX + splitCorrection
            for i in s..<e {
                if units[i] == 0x09 {
                    x += tabAdvance(at: x)
                } else {
                    x += prefix[i + 1] - prefix[i]
                }
            }
            return x - startX
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

        /// The last cut after `s` (and not past `e`) where the line still fits, other than beside
        /// a soft hyphen; at least one grapheme cluster, so that every line makes progress.
        func emergencyBreak(from s: Int, to e: Int, limit: Int) -> Int {
            var best: Int?
            var firstBoundary: Int?
            var i = s + 1
            let last = max(e, s + 1)
            while i <= last && i <= count {
                // Chromium never cuts right before or after a soft hyphen without showing the
                // hyphen (and with it, the soft-hyphen opportunity itself did not fit).
                let besideSoftHyphen = hasSoftHyphens
                    && ((i < count && units[i] == 0xAD) || units[i - 1] == 0xAD)
                if cuttable[i] && !besideSoftHyphen {
                    if firstBoundary == nil { firstBoundary = i }
                    if width(s, i, startX: 0) + endAdjustment(s, i) <= limit { best = i } else { break }
                }
                i += 1
            }
            return best ?? firstBoundary ?? count
        }
    }
}
