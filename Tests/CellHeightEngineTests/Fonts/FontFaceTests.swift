@testable import CellHeightEngine
import Foundation
import Testing
import CellHeightTestSupport

@Suite("font face")
struct FontFaceTests {
    struct NormalCase: Sendable, CustomTestStringConvertible {
        var name: String
        var path: String
        var faceIndex: Int = 0
        var size: Double
        /// Rounded ascent, descent, line gap in px (round half up of units × size / upem).
        var ascent: Double
        var descent: Double
        var lineGap: Double
        /// `line-height: normal`, from the oracle README's table where the size is in it.
        var normal: Double
        var testDescription: String { name }
    }

    // Metrics in font units are listed in TestFonts. Each row: units × size / upem, rounded half up.
    static let normalCases: [NormalCase] = [
        // 1901×16/2048 = 14.85 → 15; 483×16/2048 = 3.77 → 4; gap 0. README: 19.
        NormalCase(name: "normal: DejaVu Sans 16", path: TestFonts.dejaVuSans, size: 16,
                   ascent: 15, descent: 4, lineGap: 0, normal: 19),
        // 1901×32/2048 = 29.70 → 30; 483×32/2048 = 7.55 → 8. README: 38.
        NormalCase(name: "normal: DejaVu Serif 32", path: TestFonts.dejaVuSerif, size: 32,
                   ascent: 30, descent: 8, lineGap: 0, normal: 38),
        // 1854×20/2048 = 18.11 → 18; 434×20/2048 = 4.24 → 4; 67×20/2048 = 0.65 → 1. README: 23.
        NormalCase(name: "normal: Liberation Sans 20", path: TestFonts.liberationSans, size: 20,
                   ascent: 18, descent: 4, lineGap: 1, normal: 23),
        // 1854×13/2048 = 11.77 → 12; 434×13/2048 = 2.75 → 3; 67×13/2048 = 0.43 → 0. README: 15.
        NormalCase(name: "normal: Liberation Sans 13", path: TestFonts.liberationSans, size: 13,
                   ascent: 12, descent: 3, lineGap: 0, normal: 15),
        // 1825×12/2048 = 10.69 → 11; 443×12/2048 = 2.60 → 3; 87×12/2048 = 0.51 → 1. README: 15.
        NormalCase(name: "normal: Liberation Serif 12", path: TestFonts.liberationSerif, size: 12,
                   ascent: 11, descent: 3, lineGap: 1, normal: 15),
        // 1825×14/2048 = 12.48 → 12; 443×14/2048 = 3.03 → 3; 87×14/2048 = 0.59 → 1. README: 16.
        NormalCase(name: "normal: Liberation Serif 14", path: TestFonts.liberationSerif, size: 14,
                   ascent: 12, descent: 3, lineGap: 1, normal: 16),
        // 1069×10/1000 = 10.69 → 11; 293×10/1000 = 2.93 → 3. README: 14.
        NormalCase(name: "normal: Noto Sans 10", path: TestFonts.notoSans, size: 10,
                   ascent: 11, descent: 3, lineGap: 0, normal: 14),
        // 1068×18/1000 = 19.22 → 19; 292×18/1000 = 5.26 → 5. README: 24.
        NormalCase(name: "normal: Noto Sans Hebrew 18", path: TestFonts.notoSansHebrew, size: 18,
                   ascent: 19, descent: 5, lineGap: 0, normal: 24),
        // 1374×16/1000 = 21.98 → 22; 738×16/1000 = 11.81 → 12. README: 34.
        NormalCase(name: "normal: Noto Sans Arabic 16", path: TestFonts.notoSansArabic, size: 16,
                   ascent: 22, descent: 12, lineGap: 0, normal: 34),
        // 1061×24/1000 = 25.46 → 25; 450×24/1000 = 10.8 → 11. README: 36.
        NormalCase(name: "normal: Noto Sans Thai 24", path: TestFonts.notoSansThai, size: 24,
                   ascent: 25, descent: 11, lineGap: 0, normal: 36),
        // Half a px scaled in single precision (skrifa: units × f32(size / upem), issue 32, item 8):
        // 450 × f32(0.13) = 58.499996 → 58, not 58.5 → 59; 1061×130/1000 = 137.93 → 138. Chromium: 196.
        NormalCase(name: "normal: Noto Sans Thai 130 (a descent of 58.5 px in single precision)",
                   path: TestFonts.notoSansThai, size: 130, ascent: 138, descent: 58, lineGap: 0, normal: 196),
        // ...and the other way: 450×110/1000 = 49.5 is 49.5 in single precision too → 50. Chromium: 167.
        NormalCase(name: "normal: Noto Sans Thai 110 (a descent of exactly 49.5 px)",
                   path: TestFonts.notoSansThai, size: 110, ascent: 117, descent: 50, lineGap: 0, normal: 167),
        // 896×13/1000 = 11.65 → 12; 408×13/1000 = 5.30 → 5. README: 17.
        NormalCase(name: "normal: Noto Sans Devanagari 13", path: TestFonts.notoSansDevanagari, size: 13,
                   ascent: 12, descent: 5, lineGap: 0, normal: 17),
        // 896×14/1000 = 12.54 → 13; 408×14/1000 = 5.71 → 6. README: 19 (not 12.54 + 5.71 = 18.26 → 18).
        NormalCase(name: "normal: Noto Sans Devanagari 14", path: TestFonts.notoSansDevanagari, size: 14,
                   ascent: 13, descent: 6, lineGap: 0, normal: 19),
        // Fractional size: 1901×13.5/2048 = 12.53 → 13; 483×13.5/2048 = 3.18 → 3.
        NormalCase(name: "normal: DejaVu Sans at a fractional size 13.5", path: TestFonts.dejaVuSans, size: 13.5,
                   ascent: 13, descent: 3, lineGap: 0, normal: 16),
        // The fallback face: 1160×16/1000 = 18.56 → 19; 288×16/1000 = 4.61 → 5.
        NormalCase(name: "normal: Noto Sans CJK JP 16 (ttc face 0)", path: TestFonts.notoSansCJK, size: 16,
                   ascent: 19, descent: 5, lineGap: 0, normal: 24),
    ]

    @Test("font face: rounded vertical metrics and normal line height", arguments: normalCases)
    func normalLineHeight(_ testCase: NormalCase) throws {
        let face = try TestFonts.face(testCase.path, faceIndex: testCase.faceIndex)
        let rounded = face.verticalMetrics.rounded(atSize: testCase.size)
        #expect(rounded == RoundedVerticalMetrics(ascent: testCase.ascent, descent: testCase.descent,
                                                  lineGap: testCase.lineGap))
        #expect(rounded.normalLineHeight == testCase.normal)
    }

    /// DejaVu Sans' hhea table: upem 2048, ascender 1901, descender -483 (stored positive), gap 0.
    @Test("font face: raw metrics of DejaVu Sans")
    func rawMetrics() throws {
        let face = try TestFonts.face(TestFonts.dejaVuSans)
        #expect(face.verticalMetrics == VerticalMetrics(unitsPerEm: 2048, ascender: 1901, descender: 483, lineGap: 0))
        #expect(face.familyName == "DejaVu Sans")
        #expect(face.path == TestFonts.dejaVuSans)
        #expect(face.faceIndex == 0)
    }

    /// Liberation Sans 16: A 14, D 3, G 1 (0.52 → 1). Above = 14 + floor(1/2) = 14; below = 3 + 1 − 0 = 4.
    @Test("font face: the odd pixel of the line gap goes below the baseline")
    func aboveAndBelow() throws {
        let rounded = try TestFonts.face(TestFonts.liberationSans).verticalMetrics.rounded(atSize: 16)
        #expect(rounded.above == 14)
        #expect(rounded.below == 4)
        #expect(rounded.above + rounded.below == rounded.normalLineHeight)
    }

    @Test("font face: ttc face 0 is Noto Sans CJK JP")
    func collectionFace() throws {
        let face = try TestFonts.face(TestFonts.notoSansCJK, faceIndex: 0)
        #expect(face.familyName == TestFonts.Family.notoSansCJKJP)
    }

    /// Advances are FreeType's, as Skia reads them: `FT_MulDiv(a, FT_DivFix(size × 64, upem), 64)`
    /// in 16.16. "i" of Noto Sans CJK (275/1000 em) at 14 px: x_scale = 58720 (58720.256 cut),
    /// 275 × 58720 / 64 = 252312.5, rounded up: 252313, where HarfBuzz's own scaling gives 252314.
    /// In a font of 2048 units per em the two agree: "i" of DejaVu Sans (569/2048 em) at 14 px is
    /// 569 × 14 × 65536 / 2048, exactly.
    @Test("font face: advances scaled as FreeType scales them for Skia")
    func freeTypeAdvances() throws {
        let cjk = try TestFonts.face(TestFonts.notoSansCJK, faceIndex: 0)
        #expect(cjk.advanceUnits(of: 0x69, fontSize: 14) == 252_313)
        let dejaVu = try TestFonts.face(TestFonts.dejaVuSans)
        #expect(dejaVu.advanceUnits(of: 0x69, fontSize: 14) == 569 * 14 * 32)
    }

    struct GlyphCase: Sendable, CustomTestStringConvertible {
        var name: String
        var path: String
        var codePoint: UInt32
        var expected: Bool
        var testDescription: String { name }
    }

    // Coverage checked independently with `fc-list ':charset=XXXX'`.
    static let glyphCases: [GlyphCase] = [
        GlyphCase(name: "glyph: DejaVu Sans has A", path: TestFonts.dejaVuSans, codePoint: 0x41, expected: true),
        GlyphCase(name: "glyph: DejaVu Sans has Arabic alef", path: TestFonts.dejaVuSans, codePoint: 0x0627, expected: true),
        GlyphCase(name: "glyph: DejaVu Sans has Hebrew alef", path: TestFonts.dejaVuSans, codePoint: 0x05D0, expected: true),
        GlyphCase(name: "glyph: DejaVu Sans lacks 一", path: TestFonts.dejaVuSans, codePoint: 0x4E00, expected: false),
        GlyphCase(name: "glyph: DejaVu Sans lacks Thai ko kai", path: TestFonts.dejaVuSans, codePoint: 0x0E01, expected: false),
        GlyphCase(name: "glyph: DejaVu Serif lacks Hebrew alef", path: TestFonts.dejaVuSerif, codePoint: 0x05D0, expected: false),
        GlyphCase(name: "glyph: Liberation Serif has Hebrew alef", path: TestFonts.liberationSerif, codePoint: 0x05D0, expected: true),
        GlyphCase(name: "glyph: Liberation Serif lacks Arabic alef", path: TestFonts.liberationSerif, codePoint: 0x0627, expected: false),
        GlyphCase(name: "glyph: Noto Sans lacks Arabic alef", path: TestFonts.notoSans, codePoint: 0x0627, expected: false),
        GlyphCase(name: "glyph: Noto Sans CJK has 一", path: TestFonts.notoSansCJK, codePoint: 0x4E00, expected: true),
        GlyphCase(name: "glyph: Noto Sans Thai has ko kai", path: TestFonts.notoSansThai, codePoint: 0x0E01, expected: true),
        GlyphCase(name: "glyph: Noto Sans Devanagari has ka", path: TestFonts.notoSansDevanagari, codePoint: 0x0915, expected: true),
    ]

    @Test("font face: hasGlyph", arguments: glyphCases)
    func hasGlyph(_ testCase: GlyphCase) throws {
        #expect(try TestFonts.face(testCase.path).hasGlyph(testCase.codePoint) == testCase.expected)
    }

    /// DejaVu Sans: space 651 units → 651×16/2048 = 5.0859375 px; "a" 1255 → 9.8046875 px.
    @Test("font face: nominal advances are unhinted and fractional")
    func advances() throws {
        let face = try TestFonts.face(TestFonts.dejaVuSans)
        #expect(face.advance(of: 0x20, fontSize: 16) == 5.0859375)
        #expect(face.advance(of: 0x61, fontSize: 16) == 9.8046875)
        #expect(face.advance(of: 0x4E00, fontSize: 16) == 0)
    }
}

/// Fonts that cannot be used: each is an `EngineError` whose message names the path (a font error, exit 69).
@Suite("font face errors")
struct FontFaceErrorTests {
    enum Kind: String, Sendable, CaseIterable {
        case missing, directory, randomBytes, empty, truncated
    }

    struct ErrorCase: Sendable, CustomTestStringConvertible {
        var name: String
        var kind: Kind
        var testDescription: String { name }
    }

    static let cases: [ErrorCase] = [
        ErrorCase(name: "font error: missing path", kind: .missing),
        ErrorCase(name: "font error: a directory", kind: .directory),
        ErrorCase(name: "font error: random bytes", kind: .randomBytes),
        ErrorCase(name: "font error: an empty file", kind: .empty),
        ErrorCase(name: "font error: DejaVuSans.ttf cut after 1000 bytes", kind: .truncated),
    ]

    /// Makes the bad font in a fresh directory and returns its path.
    static func makeBadFont(_ kind: Kind, in directory: String) throws -> String {
        let path = directory + "/bad-font.ttf"
        switch kind {
        case .missing:
            break
        case .directory:
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        case .randomBytes:
            var generator = SystemRandomNumberGenerator()
            let bytes = (0..<4096).map { _ in UInt8.random(in: 0...255, using: &generator) }
            try Data(bytes).write(to: URL(fileURLWithPath: path))
        case .empty:
            try Data().write(to: URL(fileURLWithPath: path))
        case .truncated:
            let whole = try Data(contentsOf: URL(fileURLWithPath: TestFonts.dejaVuSans))
            try whole.prefix(1000).write(to: URL(fileURLWithPath: path))
        }
        return path
    }

    static func makeDirectory() throws -> String {
        let path = NSTemporaryDirectory() + "cellheight-fonts-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test("font face: unusable files throw a font error naming the path", arguments: cases)
    func unusableFont(_ testCase: ErrorCase) throws {
        let directory = try Self.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = try Self.makeBadFont(testCase.kind, in: directory)
        let error = #expect(throws: EngineError.self) { try FontFace(path: path) }
        guard let message = error?.description else { return }
        #expect(message.contains(path), "message does not name the path: \(message)")
    }

    /// DejaVuSans.ttf is a single face: asking for face 3 fails.
    @Test("font face: a face index beyond the file throws a font error")
    func faceIndexOutOfRange() throws {
        let error = #expect(throws: EngineError.self) { try FontFace(path: TestFonts.dejaVuSans, faceIndex: 3) }
        #expect(error == .noSuchFace(path: TestFonts.dejaVuSans, index: 3, count: 1))
        #expect(error?.description == "face 3 does not exist in \(TestFonts.dejaVuSans): the file has 1 face (#0)")
    }
}

/// Issue 16: Chromium's advances at a fractional size are those of the size Skia gives FreeType,
/// cut to 1/64 px. Widths of 200 "a" in Liberation Mono (1229/2048 em) measured in Chromium 156
/// (`getBoundingClientRect`, which rounds up to 1/64 px): at the exact size they would be
/// 2000.37 px at 16.667 and 4708.37 at 39.23.
@Suite("font size of advances")
struct AdvanceSizeTests {
    @Test("advances: the size is cut to 1/64 px",
          arguments: [(16.667, 1999.078125), (16.68, 2000.953125), (12.3, 1475.875), (39.23, 4707.03125), (16, 1920.3125)])
    func advances(size: Double, chromiumWidth: Double) throws {
        let text = String(repeating: "a", count: 200)
        let chain = try TestFonts.chromiumChain("/usr/share/fonts/truetype/liberation2/LiberationMono-Regular.ttf")
        let width = Shaper(chain: chain, fontSize: size).shape(text.utf16Units).advances.reduce(0, +)
        #expect(width <= chromiumWidth && chromiumWidth - width < 1.0 / 64)
    }
}
