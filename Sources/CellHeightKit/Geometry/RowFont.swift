import CellHeightEngine

/// The font a row was laid out in when it is not the run's: a rule's or the row's own font, size or
/// line height (`RowSettings`). Reports that draw rows (`html`, `svg`) draw such a row, and let the
/// browser lay it out, in this font rather than the run's.
package struct RowFont: Hashable, Sendable {
    /// Path of the primary font file, e.g. "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf".
    package var fontPath: String
    /// Face index inside a collection, 0 for plain font files.
    package var fontFaceIndex: Int
    /// Family name of the primary font, e.g. "DejaVu Serif".
    package var fontFamily: String
    /// Font size in px.
    package var fontSize: Double
    package var lineHeight: LineHeight

    package init(fontPath: String, fontFaceIndex: Int, fontFamily: String, fontSize: Double, lineHeight: LineHeight) {
        self.fontPath = fontPath
        self.fontFaceIndex = fontFaceIndex
        self.fontFamily = fontFamily
        self.fontSize = fontSize
        self.lineHeight = lineHeight
    }

    /// The font an engine lays text out in.
    init(_ engine: TextLayoutEngine) {
        let primary = engine.chain.primary
        self.init(fontPath: primary.path, fontFaceIndex: primary.faceIndex, fontFamily: primary.familyName,
                  fontSize: engine.fontSize, lineHeight: engine.lineHeight)
    }
}
