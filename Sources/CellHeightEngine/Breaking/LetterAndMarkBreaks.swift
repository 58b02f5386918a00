import ICUBridge

/// Places beyond ASCII where ICU's answer is known by the characters' Line_Break classes alone,
/// so that `ChromiumLineBreaker` decides them without ICU:
/// - between two letters or digits of a script written with spaces (LB28 AL × AL; LB23 AL × NU and
///   NU × AL; LB25 NU × NU): Devanagari, Tamil, Arabic, Cyrillic, Ethiopic letters…, and ASCII
///   letters and digits beside them;
/// - before a combining mark after a letter, a digit, another mark or printable ASCII but the
///   space (LB9: a mark takes the class of the character it follows, and only a space or a hard
///   break before it lets a line break there);
/// - before a letter or digit after marks that follow a letter or digit (LB9 again), or that start
///   the text (LB10 reads the first as AL);
/// - between a letter and printable ASCII punctuation beside it, either way round ("नाम:",
///   "(ಹೆಸರು", "নাম%s", "-Ж"): ICU reads every AL letter alike, so the answer found for "é" with
///   the breaker itself in many contexts (`ClassBesideASCII`, which the pairwise lane keeps) holds
///   for them all, with a hyphen's answer at a word's start or inside one (LB20a) as the lane
///   takes it; a pair whose contexts disagree is left to ICU. So is a letter after marks after
///   punctuation, and a digit beside punctuation (LB25's numbers read what is around them);
/// - between two ideographs (Line_Break ID: CJK ideographs, kana, CJK symbols), where a line may
///   always break (LB31: no rule before it reads two ID characters; `line-break: auto`'s
///   tailoring concerns small kana and the prolonged sound mark, Line_Break CJ).
/// A letter is Line_Break AL with a General_Category letter and no East Asian width; a digit NU
/// with Nd; a mark CM with Mn, Mc or Me (so not ZWJ, whose class is its own, nor the joiners and
/// variation selectors of General_Category Cf); an ideograph any Line_Break ID character.
/// Dictionary scripts (Thai, Lao, Khmer, Myanmar: Line_Break SA), Hangul (JL, JV, JT, H2, H3),
/// small kana (CJ), Hebrew letters (HL, which Unicode 15.1's LB21a names) and every symbol and
/// punctuation mark beyond ASCII are left to ICU.
/// Unicode 15.1's additions (`Unicode151LineBreaks`) act between these classes only as they do
/// beside "é" (a hyphen before a letter, LB20a), which `ClassBesideASCII` read.
///
/// The paragraphs the shaping preparer breaks (the words that word records are made from, rows
/// shaped whole) are mostly such text: their pairs beyond ASCII then need no ICU pass. A test
/// compares every letter, digit, mark and ideograph of the BMP beside those of several scripts
/// and every printable ASCII character with ICU's answers (`LetterAndMarkBreaksTests`).
enum LetterAndMarkBreaks {
    static let other: UInt8 = 0
    static let letter: UInt8 = 1
    static let mark: UInt8 = 2
    static let digit: UInt8 = 3
    static let ideograph: UInt8 = 4

    /// Each BMP code point's class.
    private static let classes = LazyCodePointTable(lineBreakClass(of:))

    /// The class of BMP code unit `unit` (a surrogate is `other`).
    @inline(__always)
    static func `class`(of unit: UInt16) -> UInt8 { classes[unit] }

    /// What a line does before `units[i]` (0 < `i` < `units.count`; the pair has a character
    /// beyond ASCII and no space) by the classes alone; `.undecided` when ICU must decide.
    /// `breaker` finds the decisions beside ASCII punctuation the first time (`ClassBesideASCII`).
    @inline(__always)
    static func decision(_ units: UnsafeBufferPointer<UInt16>, at i: Int,
                         breaker: ChromiumLineBreaker) -> ChromiumLineBreaker.BlinkDecision {
        let currentUnit = units[i], lastUnit = units[i &- 1]
        let current = `class`(of: currentUnit)
        var k = i &- 1
        var last = `class`(of: lastUnit)
        if current == mark {
            // After printable ASCII too (a space is Blink's to decide; LB9).
            return last != other || (lastUnit > 0x20 && lastUnit < 0x7F) ? .noBreak : .undecided
        }
        if current == other {
            // Printable ASCII punctuation after a letter, or after marks after one.
            guard currentUnit > 0x20, currentUnit < 0x7F, !AsciiBreakTable.isLetterOrDigit(currentUnit) else {
                return .undecided
            }
            while last == mark {
                guard k > 0 else { return .undecided }
                k &-= 1
                last = `class`(of: units[k])
            }
            guard last == letter, units[k] > 0x7F else { return .undecided }
            return ClassBesideASCII.decision(class: ChromiumLineBreaker.BeyondASCIIClass.letter.rawValue,
                                             classFirst: true, ascii: currentUnit, breaker: breaker)
        }
        if current == ideograph {
            // LB31: two ideographs part (after marks, ICU decides).
            return last == ideograph ? .breaks(.other) : .undecided
        }
        // A letter or digit: after marks, what they follow decides.
        while last == mark {
            guard k > 0 else { return .noBreak }
            k &-= 1
            last = `class`(of: units[k])
        }
        if last == letter || last == digit { return .noBreak }
        // Printable ASCII punctuation right before a letter; when the character before the pair
        // decides ("-" at a word's start or inside one, LB20a), as the pairwise lane asks.
        guard k == i &- 1, current == letter, currentUnit > 0x7F, lastUnit > 0x20, lastUnit < 0x7F else {
            return .undecided
        }
        let letterClass = ChromiumLineBreaker.BeyondASCIIClass.letter.rawValue
        let decision = ClassBesideASCII.decision(class: letterClass, classFirst: false, ascii: lastUnit,
                                                 breaker: breaker)
        guard case .undecided = decision else { return decision }
        return ClassBesideASCII.decision(class: letterClass, after: lastUnit,
                                         atWordStart: ClassBesideASCII.startsWord(i >= 2 ? units[i &- 2] : 0),
                                         breaker: breaker)
    }

    /// The class of `codePoint` by its Line_Break, General_Category and East_Asian_Width.
    static func lineBreakClass(of codePoint: UInt32) -> UInt8 {
        let category = Int(icub_general_category(codePoint))
        switch Int(icub_line_break_class(codePoint)) {
        case ICUB_LB_AL:
            guard (ICUB_GC_LU...ICUB_GC_LO).contains(category) else { return other }
            let width = Int(icub_east_asian_width(codePoint))
            return width == ICUB_EA_FULLWIDTH || width == ICUB_EA_WIDE || width == ICUB_EA_HALFWIDTH ? other : letter
        case ICUB_LB_NU:
            return category == ICUB_GC_ND ? digit : other
        case ICUB_LB_CM:
            return category == ICUB_GC_MN || category == ICUB_GC_ME || category == ICUB_GC_MC ? mark : other
        case ICUB_LB_ID:
            return ideograph
        default:
            return other
        }
    }
}
