/* The baseline `make bench` compares cellheight with: Pango laying out the same rows.
 *
 * Usage: pango_rows FONT SIZE_PX WIDTH_PX [-0] < rows.txt
 * Reads one row per line (with -0: rows separated by NUL bytes, so that a row may hold line
 * breaks, which Pango lays out as hard breaks), lays each out with Pango (PangoFT2,
 * WRAP_WORD_CHAR, unhinted metrics) at WIDTH px at SIZE px, and prints "lineCount height" per row.
 * FONT is a font file (Pango sees that font alone: no fallback) or "family:NAME" (the system's
 * fontconfig configuration, with its fallback for characters the font lacks).
 */
#include <fontconfig/fontconfig.h>
#include <pango/pangoft2.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
    if (argc != 4 && !(argc == 5 && strcmp(argv[4], "-0") == 0)) {
        fprintf(stderr, "usage: %s FONT_FILE|family:NAME SIZE_PX WIDTH_PX [-0] < rows.txt\n", argv[0]);
        return 64;
    }
    const char *font_file = argv[1];
    double size = atof(argv[2]);
    double width = atof(argv[3]);
    int delimiter = argc == 5 ? '\0' : '\n';

    FcChar8 *family = NULL;
    FcConfig *config = NULL;
    if (strncmp(font_file, "family:", 7) == 0) {
        family = (FcChar8 *)(font_file + 7);
    } else {
        config = FcConfigCreate();
        if (!FcConfigAppFontAddFile(config, (const FcChar8 *)font_file)) {
            fprintf(stderr, "pango_rows: cannot load %s\n", font_file);
            return 69;
        }
        FcFontSet *fonts = FcConfigGetFonts(config, FcSetApplication);
        if (!fonts || fonts->nfont < 1 || FcPatternGetString(fonts->fonts[0], FC_FAMILY, 0, &family) != FcResultMatch) {
            fprintf(stderr, "pango_rows: no family in %s\n", font_file);
            return 69;
        }
    }

    PangoFontMap *font_map = pango_ft2_font_map_new();
    if (config) pango_fc_font_map_set_config(PANGO_FC_FONT_MAP(font_map), config);
    pango_ft2_font_map_set_resolution(PANGO_FT2_FONT_MAP(font_map), 96, 96);
    PangoContext *context = pango_font_map_create_context(font_map);
    pango_context_set_round_glyph_positions(context, FALSE);

    PangoFontDescription *description = pango_font_description_new();
    pango_font_description_set_family(description, (const char *)family);
    pango_font_description_set_absolute_size(description, size * PANGO_SCALE);

    PangoLayout *layout = pango_layout_new(context);
    pango_layout_set_font_description(layout, description);
    pango_layout_set_width(layout, (int)(width * PANGO_SCALE));
    pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR);

    char *line = NULL;
    size_t capacity = 0;
    ssize_t length;
    while ((length = getdelim(&line, &capacity, delimiter, stdin)) >= 0) {
        if (length > 0 && line[length - 1] == delimiter) line[--length] = '\0';
        pango_layout_set_text(layout, line, (int)length);
        int height = 0;
        pango_layout_get_size(layout, NULL, &height);
        printf("%d %g\n", length ? pango_layout_get_line_count(layout) : 0, (double)height / PANGO_SCALE);
    }
    free(line);
    g_object_unref(layout);
    g_object_unref(context);
    g_object_unref(font_map);
    return 0;
}
