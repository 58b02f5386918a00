/// A paragraph (text between forced breaks), or a piece of a long one, shaped once, as arrays
/// indexed by UTF-16 offset from `start`.
///
/// Layout at any width is arithmetic over these arrays; no shaping happens after this.
struct ShapedParagraph {
    /// Offset in the paragraph of the first entry: 0 unless this is a piece of a long paragraph
    /// (see `Shaper.shapeInPieces`).
    var start = 0
    /// Advance in px of the cluster that starts at each offset, 0 inside a cluster,
    /// e.g. [9.62, 0, 5.03, ...] for "é" (2 units) then "t".
    var advances: [Double]
    /// Index into `fonts` of the font that drew the cluster at each offset.
    var fontIndices: [UInt8]
    /// The fonts used, primary first.
    var fonts: [FontFace]
    /// True at offset i when i starts a cluster (a place a line may be cut without splitting glyphs).
    var clusterStarts: [Bool]
    /// How much wider (or, if negative, narrower) a line gets when its content ends at an offset
    /// (0...count, from `start`), e.g. [2: 0.41, 17: -7.0]: a fullwidth closing bracket set half-width at a line
    /// end, or a kerning pair that the break splits. Only the offsets that have one (almost none,
    /// so a long paragraph pays nothing per character for them).
    var lineEndAdjustments: [Int: Double] = [:]
}
