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
    /// What the pairwise lane needs to know about a character beyond ASCII to break lines around
    /// it: a class whose characters UAX #14 (ICU's rules and Unicode 15.1's) reads alike, by
    /// Line_Break class alone (none of them East Asian; ICU reads AI as AL).
    enum BeyondASCIIClass: UInt8, CaseIterable {
        /// Line_Break AL and a letter or symbol (e.g. "é", "ß", "©").
        case letter = 1
        /// Line_Break QU (e.g. "’", "“").
        case quote = 2
        /// Line_Break GL and a space: U+00A0 NO-BREAK SPACE, U+202F NARROW NO-BREAK SPACE.
        case glue = 3
        /// Line_Break OP and an opening punctuation: "„", "‚".
        case opening = 4
        /// Line_Break IN: "…".
        case ellipsis = 5
        /// Line_Break B2: "—".
        case emDash = 6
        /// Line_Break BA and a dash, but U+2010 HYPHEN (which Unicode 15.1's LB20a names): "–".
        case dash = 7
        /// Line_Break AI (ICU reads it as AL) and a letter, symbol or punctuation: "×", "·", "º".
        case ambiguous = 8

        /// The class of `codePoint` by ICU's properties; nil for any character the lane does not
        /// break around (East Asian widths, marks, controls, spaces, other line break classes).
        init?(_ codePoint: UInt32) {
            guard codePoint >= 0x80 else { return nil }
            let width = Int(icub_east_asian_width(codePoint))
            guard width != ICUB_EA_FULLWIDTH && width != ICUB_EA_WIDE && width != ICUB_EA_HALFWIDTH else { return nil }
            let category = Int(icub_general_category(codePoint))
            let letterOrSymbol = (ICUB_GC_LU...ICUB_GC_LO).contains(category)
                || (ICUB_GC_SM...ICUB_GC_SO).contains(category)
            switch Int(icub_line_break_class(codePoint)) {
            case ICUB_LB_AL where letterOrSymbol: self = .letter
            case ICUB_LB_QU where [ICUB_GC_PI, ICUB_GC_PF, ICUB_GC_PO].contains(category): self = .quote
            case ICUB_LB_GL where category == ICUB_GC_ZS: self = .glue
            case ICUB_LB_OP where category == ICUB_GC_PS: self = .opening
            case ICUB_LB_IN where category == ICUB_GC_PO: self = .ellipsis
            case ICUB_LB_B2 where category == ICUB_GC_PD: self = .emDash
            case ICUB_LB_BA where category == ICUB_GC_PD && codePoint != 0x2010: self = .dash
            case ICUB_LB_AI where letterOrSymbol || category == ICUB_GC_PO: self = .ambiguous
            default: return nil
            }
        }

        /// The character that stands for every character of the class (see `ClassBesideASCII`).
        var representative: UInt16 {
            switch self {
            case .letter: return 0xE9
            case .quote: return 0x2019
            case .glue: return 0xA0
            case .opening: return 0x201E
            case .ellipsis: return 0x2026
            case .emDash: return 0x2014
            case .dash: return 0x2013
            case .ambiguous: return 0xD7
            }
        }
    }

    /// Per pair of printable ASCII characters (95 × 95, from U+0020; `asciiIndex`): 0 when not met
    /// yet, 1 when Blink does not break between them, 2 when it does, 3 when that depends on the
    /// character before (a digit after "-"): then ask `blinkBreak`. Each pair is decided the first
    /// time a run meets it (`asciiDecision`), from `blinkBreak` itself with characters of every
    /// kind before the pair: deciding all 9,025 at once was 7% of a 10-row run's instructions.
    /// A test checks every pair against every character before it.
    static let asciiDecisions: UnsafeMutablePointer<Atomic<UInt8>> = {
        let table = UnsafeMutablePointer<Atomic<UInt8>>.allocate(capacity: 95 * 95)
        for i in 0..<(95 * 95) { (table + i).initialize(to: Atomic(0)) }
        return table
    }()

    /// The entry of `asciiDecisions` for the pair (`last`, `current`), deciding it if not met yet
    /// (two threads that meet it at once store the same value).
    @inline(__always)
    static func asciiDecision(_ last: UInt16, _ current: UInt16, decisions: UnsafePointer<Atomic<UInt8>>) -> UInt8 {
        let index = asciiIndex(last, current)
        let known = decisions[index].load(ordering: .relaxed)
        return known != 0 ? known : decideASCII(last, current, at: index, decisions: decisions)
    }

    @inline(never)
    private static func decideASCII(_ last: UInt16, _ current: UInt16, at index: Int,
                                    decisions: UnsafePointer<Atomic<UInt8>>) -> UInt8 {
        let contexts: [UInt16] = [0, 0x20, 0x21, 0x2D, 0x30, 0x41, 0x61, 0xE9, 0x2019]
        let first = blinkBreak(contexts[0], last, current).breaks
        let agree = contexts.allSatisfy { blinkBreak($0, last, current).breaks == first }
        let decided: UInt8 = agree ? (first ? 2 : 1) : 3
        decisions[index].store(decided, ordering: .relaxed)
        return decided
    }

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
                           decisions: UnsafePointer<Atomic<UInt8>>) -> BreakKind? {
        switch asciiDecision(last, current, decisions: decisions) {
        case 2: return isBreakableSpace(last) ? .afterSpaces : .other
        case 3: return blinkBreak(lastLast, last, current).kind
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

/// What the breaker decides between a character beyond ASCII of a class (`BeyondASCIIClass`)
/// and a printable ASCII character beside it, before or after, or a character of another class,
/// for the pairs `neverBreaks` leaves to ICU ("é." , "(é", "é-", "a\u{A0}", "…»"): found with the
/// breaker itself on the pair of the classes' representatives in many contexts the first time a
/// pair is met, and kept when every context agrees. ICU's rules and Unicode 15.1's read these
/// characters by their Line_Break class alone, so "é" stands for every letter, "\u{A0}" for every
/// glue (a test checks them all); a pair whose contexts disagree stays undecided, and its text
/// is shaped and broken by ICU, but for an ASCII character before a class character, where the
/// character before the pair may decide (a hyphen at a word's start, Unicode 15.1's LB20a).
enum ClassBesideASCII {
    private static let classCount = BeyondASCIIClass.allCases.count + 1
    /// Per class, order (class first, ASCII first) and ASCII character from U+0020, then per pair
    /// of classes: 0 not met yet, 1 no break, 2 undecided, 3 plus a `BreakKind`'s raw value: a
    /// break of that kind.
    private static let decisions: UnsafeMutablePointer<Atomic<UInt8>> = {
        // (Then per class, ASCII character before it and kind of start: `decision(class:after:...)`.)
        let count = classCount * 2 * 95 + classCount * classCount + classCount * 95 * 2
        let table = UnsafeMutablePointer<Atomic<UInt8>>.allocate(capacity: count)
        for i in 0..<count { (table + i).initialize(to: Atomic(0)) }
        return table
    }()

    typealias BeyondASCIIClass = ChromiumLineBreaker.BeyondASCIIClass

    /// What stands before the pair and after it in the contexts tried: the classes of what the
    /// pairwise lane takes (letters, digits, each class beyond ASCII, each kind of ASCII
    /// punctuation, a space, nothing), and two-character starts of numbers and hyphenated words.
    static let representatives = BeyondASCIIClass.allCases.map { [$0.representative] }
    static let before = distinct([[], [0x20], [0x61], [0x35], [0xAB], [0x31, 0x2E], [0x61, 0x2D], [0x20, 0x2D],
                                  [0x24, 0x31]] + representatives + (0x21...0x2F).map { [UInt16($0)] } + (0x3A...0x40).map { [UInt16($0)] }
        + (0x5B...0x60).map { [UInt16($0)] } + (0x7B...0x7E).map { [UInt16($0)] })
    static let after = distinct([[], [0x20], [0x61], [0x35], [0xBB], [0x28], [0x29], [0x2E], [0x2C], [0x2D], [0x2F],
                                 [0x21], [0x24], [0x25], [0x22], [0x27], [0x2B], [0x26], [0x3A], [0x3F], [0x5B], [0x5D],
                                 [0x7B], [0x7D]] + representatives)

    /// `contexts` without those the rules read alike: ICU's rules and Unicode 15.1's read a
    /// character by its Line_Break class, General_Category (Pi and Pf quotation marks), East Asian
    /// width, and only two by themselves ("-" and U+2010, which LB20a names). A pair is broken by
    /// ICU (Blink's ASCII rules only decide between two ASCII characters), so contexts of the same
    /// kinds give the same answer: one of each is tried (a third of the breaker runs).
    private static func distinct(_ contexts: [[UInt16]]) -> [[UInt16]] {
        var seen: Set<[Int]> = []
        return contexts.filter { context in seen.insert(context.flatMap(kind)).inserted }
    }

    /// What the rules read of `unit` (see `distinct`).
    private static func kind(_ unit: UInt16) -> [Int] {
        let value = UInt32(unit)
        let named = unit == 0x2D || unit == 0x2010 || unit == 0x20
        return [Int(icub_line_break_class(value)), Int(icub_general_category(value)),
                Int(icub_east_asian_width(value)), named ? Int(unit) : 0]
    }

    /// Per printable ASCII character (from U+0020), the first one of its kind (see `distinct`):
    /// the rules read the two alike, so the decision found for a pair with one is the pair's with
    /// the other ("," for "." and ";", "a" for every small letter, "(" for "[" and "{"), and a
    /// pair is looked for once per kind (21 kinds, not 95: on 62,000 rows of Latin beyond ASCII,
    /// the search was a tenth of the run).
    static let asciiStandIns: UnsafeMutablePointer<UInt16> = {
        let standIns = UnsafeMutablePointer<UInt16>.allocate(capacity: 95)
        var firsts: [[Int]: UInt16] = [:]
        for unit in UInt16(0x20)...0x7E {
            let rulesRead = kind(unit)
            let first = firsts[rulesRead] ?? unit
            firsts[rulesRead] = first
            (standIns + Int(unit) - 0x20).initialize(to: first)
        }
        return standIns
    }()

    /// The decision between `classFirst ? (a character of class, ascii) : (ascii, the character)`,
    /// finding it with `breaker` when it is not known yet.
    static func decision(class raw: UInt8, classFirst: Bool, ascii: UInt16,
                         breaker: ChromiumLineBreaker) -> ChromiumLineBreaker.BlinkDecision {
        guard let beyond = BeyondASCIIClass(rawValue: raw) else { return .undecided }
        let ascii = asciiStandIns[Int(ascii) - 0x20]
        let index = (Int(raw) * 2 + (classFirst ? 0 : 1)) * 95 + Int(ascii) - 0x20
        return decision(at: index, classFirst ? [beyond.representative, ascii] : [ascii, beyond.representative],
                        breaker: breaker)
    }

    /// The decision between ASCII character `ascii` and a character of class `raw` after it, when
    /// the character before `ascii` does (`decision(class:classFirst:ascii:breaker:)` is undecided):
    /// after the start of a word (`startsWord`: a hyphen there stays with the letter after it,
    /// LB20a) or inside one (then a line may break after the hyphen), each found in the contexts of
    /// its kind alone. "-Ж" at a word's start and "Wi-Fi-сеть" inside one are then decided.
    static func decision(class raw: UInt8, after ascii: UInt16, atWordStart: Bool,
                         breaker: ChromiumLineBreaker) -> ChromiumLineBreaker.BlinkDecision {
        guard let beyond = BeyondASCIIClass(rawValue: raw) else { return .undecided }
        let ascii = asciiStandIns[Int(ascii) - 0x20]
        let index = classCount * 2 * 95 + classCount * classCount
            + ((Int(raw) * 95 + Int(ascii) - 0x20) * 2 + (atWordStart ? 0 : 1))
        return decision(at: index, [ascii, beyond.representative], before: atWordStart ? beforeWordStart : beforeInWord,
                        breaker: breaker)
    }

    /// Whether a hyphen after `unit` starts a word for Unicode 15.1's LB20a
    /// (`Unicode151LineBreaks.startsWord`); 0 stands for the text's start. Printable ASCII is
    /// answered without ICU: only the space starts a word.
    static func startsWord(_ unit: UInt16) -> Bool {
        if unit == 0 || unit == 0x20 { return true }
        if unit > 0x20 && unit < 0x7F { return false }
        return Unicode151LineBreaks.startsWord(after: UInt32(unit))
    }

    /// The contexts of `before` after which the pair's first character starts a word, and the others.
    static let beforeWordStart = before.filter { startsWord($0.last ?? 0) }
    static let beforeInWord = before.filter { !startsWord($0.last ?? 0) }

    /// The decision between a character of class `first` and one of class `second`.
    static func decision(first: UInt8, second: UInt8,
                         breaker: ChromiumLineBreaker) -> ChromiumLineBreaker.BlinkDecision {
        guard let one = BeyondASCIIClass(rawValue: first), let other = BeyondASCIIClass(rawValue: second) else {
            return .undecided
        }
        let index = classCount * 2 * 95 + Int(first) * classCount + Int(second)
        return decision(at: index, [one.representative, other.representative], breaker: breaker)
    }

    private static func decision(at index: Int, _ pair: [UInt16], before: [[UInt16]] = before,
                                 breaker: ChromiumLineBreaker) -> ChromiumLineBreaker.BlinkDecision {
        var known = decisions[index].load(ordering: .relaxed)
        if known == 0 {
            known = find(pair, before: before, breaker: breaker)
            decisions[index].store(known, ordering: .relaxed)
        }
        switch known {
        case 1: return .noBreak
        case 2: return .undecided
        default: return BreakKind(rawValue: known - 3).map { .breaks($0) } ?? .undecided
        }
    }

    /// The decision for `pair` in every context of `before` and `after`: 1 no break, 3 plus the
    /// kind of the break, 2 when contexts disagree. The contexts are broken as one text, each
    /// ended by a line feed, which the rules read as the end of one and the start of the next
    /// (LB4, LB5): one run of the breaker instead of one per context (some 500 per pair, which
    /// cost Latin rows a sixth of their time). A test checks every pair against each context
    /// broken alone.
    static func find(_ pair: [UInt16], before: [[UInt16]] = before, breaker: ChromiumLineBreaker) -> UInt8 {
        // Written unit by unit into one allocation: appending the contexts' arrays (2,500 contexts,
        // 670,000 appends on 20,000 multilingual rows) cost a sixth of the search.
        let contextUnits = before.reduce(0) { $0 + $1.count } * after.count
            + after.reduce(0) { $0 + $1.count } * before.count
        var offsets: [Int] = []
        offsets.reserveCapacity(before.count * after.count)
        let text = [UInt16](unsafeUninitializedCapacity: contextUnits + before.count * after.count * (pair.count + 1)) {
            text, count in
            var n = 0
            func write(_ units: [UInt16]) {
                for unit in units {
                    text[n] = unit
                    n += 1
                }
            }
            for start in before {
                for end in after {
                    write(start)
                    offsets.append(n + 1)
                    write(pair)
                    write(end)
                    text[n] = 0x0A
                    n += 1
                }
            }
            count = n
        }
        var found = [UInt8](repeating: 1, count: text.count + 1)
        // ICU's answers: the breaker's own decisions by class come from these (`LetterAndMarkBreaks`).
        breaker.forEachOpportunity(in: text, byClass: false) { found[$0.offset] = 3 + $0.kind.rawValue }
        let agreed = found[offsets[0]]
        return offsets.allSatisfy { found[$0] == agreed } ? agreed : 2
    }
}
