import ICUBridge

/// The UAX #14 changes of Unicode 15.1 that matter for real text, which Chromium's ICU follows
/// and Debian's ICU 72 (Unicode 15.0) predates. Two add break opportunities, one removes some:
///
/// Quotation marks (LB19, LB19a). ICU 72 never breaks beside a quotation mark; since 15.1 a line
/// may break
/// - before an opening mark (“ ‘, General_Category Pi) between East Asian characters, as in
///   "模式为|“自动”", and
/// - after a closing mark (” ’, Pf) between East Asian characters, as in "“自动”|时",
/// unless an earlier rule forbids it (no break after an opening bracket, before a closing one,
/// or next to glue). "East Asian" is East_Asian_Width F, W or H.
///
/// Hebrew hyphens (LB21a). ICU 72 never breaks after a Hebrew letter and a hyphen (HY or BA,
/// such as the maqaf U+05BE); since 15.1 that holds only before a letter that is not Hebrew, so
/// "המרכז־|אפריקאית" may break.
///
/// Word-initial hyphens (LB20a). Since 15.1 a hyphen (HY or U+2010) at the start of a word (after
/// a space, glue or the start of the text) stays with the letter after it: no break in " -Лан".
enum Unicode151LineBreaks {
    /// Whether LB20a forbids the break before UTF-16 offset `i` that ICU 72 allows.
    static func forbidsBreak(in text: [UInt16], at i: Int) -> Bool {
        guard isHyphenBeforeLetter(in: text, at: i) else { return false }
        let hyphenStart = i - 1
        return startsWord(after: hyphenStart > 0 ? codePoint(before: hyphenStart, in: text).0 : nil)
    }

    /// Whether a hyphen after `codePoint` (nil: at the text's start) is at the start of a word for
    /// LB20a: after a space, a mandatory or zero-width break, a contingent break or glue.
    static func startsWord(after codePoint: UInt32?) -> Bool {
        guard let codePoint else { return true }
        return [ICUB_LB_SP, ICUB_LB_BK, ICUB_LB_ZW, ICUB_LB_CB, ICUB_LB_GL, ICUB_LB_LF, ICUB_LB_CR, ICUB_LB_NL]
            .contains(lineBreakClass(codePoint))
    }

    /// Whether offset `i` is right after a hyphen (U+002D or U+2010) and before a letter (AL or HL).
    static func isHyphenBeforeLetter(in text: [UInt16], at i: Int) -> Bool {
        guard i > 0, i < text.count, text[i - 1] == 0x2D || text[i - 1] == 0x2010 else { return false }
        let next = lineBreakClass(decodeUTF16(text, at: i).0)
        return next == ICUB_LB_AL || next == ICUB_LB_HL
    }

    /// Whether the 15.1 rules allow a break before UTF-16 offset `i` where ICU 72 found none.
    static func allowsBreak(in text: [UInt16], at i: Int) -> Bool {
        guard i > 0, i < text.count else { return false }
        let (current, currentLength) = decodeUTF16(text, at: i)
        let (last, lastStart) = codePoint(before: i, in: text)
        let lastClass = lineBreakClass(last)
        if (lastClass == ICUB_LB_HY || lastClass == ICUB_LB_BA), !isEastAsian(last),
           lineBreakClass(current) == ICUB_LB_HL, lastStart > 0,
           lineBreakClass(codePoint(before: lastStart, in: text).0) == ICUB_LB_HL {
            return true
        }
        if lineBreakClass(current) == ICUB_LB_QU {
            guard generalCategory(current) == ICUB_GC_PI, isEastAsian(last),
                  i + currentLength < text.count, isEastAsian(decodeUTF16(text, at: i + currentLength).0)
            else { return false }
            return ![ICUB_LB_OP, ICUB_LB_GL, ICUB_LB_WJ, ICUB_LB_ZWJ, ICUB_LB_ZW].contains(lineBreakClass(last))
        }
        if lastClass == ICUB_LB_QU {
            guard generalCategory(last) == ICUB_GC_PF, isEastAsian(current), lastStart > 0,
                  isEastAsian(codePoint(before: lastStart, in: text).0)
            else { return false }
            return ![ICUB_LB_CL, ICUB_LB_CP, ICUB_LB_EX, ICUB_LB_IS, ICUB_LB_SY, ICUB_LB_GL, ICUB_LB_WJ]
                .contains(lineBreakClass(current))
        }
        return false
    }

    /// ICU's Line_Break class of `codePoint`, from a table for the BMP: the breaker asks about
    /// every pair ICU decides (two classes a pair, 1.2 million lookups on 20,000 multilingual
    /// rows), and ICU's property lookup cost 54 instructions each.
    @inline(__always)
    private static func lineBreakClass(_ codePoint: UInt32) -> Int {
        codePoint <= 0xFFFF ? Int(lineBreakClasses[UInt16(codePoint)]) : Int(icub_line_break_class(codePoint))
    }

    private static let lineBreakClasses = LazyCodePointTable { UInt8(truncatingIfNeeded: icub_line_break_class($0)) }
    private static func generalCategory(_ codePoint: UInt32) -> Int { Int(icub_general_category(codePoint)) }

    private static func isEastAsian(_ codePoint: UInt32) -> Bool {
        let width = Int(icub_east_asian_width(codePoint))
        return width == ICUB_EA_FULLWIDTH || width == ICUB_EA_WIDE || width == ICUB_EA_HALFWIDTH
    }

    /// The code point that ends just before offset `i`, and the offset where it starts.
    private static func codePoint(before i: Int, in text: [UInt16]) -> (UInt32, Int) {
        if i >= 2, text[i - 1] & 0xFC00 == 0xDC00, text[i - 2] & 0xFC00 == 0xD800 {
            return (decodeUTF16(text, at: i - 2).0, i - 2)
        }
        return (decodeUTF16(text, at: i - 1).0, i - 1)
    }
}
