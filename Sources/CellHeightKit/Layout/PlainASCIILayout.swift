/// The fast path of line layout for a paragraph of printable ASCII with a letter in it, read
/// straight from UTF-8 bytes: the same answers as `TextLayoutEngine.prepare` then `layout`, with
/// no shaping, no `String` and no allocation per row.
///
/// Advances come from `PairwiseASCIIAdvances`, break opportunities from Blink's ASCII rules
/// (`ChromiumLineBreaker` never asks ICU about ASCII), and wrapping is `LineWrapper`'s greedy
/// loop specialised to what such text can hold: no tabs, soft hyphens, ligatures or fallback
/// fonts, so every line box has the primary font's height. Widths are summed in HarfBuzz's
/// integer units (1/65536 px), which is exact, as the general path's sums of those values are.
/// A word too wide for a line (an emergency break) is left to the general path.
///
/// Scratch buffers are kept from row to row: not thread-safe, one per layout engine.
final class PlainASCIILayout {
    private let advances: PairwiseASCIIAdvances
    /// `prefix[i]`: x of character i from the paragraph start; `losses[i]`: how much wider a line
    /// gets when its content ends before character i (kerning lost at the cut).
    private var prefix: UnsafeMutablePointer<Int>
    private var losses: UnsafeMutablePointer<Int>
    /// Each break opportunity's offset, and where the content before it ends (before the spaces
    /// that hang there).
    private var breakOffsets: UnsafeMutablePointer<Int>
    private var breakContentEnds: UnsafeMutablePointer<Int>
    /// The text as UTF-16, for words shaped whole.
    private var units: UnsafeMutablePointer<UInt16>
    /// Whether a glyph cluster starts at character i (false inside a ligature).
    private var clusterStarts: UnsafeMutablePointer<Bool>
    private var capacity = 0
    /// The prepared paragraph: its length, break count, and where content ends before trailing spaces.
    private var count = 0
    private var breakCount = 0
    private var contentEnd = 0

    init(advances: PairwiseASCIIAdvances) {
        self.advances = advances
        prefix = .allocate(capacity: 1)
        losses = .allocate(capacity: 1)
        breakOffsets = .allocate(capacity: 1)
        breakContentEnds = .allocate(capacity: 1)
        units = .allocate(capacity: 1)
        clusterStarts = .allocate(capacity: 1)
    }

    deinit {
        for buffer in [prefix, losses, breakOffsets, breakContentEnds] { buffer.deallocate() }
        units.deallocate()
        clusterStarts.deallocate()
    }

    /// Whether the fast path is still on (see `PairwiseASCIIAdvances.isUsable`).
    var isUsable: Bool { advances.isUsable }

    /// Prepares `text` for `lineCount(available:)`; false, having prepared nothing usable, when the
    /// text is not printable ASCII with a letter (or shows the font is not pairwise after all).
    func prepare(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        let n = text.count
        guard n > 0 else { return false }
        reserve(n + 1)
        var hasLetter = false
        for i in 0..<n {
            let byte = text[i]
            guard byte >= PairwiseASCIIAdvances.first && byte <= PairwiseASCIIAdvances.last else { return false }
            hasLetter = hasLetter || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A)
            units[i] = UInt16(byte)
        }
        // Without a letter the text is shaped as Common script, which the pair table is not for.
        guard hasLetter, findAdvances(text) else { return false }
        findBreaks(text)
        return true
    }

    /// `prefix` and `losses`: pair by pair, except for words the font substitutes in (a ligature),
    /// which come whole from the width cache.
    private func findAdvances(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        let n = text.count
        var x = 0
        prefix[0] = 0
        losses[0] = 0
        var i = 0
        while i < n {
            if text[i] != 0x20 && (i == 0 || text[i - 1] == 0x20) {
                var end = i + 1
                while end < n && text[end] != 0x20 { end += 1 }
                if advances.substitutions.touch(text, i..<end) {
                    advances.addWholeWord(UnsafeBufferPointer(start: units, count: n), i..<end, x: &x,
                                          prefix: prefix, losses: losses, clusterStarts: clusterStarts)
                    i = end
                    continue
                }
            }
            let next = i + 1 < n ? PairwiseASCIIAdvances.nextIndex(text[i + 1]) : PairwiseASCIIAdvances.end
            guard let pair = advances.pair(PairwiseASCIIAdvances.pairIndex(text[i], next)) else { return false }
            x += Int(pair.advance)
            prefix[i + 1] = x
            losses[i + 1] = Int(pair.loss)
            clusterStarts[i] = true
            i += 1
        }
        return true
    }

    /// The break opportunities (Blink's own rules decide all of printable ASCII, see
    /// `ChromiumLineBreaker.blinkBreak`), and where content ends before trailing spaces.
    private func findBreaks(_ text: UnsafeBufferPointer<UInt8>) {
        var breaks = 0
        var spaceRunStart = 0
        var previous: UInt8 = 0, beforePrevious: UInt8 = 0
        for i in 0..<text.count {
            let c = text[i]
            if c == 0x20 && previous != 0x20 { spaceRunStart = i }
            if i > 0, case .breaks(let kind) = ChromiumLineBreaker.blinkBreak(UInt16(beforePrevious), UInt16(previous), UInt16(c)) {
                breakOffsets[breaks] = i
                // Spaces before a break hang: the content ends where they start.
                breakContentEnds[breaks] = kind == .afterSpaces ? spaceRunStart : i
                breaks += 1
            }
            beforePrevious = previous
            previous = c
        }
        count = text.count
        breakCount = breaks
        contentEnd = previous == 0x20 ? spaceRunStart : count
    }

    /// How many lines the prepared paragraph takes at `available` px; nil when a word must be cut
    /// inside a ligature (the general path does that).
    func lineCount(available: Double) -> Int? {
        // `LayoutUnit.fits(px, in: available)` in 1/65536 px: ceil(px * 64) <= floor(available * 64) + 1.
        let limit = (Int((available * LayoutUnit.perPixel).rounded(.down)) + 1) * 1024
        var lines = 0
        var lineStart = 0
        var scanned = 0
        var lastBreak = -1
        var index = 0
        while true {
            let isEnd = index >= breakCount
            let next = isEnd ? count : breakOffsets[index]
            let end = max(scanned, isEnd ? contentEnd : breakContentEnds[index])
            let content = prefix[end] - prefix[lineStart]
            let asLineEnd = content + (end > lineStart ? losses[end] : 0)
            if asLineEnd <= limit {
                if isEnd { return lines + 1 }
                lastBreak = index
            } else if isEnd || content > limit {
                lines += 1
                if lastBreak >= 0, breakOffsets[lastBreak] > lineStart {
                    // End the line at the last opportunity that fitted and read on from there.
                    lineStart = breakOffsets[lastBreak]
                    index = lastBreak + 1
                } else {
                    // Nothing fits before the first opportunity on this line: cut the word.
                    guard let cut = emergencyBreak(from: lineStart, to: end, limit: limit) else { return nil }
                    lineStart = cut
                    while index > 0 && breakOffsets[index - 1] > cut { index -= 1 }
                    while index < breakCount && breakOffsets[index] <= cut { index += 1 }
                }
                scanned = lineStart
                lastBreak = -1
                continue
            }
            scanned = next
            index += 1
        }
    }

    /// `LineWrapper.emergencyBreak` for this text, where every character is a grapheme cluster:
    /// the last character boundary after `start` (not past `end`) where the line still fits, at
    /// least one character on; nil when the search reaches the inside of a ligature.
    private func emergencyBreak(from start: Int, to end: Int, limit: Int) -> Int? {
        var best = -1
        var i = start + 1
        while i <= max(end, start + 1) && i <= count {
            guard i == count || clusterStarts[i] else { return nil }
            guard prefix[i] - prefix[start] + losses[i] <= limit else { break }
            best = i
            i += 1
        }
        return best >= 0 ? best : start + 1
    }

    private func reserve(_ needed: Int) {
        guard needed > capacity else { return }
        let size = max(needed, 2 * capacity, 256)
        for buffer in [prefix, losses, breakOffsets, breakContentEnds] { buffer.deallocate() }
        units.deallocate()
        units = .allocate(capacity: size)
        clusterStarts.deallocate()
        clusterStarts = .allocate(capacity: size)
        prefix = .allocate(capacity: size)
        losses = .allocate(capacity: size)
        breakOffsets = .allocate(capacity: size)
        breakContentEnds = .allocate(capacity: size)
        capacity = size
    }
}
