import ICUBridge
import Synchronization

/// The breaker's lanes before ICU: what `ChromiumLineBreaker` decides for plain text (printable
/// ASCII and the letters and quotation marks beyond it that `BeyondASCIIClass` names), looked up
/// instead of computed. `opportunities(in:)` takes the ASCII table for every pair of printable
/// ASCII; the pairwise lane (`PairwiseTextPreparer`) takes both.
///
/// Between two printable ASCII characters Blink decides with its own rules (`blinkBreak`), which
/// `asciiDecisions` tabulates. A pair with a character beyond ASCII goes to ICU in Blink; for the
/// pairs taken here the answer is "no break" whatever the context, by rules of UAX #14 that
/// nothing earlier in the algorithm overrides once spaces (Blink's own) are out of the way:
/// - LB19: no break before or after a quotation mark (QU), with any neighbour but a space;
/// - LB28 and LB23: no break between letters (AL) and digits (NU) in any order.
/// Every other pair with a character beyond ASCII is left undecided: such text is shaped and ICU
/// decides. The Unicode 15.1 rules that `Unicode151LineBreaks` adds only act next to East Asian
/// characters, hyphens or Hebrew letters, which never meet these pairs.
extension ChromiumLineBreaker {
    /// What the pairwise lane needs to know about a character beyond ASCII to break lines around it.
    enum BeyondASCIIClass: UInt8 {
        /// Line_Break AL and a letter or symbol (e.g. "é", "ß", "©").
        case letter = 1
        /// Line_Break QU (e.g. "’", "“").
        case quote = 2

        /// The class of `codePoint` by ICU's properties; nil for any character the lane does not
        /// break around (East Asian widths, marks, controls, spaces, other line break classes).
        init?(_ codePoint: UInt32) {
            guard codePoint >= 0x80 else { return nil }
            let width = Int(icub_east_asian_width(codePoint))
            guard width != ICUB_EA_FULLWIDTH && width != ICUB_EA_WIDE && width != ICUB_EA_HALFWIDTH else { return nil }
            let category = Int(icub_general_category(codePoint))
            switch Int(icub_line_break_class(codePoint)) {
            case ICUB_LB_AL where (ICUB_GC_LU...ICUB_GC_LO).contains(category) || (ICUB_GC_SM...ICUB_GC_SO).contains(category):
                self = .letter
            case ICUB_LB_QU where category == ICUB_GC_PI || category == ICUB_GC_PF || category == ICUB_GC_PO:
                self = .quote
            default:
                return nil
            }
        }
    }

    /// Per pair of printable ASCII characters (95 × 95, from U+0020; `asciiIndex`): 1 when Blink
    /// breaks between them, 0 when not, 2 when that depends on the character before (a digit
    /// after "-"): then ask `blinkBreak`. Built from `blinkBreak` itself, with
    /// characters of every kind before the pair; a test checks it against every character.
    static let asciiDecisions: UnsafeMutablePointer<UInt8> = {
        let table = UnsafeMutablePointer<UInt8>.allocate(capacity: 95 * 95)
        let contexts: [UInt16] = [0, 0x20, 0x21, 0x2D, 0x30, 0x41, 0x61, 0xE9, 0x2019]
        for last in UInt16(0x20)...0x7E {
            for current in UInt16(0x20)...0x7E {
                let first = blinkBreak(contexts[0], last, current).breaks
                let agree = contexts.allSatisfy { blinkBreak($0, last, current).breaks == first }
                table[asciiIndex(last, current)] = agree ? (first ? 1 : 0) : 2
            }
        }
        return table
    }()

    /// Blink's break between two printable ASCII characters `last` and `current` (`lastLast` before
    /// them), from the table: its kind, or nil when there is none.
    @inline(__always)
    static func asciiBreak(_ lastLast: UInt16, _ last: UInt16, _ current: UInt16) -> BreakKind? {
        asciiBreak(lastLast, last, current, decisions: asciiDecisions)
    }

    /// The same, with `asciiDecisions` read once by the caller: a lazily made global costs a
    /// `swift_once` call at every read, which a loop over every character of a row pays.
    @inline(__always)
    static func asciiBreak(_ lastLast: UInt16, _ last: UInt16, _ current: UInt16,
                           decisions: UnsafePointer<UInt8>) -> BreakKind? {
        switch decisions[asciiIndex(last, current)] {
        case 1: return isBreakableSpace(last) ? .afterSpaces : .other
        case 2: return blinkBreak(lastLast, last, current).kind
        default: return nil
        }
    }

    @inline(__always)
    static func asciiIndex(_ last: UInt16, _ current: UInt16) -> Int { (Int(last) &- 0x20) &* 95 &+ (Int(current) &- 0x20) }

    /// Whether the pair (`last`, `current`), neither a space and at least one beyond ASCII, is
    /// known not to break: true for the pairs above, false when ICU must decide.
    /// `lastClass` and `currentClass` are the raw classes of characters beyond ASCII (0 for ASCII).
    @inline(__always)
    static func neverBreaks(_ last: UInt16, _ lastClass: UInt8, _ current: UInt16, _ currentClass: UInt8) -> Bool {
        let quote = BeyondASCIIClass.quote.rawValue, letter = BeyondASCIIClass.letter.rawValue
        if lastClass == quote || currentClass == quote { return true }
        return (last < 0x80 ? AsciiBreakTable.isLetterOrDigit(last) : lastClass == letter)
            && (current < 0x80 ? AsciiBreakTable.isLetterOrDigit(current) : currentClass == letter)
    }
}

/// What the breaker decides between a letter beyond ASCII (`BeyondASCIIClass.letter`: Line_Break
/// AL, not East Asian) and a printable ASCII character beside it, before or after, for the pairs
/// `neverBreaks` leaves to ICU ("é." , "(é", "é-"): found with the breaker itself on the pair
/// with "é" in many contexts the first time a pair is met, and kept when every context agrees.
/// ICU's rules and Unicode 15.1's read a letter by its Line_Break class and East Asian width
/// alone, so "é" stands for every such letter (a test checks them all); a pair whose contexts
/// disagree (a hyphen at a word's start, Unicode 15.1's LB20a) stays undecided, and its text is
/// shaped and broken by ICU.
enum LetterBesideASCII {
    /// Per order (letter first, ASCII first) and ASCII character from U+0020: 0 not met yet,
    /// 1 no break, 2 undecided, 3 plus a `BreakKind`'s raw value: a break of that kind.
    private static let decisions: UnsafeMutablePointer<Atomic<UInt8>> = {
        let table = UnsafeMutablePointer<Atomic<UInt8>>.allocate(capacity: 2 * 95)
        for i in 0..<(2 * 95) { (table + i).initialize(to: Atomic(0)) }
        return table
    }()

    /// The letter that stands for every letter beyond ASCII the lane breaks around.
    static let representative: UInt16 = 0xE9
    /// What stands before the pair and after it in the contexts tried: the classes of what the
    /// pairwise lane takes (letters, digits, quotation marks, each kind of ASCII punctuation, a
    /// space, nothing), and two-character starts of numbers and hyphenated words.
    static let before: [[UInt16]] = [[], [0x20], [0x61], [0x35], [0xE9], [0x2019], [0xAB], [0x31, 0x2E], [0x61, 0x2D],
                                     [0x20, 0x2D], [0x24, 0x31]] + (0x21...0x2F).map { [UInt16($0)] }
        + (0x3A...0x40).map { [UInt16($0)] } + (0x5B...0x60).map { [UInt16($0)] } + (0x7B...0x7E).map { [UInt16($0)] }
    static let after: [[UInt16]] = [[], [0x20], [0x61], [0x35], [0xE9], [0x2019], [0xBB], [0x28], [0x29], [0x2E], [0x2C],
                                    [0x2D], [0x2F], [0x21], [0x24], [0x25], [0x22], [0x27], [0x2B], [0x26], [0x3A], [0x3F],
                                    [0x5B], [0x5D], [0x7B], [0x7D]]

    /// The decision between `letterFirst ? (letter, ascii) : (ascii, letter)`, finding it with
    /// `breaker` when it is not known yet.
    static func decision(letterFirst: Bool, ascii: UInt16, breaker: ChromiumLineBreaker) -> ChromiumLineBreaker.BlinkDecision {
        let index = (letterFirst ? 0 : 95) + Int(ascii) - 0x20
        var known = decisions[index].load(ordering: .relaxed)
        if known == 0 {
            known = find(letterFirst: letterFirst, ascii: ascii, breaker: breaker)
            decisions[index].store(known, ordering: .relaxed)
        }
        switch known {
        case 1: return .noBreak
        case 2: return .undecided
        default: return BreakKind(rawValue: known - 3).map { .breaks($0) } ?? .undecided
        }
    }

    private static func find(letterFirst: Bool, ascii: UInt16, breaker: ChromiumLineBreaker) -> UInt8 {
        let pair = letterFirst ? [representative, ascii] : [ascii, representative]
        var agreed: UInt8?
        for start in before {
            for end in after {
                var found: UInt8 = 1
                breaker.forEachOpportunity(in: start + pair + end) { opportunity in
                    if opportunity.offset == start.count + 1 { found = 3 + opportunity.kind.rawValue }
                }
                if let agreed, agreed != found { return 2 }
                agreed = found
            }
        }
        return agreed ?? 2
    }
}
