@testable import CellHeightEngine
import Testing

/// The breaker's lanes before ICU (the ASCII table, the pairs beyond ASCII that never break) must
/// say what `ChromiumLineBreaker` (Blink's rules, then ICU) says, for every pair they decide.
@Suite("the line breaker's lanes agree with Blink's rules and ICU")
struct ChromiumLineBreakerLaneTests {
    static let printable = (UInt16(0x21)...0x7E).map { $0 }

    /// Every character beyond ASCII, below the lane's limit, that has a class.
    static let classified: [(unit: UInt16, value: UInt8)] = (UInt16(0x80)..<BeyondASCIICharacters.limit).compactMap { unit in
        ChromiumLineBreaker.BeyondASCIIClass(UInt32(unit)).map { (unit, $0.rawValue) }
    }

    @Test("the ASCII table is blinkBreak with any character before the pair")
    func asciiTable() {
        var mismatches: [String] = []
        let before: [UInt16] = [0] + (UInt16(0x20)...0x7E).map { $0 } + [0xA0, 0xE9, 0x2019, 0x4E00]
        for last in UInt16(0x20)...0x7E {
            for current in UInt16(0x21)...0x7E where last != 0x20 {
                let decisions = ChromiumLineBreaker.asciiDecisions
                let entry = ChromiumLineBreaker.asciiDecision(last, current, decisions: decisions)
                for lastLast in before {
                    var breaks = false
                    if case .breaks = ChromiumLineBreaker.blinkBreak(lastLast, last, current) { breaks = true }
                    if entry != 3 && (entry == 2) != breaks { mismatches.append("\(lastLast) \(last) \(current)") }
                }
            }
        }
        #expect(mismatches.isEmpty, "first: \(mismatches.prefix(5))")
    }

    /// The pair lane's one-pass walk (`PairwiseTextPreparer.walkPlainWords`) asks for a break
    /// only where one of the two is neither a letter nor a digit.
    @Test("two ASCII letters or digits never break, whatever comes before them")
    func lettersAndDigitsNeverBreak() {
        let alphanumerics = (UInt16(0x21)...0x7E).filter { AsciiBreakTable.isLetterOrDigit($0) }
        #expect(alphanumerics.count == 62)
        let before: [UInt16] = [0] + (UInt16(0x20)...0x7E).map { $0 } + [0xA0, 0xE9, 0x2019, 0x4E00]
        var breaks: [String] = []
        for last in alphanumerics {
            for current in alphanumerics {
                for lastLast in before where ChromiumLineBreaker.asciiBreak(lastLast, last, current) != nil {
                    breaks.append("\(lastLast) \(last) \(current)")
                }
            }
        }
        #expect(breaks.isEmpty, "first: \(breaks.prefix(5))")
    }

    @Test("classes: Latin-1 letters, symbols and quotation marks, and nothing that breaks on its own")
    func classes() {
        let value = Dictionary(uniqueKeysWithValues: Self.classified.map { ($0.unit, $0.value) })
        let letter = ChromiumLineBreaker.BeyondASCIIClass.letter.rawValue, quote = ChromiumLineBreaker.BeyondASCIIClass.quote.rawValue
        for unit: UInt16 in [0xE9, 0xDF, 0xC6, 0x141, 0xA9, 0xAE, 0x1E9E] { #expect(value[unit] == letter, "U+\(unit)") }
        for unit: UInt16 in [0x2018, 0x2019, 0x201C, 0x201D, 0xAB, 0xBB] { #expect(value[unit] == quote, "U+\(unit)") }
        typealias Class = ChromiumLineBreaker.BeyondASCIIClass
        let expected: [(UInt16, Class)] = [(0xA0, .glue), (0x202F, .glue), (0x201E, .opening), (0x201A, .opening),
                                           (0x2026, .ellipsis), (0x2014, .emDash), (0x2013, .dash), (0xD7, .ambiguous),
                                           (0xB7, .ambiguous), (0xBA, .ambiguous)]
        for (unit, beyond) in expected { #expect(value[unit] == beyond.rawValue, "U+\(unit)") }
        // Soft hyphen, the hyphen U+2010 (LB20a names it), marks, superscripts (AI digits), inverted
        // marks (OP, not opening punctuation), the fraction slash, spaces that break and format
        // characters are left to shaping and ICU.
        for unit: UInt16 in [0xAD, 0x2010, 0x301, 0xB2, 0xBF, 0xA1, 0x2044, 0x2009, 0x200B, 0x200D, 0x2028] {
            #expect(value[unit] == nil, "U+\(unit)")
        }
    }

    @Test("no break where the rules say so, next to every printable ASCII character and each other")
    func neverBreaks() throws {
        let breaker = try ChromiumLineBreaker()
        var checked = 0, mismatches: [String] = []
        func check(_ text: [UInt16], at offset: Int) {
            checked += 1
            if breaker.opportunities(in: text).contains(where: { $0.offset == offset }) {
                mismatches.append(String(decoding: text, as: UTF16.self))
            }
        }
        for (wide, value) in Self.classified {
            for ascii in Self.printable {
                if ChromiumLineBreaker.neverBreaks(ascii, 0, wide, value) {
                    check([ascii, wide], at: 1)
                    check([0x61, ascii, wide, 0x62], at: 2)
                }
                if ChromiumLineBreaker.neverBreaks(wide, value, ascii, 0) {
                    check([wide, ascii], at: 1)
                    check([0x61, wide, ascii, 0x62], at: 2)
                }
            }
        }
        // Pairs beyond ASCII: every character after a few of each class, and before them.
        let samples = Self.classified.filter { [0xE9, 0xA9, 0x1E9E, 0x2019, 0x201C, 0xAB].contains($0.unit) }
        for (first, firstValue) in samples {
            for (second, secondValue) in Self.classified {
                if ChromiumLineBreaker.neverBreaks(first, firstValue, second, secondValue) { check([0x61, first, second, 0x62], at: 2) }
                if ChromiumLineBreaker.neverBreaks(second, secondValue, first, firstValue) { check([0x61, second, first, 0x62], at: 2) }
            }
        }
        #expect(checked > 100_000)
        #expect(mismatches.isEmpty, "first: \(mismatches.prefix(5))")
    }

    @Test("""
          a character beyond ASCII beside ASCII punctuation or a character of another class: what the breaker \
          decides for every character of its class, in context (issue 26)
          """)
    func classBesideASCII() throws {
        let breaker = try ChromiumLineBreaker()
        typealias Class = ChromiumLineBreaker.BeyondASCIIClass
        let members = Dictionary(grouping: Self.classified, by: \.value).mapValues { $0.map(\.unit) }
        #expect(members[Class.letter.rawValue]?.count ?? 0 > 500)
        let before: [[UInt16]] = [[], [0x20], [0x78], [0x37], [0x2019], [0x31, 0x2E], [0x20, 0x2D], [0x28], [0xA0],
                                  [0x2026]]
        let after: [[UInt16]] = [[], [0x20], [0x78], [0x37], [0x2E], [0x29], [0xA0], [0x2014]]
        var decided = 0, splitDecided = 0, checked = 0, mismatches: [String] = []
        func check(_ pair: [UInt16], _ decision: ChromiumLineBreaker.BlinkDecision, in before: [[UInt16]] = before) {
            for start in before {
                for end in after {
                    var found: BreakKind?
                    let text = start + pair + end
                    breaker.forEachOpportunity(in: text) { if $0.offset == start.count + 1 { found = $0.kind } }
                    checked += 1
                    if found != decision.kind { mismatches.append(String(decoding: text, as: UTF16.self)) }
                }
            }
        }
        for beyond in Class.allCases {
            let units = members[beyond.rawValue] ?? []
            #expect(!units.isEmpty, "\(beyond)")
            for ascii in UInt16(0x21)...0x7E where !AsciiBreakTable.isLetterOrDigit(ascii) || beyond != .letter {
                for classFirst in [true, false] {
                    let decision = ClassBesideASCII.decision(class: beyond.rawValue, classFirst: classFirst,
                                                             ascii: ascii, breaker: breaker)
                    if case .undecided = decision { continue }
                    decided += 1
                    for unit in units { check(classFirst ? [unit, ascii] : [ascii, unit], decision) }
                }
            }
            // An ASCII character before it where the contexts disagree, by what is before the pair.
            for ascii in UInt16(0x21)...0x7E {
                let undecided = ClassBesideASCII.decision(class: beyond.rawValue, classFirst: false, ascii: ascii,
                                                          breaker: breaker)
                guard case .undecided = undecided else { continue }
                for atWordStart in [true, false] {
                    let decision = ClassBesideASCII.decision(class: beyond.rawValue, after: ascii,
                                                             atWordStart: atWordStart, breaker: breaker)
                    if case .undecided = decision { continue }
                    decided += 1
                    splitDecided += 1
                    let starts = before.filter { ClassBesideASCII.startsWord($0.last ?? 0) == atWordStart }
                    for unit in units { check([ascii, unit], decision, in: starts) }
                }
            }
            // Beside every other class (a sample of the letters: every seventh).
            for other in Class.allCases {
                let decision = ClassBesideASCII.decision(first: beyond.rawValue, second: other.rawValue,
                                                         breaker: breaker)
                if case .undecided = decision { continue }
                decided += 1
                let otherUnits = (members[other.rawValue] ?? []).enumerated().filter { $0.offset % 7 == 0 }
                    .map(\.element)
                for unit in units.enumerated().filter({ $0.offset % 7 == 0 }).map(\.element) {
                    for second in otherUnits { check([unit, second], decision) }
                }
            }
        }
        #expect(decided > 300, "most pairs of a class and punctuation are decided: \(decided)")
        // A hyphen before a letter: kept with it at a word's start (LB20a), a break after it inside
        // a word ("Wi-Fi-сеть").
        let letter = Class.letter.rawValue
        #expect(splitDecided >= 2, "\(splitDecided)")
        #expect(ClassBesideASCII.decision(class: letter, after: 0x2D, atWordStart: true, breaker: breaker).kind == nil)
        #expect(ClassBesideASCII.decision(class: letter, after: 0x2D, atWordStart: false, breaker: breaker).kind
                == .afterHyphen)
        #expect(checked > 100_000)
        #expect(mismatches.isEmpty, "\(mismatches.count) differ, first: \(mismatches.prefix(5))")
    }

    @Test("""
          the class decisions found in one text of every context, each ended by a line feed, are those \
          found with each context broken alone, for every pair of a class and ASCII and of two classes \
          (issue 26)
          """)
    func classDecisionsFoundInOneText() throws {
        let breaker = try ChromiumLineBreaker()
        typealias Class = ChromiumLineBreaker.BeyondASCIIClass
        /// The decision with each context its own text, as `find` found it before.
        func alone(_ pair: [UInt16], before: [[UInt16]]) -> UInt8 {
            var agreed: UInt8?
            for start in before {
                for end in ClassBesideASCII.after {
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
        var pairs: [[UInt16]] = []
        for beyond in Class.allCases {
            let unit = beyond.representative
            for ascii in UInt16(0x20)...0x7E { pairs += [[unit, ascii], [ascii, unit]] }
            for other in Class.allCases { pairs.append([beyond.representative, other.representative]) }
        }
        var kinds = Set<UInt8>(), differing: [String] = []
        /// What was found per pair, and per pair and kind of start (the split contexts below).
        var foundFor: [[UInt16]: UInt8] = [:]
        for pair in pairs {
            let found = ClassBesideASCII.find(pair, breaker: breaker)
            kinds.insert(found)
            foundFor[pair] = found
            if found != alone(pair, before: ClassBesideASCII.before) {
                differing.append(String(decoding: pair, as: UTF16.self))
            }
        }
        // And an ASCII character before a class character in the contexts of each kind.
        for beyond in Class.allCases {
            for ascii in UInt16(0x20)...0x7E {
                let pair = [ascii, beyond.representative]
                for (kind, before) in [ClassBesideASCII.beforeWordStart, ClassBesideASCII.beforeInWord].enumerated() {
                    let found = ClassBesideASCII.find(pair, before: before, breaker: breaker)
                    foundFor[pair + [UInt16(kind)]] = found
                    if found != alone(pair, before: before) { differing.append(String(decoding: pair, as: UTF16.self)) }
                }
            }
        }
        // The decisions are kept per kind of ASCII character (`asciiStandIns`): every character
        // has its stand-in's, in either order and either kind of start.
        var standIns = Set<UInt16>(), standInsDiffering: [String] = []
        for beyond in Class.allCases {
            let unit = beyond.representative
            for ascii in UInt16(0x20)...0x7E {
                let standIn = ClassBesideASCII.asciiStandIns[Int(ascii) - 0x20]
                standIns.insert(standIn)
                let comparisons = [([unit, ascii], [unit, standIn]), ([ascii, unit], [standIn, unit]),
                             ([ascii, unit, 0], [standIn, unit, 0]), ([ascii, unit, 1], [standIn, unit, 1])]
                for (pair, standInPair) in comparisons where foundFor[pair] != foundFor[standInPair] {
                    standInsDiffering.append(String(decoding: pair.prefix(2), as: UTF16.self))
                }
            }
        }
        #expect(standIns.count < 30, "printable ASCII has some 21 kinds: \(standIns.count)")
        #expect(standInsDiffering.isEmpty, "\(standInsDiffering.count) differ, first: \(standInsDiffering.prefix(5))")
        #expect(pairs.count > 1_500)
        #expect(kinds.isSuperset(of: [1, 2, 3 + BreakKind.other.rawValue]), "\(kinds)")
        #expect(differing.isEmpty, "\(differing.count) differ, first: \(differing.prefix(5))")
    }
}
