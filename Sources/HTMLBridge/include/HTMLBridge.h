#ifndef CELLHEIGHT_HTML_BRIDGE_H
#define CELLHEIGHT_HTML_BRIDGE_H

// The text an HTML fragment shows, by libxml2's HTML parser (what Android's Html.fromHtml is
// given for a string resource holding HTML in CDATA). Only plain C types cross this boundary.

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The visible text of the UTF-8 HTML fragment `html` (`length` bytes), as Html.fromHtml's
/// legacy mode lays it out: tags removed, entities decoded, runs of white space one space,
/// `<br>` a line break, block elements (p, div, li, h1-h6, blockquote, ul, ol) separated by an
/// empty line; leading and trailing white space removed. Returns a malloc'd UTF-8 string (free it)
/// and its length in `out_length`, or NULL when libxml2 cannot parse it at all.
char *htmlb_visible_text(const char *html, int32_t length, int32_t *out_length);

#ifdef __cplusplus
}
#endif

#endif
