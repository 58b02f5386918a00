@testable import CellHeightEngine
import Foundation
import Testing
import CellHeightTestSupport
@testable import CellHeightKit

/// A case laid out by cellheight, next to Chromium's answer.
struct OracleOutcome {
    var testCase: OracleCase
    var layout: TextLayout
    var agrees: Bool {
        layout.lineCount == testCase.expected.lineCount && abs(layout.height - testCase.expected.height) <= 0.5
    }

    /// The cases of a file of the package laid out (see `layOut`); none, with an issue recorded,
    /// when they cannot be read or laid out.
    static func layOut(file relativePath: String) -> [OracleOutcome] {
        do { return try layOut(try OracleCase.load(relativePath)) } catch {
            Issue.record("cannot lay out the cases of \(relativePath): \(error)")
            return []
        }
    }

    /// Lays every case out, with one engine per (font, size, line height).
    static func layOut(_ cases: [OracleCase]) throws -> [OracleOutcome] {
        var engines: [String: TextLayoutEngine] = [:]
        return try cases.map { c in
            let key = "\(c.fontFamily ?? c.font)|\(c.size)|\(c.lineHeight)|\(c.whiteSpace ?? "")"
            let engine: TextLayoutEngine
            if let cached = engines[key] {
                engine = cached
            } else {
                // A family goes through the font lookup, as the CLI's `--font FAMILY` does.
                let reference = try c.fontFamily.map { try FontLocator.resolve($0) } ?? FontReference(path: c.font)
                let face = try FontFace(path: reference.path, faceIndex: reference.faceIndex)
                engine = try TextLayoutEngine(chain: .chromiumDefault(primary: face), fontSize: c.size,
                                              lineHeight: try #require(LineHeight(parsing: c.lineHeight)),
                                              whiteSpace: try #require(WhiteSpace(rawValue: c.whiteSpace ?? "pre-wrap")))
                engines[key] = engine
            }
            return OracleOutcome(testCase: c, layout: engine.layout(engine.prepare(c.text), width: c.width))
        }
    }
}

extension OracleOutcome {
    /// Checks the outcomes of one case file (`name`): prints its agreement, expects `count` cases,
    /// records every mismatch not in `known` with all it takes to reproduce it, and expects each
    /// known mismatch still to mismatch (one that agrees now must leave the list).
    static func expectAgreement(_ outcomes: [OracleOutcome], name: String, count: Int, known: [String: String]) {
        let mismatches = outcomes.filter { !$0.agrees }
        let lineCounts = outcomes.filter { $0.layout.lineCount == $0.testCase.expected.lineCount }.count
        print("\(name) agreement: \(outcomes.count - mismatches.count)/\(outcomes.count) heights, "
              + "\(lineCounts)/\(outcomes.count) line counts")
        #expect(outcomes.count == count)
        for m in mismatches where known[m.testCase.id] == nil {
            let c = m.testCase
            Issue.record("""
                \(c.id) font=\(c.fontFamily ?? c.font) size=\(formatPixels(c.size)) width=\(formatPixels(c.width)) \
                lineHeight=\(c.lineHeight) whiteSpace=\(c.whiteSpace ?? "pre-wrap") text=\(String(reflecting: c.text)): \
                expected \(c.expected.lineCount) lines, \(formatPixels(c.expected.height)) px \(c.expected.lines); \
                got \(m.layout.lineCount), \(formatPixels(m.layout.height)) px \(m.layout.lines.map(\.text))
                """)
        }
        let fixed = Set(known.keys).subtracting(mismatches.map(\.testCase.id))
        #expect(fixed.isEmpty, "known mismatches that now agree (remove them from the list): \(fixed.sorted())")
    }
}
