/// The fast path of line layout for a paragraph of plain text, read straight from UTF-8 bytes:
/// printable ASCII and the characters beyond it that `BeyondASCIICharacters` takes in the font
/// (letters such as "é" and quotation marks such as "’"), with a Latin letter in it. It gives the
/// same answers as `TextLayoutEngine.prepare` then `layout`, with no shaping of whole paragraphs,
/// no break iterator, no `String` and no allocation per row.
///
/// Advances come from `PairwiseASCIIAdvances` (words holding a ligature or a character beyond
/// ASCII from the width cache), break opportunities from `PlainBreakRules`, and wrapping is
/// `LineWrapper`'s greedy loop specialised to what such text can hold: no tabs, soft hyphens or
/// fallback fonts, so every line box has the primary font's height. Widths are summed in
/// HarfBuzz's integer units (1/65536 px), which is exact, as the general path's sums of those
/// values are. Text with anything else, a pair of characters whose break `PlainBreakRules` leaves
/// undecided, or a word that must be cut inside a ligature is left to the general path.
///
/// Scratch buffers are kept from row to row: not thread-safe, one per layout engine.
final class PlainTextLayout {
    private let advances: PairwiseASCIIAdvances
    private let beyondASCII: BeyondASCIICharacters
    /// Per pair of a printable ASCII character and what follows it (`PairwiseASCIIAdvances.pairIndex`):
    /// whether the word holding the character must be shaped whole (`ASCIISubstitutions` lists
    /// the character, or the pair within the word, or the next character).
    private let wholeWordPairs: UnsafeMutablePointer<Bool>
    private let asciiBreaks = PlainBreakRules.asciiDecisions
    /// `prefix[i]`: x of character i from the paragraph start; `losses[i]`: how much wider a line
    /// gets when its content ends before character i (kerning lost at the cut).
    private var prefix: UnsafeMutablePointer<Int>
    private var losses: UnsafeMutablePointer<Int>
    /// Each break opportunity's offset, and where the content before it ends (before the spaces
    /// that hang there).
    private var breakOffsets: UnsafeMutablePointer<Int>
    private var breakContentEnds: UnsafeMutablePointer<Int>
    /// The text as UTF-16 (every character it takes is one unit).
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
        beyondASCII = advances.beyondASCII
        let substitutions = advances.substitutions
        let characters = PairwiseASCIIAdvances.characterCount
        wholeWordPairs = .allocate(capacity: characters * (characters + 1))
        for first in 0..<characters {
            for next in 0...characters {
                // The space (index 0) and the paragraph end (`end`) are not in the word.
                let nextInWord = next != 0 && next != PairwiseASCIIAdvances.end
                wholeWordPairs[first * (characters + 1) + next] = substitutions.characters[first]
                    || (nextInWord && (substitutions.characters[next] || substitutions.pairs[first * characters + next]))
            }
        }
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
        for buffer in [clusterStarts, wholeWordPairs] { buffer.deallocate() }
    }

    /// Whether the fast path is still on (see `PairwiseASCIIAdvances.isUsable`).
    var isUsable: Bool { advances.isUsable }

    /// Prepares `text` for `lineCount(available:)`; false, having prepared nothing usable, when the
    /// text is not plain text with a Latin letter, or holds a pair the general path must decide.
    func prepare(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard !text.isEmpty else { return false }
        reserve(text.count + 1)
        guard let length = decode(text) else { return false }
        return analyse(length)
    }

    /// Decodes `text` into `units`: its length in characters, or nil when a character is not one
    /// the fast path takes or none is a Latin letter (then HarfBuzz would not shape it as Latin).
    private func decode(_ text: UnsafeBufferPointer<UInt8>) -> Int? {
        let n = text.count
        var length = 0, position = 0
        var hasLatin = false
        while position < n {
            let byte = text[position]
            if byte < 0x80 {
                guard byte >= PairwiseASCIIAdvances.first && byte <= PairwiseASCIIAdvances.last else { return nil }
                hasLatin = hasLatin || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A)
                units[length] = UInt16(byte)
                position += 1
            } else {
                // Characters taken beyond ASCII are below U+2070: two or three bytes.
                let unit: UInt16
                if byte & 0xE0 == 0xC0, position + 1 < n {
                    unit = UInt16(byte & 0x1F) << 6 | UInt16(text[position + 1] & 0x3F)
                    position += 2
                } else if byte & 0xF0 == 0xE0, position + 2 < n {
                    unit = UInt16(byte & 0x0F) << 12 | UInt16(text[position + 1] & 0x3F) << 6 | UInt16(text[position + 2] & 0x3F)
                    position += 3
                } else {
                    return nil
                }
                let value = beyondASCII.value(of: unit)
                guard value != 0 else { return nil }
                hasLatin = hasLatin || value & BeyondASCIICharacters.latinScript != 0
                units[length] = unit
            }
            length += 1
        }
        return hasLatin ? length : nil
    }

    /// In one pass over the decoded text: `prefix` and `losses` (pair by pair, words with a
    /// ligature or a character beyond ASCII whole from the width cache), the break opportunities,
    /// and where content ends before trailing spaces. False when a pair's break or advance is
    /// beyond the fast path.
    private func analyse(_ length: Int) -> Bool {
        // Locals: stores through these pointers could otherwise alias `self`'s fields, which the
        // loop would then reload at every character.
        let units = self.units, prefix = self.prefix, losses = self.losses, clusterStarts = self.clusterStarts
        let breakOffsets = self.breakOffsets, breakContentEnds = self.breakContentEnds
        let steps = advances.steps, wholeWordPairs = self.wholeWordPairs, asciiBreaks = self.asciiBreaks
        let end = PairwiseASCIIAdvances.end
        var x = 0
        prefix[0] = 0
        losses[0] = 0
        var breaks = 0, spaceRunStart = 0
        var wordStart = 0, wordX = 0, wordIsWhole = false
        var last: UInt16 = 0, lastLast: UInt16 = 0
        var i = 0
        while i < length {
            let unit = units[i]
            let next: UInt16 = i &+ 1 < length ? units[i &+ 1] : 0  // 0: the paragraph ends
            let nextIndex = next == 0 ? end : Int(next) &- 0x20  // meaningful when `next` is ASCII
            if unit == 0x20 {
                if last != 0x20 { spaceRunStart = i }
                var step: PairwiseASCIIAdvances.Step
                if next < 0x80 {
                    let index = PairwiseASCIIAdvances.pairIndex(0x20, nextIndex)
                    step = steps[index]
                    if step.advance == PairwiseASCIIAdvances.unknownAdvance {
                        guard let found = advances.pair(index) else { return false }
                        step = PairwiseASCIIAdvances.Step(advance: found.advance, loss: found.loss)
                    }
                } else {
                    guard let found = advances.spaceBefore(next) else { return false }
                    step = PairwiseASCIIAdvances.Step(advance: found.advance, loss: found.loss)
                }
                x &+= Int(step.advance)
                prefix[i &+ 1] = x
                losses[i &+ 1] = Int(step.loss)
                clusterStarts[i] = true
            } else {
                // The break before this character.
                if i > 0 {
                    if last == 0x20 {
                        breakOffsets[breaks] = i
                        // Spaces before a break hang: the content ends where they start.
                        breakContentEnds[breaks] = spaceRunStart
                        breaks &+= 1
                    } else if unit | last < 0x80 {
                        let decision = asciiBreaks[PlainBreakRules.asciiIndex(last, unit)]
                        if decision == 1 || (decision == 2 && ChromiumLineBreaker.blinkBreak(lastLast, last, unit).breaks) {
                            breakOffsets[breaks] = i
                            breakContentEnds[breaks] = i
                            breaks &+= 1
                        }
                    } else if !PlainBreakRules.neverBreaks(last, last < 0x80 ? 0 : beyondASCII.value(of: last) & 0x0F,
                                                           unit, unit < 0x80 ? 0 : beyondASCII.value(of: unit) & 0x0F) {
                        return false
                    }
                    if last == 0x20 {
                        wordStart = i
                        wordX = x
                        wordIsWhole = false
                    }
                }
                // The advance: pair by pair, unless the word is shaped whole.
                if !wordIsWhole {
                    wordIsWhole = unit >= 0x80 || next >= 0x80
                        || wholeWordPairs[PairwiseASCIIAdvances.pairIndex(UInt8(truncatingIfNeeded: unit), nextIndex)]
                }
                if wordIsWhole {
                    if next == 0 || next == 0x20 {
                        x = wordX
                        advances.addWholeWord(UnsafeBufferPointer(start: units, count: length), wordStart..<(i &+ 1), x: &x,
                                              prefix: prefix, losses: losses, clusterStarts: clusterStarts)
                    }
                } else {
                    let index = PairwiseASCIIAdvances.pairIndex(UInt8(truncatingIfNeeded: unit), nextIndex)
                    var step = steps[index]
                    if step.advance == PairwiseASCIIAdvances.unknownAdvance {
                        guard let found = advances.pair(index) else { return false }
                        step = PairwiseASCIIAdvances.Step(advance: found.advance, loss: found.loss)
                    }
                    x &+= Int(step.advance)
                    prefix[i &+ 1] = x
                    losses[i &+ 1] = Int(step.loss)
                    clusterStarts[i] = true
                }
            }
            lastLast = last
            last = unit
            i &+= 1
        }
        count = length
        breakCount = breaks
        contentEnd = last == 0x20 ? spaceRunStart : length
        return true
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
