@testable import CellHeightEngine
import Foundation
import Testing
import CellHeightTestSupport

/// The fallback loop skips a font that can draw nothing of a range (`FontFace.drawsNothing`):
/// skipping must give exactly what shaping it gives, and a font that lacks a character and every
/// character HarfBuzz would take instead (its decompositions' parts, its composition with the
/// character before) is skipped.
@Suite("font coverage: a fallback font that draws nothing of a range is skipped", .serialized)
struct FontCoverageTests {
    @Test("letters that decompose, missing with all their parts, draw nothing; present parts may draw")
    func decomposingLetters() throws {
        let serif = try FontFace(path: TestFonts.liberationSerif)
        var coverage = GlyphCoverageMemo()
        func drawsNothing(_ text: String, _ face: FontFace) -> Bool {
            let units = Array(text.utf16)
            return face.drawsNothing(of: units, 0..<units.count, coverage: &coverage)
        }
        // Tamil "கொ" (U+0BCA: U+0BC6 U+0BBE), Thai "คำ" (U+0E33: U+0E4D U+0E32), Devanagari "क़"
        // (U+0958: U+0915 U+093C), Korean "한" (jamo): Liberation Serif has none of them.
        for text in ["கொண்டு", "คำ", "\u{0958}", "한국어", "ಕೊ"] {
            #expect(drawsNothing(text, serif), "\(text)")
        }
        // It has "e" and U+0301 ("é" decomposes into them), the space, a joiner (hidden).
        for text in ["é", "கொ ண", "க\u{200D}", "ﬁ"] {
            #expect(!drawsNothing(text, serif), "\(text)")
        }
        // Noto Sans Tamil has "ொ" itself.
        #expect(!drawsNothing("கொ", try FontFace(path: "/usr/share/fonts/truetype/noto/NotoSansTamil-Regular.ttf")))
    }

    @Test("same shaping as every fallback font shaped, on the catalogs of every locale",
          arguments: [TestFonts.dejaVuSans, TestFonts.liberationSans])
    func equivalence(font: String) throws {
        let texts = try NotdefScanTests.paragraphs(perLocale: 120)
        #expect(texts.count > 5000)
        let skipping = try NotdefScanTests.shaper(font, scans: true)
        let shaping = try NotdefScanTests.shaper(font, scans: true)
        shaping.skipsFontsWithoutGlyphs = false
        var differing: [String] = []
        for text in texts {
            let units = Array(text.utf16)
            if let difference = NotdefScanTests.difference(skipping.shape(units), shaping.shape(units)) {
                differing.append("\(text): \(difference)")
            }
        }
        print("font coverage, \(URL(fileURLWithPath: font).lastPathComponent): \(texts.count) paragraphs, "
              + "\(differing.count) differ; HarfBuzz called \(skipping.harfBuzzShapings) times, "
              + "\(shaping.harfBuzzShapings) without skipping")
        #expect(differing.isEmpty, "first differing: \(differing.prefix(3))")
        #expect(skipping.harfBuzzShapings * 5 < shaping.harfBuzzShapings * 4,
                "fonts that draw nothing of a range should be skipped: \(skipping.harfBuzzShapings) shapings")
    }
}
