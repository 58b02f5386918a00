import ICUBridge

extension FontFace {
    /// Whether HarfBuzz, shaping `range` of `text` with this font, can give nothing but .notdef
    /// glyphs: the font has a glyph for none of its characters, nor for any character HarfBuzz
    /// would take instead of one (the parts of its decompositions, what it composes into with the
    /// character before; see `icub_notdef_unless`), and none is one HarfBuzz draws or hides some
    /// other way (a space, a default-ignorable character). Then the fallback loop knows the
    /// answer (every cluster missing) without shaping: CJK text in a Latin primary font is then
    /// shaped once, by the font that draws it, not also by the fonts before it in the chain; and
    /// Tamil, Thai or Devanagari text with letters that decompose ("ொ", "ำ", "क़") is not shaped
    /// by Chromium's standard font first (Liberation Serif: 18,600 calls to HarfBuzz on the 200k
    /// multilingual rows that drew nothing).
    /// `coverage` answers `hasGlyph` with what was asked before.
    func drawsNothing(of text: [UInt16], _ range: Range<Int>, coverage: inout GlyphCoverageMemo) -> Bool {
        var i = range.lowerBound
        var previous: UInt32 = 0
        return withUnsafeTemporaryAllocation(of: UInt32.self, capacity: Self.otherCharactersLimit) { others in
            while i < range.upperBound {
                let (codePoint, length) = decodeUTF16(text, at: i)
                if coverage.hasGlyph(self, codePoint) { return false }
                let count = Int(icub_notdef_unless(codePoint, previous, others.baseAddress!,
                                                   Int32(Self.otherCharactersLimit)))
                if count < 0 { return false }
                for k in 0..<count where coverage.hasGlyph(self, others[k]) { return false }
                previous = codePoint
                i += length
            }
            return true
        }
    }

    /// Room for the characters HarfBuzz may take instead of one (a Hangul syllable's jamo, a
    /// ligature's letters: `U+FDFA` has 18 parts, and is then left to shaping).
    private static let otherCharactersLimit = 16
}
