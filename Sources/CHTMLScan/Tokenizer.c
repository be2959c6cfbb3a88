#include "Tokenizer.h"
#include "CharacterReferences.h"
#include <stdlib.h>
#include <string.h>

enum {
    DATA, RCDATA, RAWTEXT, SCRIPT, PLAINTEXT,
    TAG_OPEN, END_TAG_OPEN, TAG_NAME,
    BEFORE_ATTRIBUTE_NAME, ATTRIBUTE_NAME, AFTER_ATTRIBUTE_NAME, BEFORE_ATTRIBUTE_VALUE,
    VALUE_DOUBLE, VALUE_SINGLE, VALUE_UNQUOTED, AFTER_VALUE, SELF_CLOSING,
    MARKUP_DECLARATION, BOGUS_COMMENT, DOCTYPE,
    COMMENT_START, COMMENT_START_DASH, COMMENT, COMMENT_LT, COMMENT_LT_BANG, COMMENT_LT_BANG_DASH,
    COMMENT_LT_BANG_DASH_DASH, COMMENT_END_DASH, COMMENT_END, COMMENT_END_BANG,
    CDATA, CDATA_BRACKET, CDATA_END,
    /* RCDATA and RAWTEXT (`text_state` says which): "</" and a name that may be the appropriate end tag. */
    TEXT_LT, TEXT_END_OPEN, TEXT_END_NAME,
    SCRIPT_LT, SCRIPT_END_OPEN, SCRIPT_END_NAME, SCRIPT_ESCAPE_START, SCRIPT_ESCAPE_START_DASH,
    SCRIPT_ESCAPED, SCRIPT_ESCAPED_DASH, SCRIPT_ESCAPED_DASH_DASH, SCRIPT_ESCAPED_LT, SCRIPT_ESCAPED_END_OPEN,
    SCRIPT_ESCAPED_END_NAME, SCRIPT_DOUBLE_START, SCRIPT_DOUBLE, SCRIPT_DOUBLE_DASH, SCRIPT_DOUBLE_DASH_DASH,
    SCRIPT_DOUBLE_LT, SCRIPT_DOUBLE_END,
};

enum { SPACE_HTML, SPACE_SVG, SPACE_MATH };
/* html_open.flags: where tokens are read as HTML again (HTML integration points, MathML text integration points),
 * and MathML annotation-xml (where <svg> is SVG). */
enum { OPEN_INTEGRATION = 1, OPEN_TEXT_INTEGRATION = 2, OPEN_ANNOTATION = 4 };
/* html_tag.flags */
enum { TAG_INERT = 1, TAG_SVG = 2 };

/* Attributes kept for the link-bearing elements; the first of a name wins, as in the Standard. */
static const char *const wanted[] = {"href", "xlink:href", "src", "rel", "name", "content", "http-equiv"};
#define WANTED_COUNT 7
/* An attribute value longer than this is cut: any URL cap downstream still refuses it. */
#define VALUE_MAX 65536
/* Tags waiting for libxml2: past this many (libxml2 read a long stretch as something else) newer ones are dropped. */
#define QUEUE_MAX 262144

static int whitespace(unsigned char c) { return c == '\t' || c == '\n' || c == '\f' || c == ' ' || c == '\r'; }
static int alpha(unsigned char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
static unsigned char lower(unsigned char c) { return (c >= 'A' && c <= 'Z') ? (unsigned char)(c + 32) : c; }

/* Whether the tag's name is the literal `name`: asked a dozen times per tag, so written out in place with the
 * literal's length known at compile time. */
#define NAMED(t, literal)                                                                                              \
    ((t)->name_length == sizeof(literal) - 1 && (t)->name[0] == (literal)[0] && !(t)->name_long &&                   \
     memcmp((t)->name, (literal), sizeof(literal) - 1) == 0)

/* The same for a name from a list: the first letter rules out nearly every name before any length is counted. */
static int named(const struct html_tokenizer *t, const char *name) {
    return t->name_length > 0 && (unsigned char)t->name[0] == (unsigned char)name[0] && !t->name_long &&
           t->name_length == strlen(name) && memcmp(t->name, name, t->name_length) == 0;
}

static int one_of(const struct html_tokenizer *t, const char *const *names) {
    for (; *names != NULL; names++)
        if (named(t, *names)) return 1;
    return 0;
}

/* The link-bearing element the tag names, worked out once per tag. */
static int element_of(struct html_tokenizer *t) {
    if (t->element >= 0) return t->element;
    t->element = HTML_NONE;
    if (NAMED(t, "a")) t->element = HTML_A;
    else if (NAMED(t, "area")) t->element = HTML_AREA;
    else if (NAMED(t, "base")) t->element = HTML_BASE;
    else if (NAMED(t, "link")) t->element = HTML_LINK;
    else if (NAMED(t, "meta")) t->element = HTML_META;
    else if (NAMED(t, "iframe")) t->element = HTML_IFRAME;
    return t->element;
}

/* Start tags that end foreign content (the Standard's list, font only with color, face or size). */
static const char *const breakout[] = {
    "b", "big", "blockquote", "body", "br", "center", "code", "dd", "div", "dl", "dt", "em", "embed", "h1", "h2",
    "h3", "h4", "h5", "h6", "head", "hr", "i", "img", "li", "listing", "menu", "meta", "nobr", "ol", "p", "pre",
    "ruby", "s", "small", "span", "strong", "strike", "sub", "sup", "table", "tt", "u", "ul", "var", NULL};
static const char *const void_elements[] = {"area", "base", "basefont", "bgsound", "br", "col", "embed", "frame",
    "hr", "img", "input", "keygen", "link", "meta", "param", "source", "track", "wbr", NULL};

static void *grow(void *buffer, size_t *capacity, size_t needed, size_t size) {
    if (needed <= *capacity) return buffer;
    size_t wanted_capacity = *capacity ? *capacity : 4096 / size;
    while (wanted_capacity < needed) wanted_capacity *= 2;
    void *grown = realloc(buffer, wanted_capacity * size);
    if (grown == NULL) return NULL;
    *capacity = wanted_capacity;
    return grown;
}

void html_tokenizer_init(struct html_tokenizer *t) { memset(t, 0, sizeof *t); }

void html_tokenizer_free(struct html_tokenizer *t) {
    free(t->value);
    free(t->queue);
    free(t->arena);
    free(t->open);
}

/* Appends name NUL value NUL to the arena; false when memory ran out. */
static int arena_add(struct html_tokenizer *t, const char *name, const unsigned char *value, size_t length) {
    size_t name_length = strlen(name);
    size_t needed = t->arena_used + name_length + 1 + 3 * length + 5;
    char *arena = grow(t->arena, &t->arena_capacity, needed, 1);
    if (arena == NULL) return 0;
    t->arena = arena;
    memcpy(t->arena + t->arena_used, name, name_length + 1);
    t->arena_used += name_length + 1;
    size_t n = chtmlscan_decode_attribute(value, length, (unsigned char *)t->arena + t->arena_used, 3 * length + 4);
    t->arena[t->arena_used + n] = '\0';
    t->arena_used += n + 1;
    return 1;
}

static void begin_tag(struct html_tokenizer *t, int end_tag) {
    t->end_tag = end_tag;
    t->self_closing = 0;
    t->name_length = 0;
    t->name_long = 0;
    t->element = -1;
    t->has_font_attribute = 0;
    t->captured = 0;
    t->wanted_seen = 0;
    t->encoding[0] = '\0';
    t->tag_arena = t->arena_used;
    t->capture = -1;
}

static void name_append(struct html_tokenizer *t, unsigned char c) {
    if (t->name_length < HTML_NAME_MAX - 1) t->name[t->name_length++] = (char)lower(c);
    else t->name_long = 1;
}

static void begin_attribute(struct html_tokenizer *t) {
    t->attribute_length = 0;
    t->attribute_long = 0;
    t->capture = -1;
    t->value_length = 0;
}

static void attribute_append(struct html_tokenizer *t, unsigned char c) {
    if (t->attribute_length < sizeof t->attribute - 1) t->attribute[t->attribute_length++] = (char)lower(c);
    else t->attribute_long = 1;
}

/* The attribute's name is complete: keep its value when the tag may be reported and the name is one we read. */
static void attribute_named(struct html_tokenizer *t) {
    t->capture = -1;
    if (t->end_tag || t->attribute_long) return;
    t->attribute[t->attribute_length] = '\0';
    if (NAMED(t, "font") && (!strcmp(t->attribute, "color") || !strcmp(t->attribute, "face") ||
                             !strcmp(t->attribute, "size")))
        t->has_font_attribute = 1;
    if (NAMED(t, "annotation-xml") && !strcmp(t->attribute, "encoding")) t->capture = WANTED_COUNT;
    if (element_of(t) == HTML_NONE) return;
    for (int i = 0; i < WANTED_COUNT; i++) {
        if (strcmp(t->attribute, wanted[i]) == 0) {
            if (!(t->wanted_seen & (1u << i))) t->capture = i;
            t->wanted_seen |= (unsigned char)(1u << i);
            return;
        }
    }
}

static void value_append(struct html_tokenizer *t, const unsigned char *bytes, size_t length) {
    if (t->capture < 0) return;
    if (t->value_length + length > VALUE_MAX) length = VALUE_MAX - t->value_length;
    unsigned char *value = grow(t->value, &t->value_capacity, t->value_length + length, 1);
    if (value == NULL) return;
    t->value = value;
    memcpy(t->value + t->value_length, bytes, length);
    t->value_length += length;
}

static void attribute_done(struct html_tokenizer *t) {
    if (t->capture == WANTED_COUNT) {
        size_t n = t->value_length < sizeof t->encoding - 1 ? t->value_length : sizeof t->encoding - 1;
        for (size_t i = 0; i < n; i++) t->encoding[i] = (char)lower(t->value[i]);
        t->encoding[n] = '\0';
    } else if (t->capture >= 0 && arena_add(t, wanted[t->capture], t->value, t->value_length)) {
        t->captured += 1;
    }
    t->capture = -1;
    t->value_length = 0;
}

static void push_open(struct html_tokenizer *t, int space, int flags) {
    if (t->open == NULL && (t->open = malloc(HTML_OPEN_MAX * sizeof *t->open)) == NULL) return;
    if (t->depth == HTML_OPEN_MAX) {
        t->overflow += 1;
        return;
    }
    struct html_open *o = &t->open[t->depth++];
    o->space = (unsigned char)space;
    o->flags = (unsigned char)flags;
    o->length = t->name_long || t->name_length >= sizeof o->name ? 0 : (unsigned char)t->name_length;
    memcpy(o->name, t->name, o->length);
}

static void pop_to(struct html_tokenizer *t, size_t depth) {
    t->overflow = 0;
    t->depth = depth;
}

static int open_named(const struct html_tokenizer *t, size_t i) {
    const struct html_open *o = &t->open[i];
    return o->length != 0 && !t->name_long && o->length == t->name_length && !memcmp(o->name, t->name, o->length);
}

/* Whether the start tag is read by the HTML rules (no foreign content, or an integration point for it). */
static int html_rules(const struct html_tokenizer *t) {
    if (t->depth == 0) return 1;
    const struct html_open *top = &t->open[t->depth - 1];
    if (top->space == SPACE_HTML || (top->flags & OPEN_INTEGRATION)) return 1;
    if ((top->flags & OPEN_TEXT_INTEGRATION) && !NAMED(t, "mglyph") && !NAMED(t, "malignmark")) return 1;
    return (top->flags & OPEN_ANNOTATION) && NAMED(t, "svg");
}

static void enqueue(struct html_tokenizer *t, int element, int flags) {
    if (t->count == QUEUE_MAX) return;
    struct html_tag *queue = grow(t->queue, &t->queue_capacity, t->count + 1, sizeof *queue);
    if (queue == NULL) return;
    t->queue = queue;
    struct html_tag *tag = &t->queue[t->count++];
    tag->start = t->tag_start;
    tag->end = t->offset + 1;
    tag->attributes = t->tag_arena;
    tag->count = t->captured;
    tag->element = (unsigned char)element;
    tag->flags = (unsigned char)flags;
}

static void switch_text(struct html_tokenizer *t, int state) {
    t->state = t->text_state = state;
    memcpy(t->text_end, t->name, t->name_length);
    t->text_end_length = t->name_length;
}

/* What the tree builder does with a start tag that matters here; called with the tag's '>' at t->offset. */
static void start_tag(struct html_tokenizer *t) {
    int element = element_of(t);
    int inert = t->templates > 0 ? TAG_INERT : 0;
    t->state = DATA;
    if (!html_rules(t)) {
        if (one_of(t, breakout) || (NAMED(t, "font") && t->has_font_attribute)) {
            while (t->depth > 0 && t->overflow == 0) {
                const struct html_open *top = &t->open[t->depth - 1];
                if (top->space == SPACE_HTML || (top->flags & (OPEN_INTEGRATION | OPEN_TEXT_INTEGRATION))) break;
                t->depth -= 1;
            }
            if (t->overflow > 0) pop_to(t, t->depth);
        } else {
            int space = t->open[t->depth - 1].space;
            if (element != HTML_NONE) {
                int svg_anchor = space == SPACE_SVG && element == HTML_A;
                enqueue(t, element, svg_anchor ? (TAG_SVG | inert) : TAG_INERT);
            }
            if (!t->self_closing) {
                int flags = 0;
                if (space == SPACE_SVG && (NAMED(t, "foreignobject") || NAMED(t, "desc") || NAMED(t, "title")))
                    flags = OPEN_INTEGRATION;
                if (space == SPACE_MATH) {
                    static const char *const text_points[] = {"mi", "mo", "mn", "ms", "mtext", NULL};
                    if (one_of(t, text_points)) flags = OPEN_TEXT_INTEGRATION;
                    if (NAMED(t, "annotation-xml")) {
                        flags = OPEN_ANNOTATION;
                        if (!strcmp(t->encoding, "text/html") || !strcmp(t->encoding, "application/xhtml+xml"))
                            flags |= OPEN_INTEGRATION;
                    }
                }
                push_open(t, space, flags);
            }
            return;
        }
    }
    if (NAMED(t, "svg") || NAMED(t, "math")) {
        if (!t->self_closing) push_open(t, NAMED(t, "svg") ? SPACE_SVG : SPACE_MATH, 0);
        return;
    }
    if (element != HTML_NONE) enqueue(t, element, inert);
    if (NAMED(t, "template")) {
        if (t->templates < HTML_TEMPLATE_MAX) t->template_depth[t->templates] = t->depth;
        t->templates += 1;
    }
    if (NAMED(t, "title") || NAMED(t, "textarea")) switch_text(t, RCDATA);
    else if (NAMED(t, "style") || NAMED(t, "xmp") || NAMED(t, "iframe") || NAMED(t, "noembed") || NAMED(t, "noframes"))
        switch_text(t, RAWTEXT);
    else if (NAMED(t, "script")) switch_text(t, SCRIPT);
    else if (NAMED(t, "plaintext")) t->state = PLAINTEXT;
    if (t->depth > 0 && !one_of(t, void_elements)) push_open(t, SPACE_HTML, 0);
}

static void end_tag(struct html_tokenizer *t) {
    t->state = DATA;
    if (t->depth > 0 && t->overflow == 0 && t->open[t->depth - 1].space != SPACE_HTML) {
        if (NAMED(t, "br") || NAMED(t, "p")) {
            while (t->depth > 0) {
                const struct html_open *top = &t->open[t->depth - 1];
                if (top->space == SPACE_HTML || (top->flags & (OPEN_INTEGRATION | OPEN_TEXT_INTEGRATION))) break;
                t->depth -= 1;
            }
            return;
        }
        size_t i = t->depth;
        while (i > 0 && t->open[i - 1].space != SPACE_HTML) {
            if (open_named(t, i - 1)) {
                pop_to(t, i - 1);
                return;
            }
            i -= 1;
        }
    }
    if (NAMED(t, "template")) {
        if (t->templates == 0) return;
        t->templates -= 1;
        if (t->templates < HTML_TEMPLATE_MAX && t->template_depth[t->templates] < t->depth)
            pop_to(t, t->template_depth[t->templates]);
        return;
    }
    if (t->overflow > 0) {
        t->overflow -= 1;
        return;
    }
    /* In body, "any other end tag": the nearest open HTML element of that name, not past an integration point. */
    for (size_t i = t->depth; i > 0; i--) {
        const struct html_open *o = &t->open[i - 1];
        if (o->space == SPACE_HTML && open_named(t, i - 1)) {
            pop_to(t, i - 1);
            return;
        }
        if (o->flags & (OPEN_INTEGRATION | OPEN_TEXT_INTEGRATION)) return;
    }
}

/* The tag ends at the byte at t->offset. */
static void emit(struct html_tokenizer *t) {
    if (t->end_tag) end_tag(t);
    else start_tag(t);
    if (t->count == 0 || t->queue[t->count - 1].start != t->tag_start) t->arena_used = t->tag_arena;
}

/* After "</" in RCDATA, RAWTEXT or script data: whether this letter continues the appropriate end tag's name. */
static int end_name_continues(struct html_tokenizer *t, unsigned char c) {
    if (t->matched < t->text_end_length && lower(c) == (unsigned char)t->text_end[t->matched]) {
        t->matched += 1;
        return 1;
    }
    return 0;
}

/* "</name" was read and the name is the appropriate end tag's; `c` ends it or not. Returns 1 when it did. */
static int end_name_ends(struct html_tokenizer *t, unsigned char c) {
    if (t->matched != t->text_end_length || !(whitespace(c) || c == '/' || c == '>')) return 0;
    begin_tag(t, 1);
    memcpy(t->name, t->text_end, t->text_end_length);
    t->name_length = t->text_end_length;
    if (c == '>') emit(t);
    else t->state = c == '/' ? SELF_CLOSING : BEFORE_ATTRIBUTE_NAME;
    return 1;
}

/* "script" read so far after "<" or "</" in escaped script data; `mismatch` once it cannot be. */
static void script_name(struct html_tokenizer *t, unsigned char c) {
    static const char script[] = "script";
    if (t->matched < 6 && lower(c) == (unsigned char)script[t->matched]) t->matched += 1;
    else t->mismatch = 1;
}

static int is_script(const struct html_tokenizer *t) { return t->matched == 6 && !t->mismatch; }

/* Drops what libxml2 has taken: the queue's head and the attributes before the oldest ones still needed (those of
 * a waiting tag, or of the tag being read). */
static void compact(struct html_tokenizer *t) {
    if (t->head == t->count) t->head = t->count = 0;
    size_t live = t->arena_used;
    if (t->state >= TAG_NAME && t->state <= SELF_CLOSING) live = t->tag_arena;
    if (t->head < t->count) live = t->queue[t->head].attributes;
    if (t->head > 0 && t->head >= t->count / 2) {
        memmove(t->queue, t->queue + t->head, (t->count - t->head) * sizeof *t->queue);
        t->count -= t->head;
        t->head = 0;
    }
    if (live == 0 || live < t->arena_used / 2) return;
    memmove(t->arena, t->arena + live, t->arena_used - live);
    t->arena_used -= live;
    t->tag_arena = t->tag_arena >= live ? t->tag_arena - live : 0;
    for (size_t i = t->head; i < t->count; i++) t->queue[i].attributes -= live;
}

void html_tokenizer_feed(struct html_tokenizer *t, const unsigned char *bytes, size_t length) {
    compact(t);
    size_t i = 0;
    if (t->offset == 0 && length >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF) i = 3;
    t->offset += i;
    while (i < length) {
        unsigned char c = bytes[i];
        switch (t->state) {
        case DATA: {
            const unsigned char *lt = memchr(bytes + i, '<', length - i);
            size_t next = lt ? (size_t)(lt - bytes) : length;
            t->offset += next - i;
            i = next;
            if (lt == NULL) continue;
            t->tag_start = t->offset;
            t->state = TAG_OPEN;
            break;
        }
        case PLAINTEXT:
            t->offset += length - i;
            i = length;
            continue;
        case RCDATA:
        case RAWTEXT:
        case SCRIPT: {
            const unsigned char *lt = memchr(bytes + i, '<', length - i);
            size_t next = lt ? (size_t)(lt - bytes) : length;
            t->offset += next - i;
            i = next;
            if (lt == NULL) continue;
            t->tag_start = t->offset;
            t->state = t->state == SCRIPT ? SCRIPT_LT : TEXT_LT;
            break;
        }
        case TAG_OPEN:
            if (c == '!') {
                t->state = MARKUP_DECLARATION;
                t->matched = 0;
            } else if (c == '/') {
                t->state = END_TAG_OPEN;
            } else if (alpha(c)) {
                begin_tag(t, 0);
                t->state = TAG_NAME;
                continue;
            } else if (c == '?') {
                t->state = BOGUS_COMMENT;
                continue;
            } else {
                t->state = DATA;
                continue;
            }
            break;
        case END_TAG_OPEN:
            if (alpha(c)) {
                begin_tag(t, 1);
                t->state = TAG_NAME;
                continue;
            }
            if (c == '>') t->state = DATA;
            else {
                t->state = BOGUS_COMMENT;
                continue;
            }
            break;
        case TAG_NAME: {
            /* The name's letters in one tight loop (most bytes of a page's markup are names). */
            size_t next = i;
            while (next < length && !whitespace(bytes[next]) && bytes[next] != '/' && bytes[next] != '>')
                name_append(t, bytes[next++]);
            t->offset += next - i;
            i = next;
            if (i == length) continue;
            c = bytes[i];
            if (whitespace(c)) t->state = BEFORE_ATTRIBUTE_NAME;
            else if (c == '/') t->state = SELF_CLOSING;
            else emit(t);
            break;
        }
        case BEFORE_ATTRIBUTE_NAME:
            if (whitespace(c)) break;
            if (c == '/' || c == '>') {
                t->state = AFTER_ATTRIBUTE_NAME;
                continue;
            }
            begin_attribute(t);
            if (c == '=') {
                attribute_append(t, c);
                t->state = ATTRIBUTE_NAME;
                break;
            }
            t->state = ATTRIBUTE_NAME;
            continue;
        case ATTRIBUTE_NAME: {
            size_t next = i;
            while (next < length && !whitespace(bytes[next]) && bytes[next] != '/' && bytes[next] != '>' &&
                   bytes[next] != '=')
                attribute_append(t, bytes[next++]);
            t->offset += next - i;
            i = next;
            if (i == length) continue;
            c = bytes[i];
            attribute_named(t);
            if (c == '=') {
                t->state = BEFORE_ATTRIBUTE_VALUE;
                break;
            }
            /* The name is complete; its value is empty unless '=' follows. */
            t->state = AFTER_ATTRIBUTE_NAME;
            continue;
        }
        case AFTER_ATTRIBUTE_NAME:
            if (whitespace(c)) break;
            if (c == '=') {
                t->state = BEFORE_ATTRIBUTE_VALUE;
                break;
            }
            attribute_done(t);
            if (c == '/') t->state = SELF_CLOSING;
            else if (c == '>') emit(t);
            else {
                begin_attribute(t);
                t->state = ATTRIBUTE_NAME;
                continue;
            }
            break;
        case BEFORE_ATTRIBUTE_VALUE:
            if (whitespace(c)) break;
            if (c == '"') t->state = VALUE_DOUBLE;
            else if (c == '\'') t->state = VALUE_SINGLE;
            else if (c == '>') {
                attribute_done(t);
                emit(t);
            } else {
                t->state = VALUE_UNQUOTED;
                continue;
            }
            break;
        case VALUE_DOUBLE:
        case VALUE_SINGLE: {
            const unsigned char *quote = memchr(bytes + i, t->state == VALUE_DOUBLE ? '"' : '\'', length - i);
            size_t next = quote ? (size_t)(quote - bytes) : length;
            value_append(t, bytes + i, next - i);
            t->offset += next - i;
            i = next;
            if (quote == NULL) continue;
            attribute_done(t);
            t->state = AFTER_VALUE;
            break;
        }
        case VALUE_UNQUOTED: {
            size_t next = i;
            while (next < length && !whitespace(bytes[next]) && bytes[next] != '>') next++;
            value_append(t, bytes + i, next - i);
            t->offset += next - i;
            i = next;
            if (i == length) continue;
            attribute_done(t);
            if (bytes[i] == '>') emit(t);
            else t->state = BEFORE_ATTRIBUTE_NAME;
            break;
        }
        case AFTER_VALUE:
            if (whitespace(c)) t->state = BEFORE_ATTRIBUTE_NAME;
            else if (c == '/') t->state = SELF_CLOSING;
            else if (c == '>') emit(t);
            else {
                t->state = BEFORE_ATTRIBUTE_NAME;
                continue;
            }
            break;
        case SELF_CLOSING:
            if (c == '>') {
                t->self_closing = 1;
                emit(t);
            } else {
                t->state = BEFORE_ATTRIBUTE_NAME;
                continue;
            }
            break;
        case MARKUP_DECLARATION: {
            /* "--", "DOCTYPE" (any case) or, in foreign content, "[CDATA[": read one character at a time. */
            static const char doctype[] = "doctype", cdata[] = "[CDATA[";
            size_t m = t->matched;
            int dash = m < 2 && c == '-' && (m == 0 || t->mismatch == 0);
            int is_doctype = m < 7 && lower(c) == (unsigned char)doctype[m] && (m == 0 || t->mismatch == 1);
            int is_cdata = m < 7 && c == (unsigned char)cdata[m] && (m == 0 || t->mismatch == 2) && t->depth > 0 &&
                           t->open[t->depth - 1].space != SPACE_HTML;
            if (!dash && !is_doctype && !is_cdata) {
                t->state = BOGUS_COMMENT;
                continue;
            }
            t->mismatch = dash ? 0 : is_doctype ? 1 : 2;
            t->matched = m + 1;
            if (dash && t->matched == 2) t->state = COMMENT_START;
            else if (is_doctype && t->matched == 7) t->state = DOCTYPE;
            else if (is_cdata && t->matched == 7) t->state = CDATA;
            break;
        }
        case BOGUS_COMMENT:
        case DOCTYPE: {
            const unsigned char *gt = memchr(bytes + i, '>', length - i);
            size_t next = gt ? (size_t)(gt - bytes) : length;
            t->offset += next - i;
            i = next;
            if (gt == NULL) continue;
            t->state = DATA;
            break;
        }
        case COMMENT_START:
            if (c == '-') t->state = COMMENT_START_DASH;
            else if (c == '>') t->state = DATA;
            else {
                t->state = COMMENT;
                continue;
            }
            break;
        case COMMENT_START_DASH:
            if (c == '-') t->state = COMMENT_END;
            else if (c == '>') t->state = DATA;
            else {
                t->state = COMMENT;
                continue;
            }
            break;
        case COMMENT: {
            size_t next = i;
            while (next < length && bytes[next] != '<' && bytes[next] != '-') next++;
            t->offset += next - i;
            i = next;
            if (i == length) continue;
            t->state = bytes[i] == '<' ? COMMENT_LT : COMMENT_END_DASH;
            break;
        }
        case COMMENT_LT:
            if (c == '!') t->state = COMMENT_LT_BANG;
            else if (c != '<') {
                t->state = COMMENT;
                continue;
            }
            break;
        case COMMENT_LT_BANG:
            if (c == '-') t->state = COMMENT_LT_BANG_DASH;
            else {
                t->state = COMMENT;
                continue;
            }
            break;
        case COMMENT_LT_BANG_DASH:
            if (c == '-') t->state = COMMENT_LT_BANG_DASH_DASH;
            else {
                t->state = COMMENT_END_DASH;
                continue;
            }
            break;
        case COMMENT_LT_BANG_DASH_DASH:
            t->state = COMMENT_END;
            continue;
        case COMMENT_END_DASH:
            if (c == '-') t->state = COMMENT_END;
            else {
                t->state = COMMENT;
                continue;
            }
            break;
        case COMMENT_END:
            if (c == '>') t->state = DATA;
            else if (c == '!') t->state = COMMENT_END_BANG;
            else if (c != '-') {
                t->state = COMMENT;
                continue;
            }
            break;
        case COMMENT_END_BANG:
            if (c == '-') t->state = COMMENT_END_DASH;
            else if (c == '>') t->state = DATA;
            else {
                t->state = COMMENT;
                continue;
            }
            break;
        case CDATA:
            if (c == ']') t->state = CDATA_BRACKET;
            break;
        case CDATA_BRACKET:
            if (c == ']') t->state = CDATA_END;
            else {
                t->state = CDATA;
                continue;
            }
            break;
        case CDATA_END:
            if (c == '>') t->state = DATA;
            else if (c != ']') {
                t->state = CDATA;
                continue;
            }
            break;
        case TEXT_LT:
            if (c == '/') t->state = TEXT_END_OPEN;
            else {
                t->state = t->text_state;
                continue;
            }
            break;
        case TEXT_END_OPEN:
            t->matched = 0;
            t->state = alpha(c) ? TEXT_END_NAME : t->text_state;
            continue;
        case TEXT_END_NAME:
        case SCRIPT_END_NAME:
        case SCRIPT_ESCAPED_END_NAME:
            /* The appropriate end tag's name, in RCDATA/RAWTEXT, script data or escaped script data: anything else
             * goes back to the text it came from. */
            if (end_name_ends(t, c)) break;
            if (!(alpha(c) && end_name_continues(t, c))) {
                t->state = t->state == TEXT_END_NAME     ? t->text_state
                           : t->state == SCRIPT_END_NAME ? SCRIPT
                                                         : SCRIPT_ESCAPED;
                continue;
            }
            break;
        case SCRIPT_LT:
            if (c == '/') t->state = SCRIPT_END_OPEN;
            else if (c == '!') t->state = SCRIPT_ESCAPE_START;
            else {
                t->state = SCRIPT;
                continue;
            }
            break;
        case SCRIPT_END_OPEN:
            t->matched = 0;
            t->state = alpha(c) ? SCRIPT_END_NAME : SCRIPT;
            continue;
        case SCRIPT_ESCAPE_START:
            if (c == '-') t->state = SCRIPT_ESCAPE_START_DASH;
            else {
                t->state = SCRIPT;
                continue;
            }
            break;
        case SCRIPT_ESCAPE_START_DASH:
            if (c == '-') t->state = SCRIPT_ESCAPED_DASH_DASH;
            else {
                t->state = SCRIPT;
                continue;
            }
            break;
        case SCRIPT_ESCAPED:
            if (c == '-') t->state = SCRIPT_ESCAPED_DASH;
            else if (c == '<') {
                t->tag_start = t->offset;
                t->state = SCRIPT_ESCAPED_LT;
            }
            break;
        case SCRIPT_ESCAPED_DASH:
        case SCRIPT_ESCAPED_DASH_DASH:
            if (c == '-') t->state = SCRIPT_ESCAPED_DASH_DASH;
            else if (c == '<') {
                t->tag_start = t->offset;
                t->state = SCRIPT_ESCAPED_LT;
            } else if (c == '>' && t->state == SCRIPT_ESCAPED_DASH_DASH) t->state = SCRIPT;
            else t->state = SCRIPT_ESCAPED;
            break;
        case SCRIPT_ESCAPED_LT:
            if (c == '/') t->state = SCRIPT_ESCAPED_END_OPEN;
            else if (alpha(c)) {
                t->matched = 0;
                t->mismatch = 0;
                t->state = SCRIPT_DOUBLE_START;
                continue;
            } else {
                t->state = SCRIPT_ESCAPED;
                continue;
            }
            break;
        case SCRIPT_ESCAPED_END_OPEN:
            t->matched = 0;
            t->state = alpha(c) ? SCRIPT_ESCAPED_END_NAME : SCRIPT_ESCAPED;
            continue;
        case SCRIPT_DOUBLE_START:
            if (whitespace(c) || c == '/' || c == '>') t->state = is_script(t) ? SCRIPT_DOUBLE : SCRIPT_ESCAPED;
            else if (alpha(c)) script_name(t, c);
            else {
                t->state = SCRIPT_ESCAPED;
                continue;
            }
            break;
        case SCRIPT_DOUBLE:
            if (c == '-') t->state = SCRIPT_DOUBLE_DASH;
            else if (c == '<') t->state = SCRIPT_DOUBLE_LT;
            break;
        case SCRIPT_DOUBLE_DASH:
        case SCRIPT_DOUBLE_DASH_DASH:
            if (c == '-') t->state = SCRIPT_DOUBLE_DASH_DASH;
            else if (c == '<') t->state = SCRIPT_DOUBLE_LT;
            else if (c == '>' && t->state == SCRIPT_DOUBLE_DASH_DASH) t->state = SCRIPT;
            else t->state = SCRIPT_DOUBLE;
            break;
        case SCRIPT_DOUBLE_LT:
            if (c == '/') {
                t->matched = 0;
                t->mismatch = 0;
                t->state = SCRIPT_DOUBLE_END;
            } else {
                t->state = SCRIPT_DOUBLE;
                continue;
            }
            break;
        case SCRIPT_DOUBLE_END:
            if (whitespace(c) || c == '/' || c == '>') t->state = is_script(t) ? SCRIPT_ESCAPED : SCRIPT_DOUBLE;
            else if (alpha(c)) script_name(t, c);
            else {
                t->state = SCRIPT_DOUBLE;
                continue;
            }
            break;
        }
        t->offset += 1;
        i += 1;
    }
}

const char *const *html_tokenizer_take(struct html_tokenizer *t, int element, size_t position) {
    while (t->head < t->count) {
        const struct html_tag *tag = &t->queue[t->head];
        if (tag->start >= position) return NULL;
        if (t->head + 1 < t->count && t->queue[t->head + 1].start < position) {
            t->head += 1; /* libxml2 never reported it (it read that stretch as something else) */
            continue;
        }
        t->head += 1;
        if (position > tag->end || tag->element != element || (tag->flags & TAG_INERT)) return NULL;
        const char *p = t->arena + tag->attributes;
        size_t n = 0;
        for (unsigned i = 0; i < tag->count; i++) {
            const char *name = p;
            const char *value = p + strlen(p) + 1;
            p = value + strlen(value) + 1;
            /* An SVG <a>'s link is its href, else its xlink:href. */
            if (tag->flags & TAG_SVG) {
                if (!strcmp(name, "xlink:href")) {
                    int has_href = 0;
                    for (size_t k = 0; k < n; k += 2) has_href |= !strcmp(t->pairs[k], "href");
                    const char *q = p;
                    for (unsigned j = i + 1; j < tag->count; j++) {
                        has_href |= !strcmp(q, "href");
                        q += strlen(q) + 1;
                        q += strlen(q) + 1;
                    }
                    if (has_href) continue;
                    name = "href";
                }
            } else if (!strcmp(name, "xlink:href")) {
                continue;
            }
            t->pairs[n++] = name;
            t->pairs[n++] = value;
        }
        t->pairs[n] = NULL;
        return t->pairs;
    }
    return NULL;
}
