@testable import CellHeightEngine
import Foundation
import Testing
import CellHeightTestSupport

/// Segment shaping (ASCII paragraphs shaped word by word through the width cache) must give exactly
/// what shaping whole paragraphs gives: same advances, same cuts, same lines, same heights.
@Suite("segment shaping: word by word equals run by run", .serialized)
struct SegmentShapingTests {
    static let fonts = [
        "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
        "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf",
        "/usr/share/fonts/truetype/liberation2/LiberationSans-Regular.ttf",
        "/usr/share/fonts/truetype/liberation2/LiberationSerif-Regular.ttf",
        "/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf",
    ]

    /// Real prose: every line of Debian's common licenses, and the oracle texts (see `TestTexts`).
    static func corpus() throws -> [String] { try TestTexts.prose() }

    @Test("same advances, cuts and layouts on the licenses and the oracle texts", arguments: fonts)
    func equivalence(font: String) throws {
        let texts = try Self.corpus()
        #expect(texts.count > 5000)
        let face = try FontFace(path: font)
        let chain = FontFallbackChain.chromiumDefault(primary: face)
        let fast = try TextLayoutEngine(chain: chain, fontSize: 15, lineHeight: .normal)
        let general = try TextLayoutEngine(chain: chain, fontSize: 15, lineHeight: .normal)
        general.usesSegmentCache = false
        // Both shape (the pairwise lane is compared with shaping in `PairwiseLaneTests`).
        fast.usesPairwiseLane = false
        general.usesPairwiseLane = false
        var compared = 0, differing: [String] = []
        for text in texts {
            let a = fast.prepare(text), b = general.prepare(text)
            let same = a.hasSameNumbers(as: b, engine: fast, otherEngine: general)
            let layoutsAgree = [60.0, 150, 333].allSatisfy { fast.layout(a, width: $0) == general.layout(b, width: $0) }
            if !same || !layoutsAgree { differing.append(text) }
            compared += 1
        }
        let (hits, misses) = fast.segmentCacheStatistics
        print("segment shaping, \(URL(fileURLWithPath: font).lastPathComponent): \(compared) texts, "
              + "\(differing.count) differ; width cache \(hits) hits, \(misses) misses")
        #expect(hits > misses, "the cache should serve most words of real prose")
        #expect(differing.isEmpty, "first differing texts: \(differing.prefix(5))")
    }
}
