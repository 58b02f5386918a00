import Foundation
import Testing
@testable import CellHeightKit

/// Agreement with Chromium on cases measured on a Debian machine with Debian's Chromium 156 (the
/// oracle's version; it reproduces every public case exactly): other gettext strings than the
/// public set's, edge cases made from them, and one regression case per rule found this way
/// (fixtures/chromium-local.jsonl, made by scripts/chromium_cases.py; see fixtures/README.md).
@Suite("Chromium agreement (fixtures/chromium-local.jsonl)")
struct LocalChromiumAgreementTests {
    static let outcomes: [OracleOutcome] = OracleOutcome.layOut(file: "fixtures/chromium-local.jsonl")

    @Test("every case has Chromium's line count and height")
    func agreement() {
        let mismatches = Self.outcomes.filter { !$0.agrees }
        print("local Chromium agreement: \(Self.outcomes.count - mismatches.count)/\(Self.outcomes.count)")
        #expect(Self.outcomes.count > 3000)
        for m in mismatches.prefix(20) {
            let c = m.testCase
            Issue.record("""
                \(c.id) font=\(c.font) size=\(formatPixels(c.size)) width=\(formatPixels(c.width)) lineHeight=\(c.lineHeight) \
                text=\(String(reflecting: c.text)): expected \(c.expected.lines) got \(m.layout.lines.map(\.text))
                """)
        }
    }

    @Test("every case breaks its lines where Chromium does")
    func sameLines() {
        let differing = Self.outcomes.filter { $0.layout.lines.map(\.text) != $0.testCase.expected.lines }
        for m in differing.prefix(20) {
            Issue.record("\(m.testCase.id): expected \(m.testCase.expected.lines) got \(m.layout.lines.map(\.text))")
        }
    }

    @Test("regression cases, one per rule", arguments: [
        "r-lb20a-word-initial-hyphen", "r-lb20a-after-space", "r-shy-emergency", "r-shy-emergency-greek",
        "r-fallback-hint-kasra", "r-ligature-cut", "r-ligature-cut-fi", "r-hebrew-maqaf", "r-quotes-east-asian",
        "r-han-kerning-adjacent", "r-closing-bracket-line-end", "r-kerning-lost-at-cut", "r-shy-skipped-when-hyphen-overflows",
        // Issue 7: clusters of more than 64 marks or joiners, shaped in pieces (LongClusterPieces).
        "r-long-cluster-marks-wraps", "r-long-cluster-marks-fits", "r-long-cluster-zwj-wraps", "r-long-cluster-zwj-fits",
        "r-long-cluster-points-wraps", "r-long-cluster-points-fits",
    ])
    func regression(id: String) throws {
        let outcome = try #require(Self.outcomes.first { $0.testCase.id == id })
        #expect(outcome.layout.lines.map(\.text) == outcome.testCase.expected.lines)
        #expect(outcome.agrees)
    }
}
