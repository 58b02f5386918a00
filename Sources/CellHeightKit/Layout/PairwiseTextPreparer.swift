import Synchronization

/// The pairwise lane of `TextLayoutEngine.prepare`: prepares a text of plain-text paragraphs
/// straight from its UTF-8 bytes into the engine's `PreparedText`, with no shaping of whole
/// paragraphs, no break iterator and no allocation per row. It takes printable ASCII and the
/// characters beyond it that `BeyondASCIICharacters` takes in the font (letters such as "é" and
/// quotation marks such as "’"), each paragraph with a Latin letter in it, for fonts whose
/// shaping reaches no further than a pair or a word (`PairwiseASCIIAdvances`).
///
/// Advances come from `PairwiseASCIIAdvances` (words holding a ligature or a character beyond
/// ASCII whole from the width cache) and break opportunities from the line breaker's lanes
/// before ICU (`ChromiumLineBreakerLanes`): the same numbers `prepare` finds by shaping and ICU,
/// which tests check. The prepared text is wrapped by the one `LineWrapper`, like any other.
/// Text with anything else, or a pair of characters whose break the lanes leave undecided, is
/// left to shaping.
///
/// Scratch buffers are kept from row to row: not thread-safe, one per layout engine.
final class PairwiseTextPreparer {
    private let advances: PairwiseASCIIAdvances
    private let beyondASCII: BeyondASCIICharacters
    /// Per pair of a printable ASCII character and what follows it (`PairwiseASCIIAdvances.pairIndex`):
    /// whether the word holding the character must be shaped whole (`ASCIISubstitutions` lists
    /// the character, or the pair within the word, or the next character).
    private let wholeWordPairs: UnsafeMutablePointer<Bool>
    /// Per ASCII character: `CharacterFlags` that let a word be analysed in one quick scan.
    private let asciiFlags: UnsafeMutablePointer<UInt8>

    /// What a word's characters hold, OR-ed over the word: breaks need looking at only when it
    /// holds more than letters and digits, and pairs for ligatures only when it holds a character
    /// a substitution may start at.
    private enum CharacterFlags {
        static let notLetterOrDigit: UInt8 = 1
        static let beyondASCII: UInt8 = 2
        static let substitutionStart: UInt8 = 4
    }
    /// Whether a glyph cluster starts at character i (false inside a ligature).
    private var clusterStarts: UnsafeMutablePointer<Bool>
    /// The text being prepared, as UTF-16 (every character the lane takes is one unit).
    private var decodedUnits: UnsafeMutablePointer<UInt16>
    /// The break opportunities of the paragraph being analysed, and where their content ends.
    private var foundBreaks: UnsafeMutablePointer<BreakOpportunity>
    private var foundContentEnds: UnsafeMutablePointer<Int>
    private var capacity = 0

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
        clusterStarts = .allocate(capacity: 1)
        decodedUnits = .allocate(capacity: 1)
        foundBreaks = .allocate(capacity: 1)
        foundContentEnds = .allocate(capacity: 1)
    }

    deinit {
        clusterStarts.deallocate()
        decodedUnits.deallocate()
        foundBreaks.deallocate()
        foundContentEnds.deallocate()
        wholeWordPairs.deallocate()
        asciiFlags.deallocate()
    }

    /// Prepares `bytes` (UTF-8, paragraphs split at "\n"; a final "\n" ends the last one) into
    /// `text` (emptied by the caller, see `PreparedText.reuse`); false, with `text` to be prepared
    /// another way, when a paragraph is empty or not plain text with a Latin letter, or holds a pair that shaping and ICU must decide.
    func prepare(_ bytes: UnsafeBufferPointer<UInt8>, into text: inout PreparedText) -> Bool {
        guard !bytes.isEmpty else { return false }
        reserve(bytes.count + 1)
        // At most one unit per byte: decoded into the lane's buffer, then copied.
        guard let length = decode(bytes, into: decodedUnits, paragraphs: &text.paragraphs) else { return false }
        text.units.append(contentsOf: UnsafeBufferPointer(start: decodedUnits, count: length))
        text.reserveOffsets(forUnits: length)
        text.fonts.append(advances.primaryFont)
        // The slot after a final "\n" belongs to no paragraph: cleared, so that no row's numbers
        // depend on the row before.
        text.prefix[length] = 0
        text.lineEndAdjustments[length] = 0
        text.cuttable[length] = false
        var breakBase = 0
        for index in text.paragraphs.indices {
            let span = text.paragraphs[index]
            guard let analysed = analyse(&text, base: span.start, length: span.count) else {
                return false
            }
            // Copied from the lane's buffers: room for a break per unit is reserved there, where
            // pages never written cost no memory.
            text.reserveBreaks(breakBase + analysed.breaks)
            text.storage.breaks.withUnsafeMutableBufferPointer {
                ($0.baseAddress! + breakBase).update(from: foundBreaks, count: analysed.breaks)
            }
            text.storage.breakContentEnds.withUnsafeMutableBufferPointer {
                ($0.baseAddress! + breakBase).update(from: foundContentEnds, count: analysed.breaks)
            }
            text.paragraphs[index].breaks = breakBase..<(breakBase + analysed.breaks)
            text.paragraphs[index].contentEnd = analysed.contentEnd
            breakBase += analysed.breaks
            // Every character the lane takes is a grapheme cluster of its own; inside a ligature
            // the cut is decided as shaping decides it.
            text.storage.cuttable.withUnsafeMutableBufferPointer { cuttable in
                cuttable[span.start] = false
                (cuttable.baseAddress! + span.start + 1).update(repeating: true, count: span.count)
            }
            if analysed.hasLigature {
                let clusterStarts = self.clusterStarts + span.start
                let units = decodedUnits + span.start
                text.markLigatureCuts(start: span.start, count: span.count, clusterStarts: { clusterStarts[$0] },
                                      ownAdvance: { self.advances.ownAdvance(of: units[$0]) })
            }
        }
        return true
    }

    /// Decodes `text` into `units` (a "\n" between paragraphs kept as a unit of its own) and
    /// records each paragraph's place in `paragraphs`; the number of units, or nil when a
    /// character is not one the lane takes, or a paragraph is empty or has no Latin letter (then
    /// HarfBuzz would not shape it as Latin).
    private func decode(_ text: UnsafeBufferPointer<UInt8>, into units: UnsafeMutablePointer<UInt16>,
                        paragraphs: inout [PreparedParagraph]) -> Int? {
        let n = text.count
        guard let base = text.baseAddress else { return nil }
        let rawUnits = UnsafeMutableRawPointer(units)
        var length = 0, position = 0
        var hasLatin = false
        var paragraphStart = 0
        /// Records the paragraph that ends at `length`; false when it may not be laid out here.
        func endParagraph(newline: Bool) -> Bool {
            guard hasLatin, length > paragraphStart else { return false }
            paragraphs.append(PreparedParagraph(start: paragraphStart, count: length - paragraphStart, breaks: 0..<0,
                                                contentEnd: 0, endsWithNewline: newline, hasTabs: false,
                                                hasSoftHyphens: false, usesFallback: false))
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
                guard endParagraph(newline: true) else { return nil }
                units[length] = 0x0A
                length += 1
                position += 1
                paragraphStart = length
                hasLatin = false
                continue
            }
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
        if length == paragraphStart { return paragraphs.isEmpty ? nil : length }
        return endParagraph(newline: false) ? length : nil
    }

    /// In one pass over the decoded paragraph of `length` characters at `base`, a run of spaces or
    /// a word at a time: `prefix` and `lineEndAdjustments` (pair by pair, words with a ligature or
    /// a character beyond ASCII whole from the width cache), the break opportunities (into
    /// `foundBreaks`), all relative to the paragraph's start: how many breaks it has, where its
    /// content ends before trailing spaces, and whether a word holds a ligature. Nil when a pair's
    /// break or advance is beyond the lane.
    private func analyse(_ text: inout PreparedText, base: Int, length: Int)
        -> (breaks: Int, contentEnd: Int, hasLigature: Bool)? {
        let units = decodedUnits, storage = text.storage
        return storage.prefix.withUnsafeMutableBufferPointer { prefix in
            storage.lineEndAdjustments.withUnsafeMutableBufferPointer { losses in
                analyse(units: units + base, prefix: prefix.baseAddress! + base, losses: losses.baseAddress! + base,
                        breakList: foundBreaks, breakContentEnds: foundContentEnds,
                        clusterStarts: clusterStarts + base, length: length)
            }
        }
    }

    private func analyse(units: UnsafeMutablePointer<UInt16>, prefix: UnsafeMutablePointer<Int>,
                         losses: UnsafeMutablePointer<Int>, breakList: UnsafeMutablePointer<BreakOpportunity>,
                         breakContentEnds: UnsafeMutablePointer<Int>, clusterStarts: UnsafeMutablePointer<Bool>,
                         length: Int) -> (breaks: Int, contentEnd: Int, hasLigature: Bool)? {
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
        var hasLigature = false
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
                    breakList[breaks] = BreakOpportunity(offset: i, kind: .afterSpaces)
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
                        if let kind = ChromiumLineBreaker.asciiBreak(lastLast, last, unit) {
                            breakList[breaks] = BreakOpportunity(offset: k, kind: kind)
                            breakContentEnds[breaks] = k
                            breaks &+= 1
                        }
                    } else if !ChromiumLineBreaker.neverBreaks(last, last < 0x80 ? 0 : beyondASCII.value(of: last) & 0x0F,
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
                for k in wordStart..<wordEnd where !clusterStarts[k] {
                    hasLigature = true
                    break
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
        return (breaks, units[length &- 1] == 0x20 ? spaceRunStart : length, hasLigature)
    }

    private func reserve(_ needed: Int) {
        guard needed > capacity else { return }
        let size = max(needed, 2 * capacity, 256)
        clusterStarts.deallocate()
        clusterStarts = .allocate(capacity: size)
        decodedUnits.deallocate()
        decodedUnits = .allocate(capacity: size)
        foundBreaks.deallocate()
        foundBreaks = .allocate(capacity: size)
        foundContentEnds.deallocate()
        foundContentEnds = .allocate(capacity: size)
        capacity = size
    }
}
