@testable import CellHeightEngine
import Testing
import CellHeightTestSupport

/// The shaper's memo of which glyphs fonts have answers as the fonts do, asked once or again,
/// for several fonts at once and beyond the BMP.
@Suite("glyph coverage memo: the fonts' own answers")
struct GlyphCoverageMemoTests {
    @Test("the same answers as FreeType, for two fonts, twice")
    func sameAnswers() throws {
        let dejaVu = try TestFonts.face(TestFonts.dejaVuSans)
        let cjk = try TestFonts.face(TestFonts.notoSansCJK)
        var memo = GlyphCoverageMemo()
        // Every 7th code point of the BMP, and some beyond (CJK extension B, emoji, private use).
        let codePoints = Array(stride(from: UInt32(0), through: 0xFFFF, by: 7)) + [0x20000, 0x2A6D6, 0x1F600, 0xF0000]
        var differing: [UInt32] = []
        for _ in 0..<2 {
            for codePoint in codePoints {
                for face in [dejaVu, cjk] where memo.hasGlyph(face, codePoint) != face.hasGlyph(codePoint) {
                    differing.append(codePoint)
                }
            }
        }
        #expect(differing.isEmpty, "first: \(differing.prefix(5))")
        #expect(memo.hasGlyph(dejaVu, 0x41) && !memo.hasGlyph(dejaVu, 0x4E2D) && memo.hasGlyph(cjk, 0x4E2D))
    }
}
