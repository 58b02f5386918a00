@testable import CellHeightEngine
import Testing
import CellHeightTestSupport

/// A shaper's memo of the chain's answers gives the chain's own answers: the same fonts first,
/// the same system font for each character (also for one no font has), asked again or not.
@Suite("fallback faces: a thread's memo of the chain")
struct FallbackFacesTests {
    @Test("the same group and the same face per code point as the chain")
    func sameAnswers() throws {
        let chain = try TestFonts.chromiumChain(TestFonts.dejaVuSans)
        let faces = FallbackFaces(chain: chain)
        #expect(faces.group.map(\.path) == [TestFonts.dejaVuSans, TestFonts.liberationSerif])
        // 한, ก, अ, 中, ع, ሀ, a private-use code point (no font), 한 again.
        for codePoint: UInt32 in [0xD55C, 0x0E01, 0x0905, 0x4E2D, 0x0639, 0x1200, 0xF0000, 0xD55C] {
            let memo = faces.systemFace(for: codePoint), direct = chain.systemFace(for: codePoint)
            #expect(memo === direct, "U+\(String(codePoint, radix: 16, uppercase: true))")
        }
        #expect(faces.systemFace(for: 0xF0000) == nil)
    }
}
