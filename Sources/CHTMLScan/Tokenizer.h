#ifndef CHTMLSCAN_TOKENIZER_H
#define CHTMLSCAN_TOKENIZER_H
#include <stddef.h>

/*
 * The HTML Standard's tokenizer, run beside libxml2 over the same UTF-8 bytes, with just enough of tree construction
 * to know what a browser makes of each start tag: the text of raw-text and RCDATA elements (script, style, textarea,
 * title, xmp, iframe, noembed, noframes), everything after <plaintext>, template contents, and SVG and MathML
 * (foreign content, where <![CDATA[ is text and only SVG's <a> is a link). libxml2 2.9 predates HTML5: it finds the
 * elements, and this says which of them a browser has and with which attribute values, decoded with the Standard's
 * character references instead of libxml2's HTML 4 table.
 */

enum html_element { HTML_NONE, HTML_A, HTML_AREA, HTML_BASE, HTML_LINK, HTML_META, HTML_IFRAME };

/* A start tag of a link-bearing element, waiting for libxml2 to report it. */
struct html_tag {
    size_t start, end; /* offsets of its '<' and just past its '>' */
    size_t attributes; /* in the arena: name NUL value NUL, `count` times */
    unsigned char element, flags, count;
};

/* Foreign content: the elements open inside <svg> or <math>, and HTML ones inside their integration points. */
struct html_open {
    unsigned char space, flags, length;
    char name[29];
};

#define HTML_OPEN_MAX 256
#define HTML_NAME_MAX 32
#define HTML_TEMPLATE_MAX 64

struct html_tokenizer {
    int state, text_state;
    size_t offset; /* of the next byte fed */
    /* The tag being read. */
    size_t tag_start, tag_arena;
    int end_tag, self_closing, name_long, has_font_attribute;
    int element; /* html_element of the name, or -1 before it is known */
    size_t name_length;
    char name[HTML_NAME_MAX];
    unsigned char captured, wanted_seen;
    char encoding[24];
    /* The attribute being read: its name, and its raw value when it is one we keep. */
    size_t attribute_length;
    int attribute_long, capture;
    char attribute[16];
    unsigned char *value;
    size_t value_length, value_capacity;
    /* The element whose end tag ends raw text, and how much of it an end tag matched so far; markup declarations. */
    char text_end[HTML_NAME_MAX];
    size_t text_end_length, matched;
    int mismatch;
    /* Tree context. */
    struct html_open *open; /* HTML_OPEN_MAX of them, made at the first <svg> or <math> */
    size_t depth, overflow;
    size_t templates;
    size_t template_depth[HTML_TEMPLATE_MAX];
    /* Tags waiting for libxml2, and their attributes. */
    struct html_tag *queue;
    size_t head, count, queue_capacity;
    char *arena;
    size_t arena_used, arena_capacity;
    const char *pairs[2 * 8 + 1];
};

void html_tokenizer_init(struct html_tokenizer *t);
void html_tokenizer_free(struct html_tokenizer *t);

/* Reads the next bytes of the page (UTF-8, as libxml2 holds them after its charset conversion). */
void html_tokenizer_feed(struct html_tokenizer *t, const unsigned char *bytes, size_t length);

/* libxml2 reported `element` with its parser at `position` (an offset in the bytes fed, inside or at the end of the
 * tag): the start tag's attributes as the Standard reads them (NULL-terminated name/value pairs, valid until the
 * next call or feed), or NULL when a browser has no such element there (it is text, template content, or not an
 * HTML link) or the Standard's tokenizer saw no such tag. */
const char *const *html_tokenizer_take(struct html_tokenizer *t, int element, size_t position);

#endif
