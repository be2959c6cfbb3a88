#include "CHTMLScan.h"
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

struct chtmlscan_scanner {
    htmlParserCtxtPtr ctxt;
    void *context;
    chtmlscan_element_fn fn;
    size_t reported;
    htmlSAXHandler sax;
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
    case 'a': return strcmp(name, "a") == 0 || strcmp(name, "area") == 0;
    case 'b': return strcmp(name, "base") == 0;
    case 'l': return strcmp(name, "link") == 0;
    case 'm': return strcmp(name, "meta") == 0;
    case 'i': return strcmp(name, "iframe") == 0;
    default: return 0;
    }
}

static void on_start(void *ctx, const xmlChar *name, const xmlChar **atts) {
    htmlParserCtxtPtr parser = (htmlParserCtxtPtr)ctx;
    struct chtmlscan_scanner *scanner = (struct chtmlscan_scanner *)parser->_private;
    if (name == NULL || !interesting((const char *)name)) return;
    static const char *const none[] = {NULL};
    scanner->reported += 1;
    scanner->fn(scanner->context, (const char *)name, atts ? (const char *const *)atts : none);
}

chtmlscan_scanner *chtmlscan_create(const char *encoding, void *context, chtmlscan_element_fn fn) {
    pthread_once(&init_once, init_parser);
    xmlSetGenericErrorFunc(NULL, silent);
    xmlSetStructuredErrorFunc(NULL, silent_structured);
    struct chtmlscan_scanner *scanner = calloc(1, sizeof *scanner);
    if (scanner == NULL) return NULL;
    scanner->context = context;
    scanner->fn = fn;
    scanner->sax.startElement = on_start;
    xmlCharEncoding enc = XML_CHAR_ENCODING_UTF8;
    scanner->ctxt = htmlCreatePushParserCtxt(&scanner->sax, NULL, NULL, 0, NULL, enc);
    if (scanner->ctxt == NULL) { free(scanner); return NULL; }
    scanner->ctxt->_private = scanner;
    htmlCtxtUseOptions(scanner->ctxt, HTML_PARSE_NONET | HTML_PARSE_RECOVER | HTML_PARSE_NOERROR |
                                          HTML_PARSE_NOWARNING | HTML_PARSE_COMPACT);
    if (encoding != NULL && encoding[0] != '\0') {
        xmlCharEncodingHandlerPtr handler = xmlFindCharEncodingHandler(encoding);
        if (handler != NULL) xmlSwitchToEncoding(scanner->ctxt, handler);
    }
    return scanner;
}

int chtmlscan_feed(chtmlscan_scanner *scanner, const char *bytes, size_t length, int terminate) {
    /* libxml2 takes an int length: feed huge buffers in slices. */
    const size_t slice = 1 << 20;
    int rc = 0;
    do {
        size_t n = length > slice ? slice : length;
        int last = terminate && n == length;
        rc = htmlParseChunk(scanner->ctxt, bytes, (int)n, last);
        bytes += n;
        length -= n;
    } while (length > 0);
    return rc;
}

size_t chtmlscan_reported(const chtmlscan_scanner *scanner) { return scanner->reported; }

void chtmlscan_free(chtmlscan_scanner *scanner) {
    if (scanner == NULL) return;
    if (scanner->ctxt != NULL) {
        if (scanner->ctxt->myDoc != NULL) xmlFreeDoc(scanner->ctxt->myDoc);
        htmlFreeParserCtxt(scanner->ctxt);
    }
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
