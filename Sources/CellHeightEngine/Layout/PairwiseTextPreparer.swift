import Synchronization

/// The pairwise lane of `TextLayoutEngine.prepare`: prepares a text of plain-text paragraphs
/// straight from its UTF-8 bytes into the engine's `PreparedText`, with no shaping of whole
/// paragraphs, no break iterator and no allocation per row. It takes printable ASCII and the
/// characters beyond it that `BeyondASCIICharacters` takes in the font (letters such as "é",
/// "ж" and "λ", quotation marks such as "’"), each paragraph with a letter of such a script in it,
/// for fonts whose shaping reaches no further than a pair or a word (`PairwiseASCIIAdvances`).
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
    /// Words of any script, for paragraphs with characters the pair tables do not take; nil when
    /// the font's lookups may reach across a space (see `WordRecords`).
    let words: WordRecords?
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
    /// Numbers per offset of the stretch being walked (see `walk`): a word or a run of spaces
    /// while a text is prepared, the words an emergency break cuts when asked for them.
    private var prefix: UnsafeMutablePointer<Int> = .allocate(capacity: 1)
    private var losses: UnsafeMutablePointer<Int> = .allocate(capacity: 1)
    private var clusterStarts: UnsafeMutablePointer<Bool> = .allocate(capacity: 1)
    private var cuttable: UnsafeMutablePointer<Bool> = .allocate(capacity: 1)
    private var splits: UnsafeMutablePointer<LigatureSplit> = .allocate(capacity: 1)
    private var capacity = 0
    /// Break opportunities found while preparing and not yet copied into the text, with the
    /// line-end losses at them that are not 0 (offsets in the paragraph): copied a few thousand
    /// at a time, as appending each to the text's arrays would cost reference counting.
    private var foundBreaks: UnsafeMutablePointer<PreparedBreak> = .allocate(capacity: 1)
    private var foundLosses: UnsafeMutablePointer<(offset: Int, loss: Int)> = .allocate(capacity: 1)
    private var foundCapacity = 0

    init(advances: PairwiseASCIIAdvances, words: WordRecords?) {
        self.advances = advances
        self.words = words
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
    }

    deinit {
        deallocateBuffers()
        wholeWordPairs.deallocate()
        asciiFlags.deallocate()
    }

    /// Prepares `bytes` (UTF-8, paragraphs split at "\n"; a final "\n" ends the last one) into
    /// `text` (emptied by the caller, see `PreparedText.reuse`); false, with `text` to be prepared
    /// another way, when a paragraph is not plain text with a Latin letter (or, in a font that
    /// shapes Common text as Latin, without one), or holds a pair that shaping and ICU must decide.
    func prepare(_ bytes: UnsafeBufferPointer<UInt8>, into text: inout PreparedText) -> Bool {
        guard !bytes.isEmpty else { return false }
        text.preparer = .pairwiseLane
        // The numbers of a very long word the last layout cut are not kept for this text.
        if capacity > Self.keptCapacity { release() }
        // At most one unit per byte: decoded in place, then cut to length. A long row's units go
        // to room of their own that is touched only as far as they are decoded (the lane may give
        // up on the first character beyond it, and a row's room is not kept for the next rows).
        let storage = text.storage
        if bytes.count > Self.keptCapacity {
            var decoded: Int?
            storage.units = [UInt16](unsafeUninitializedCapacity: bytes.count) { units, count in
                decoded = decode(bytes, into: units.baseAddress!, paragraphs: &storage.paragraphs)
                count = decoded ?? 0
            }
            guard decoded != nil else { return false }
        } else {
            text.units.append(contentsOf: repeatElement(0, count: bytes.count))
            guard let length = storage.units.withUnsafeMutableBufferPointer({
                decode(bytes, into: $0.baseAddress!, paragraphs: &storage.paragraphs)
            }) else { return false }
            text.units.removeLast(bytes.count - length)
        }
        let length = text.units.count
        text.fonts.append(advances.primaryFont)
        // Room for a break every four units (prose has one every six or so; pages never written
        // cost no memory), so that the records are seldom copied as they grow. Not one per unit:
        // a 20 MB row's room would then take 0.5 GB of address space.
        let room = length / 4 + 16
        if text.breaks.capacity < room {
            text.breaks.reserveCapacity(room)
        }
        return storage.units.withUnsafeBufferPointer { units in
            for index in storage.paragraphs.indices {
                let span = storage.paragraphs[index]
                let breakBase = index > 0 ? storage.paragraphs[index - 1].breaks.upperBound : 0
                /// The paragraph from word records, when the pairs do not take it.
                func fromWords() -> Bool {
                    guard let words else { return false }
                    return words.prepareParagraph(units.baseAddress! + span.start, length: span.count, start: span.start,
                                                  index: index, breakBase: breakBase, into: storage)
                }
                if span.isFromWordRecords {
                    guard fromWords() else { return false }
                    continue
                }
                let adjustmentBase = storage.stopAdjustments.count
                guard let walked = walk(units.baseAddress! + span.start, length: span.count, from: 0, to: span.count, x: 0,
                                        recordingInto: storage, breakBase: breakBase) else {
                    // A pair the tables leave to shaping (a break ICU decides, a break inside a
                    // ligature): the words may still be taken whole. (Its breaks are written again.)
                    storage.stopAdjustments.removeSubrange(adjustmentBase...)
                    guard fromWords() else { return false }
                    continue
                }
                storage.paragraphs[index].breaks = breakBase..<walked.breakEnd
                storage.paragraphs[index].contentEnd = walked.contentEnd
                storage.paragraphs[index].contentWidth = walked.contentWidth
                storage.paragraphs[index].width = walked.width
                storage.paragraphs[index].stopAdjustments = adjustmentBase..<storage.stopAdjustments.count
            }
            return true
        }
    }

    /// Whether word `units[0..<count]` (printable ASCII) is walked pair by pair: none of its
    /// characters is substituted or starts a ligature with the next (see `isPairwiseWord`).
    func walksPairwise(_ units: UnsafePointer<UInt16>, count: Int) -> Bool {
        isPairwiseWord(units, length: count, 0..<count)
    }

    /// `units` (one paragraph of printable ASCII, no "\n") prepared as the shaping preparer
    /// prepares it: the same breaks and numbers per offset (`shapedNumbers`), and every line-end
    /// adjustment that is not 0 as `stopAdjustments`, at every offset, as a shaped text lists
    /// them. Word records of ASCII words are made from it (`WordRecords.make`) instead of from
    /// shaping. Nil when the pairs do not walk it whole (a break ICU decides, a cut inside a
    /// ligature, a word this lane would take from records). Only for a lane without word
    /// records: one with them would take such a paragraph from them.
    func preparedAsShaped(_ units: [UInt16]) -> PreparedText? {
        guard words == nil else { return nil }
        let bytes = units.map { UInt8(truncatingIfNeeded: $0) }
        var text = PreparedText()
        guard bytes.withUnsafeBufferPointer({ prepare($0, into: &text) }), text.paragraphs.count == 1,
              case let p = text.paragraphs[0], !p.isFromWordRecords, p.count == units.count else { return nil }
        let count = p.count
        var numbers = ShapedOffsetNumbers()
        numbers.reserve(forUnits: count)
        var encoder = ShapedOffsetNumbers.Encoder()
        encoder.begin()
        var adjustments: [StopAdjustment] = []
        let walked: Bool = text.withBuffers { buffers in
            let view = offsetNumbers(buffers, p, covering: 0...count, x: 0)
            guard view.ligatureSplits == nil, view.covered == 0...count else { return false }
            for i in 0..<count {
                encoder.setAdvance(view.prefix[i + 1] - view.prefix[i], at: i, in: &numbers)
                // Each printable ASCII character is a grapheme of its own: a line may be cut
                // before any but the first (a cut inside a ligature returned above).
                guard i == 0 || view.cuttable[i] else { return false }
                if i > 0 { numbers.cuttable[i] = true }
            }
            numbers.cuttable[count] = true
            for i in 0...count where view.lineEndAdjustments[i] != 0 {
                adjustments.append(StopAdjustment(offset: i, value: view.lineEndAdjustments[i]))
            }
            return true
        }
        guard walked else { return nil }
        text.shapedNumbers = numbers
        text.stopAdjustments = adjustments
        text.paragraphs[0].stopAdjustments = 0..<adjustments.count
        text.preparer = .shaping
        return text
    }

    /// The numbers per offset of paragraph `p` of `text` (which this lane prepared) over at least
    /// `range`, worked out again from the words that hold it: the numbers of the preparation,
    /// valid until the next call.
    func offsetNumbers(_ text: PreparedText.Buffers, _ p: PreparedParagraph, covering range: ClosedRange<Int>,
                       x rangeX: Int) -> OffsetNumbers.View {
        if p.isFromWordRecords, let words { return words.offsetNumbers(text, p, covering: range, x: rangeX) }
        let units = text.units.baseAddress! + p.start
        // From the start of the word holding range's start (a break after spaces, whose x is
        // kept, or the paragraph's start) to the end of the word holding its end.
        var from = 0, x = 0
        var low = p.breaks.lowerBound, high = p.breaks.upperBound
        while low < high {
            let middle = (low + high) / 2
            if text.breaks.offset(middle) <= range.lowerBound { low = middle + 1 } else { high = middle }
        }
        var index = low - 1
        while index >= p.breaks.lowerBound && text.breaks.kind(index) != .afterSpaces { index -= 1 }
        if index >= p.breaks.lowerBound { (from, x) = (text.breaks.offset(index), text.breaks[index].x) }
        var to = range.upperBound
        while to < p.count && units[to] != 0x20 { to += 1 }
        // The paragraph was walked whole before: no pair can fail now.
        _ = walk(units, length: p.count, from: from, to: to, x: x, recordingInto: nil, breakBase: 0)
        losses[0] = text.stopAdjustments.value(at: from, in: p.stopAdjustments)
        return OffsetNumbers.View(prefix: prefix - from, lineEndAdjustments: losses - from, cuttable: cuttable - from,
                                  ligatureSplits: hasSplits ? splits - from : nil, covered: from...to)
    }

    /// Whether the last `offsetNumbers` holds a cut inside a ligature.
    private var hasSplits = false

    /// Decodes `text` into `units` (a "\n" between paragraphs kept as a unit of its own) and
    /// records each paragraph's place in `paragraphs`; the number of units, or nil when a
    /// character is not one the lane takes, or a paragraph has no Latin letter in a font that does
    /// not shape Common text as Latin (then HarfBuzz would not shape it as the lane's tables were
    /// made). An empty paragraph (between two "\n") is taken: nothing of it is shaped.
    private func decode(_ text: UnsafeBufferPointer<UInt8>, into units: UnsafeMutablePointer<UInt16>,
                        paragraphs: inout [PreparedParagraph]) -> Int? {
        let n = text.count
        guard let base = text.baseAddress else { return nil }
        let rawUnits = UnsafeMutableRawPointer(units)
        var length = 0, position = 0
        var hasLatin = false
        /// Whether the paragraph holds a character the pair tables do not take (then its words
        /// come from records).
        var needsWords = false
        /// Whether it holds a letter of an alphabet the font shapes as Latin (`BeyondASCIICharacters.otherScript`).
        var hasOtherScript = false
        /// Whether it holds a tab (its words then come from records, which take tabs as spaces).
        var hasTabs = false
        let takesWords = words != nil
        var paragraphStart = 0
        let shapesCommonAsLatin = advances.tables.shapesCommonAsLatin
        /// Records the paragraph that ends at `length`; false when it may not be laid out here.
        func endParagraph(newline: Bool) -> Bool {
            let count = length - paragraphStart
            let isPairwise = !needsWords && (hasLatin || hasOtherScript || shapesCommonAsLatin || count == 0)
                && (!hasOtherScript || runsMeetApart(units + paragraphStart, count: count))
            let takesItsWords = takesWords && count <= WordRecords.longestParagraph
            guard isPairwise || takesItsWords else { return false }
            paragraphs.append(PreparedParagraph(start: paragraphStart, count: length - paragraphStart, breaks: 0..<0,
                                                contentEnd: 0, width: 0, contentWidth: 0, endsWithNewline: newline, hasTabs: hasTabs,
                                                hasSoftHyphens: false, usesFallback: false, isFromWordRecords: !isPairwise))
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
                hasOtherScript = false
                needsWords = false
                hasTabs = false
                continue
            }
            if byte == 0x09 {
                // A tab: shaped as a space, its width set where it falls on a line (see `LineWrapper`).
                guard takesWords, length - paragraphStart < WordRecords.longestParagraph else { return nil }
                needsWords = true
                hasTabs = true
                units[length] = 0x09
                position += 1
                length += 1
                continue
            }
            if byte < 0x80 {
                guard byte >= PairwiseASCIIAdvances.first && byte <= PairwiseASCIIAdvances.last else { return nil }
                hasLatin = hasLatin || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A)
                units[length] = UInt16(byte)
                position += 1
            } else {
                // Characters of the BMP: two or three bytes (the pair tables take some below
                // U+2070, the word records others).
                let unit: UInt16
                if byte & 0xE0 == 0xC0, position + 1 < n {
                    unit = UInt16(byte & 0x1F) << 6 | UInt16(text[position + 1] & 0x3F)
                    position += 2
                } else if byte & 0xF0 == 0xE0, position + 2 < n {
                    unit = UInt16(byte & 0x0F) << 12 | UInt16(text[position + 1] & 0x3F) << 6 | UInt16(text[position + 2] & 0x3F)
                    position += 3
                } else if byte & 0xF8 == 0xF0, position + 3 < n {
                    // Beyond the BMP: a surrogate pair, which only the word records take.
                    guard takesWords, length - paragraphStart < WordRecords.longestParagraph else { return nil }
                    needsWords = true
                    let value = UInt32(byte & 0x07) << 18 | UInt32(text[position + 1] & 0x3F) << 12
                        | UInt32(text[position + 2] & 0x3F) << 6 | UInt32(text[position + 3] & 0x3F)
                    units[length] = UInt16(0xD800 | (value - 0x10000) >> 10)
                    units[length + 1] = UInt16(0xDC00 | (value & 0x3FF))
                    position += 4
                    length += 2
                    continue
                } else {
                    return nil
                }
                let value = beyondASCII.value(of: unit)
                if value == 0 {
                    // (A paragraph too long for word records is shaped: decoding it here is wasted.)
                    guard takesWords, length - paragraphStart < WordRecords.longestParagraph else { return nil }
                    needsWords = true
                }
                hasLatin = hasLatin || value & BeyondASCIICharacters.latinScript != 0
                hasOtherScript = hasOtherScript || value & BeyondASCIICharacters.otherScript != 0
                units[length] = unit
            }
            length += 1
        }
        if length == paragraphStart { return paragraphs.isEmpty ? nil : length }
        return endParagraph(newline: false) ? length : nil
    }

    /// Walks `units[from..<to]` of a paragraph of `length` units (`from` a word's start at x `x`,
    /// `to` a word's end or inside a run of spaces), a run of spaces or a word at a time: advances
    /// pair by pair, words with a ligature or a character beyond ASCII whole from the width cache,
    /// and line-end losses, into the numbers per offset (`prefix`, `losses`, `clusterStarts`).
    ///
    /// Preparing (`text` given, the whole paragraph), it also finds the break opportunities and
    /// records them with their x in `text`, with the losses at them in `text.stopAdjustments`; the
    /// numbers per offset then hold one word or run of spaces at a time (at index 0 its start),
    /// and the walk returns where the paragraph's content ends before trailing spaces, its x and the
    /// paragraph's width; nil when a pair's break or advance is beyond the lane, or a break falls
    /// inside a ligature. Without `text` (see `offsetNumbers`) they hold all of `from...to` (at
    /// index 0 `from`), with where a line may be cut (`cuttable`, `splits`).
    private func walk(_ units: UnsafePointer<UInt16>, length: Int, from: Int, to: Int, x startX: Int,
                      recordingInto text: PreparedText.Storage?, breakBase: Int)
        -> (contentEnd: Int, contentWidth: Int, width: Int, breakEnd: Int)? {
        let steps = advances.tables.steps, asciiFlags = self.asciiFlags
        @inline(__always) func pairIndex(_ unit: UInt16, after i: Int) -> Int {
            Self.pairIndex(unit, after: i, in: units, length: length)
        }
        /// The step of the pair at `index`, shaping the pair first when it is new.
        @inline(__always) func step(_ index: Int) -> PairwiseASCIIAdvances.Step? {
            let packed = steps[index].load(ordering: .relaxed)
            if packed != PlainShapingTables.unknown { return PlainShapingTables.unpack(packed) }
            return advances.pair(index).map { PairwiseASCIIAdvances.Step(advance: $0.advance, loss: $0.loss) }
        }
        // The numbers' pointers are moved so that they take offsets in the paragraph; they hold
        // offsets up to `heldEnd`.
        var prefix = self.prefix, losses = self.losses, clusterStarts = self.clusterStarts
        var heldEnd = Int.min
        if text != nil {
            // The first stretch of numbers, before the breaks found are (the numbers' room may
            // move their buffers).
            (prefix, losses, clusterStarts, heldEnd) = numbers(from: from, through: from)
        }
        var found = FoundStops(self, writingAt: breakBase)
        if text == nil {
            (prefix, losses, clusterStarts, heldEnd) = numbers(from: from, through: to)
            // Every character the lane takes is a grapheme cluster of its own; inside a ligature
            // the cut is decided as shaping decides it (below).
            cuttable.update(repeating: true, count: to &- from &+ 1)
            cuttable[0] = from != 0
            hasSplits = false
        }
        var x = startX
        var spaceRunStart = from, spaceRunX = startX
        var hasLigature = false
        var i = from
        while i < to {
            if text != nil && i < heldEnd {
                // Most of a paragraph of prose in one pass; the rest item by item below.
                var spaceRun = (start: spaceRunStart, x: spaceRunX)
                i = walkPlainWords(units, length: length, from: i, heldEnd: heldEnd, x: &x, spaceRun: &spaceRun,
                                   found: &found)
                (spaceRunStart, spaceRunX) = spaceRun
                if i >= to { break }
            }
            if units[i] == 0x20 {
                // A run of spaces; a line may break after it (the spaces hang).
                spaceRunStart = i
                spaceRunX = x
                var runEnd = i
                repeat { runEnd &+= 1 } while runEnd < to && units[runEnd] == 0x20
                if runEnd > heldEnd, let text {
                    // (Only while preparing: the numbers then move on, a stretch at a time.)
                    found.flush(into: text)
                    (prefix, losses, clusterStarts, heldEnd) = numbers(from: i, through: runEnd)
                    found = FoundStops(self, writingAt: found.next)
                }
                prefix[i] = x
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
                } while i < runEnd
                if text != nil && i < length {
                    found.add(PreparedBreak(x: x, contentX: spaceRunX, offset: UInt32(i), contentEnd: UInt32(spaceRunStart),
                                            kind: .afterSpaces))
                    found.addLoss(losses[i], at: i)
                }
                continue
            }
            // A word. Working out numbers per offset (not preparing, which `walkPlainWords` took
            // as far as it could), most are ASCII with every pair known and no ligature: one pass
            // sums them.
            if text == nil, i < heldEnd, let fastEnd = walkPlainWord(units, length: length, from: i, x: &x,
                                                                     heldEnd: heldEnd, prefix: prefix, losses: losses) {
                i = fastEnd
                continue
            }
            // Otherwise one scan for what it holds, then its breaks and advances.
            let wordStart = i
            var flags: UInt8 = 0
            repeat {
                let unit = units[i]
                flags |= unit < 0x80 ? asciiFlags[Int(unit)] : CharacterFlags.beyondASCII
                i &+= 1
            } while i < length && units[i] != 0x20
            let wordEnd = i
            if wordEnd > heldEnd, let text {
                found.flush(into: text)
                (prefix, losses, clusterStarts, heldEnd) = numbers(from: wordStart, through: wordEnd)
                found = FoundStops(self, writingAt: found.next)
            }
            prefix[wordStart] = x
            // Pair by pair, unless a substitution or a character beyond ASCII rules it out (or a
            // pair turns out not to shape as two glyphs): then the word is shaped whole.
            let mayBeWhole = flags & (CharacterFlags.beyondASCII | CharacterFlags.substitutionStart) != 0
            let isWhole = (mayBeWhole && !isPairwiseWord(units, length: length, wordStart..<wordEnd))
                || !walkPairwiseWord(units, length: length, wordStart..<wordEnd, x: &x, prefix: prefix, losses: losses,
                                     clusterStarts: clusterStarts)
            var wordHasLigature = false
            if isWhole {
                advances.addWholeWord(UnsafeBufferPointer(start: units, count: length), wordStart..<wordEnd, x: &x,
                                      prefix: prefix, losses: losses, clusterStarts: clusterStarts)
                for k in wordStart..<wordEnd where !clusterStarts[k] {
                    wordHasLigature = true
                    break
                }
            }
            if text != nil {
                guard recordBreaks(units, wordStart..<wordEnd,
                                   holdsBreaks: flags & (CharacterFlags.notLetterOrDigit | CharacterFlags.beyondASCII) != 0,
                                   prefix: prefix, losses: losses, clusterStarts: wordHasLigature ? clusterStarts : nil,
                                   found: &found) else { return nil }
            }
            hasLigature = hasLigature || wordHasLigature
            if text == nil && wordHasLigature {
                markLigatureCuts(wordStart..<wordEnd, units: units, prefix: prefix, cuttable: cuttable - from,
                                 clusterStarts: { clusterStarts[$0] }, ownAdvance: { self.advances.ownAdvance(of: units[$0]) },
                                 split: { split, offset in
                                     if !self.hasSplits {
                                         (self.splits).update(repeating: LigatureSplit(endCorrection: 0, startCorrection: 0),
                                                              count: to - from + 1)
                                         self.hasSplits = true
                                     }
                                     self.splits[offset - from] = split
                                 })
            }
        }
        if let text { found.flush(into: text) }
        let trailingSpaces = length > 0 && units[length &- 1] == 0x20
        return (trailingSpaces ? spaceRunStart : length, trailingSpaces ? spaceRunX : x, x, found.next)
    }

    /// Walks, while preparing a paragraph, its plain words (printable ASCII, every pair's step
    /// known, no pair shaped whole: see `wholeWordPairs`) and the runs of spaces between them from
    /// `start` (where a word or a run starts, below `heldEnd`) in one pass: x summed pair by
    /// pair, each break opportunity with its x and the loss at it added to `found` when met.
    /// Nothing goes into the numbers per offset, which preparing never reads back here. Stops at
    /// the paragraph's end, or where the first word or run it does not take starts, with `x`,
    /// `spaceRun` (the last run of spaces: where it starts and its x) and `found` as they were
    /// there, for `walk` to go on item by item; where it stopped.
    ///
    /// It finds what the item-by-item walk finds: a run's break after it, with the loss of the
    /// last space's pair; in a word, the breaks of `recordBreaks` (two letters or digits never
    /// break, whatever comes before them: `ChromiumLineBreakerLaneTests` checks every such triple),
    /// and the loss of the word's last pair.
    @inline(__always)
    private func walkPlainWords(_ units: UnsafePointer<UInt16>, length: Int, from start: Int, heldEnd: Int,
                                x: inout Int, spaceRun: inout (start: Int, x: Int), found: inout FoundStops) -> Int {
        let steps = advances.tables.steps, asciiFlags = self.asciiFlags, wholeWordPairs = self.wholeWordPairs
        let decisions = UnsafePointer(ChromiumLineBreaker.asciiDecisions)
        let substitutionStart = CharacterFlags.substitutionStart, notLetterOrDigit = CharacterFlags.notLetterOrDigit
        // The breaks and losses found go at offsets up to `heldEnd`, which `found` has room for.
        let stop = min(length, heldEnd)
        /// The step of `unit` (at `k`, with its `flags`) before the next character (0 for the
        /// paragraph's end), or nil when that character is not printable ASCII, the pair was never
        /// shaped, or it is shaped whole (`isPairwiseWord`'s test, asked of the characters that
        /// start a substitution: only they have such pairs).
        @inline(__always) func step(_ unit: UInt16, _ flags: UInt8, at k: Int)
            -> (step: PairwiseASCIIAdvances.Step, next: UInt16)? {
            var column = PairwiseASCIIAdvances.end, next: UInt16 = 0
            if k &+ 1 < length {
                next = units[k &+ 1]
                column = Int(next) &- 0x20
                guard UInt(bitPattern: column) < UInt(PairwiseASCIIAdvances.characterCount) else { return nil }
            }
            let index = PairwiseASCIIAdvances.pairIndex(UInt8(truncatingIfNeeded: unit), column)
            if flags & substitutionStart != 0 && wholeWordPairs[index] { return nil }
            let packed = steps[index].load(ordering: .relaxed)
            return packed == PlainShapingTables.unknown ? nil : (PlainShapingTables.unpack(packed), next)
        }
        var i = start, walkedX = x
        items: while i < stop {
            let itemStart = i, itemX = walkedX
            let (breakCount, lossCount) = (found.breakCount, found.lossCount)
            var unit = units[i]
            if unit == 0x20 {
                var lastLoss: Int32 = 0
                var next: UInt16
                repeat {
                    guard i &+ 1 <= stop, let (step, after) = step(0x20, 0, at: i) else {
                        (i, walkedX) = (itemStart, itemX)
                        break items
                    }
                    walkedX &+= Int(step.advance)
                    lastLoss = step.loss
                    i &+= 1
                    next = after
                } while next == 0x20
                spaceRun = (itemStart, itemX)
                if i < length {
                    found.add(PreparedBreak(x: walkedX, contentX: itemX, offset: UInt32(i),
                                            contentEnd: UInt32(itemStart), kind: .afterSpaces))
                    found.addLoss(Int(lastLoss), at: i)
                }
                continue
            }
            guard unit > 0x20 && unit < 0x7F else { break }
            var unitFlags = asciiFlags[Int(unit)]
            var lastLast: UInt16 = i > 0 ? units[i &- 1] : 0
            while true {
                guard i &+ 1 <= stop, let (step, next) = step(unit, unitFlags, at: i) else {
                    (i, walkedX) = (itemStart, itemX)
                    (found.breakCount, found.lossCount) = (breakCount, lossCount)
                    break items
                }
                walkedX &+= Int(step.advance)
                i &+= 1
                // (0 only at the paragraph's end: `step` takes no control character.)
                guard next > 0x20 else {
                    found.addLoss(Int(step.loss), at: i)
                    break
                }
                let nextFlags = asciiFlags[Int(next)]
                if (unitFlags | nextFlags) & notLetterOrDigit != 0,
                   let kind = ChromiumLineBreaker.asciiBreak(lastLast, unit, next, decisions: decisions) {
                    found.add(PreparedBreak(x: walkedX, contentX: walkedX, offset: UInt32(i), contentEnd: UInt32(i),
                                            kind: kind))
                    found.addLoss(Int(step.loss), at: i)
                }
                (lastLast, unit, unitFlags) = (unit, next, nextFlags)
            }
        }
        x = walkedX
        return i
    }

    /// The word from `start` (at x `x`, within the numbers held up to `heldEnd`) walked in one
    /// pass when it is printable ASCII, every pair's step is known and no pair of it is shaped
    /// whole: its advances and losses written into the numbers, `x` moved past it; where it ends
    /// (for `offsetNumbers`: preparing, `walkPlainWords` takes such words). Nil, with nothing but
    /// numbers past `start` written, when the word is not such a word: `walk` then takes it its
    /// word-by-word walk, which gives the same numbers for such a word (letters and digits never
    /// break between them, and every other pair is looked up in the same table).
    @inline(__always)
    private func walkPlainWord(_ units: UnsafePointer<UInt16>, length: Int, from start: Int, x: inout Int, heldEnd: Int,
                               prefix: UnsafeMutablePointer<Int>, losses: UnsafeMutablePointer<Int>) -> Int? {
        let steps = advances.tables.steps, asciiFlags = self.asciiFlags
        var wordX = x
        var flags: UInt8 = 0
        var k = start
        var unit = units[k]
        guard unit < 0x80 else { return nil }
        /// Adds the step of `unit` before `column` (`PairwiseASCIIAdvances.pairIndex`'s second
        /// index) and moves on; false when the pair was never shaped.
        @inline(__always) func take(_ column: Int) -> Bool {
            flags |= asciiFlags[Int(unit)]
            let packed = steps[PairwiseASCIIAdvances.pairIndex(UInt8(truncatingIfNeeded: unit), column)].load(ordering: .relaxed)
            guard packed != PlainShapingTables.unknown else { return false }
            let step = PlainShapingTables.unpack(packed)
            wordX &+= Int(step.advance)
            k &+= 1
            prefix[k] = wordX
            losses[k] = Int(step.loss)
            return true
        }
        // Pairs inside the paragraph and the numbers held; the last character's pair with the
        // paragraph's end after the loop. (No clusters to mark: each character is one.)
        let stop = min(length, heldEnd) &- 1
        var atSpace = false
        while k < stop {
            let next = units[k &+ 1]
            let column = Int(next) &- 0x20
            // Beyond ASCII takes the word-by-word walk (the lane takes no control characters).
            guard UInt(bitPattern: column) < UInt(PairwiseASCIIAdvances.characterCount), take(column) else { return nil }
            if column == 0 {
                atSpace = true
                break
            }
            unit = next
        }
        // The paragraph's last character; when the numbers run out first, the word-by-word walk.
        if !atSpace {
            guard k == length &- 1, length <= heldEnd, take(PairwiseASCIIAdvances.end) else { return nil }
        }
        let end = k
        if flags & CharacterFlags.substitutionStart != 0 && !isPairwiseWord(units, length: length, start..<end) {
            return nil
        }
        prefix[start] = x
        x = wordX
        return end
    }

    /// Whether word `range` may be walked pair by pair: every character beyond ASCII in it is one
    /// `BeyondASCIICharacters` marks pairwise, and no ASCII character of it is substituted or
    /// starts a ligature with the next (see `wholeWordPairs`).
    private func isPairwiseWord(_ units: UnsafePointer<UInt16>, length: Int, _ range: Range<Int>) -> Bool {
        for k in range {
            let unit = units[k]
            if unit >= 0x80 {
                guard beyondASCII.value(of: unit) & BeyondASCIICharacters.pairwise != 0 else { return false }
                continue
            }
            // An ASCII character before one beyond ASCII: only its own substitutions count (no
            // substitution reads a pairwise character's glyph).
            let next = k &+ 1 < length ? units[k &+ 1] : 0
            let column = next == 0 || next >= 0x80 ? PairwiseASCIIAdvances.end : Int(next) &- 0x20
            if wholeWordPairs[PairwiseASCIIAdvances.pairIndex(UInt8(truncatingIfNeeded: unit), column)] { return false }
        }
        return true
    }

    /// Writes the advances and losses of word `range` (see `isPairwiseWord`) pair by pair from `x`:
    /// ASCII pairs from the dense table, pairs with a character beyond ASCII from
    /// `BeyondASCIIPairSteps`; false, with `x` unmoved, when a pair does not shape pair by pair or
    /// its step cannot be kept (the word is then shaped whole).
    private func walkPairwiseWord(_ units: UnsafePointer<UInt16>, length: Int, _ range: Range<Int>, x: inout Int,
                                  prefix: UnsafeMutablePointer<Int>, losses: UnsafeMutablePointer<Int>,
                                  clusterStarts: UnsafeMutablePointer<Bool>) -> Bool {
        let steps = advances.tables.steps
        var wordX = x
        for k in range {
            let unit = units[k]
            let next: UInt16 = k &+ 1 < length ? units[k &+ 1] : 0
            let step: PairwiseASCIIAdvances.Step
            if unit < 0x80 && next < 0x80 {
                let index = Self.pairIndex(unit, after: k, in: units, length: length)
                let packed = steps[index].load(ordering: .relaxed)
                if packed != PlainShapingTables.unknown {
                    step = PlainShapingTables.unpack(packed)
                } else {
                    guard let shaped = advances.pair(index) else { return false }
                    step = PairwiseASCIIAdvances.Step(advance: shaped.advance, loss: shaped.loss)
                }
            } else {
                guard let shaped = advances.beyondPair(unit, next) else { return false }
                step = shaped
            }
            wordX &+= Int(step.advance)
            prefix[k &+ 1] = wordX
            losses[k &+ 1] = Int(step.loss)
            clusterStarts[k] = true
        }
        x = wordX
        return true
    }

    /// Whether the paragraph `units[0..<count]` (holding a letter of `BeyondASCIICharacters.otherScripts`)
    /// may be walked pair by pair across the places where its script runs meet ("файл %s": a
    /// Cyrillic run, then a Latin one from "s"). HarfBuzz shapes each run apart, so nothing kerns
    /// or ligates across such a place; the tables walk the pair there as any other. They agree
    /// when the pair's step is the first character's step at a run's end, with no loss at a line
    /// end there, and no substitution reads either character. Runs are found as the shaping
    /// preparer finds them (`scriptRuns`).
    private func runsMeetApart(_ units: UnsafePointer<UInt16>, count: Int) -> Bool {
        let runs = scriptRuns(of: Array(UnsafeBufferPointer(start: units, count: count)))
        for run in runs.dropFirst() {
            let first = units[run.range.lowerBound - 1], next = units[run.range.lowerBound]
            guard let together = pairStep(first, next), let apart = pairStep(first, 0),
                  together.advance == apart.advance, together.loss == 0,
                  !isSubstituted(first, before: next), !isSubstituted(next, before: 0) else { return false }
        }
        return true
    }

    /// The step of `first` (a character the lane takes, or a space) before `next` (0 for a run's end).
    private func pairStep(_ first: UInt16, _ next: UInt16) -> PairwiseASCIIAdvances.Step? {
        if first < 0x80 && next < 0x80 {
            let column = next == 0 ? PairwiseASCIIAdvances.end : Int(next) &- 0x20
            return advances.pair(PairwiseASCIIAdvances.pairIndex(UInt8(truncatingIfNeeded: first), column))
                .map { PairwiseASCIIAdvances.Step(advance: $0.advance, loss: $0.loss) }
        }
        if first == 0x20 {
            return advances.spaceBefore(next).map { PairwiseASCIIAdvances.Step(advance: $0.advance, loss: $0.loss) }
        }
        return advances.beyondPair(first, next)
    }

    /// Whether a substitution of the font may read `unit`'s glyph, or (ASCII) the pair it starts
    /// with `next` (0 for nothing after it).
    private func isSubstituted(_ unit: UInt16, before next: UInt16) -> Bool {
        guard unit < 0x80 else { return beyondASCII.value(of: unit) & BeyondASCIICharacters.pairwise == 0 }
        let column = next == 0 || next >= 0x80 ? PairwiseASCIIAdvances.end : Int(next) &- 0x20
        return wholeWordPairs[PairwiseASCIIAdvances.pairIndex(UInt8(truncatingIfNeeded: unit), column)]
    }

    /// The table index of `units[i]`'s pair (a printable ASCII unit) with what follows it in a
    /// paragraph of `length` units.
    @inline(__always)
    private static func pairIndex(_ unit: UInt16, after i: Int, in units: UnsafePointer<UInt16>, length: Int) -> Int {
        let next = i &+ 1 < length ? units[i &+ 1] : 0
        return PairwiseASCIIAdvances.pairIndex(UInt8(truncatingIfNeeded: unit),
                                               next == 0 ? PairwiseASCIIAdvances.end : Int(next) &- 0x20)
    }


    /// Records the break opportunities inside word `range`, whose numbers are written, with their
    /// x and the line-end losses at them and at the word's end. With `holdsBreaks` false (letters
    /// and digits only) there are none to look for. False when a pair with a character beyond
    /// ASCII is ICU's to decide, or a break falls inside a ligature (`clusterStarts`, when the
    /// word holds one): the text is then shaped.
    @inline(__always)
    private func recordBreaks(_ units: UnsafePointer<UInt16>, _ range: Range<Int>, holdsBreaks: Bool,
                              prefix: UnsafeMutablePointer<Int>, losses: UnsafeMutablePointer<Int>,
                              clusterStarts: UnsafeMutablePointer<Bool>?, found: inout FoundStops) -> Bool {
        if holdsBreaks {
            // Read once: each read of the lazily made table costs a `swift_once` call.
            let decisions = UnsafePointer(ChromiumLineBreaker.asciiDecisions)
            var lastLast: UInt16 = range.lowerBound > 0 ? units[range.lowerBound &- 1] : 0
            var last = units[range.lowerBound]
            for k in (range.lowerBound &+ 1)..<range.upperBound {
                let unit = units[k]
                if unit | last < 0x80 {
                    if let kind = ChromiumLineBreaker.asciiBreak(lastLast, last, unit, decisions: decisions) {
                        // A break inside a ligature would need the cut's corrections kept:
                        // shaping keeps them.
                        if let clusterStarts, !clusterStarts[k] { return false }
                        found.add(PreparedBreak(x: prefix[k], contentX: prefix[k], offset: UInt32(k), contentEnd: UInt32(k),
                                                kind: kind))
                        found.addLoss(losses[k], at: k)
                    }
                } else {
                    let lastClass = last < 0x80 ? 0 : beyondASCII.value(of: last) & 0x0F
                    let unitClass = unit < 0x80 ? 0 : beyondASCII.value(of: unit) & 0x0F
                    if !ChromiumLineBreaker.neverBreaks(last, lastClass, unit, unitClass) {
                        switch classBeside(last, lastClass, unit, unitClass, lastLast: lastLast) {
                        case .noBreak:
                            break
                        case .breaks(let kind):
                            if let clusterStarts, !clusterStarts[k] { return false }
                            found.add(PreparedBreak(x: prefix[k], contentX: prefix[k], offset: UInt32(k), contentEnd: UInt32(k),
                                                    kind: kind))
                            found.addLoss(losses[k], at: k)
                        case .undecided:
                            return false
                        }
                    }
                }
                lastLast = last
                last = unit
            }
        }
        found.addLoss(losses[range.upperBound], at: range.upperBound)
        return true
    }

    /// The breaker that finds what `ClassBesideASCII` does not know yet (made when first needed).
    private lazy var breaker: ChromiumLineBreaker? = try? ChromiumLineBreaker()

    /// The breaker's decision between a character beyond ASCII and a printable ASCII character or
    /// another character beyond ASCII (see `ClassBesideASCII`); undecided for any other pair.
    private func classBeside(_ last: UInt16, _ lastClass: UInt8, _ unit: UInt16, _ unitClass: UInt8,
                             lastLast: UInt16) -> ChromiumLineBreaker.BlinkDecision {
        guard let breaker else { return .undecided }
        if lastClass != 0 && unitClass != 0 {
            return ClassBesideASCII.decision(first: lastClass, second: unitClass, breaker: breaker)
        }
        if lastClass != 0 && unit < 0x7F && unit >= 0x20 {
            return ClassBesideASCII.decision(class: lastClass, classFirst: true, ascii: unit, breaker: breaker)
        }
        if unitClass != 0 && last < 0x7F && last >= 0x20 {
            let decision = ClassBesideASCII.decision(class: unitClass, classFirst: false, ascii: last, breaker: breaker)
            guard case .undecided = decision else { return decision }
            // Decided by what is before the pair ("-" at a word's start or inside one).
            return ClassBesideASCII.decision(class: unitClass, after: last,
                                             atWordStart: ClassBesideASCII.startsWord(lastLast), breaker: breaker)
        }
        return .undecided
    }

    /// The numbers per offset, moved to take offsets from `start` on, with room for at least
    /// `start...end` (a few thousand offsets), and the last offset they hold; room for as many
    /// breaks and losses found.
    private func numbers(from start: Int, through end: Int)
        -> (UnsafeMutablePointer<Int>, UnsafeMutablePointer<Int>, UnsafeMutablePointer<Bool>, Int) {
        reserve(max(end - start + 1, 4096))
        if capacity + 1 > foundCapacity {
            foundBreaks.deallocate()
            foundBreaks = .allocate(capacity: capacity + 1)
            foundLosses.deallocate()
            foundLosses = .allocate(capacity: capacity + 1)
            foundCapacity = capacity + 1
        }
        return (prefix - start, losses - start, clusterStarts - start, start + capacity - 1)
    }

    /// The break opportunities found in the stretch the numbers hold, and the line-end losses
    /// that are not 0 at them (there is room for one of each per offset, and one more).
    private struct FoundStops {
        let breaks: UnsafeMutablePointer<PreparedBreak>
        let losses: UnsafeMutablePointer<(offset: Int, loss: Int)>
        var breakCount = 0
        var lossCount = 0
        /// Where in the text's breaks the next of them go.
        var next: Int

        init(_ lane: PairwiseTextPreparer, writingAt next: Int) {
            (breaks, losses) = (lane.foundBreaks, lane.foundLosses)
            self.next = next
        }

        @inline(__always)
        mutating func add(_ opportunity: PreparedBreak) {
            breaks[breakCount] = opportunity
            breakCount &+= 1
        }

        /// Notes the loss of a line ending at `offset` when it is not 0.
        @inline(__always)
        mutating func addLoss(_ loss: Int, at offset: Int) {
            guard loss != 0 else { return }
            losses[lossCount] = (offset, loss)
            lossCount &+= 1
        }

        /// Copies them into `text`, and starts again.
        mutating func flush(into text: PreparedText.Storage) {
            text.breaks.set(UnsafeBufferPointer(start: breaks, count: breakCount), at: next)
            next += breakCount
            breakCount = 0
            for n in 0..<lossCount { text.stopAdjustments.append(StopAdjustment(offset: losses[n].offset, value: losses[n].loss)) }
            lossCount = 0
        }
    }

    /// How many offsets of numbers are kept from one text to the next, at most.
    private static var keptCapacity: Int { 1 << 16 }

    /// Lets the numbers per offset and the breaks found go (they are made again when needed).
    private func release() {
        deallocateBuffers()
        prefix = .allocate(capacity: 1)
        losses = .allocate(capacity: 1)
        clusterStarts = .allocate(capacity: 1)
        cuttable = .allocate(capacity: 1)
        splits = .allocate(capacity: 1)
        foundBreaks = .allocate(capacity: 1)
        foundLosses = .allocate(capacity: 1)
        capacity = 0
        foundCapacity = 0
    }

    private func deallocateBuffers() {
        prefix.deallocate()
        losses.deallocate()
        clusterStarts.deallocate()
        cuttable.deallocate()
        splits.deallocate()
        foundBreaks.deallocate()
        foundLosses.deallocate()
    }

    /// Makes room for `needed` offsets in the numbers per offset.
    private func reserve(_ needed: Int) {
        guard needed > capacity else { return }
        let size = max(needed, 2 * capacity, 256)
        prefix.deallocate()
        prefix = .allocate(capacity: size)
        losses.deallocate()
        losses = .allocate(capacity: size)
        clusterStarts.deallocate()
        clusterStarts = .allocate(capacity: size)
        cuttable.deallocate()
        cuttable = .allocate(capacity: size)
        splits.deallocate()
        splits = .allocate(capacity: size)
        capacity = size
    }
}
