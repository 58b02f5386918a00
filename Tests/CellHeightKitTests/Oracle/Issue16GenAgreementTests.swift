import Foundation
import Testing
@testable import CellHeightKit

/// Agreement with Chromium on cases of the kinds issue 16 lists (fixtures/issue16-gen.jsonl, made
/// by `scripts/chromium_cases.py --issue16` with Debian's Chromium 156): emoji and symbols with and
/// without variation selectors, script fonts and script texts in Latin fonts (Tamil, Bengali,
/// Khmer, Myanmar, Armenian, Georgian, Ethiopic, Sinhala, Persian), bold, italic, condensed and
/// mono files, fonts named by family and generic family, fractional sizes, widths and line
/// heights, `white-space: normal`, and boxes narrower than a letter at large sizes.
@Suite("Chromium agreement (fixtures/issue16-gen.jsonl)")
struct Issue16GenAgreementTests {
    /// Cases laid out differently from Chromium, each with its cause, listed so that any change,
    /// better or worse, shows up here. None at present.
    static let knownMismatches: [String: String] = [:]

    @Test("every case agrees but the known mismatches, and those are exactly the ones listed")
    func agreement() {
        OracleOutcome.expectAgreement(OracleOutcome.layOut(file: "fixtures/issue16-gen.jsonl"), name: "issue16-gen",
                                      count: 400, known: Self.knownMismatches)
    }
}
