#include "ICUBridge.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unicode/ubrk.h>
#include <unicode/uchar.h>
#include <unicode/uversion.h>
#include <unicode/ucnv.h>
#include <unicode/uloc.h>
#include <unicode/ucnv_err.h>
#include <unicode/unorm2.h>
#include <unicode/uset.h>
#include <unicode/utf16.h>

struct icub_iterator {
    UBreakIterator *ubrk;
};

icub_iterator *icub_open(icub_kind kind, const char *locale, char *error, int32_t error_capacity) {
    UErrorCode status = U_ZERO_ERROR;
    UBreakIteratorType type = kind == ICUB_LINE ? UBRK_LINE : UBRK_CHARACTER;
    UBreakIterator *ubrk = ubrk_open(type, locale, NULL, 0, &status);
    if (U_FAILURE(status) || ubrk == NULL) {
        if (error && error_capacity > 0) {
            snprintf(error, (size_t)error_capacity, "%s", u_errorName(status));
        }
        return NULL;
    }
    icub_iterator *iterator = (icub_iterator *)malloc(sizeof(icub_iterator));
    if (iterator == NULL) {
        ubrk_close(ubrk);
        return NULL;
    }
    iterator->ubrk = ubrk;
    return iterator;
}

void icub_close(icub_iterator *iterator) {
    if (iterator == NULL) return;
    ubrk_close(iterator->ubrk);
    free(iterator);
}

int32_t icub_attach(icub_iterator *iterator, const uint16_t *text, int32_t length) {
    UErrorCode status = U_ZERO_ERROR;
    ubrk_setText(iterator->ubrk, (const UChar *)text, length, &status);
    if (U_FAILURE(status)) return -1;
    ubrk_first(iterator->ubrk);
    return 0;
}

int32_t icub_next_boundaries(icub_iterator *iterator, int32_t *out, int32_t capacity) {
    int32_t count = 0;
    while (count < capacity) {
        int32_t offset = ubrk_next(iterator->ubrk);
        if (offset == UBRK_DONE) break;
        out[count++] = offset;
    }
    return count;
}

void icub_detach(icub_iterator *iterator) {
    UErrorCode status = U_ZERO_ERROR;
    ubrk_setText(iterator->ubrk, (const UChar *)u"", 0, &status);
}

int32_t icub_line_break_class(uint32_t code_point) {
    return u_getIntPropertyValue((UChar32)code_point, UCHAR_LINE_BREAK);
}

int32_t icub_east_asian_width(uint32_t code_point) {
    return u_getIntPropertyValue((UChar32)code_point, UCHAR_EAST_ASIAN_WIDTH);
}

int32_t icub_general_category(uint32_t code_point) {
    return (int32_t)u_charType((UChar32)code_point);
}

int icub_is_mark_format_or_extend(uint32_t code_point) {
    UChar32 c = (UChar32)code_point;
    switch (u_charType(c)) {
    case U_NON_SPACING_MARK: case U_ENCLOSING_MARK: case U_COMBINING_SPACING_MARK: case U_FORMAT_CHAR: return 1;
    default: return u_hasBinaryProperty(c, UCHAR_GRAPHEME_EXTEND) ? 1 : 0;
    }
}

int32_t icub_grapheme_cluster_break(uint32_t code_point) {
    return u_getIntPropertyValue((UChar32)code_point, UCHAR_GRAPHEME_CLUSTER_BREAK);
}

int icub_is_extended_pictographic(uint32_t code_point) {
    return u_hasBinaryProperty((UChar32)code_point, UCHAR_EXTENDED_PICTOGRAPHIC) ? 1 : 0;
}

int32_t icub_canonical_decomposition_ranges(uint32_t *ranges, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    USet *set = uset_openEmpty();
    if (set == NULL) {
        return -1;
    }
    uset_applyIntPropertyValue(set, UCHAR_DECOMPOSITION_TYPE, U_DT_CANONICAL, &status);
    if (U_FAILURE(status)) {
        uset_close(set);
        return -1;
    }
    int32_t count = uset_getRangeCount(set);
    for (int32_t i = 0; i < count && i < capacity; i++) {
        UChar32 start = 0, end = 0;
        UErrorCode item_status = U_ZERO_ERROR;
        uset_getItem(set, i, &start, &end, NULL, 0, &item_status);
        if (U_FAILURE(item_status)) {
            uset_close(set);
            return -1;
        }
        ranges[2 * i] = (uint32_t)start;
        ranges[2 * i + 1] = (uint32_t)end;
    }
    uset_close(set);
    return count;
}

/// Appends the code points of `c`'s raw decompositions (canonical and compatibility, each part
/// again, so that every intermediate form is listed) to `others`; false when they do not fit.
static int add_decomposition_parts(UChar32 c, uint32_t *others, int32_t capacity, int32_t *count, int depth) {
    UErrorCode status = U_ZERO_ERROR;
    const UNormalizer2 *nfkd = unorm2_getNFKDInstance(&status);
    if (U_FAILURE(status) || depth > 8) return 0;
    UChar mapping[32];
    int32_t length = unorm2_getRawDecomposition(nfkd, c, mapping, 32, &status);
    if (U_FAILURE(status)) return 0;
    for (int32_t i = 0; i < length;) {
        UChar32 part;
        U16_NEXT(mapping, i, length, part);
        if (*count >= capacity) return 0;
        others[(*count)++] = (uint32_t)part;
        if (!add_decomposition_parts(part, others, capacity, count, depth + 1)) return 0;
    }
    return 1;
}

/// Whether HarfBuzz draws or hides `c` some way other than its glyph or its parts' glyphs.
static int is_drawn_otherwise(UChar32 c) {
    switch (u_charType(c)) {
    case U_SPACE_SEPARATOR: case U_LINE_SEPARATOR: case U_PARAGRAPH_SEPARATOR: case U_FORMAT_CHAR:
    case U_CONTROL_CHAR: case U_PRIVATE_USE_CHAR: case U_SURROGATE: case U_UNASSIGNED:
        return 1;
    default:
        return u_hasBinaryProperty(c, UCHAR_DEFAULT_IGNORABLE_CODE_POINT);
    }
}

int32_t icub_notdef_unless(uint32_t code_point, uint32_t previous, uint32_t *others, int32_t capacity) {
    UChar32 c = (UChar32)code_point;
    if (is_drawn_otherwise(c)) return -1;
    int32_t count = 0;
    if (u_getIntPropertyValue(c, UCHAR_DECOMPOSITION_TYPE) != U_DT_NONE) {
        if (!add_decomposition_parts(c, others, capacity, &count, 0)) return -1;
        for (int32_t i = 0; i < count; i++) {
            if (is_drawn_otherwise((UChar32)others[i])) return -1;
        }
    }
    if (previous != 0) {
        UErrorCode status = U_ZERO_ERROR;
        const UNormalizer2 *nfc = unorm2_getNFCInstance(&status);
        if (U_FAILURE(status)) return -1;
        UChar32 composed = unorm2_composePair(nfc, (UChar32)previous, c);
        if (composed >= 0) {
            if (count >= capacity) return -1;
            others[count++] = (uint32_t)composed;
        }
    }
    return count;
}

int32_t icub_is_in_cjk_symbols_block(uint32_t code_point) {
    return ublock_getCode((UChar32)code_point) == UBLOCK_CJK_SYMBOLS_AND_PUNCTUATION;
}

_Static_assert(ICUB_LB_CL == U_LB_CLOSE_PUNCTUATION && ICUB_LB_CM == U_LB_COMBINING_MARK
               && ICUB_LB_EX == U_LB_EXCLAMATION && ICUB_LB_GL == U_LB_GLUE && ICUB_LB_IS == U_LB_INFIX_NUMERIC
               && ICUB_LB_OP == U_LB_OPEN_PUNCTUATION && ICUB_LB_QU == U_LB_QUOTATION
               && ICUB_LB_SY == U_LB_BREAK_SYMBOLS && ICUB_LB_ZW == U_LB_ZWSPACE && ICUB_LB_WJ == U_LB_WORD_JOINER
               && ICUB_LB_CP == U_LB_CLOSE_PARENTHESIS && ICUB_LB_ZWJ == U_LB_ZWJ
               && ICUB_LB_BA == U_LB_BREAK_AFTER && ICUB_LB_HY == U_LB_HYPHEN && ICUB_LB_HL == U_LB_HEBREW_LETTER
               && ICUB_LB_AL == U_LB_ALPHABETIC && ICUB_LB_BK == U_LB_MANDATORY_BREAK
               && ICUB_LB_CB == U_LB_CONTINGENT_BREAK && ICUB_LB_CR == U_LB_CARRIAGE_RETURN
               && ICUB_LB_LF == U_LB_LINE_FEED && ICUB_LB_NL == U_LB_NEXT_LINE && ICUB_LB_SP == U_LB_SPACE
               && ICUB_LB_ID == U_LB_IDEOGRAPHIC && ICUB_LB_AI == U_LB_AMBIGUOUS && ICUB_LB_B2 == U_LB_BREAK_BOTH
               && ICUB_LB_IN == U_LB_INSEPARABLE && ICUB_LB_NU == U_LB_NUMERIC,
               "Line_Break values differ from ICU's");
_Static_assert(ICUB_GC_PS == U_START_PUNCTUATION && ICUB_GC_PE == U_END_PUNCTUATION
               && ICUB_GC_PI == U_INITIAL_PUNCTUATION && ICUB_GC_PF == U_FINAL_PUNCTUATION
               && ICUB_GC_LU == U_UPPERCASE_LETTER && ICUB_GC_LO == U_OTHER_LETTER && ICUB_GC_PO == U_OTHER_PUNCTUATION
               && ICUB_GC_SM == U_MATH_SYMBOL && ICUB_GC_SO == U_OTHER_SYMBOL
               && ICUB_GC_ZS == U_SPACE_SEPARATOR && ICUB_GC_PD == U_DASH_PUNCTUATION
               && ICUB_GC_MN == U_NON_SPACING_MARK && ICUB_GC_ME == U_ENCLOSING_MARK
               && ICUB_GC_MC == U_COMBINING_SPACING_MARK && ICUB_GC_ND == U_DECIMAL_DIGIT_NUMBER
               && U_LOWERCASE_LETTER == 2 && U_TITLECASE_LETTER == 3 && U_MODIFIER_LETTER == 4
               && U_CURRENCY_SYMBOL == 25 && U_MODIFIER_SYMBOL == 26,
               "General_Category values differ from ICU's");
_Static_assert(ICUB_GCB_OTHER == U_GCB_OTHER && ICUB_GCB_CONTROL == U_GCB_CONTROL && ICUB_GCB_EXTEND == U_GCB_EXTEND
               && ICUB_GCB_LV == U_GCB_LV && ICUB_GCB_LVT == U_GCB_LVT && ICUB_GCB_SPACING_MARK == U_GCB_SPACING_MARK
               && ICUB_GCB_ZWJ == U_GCB_ZWJ,
               "Grapheme_Cluster_Break values differ from ICU's");
_Static_assert(ICUB_EA_HALFWIDTH == U_EA_HALFWIDTH && ICUB_EA_FULLWIDTH == U_EA_FULLWIDTH && ICUB_EA_WIDE == U_EA_WIDE,
               "East_Asian_Width values differ from ICU's");

const char *icub_version(void) {
    static char buffer[U_MAX_VERSION_STRING_LENGTH];
    UVersionInfo info;
    u_getVersion(info);
    u_versionToString(info, buffer);
    return buffer;
}

const char *icub_unicode_version(void) {
    static char buffer[U_MAX_VERSION_STRING_LENGTH];
    UVersionInfo info;
    u_getUnicodeVersion(info);
    u_versionToString(info, buffer);
    return buffer;
}

int32_t icub_convert_to_utf16(const char *charset, const char *bytes, int32_t length,
                              uint16_t *out, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    UConverter *converter = ucnv_open(charset, &status);
    if (U_FAILURE(status) || converter == NULL) return -1;
    // Invalid or unmapped bytes stop the conversion instead of becoming U+FFFD.
    ucnv_setToUCallBack(converter, UCNV_TO_U_CALLBACK_STOP, NULL, NULL, NULL, &status);
    int32_t written = ucnv_toUChars(converter, (UChar *)out, capacity, bytes, length, &status);
    ucnv_close(converter);
    if (status == U_BUFFER_OVERFLOW_ERROR || status == U_STRING_NOT_TERMINATED_WARNING) return written;
    if (U_FAILURE(status)) return -2;
    return written;
}

int icub_charset_is_known(const char *charset) {
    UErrorCode status = U_ZERO_ERROR;
    UConverter *converter = ucnv_open(charset, &status);
    if (converter != NULL) ucnv_close(converter);
    return U_SUCCESS(status) && converter != NULL;
}

int32_t icub_language_tag(const char *tag, int maximize, char *out, int32_t capacity) {
    char id[ULOC_FULLNAME_CAPACITY];
    char canonical[ULOC_FULLNAME_CAPACITY];
    char maximized[ULOC_FULLNAME_CAPACITY];
    UErrorCode status = U_ZERO_ERROR;
    uloc_forLanguageTag(tag, id, sizeof id, NULL, &status);
    if (U_FAILURE(status) || id[0] == 0) return -1;
    uloc_canonicalize(id, canonical, sizeof canonical, &status);
    if (U_FAILURE(status)) return -1;
    const char *result = canonical;
    if (maximize) {
        uloc_addLikelySubtags(canonical, maximized, sizeof maximized, &status);
        if (U_FAILURE(status)) return -1;
        result = maximized;
    }
    int32_t length = uloc_toLanguageTag(result, out, capacity, 0, &status);
    if (U_FAILURE(status) || status == U_STRING_NOT_TERMINATED_WARNING) return -1;
    return length;
}
