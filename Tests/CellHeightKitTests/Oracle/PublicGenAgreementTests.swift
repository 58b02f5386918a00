@testable import CellHeightEngine
import Foundation
import Testing
import CellHeightTestSupport
@testable import CellHeightKit

/// Agreement with Chromium on the oracle's second public set (fixtures/public-gen.jsonl): other
/// font files (bold, italic, condensed, mono, script fonts), fonts named by family and by generic
/// family, fractional sizes and widths, `white-space: normal`, boxes narrower than one character.
@Suite("Chromium agreement (fixtures/public-gen.jsonl)")
struct PublicGenAgreementTests {
    /// Cases laid out differently from Chromium, each with its cause (issue 16), listed so that
    /// any change, better or worse, shows up here.
    /// (pg-emoji-005, emoji from Noto Sans Symbols2 at 16.667 px, agrees since metrics follow the
    /// size of Blink's font cache, 16.66 px: `VerticalMetrics.fontCacheSize`, issue 32, item 5.)
    static let knownMismatches: [String: String] = [:]

    static let outcomes: [OracleOutcome] = OracleOutcome.layOut(file: "fixtures/public-gen.jsonl")

    @Test("every case agrees but the known mismatches, and those are exactly the ones listed")
    func agreement() {
        OracleOutcome.expectAgreement(Self.outcomes, name: "public-gen", count: 809, known: Self.knownMismatches)
    }

    /// Each family name resolves to the face Chromium drew the case with (`familyFace`).
    @Test("every family name resolves to the face Chromium chose")
    func familyResolution() throws {
        let cases = try OracleCase.load("fixtures/public-gen.jsonl").filter { $0.fontFamily != nil }
        var families: [String: String] = [:]
        for c in cases { families[c.fontFamily!] = c.expected.familyFace?.file ?? c.font }
        #expect(families.count >= 10)
        for (family, file) in families.sorted(by: { $0.key < $1.key }) {
            #expect(try FontLocator.resolve(family).path == file, "\(family)")
        }
    }
}
