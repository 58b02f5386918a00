@testable import CellHeightEngine
import Foundation
import Testing

/// Unicode's own line-breaking conformance file (Debian `unicode-data`), run through the ICU
/// iterator cellheight wraps, with ICU's plain UAX #14 rules (Chromium's tailoring is a separate
/// layer, tested in ChromiumLineBreakerTests).
@Suite("line break conformance (LineBreakTest.txt)")
struct LineBreakConformanceTests {
    static let path = "/usr/share/unicode/auxiliary/LineBreakTest.txt"

    struct Case {
        var line: Int
        var units: [UInt16]
        var expected: [Int]
        var source: String
    }

    /// Parses lines like `× 0041 × 0020 ÷ 0042 ÷ # comment` into text and expected boundaries
    /// (UTF-16 offsets after each "÷", excluding offset 0).
    static func loadCases() throws -> [Case] {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        var cases: [Case] = []
        for (n, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let rule = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let tokens = rule.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard !tokens.isEmpty else { continue }
            var units: [UInt16] = []
            var expected: [Int] = []
            for token in tokens {
                switch token {
                case "÷": if !units.isEmpty { expected.append(units.count) }
                case "×": break
                default:
                    guard let value = UInt32(token, radix: 16), let scalar = Unicode.Scalar(value) else { continue }
                    units.append(contentsOf: Array(String(Character(scalar)).utf16))
                }
            }
            cases.append(Case(line: n + 1, units: units, expected: expected, source: String(raw)))
        }
        return cases
    }

    @Test("ICU's UAX #14 iterator passes at least 99% of LineBreakTest.txt")
    func conformance() throws {
        guard FileManager.default.fileExists(atPath: Self.path) else {
            Issue.record("missing \(Self.path): install Debian's unicode-data (make deps)")
            return
        }
        let cases = try Self.loadCases()
        let iterator = try ICUBreakIterator(.line, locale: "en")
        var failures: [Case] = []
        for c in cases where iterator.boundaries(c.units) != c.expected {
            failures.append(c)
        }
        let passed = cases.count - failures.count
        let percent = Double(passed) * 100 / Double(cases.count)
        print("LineBreakTest.txt (Unicode \(ICUBreakIterator.unicodeVersion), ICU \(ICUBreakIterator.icuVersion)): "
              + "\(passed)/\(cases.count) passed (\(String(format: "%.2f", percent))%)")
        for c in failures.prefix(10) {
            print("  line \(c.line): expected \(c.expected) got \(iterator.boundaries(c.units)): \(c.source)")
        }
        #expect(cases.count > 7000, "LineBreakTest.txt has \(cases.count) cases; expected the full file")
        #expect(percent >= 99, "only \(passed)/\(cases.count) LineBreakTest cases pass")
    }
}
