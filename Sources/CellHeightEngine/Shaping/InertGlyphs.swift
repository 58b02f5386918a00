import CHarfBuzz

/// The glyphs of a font that nothing HarfBuzz does for text of one script reaches, so that text
/// on each side of one of them shapes as it would alone: no lookup Chromium's features apply
/// for the script (and `halt`, which it turns on at some CJK punctuation) names the glyph in its
/// input, context or output, none skips base glyphs or ligatures (it could match across a glyph
/// it does not name), the glyph is no mark, and HarfBuzz moves glyphs by those lookups alone
/// (`positionsBeyondLookups`: no AAT table, no legacy `kern` table it applies to the script).
///
/// A lookup whose match spans two neighbouring glyphs matches both (or skips one by its flags),
/// so where one of them is inert, nothing joins the text before it to the text after: the word
/// records take the parts of a word written without spaces between two ideographs as words of
/// their own (see `WordRecords.joins`). In Noto Sans CJK the ideographs are inert; kana are
/// not (its `kern` feature pairs them: they part where a pair meets apart, see `KanaSplits`), nor
/// is Noto Serif Tibetan's tsheg (pairs and a chaining context read it).
final class InertGlyphs {
    /// The glyphs some lookup names; nil when no glyph is inert.
    private let named: OpaquePointer?
    private let face: OpaquePointer?

    init(font: FontFace, script: hb_script_t) {
        face = hb_font_get_face(font.hbFont)
        guard let face, !positionsBeyondLookups(face, script: script) else {
            named = nil
            return
        }
        guard let lookups = lookupsReachingNeighbours(face, script: script, extraFeatures: ["halt"]) else {
            named = nil
            return
        }
        let named = hb_set_create()!
        for (_, read) in lookups {
            for set in [read.before, read.input, read.after, read.output] { hb_set_union(named, set) }
            read.destroy()
        }
        self.named = named
    }

    deinit {
        if let named { hb_set_destroy(named) }
    }

    /// Whether `glyph` is inert.
    func contains(_ glyph: hb_codepoint_t) -> Bool {
        guard let named, let face else { return false }
        return hb_set_has(named, glyph) == 0
            && hb_ot_layout_get_glyph_class(face, glyph) != HB_OT_LAYOUT_GLYPH_CLASS_MARK
    }
}
