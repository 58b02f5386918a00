import ICUBridge

/// Line break opportunities as Chromium's Blink finds them for `white-space: pre-wrap`,
/// `word-break: normal`, `line-break: auto`: ICU's UAX #14 boundaries plus Blink's tailoring.
///
/// Blink's tailoring (LazyLineBreakIterator in third_party/blink/renderer/platform/text/
/// text_break_iterator.cc), applied here in order for each position between two characters:
/// 1. A space run (U+0020, U+0009) can always be broken after; the spaces then hang. No other
///    break is taken right after a space.
/// 2. Between two printable ASCII characters, Blink's own table decides and ICU is never asked
///    (see `AsciiBreakTable`): so no break after "/" or inside "C++", a break after "-" before a
///    letter, and after "-" before a digit only when the "-" follows a letter or digit.
/// 3. Otherwise ICU decides, but only when one of the two characters is beyond ASCII (NBSP
///    included: ICU keeps it with its neighbours, except after a hyphen). Where ICU's answer is
///    known by the classes of the characters alone (letters, digits and marks of the scripts
///    written with spaces, `LetterAndMarkBreaks`), it is not asked.
/// 4. ICU's iterator runs with Chromium's tailoring of `line-break: auto` (see `icuLocale`).
/// 5. Chromium's ICU follows a newer Unicode than Debian's ICU 72 (Unicode 15.0): the rules that
///    changed since and matter for real text are added back here (see `Unicode151LineBreaks`).
public final class ChromiumLineBreaker {
    /// The ICU locale Chromium's `line-break: auto` amounts to: ICU's "normal" line breaking,
    /// which (unlike plain UAX #14) allows breaks before small kana and the prolonged sound mark.
    public static let icuLocale = "en@lb=normal"

    private let icu: ICUBreakIterator

    public init(icuLocale: String = ChromiumLineBreaker.icuLocale) throws {
        icu = try ICUBreakIterator(.line, locale: icuLocale)
    }

    /// Break opportunities of one paragraph (no "\n" inside), in ascending order, excluding the
    /// end of the text.
    public func opportunities(in text: [UInt16]) -> [BreakOpportunity] {
        opportunities(in: text, byClass: true)
    }

    /// `opportunities(in:)`; without `byClass`, ICU decides every pair beyond ASCII, also where
    /// the characters' classes would (`LetterAndMarkBreaks`, whose decisions beside ASCII
    /// punctuation are found so, and whose tests compare both).
    func opportunities(in text: [UInt16], byClass: Bool) -> [BreakOpportunity] {
        var result: [BreakOpportunity] = []
        forEachOpportunity(in: text, byClass: byClass) { result.append($0) }
        return result
    }

    /// Calls `body` with each of `opportunities(in:)`, in order, without an array of them (a
    /// long paragraph has millions).
    public func forEachOpportunity(in text: [UInt16], _ body: (BreakOpportunity) -> Void) {
        forEachOpportunity(in: text, byClass: true, body)
    }

    /// `forEachOpportunity(in:_:)`; `byClass`: see `opportunities(in:byClass:)`.
    func forEachOpportunity(in text: [UInt16], byClass: Bool, _ body: (BreakOpportunity) -> Void) {
        guard text.count > 1 else { return }
        // ICU's boundaries, found only when a pair beyond ASCII needs them (never for ASCII text).
        var icuBoundary = BitArray()
        text.withUnsafeBufferPointer { units in
            for i in 1..<units.count {
                let last = units[i - 1], current = units[i]
                let lastLast: UInt16 = i >= 2 ? units[i - 2] : 0
                // Two printable ASCII characters: Blink's table, tabulated (see `asciiBreak`).
                if last &- 0x20 < 95 && current &- 0x20 < 95 {
                    if let kind = Self.asciiBreak(lastLast, last, current) {
                        body(BreakOpportunity(offset: i, kind: kind))
                    }
                    continue
                }
                var decision = Self.blinkBreak(lastLast, last, current)
                if case .undecided = decision, byClass {
                    decision = LetterAndMarkBreaks.decision(units, at: i, breaker: self)
                }
                switch decision {
                case .breaks(let kind):
                    body(BreakOpportunity(offset: i, kind: kind))
                    continue
                case .noBreak:
                    continue
                case .undecided:
                    break
                }
                if icuBoundary.count == 0 {
                    icuBoundary = BitArray(count: text.count + 1)
                    icu.forEachBoundary(text) { icuBoundary[$0] = true }
                }
                if (icuBoundary[i] || Unicode151LineBreaks.allowsBreak(in: text, at: i))
                    && !Unicode151LineBreaks.forbidsBreak(in: text, at: i) {
                    let kind: BreakKind = last == 0x00AD ? .softHyphen
                        : Unicode151LineBreaks.isHyphenBeforeLetter(in: text, at: i) ? .afterHyphen : .other
                    body(BreakOpportunity(offset: i, kind: kind))
                }
            }
        }
    }

    /// What Blink's own layers (space runs, the ASCII table) decide between `last` and `current`
    /// (`lastLast` before them); `.undecided` leaves it to ICU. Printable ASCII is always decided.
    enum BlinkDecision {
        case breaks(BreakKind), noBreak, undecided

        /// Whether a line may break here.
        var breaks: Bool { kind != nil }

        /// What breaking here means, when a line may break here.
        var kind: BreakKind? {
            if case .breaks(let kind) = self { return kind }
            return nil
        }
    }

    @inline(__always)
    static func blinkBreak(_ lastLast: UInt16, _ last: UInt16, _ current: UInt16) -> BlinkDecision {
        if isBreakableSpace(current) { return .noBreak }
        if isBreakableSpace(last) { return .breaks(.afterSpaces) }
        // Two letters or digits: no rule of either layer breaks between them (the common case).
        if AsciiBreakTable.isLetterOrDigit(last) && AsciiBreakTable.isLetterOrDigit(current) { return .noBreak }
        if AsciiBreakTable.breaksBetween(lastLast, last, current) { return .breaks(.other) }
        return needsICU(last) || needsICU(current) ? .undecided : .noBreak
    }

    /// Spaces and tabs: the characters whose runs hang at the end of a line in pre-wrap.
    @inline(__always)
    static func isBreakableSpace(_ unit: UInt16) -> Bool { unit == 0x20 || unit == 0x09 }

    /// Blink asks ICU only about pairs with a character beyond ASCII, NBSP included: ICU keeps
    /// NBSP with its neighbours except after a hyphen ("«\u{A0}-|\u{A0}»" breaks in Chromium 156).
    @inline(__always)
    static func needsICU(_ unit: UInt16) -> Bool { unit > 0x7F }
}
