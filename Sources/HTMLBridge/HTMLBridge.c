#include "HTMLBridge.h"

#include <stdlib.h>
#include <string.h>
#include <libxml/HTMLparser.h>
#include <libxml/tree.h>

/// A growing UTF-8 buffer that knows whether a space or line breaks are pending.
typedef struct {
    char *bytes;
    size_t length;
    size_t capacity;
    int pending_space;     // white space seen since the last character
    int pending_newlines;  // line breaks owed before the next character (a block's empty line: 2)
    int failed;
} text_buffer;

static void append_bytes(text_buffer *buffer, const char *bytes, size_t count) {
    if (buffer->failed) return;
    if (buffer->length + count + 1 > buffer->capacity) {
        size_t capacity = (buffer->length + count + 1) * 2;
        char *grown = realloc(buffer->bytes, capacity);
        if (grown == NULL) { buffer->failed = 1; return; }
        buffer->bytes = grown;
        buffer->capacity = capacity;
    }
    memcpy(buffer->bytes + buffer->length, bytes, count);
    buffer->length += count;
}

/// Text of a text node: HTML white space (space, tab, CR, LF, FF) collapses to one space; the
/// pending breaks and space come before the next character, never at the start.
static void append_text(text_buffer *buffer, const unsigned char *text) {
    for (const unsigned char *p = text; *p; p++) {
        if (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r' || *p == '\f') {
            buffer->pending_space = 1;
            continue;
        }
        if (buffer->length > 0) {
            if (buffer->pending_newlines > 0) {
                for (int i = 0; i < buffer->pending_newlines; i++) append_bytes(buffer, "\n", 1);
            } else if (buffer->pending_space) {
                append_bytes(buffer, " ", 1);
            }
        }
        buffer->pending_newlines = 0;
        buffer->pending_space = 0;
        append_bytes(buffer, (const char *)p, 1);
    }
}

static void owe_newlines(text_buffer *buffer, int count) {
    if (buffer->pending_newlines < count) buffer->pending_newlines = count;
    buffer->pending_space = 0;
}

static int is_block(const xmlChar *name) {
    static const char *blocks[] = {"p", "div", "li", "ul", "ol", "blockquote", "h1", "h2", "h3", "h4", "h5", "h6", NULL};
    for (int i = 0; blocks[i]; i++) {
        if (xmlStrcasecmp(name, (const xmlChar *)blocks[i]) == 0) return 1;
    }
    return 0;
}

/// libxml2's HTML parser nests at most 256 elements deep, so the recursion is bounded.
static void walk(text_buffer *buffer, xmlNodePtr node) {
    for (; node != NULL; node = node->next) {
        switch (node->type) {
        case XML_TEXT_NODE:
        case XML_CDATA_SECTION_NODE:
            if (node->content) append_text(buffer, node->content);
            break;
        case XML_ELEMENT_NODE:
            if (xmlStrcasecmp(node->name, (const xmlChar *)"br") == 0) {
                // A <br> is a line break even at the start, and several are several.
                if (buffer->length > 0) append_bytes(buffer, "\n", 1);
                for (int i = 0; i < buffer->pending_newlines; i++) append_bytes(buffer, "\n", 1);
                buffer->pending_newlines = 0;
                buffer->pending_space = 0;
                break;
            }
            if (xmlStrcasecmp(node->name, (const xmlChar *)"script") == 0
                || xmlStrcasecmp(node->name, (const xmlChar *)"style") == 0) break;
            if (is_block(node->name)) owe_newlines(buffer, 2);
            walk(buffer, node->children);
            if (is_block(node->name)) owe_newlines(buffer, 2);
            break;
        default:
            break;
        }
    }
}

char *htmlb_visible_text(const char *html, int32_t length, int32_t *out_length) {
    if (length < 0) return NULL;
    // Inside <body>, text is the body's: given alone, libxml2 would wrap it in an implied <p>.
    static const char prefix[] = "<html><body>";
    size_t prefix_length = sizeof prefix - 1;
    char *document_text = malloc(prefix_length + (size_t)length);
    if (document_text == NULL) return NULL;
    memcpy(document_text, prefix, prefix_length);
    memcpy(document_text + prefix_length, html, (size_t)length);
    int options = HTML_PARSE_RECOVER | HTML_PARSE_NOERROR | HTML_PARSE_NOWARNING | HTML_PARSE_NONET;
    htmlDocPtr document = htmlReadMemory(document_text, (int)(prefix_length + (size_t)length), NULL, "UTF-8", options);
    free(document_text);
    if (document == NULL) return NULL;
    text_buffer buffer = {0};
    walk(&buffer, document->children);
    xmlFreeDoc(document);
    append_bytes(&buffer, "", 0);
    if (buffer.failed) { free(buffer.bytes); return NULL; }
    if (buffer.bytes == NULL) {
        buffer.bytes = malloc(1);
        if (buffer.bytes == NULL) return NULL;
    }
    buffer.bytes[buffer.length] = 0;
    *out_length = (int32_t)buffer.length;
    return buffer.bytes;
}
