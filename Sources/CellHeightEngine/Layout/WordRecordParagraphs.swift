import CHarfBuzz

/// Paragraphs put together from word records (see `WordRecords`): the pairwise lane's way with a
/// paragraph that holds characters its pair tables do not take.
extension WordRecords {
    /// Puts paragraph `units[0..<length]` (the `index`th of `text`, at `start` in it) together
    /// from the records of its words: its break opportunities from `breakBase` on, its line-end
    /// adjustments and fonts into `text`. False when a word is not one a record may stand for
    /// (see `WordRecords`): the text is then shaped.
    func prepareParagraph(_ units: UnsafePointer<UInt16>, length: Int, start paragraphStart: Int, index: Int,
                          breakBase: Int, into text: PreparedText.Storage) -> Bool {
        // A very long paragraph is shaped in pieces (its words listed here would take more memory
        // than its text).
        guard length <= Self.longestParagraph else { return false }
        // Every word of the paragraph fits without emptying the store before it is put together.
        makeRoom(for: length)
        if index == 0 { syllableSplits?.forgetIfMany() }
        guard let words = placedWords(units, length: length) else { return false }
        return putTogether(words, units, length: length, start: paragraphStart, index: index, breakBase: breakBase,
                           into: text)
    }

    /// A word of a paragraph: where it is, and its record.
    struct PlacedWord {
        var start: Int
        var count: Int
        /// Index into `records` (while the words are looked up, -1 - n for the nth word to make).
        var record: Int
    }

    /// The words of paragraph `units[0..<length]` with their records: found, or made together in
    /// one paragraph for those that had none; nil when a word is not one a record may stand for.
    private func placedWords(_ units: UnsafePointer<UInt16>, length: Int) -> [PlacedWord]? {
        guard var words = keyedWords(units, length: length) else { return nil }
        var missing: [Word] = []
        var missingAt: [Int] = []
        // The words' keys are all known before any is looked up: their reads (each a few cache
        // misses in a large table) are made first, side by side (see `readAhead`).
        readAhead()
        for n in words.indices {
            let start = words[n].start, count = words[n].count
            let key = wordKeys[n], word = units + start
            if let found = find(word, count, hash: key.hash, leadingScript: key.leadingScript, edges: key.edges)
                ?? adoptShared(word, count, hash: key.hash, leadingScript: key.leadingScript, edges: key.edges) {
                markUsed(found)
                words[n].record = found
                continue
            }
            // (A word met twice in the paragraph gets one record.)
            if let twin = missing.firstIndex(where: { other in
                other.hash == key.hash && other.count == count && other.leadingScript == key.leadingScript
                    && other.edges == key.edges && (0..<count).allSatisfy { other.units[$0] == units[start + $0] }
            }) {
                words[n].record = -1 - twin
            } else {
                words[n].record = -1 - missing.count
                missing.append(Word(units: units + start, count: count, hash: key.hash,
                                    leadingScript: key.leadingScript, edges: key.edges))
            }
            missingAt.append(n)
        }
        if !missing.isEmpty {
            let made = make(missing)
            guard made.count == missing.count else { return nil }
            for w in missingAt { words[w].record = made[-1 - words[w].record] }
        }
        return words
    }

    /// Whether a word written without spaces parts before `units[i]` (`i` > 0, the paragraph
    /// `length` units long): between two ideographs or Hangul syllables, or either and a kana
    /// (`joins`); between two kana that meet apart in their font (`KanaSplits`); or after a
    /// Tibetan syllable's tsheg where the next syllable meets it apart (`SyllableSplits`). The
    /// splits are made when first needed, and answer alike for every paragraph.
    @inline(__always)
    func partsAt(_ units: UnsafePointer<UInt16>, _ i: Int, length: Int) -> Bool {
        if units[i &- 1] == SyllableSplits.tsheg && SyllableSplits.consonants.contains(units[i]) {
            return (syllableSplits ?? makeSyllableSplits()).partsAt(units, i, length: length)
        }
        let flags = WordCharacters.flags
        let current = flags[units[i]], previous = flags[units[i &- 1]]
        if current & previous & WordCharacters.kana != 0 {
            return (kanaSplits ?? makeKanaSplits()).partsAt(units[i &- 1], units[i])
        }
        return Self.joins(previous, current)
    }

    /// Whether `units[i - 1]` and `units[i]` are two kana of Line_Break ID (see `KanaSplits`).
    @inline(__always)
    static func kanaMeet(_ units: UnsafePointer<UInt16>, _ i: Int) -> Bool {
        let flags = WordCharacters.flags
        return flags[units[i]] & flags[units[i &- 1]] & WordCharacters.kana != 0
    }

    /// Whether a word written without spaces parts between characters of flags `previous` and
    /// `current` (see `WordCharacters`): between an ideograph or a Hangul syllable and another of
    /// either or a kana, either way round. A line may break there whatever is around, and each
    /// part is then a word of its own, put together with the part before where the glyph on
    /// either side is inert (`Record.startsInert`; ideographs and Hangul syllables are, in Noto
    /// Sans CJK): Chinese, Japanese and Korean text is then taken an ideograph, a syllable or a
    /// run of kana and punctuation at a time, from records that come again and again, rather than
    /// a sentence or a word at a time.
    @inline(__always)
    static func joins(_ previous: UInt8, _ current: UInt8) -> Bool {
        let either = WordCharacters.partsBeside | WordCharacters.kana
        return (current | previous) & WordCharacters.partsBeside != 0
            && current & either != 0 && previous & either != 0
    }

    /// The words of paragraph `units[0..<length]` (their records not looked up yet), their keys
    /// in `wordKeys`; nil when a word is not one a record may stand for. A word written without
    /// spaces is listed as its parts (see `joins`).
    private func keyedWords(_ units: UnsafePointer<UInt16>, length: Int) -> [PlacedWord]? {
        let flags = WordCharacters.flags, scripts = WordCharacters.scripts
        var words: [PlacedWord] = []
        wordKeys.removeAll(keepingCapacity: true)
        var runScript: UInt32 = 0
        var i = 0
        while i < length {
            if units[i] == 0x20 || units[i] == 0x09 {
                i &+= 1
                continue
            }
            let start = i
            var wordFlags: UInt8 = 0
            var lastScript: UInt32 = 0
            var hash = Self.hashSeed
            repeat {
                let unit = units[i]
                var f = flags[unit]
                if f & WordCharacters.surrogate != 0 {
                    // A surrogate pair: one character (a lone surrogate is refused).
                    let pair = pairCharacter(at: units, i, count: length)
                    f = pair.flags | WordCharacters.surrogate
                    if f & WordCharacters.neutral == 0 { lastScript = pair.script }
                    if pair.length == 2 {
                        hash = Self.hash(hash, unit)
                        i &+= 1
                    }
                    wordFlags |= f
                    hash = Self.hash(hash, units[i])
                    i &+= 1
                    continue
                }
                wordFlags |= f
                if f & WordCharacters.neutral == 0 { lastScript = scripts[unit] }
                hash = Self.hash(hash, unit)
                i &+= 1
            } while i < length && units[i] != 0x20 && units[i] != 0x09 && !partsAt(units, i, length: length)
            let count = i &- start
            var firstFlags = flags[units[start]], lastFlags = flags[units[i &- 1]]
            if wordFlags & WordCharacters.surrogate != 0 {
                firstFlags = character(at: units, start, count: length).flags
                lastFlags = character(endingAt: units, i &- 1).flags
            }
            guard count <= Self.longestWord, wordFlags & WordCharacters.refused == 0,
                  firstFlags & WordCharacters.refusedFirst == 0,
                  lastFlags & WordCharacters.refusedLast == 0 else { return nil }
            var leadingScript: UInt32 = 0
            if firstFlags & WordCharacters.neutral != 0 {
                leadingScript = runScript != 0 ? runScript : firstScript(units, from: start, to: length)
            }
            let edges = keyEdges(spaceBefore: start > 0, spaceAfter: i < length)
            hash = Self.finish(hash, leadingScript: leadingScript, edges: edges)
            words.append(PlacedWord(start: start, count: count, record: 0))
            wordKeys.append(WordKey(hash: hash, leadingScript: leadingScript, edges: edges))
            if lastScript != 0 { runScript = lastScript } else if runScript == 0 { runScript = leadingScript }
        }
        return words
    }

    /// Writes paragraph `index` of `text` from its words' records (see `prepareParagraph`).
    private func putTogether(_ words: [PlacedWord], _ units: UnsafePointer<UInt16>, length: Int,
                             start paragraphStart: Int, index: Int, breakBase: Int,
                             into text: PreparedText.Storage) -> Bool {
        var x = 0, next = breakBase
        var contentEnd = length, contentWidth = 0
        var run = RunFonts()
        var usesFallback = false, hasSoftHyphens = false
        let adjustmentBase = text.stopAdjustments.count, continuedBase = text.continuedWords.count
        /// Index in `text.fonts` of each of `fonts` met in this text (0: not yet).
        var textFonts: [UInt8] = []
        var position = 0
        /// Whether record `r` stands for the word at `start` of `count` units there, and the run
        /// it is in takes it (then moved on past it).
        func takes(_ r: Record, _ start: Int, _ count: Int) -> Bool {
            // (A record made between spaces whose end kerns with the space after it does not
            // stand for the word at the paragraph's end.)
            guard r.isUsable, keysEdges || !r.endsAdjusted || start + count < length else { return false }
            var next = run
            guard next.accept(r) else { return false }
            run = next
            return true
        }
        /// Leaves the paragraph to shaping, forgetting the continued words it listed.
        func refuse() -> Bool {
            text.continuedWords.removeSubrange(continuedBase...)
            return false
        }
        var previous: Record?
        for (n, word) in words.enumerated() {
            if position < word.start {
                // The spaces before it; a line may break after them.
                let spacesX = x
                x &+= spacesWidth(units, position..<word.start)
                if word.start > 0 {
                    let opportunity = PreparedBreak(x: x, contentX: spacesX, offset: UInt32(word.start),
                                                    contentEnd: UInt32(position), kind: .afterSpaces)
                    text.breaks.set(opportunity, at: next)
                    next &+= 1
                }
            }
            var r = records[word.record]
            if takes(r, word.start, word.count) {
                notePrimer(ofRecord: word.record)
            } else {
                // A word prepared as its run's start that its run, which chose a fallback font
                // before it, would draw otherwise: its record in that run.
                guard run.font > 0, r.firstScript == run.script,
                      let continued = continuedRecord(units + word.start, word.count, key: wordKeys[n], font: run.font),
                      case let c = records[continued], takes(c, word.start, word.count)
                else { return refuse() }
                r = c
                text.continuedWords.append(ContinuedWord(offset: Int32(paragraphStart + word.start), font: run.font))
            }
            if let before = previous, position == word.start {
                // A part of a word written without spaces, after the part before it (see
                // `partsAt`): nothing reaches across where they meet, and a line may break there.
                guard !before.endsAdjusted else { return refuse() }
                // A Tibetan syllable or a kana: both sides drawn by the font whose lookups decided
                // the place; else an ideograph or a Hangul syllable, where an inert glyph decides.
                var splitsFont: Int?
                if units[word.start &- 1] == SyllableSplits.tsheg {
                    splitsFont = syllableSplits?.font ?? -1
                } else if Self.kanaMeet(units, word.start) {
                    splitsFont = kanaSplits?.font ?? -1
                }
                if let font = splitsFont {
                    guard font >= 0, Int(fontIndices[Int(before.unitStart + before.unitCount) - 1]) == font,
                          Int(fontIndices[Int(r.unitStart)]) == font else { return refuse() }
                } else {
                    guard before.endsInert || r.startsInert else { return refuse() }
                }
                let offset = UInt32(word.start)
                text.breaks.set(PreparedBreak(x: x, contentX: x, offset: offset, contentEnd: offset, kind: .other),
                                at: next)
                next &+= 1
            }
            previous = r
            let start = word.start
            for b in Int(r.breakStart)..<Int(r.breakStart + r.breakCount) {
                let offset = UInt32(start + Int(breakOffsets[b]))
                let breakX = x &+ breakXs[b]
                let opportunity = PreparedBreak(x: breakX, contentX: breakX, offset: offset, contentEnd: offset,
                                                kind: breakKinds[b])
                text.breaks.set(opportunity, at: next)
                next &+= 1
            }
            for l in Int(r.lossStart)..<Int(r.lossStart + r.lossCount) {
                text.stopAdjustments.append(StopAdjustment(offset: start + Int(lossOffsets[l]), value: lossValues[l]))
            }
            if r.usesFallback {
                usesFallback = true
                writeFonts(of: r, at: paragraphStart + start, into: text, textFonts: &textFonts)
            }
            hasSoftHyphens = hasSoftHyphens || r.hasSoftHyphens
            x &+= r.width
            position = start &+ word.count
            (contentEnd, contentWidth) = (position, x)
        }
        if position < length {
            // Trailing spaces (or a paragraph of spaces): they hang.
            if words.isEmpty { (contentEnd, contentWidth) = (0, 0) }
            x &+= spacesWidth(units, position..<length)
        }
        text.paragraphs[index].breaks = breakBase..<next
        text.paragraphs[index].contentEnd = contentEnd
        text.paragraphs[index].contentWidth = contentWidth
        text.paragraphs[index].width = x
        text.paragraphs[index].stopAdjustments = adjustmentBase..<text.stopAdjustments.count
        text.paragraphs[index].usesFallback = usesFallback
        text.paragraphs[index].hasSoftHyphens = hasSoftHyphens
        text.paragraphs[index].isFromWordRecords = true
        return true
    }

    /// The record of word `units[0..<count]` (of key `key`) in a run whose fallback font `font`
    /// chose before it: found, or made when its font has a primer and the store has room (made
    /// records are not moved while a paragraph is put together); nil otherwise.
    ///
    /// Chromium's loop chooses a run's fallback font from the run's first missing characters and
    /// tries it on all of the run's: a word prepared as its run's start may choose another font
    /// (in DejaVu Sans, a Tamil word starting with ப asks for Noto Sans Grantha, which lacks
    /// most Tamil letters) where its paragraph's run, started by another word, draws it in Noto
    /// Sans Tamil. Prepared after a character that chooses the run's font (`primer(of:)`), it
    /// comes out as there, when that font draws all its missing characters (else a later font
    /// would be chosen from the whole run's, and the record is not used).
    private func continuedRecord(_ units: UnsafePointer<UInt16>, _ count: Int, key: WordKey, font: Int16) -> Int? {
        let hash = Self.continuing(key.hash, font: font)
        if let found = find(units, count, hash: hash, leadingScript: key.leadingScript, edges: key.edges,
                            continuedFont: font) {
            markUsed(found)
            return found
        }
        guard primer(of: font) != nil, self.units.count + count <= unitLimit else { return nil }
        let made = make([Word(units: units, count: count, hash: hash, leadingScript: key.leadingScript,
                              edges: key.edges, continuedFont: font)])
        guard let index = made.first else { return nil }
        markUsed(index)
        return index
    }

    /// The width of the spaces and tabs `units[range]`: a tab's is set where it falls on a line
    /// (see `LineWrapper`), 0 here as in the shaping preparer's numbers.
    @inline(__always)
    private func spacesWidth(_ units: UnsafePointer<UInt16>, _ range: Range<Int>) -> Int {
        var spaces = range.count
        for k in range where units[k] == 0x09 { spaces &-= 1 }
        return spaces &* spaceAdvance
    }


    /// Writes the fonts of the word whose record is `r`, at `start` in `text`, adding to the
    /// text's fonts those it meets first (`textFonts`: index in `text.fonts` of each of `fonts`,
    /// 0 for not yet).
    private func writeFonts(of r: Record, at start: Int, into text: PreparedText.Storage, textFonts: inout [UInt8]) {
        if text.fontIndices.isEmpty { text.fontIndices = Array(repeating: 0, count: text.units.count + 1) }
        if textFonts.count < fonts.count {
            textFonts.append(contentsOf: repeatElement(0, count: fonts.count - textFonts.count))
        }
        for k in 0..<Int(r.unitCount) {
            let font = Int(fontIndices[Int(r.unitStart) + k])
            guard font != 0 else { continue }
            if textFonts[font] == 0 {
                if let known = text.fonts.firstIndex(where: { $0 === fonts[font] }) {
                    textFonts[font] = UInt8(known)
                } else {
                    text.fonts.append(fonts[font])
                    textFonts[font] = UInt8(text.fonts.count - 1)
                }
            }
            text.fontIndices[start + k] = textFonts[font]
        }
    }

    /// The script of the first character of a real script in `units[from..<to]` (the run that
    /// the neutral characters before it join), Common when there is none.
    private func firstScript(_ units: UnsafePointer<UInt16>, from: Int, to: Int) -> UInt32 {
        var k = from
        while k < to {
            let c = character(at: units, k, count: to)
            if units[k] != 0x20 && c.flags & WordCharacters.neutral == 0 { return c.script }
            k += c.length
        }
        return HB_SCRIPT_COMMON.rawValue
    }

    /// The script of the run that a word starting at `start` continues: of the last character of
    /// a real script before it, else of the first one after (Common when there is none).
    private func scriptBefore(_ units: UnsafePointer<UInt16>, _ start: Int, length: Int) -> UInt32 {
        var k = start
        while k > 0 {
            let c = character(endingAt: units, k - 1)
            if units[k - 1] != 0x20 && c.flags & WordCharacters.neutral == 0 { return c.script }
            k = c.start
        }
        return firstScript(units, from: start, to: length)
    }

    /// The numbers per offset of `range` of paragraph `p` (which `prepareParagraph` put
    /// together), x at the range's start being `x`, from its words' records: valid until the
    /// next call.
    func offsetNumbers(_ text: PreparedText.Buffers, _ p: PreparedParagraph, covering range: ClosedRange<Int>,
                       x: Int) -> OffsetNumbers.View {
        let units = text.units.baseAddress! + p.start
        let first = range.lowerBound, last = range.upperBound
        numbers.reserve(last - first + 1)
        let numberPrefix = numbers.prefix, numberAdjustments = numbers.adjustments
        let numberCuttable = numbers.cuttable, numberSplits = numbers.splits
        // From the start of the word, or of its part (see `joins`: a sentence of ideographs is
        // one word, walked back a part at most), or of the run of spaces holding the range's start.
        var i = first
        func isSpace(_ unit: UInt16) -> Bool { unit == 0x20 || unit == 0x09 }
        while i > 0 && i < p.count && !isSpace(units[i - 1]) && !isSpace(units[i])
            && !partsAt(units, i, length: p.count) {
            i -= 1
        }
        var position = x
        var runScript: UInt32 = 0
        var scriptKnown = false
        for k in 0...(last - first) {
            numberAdjustments[k] = 0
            numberSplits[k] = LigatureSplit(endCorrection: 0, startCorrection: 0)
        }
        var hasSplits = false
        while i <= last {
            guard i < p.count else {
                // The paragraph's end.
                numberPrefix[i - first] = position
                numberCuttable[i - first] = true
                break
            }
            if isSpace(units[i]) {
                if i >= first {
                    numberPrefix[i - first] = position
                    numberCuttable[i - first] = i > 0
                    if units[i] == 0x20 { position &+= spaceAdvance }
                }
                i += 1
                continue
            }
            let start = i
            repeat { i += 1 } while i < p.count && !isSpace(units[i]) && !partsAt(units, i, length: p.count)
            let count = i - start
            var leadingScript: UInt32 = 0
            if character(at: units, start, count: p.count).flags & WordCharacters.neutral != 0 {
                if !scriptKnown { runScript = scriptBefore(units, start, length: p.count) }
                leadingScript = runScript
            }
            let edges = keyEdges(spaceBefore: start > 0, spaceAfter: i < p.count)
            // (The record is found or made before the records are read: making one appends to them.)
            let found = record(units + start, count, leadingScript: leadingScript, edges: edges,
                               continuedFont: text.continuedFont(at: p.start + start))
            let r = records[found]
            runScript = r.lastScript
            scriptKnown = true
            for k in 0..<count where start + k >= first && start + k <= last {
                let offset = start + k
                numberPrefix[offset - first] = position
                numberCuttable[offset - first] = k == 0 ? offset > 0 : cuttable[Int(r.unitStart) + k]
                if k > 0, let split = ligatureSplits[Int(r.unitStart) + k] {
                    numberSplits[offset - first] = split
                    hasSplits = true
                }
                position &+= Int(advances[Int(r.unitStart) + k])
            }
        }
        // The adjustments of the range, from the paragraph's list.
        numbers.writeAdjustments(of: p, text.stopAdjustments, covering: range)
        return numbers.view(covering: range, hasSplits: hasSplits)
    }
}

