@testable import CellHeightEngine
import Foundation
import Testing
import CellHeightTestSupport

/// Where `SingleUnitGraphemes` says every unit is a grapheme cluster, ICU's grapheme iterator
/// (what the engine asks otherwise) must find a boundary at every offset.
@Suite("single-unit graphemes: ICU agrees")
struct SingleUnitGraphemesTests {
    static let members = (UInt16(0)...UInt16.max).filter(SingleUnitGraphemes.isSingleUnitGrapheme)

    @Test("every member between members of each range is a cluster of its own")
    func everyMember() throws {
        let icu = try ICUBreakIterator(.grapheme)
        #expect(Self.members.count > 39_000)
        // A unit of each range of the set, as neighbours.
        let neighbours: [UInt16] = [0x41, 0x20, 0x09, 0x3001, 0x3042, 0x30A2, 0x4E00, 0x3400, 0xAC00, 0xD7A3, 0xFF21, 0xFF71]
        var differing: [UInt16] = []
        for unit in Self.members {
            for (before, after) in zip(neighbours, neighbours.reversed()) {
                let text = [before, unit, after]
                if icu.boundaries(text) != [1, 2, 3] { differing.append(unit) }
            }
        }
        #expect(differing.isEmpty, "first units ICU joins: \(differing.prefix(10).map { String($0, radix: 16) })")
    }

    @Test("random texts of members: a boundary at every offset")
    func randomTexts() throws {
        let icu = try ICUBreakIterator(.grapheme)
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            let text = (0..<24).map { _ in Self.members.randomElement(using: &generator)! }
            #expect(SingleUnitGraphemes.cover(text))
            #expect(icu.boundaries(text) == Array(1...text.count), "\(text.map { String($0, radix: 16) })")
        }
    }

    @Test("real Chinese, Japanese and Korean messages: ICU cuts them at every unit")
    func catalogs() throws {
        let icu = try ICUBreakIterator(.grapheme)
        var covered = 0
        for locale in ["ja", "zh_CN", "zh_TW", "ko"] {
            let path = "/usr/share/locale/\(locale)/LC_MESSAGES/gtk30.mo"
            for text in gettextTranslations(atPath: path) ?? [] {
                for paragraph in text.split(separator: "\n") {
                    let units = Array(paragraph.utf16)
                    guard !units.isEmpty, SingleUnitGraphemes.cover(units) else { continue }
                    covered += 1
                    #expect(icu.boundaries(units) == Array(1...units.count), "\(paragraph)")
                }
            }
        }
        #expect(covered > 1000)
    }

    @Test("units that join their neighbours are not members")
    func nonMembers() {
        // CR, a combining acute, ZWJ, a tone mark, a combining voiced mark, a halfwidth voiced mark,
        // a leading jamo, a high surrogate, a variation selector.
        for unit: UInt16 in [0x0D, 0x0301, 0x200D, 0x302A, 0x3099, 0xFF9E, 0x1100, 0xD83D, 0xFE0F] {
            #expect(!SingleUnitGraphemes.isSingleUnitGrapheme(unit), "U+\(String(unit, radix: 16))")
        }
    }
}
