import CellHeightEngine

/// A guess at the narrowest line-width limit (1/65536 px) at which a text takes no more than a
/// number of lines, for `FittingWidthSearch` (which needs no more than a guess). Each paragraph is
/// taken to hold, on every line but its last, the limit less a waste (the part of the next word
/// that did not fit), the same at any limit; one that fits a line needs one line.
enum FittingWidthGuess {
    /// A paragraph: its width (without the spaces that hang at its end) and the waste of its lines.
    struct Paragraph {
        var contentWidth: Int
        var waste: Int
    }

    /// The narrowest limit at which `paragraphs` take at most `lineCount` lines in all; nil when
    /// they cannot (more paragraphs than lines).
    static func narrowestLimit<Paragraphs: Collection<Paragraph>>(_ paragraphs: Paragraphs, lineCount: Int) -> Int? {
        guard let first = paragraphs.first, paragraphs.count <= lineCount else { return nil }
        // One paragraph (most texts): ceil(width / (limit - waste)) <= lines where limit >= waste + width / lines.
        if paragraphs.count == 1 {
            return min(first.contentWidth, first.waste + (first.contentWidth + lineCount - 1) / lineCount)
        }
        func lines(at limit: Int) -> Int {
            var lines = 0
            for p in paragraphs {
                lines += p.contentWidth <= limit ? 1 : (p.contentWidth + limit - p.waste - 1) / max(limit - p.waste, 1)
                if lines > lineCount { break }
            }
            return lines
        }
        // Lines only decrease as the limit grows. Every paragraph needs at least what it needs with
        // all the lines the others leave it, and no more than with an equal share; a guess needs
        // no finer step than a LayoutUnit.
        let most = lineCount - paragraphs.count + 1, share = lineCount / paragraphs.count
        var tooNarrow = 0, wide = 1
        for p in paragraphs {
            tooNarrow = max(tooNarrow, min(p.contentWidth, p.waste + p.contentWidth / most) - 1)
            wide = max(wide, min(p.contentWidth, p.waste + (p.contentWidth + share - 1) / share))
        }
        while wide - tooNarrow > LineWrapper.unitsPerLayoutUnit {
            let middle = tooNarrow + (wide - tooNarrow) / 2
            if lines(at: middle) <= lineCount { wide = middle } else { tooNarrow = middle }
        }
        return wide
    }

    /// The paragraphs of a layout at `limit` (see `TrackedWrapLimit.paragraphs`), each with the
    /// waste its lines had: a paragraph of one line takes the others' average.
    static func paragraphs(wrapped: [TrackedWrapLimit.ParagraphLines], limit: Int)
        -> LazyMapCollection<[TrackedWrapLimit.ParagraphLines], Paragraph> {
        var wastes = 0, wrappedCount = 0
        for p in wrapped where p.lineCount > 1 {
            wastes += waste(p, limit: limit)
            wrappedCount += 1
        }
        let average = wrappedCount > 0 ? wastes / wrappedCount : 0
        return wrapped.lazy.map { Paragraph(contentWidth: $0.contentWidth, waste: $0.lineCount > 1 ? waste($0, limit: limit) : average) }
    }

    /// What a line of `p` (of more than one line) left unused of `limit`, on average.
    private static func waste(_ p: TrackedWrapLimit.ParagraphLines, limit: Int) -> Int {
        max(0, limit - (p.contentWidth - p.lastLineWidth) / (p.lineCount - 1))
    }
}
