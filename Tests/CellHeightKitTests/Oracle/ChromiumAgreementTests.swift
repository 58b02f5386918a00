import Foundation
import Testing
@testable import CellHeightKit

/// Agreement with Chromium on the public oracle cases: same line count, height within 0.5 px.
/// Failures print the first 20 mismatches with everything needed to reproduce them.
@Suite("Chromium agreement (fixtures/public.jsonl)")
struct ChromiumAgreementTests {
    /// Cases cellheight is known to lay out differently from Chromium (none at present), listed so
    /// that any change, better or worse, shows up here.
    static let knownMismatches: Set<String> = []

    typealias Outcome = OracleOutcome

    /// Every case laid out once, shared by the tests below.
    static let outcomes: [Outcome] = OracleOutcome.layOut(file: "fixtures/public.jsonl")

    /// The languages of the cases (`lang:` tags), e.g. ["ar", "de", ...].
    static let languages = ["ar", "de", "el", "en", "fr", "he", "hi", "ja", "ko", "none", "pl", "ru", "th", "vi", "zh"]

    @Test("at least 99.5% of cases agree, and the mismatches are exactly the known ones")
    func agreement() throws {
        let outcomes = Self.outcomes
        let mismatches = outcomes.filter { !$0.agrees }
        let agreed = outcomes.count - mismatches.count
        let percent = Double(agreed) * 100 / Double(outcomes.count)
        print("Chromium agreement: \(agreed)/\(outcomes.count) (\(String(format: "%.2f", percent))%)")
        var byTag: [String: Int] = [:]
        for m in mismatches { for tag in m.testCase.tags { byTag[tag, default: 0] += 1 } }
        if !byTag.isEmpty {
            print("mismatches by tag: " + byTag.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " "))
        }
        for m in mismatches.prefix(20) {
            let c = m.testCase
            print("""
              - \(c.id) font=\(c.font) size=\(formatPixels(c.size)) width=\(formatPixels(c.width)) lineHeight=\(c.lineHeight)
                text: \(String(reflecting: c.text))
                expected lineCount=\(c.expected.lineCount) height=\(formatPixels(c.expected.height)) lines=\(c.expected.lines)
                got      lineCount=\(m.layout.lineCount) height=\(formatPixels(m.layout.height)) lines=\(m.layout.lines.map(\.text))
              """)
        }
        #expect(outcomes.count == 1555)
        #expect(percent >= 99.5)
        #expect(Set(mismatches.map(\.testCase.id)) == Self.knownMismatches)
    }

    @Test("every case of the language agrees, but for the known mismatches", arguments: languages)
    func agreement(language: String) {
        let cases = Self.outcomes.filter { $0.testCase.tags.contains("lang:\(language)") }
        #expect(!cases.isEmpty)
        for m in cases where !m.agrees && !Self.knownMismatches.contains(m.testCase.id) {
            let c = m.testCase
            Issue.record("""
                \(c.id) font=\(c.font) size=\(formatPixels(c.size)) width=\(formatPixels(c.width)) lineHeight=\(c.lineHeight): \
                expected \(c.expected.lineCount) lines, \(formatPixels(c.expected.height)) px; \
                got \(m.layout.lineCount), \(formatPixels(m.layout.height)) px
                """)
        }
    }

    @Test("lines are the same slices of the text as Chromium's wherever the line count agrees")
    func lineTexts() throws {
        let outcomes = Self.outcomes.filter { $0.layout.lineCount == $0.testCase.expected.lineCount }
        let differing = outcomes.filter { $0.layout.lines.map(\.text) != $0.testCase.expected.lines }
        print("same line texts: \(outcomes.count - differing.count)/\(outcomes.count)")
        for m in differing.prefix(20) {
            print("  - \(m.testCase.id): expected \(m.testCase.expected.lines) got \(m.layout.lines.map(\.text))")
        }
        #expect(differing.isEmpty)
    }

    @Test("every case's lines join back to its text")
    func linesJoinBack() throws {
        for outcome in Self.outcomes {
            #expect(outcome.layout.lines.map(\.text).joined() == outcome.testCase.text, "\(outcome.testCase.id)")
        }
    }
}
