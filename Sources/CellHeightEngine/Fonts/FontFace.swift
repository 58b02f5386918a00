import CFreeType
import CHarfBuzz
import Foundation

/// One face of a font file, opened with FreeType and ready for HarfBuzz shaping.
///
/// Opening reads and parses the file: create once per face and share it (shaping with it is
/// not thread-safe; use one face per thread).
public final class FontFace: @unchecked Sendable {
    /// Absolute path of the file, e.g. "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf".
    public let path: String
    /// Face index inside a collection, e.g. 0 for "NotoSansCJK-Regular.ttc#0".
    public let faceIndex: Int
    /// Family name from the font's name table, e.g. "DejaVu Sans".
    public let familyName: String
    public let verticalMetrics: VerticalMetrics

    let ftFace: FT_Face
    let hbFont: OpaquePointer

    /// HarfBuzz positions are kept in 16.16 fixed point per px, as Chromium's HarfBuzz
    /// integration does, so advances are unhinted and fractional.
    static let harfBuzzUnitsPerPixel = 65536.0

    /// The file's bytes, which FreeType reads from: they live as long as the face.
    private let file: FontFileData

    /// Opens face `faceIndex` of the font file at `path`.
    public init(path: String, faceIndex: Int = 0) throws {
        let file = try FontRegistry.shared.fileData(path: path)
        guard let library = FreeTypeLibrary.shared else {
            throw EngineError.freeTypeUnavailable
        }
        var face: FT_Face?
        FreeTypeLibrary.lock.lock()
        let status = FT_New_Memory_Face(library, file.bytes.baseAddress!.assumingMemoryBound(to: FT_Byte.self),
                                        FT_Long(file.bytes.count), FT_Long(faceIndex), &face)
        FreeTypeLibrary.lock.unlock()
        guard status == 0, let face else {
            if faceIndex > 0, let count = FontFace.faceCount(file, library: library), faceIndex >= count {
                throw EngineError.noSuchFace(path: path, index: faceIndex, count: count)
            }
            throw EngineError.unusableFont(path: path, status: Int32(status))
        }
        guard (face.pointee.face_flags & FT_Long(FT_FACE_FLAG_SCALABLE)) != 0 else {
            FontFace.closeFace(face)
            throw EngineError.bitmapOnlyFont(path: path)
        }
        guard face.pointee.units_per_EM > 0 else {
            FontFace.closeFace(face)
            throw EngineError.noUnitsPerEm(path: path)
        }
        self.file = file
        self.path = path
        self.faceIndex = faceIndex
        self.ftFace = face
        self.familyName = face.pointee.family_name.map { String(cString: $0) } ?? URL(fileURLWithPath: path).lastPathComponent
        self.verticalMetrics = FontFace.readVerticalMetrics(face)
        let hbFace = hb_ft_face_create_referenced(face)
        // HarfBuzz's own font at its default scale (units per em) reads the design advances; the
        // font shaped with is its sub-font, whose advances are scaled as Skia's are (see
        // `skiaAdvanceFuncs`), and all else (glyphs, extents, GPOS) as HarfBuzz scales it.
        let designFont = hb_font_create(hbFace)!
        hb_face_destroy(hbFace)
        let font = hb_font_create_sub_font(designFont)!
        hb_font_destroy(designFont)
        hb_font_set_funcs(font, FontFace.skiaAdvanceFuncs, nil, nil)
        self.hbFont = font
    }

    /// Glyph advances as Chromium's HarfBuzz gets them from Skia, which reads them from FreeType
    /// (SkScalerContext_FreeType, unhinted: `linearHoriAdvance`): FreeType scales a design advance
    /// `a` by `FT_MulDiv(a, x_scale, 64)` with `x_scale = FT_DivFix(size in 1/64 px, units per em)`
    /// (ft_recompute_scaled_metrics, FT_Load_Glyph), both rounded, in 16.16. For fonts of 2048 units
    /// per em that is HarfBuzz's own scaling; for 1000 (Noto, CJK fonts) `x_scale` loses a little,
    /// and a line of "in $Alexandra)" in Noto Sans CJK JP at 14 px is 93.01561 px, not 93.01598
    /// (which would not fit a 93 px box with Blink's one LayoutUnit of slack: issue 32, item 10).
    static let skiaAdvanceFuncs: OpaquePointer = {
        let funcs = hb_font_funcs_create()!
        hb_font_funcs_set_glyph_h_advances_func(funcs, { font, _, count, firstGlyph, glyphStride, firstAdvance,
                                                          advanceStride, _ in
            guard let font, let parent = hb_font_get_parent(font), let firstGlyph, let firstAdvance else { return }
            hb_font_get_glyph_h_advances(parent, count, firstGlyph, glyphStride, firstAdvance, advanceStride)
            var x: Int32 = 0, y: Int32 = 0
            hb_font_get_scale(font, &x, &y)
            let unitsPerEm = Int64(hb_face_get_upem(hb_font_get_face(font)))
            // The scale is the size in 16.16 px, a whole number of 1/64 px (`setSize`).
            let size26Dot6 = (Int64(x) + 512) >> 10
            let xScale = ((size26Dot6 << 16) + unitsPerEm / 2) / unitsPerEm
            var advance = UnsafeMutableRawPointer(firstAdvance)
            for _ in 0..<Int(count) {
                let design = Int64(advance.load(as: hb_position_t.self))
                let scaled = (abs(design) * xScale + 32) >> 6
                advance.storeBytes(of: hb_position_t(design < 0 ? -scaled : scaled), as: hb_position_t.self)
                advance += Int(advanceStride)
            }
        }, nil, nil)
        hb_font_funcs_make_immutable(funcs)
        return funcs
    }()

    /// How many faces the file holds (FreeType reports it when asked for face -1); nil when it is
    /// not a font file at all.
    private static func faceCount(_ file: FontFileData, library: FT_Library) -> Int? {
        var face: FT_Face?
        FreeTypeLibrary.lock.lock()
        defer { FreeTypeLibrary.lock.unlock() }
        guard FT_New_Memory_Face(library, file.bytes.baseAddress!.assumingMemoryBound(to: FT_Byte.self),
                                 FT_Long(file.bytes.count), -1, &face) == 0, let face else { return nil }
        defer { FT_Done_Face(face) }
        return Int(face.pointee.num_faces)
    }

    /// How the font collapses fullwidth punctuation; nil when it has no `halt` feature.
    lazy var hanKerning: HanKerning.FontData? = HanKerning.FontData(font: hbFont)

    deinit {
        // Destroying the HarfBuzz font releases its reference to the FreeType face: both touch
        // the shared FT_Library, so both happen under its lock.
        FreeTypeLibrary.lock.lock()
        hb_font_destroy(hbFont)
        FT_Done_Face(ftFace)
        FreeTypeLibrary.lock.unlock()
    }

    private static func closeFace(_ face: FT_Face) {
        FreeTypeLibrary.lock.lock()
        FT_Done_Face(face)
        FreeTypeLibrary.lock.unlock()
    }

    /// True when the font maps `codePoint` to a real glyph (not .notdef).
    public func hasGlyph(_ codePoint: UInt32) -> Bool {
        FT_Get_Char_Index(ftFace, FT_ULong(codePoint)) != 0
    }

    /// Sets the HarfBuzz scale for `fontSize` px, at the size Chromium's advances follow
    /// (`VerticalMetrics.freeTypeSize`: Skia gives FreeType the size in 1/64 px, cut towards
    /// zero; whole and 1/64 sizes are unchanged). Idempotent and cheap.
    func setSize(_ fontSize: Double) {
        let scale = Int32((VerticalMetrics.freeTypeSize(fontSize) * FontFace.harfBuzzUnitsPerPixel).rounded())
        var x: Int32 = 0, y: Int32 = 0
        hb_font_get_scale(hbFont, &x, &y)
        if x != scale { hb_font_set_scale(hbFont, scale, scale) }
    }

    /// Horizontal advance in px of the glyph the font maps `codePoint` to (0 when unmapped).
    public func advance(of codePoint: UInt32, fontSize: Double) -> Double {
        Double(advanceUnits(of: codePoint, fontSize: fontSize)) / FontFace.harfBuzzUnitsPerPixel
    }

    /// `advance(of:fontSize:)` in HarfBuzz's units of 1/65536 px.
    func advanceUnits(of codePoint: UInt32, fontSize: Double) -> Int {
        setSize(fontSize)
        var glyph: hb_codepoint_t = 0
        guard hb_font_get_nominal_glyph(hbFont, codePoint, &glyph) != 0 else { return 0 }
        return Int(hb_font_get_glyph_h_advance(hbFont, glyph))
    }

    /// `px` (a sum of HarfBuzz's advances) in HarfBuzz's units of 1/65536 px: exact.
    static func harfBuzzUnits(_ px: Double) -> Int { Int(px * harfBuzzUnitsPerPixel) }

    private static func readVerticalMetrics(_ face: FT_Face) -> VerticalMetrics {
        let unitsPerEm = Double(face.pointee.units_per_EM)
        let useTypoMetricsBit: UInt16 = 1 << 7
        if let os2 = FT_Get_Sfnt_Table(face, FT_SFNT_OS2)?.assumingMemoryBound(to: TT_OS2.self),
           os2.pointee.version != 0xFFFF, (os2.pointee.fsSelection & useTypoMetricsBit) != 0 {
            return VerticalMetrics(unitsPerEm: unitsPerEm,
                                   ascender: Double(os2.pointee.sTypoAscender),
                                   descender: -Double(os2.pointee.sTypoDescender),
                                   lineGap: Double(os2.pointee.sTypoLineGap))
        }
        if let hhea = FT_Get_Sfnt_Table(face, FT_SFNT_HHEA)?.assumingMemoryBound(to: TT_HoriHeader.self) {
            return VerticalMetrics(unitsPerEm: unitsPerEm,
                                   ascender: Double(hhea.pointee.Ascender),
                                   descender: -Double(hhea.pointee.Descender),
                                   lineGap: Double(hhea.pointee.Line_Gap))
        }
        // Not an sfnt (for example a Type 1 font): FreeType's own global metrics.
        let ascender = Double(face.pointee.ascender)
        let descender = -Double(face.pointee.descender)
        return VerticalMetrics(unitsPerEm: unitsPerEm, ascender: ascender, descender: descender,
                               lineGap: max(0, Double(face.pointee.height) - ascender - descender))
    }
}
