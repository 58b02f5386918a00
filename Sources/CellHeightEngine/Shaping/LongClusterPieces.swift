import CHarfBuzz

/// Where a range is cut before shaping so that a very long cluster is shaped in pieces.
///
/// HarfBuzz 6.0 takes quadratic time over one cluster of many combining marks (each mark looks
/// back over all the marks before it for its base): 0.19 s for 10^4 marks, 15 s for 10^5; and
/// over a Devanagari letter followed by many zero width joiners (7 s for 4 x 10^4). A run of more
/// than `maximumMarks` such characters (nonspacing and enclosing marks, General_Category Mn and
/// Me, and U+200C/U+200D) is therefore cut after every `maximumMarks` of them; each piece is
/// shaped alone and its advances are added to the cluster it continues (see
/// `Shaper.shapeClusters`). These characters have no advance of their own in the fonts we know
/// (HarfBuzz zeroes marks and hides joiners), so the sum equals shaping the cluster whole. Real
/// text never has such runs (real stacks are a handful of marks), so its shaping is unchanged.
enum LongClusterPieces {
    /// Marks per piece, e.g. 64.
    static let maximumMarks = 64

    /// The pieces of `range` of `text`, in logical order: `[range]` itself unless it holds a run
    /// of more than `maximumMarks` marks or joiners; every later piece starts inside such a run.
    static func pieces(of text: [UInt16], range: Range<Int>) -> [Range<Int>] {
        let unicode = hb_unicode_funcs_get_default()
        var pieces: [Range<Int>] = []
        var pieceStart = range.lowerBound
        var marksInRun = 0
        var i = range.lowerBound
        while i < range.upperBound {
            // Nothing below U+0300 is a mark: skip the category lookup for most text.
            guard text[i] >= 0x300 else {
                marksInRun = 0
                i += 1
                continue
            }
            let (codePoint, length) = decodeUTF16(text, at: i)
            if codePoint == 0x200C || codePoint == 0x200D
                || isZeroAdvanceMark(hb_unicode_general_category(unicode, codePoint)) {
                if marksInRun > 0 && marksInRun % maximumMarks == 0 {
                    pieces.append(pieceStart..<i)
                    pieceStart = i
                }
                marksInRun += 1
            } else {
                marksInRun = 0
            }
            i += length
        }
        pieces.append(pieceStart..<range.upperBound)
        return pieces
    }

    private static func isZeroAdvanceMark(_ category: hb_unicode_general_category_t) -> Bool {
        category == HB_UNICODE_GENERAL_CATEGORY_NON_SPACING_MARK
            || category == HB_UNICODE_GENERAL_CATEGORY_ENCLOSING_MARK
    }
}
