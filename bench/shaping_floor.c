/* A floor under any exact measurement of the rows `make bench` times: HarfBuzz shaping each
 * distinct word once, and nothing else.
 *
 * Usage: shaping_floor FONT_FILE [FONT_FILE ...] < rows.nul
 * Reads rows separated by NUL bytes, cuts them into words at spaces and line breaks, and shapes
 * every distinct word exactly once with HarfBuzz (script and direction guessed from its text), in
 * the first given font that has a glyph for its first character beyond ASCII (the first font
 * otherwise). It prints the number of words, of distinct words, and the time spent in hb_shape, in
 * all and per font; and the time fontconfig takes to load its configuration (FcInit), which a
 * run that falls back as Chromium does on Linux (through fontconfig) pays once.
 *
 * This is less work than an exact engine must do: no line breaking, no grapheme clusters, no
 * fallback inside a word, no cache lookups, no reading of JSON, no output, no process start. An
 * engine may skip shaping a word again only where it has its width cached, so the distinct words
 * must be shaped at least once; the time printed is a lower bound of its running time on one core.
 */
#include <fontconfig/fontconfig.h>
#include <hb-ot.h>
#include <hb.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* Distinct words: an open-addressing set of (offset, length) into the input, FNV-1a hashed. */
typedef struct { size_t offset, length; } Word;

static unsigned long long hash_bytes(const char *bytes, size_t length) {
    unsigned long long hash = 1469598103934665603ULL;
    for (size_t i = 0; i < length; i++) hash = (hash ^ (unsigned char)bytes[i]) * 1099511628211ULL;
    return hash;
}

/* The first code point beyond ASCII in `bytes`, or 0 (UTF-8 is decoded loosely: this only picks a font). */
static hb_codepoint_t first_beyond_ascii(const char *bytes, size_t length) {
    for (size_t i = 0; i < length; i++) {
        unsigned char b = (unsigned char)bytes[i];
        if (b < 0x80) continue;
        int extra = b >= 0xF0 ? 3 : b >= 0xE0 ? 2 : 1;
        hb_codepoint_t code = b & (0x3F >> extra);
        for (int k = 1; k <= extra && i + k < length; k++) code = (code << 6) | ((unsigned char)bytes[i + k] & 0x3F);
        return code;
    }
    return 0;
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: %s FONT_FILE [FONT_FILE ...] < rows.nul\n", argv[0]);
        return 64;
    }
    struct timespec begin, end, word_begin, word_end;
    clock_gettime(CLOCK_MONOTONIC, &begin);
    FcInit();
    clock_gettime(CLOCK_MONOTONIC, &end);
    double fontconfig_ms = (double)(end.tv_sec - begin.tv_sec) * 1e3 + (double)(end.tv_nsec - begin.tv_nsec) / 1e6;
    int font_count = argc - 1;
    hb_font_t **fonts = calloc((size_t)font_count, sizeof *fonts);
    for (int f = 0; f < font_count; f++) {
        hb_blob_t *blob = hb_blob_create_from_file_or_fail(argv[f + 1]);
        if (!blob) {
            fprintf(stderr, "shaping_floor: cannot read %s\n", argv[f + 1]);
            return 69;
        }
        hb_face_t *face = hb_face_create(blob, 0);
        fonts[f] = hb_font_create(face);
        hb_ot_font_set_funcs(fonts[f]);
        hb_font_set_scale(fonts[f], 14 * 64, 14 * 64);
    }

    size_t capacity = 1 << 20, size = 0, got;
    char *input = malloc(capacity);
    while ((got = fread(input + size, 1, capacity - size, stdin)) > 0) {
        size += got;
        if (size == capacity) input = realloc(input, capacity *= 2);
    }

    size_t slots = 1 << 22, words = 0, distinct = 0;
    Word *set = calloc(slots, sizeof *set);
    Word *order = malloc(sizeof *order * (size / 2 + 1));
    for (size_t i = 0; i < size;) {
        while (i < size && (input[i] == ' ' || input[i] == '\n' || input[i] == '\0')) i++;
        size_t start = i;
        while (i < size && input[i] != ' ' && input[i] != '\n' && input[i] != '\0') i++;
        if (i == start) continue;
        words++;
        size_t length = i - start, slot = hash_bytes(input + start, length) & (slots - 1);
        while (set[slot].length &&
               !(set[slot].length == length && memcmp(input + set[slot].offset, input + start, length) == 0))
            slot = (slot + 1) & (slots - 1);
        if (!set[slot].length) {
            set[slot] = (Word){start, length};
            order[distinct++] = set[slot];
        }
    }

    hb_buffer_t *buffer = hb_buffer_create();
    double *font_ms = calloc((size_t)font_count, sizeof *font_ms);
    size_t *font_words = calloc((size_t)font_count, sizeof *font_words);
    clock_gettime(CLOCK_MONOTONIC, &begin);
    unsigned long glyphs = 0;
    for (size_t w = 0; w < distinct; w++) {
        const char *text = input + order[w].offset;
        hb_codepoint_t probe = first_beyond_ascii(text, order[w].length), glyph;
        int font = 0;
        for (int f = 0; probe && f < font_count; f++) {
            if (hb_font_get_nominal_glyph(fonts[f], probe, &glyph)) {
                font = f;
                break;
            }
        }
        clock_gettime(CLOCK_MONOTONIC, &word_begin);
        hb_buffer_clear_contents(buffer);
        hb_buffer_add_utf8(buffer, text, (int)order[w].length, 0, (int)order[w].length);
        hb_buffer_guess_segment_properties(buffer);
        hb_shape(fonts[font], buffer, NULL, 0);
        glyphs += hb_buffer_get_length(buffer);
        clock_gettime(CLOCK_MONOTONIC, &word_end);
        font_ms[font] += (double)(word_end.tv_sec - word_begin.tv_sec) * 1e3 +
                         (double)(word_end.tv_nsec - word_begin.tv_nsec) / 1e6;
        font_words[font]++;
    }
    clock_gettime(CLOCK_MONOTONIC, &end);
    double ms = (double)(end.tv_sec - begin.tv_sec) * 1e3 + (double)(end.tv_nsec - begin.tv_nsec) / 1e6;
    printf("%zu words, %zu distinct, %lu glyphs, hb_shape %.2f ms, FcInit %.2f ms\n", words, distinct, glyphs, ms,
           fontconfig_ms);
    for (int f = 0; f < font_count; f++) {
        const char *name = strrchr(argv[f + 1], '/');
        printf("  %-32s %6zu distinct words %8.2f ms\n", name ? name + 1 : argv[f + 1], font_words[f], font_ms[f]);
    }
    hb_buffer_destroy(buffer);
    return 0;
}
