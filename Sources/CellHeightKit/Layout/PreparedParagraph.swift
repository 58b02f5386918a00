/// A paragraph (text between forced breaks) with everything width-independent worked out once:
/// shaped advances, break opportunities and grapheme boundaries. Wrapping it at a width is
/// arithmetic over these arrays (see `LineWrapper`).
struct PreparedParagraph {
    /// UTF-16 offset of the paragraph inside the row's text, e.g. 24 for the second paragraph.
    var start: Int
    /// The paragraph's UTF-16 code units, without its "\n".
    var units: [UInt16]
    /// Whether the paragraph ends with a forced break ("\n") that belongs to its last line.
    var endsWithNewline: Bool
    /// x offset in px of each code unit from the paragraph start; `offsets.count == units.count + 1`,
    /// e.g. [0, 9.62, 9.62, 14.65] (tabs count as 0 here: their width depends on the line).
    var prefixWidths: [Double]
    /// Break opportunities, ascending, excluding 0 and the end.
    var breaks: [BreakOpportunity]
    /// True at offset i (0...count) when a grapheme cluster starts there (the end counts too).
    var graphemeBoundaries: [Bool]
    /// Index into `fonts` of the font of each code unit.
    var fontIndices: [UInt8]
    /// The fonts the paragraph uses, primary first.
    var fonts: [FontFace]
    /// How much wider a line gets when its content ends at each offset, 0...count (see ShapedParagraph).
    var lineEndAdjustments: [Double]
    /// Width corrections of a cut at each offset (0...count) inside a ligature where a line may be
    /// cut, zero elsewhere; empty when the paragraph has no such ligature (usually).
    var ligatureSplits: [LigatureSplit]
    /// Whether the paragraph holds a tab (then widths are walked, not subtracted).
    var hasTabs: Bool
}

extension PreparedParagraph {
    var count: Int { units.count }

    /// Spaces and tabs hang at a line end, and so does U+3000 IDEOGRAPHIC SPACE (a line of
    /// Chromium's ends "ди\u{3000}\u{3000}" where the two would not fit).
    @inline(__always)
    func isHangingSpace(_ i: Int) -> Bool { ChromiumLineBreaker.isBreakableSpace(units[i]) || units[i] == 0x3000 }
}
