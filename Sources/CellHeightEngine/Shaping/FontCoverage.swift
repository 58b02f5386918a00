import ICUBridge

extension FontFace {
    /// Whether HarfBuzz, shaping `range` of `text` with this font, can give nothing but .notdef
    /// glyphs: the font has a glyph for none of its characters, and none is one that HarfBuzz
    /// draws some other way (a space, a default-ignorable character, a character it decomposes
    /// or composes; see `icub_is_notdef_without_glyph`). Then the fallback loop knows the answer
    /// (every cluster missing) without shaping: CJK text in a Latin primary font is then shaped
    /// once, by the font that draws it, not also by the fonts before it in the chain.
    /// `coverage` answers `hasGlyph` with what was asked before.
    func drawsNothing(of text: [UInt16], _ range: Range<Int>, coverage: inout GlyphCoverageMemo) -> Bool {
        var i = range.lowerBound
        var previous: UInt32 = 0
        while i < range.upperBound {
            let (codePoint, length) = decodeUTF16(text, at: i)
            if coverage.hasGlyph(self, codePoint) || icub_is_notdef_without_glyph(codePoint, previous) == 0 { return false }
            previous = codePoint
            i += length
        }
        return true
    }
}
