import Foundation
import Testing
@testable import CellHeightKit

/// The fast path for printable ASCII (advances summed over pairs, Blink's ASCII break rules, the
/// greedy loop on integers) must give exactly the line counts and heights of the general path,
/// which shapes whole paragraphs with HarfBuzz.
@Suite("plain ASCII layout: the fast path equals the general path", .serialized)
struct PlainASCIILayoutTests {
    /// Fonts of several designs and kerning styles; each must pass the pairwise check (a font that
    /// did not would only be slower, but these are the fonts users reach for).
    static let fonts = SegmentShapingTests.fonts + [
        "/usr/share/fonts/truetype/noto/NotoSerif-Regular.ttf",
        "/usr/share/fonts/truetype/noto/NotoSans-Bold.ttf",
        "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf",
        "/usr/share/fonts/truetype/liberation2/LiberationMono-Regular.ttf",
    ]

    @Test("same line counts and heights on the licenses and the oracle texts", arguments: fonts)
    func equivalence(font: String) throws {
        let texts = try SegmentShapingTests.corpus()
        let face = try FontFace(path: font)
        let chain = FontFallbackChain.chromiumDefault(primary: face)
        var fastRows = 0, differing: [String] = []
        for (size, lineHeight) in [(15.0, LineHeight.normal), (16, .normal), (13, .multiple(1.4))] {
            let fast = try TextLayoutEngine(chain: chain, fontSize: size, lineHeight: lineHeight)
            let general = try TextLayoutEngine(chain: chain, fontSize: size, lineHeight: lineHeight)
            general.usesSegmentCache = false
            let widths = [23.0, 41, 60, 150, 240, 320.5, 333, 1000]
            for text in texts {
                var layouts: [TextLayout] = []
                var utf8 = Array(text.utf8)
                let isFast = utf8.withUnsafeMutableBufferPointer {
                    fast.layoutPlainASCII(UnsafeBufferPointer($0), widths: widths, into: &layouts)
                }
                guard isFast else {
                    #expect(layouts.isEmpty)
                    continue
                }
                fastRows += 1
                let prepared = general.prepare(text)
                let expected = widths.map { general.layout(prepared, width: $0, details: false) }
                if layouts != expected { differing.append(text) }
            }
        }
        print("plain ASCII layout, \(URL(fileURLWithPath: font).lastPathComponent): \(fastRows) layouts the fast way, \(differing.count) differ")
        #expect(fastRows > 10_000, "most real prose should take the fast path")
        #expect(differing.isEmpty, "first differing texts: \(differing.prefix(5))")
    }
}
