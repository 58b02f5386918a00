#ifndef CELLHEIGHT_ICU_BRIDGE_H
#define CELLHEIGHT_ICU_BRIDGE_H

// A plain-C view of the few ICU services cellheight needs. Only stdint types cross this
// boundary: ICU's own headers cannot be imported into Swift next to Foundation.

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Kind of boundary an iterator finds.
typedef enum {
    ICUB_LINE = 0,      ///< UAX #14 line break opportunities
    ICUB_GRAPHEME = 1,  ///< UAX #29 extended grapheme cluster boundaries
} icub_kind;

/// An opaque ICU break iterator. Create once, reuse for many texts (not thread-safe).
typedef struct icub_iterator icub_iterator;

/// Opens an iterator of `kind` for `locale` (e.g. "en", "en@lb=normal").
/// Returns NULL on failure and writes ICU's error name to `error` (at most `error_capacity` bytes).
icub_iterator *icub_open(icub_kind kind, const char *locale, char *error, int32_t error_capacity);

void icub_close(icub_iterator *iterator);

/// Walking a long text's boundaries in pieces: `icub_attach` sets the text (which must stay valid
/// until `icub_detach`; returns -1 when ICU fails), then each `icub_next_boundaries` writes the
/// next ones after offset 0 (ascending, the last one equal to `length`), at most `capacity`, and
/// returns how many (0 once all were written).
int32_t icub_attach(icub_iterator *iterator, const uint16_t *text, int32_t length);
int32_t icub_next_boundaries(icub_iterator *iterator, int32_t *out, int32_t capacity);
void icub_detach(icub_iterator *iterator);

/// The Unicode Line_Break property value of a code point (ICU's ULineBreak numbering).
int32_t icub_line_break_class(uint32_t code_point);

/// The East_Asian_Width property value of a code point (ICU's UEastAsianWidth numbering).
int32_t icub_east_asian_width(uint32_t code_point);

/// The General_Category of a code point (ICU's UCharCategory numbering, e.g. 20 for Ps).
int32_t icub_general_category(uint32_t code_point);

/// 1 when a code point is a mark (General_Category Mn, Mc or Me), a format character (Cf) or
/// Grapheme_Extend (variation selectors, some joiners); else 0. One ICU lookup each, for tables
/// of the whole BMP built at start.
int icub_is_mark_format_or_extend(uint32_t code_point);

/// The Grapheme_Cluster_Break property value of a code point (ICU's UGraphemeClusterBreak numbering).
int32_t icub_grapheme_cluster_break(uint32_t code_point);

/// 1 when a code point is Extended_Pictographic (UAX #29's GB11 reads it); else 0.
int icub_is_extended_pictographic(uint32_t code_point);

/// The ranges of code points with a canonical decomposition (Decomposition_Type=Canonical), as
/// first and last code point pairs in `ranges` (room for `capacity` ranges, 2 values each): how
/// many there are (more than `capacity` when they did not all fit), or -1 when ICU cannot say.
int32_t icub_canonical_decomposition_ranges(uint32_t *ranges, int32_t capacity);

/// What a font without a glyph for `code_point` may still draw of it in HarfBuzz: -1 when
/// HarfBuzz may draw or hide it some other way (a space, format, control, private-use or
/// default-ignorable character, or one whose decomposition holds one); else the number of code
/// points written to `others` (room for `capacity`) whose glyph HarfBuzz would take instead: every
/// part of its canonical and compatibility decompositions, each part's again, and what it composes
/// into with `previous` (0: none). 0 when none: without its glyph it can only be .notdef (-1 when
/// they do not fit).
int32_t icub_notdef_unless(uint32_t code_point, uint32_t previous, uint32_t *others, int32_t capacity);

/// Whether a code point is in the CJK Symbols and Punctuation block (U+3000..U+303F).
int32_t icub_is_in_cjk_symbols_block(uint32_t code_point);

/// The ICU property values cellheight tests for (ICUBridge.c checks them against ICU's enums).
enum {
    // Line_Break (ULineBreak)
    ICUB_LB_CL = 8, ICUB_LB_CM = 9, ICUB_LB_EX = 11, ICUB_LB_GL = 12, ICUB_LB_IS = 16,
    ICUB_LB_OP = 20, ICUB_LB_QU = 23, ICUB_LB_SY = 27, ICUB_LB_ZW = 28, ICUB_LB_WJ = 30,
    ICUB_LB_CP = 36, ICUB_LB_ZWJ = 42, ICUB_LB_BA = 4, ICUB_LB_HY = 13, ICUB_LB_HL = 38,
    ICUB_LB_AL = 2, ICUB_LB_BK = 6, ICUB_LB_CB = 7, ICUB_LB_CR = 10, ICUB_LB_LF = 17, ICUB_LB_NL = 29,
    ICUB_LB_SP = 26, ICUB_LB_ID = 14, ICUB_LB_AI = 1, ICUB_LB_B2 = 3, ICUB_LB_IN = 15, ICUB_LB_NU = 19,
    // General_Category (UCharCategory)
    ICUB_GC_PS = 20, ICUB_GC_PE = 21, ICUB_GC_PI = 28, ICUB_GC_PF = 29,
    ICUB_GC_LU = 1, ICUB_GC_LO = 5, ICUB_GC_PO = 23, ICUB_GC_SM = 24, ICUB_GC_SO = 27,
    ICUB_GC_ZS = 12, ICUB_GC_PD = 19, ICUB_GC_MN = 6, ICUB_GC_ME = 7, ICUB_GC_MC = 8, ICUB_GC_ND = 9,
    // Grapheme_Cluster_Break (UGraphemeClusterBreak)
    ICUB_GCB_OTHER = 0, ICUB_GCB_CONTROL = 1, ICUB_GCB_EXTEND = 3, ICUB_GCB_LV = 6, ICUB_GCB_LVT = 7,
    ICUB_GCB_SPACING_MARK = 10, ICUB_GCB_ZWJ = 17,
    // East_Asian_Width (UEastAsianWidth)
    ICUB_EA_HALFWIDTH = 2, ICUB_EA_FULLWIDTH = 3, ICUB_EA_WIDE = 5,
};

/// ICU's version, e.g. "72.1".
const char *icub_version(void);

/// The Unicode version ICU's data follows, e.g. "15.0".
const char *icub_unicode_version(void);

/// Converts `length` bytes in the charset `charset` (an IANA or ICU name, e.g. "EUC-JP",
/// "ISO-8859-2") to UTF-16 in `out`. Returns the number of UTF-16 units written (which may exceed
/// `capacity`: then call again with more room), -1 when ICU does not know the charset, -2 when the
/// bytes are not valid in it (no substitution is made).
int32_t icub_convert_to_utf16(const char *charset, const char *bytes, int32_t length,
                              uint16_t *out, int32_t capacity);

/// The BCP 47 form of the language tag `tag` (e.g. "pt-BR", "sr-Latn"), canonicalized by ICU
/// (deprecated codes replaced: "iw" -> "he") and, with `maximize`, with its likely subtags added
/// ("zh-TW" -> "zh-Hant-TW"). Writes a NUL-terminated tag to `out`; returns its length, or -1.
int32_t icub_language_tag(const char *tag, int maximize, char *out, int32_t capacity);

/// Whether ICU has a converter for `charset`.
int icub_charset_is_known(const char *charset);

#ifdef __cplusplus
}
#endif

#endif
