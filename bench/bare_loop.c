/* A bare loop over the rows `make bench` times: each code point's advance in one font, added up
 * word by word, and lines wrapped greedily at spaces. Wrong for real text (no shaping, no kerning,
 * no fallback fonts, no line breaking rules, no grapheme clusters), but it reads every byte and
 * lays every row out, as any measurement must: the cost of the work's bare bones, against which
 * `make bench` states cellheight's time as a ratio.
 *
 * Usage: bare_loop FONT_FILE SIZE WIDTH < rows.nul
 * Reads rows separated by NUL bytes ("\n" inside a row starts a new line) and prints the number
 * of rows and of lines. Advances come from HarfBuzz's font at SIZE px (one lookup per distinct code
 * point of the BMP, kept in a table; others looked up each time).
 */
#include <hb-ot.h>
#include <hb.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static hb_font_t *font;
static float advances[0x10000];
static unsigned char known[0x10000];

static float advance(hb_codepoint_t code) {
    if (code < 0x10000 && known[code]) return advances[code];
    hb_codepoint_t glyph = 0;
    hb_font_get_nominal_glyph(font, code, &glyph);
    float value = (float)hb_font_get_glyph_h_advance(font, glyph) / 64.0f;
    if (code < 0x10000) {
        advances[code] = value;
        known[code] = 1;
    }
    return value;
}

/* The next code point of `bytes` at `*i` (UTF-8, decoded loosely: a stray byte is itself). */
static hb_codepoint_t next_code_point(const unsigned char *bytes, size_t length, size_t *i) {
    unsigned char b = bytes[(*i)++];
    if (b < 0x80) return b;
    int extra = b >= 0xF0 ? 3 : b >= 0xE0 ? 2 : b >= 0xC0 ? 1 : 0;
    hb_codepoint_t code = b & (0x3F >> extra);
    for (int k = 0; k < extra && *i < length; k++) code = (code << 6) | (bytes[(*i)++] & 0x3F);
    return code;
}

int main(int argc, char **argv) {
    if (argc != 4) {
        fprintf(stderr, "usage: %s FONT_FILE SIZE WIDTH < rows.nul\n", argv[0]);
        return 64;
    }
    hb_blob_t *blob = hb_blob_create_from_file_or_fail(argv[1]);
    if (!blob) {
        fprintf(stderr, "%s: cannot read %s\n", argv[0], argv[1]);
        return 66;
    }
    hb_face_t *face = hb_face_create(blob, 0);
    font = hb_font_create(face);
    int scale = (int)(atof(argv[2]) * 64);
    hb_font_set_scale(font, scale, scale);
    float width = (float)atof(argv[3]);

    size_t capacity = 1 << 20, length = 0, got;
    unsigned char *bytes = malloc(capacity);
    while ((got = fread(bytes + length, 1, capacity - length, stdin)) > 0) {
        length += got;
        if (length == capacity) bytes = realloc(bytes, capacity *= 2);
    }

    long rows = 0, lines = 0;
    size_t i = 0;
    while (i < length) {
        /* One row: up to the next NUL. */
        float line = 0, word = 0, spaces = 0;
        long row_lines = 1;
        while (i < length && bytes[i] != 0) {
            hb_codepoint_t code = next_code_point(bytes, length, &i);
            if (code == '\n') {
                row_lines++;
                line = word = spaces = 0;
            } else if (code == ' ') {
                /* The word before it is placed: on this line, or at the start of the next. */
                if (line > 0 && line + spaces + word > width) {
                    row_lines++;
                    line = word;
                } else {
                    line += spaces + word;
                }
                word = 0;
                spaces = advance(' ');
            } else {
                word += advance(code);
            }
        }
        if (line > 0 && line + spaces + word > width) row_lines++;
        i++;  /* the NUL */
        rows++;
        lines += row_lines;
    }
    printf("%ld rows, %ld lines\n", rows, lines);
    free(bytes);
    hb_font_destroy(font);
    hb_face_destroy(face);
    hb_blob_destroy(blob);
    return 0;
}
