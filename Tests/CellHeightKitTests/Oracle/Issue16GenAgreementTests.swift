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
        let outcomes = OracleOutcome.layOut(file: "fixtures/issue16-gen.jsonl")
        let mismatches = outcomes.filter { !$0.agrees }
        let lineCounts = outcomes.filter { $0.layout.lineCount == $0.testCase.expected.lineCount }.count
        print("issue16-gen agreement: \(outcomes.count - mismatches.count)/\(outcomes.count) heights, "
              + "\(lineCounts)/\(outcomes.count) line counts")
        #expect(outcomes.count == 400)
        for m in mismatches where Self.knownMismatches[m.testCase.id] == nil {
            let c = m.testCase
            Issue.record("""
                \(c.id) font=\(c.fontFamily ?? c.font) size=\(formatPixels(c.size)) width=\(formatPixels(c.width)) \
                lineHeight=\(c.lineHeight) whiteSpace=\(c.whiteSpace ?? "pre-wrap") text=\(String(reflecting: c.text)): \
                expected \(c.expected.lineCount) lines, \(formatPixels(c.expected.height)) px \(c.expected.lines); \
                got \(m.layout.lineCount), \(formatPixels(m.layout.height)) px \(m.layout.lines.map(\.text))
                """)
        }
        let fixed = Set(Self.knownMismatches.keys).subtracting(mismatches.map(\.testCase.id))
        #expect(fixed.isEmpty, "known mismatches that now agree (remove them from the list): \(fixed.sorted())")
    }
}
