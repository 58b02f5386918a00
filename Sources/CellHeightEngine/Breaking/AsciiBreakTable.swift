/// Blink's line breaking between two printable ASCII characters (U+0021..U+007F), which it
/// decides with a table of its own instead of ICU, for compatibility with other browsers
/// (`kAsciiLineBreakTable` in Blink's text_break_iterator.cc, described rather than copied):
/// - after `!"#%&)*+,.:;=>\]|}~`, a line may break before an opening bracket `(<[{`;
/// - after "-", before most characters (letters, `"#%&'(*+-<=>@[\^_`{|~`), and before a digit
///   only when the "-" follows a letter or digit (so "ABCD-1234" breaks, "-5" does not);
/// - after "?", before letters, digits and `#$%&(*+-<=>@[\^_`{|~`;
/// - nowhere else: not after "/", not inside "C++", not between letters and digits.
enum AsciiBreakTable {
    static let firstCharacter: UInt16 = 0x21
    static let lastCharacter: UInt16 = 0x7F

    private static let openingBrackets: Set<UInt8> = Set("(<[{".utf8)
    private static let breakBeforeOpeningBracketAfter: Set<UInt8> = Set("!\"#%&)*+,.:;=>\\]|}~".utf8)
    private static let symbolsAfterHyphen: Set<UInt8> = Set("\"#%&'(*+-<=>@[\\^_`{|~".utf8)
    private static let symbolsAfterQuestionMark: Set<UInt8> = Set("#$%&(*+-<=>@[\\^_`{|~".utf8)

    private static let size = Int(lastCharacter - firstCharacter) + 1

    /// The table, one entry per (after, before) pair of printable ASCII characters, row by row.
    private static let table: [Bool] = {
        var entries = [Bool](repeating: false, count: size * size)
        for after in firstCharacter...lastCharacter {
            for before in firstCharacter...lastCharacter {
                entries[Int(after - firstCharacter) * size + Int(before - firstCharacter)] =
                    computeBreak(after: UInt8(after), before: UInt8(before))
            }
        }
        return entries
    }()

    private static func isLetter(_ c: UInt8) -> Bool { (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) }
    private static func isDigit(_ c: UInt8) -> Bool { c >= 0x30 && c <= 0x39 }

    private static func computeBreak(after: UInt8, before: UInt8) -> Bool {
        switch after {
        case UInt8(ascii: "-"):
            // Digits after "-" depend on the character before the "-"; see `breaksBetween`.
            return isLetter(before) || symbolsAfterHyphen.contains(before)
        case UInt8(ascii: "?"):
            return isLetter(before) || isDigit(before) || symbolsAfterQuestionMark.contains(before)
        default:
            return breakBeforeOpeningBracketAfter.contains(after) && openingBrackets.contains(before)
        }
    }

    /// Whether `unit` is an ASCII letter or digit: the table never breaks between two of them
    /// (and ICU is not asked about ASCII pairs).
    @inline(__always)
    static func isLetterOrDigit(_ unit: UInt16) -> Bool {
        let folded = unit | 0x20
        return (folded >= 0x61 && folded <= 0x7A) || (unit >= 0x30 && unit <= 0x39)
    }

    /// Whether Blink breaks between `last` and `current` by its ASCII rules (`lastLast` precedes
    /// `last`). False means "not by these rules": ICU may still allow a break when either
    /// character is beyond ASCII.
    @inline(__always)
    static func breaksBetween(_ lastLast: UInt16, _ last: UInt16, _ current: UInt16) -> Bool {
        if last == 0x2D, current >= 0x30, current <= 0x39 {
            return lastLast < 0x80 && (isLetter(UInt8(lastLast)) || isDigit(UInt8(lastLast)))
        }
        guard last >= firstCharacter, last <= lastCharacter, current >= firstCharacter, current <= lastCharacter
        else { return false }
        return table[Int(last - firstCharacter) * size + Int(current - firstCharacter)]
    }
}
