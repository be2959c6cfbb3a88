#include "CHTMLScan.h"
#include "Tokenizer.h"
/* Same ICU workaround as Sources/CLibXML2/shim.h. */
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/HTMLparser.h>
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/xmlIO.h>
#include <libxml/tree.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

/* At most this many characters (code points) of an anchor's text are kept; 4 bytes each at most. */
#define ANCHOR_TEXT_CHARACTERS 200

struct chtmlscan_scanner {
    htmlParserCtxtPtr ctxt;
    /* The HTML Standard's reading of the same bytes: which elements libxml2 finds a browser has, and their
     * attribute values. */
    struct html_tokenizer tokenizer;
    /* Bytes libxml2 has converted to UTF-8 so far, all of them read by the tokenizer. */
    size_t converted;
    void *context;
    chtmlscan_element_fn fn;
    size_t reported;
    htmlSAXHandler sax;
    /* Anchor text, when asked for: the text of the open `a` (or nothing), whitespace collapsed while it arrives. */
    chtmlscan_text_fn text_fn;
    int anchor_open;
    int pending_space;
    /* The cap was reached: the rest of this anchor's text is dropped. */
    int full;
    size_t characters;
    size_t length;
    char text[ANCHOR_TEXT_CHARACTERS * 4];
};

static pthread_once_t init_once = PTHREAD_ONCE_INIT;

/* HTML_PARSE_NOERROR silences the parser, not the encoders: a page declaring a charset its bytes break (found by
 * fuzzing) made libxml2 print "encoding error : input conversion failed" to our stderr through its generic error
 * channel. Site content must never write to the terminal, so that channel is silenced, for threads created later
 * (ThrDef) and, since libxml2 keeps it per thread, for each thread that creates a scanner. */
static void silent(void *ctx, const char *message, ...) { (void)ctx; (void)message; }
static void silent_structured(void *ctx, xmlErrorPtr error) { (void)ctx; (void)error; }

static void init_parser(void) {
    xmlInitParser();
    xmlThrDefSetGenericErrorFunc(NULL, silent);
    xmlThrDefSetStructuredErrorFunc(NULL, silent_structured);
}

static int interesting(const char *name) {
    switch (name[0]) {
    case 'a': return strcmp(name, "a") == 0 ? HTML_A : strcmp(name, "area") == 0 ? HTML_AREA : HTML_NONE;
    case 'b': return strcmp(name, "base") == 0 ? HTML_BASE : HTML_NONE;
    case 'l': return strcmp(name, "link") == 0 ? HTML_LINK : HTML_NONE;
    case 'm': return strcmp(name, "meta") == 0 ? HTML_META : HTML_NONE;
    case 'i': return strcmp(name, "iframe") == 0 ? HTML_IFRAME : HTML_NONE;
    default: return HTML_NONE;
    }
}

/* Where libxml2's parser is, as an offset in the converted bytes: everything converted is in its buffer, whose end
 * is that many bytes in (its `consumed` count misses what an encoding switch drops, so it is not used). */
static size_t parser_offset(const struct chtmlscan_scanner *s) {
    xmlParserInputPtr input = s->ctxt->input;
    return s->converted - (size_t)(input->end - input->cur);
}

/* HTML's ASCII whitespace, and the C0 and C1 controls and DEL, which a page never means as text: one space
 * between words, none at either end. */
static void append_text(struct chtmlscan_scanner *s, const unsigned char *bytes, size_t count) {
    for (size_t i = 0; i < count && !s->full; i++) {
        unsigned char b = bytes[i];
        if (b <= 0x20 || b == 0x7F || (b == 0xC2 && i + 1 < count && bytes[i + 1] >= 0x80 && bytes[i + 1] <= 0x9F)) {
            if (b == 0xC2) i++;
            s->pending_space = s->length > 0;
            continue;
        }
        int lead = (b & 0xC0) != 0x80;
        if (lead) {
            size_t needed = s->pending_space ? 2 : 1;
            if (s->characters + needed > ANCHOR_TEXT_CHARACTERS || s->length + needed > sizeof s->text) {
                s->full = 1;
                return;
            }
            if (s->pending_space) {
                s->text[s->length++] = ' ';
                s->characters += 1;
                s->pending_space = 0;
            }
            s->characters += 1;
        } else if (s->length == 0) {
            continue; /* a stray continuation byte */
        }
        if (s->length >= sizeof s->text) {
            s->full = 1;
            return;
        }
        s->text[s->length++] = (char)b;
    }
}

static void open_anchor(struct chtmlscan_scanner *s) {
    s->anchor_open = 1;
    s->pending_space = 0;
    s->full = 0;
    s->characters = 0;
    s->length = 0;
}

/* Hands over the open anchor's text, if it has any, and closes it. */
static void finish_anchor(struct chtmlscan_scanner *s) {
    if (!s->anchor_open) return;
    s->anchor_open = 0;
    if (s->length > 0) s->text_fn(s->context, s->text, s->length);
}

static const xmlChar *attribute(const xmlChar **atts, const char *name) {
    for (size_t i = 0; atts != NULL && atts[i] != NULL; i += 2) {
        if (strcmp((const char *)atts[i], name) == 0) return atts[i + 1];
    }
    return NULL;
}

static void append_alt(struct chtmlscan_scanner *s, const xmlChar **atts) {
    const xmlChar *alt = attribute(atts, "alt");
    if (alt == NULL) return;
    s->pending_space = s->length > 0;
    append_text(s, alt, strlen((const char *)alt));
    s->pending_space = s->length > 0;
}

static void on_start(void *ctx, const xmlChar *name, const xmlChar **atts) {
    htmlParserCtxtPtr parser = (htmlParserCtxtPtr)ctx;
    struct chtmlscan_scanner *scanner = (struct chtmlscan_scanner *)parser->_private;
    if (name == NULL) return;
    const char *element = (const char *)name;
    if (scanner->anchor_open) {
        /* An image link's words are its alt text; a line break separates words. */
        if (strcmp(element, "img") == 0) append_alt(scanner, atts);
        else if (strcmp(element, "br") == 0) scanner->pending_space = scanner->length > 0;
    }
    int kind = interesting(element);
    if (kind == HTML_NONE) return;
    /* Only an element a browser has (not text, template contents, or an SVG element other than <a>), with the
     * attribute values as a browser reads them. */
    const char *const *attributes = html_tokenizer_take(&scanner->tokenizer, kind, parser_offset(scanner));
    if (attributes == NULL) return;
    int anchor = kind == HTML_A, area = kind == HTML_AREA;
    /* Anchors do not nest: a new one (or an image-map area) ends the one before, as in a browser. */
    if (scanner->text_fn != NULL && (anchor || area)) finish_anchor(scanner);
    scanner->reported += 1;
    scanner->fn(scanner->context, element, attributes);
    if (scanner->text_fn == NULL || !(anchor || area)) return;
    open_anchor(scanner);
    if (area) {
        append_alt(scanner, atts);
        finish_anchor(scanner);
    }
}

static void on_end(void *ctx, const xmlChar *name) {
    htmlParserCtxtPtr parser = (htmlParserCtxtPtr)ctx;
    struct chtmlscan_scanner *scanner = (struct chtmlscan_scanner *)parser->_private;
    if (scanner->anchor_open && name != NULL && strcmp((const char *)name, "a") == 0) finish_anchor(scanner);
}

static void on_text(void *ctx, const xmlChar *ch, int len) {
    htmlParserCtxtPtr parser = (htmlParserCtxtPtr)ctx;
    struct chtmlscan_scanner *scanner = (struct chtmlscan_scanner *)parser->_private;
    if (scanner->anchor_open && len > 0) append_text(scanner, ch, (size_t)len);
}

/* Script and style contents reach SAX here; they are not words on the page. */
static void on_script(void *ctx, const xmlChar *ch, int len) { (void)ctx; (void)ch; (void)len; }

chtmlscan_scanner *chtmlscan_create(const char *encoding, void *context, chtmlscan_element_fn fn) {
    pthread_once(&init_once, init_parser);
    xmlSetGenericErrorFunc(NULL, silent);
    xmlSetStructuredErrorFunc(NULL, silent_structured);
    struct chtmlscan_scanner *scanner = calloc(1, sizeof *scanner);
    if (scanner == NULL) return NULL;
    scanner->context = context;
    scanner->fn = fn;
    html_tokenizer_init(&scanner->tokenizer);
    scanner->sax.startElement = on_start;
    xmlCharEncoding enc = XML_CHAR_ENCODING_UTF8;
    scanner->ctxt = htmlCreatePushParserCtxt(&scanner->sax, NULL, NULL, 0, NULL, enc);
    if (scanner->ctxt == NULL) { free(scanner); return NULL; }
    scanner->ctxt->_private = scanner;
    /* The charset is chosen before the parse (header, the first KiB's <meta>, a UTF-8 check): IGNORE_ENC keeps
     * libxml2 from switching at a later <meta>, which took effect only from the next chunk on and left the bytes it
     * had converted out of step with the tokenizer's. */
    htmlCtxtUseOptions(scanner->ctxt, HTML_PARSE_NONET | HTML_PARSE_RECOVER | HTML_PARSE_NOERROR |
                                          HTML_PARSE_NOWARNING | HTML_PARSE_COMPACT | HTML_PARSE_IGNORE_ENC);
    if (encoding != NULL && encoding[0] != '\0') {
        xmlCharEncodingHandlerPtr handler = xmlFindCharEncodingHandler(encoding);
        if (handler != NULL) xmlSwitchToEncoding(scanner->ctxt, handler);
    }
    return scanner;
}

/* Exported by libxml2 2.9 but declared only in its private buf.h. */
void xmlBufFree(xmlBufPtr buf);

/* What htmlParseChunk does before it parses: hands the bytes to the input buffer, which converts them to UTF-8, and
 * points the parser's input at the buffer again (it may have moved). Done here so the tokenizer reads the converted
 * bytes before libxml2 parses them. Returns 0, or libxml2's code when the conversion failed. */
static int convert(struct chtmlscan_scanner *s, const char *bytes, size_t length) {
    htmlParserCtxtPtr ctxt = s->ctxt;
    xmlParserInputPtr input = ctxt->input;
    if (length == 0 || input == NULL || input->buf == NULL || ctxt->instate == XML_PARSER_EOF) return 0;
    xmlBufPtr buffer = input->buf->buffer;
    size_t base = (size_t)(input->base - xmlBufContent(buffer));
    size_t cur = (size_t)(input->cur - input->base);
    size_t before = xmlBufUse(buffer);
    int result = xmlParserInputBufferPush(input->buf, (int)length, bytes);
    input->base = xmlBufContent(buffer) + base;
    input->cur = input->base + cur;
    input->end = xmlBufEnd(buffer);
    if (result < 0) {
        ctxt->errNo = XML_PARSER_EOF;
        ctxt->disableSAX = 1;
        return XML_PARSER_EOF;
    }
    size_t after = xmlBufUse(buffer);
    html_tokenizer_feed(&s->tokenizer, xmlBufContent(buffer) + before, after - before);
    s->converted += after - before;
    return 0;
}

int chtmlscan_feed(chtmlscan_scanner *scanner, const char *bytes, size_t length, int terminate) {
    /* libxml2 takes an int length: feed huge buffers in slices. */
    const size_t slice = 1 << 20;
    int rc = 0;
    do {
        size_t n = length > slice ? slice : length;
        int last = terminate && n == length;
        rc = convert(scanner, bytes, n);
        if (rc == 0) {
            /* Without bytes, htmlParseChunk converts what is left of the raw input before it parses: nothing, or
             * bytes the charset cannot convert, which would make it return before parsing what was converted. */
            xmlParserInputBufferPtr in = scanner->ctxt->input != NULL ? scanner->ctxt->input->buf : NULL;
            xmlBufPtr raw = in != NULL ? in->raw : NULL;
            if (in != NULL) in->raw = NULL;
            rc = htmlParseChunk(scanner->ctxt, NULL, 0, last);
            /* An encoding switch inside libxml2 (a late declaration it still acts on) makes a raw buffer of its own
             * from the converted bytes: keep that one, and free ours rather than leak it (found by LeakSanitizer). */
            if (in != NULL) {
                if (in->raw == NULL) in->raw = raw;
                else if (raw != NULL && raw != in->raw) xmlBufFree(raw);
            }
        }
        bytes += n;
        length -= n;
    } while (length > 0);
    /* An anchor still open when the page ends, if libxml2 did not close it through SAX. */
    if (terminate && scanner->text_fn != NULL) finish_anchor(scanner);
    return rc;
}

void chtmlscan_collect_anchor_text(chtmlscan_scanner *scanner, chtmlscan_text_fn fn) {
    if (fn == NULL || scanner->text_fn != NULL) return;
    scanner->text_fn = fn;
    /* The parser holds its own copy of the handler. */
    htmlSAXHandlerPtr sax = (htmlSAXHandlerPtr)scanner->ctxt->sax;
    sax->endElement = on_end;
    sax->characters = on_text;
    sax->ignorableWhitespace = on_text;
    sax->cdataBlock = on_script;
}

size_t chtmlscan_reported(const chtmlscan_scanner *scanner) { return scanner->reported; }

void chtmlscan_position(const chtmlscan_scanner *scanner, int *line, int *column) {
    xmlParserInputPtr input = scanner->ctxt->input;
    *line = input != NULL ? input->line : 0;
    *column = input != NULL ? input->col : 0;
}

void chtmlscan_free(chtmlscan_scanner *scanner) {
    if (scanner == NULL) return;
    if (scanner->ctxt != NULL) {
        if (scanner->ctxt->myDoc != NULL) xmlFreeDoc(scanner->ctxt->myDoc);
        htmlFreeParserCtxt(scanner->ctxt);
    }
    html_tokenizer_free(&scanner->tokenizer);
    free(scanner);
}

const char *chtmlscan_libxml_version(void) { return xmlParserVersion; }

unsigned char *chtmlscan_read_decompressed(const char *path, size_t limit, size_t *length) {
    pthread_once(&init_once, init_parser);
    xmlSetGenericErrorFunc(NULL, silent);
    xmlSetStructuredErrorFunc(NULL, silent_structured);
    *length = 0;
    xmlParserInputBufferPtr in = xmlParserInputBufferCreateFilename(path, XML_CHAR_ENCODING_NONE);
    if (in == NULL) return NULL;
    while (xmlBufUse(in->buffer) < limit) {
        if (xmlParserInputBufferRead(in, 65536) <= 0) break;
    }
    size_t used = xmlBufUse(in->buffer);
    if (used > limit) used = limit;
    unsigned char *out = malloc(used > 0 ? used : 1);
    if (out != NULL) {
        memcpy(out, xmlBufContent(in->buffer), used);
        *length = used;
    }
    xmlFreeParserInputBuffer(in);
    return out;
}
