import Synchronization

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
/// values are; a word cut inside a ligature takes `ligatureSplits`' widths on both sides. Text
/// with anything else, or a pair of characters whose break `PlainBreakRules` leaves undecided, is
/// left to the general path.
///
/// A text of several paragraphs (split at "\n", as `TextLayoutEngine.prepare` splits them) is
/// prepared whole: each paragraph's numbers sit in the same buffers one after the other, and the
/// wrap loop starts a new line at each paragraph's end (a forced break), so one prepared row
/// can be laid out at any number of widths (the CI gate's search for the narrowest width that
/// fits asks for some twenty).
///
/// Scratch buffers are kept from row to row: not thread-safe, one per layout engine.
final class PlainTextLayout {
    private let advances: PairwiseASCIIAdvances
    private let beyondASCII: BeyondASCIICharacters
    /// Per pair of a printable ASCII character and what follows it (`PairwiseASCIIAdvances.pairIndex`):
    /// whether the word holding the character must be shaped whole (`ASCIISubstitutions` lists
    /// the character, or the pair within the word, or the next character).
    private let wholeWordPairs: UnsafeMutablePointer<Bool>
    /// Per ASCII character: `CharacterFlags` that let a word be analysed in one quick scan.
    private let asciiFlags: UnsafeMutablePointer<UInt8>
    /// Blink's decisions between printable ASCII characters (see `PlainBreakRules.asciiDecisions`).
    private let asciiBreaks = PlainBreakRules.asciiDecisions

    /// What a word's characters hold, OR-ed over the word: breaks need looking at only when it
    /// holds more than letters and digits, and pairs for ligatures only when it holds a character
    /// a substitution may start at.
    private enum CharacterFlags {
        static let notLetterOrDigit: UInt8 = 1
        static let beyondASCII: UInt8 = 2
        static let substitutionStart: UInt8 = 4
    }
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
    /// Character i's own advance, for the characters of a ligature (found in `analyse`, so that
    /// a cut inside one costs the wrap loop no font call).
    private var ownAdvances: UnsafeMutablePointer<Int>
    private var capacity = 0

    /// Where one prepared paragraph's numbers are: its first character in the buffers (each
    /// paragraph's offsets, breaks included, count from its own start), its length, its first
    /// break opportunity in `breakOffsets` and how many it has, and where its content ends before
    /// trailing spaces.
    private struct ParagraphSpan {
        var base: Int
        var count: Int
        var breakBase: Int
        var breakCount: Int
        var contentEnd: Int
    }
    /// The prepared text's paragraphs, in order.
    private var paragraphs: [ParagraphSpan] = []

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
        let wholeWordPairs = self.wholeWordPairs
        asciiFlags = .allocate(capacity: 0x80)
        for unit in UInt16(0)..<0x80 {
            var flags: UInt8 = AsciiBreakTable.isLetterOrDigit(unit) ? 0 : CharacterFlags.notLetterOrDigit
            if unit >= 0x20 && unit <= 0x7E {
                let first = Int(unit) - 0x20
                if (0...characters).contains(where: { wholeWordPairs[first * (characters + 1) + $0] }) {
                    flags |= CharacterFlags.substitutionStart
                }
            }
            asciiFlags[Int(unit)] = flags
        }
        prefix = .allocate(capacity: 1)
        losses = .allocate(capacity: 1)
        breakOffsets = .allocate(capacity: 1)
        breakContentEnds = .allocate(capacity: 1)
        units = .allocate(capacity: 1)
        clusterStarts = .allocate(capacity: 1)
        ownAdvances = .allocate(capacity: 1)
    }

    deinit {
        for buffer in [prefix, losses, breakOffsets, breakContentEnds] { buffer.deallocate() }
        units.deallocate()
        for buffer in [clusterStarts, wholeWordPairs] { buffer.deallocate() }
        asciiFlags.deallocate()
        ownAdvances.deallocate()
    }

    /// Whether the fast path is still on (see `PairwiseASCIIAdvances.isUsable`).
    var isUsable: Bool { advances.isUsable }

    /// Prepares `text` (UTF-8, paragraphs split at "\n"; a final "\n" ends the last one) for
    /// `lineCount(available:)`; false, having prepared nothing usable, when a paragraph is empty or
    /// not plain text with a Latin letter, or holds a pair the general path must decide.
    func prepare(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        paragraphs.removeAll(keepingCapacity: true)
        guard !text.isEmpty else { return false }
        reserve(text.count + 1)
        guard decode(text) else { return false }
        var breakBase = 0
        for index in paragraphs.indices {
            let span = paragraphs[index]
            guard let analysed = analyse(base: span.base, length: span.count, breakBase: breakBase) else {
                paragraphs.removeAll(keepingCapacity: true)
                return false
            }
            paragraphs[index].breakBase = breakBase
            paragraphs[index].breakCount = analysed.breaks
            paragraphs[index].contentEnd = analysed.contentEnd
            breakBase += analysed.breaks
        }
        return true
    }

    /// Decodes `text` into `units` (a "\n" between paragraphs kept as a unit of its own) and
    /// records each paragraph's place in `paragraphs`; false when a character is not one the fast
    /// path takes, or a paragraph is empty or has no Latin letter (then HarfBuzz would not shape
    /// it as Latin).
    private func decode(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        let n = text.count
        guard let base = text.baseAddress else { return false }
        let rawUnits = UnsafeMutableRawPointer(units)
        var length = 0, position = 0
        var hasLatin = false
        var paragraphStart = 0
        /// Records the paragraph that ends at `length`; false when it may not be laid out here.
        func endParagraph() -> Bool {
            guard hasLatin, length > paragraphStart else { return false }
            paragraphs.append(ParagraphSpan(base: paragraphStart, count: length - paragraphStart, breakBase: 0,
                                            breakCount: 0, contentEnd: 0))
            return true
        }
        while position < n {
            // Eight printable ASCII bytes at a time, widened to UTF-16 together.
            if position &+ 8 <= n {
                let block = ByteBlock.load(base + position)
                if ByteBlock.isPrintableASCII(block) {
                    if !hasLatin {
                        for k in 0..<8 {
                            let folded = UInt8(truncatingIfNeeded: block >> (8 &* k)) | 0x20
                            hasLatin = hasLatin || (folded >= 0x61 && folded <= 0x7A)
                        }
                    }
                    rawUnits.storeBytes(of: ByteBlock.widenLowHalf(block).littleEndian, toByteOffset: 2 &* length, as: UInt64.self)
                    rawUnits.storeBytes(of: ByteBlock.widenLowHalf(block >> 32).littleEndian, toByteOffset: 2 &* length &+ 8,
                                     as: UInt64.self)
                    position &+= 8
                    length &+= 8
                    continue
                }
            }
            let byte = text[position]
            if byte == 0x0A {
                // A paragraph ends; a final "\n" starts no new one.
                guard endParagraph() else { return false }
                units[length] = 0x0A
                length += 1
                position += 1
                paragraphStart = length
                hasLatin = false
                continue
            }
            if byte < 0x80 {
                guard byte >= PairwiseASCIIAdvances.first && byte <= PairwiseASCIIAdvances.last else { return false }
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
                    return false
                }
                let value = beyondASCII.value(of: unit)
                guard value != 0 else { return false }
                hasLatin = hasLatin || value & BeyondASCIICharacters.latinScript != 0
                units[length] = unit
            }
            length += 1
        }
        return length == paragraphStart ? !paragraphs.isEmpty : endParagraph()
    }

    /// In one pass over the decoded paragraph of `length` characters at `base`, a run of spaces or
    /// a word at a time: `prefix` and `losses` (pair by pair, words with a ligature or a character
    /// beyond ASCII whole from the width cache), the break opportunities (stored from `breakBase`),
    /// all relative to the paragraph's start: how many breaks it has and where its content ends
    /// before trailing spaces. Nil when a pair's break or advance is beyond the fast path.
    private func analyse(base: Int, length: Int, breakBase: Int) -> (breaks: Int, contentEnd: Int)? {
        // Locals: stores through these pointers could otherwise alias `self`'s fields, which the
        // loop would then reload at every character.
        let units = self.units + base, prefix = self.prefix + base, losses = self.losses + base
        let clusterStarts = self.clusterStarts + base, ownAdvances = self.ownAdvances + base
        let breakOffsets = self.breakOffsets + breakBase, breakContentEnds = self.breakContentEnds + breakBase
        let steps = advances.tables.steps, wholeWordPairs = self.wholeWordPairs, asciiFlags = self.asciiFlags
        let end = PairwiseASCIIAdvances.end
        /// The table index of `unit`'s pair with what follows position `i` (ASCII `unit`).
        @inline(__always) func pairIndex(_ unit: UInt16, after i: Int) -> Int {
            let next = i &+ 1 < length ? units[i &+ 1] : 0
            return PairwiseASCIIAdvances.pairIndex(UInt8(truncatingIfNeeded: unit), next == 0 ? end : Int(next) &- 0x20)
        }
        /// The step of the pair at `index`, shaping the pair first when it is new.
        @inline(__always) func step(_ index: Int) -> PairwiseASCIIAdvances.Step? {
            let packed = steps[index].load(ordering: .relaxed)
            if packed != PlainShapingTables.unknown { return PlainShapingTables.unpack(packed) }
            return advances.pair(index).map { PairwiseASCIIAdvances.Step(advance: $0.advance, loss: $0.loss) }
        }
        var x = 0
        prefix[0] = 0
        losses[0] = 0
        var breaks = 0, spaceRunStart = 0
        var i = 0
        while i < length {
            if units[i] == 0x20 {
                // A run of spaces; a line may break after it (the spaces hang).
                spaceRunStart = i
                repeat {
                    let next: UInt16 = i &+ 1 < length ? units[i &+ 1] : 0
                    if next >= 0x80 {
                        guard let step = advances.spaceBefore(next) else { return nil }
                        x &+= Int(step.advance)
                        prefix[i &+ 1] = x
                        losses[i &+ 1] = Int(step.loss)
                        clusterStarts[i] = true
                    } else {
                        guard let step = step(pairIndex(0x20, after: i)) else { return nil }
                        x &+= Int(step.advance)
                        prefix[i &+ 1] = x
                        losses[i &+ 1] = Int(step.loss)
                        clusterStarts[i] = true
                    }
                    i &+= 1
                } while i < length && units[i] == 0x20
                if i < length {
                    breakOffsets[breaks] = i
                    breakContentEnds[breaks] = spaceRunStart
                    breaks &+= 1
                }
                continue
            }
            // A word: one scan for what it holds, then its breaks and advances.
            let wordStart = i
            var flags: UInt8 = 0
            repeat {
                let unit = units[i]
                flags |= unit < 0x80 ? asciiFlags[Int(unit)] : CharacterFlags.beyondASCII
                i &+= 1
            } while i < length && units[i] != 0x20
            let wordEnd = i
            if flags & (CharacterFlags.notLetterOrDigit | CharacterFlags.beyondASCII) != 0 {
                // Letters and digits never break between them; other pairs are looked up.
                var lastLast: UInt16 = wordStart > 0 ? units[wordStart &- 1] : 0
                var last = units[wordStart]
                for k in (wordStart &+ 1)..<wordEnd {
                    let unit = units[k]
                    if unit | last < 0x80 {
                        let decision = asciiBreaks[PlainBreakRules.asciiIndex(last, unit)]
                        if decision == 1 || (decision == 2 && ChromiumLineBreaker.blinkBreak(lastLast, last, unit).breaks) {
                            breakOffsets[breaks] = k
                            breakContentEnds[breaks] = k
                            breaks &+= 1
                        }
                    } else if !PlainBreakRules.neverBreaks(last, last < 0x80 ? 0 : beyondASCII.value(of: last) & 0x0F,
                                                           unit, unit < 0x80 ? 0 : beyondASCII.value(of: unit) & 0x0F) {
                        return nil
                    }
                    lastLast = last
                    last = unit
                }
            }
            var isWhole = flags & CharacterFlags.beyondASCII != 0
            if !isWhole && flags & CharacterFlags.substitutionStart != 0 {
                for k in wordStart..<wordEnd where wholeWordPairs[pairIndex(units[k], after: k)] {
                    isWhole = true
                    break
                }
            }
            if isWhole {
                advances.addWholeWord(UnsafeBufferPointer(start: units, count: length), wordStart..<wordEnd, x: &x,
                                      prefix: prefix, losses: losses, clusterStarts: clusterStarts)
                for k in wordStart..<wordEnd where !clusterStarts[k] || (k + 1 < wordEnd && !clusterStarts[k + 1]) {
                    ownAdvances[k] = advances.ownAdvance(of: units[k])
                }
            } else {
                for k in wordStart..<wordEnd {
                    guard let step = step(pairIndex(units[k], after: k)) else { return nil }
                    x &+= Int(step.advance)
                    prefix[k &+ 1] = x
                    losses[k &+ 1] = Int(step.loss)
                    clusterStarts[k] = true
                }
            }
        }
        return (breaks, units[length &- 1] == 0x20 ? spaceRunStart : length)
    }

    /// How many lines the prepared text takes at `available` px, its paragraphs' lines summed;
    /// nil when a word must be cut inside a ligature of characters the general path would not cut
    /// (see `ligatureSplits`).
    func lineCount(available: Double) -> Int? {
        // `LayoutUnit.fits(px, in: available)` in 1/65536 px: ceil(px * 64) <= floor(available * 64) + 1.
        let limit = (Int((available * LayoutUnit.perPixel).rounded(.down)) + 1) * 1024
        var lines = 0
        for span in paragraphs {
            guard let count = PreparedParagraphView(self, span).lineCount(limit: limit) else { return nil }
            lines += count
        }
        return lines
    }

    /// One prepared paragraph's numbers, seen from its start (offset 0 is its first character).
    private struct PreparedParagraphView {
        let units: UnsafeMutablePointer<UInt16>
        let prefix: UnsafeMutablePointer<Int>
        let losses: UnsafeMutablePointer<Int>
        let clusterStarts: UnsafeMutablePointer<Bool>
        let ownAdvances: UnsafeMutablePointer<Int>
        let breakOffsets: UnsafeMutablePointer<Int>
        let breakContentEnds: UnsafeMutablePointer<Int>
        let count: Int
        let breakCount: Int
        let contentEnd: Int

        init(_ layout: PlainTextLayout, _ span: ParagraphSpan) {
            units = layout.units + span.base
            prefix = layout.prefix + span.base
            losses = layout.losses + span.base
            clusterStarts = layout.clusterStarts + span.base
            ownAdvances = layout.ownAdvances + span.base
            breakOffsets = layout.breakOffsets + span.breakBase
            breakContentEnds = layout.breakContentEnds + span.breakBase
            count = span.count
            breakCount = span.breakCount
            contentEnd = span.contentEnd
        }

        /// The greedy loop: how many lines the paragraph takes within `limit` (1/65536 px).
        func lineCount(limit: Int) -> Int? {
            var lines = 0
            var lineStart = 0
            // Added to the width of a line that starts inside a ligature (see `LigatureSplit`).
            var startCorrection = 0
            var scanned = 0
            var lastBreak = -1
            var index = 0
            while true {
                let isEnd = index >= breakCount
                let next = isEnd ? count : breakOffsets[index]
                let end = max(scanned, isEnd ? contentEnd : breakContentEnds[index])
                let content = prefix[end] - prefix[lineStart] + startCorrection
                let asLineEnd = content + (end > lineStart ? losses[end] : 0)
                if asLineEnd <= limit {
                    if isEnd { return lines + 1 }
                    lastBreak = index
                } else if isEnd || content > limit {
                    lines += 1
                    if lastBreak >= 0, breakOffsets[lastBreak] > lineStart {
                        // End the line at the last opportunity that fitted and read on from there.
                        lineStart = breakOffsets[lastBreak]
                        startCorrection = 0
                        index = lastBreak + 1
                    } else {
                        // Nothing fits before the first opportunity on this line: cut the word.
                        guard let cut = emergencyBreak(from: lineStart, to: end, limit: limit,
                                                       startCorrection: startCorrection)
                        else { return nil }
                        if cut.offset >= end {
                            // All of the content is on the line (a cluster wider than it): the line
                            // ends at the opportunity, its spaces hanging (see `LineWrapper`).
                            if isEnd { return lines }
                            lineStart = next
                            startCorrection = 0
                        } else {
                            lineStart = cut.offset
                            startCorrection = cut.startCorrection
                        }
                        while index > 0 && breakOffsets[index - 1] > lineStart { index -= 1 }
                        while index < breakCount && breakOffsets[index] <= lineStart { index += 1 }
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
        /// least one character on, and how much wider a line starting there is (a cut inside a
        /// ligature, see `ligatureCut`); nil at a ligature the general path must cut.
        private func emergencyBreak(from start: Int, to end: Int, limit: Int, startCorrection: Int)
            -> (offset: Int, startCorrection: Int)? {
            var best: (offset: Int, startCorrection: Int)?
            var i = start + 1
            while i <= max(end, start + 1) && i <= count {
                var cut = (end: 0, start: 0)
                if i < count && !clusterStarts[i] {
                    guard let inside = ligatureCut(at: i) else { return nil }
                    cut = inside
                }
                guard prefix[i] - prefix[start] + losses[i] + startCorrection + cut.end <= limit else { break }
                best = (i, cut.start)
                i += 1
            }
            if let best { return best }
            guard start + 1 < count && !clusterStarts[start + 1] else { return (start + 1, 0) }
            return ligatureCut(at: start + 1).map { (start + 1, $0.start) }
        }

        /// `ligatureSplits` for a cut at character `i` inside a ligature, in 1/65536 px: added to the
        /// width of a line ending there (the left letters' own advances minus the ligature's) and to
        /// one starting there (the right letters' own advances). Nil for a cluster with a character
        /// the general path does not cut (from U+0590).
        private func ligatureCut(at i: Int) -> (end: Int, start: Int)? {
            var clusterStart = i - 1
            while clusterStart > 0 && !clusterStarts[clusterStart] { clusterStart -= 1 }
            var clusterEnd = i + 1
            while clusterEnd < count && !clusterStarts[clusterEnd] { clusterEnd += 1 }
            guard (clusterStart..<clusterEnd).allSatisfy({ units[$0] < 0x0590 }) else { return nil }
            let left = (clusterStart..<i).reduce(0) { $0 + ownAdvances[$1] }
            let right = (i..<clusterEnd).reduce(0) { $0 + ownAdvances[$1] }
            return (left - (prefix[clusterStart + 1] - prefix[clusterStart]), right)
        }
    }

    private func reserve(_ needed: Int) {
        guard needed > capacity else { return }
        let size = max(needed, 2 * capacity, 256)
        for buffer in [prefix, losses, breakOffsets, breakContentEnds] { buffer.deallocate() }
        units.deallocate()
        units = .allocate(capacity: size)
        clusterStarts.deallocate()
        clusterStarts = .allocate(capacity: size)
        ownAdvances.deallocate()
        ownAdvances = .allocate(capacity: size)
        prefix = .allocate(capacity: size)
        losses = .allocate(capacity: size)
        breakOffsets = .allocate(capacity: size)
        breakContentEnds = .allocate(capacity: size)
        capacity = size
    }
}
