import CHarfBuzz
import Foundation
@testable import CellHeightEngine
import Testing
import CellHeightTestSupport

/// `LookupReach` on real fonts. The expectations were read by hand from the fonts' GSUB and GPOS
/// tables (dumped with fontTools, not with the code under test):
/// - DejaVu Sans, GSUB 3 (`ccmp`, chaining context format 2): every rule starts at "i", "j",
///   "į" ... (class 1) with a combining mark above (class 2) or below then above (class 4, 2)
///   after it, or starts at a combining mark (class 2) after a capital or an ascender (class 3).
///   GSUB 4: chaining rules of the tone letters U+02E5-U+02E9 before another. GSUB 18 (`liga`):
///   f+f+l, f+f+i, f+l, f+i, f+f, written U+FB04, U+FB03, U+FB02, U+FB01, U+FB00's glyphs.
/// - Noto Sans, GSUB 3 (`ccmp`, chaining context format 3): "i", "j", "į" ... before a combining
///   mark above, or below then above. GSUB 6 (`ccmp`, ligatures): a vowel + U+0328 (ogonek) or
///   U+031B (horn), "O"/"o" + U+0328 + macron, "ǝ"/"ɜ" + U+02DE (rhotic hook), 140 ligatures of
///   the tone letters, small-capital vowels + small-capital ogonek. GSUB 38 (`liga`): f+f+i,
///   f+f+l, f+f, f+i, f+l. GPOS 0 (`mark`, chaining context format 3): a combining mark above
///   (U+0308 ...) after "ı", before ")", "]" or "}" (and before marks below or above).
@Suite("lookup reach: whether a lookup can fire in text of given glyphs")
struct LookupReachTests {
    /// Printable ASCII, Latin-1 and Latin Extended-A: no mark ("é", "É", "ı", "ą", "ł", "ő").
    static let latinText = Array(0x20...0x7E) + Array(0xA0...0x17F)

    /// A font's tables at 16 px, and the glyphs of code points.
    struct Tables {
        let font: FontFace

        init(_ path: String) throws {
            font = try FontFace(path: path)
            font.setSize(16)
        }

        var face: OpaquePointer { hb_font_get_face(font.hbFont) }

        func glyph(_ codePoint: Int) -> Int {
            var glyph: hb_codepoint_t = 0
            _ = hb_font_get_nominal_glyph(font.hbFont, UInt32(codePoint), &glyph)
            return Int(glyph)
        }

        func glyphs(_ codePoints: [Int]) -> Set<Int> { Set(codePoints.map(glyph)) }

        /// What lookup `lookup` of table `tag` can do in text of the glyphs of `codePoints`.
        func reach(_ tag: String, _ lookup: UInt32, in codePoints: [Int]) -> LookupReach.Reach {
            let table = OpenTypeTable(face: face, tag: tag)
            defer { table.destroy() }
            let text = LookupReach(table: table, isPositioning: tag == "GPOS", glyphs: codePoints.map(glyph))
            return text.reach(of: lookup)
        }
    }

    @Test("the fonts draw every character of the texts used here, none with a mark glyph but the marks",
          arguments: [TestFonts.dejaVuSans, TestFonts.notoSans])
    func textsAreDrawn(font: String) throws {
        let tables = try Tables(font)
        for codePoint in Self.latinText + [0x1DD, 0x2DE, 0x2E5, 0x2E6, 0x301, 0x308, 0x328] {
            #expect(tables.glyph(codePoint) != 0, "U+\(String(codePoint, radix: 16))")
            let isMark = hb_ot_layout_get_glyph_class(tables.face, hb_codepoint_t(tables.glyph(codePoint)))
                == HB_OT_LAYOUT_GLYPH_CLASS_MARK
            #expect(isMark == [0x301, 0x308, 0x328].contains(codePoint), "U+\(String(codePoint, radix: 16))")
        }
    }

    @Test("""
          DejaVu Sans: the dotless-i rules need a combining mark and the tone-letter rules tone letters; the \
          f-ligatures fire
          """)
    func dejaVuSans() throws {
        let font = try Tables(TestFonts.dejaVuSans)
        #expect(chromiumLatinLookups(font.face).substitutions == [3, 4, 18])
        let text = Self.latinText
        #expect(font.reach("GSUB", 3, in: text) == .never)
        #expect(font.reach("GSUB", 3, in: text + [0x301]) == .anywhere, "\"í\" written as i + U+0301")
        #expect(font.reach("GSUB", 4, in: text) == .never)
        #expect(font.reach("GSUB", 4, in: text + [0x2E5, 0x2E6]) == .anywhere, "˦˥")
        #expect(font.reach("GSUB", 18, in: text)
                == .ligatures(read: font.glyphs([0x66, 0x69, 0x6C]), written: font.glyphs(Array(0xFB00...0xFB04))))
        #expect(font.reach("GSUB", 18, in: text.filter { $0 != 0x66 }) == .never, "no \"f\"")
        // Not a lookup of the table: not recognised, so it may fire.
        #expect(font.reach("GSUB", 5000, in: text) == .anywhere)
    }

    @Test("""
          a pair adjustment fires only where the text may hold both glyphs of a pair: DejaVu Sans's Latin-only \
          kerning kerns "-" before Latin capitals, and never fires in Cyrillic or Greek text (issue 26)
          """)
    func pairAdjustments() throws {
        let font = try Tables(TestFonts.dejaVuSans)
        // The one positioning lookup Latin text takes and Cyrillic and Greek text do not (what
        // HarfBuzz's shape plans collect).
        let latin = Set(chromiumLatinLookups(font.face).positionings)
        for script in [HB_SCRIPT_CYRILLIC, HB_SCRIPT_GREEK] {
            #expect(latin.subtracting(chromiumLookups(font.face, script: script).positionings) == [14])
        }
        // ASCII punctuation and digits, the guillemets, and each alphabet's letters.
        let punctuation = Array(0x20...0x40) + Array(0x5B...0x60) + Array(0x7B...0x7E) + [0xAB, 0xBB]
        let cyrillic = punctuation + Array(0x400...0x45F)
        let greek = punctuation + Array(0x391...0x3A1) + Array(0x3A3...0x3CE)
        #expect(font.reach("GPOS", 14, in: cyrillic) == .never)
        #expect(font.reach("GPOS", 14, in: greek) == .never)
        // HarfBuzz shapes "-A" 694 units wide as Latin and 739 as Cyrillic: a pair of lookup 14.
        #expect(font.reach("GPOS", 14, in: punctuation + [0x41]) == .anywhere)
        #expect(font.reach("GPOS", 14, in: [0x2D, 0x41]) == .anywhere)
        #expect(font.reach("GPOS", 14, in: [0x2D, 0x2E, 0x3A]) == .never, "first glyphs alone")
    }

    @Test("Noto Sans: the dotless-i and ogonek rules and the marks' contextual positioning need combining marks")
    func notoSans() throws {
        let font = try Tables(TestFonts.notoSans)
        let lookups = chromiumLatinLookups(font.face)
        #expect(lookups.substitutions == [2, 3, 6, 38])
        #expect(lookups.positionings.first == 0)
        let text = Self.latinText
        #expect(font.reach("GSUB", 3, in: text) == .never)
        #expect(font.reach("GSUB", 3, in: text + [0x301]) == .anywhere)
        #expect(font.reach("GSUB", 6, in: text) == .never)
        // With U+0328: the vowels' ligatures ("O" + U+0328 + macron needs a macron glyph too).
        let ogonek = [0x41, 0x45, 0x49, 0x4F, 0x55, 0x61, 0x65, 0x69, 0x6F, 0x75, 0x328]
        let ogonekWritten = [0x104, 0x118, 0x12E, 0x1EA, 0x172, 0x105, 0x119, 0x12F, 0x1EB, 0x173]
        #expect(font.reach("GSUB", 6, in: text + [0x328])
                == .ligatures(read: font.glyphs(ogonek), written: font.glyphs(ogonekWritten)))
        #expect(font.reach("GSUB", 6, in: text + [0x1DD, 0x2DE])
                == .ligatures(read: font.glyphs([0x1DD, 0x2DE]), written: font.glyphs([0x25A])), "ǝ˞ is ɚ")
        #expect(font.reach("GSUB", 38, in: text)
                == .ligatures(read: font.glyphs([0x66, 0x69, 0x6C]), written: font.glyphs(Array(0xFB00...0xFB04))))
        #expect(font.reach("GPOS", 0, in: text) == .never)
        #expect(font.reach("GPOS", 0, in: text + [0x308]) == .anywhere, "ı + U+0308 before \")\"")
    }

    /// A lookup of each format of context rules in an installed font, the glyphs of its first
    /// subtable's first rule (one glyph per position; for classes, a glyph of each class), and a
    /// glyph without which no rule of the lookup can fire. Found with fontTools and checked there
    /// by evaluating every rule of the lookup on both glyph sets.
    static let contextFormats: [(font: String, table: String, lookup: UInt32, glyphs: [Int], needed: Int)] = [
        ("NotoNastaliqUrdu-Regular.ttf", "GSUB", 7, [408, 231], 231),  // context, glyphs: Lam + Alef
        ("NotoMusic-Regular.ttf", "GSUB", 2, [359, 357], 357),  // context, classes
        ("NotoSansMalayalam-Regular.ttf", "GSUB", 5, [49, 162], 162),  // chaining context, glyphs
        ("NotoSansCoptic-Regular.ttf", "GSUB", 17, [10, 194], 10),  // reverse chaining
        ("NotoSansGurmukhi-Regular.ttf", "GPOS", 8, [39, 228, 34, 208], 34),  // context, glyphs
        ("NotoMusic-Regular.ttf", "GPOS", 5, [323, 558, 548, 359, 366], 548),  // context, classes
        ("NotoSansTelugu-Regular.ttf", "GPOS", 8, [585, 324, 523], 523),  // chaining context, glyphs
        ("NotoSansBengali-Regular.ttf", "GPOS", 5, [387, 60], 60),  // chaining context, classes
    ]

    @Test("context, chaining and reverse chaining rules of every format fire with their glyphs, never without one",
          arguments: contextFormats)
    func contextRuleFormats(font: String, table tag: String, lookup: UInt32, glyphs: [Int], needed: Int) throws {
        let tables = try Tables("/usr/share/fonts/truetype/noto/" + font)
        let table = OpenTypeTable(face: tables.face, tag: tag)
        defer { table.destroy() }
        func reach(_ glyphs: [Int]) -> LookupReach.Reach {
            LookupReach(table: table, isPositioning: tag == "GPOS", glyphs: glyphs).reach(of: lookup)
        }
        #expect(reach(glyphs) == .anywhere)
        #expect(reach(glyphs.filter { $0 != needed }) == .never)
    }

    @Test("""
          Latin letters beyond ASCII that no substitution firing in the lane's text reads are walked pair by pair in \
          DejaVu Sans and Noto Sans; letters a ligature that can fire reads are shaped whole
          """)
    func pairwiseLetters() throws {
        let letters: [Character] = ["é", "É", "Á", "Č", "Š", "ı", "İ", "ą", "ę", "į", "ł", "Ł", "ş", "ő", "ű", "ț",
                                    "ơ", "ư"]
        for path in [TestFonts.dejaVuSans, TestFonts.notoSans] {
            let engine = try TestFonts.engine(path, size: 14)
            let beyondASCII = try #require(PairwiseASCIIAdvances(shaper: Shaper(chain: engine.chain, fontSize: 14)))
                .beyondASCII
            func isPairwise(_ character: Character) -> Bool {
                let unit = character.utf16.first!
                return beyondASCII.value(of: unit) & BeyondASCIICharacters.pairwise != 0
            }
            for letter in letters { #expect(isPairwise(letter), "\(letter) in \(path)") }
            if path == TestFonts.notoSans {
                // Noto Sans's GSUB 6 joins "ǝ" and "˞" into "ɚ", and the tone letters.
                for letter: Character in ["ǝ", "˞", "ɚ", "˥", "˩"] {
                    #expect(beyondASCII.value(of: letter.utf16.first!) != 0 && !isPairwise(letter), "\(letter)")
                }
            }
        }
    }

    @Test("""
          class definitions read a range at a time give every lookup of every installed font the reach that \
          reading them a glyph at a time gives
          """)
    func classRangesAcrossInstalledFonts() throws {
        // The lane's texts: printable ASCII with Latin-1 and Latin Extended-A, and every code point
        // below U+2070 the font draws (Greek, Cyrillic, Armenian, Georgian, Hebrew, marks).
        let texts = [Self.latinText, Array(0x20..<0x2070)]
        var lookupsRead = 0, fontsRead = 0, differing: [String] = []
        for path in WordRecordTests.installedFonts() {
            let tables = try Tables(path)
            fontsRead += 1
            for tag in ["GSUB", "GPOS"] {
                let count = hb_ot_layout_table_get_lookup_count(tables.face, hb_tag_from_string(tag, -1))
                guard count > 0 else { continue }
                let table = OpenTypeTable(face: tables.face, tag: tag)
                defer { table.destroy() }
                for text in texts {
                    let glyphs = Array(Set(text.map(tables.glyph)).subtracting([0]))
                    let byRange = LookupReach(table: table, isPositioning: tag == "GPOS", glyphs: glyphs)
                    let byGlyph = LookupReach(table: table, isPositioning: tag == "GPOS", glyphs: glyphs,
                                              readsClassRanges: false)
                    for lookup in 0..<count where byRange.reach(of: lookup) != byGlyph.reach(of: lookup) {
                        differing.append("\(URL(fileURLWithPath: path).lastPathComponent) \(tag) \(lookup)")
                    }
                    lookupsRead += Int(count)
                }
            }
        }
        print("lookup reach by class ranges: \(fontsRead) fonts, \(lookupsRead) lookups, \(differing.count) differ")
        #expect(fontsRead > 100, "fonts-noto-core should be installed: \(fontsRead) fonts")
        #expect(lookupsRead > 10_000, "\(lookupsRead) lookups read")
        #expect(differing.isEmpty, "\(differing.count) differ, first: \(differing.prefix(5))")
    }
}
