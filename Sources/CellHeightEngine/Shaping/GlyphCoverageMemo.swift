/// Which characters of the Basic Multilingual Plane each font has a glyph for, as one shaper has
/// asked: the fallback loop asks every font it tries about every character of the text still
/// without a font (`FontFace.drawsNothing`), and FreeType's cmap lookup took a few percent of a
/// multilingual run. An answer is two bits' worth (unknown, no, yes) in a table of 64 Ki bytes per
/// font met, filled as asked; characters beyond the BMP go to FreeType each time. Not
/// thread-safe: one per shaper.
struct GlyphCoverageMemo {
    private var faces: [FontFace] = []
    /// Per face of `faces`: 0 not asked yet, 1 no glyph, 2 a glyph.
    private var answers: [[UInt8]] = []

    /// Whether `face` has a glyph for `codePoint` (`FontFace.hasGlyph`).
    mutating func hasGlyph(_ face: FontFace, _ codePoint: UInt32) -> Bool {
        guard codePoint <= 0xFFFF else { return face.hasGlyph(codePoint) }
        let index: Int
        if let known = faces.firstIndex(where: { $0 === face }) {
            index = known
        } else {
            faces.append(face)
            answers.append([UInt8](repeating: 0, count: 0x10000))
            index = faces.count - 1
        }
        let known = answers[index][Int(codePoint)]
        if known != 0 { return known == 2 }
        let has = face.hasGlyph(codePoint)
        answers[index][Int(codePoint)] = has ? 2 : 1
        return has
    }
}
