@testable import CellHeightEngine
import Foundation
import Testing
import CellHeightTestSupport

/// Issue 26: grapheme boundaries by the units' classes (`GraphemesByClass`) are ICU's.
@Suite("breaking: grapheme boundaries by class")
struct GraphemesByClassTests {
    @Test("every unit of the BMP a class takes, beside units of every class: ICU's boundaries")
    func everyUnitBesideOthers() throws {
        let icu = try ICUBreakIterator(.grapheme)
        var members: [UInt16] = []
        var counts: [UInt8: Int] = [:]
        for unit in UInt16(0)...UInt16(0xFFFF) {
            let found = GraphemesByClass.class(of: unit)
            counts[found, default: 0] += 1
            if found != GraphemesByClass.refused { members.append(unit) }
        }
        #expect(counts[GraphemesByClass.other, default: 0] > 40_000)
        #expect(counts[GraphemesByClass.extend, default: 0] > 1_200)
        #expect(counts[GraphemesByClass.control, default: 0] > 50)
        #expect(counts[GraphemesByClass.refused, default: 0] > 2_048, "surrogates, CR, LF, jamo, pictographs")
        // Neighbours of each class: Latin letter, tab (a control), Devanagari consonant, virama,
        // vowel sign (SpacingMark), ZWJ, ZWNJ (Extend), combining acute, Hangul syllable, Thai
        // letter and vowel mark.
        let neighbours: [UInt16] = [0x61, 0x09, 0x915, 0x94D, 0x93F, 0x200D, 0x200C, 0x301, 0xAC00, 0xE01, 0xE31]
        var differing: [String] = []
        var compared = 0, text: [UInt16] = []
        func check() {
            var byClass: [Int] = []
            #expect(GraphemesByClass.forEachBoundary(text) { byClass.append($0) })
            if byClass != icu.boundaries(text) {
                differing.append(text.map { String($0, radix: 16) }.joined(separator: " "))
            }
            compared += 1
        }
        for member in members {
            for neighbour in neighbours {
                for piece in [[neighbour, member], [member, neighbour], [0x915, 0x94D, member, neighbour],
                              [neighbour, 0x94D, member], [member, 0x94D, 0x915]] {
                    text = piece
                    check()
                }
            }
        }
        #expect(compared > 3_000_000)
        #expect(differing.isEmpty, "\(differing.count) differ, first: \(differing.prefix(5))")
    }

    @Test("real messages of every installed catalog's language: ICU's boundaries where the classes decide")
    func catalogs() throws {
        let icu = try ICUBreakIterator(.grapheme)
        var decided = 0, refused = 0, differing: [String] = []
        for units in installedCatalogParagraphs() {
            var byClass: [Int] = []
            guard GraphemesByClass.forEachBoundary(units, { byClass.append($0) }) else {
                refused += 1
                continue
            }
            decided += 1
            if byClass != icu.boundaries(units) { differing.append(String(decoding: units, as: UTF16.self)) }
        }
        #expect(decided > 20_000)
        #expect(decided > 20 * refused, "most messages need no ICU: \(decided) against \(refused)")
        #expect(differing.isEmpty, "\(differing.count) differ, first: \(differing.prefix(3))")
    }
}
