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
        // The line is read up to `scanned` (a break opportunity), which lies `scannedX` px from the
        // line's start, trailing spaces included.
        var scanned = 0
        var scannedX = 0.0
        // The last opportunity on this line where it may end: its content fits together with what
        // ending there adds (a hyphen, a split kerning pair). `index` is its place in `p.breaks`.
        var lastBreak: (offset: Int, kind: BreakKind, index: Int)?
        var breakIndex = 0
        // Where the hanging spaces before break `trimmedBreak` start, found once per break: a long
        // run of spaces after a word cut into many lines would otherwise be walked for every line.
        var trimmedBreak = -1
        var trimmedEnd = 0

        while true {
            // A hyphen that starts a line keeps the letter after it (see `BreakKind.afterHyphen`).
            if breakIndex < p.breaks.count, p.breaks[breakIndex].kind == .afterHyphen,
               p.breaks[breakIndex].offset == lineStart + 1, scanned == lineStart {
                breakIndex += 1
                continue
            }
            let isEnd = breakIndex >= p.breaks.count
            let next = isEnd ? p.count : p.breaks[breakIndex].offset
            let kind = isEnd ? BreakKind.other : p.breaks[breakIndex].kind
            if trimmedBreak != breakIndex {
                trimmedBreak = breakIndex
                trimmedEnd = trimHangingSpaces(p, from: 0, to: next)
            }
            let contentEnd = max(scanned, trimmedEnd)
            let content = scannedX + width(p, scanned, contentEnd, startX: scannedX)
            let asLineEnd = content + endAdjustment(p, lineStart, contentEnd) + (!isEnd && kind == .softHyphen ? hyphenWidth : 0)

            if LayoutUnit.fits(asLineEnd, in: available) {
                if isEnd {
                    lines.append(WrappedLine(range: lineStart..<p.count, width: asLineEnd, endsWithInsertedHyphen: false))
                    return lines
                }
                lastBreak = (next, kind, breakIndex)
            } else if isEnd || !LayoutUnit.fits(content, in: available) {
                if let end = lastBreak, end.offset > lineStart {
                    // End the line at the last opportunity that fitted; read on from there.
                    lines.append(finishedLine(p, lineStart, end.offset, hyphen: end.kind == .softHyphen))
                    lineStart = end.offset
                    breakIndex = end.index + 1
                } else {
                    // Nothing fits before the first opportunity on this line: break inside the word.
                    let cut = emergencyBreak(p, from: lineStart, to: contentEnd, available: available)
                    // A cut after all of the content (a cluster wider than the line) ends the line at
                    // the opportunity itself: the spaces there hang on it, as on any line, and no
                    // empty line follows at the paragraph's end (Chromium: "W W" in a box narrower
                    // than "W" is ["W ", "W"]).
                    let end = cut >= contentEnd ? next : cut
                    lines.append(WrappedLine(range: lineStart..<end,
                                             width: width(p, lineStart, cut, startX: 0) + endAdjustment(p, lineStart, cut),
                                             endsWithInsertedHyphen: false))
                    if cut >= contentEnd && isEnd { return lines }
                    lineStart = end
                    while breakIndex > 0 && p.breaks[breakIndex - 1].offset > end { breakIndex -= 1 }
                    while breakIndex < p.breaks.count && p.breaks[breakIndex].offset <= end { breakIndex += 1 }
                }
                scanned = lineStart
                scannedX = 0
                lastBreak = nil
                continue
            }
            // Otherwise the line cannot end here (the hyphen or a split kerning pair would overflow
            // it), but its content still fits: read on past this opportunity.
            scannedX += width(p, scanned, next, startX: scannedX)
            scanned = next
            breakIndex += 1
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
        end > start ? p.lineEndAdjustments[end] : 0
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
            splitCorrection = p.ligatureSplits[end].endCorrection + p.ligatureSplits[start].startCorrection
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
