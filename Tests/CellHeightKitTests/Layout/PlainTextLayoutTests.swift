import Foundation
import Testing
@testable import CellHeightKit

/// The fast path for plain text (advances summed over pairs, words with ligatures or characters
/// beyond ASCII from the width cache, `PlainBreakRules`, the greedy loop on integers) must give
/// exactly the line counts and heights of the general path, which shapes whole paragraphs with
/// HarfBuzz and asks ICU about breaks beyond ASCII.
@Suite("plain text layout: the fast path equals the general path", .serialized)
struct PlainTextLayoutTests {
    /// Fonts of several designs and kerning styles; each must pass the pairwise check (a font that
    /// did not would only be slower, but these are the fonts users reach for).
    static let fonts = SegmentShapingTests.fonts + [
        "/usr/share/fonts/truetype/noto/NotoSerif-Regular.ttf",
        "/usr/share/fonts/truetype/noto/NotoSans-Bold.ttf",
        "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf",
        "/usr/share/fonts/truetype/liberation2/LiberationMono-Regular.ttf",
    ]

    /// Every character beyond ASCII that has a break class, in words, next to punctuation and
    /// quotes, at word edges and in words too long for a line.
    static let beyondASCIITexts: [String] = {
        let characters = PlainBreakRulesTests.classified.map { String(decoding: [$0.unit], as: UTF16.self) }
        return stride(from: 0, to: characters.count, by: 8).flatMap { start -> [String] in
            let group = characters[start..<min(start + 8, characters.count)]
            let word = group.joined()
            return [
                group.map { "a\($0)b \($0)c d\($0)" }.joined(separator: " "),
                group.map { "(\($0)) \($0)-x x-\($0) \($0). “\($0)” it’\($0)s" }.joined(separator: " "),
                "Latin \(word) words: \(word)\(word)\(word)\(word) and \(word)’s end",
                group.map { "\($0)\($0)\($0) \($0)" }.joined(separator: "  ") + " ",
            ]
        }
    }()

    @Test("same line counts and heights on the licenses, the oracle texts and text beyond ASCII", arguments: fonts)
    func equivalence(font: String) throws {
        let texts = try SegmentShapingTests.corpus() + Self.beyondASCIITexts
        let face = try FontFace(path: font)
        let chain = FontFallbackChain.chromiumDefault(primary: face)
        var fastRows = 0, beyondASCIIRows = 0, differing: [String] = []
        for (size, lineHeight) in [(15.0, LineHeight.normal), (16, .normal), (13, .multiple(1.4))] {
            let fast = try TextLayoutEngine(chain: chain, fontSize: size, lineHeight: lineHeight)
            let general = try TextLayoutEngine(chain: chain, fontSize: size, lineHeight: lineHeight)
            general.usesSegmentCache = false
            let widths = [23.0, 41, 60, 150, 240, 320.5, 333, 1000]
            for text in texts {
                var layouts: [TextLayout] = []
                var utf8 = Array(text.utf8)
                let isFast = utf8.withUnsafeMutableBufferPointer {
                    fast.layoutPlainText(UnsafeBufferPointer($0), widths: widths, into: &layouts)
                }
                guard isFast else {
                    #expect(layouts.isEmpty)
                    continue
                }
                fastRows += 1
                if !text.allSatisfy(\.isASCII) { beyondASCIIRows += 1 }
                let prepared = general.prepare(text)
                let expected = widths.map { general.layout(prepared, width: $0, details: false) }
                if layouts != expected { differing.append(text) }
            }
        }
        print("plain text layout, \(URL(fileURLWithPath: font).lastPathComponent): \(fastRows) layouts the fast way (\(beyondASCIIRows) beyond ASCII), \(differing.count) differ")
        #expect(fastRows > 10_000, "most real prose should take the fast path")
        #expect(beyondASCIIRows > 1_000, "Latin text beyond ASCII should take it too")
        #expect(differing.isEmpty, "first differing texts: \(differing.prefix(5))")
    }
}
