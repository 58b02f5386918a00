/// One line as the wrapper cut it, before heights and texts are attached.
struct WrappedLine: Equatable {
    /// UTF-16 offsets inside the paragraph, e.g. 0..<18 (hanging spaces included).
    var range: Range<Int>
    /// Width in px of what is drawn: without hanging spaces, with an inserted hyphen.
    var width: Double
    var endsWithInsertedHyphen: Bool
}

/// Greedy line breaking as browsers do it, over a prepared paragraph: take each break
/// opportunity while the content before it fits; spaces and tabs at a break hang; a word too
/// wide for an empty line is cut at the last grapheme boundary that fits
/// (`overflow-wrap: break-word`). Pure arithmetic: no font, shaping or ICU calls.
struct LineWrapper {
    /// Width in px of one tab stop: 8 (CSS `tab-size: 8`) times the primary font's space advance.
    var tabStop: Double
    /// The primary font's space advance in px: a tab is never narrower than half of it.
    var spaceAdvance: Double
    /// Width in px of the hyphen shown at a soft-hyphen break.
    var hyphenWidth: Double

    func wrap(_ p: PreparedParagraph, width available: Double) -> [WrappedLine] {
        guard p.count > 0 else { return [WrappedLine(range: 0..<0, width: 0, endsWithInsertedHyphen: false)] }
        var lines: [WrappedLine] = []
        var lineStart = 0
        // Content taken on the current line so far ends at `committed` (a break opportunity),
        // and takes `committedX` px including its trailing spaces.
        var committed = 0
        var committedX = 0.0
        var committedKind = BreakKind.other
        var breakIndex = 0
        // Where the hanging spaces before break `trimmedBreak` start, found once per break: a long
        // run of spaces after a word cut into many lines would otherwise be walked for every line.
        var trimmedBreak = -1
        var trimmedEnd = 0

        while true {
            // A hyphen that starts a line keeps the letter after it (see `BreakKind.afterHyphen`).
            if breakIndex < p.breaks.count, p.breaks[breakIndex].kind == .afterHyphen,
               p.breaks[breakIndex].offset == lineStart + 1, committed == lineStart {
                breakIndex += 1
                continue
            }
            let nextOffset = breakIndex < p.breaks.count ? p.breaks[breakIndex].offset : p.count
            let nextKind = breakIndex < p.breaks.count ? p.breaks[breakIndex].kind : .other
            let isEnd = breakIndex >= p.breaks.count
            if trimmedBreak != breakIndex {
                trimmedBreak = breakIndex
                trimmedEnd = trimHangingSpaces(p, from: 0, to: nextOffset)
            }
            let contentEnd = max(committed, trimmedEnd)
            var candidate = committedX + width(p, committed, contentEnd, startX: committedX) + endAdjustment(p, lineStart, contentEnd)
            if !isEnd, nextKind == .softHyphen { candidate += hyphenWidth }

            if LayoutUnit.fits(candidate, in: available) {
                if isEnd {
                    lines.append(WrappedLine(range: lineStart..<p.count, width: candidate, endsWithInsertedHyphen: false))
                    return lines
                }
                committedX += width(p, committed, nextOffset, startX: committedX)
                committed = nextOffset
                committedKind = nextKind
                breakIndex += 1
                continue
            }
            if committed > lineStart {
                // Break at the last opportunity that fitted; the overflowing segment starts the next line.
                lines.append(finishedLine(p, lineStart, committed, hyphen: committedKind == .softHyphen))
                lineStart = committed
                committedX = 0
                continue
            }
            // Nothing fits before the first opportunity on this line: break inside the word.
            let cut = emergencyBreak(p, from: lineStart, to: contentEnd, available: available)
            lines.append(WrappedLine(range: lineStart..<cut, width: width(p, lineStart, cut, startX: 0) + endAdjustment(p, lineStart, cut),
                                     endsWithInsertedHyphen: false))
            lineStart = cut
            committed = cut
            committedX = 0
            // The cut can pass break opportunities (when no grapheme boundary fits before them it
            // falls back to the first one after, or the paragraph's end): they are behind the line now.
            while breakIndex < p.breaks.count && p.breaks[breakIndex].offset < cut { breakIndex += 1 }
        }
    }

    private func finishedLine(_ p: PreparedParagraph, _ start: Int, _ end: Int, hyphen: Bool) -> WrappedLine {
        let contentEnd = trimHangingSpaces(p, from: start, to: end)
        let drawn = width(p, start, contentEnd, startX: 0) + endAdjustment(p, start, contentEnd)
            + (hyphen ? hyphenWidth : 0)
        return WrappedLine(range: start..<end, width: drawn, endsWithInsertedHyphen: hyphen)
    }

    /// The last grapheme boundary after `start` (and not past `end`) where the line still fits,
    /// other than beside a soft hyphen; at least one grapheme cluster, so that every line makes
    /// progress.
    private func emergencyBreak(_ p: PreparedParagraph, from start: Int, to end: Int, available: Double) -> Int {
        var best: Int?
        var firstBoundary: Int?
        var i = start + 1
        let limit = max(end, start + 1)
        while i <= limit && i <= p.count {
            // Chromium never cuts right before or after a soft hyphen without showing the hyphen
            // (and with it, the soft-hyphen opportunity itself did not fit).
            let besideSoftHyphen = (i < p.count && p.units[i] == 0xAD) || p.units[i - 1] == 0xAD
            if p.graphemeBoundaries[i] && !besideSoftHyphen {
                if firstBoundary == nil { firstBoundary = i }
                let w = width(p, start, i, startX: 0) + endAdjustment(p, start, i)
                if LayoutUnit.fits(w, in: available) { best = i } else { break }
            }
            i += 1
        }
        return best ?? firstBoundary ?? p.count
    }

    /// How much wider the line `start..<end` is than the sum of its advances, because of what
    /// happens at its end (see `PreparedParagraph.lineEndAdjustments`).
    @inline(__always)
    private func endAdjustment(_ p: PreparedParagraph, _ start: Int, _ end: Int) -> Double {
        end > start && !p.lineEndAdjustments.isEmpty ? p.lineEndAdjustments[end] ?? 0 : 0
    }

    @inline(__always)
    private func trimHangingSpaces(_ p: PreparedParagraph, from start: Int, to end: Int) -> Int {
        var e = end
        while e > start && p.isHangingSpace(e - 1) { e -= 1 }
        return e
    }

    /// Width in px of `start..<end` when it begins `startX` px into the line (tabs depend on it).
    @inline(__always)
    func width(_ p: PreparedParagraph, _ start: Int, _ end: Int, startX: Double) -> Double {
        var splitCorrection = 0.0
        if !p.ligatureSplits.isEmpty {
            splitCorrection = (p.ligatureSplits[end]?.endCorrection ?? 0) + (p.ligatureSplits[start]?.startCorrection ?? 0)
        }
        guard p.hasTabs else { return p.prefixWidths[end] - p.prefixWidths[start] + splitCorrection }
        var x = startX + splitCorrection
        for i in start..<end {
            if p.units[i] == 0x09 {
                x += tabAdvance(at: x)
            } else {
                x += p.prefixWidths[i + 1] - p.prefixWidths[i]
            }
        }
        return x - startX
    }

    /// A tab advances to the next tab stop; when that is less than half a space away, to the one after.
    @inline(__always)
    func tabAdvance(at x: Double) -> Double {
        guard tabStop > 0 else { return 0 }
        var distance = tabStop - x.truncatingRemainder(dividingBy: tabStop)
        if distance < spaceAdvance / 2 { distance += tabStop }
        return distance
    }
}
