@testable import CellHeightEngine
import Foundation
import Testing
import CellHeightTestSupport

/// Issue 26: places between letters, digits and marks beyond ASCII decided by their classes
/// (`LetterAndMarkBreaks`) give ICU's answers.
@Suite("breaking: letters, digits and marks by class")
struct LetterAndMarkBreaksTests {
    /// The opportunities of `text` with the classes deciding, and with ICU asked for every pair
    /// beyond ASCII.
    private static func bothWays(_ text: [UInt16],
                                 _ breaker: ChromiumLineBreaker) -> (byClass: [BreakOpportunity], [BreakOpportunity]) {
        (breaker.opportunities(in: text), breaker.opportunities(in: text, byClass: false))
    }

    @Test("""
          every letter, digit, mark and ideograph of the BMP, beside letters, digits, marks and \
          ideographs of several scripts and every printable ASCII character, before and after: the breaks \
          ICU gives
          """)
    func everyCharacterBesideOthers() throws {
        let breaker = try ChromiumLineBreaker()
        // Latin letter and digit, Devanagari consonant, vowel sign (Mc) and virama (Mn), Arabic
        // letter and fatha, Cyrillic letter, Arabic-Indic digit, combining acute, Ethiopic
        // syllable, Canadian syllabic, Tamil consonant, Hebrew letter (left to ICU), ZWJ.
        // Ideographs: a CJK ideograph, hiragana, katakana, a small kana (CJ, left to ICU), an
        // ideographic full stop (CL) and comma, a Hangul syllable (H2).
        let neighbours: [UInt16] = [0x61, 0x35, 0x915, 0x93F, 0x94D, 0x628, 0x64E, 0x434, 0x663, 0x301, 0x1200,
                                    0x1401, 0xBAE, 0x5D0, 0x200D, 0x4E2D, 0x3042, 0x30A2, 0x3041, 0x3002, 0x3001,
                                    0xAC00]
        var members: [UInt16] = []
        var counts: [UInt8: Int] = [:]
        for unit in UInt16(0)...UInt16(0xFFFF) where !(0xD800...0xDFFF).contains(unit) {
            let found = LetterAndMarkBreaks.class(of: unit)
            counts[found, default: 0] += 1
            if found != LetterAndMarkBreaks.other { members.append(unit) }
        }
        #expect(counts[LetterAndMarkBreaks.letter, default: 0] > 5_000)
        #expect(counts[LetterAndMarkBreaks.mark, default: 0] > 1_000)
        #expect(counts[LetterAndMarkBreaks.ideograph, default: 0] > 20_000)
        // Each member beside each neighbour, before and after, after a mark, and before a mark and
        // a letter; a line feed between the pieces (LB4, LB5: each starts afresh).
        var text: [UInt16] = [0x301, 0x915]  // marks at the text's start read as a letter (LB10)
        var differing: [String] = []
        var compared = 0
        func flush() {
            let (one, other) = Self.bothWays(text, breaker)
            compared += text.count
            if one != other {
                let a = Set(one.map(\.offset)), b = Set(other.map(\.offset))
                for offset in a.symmetricDifference(b).sorted().prefix(5) {
                    let around = text[max(0, offset - 3)..<min(text.count, offset + 3)]
                    differing.append(around.map { String($0, radix: 16) }.joined(separator: " ") + " at \(offset)")
                }
            }
            text = []
        }
        let ascii = (UInt16(0x21)...0x7E).map { $0 }
        for member in members {
            for neighbour in neighbours + ascii {
                text += [neighbour, member, 0x0A, member, neighbour, 0x0A]
            }
            // Punctuation after marks after the member, and a hyphen starting a word before it.
            text += [member, 0x301, 0x2E, 0x0A, member, 0x93F, 0x29, 0x0A]
            text += [0x20, 0x2D, member, 0x0A, 0x61, 0x2D, member, 0x0A]
            text += [0x915, 0x94D, member, 0x0A, member, 0x93F, 0x915, 0x0A, 0x20, member, 0x301, 0x61, 0x0A]
            if text.count > 60_000 { flush() }
        }
        flush()
        #expect(compared > 20_000_000)
        #expect(differing.isEmpty, "\(differing.count) differ, first: \(differing.prefix(5))")
    }

    @Test("real messages of every installed catalog's language: the breaks ICU gives, most places decided by class")
    func catalogs() throws {
        let breaker = try ChromiumLineBreaker()
        var texts = 0, differing: [String] = [], decided = 0
        for units in installedCatalogParagraphs() {
            texts += 1
            let (one, other) = Self.bothWays(units, breaker)
            if one != other { differing.append(String(decoding: units, as: UTF16.self)) }
            units.withUnsafeBufferPointer { buffer in
                for i in 1..<max(buffer.count, 1) where buffer[i] > 0x7F || buffer[i - 1] > 0x7F {
                    if case .undecided = LetterAndMarkBreaks.decision(buffer, at: i, breaker: breaker) { continue }
                    decided += 1
                }
            }
        }
        #expect(texts > 20_000)
        #expect(decided > 100_000, "places between letters and marks of the catalogs' scripts")
        #expect(differing.isEmpty, "\(differing.count) differ, first: \(differing.prefix(3))")
    }
}
