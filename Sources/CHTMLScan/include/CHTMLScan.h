#ifndef CHTMLSCAN_H
#define CHTMLSCAN_H
#include <stddef.h>

/*
 * A libxml2 SAX push scanner that reports only the start tags a link auditor cares about
 * (a, area, link, base, meta, iframe) with their attributes, as a browser has them: libxml2 2.9 finds the elements
 * and the HTML Standard's tokenizer, run over the same bytes, drops those a browser reads as text (inside script,
 * style, textarea, title, xmp, iframe, noembed, noframes, after plaintext), template contents and SVG or MathML
 * elements (but SVG's <a>), and reads the attribute values. No libxml2 type appears here, so Swift
 * modules that import Foundation can import this header: libxml2's own headers pull in ICU's, which clash
 * with the ICU module Foundation brings on Linux.
 * All decisions about what the attributes mean are made in Swift.
 */

/** Called once per interesting start tag. `attributes` is NULL-terminated name/value pairs: the first href, src,
 *  rel, name, content and http-equiv as written (names lower-case), values decoded as the HTML Standard decodes an
 *  attribute value (its named and numeric character references, NUL as U+FFFD, CR LF as LF), UTF-8, at most 64 KiB
 *  of the value as written; an SVG <a>'s href is its href, else its xlink:href. Valid only during the call. */
typedef void (*chtmlscan_element_fn)(void *context, const char *name, const char *const *attributes);

/** Called with an anchor's text when the anchor ends: UTF-8, not NUL-terminated, valid only during the call. */
typedef void (*chtmlscan_text_fn)(void *context, const char *text, size_t length);

typedef struct chtmlscan_scanner chtmlscan_scanner;

/** Creates a scanner. `encoding` is an IANA charset name or NULL for UTF-8. Returns NULL on failure. */
chtmlscan_scanner *chtmlscan_create(const char *encoding, void *context, chtmlscan_element_fn fn);

/** Feeds a chunk; `terminate` non-zero on the last one. Returns 0, or libxml2's error code. */
int chtmlscan_feed(chtmlscan_scanner *scanner, const char *bytes, size_t length, int terminate);

/** From now on, reports the text of each `a` element through `fn` when it ends (its end tag, an implied end, the
 *  next `a` or `area`, or the end of the page), so always before the next `a` or `area` is reported, and the
 *  `alt` of each `area` right after its tag. The text is what a reader sees of the link: the text inside it at any
 *  depth and the `alt` of its images, not scripts or styles; ASCII whitespace, control characters and DEL
 *  collapsed to one space between words, none at either end; at most 200 characters (the rest is dropped while
 *  it arrives, so a hostile page costs no memory). Not called when the text is empty. */
void chtmlscan_collect_anchor_text(chtmlscan_scanner *scanner, chtmlscan_text_fn fn);

/** Where the parser is: its line (1-based, counting LF only) and column (1-based, in characters of the page after
 *  any charset conversion). During an element's callback this is where its start tag ends (its `>`), so a caller
 *  can tell where the element was written without searching the page for it. */
void chtmlscan_position(const chtmlscan_scanner *scanner, int *line, int *column);

/** Number of interesting elements reported so far. */
size_t chtmlscan_reported(const chtmlscan_scanner *scanner);

void chtmlscan_free(chtmlscan_scanner *scanner);

/** Reads a file through libxml2's input layer, which decompresses gzip (libxml2 carries zlib): for .xml.gz
 *  sitemaps. Returns at most `limit` bytes in a malloc'd buffer the caller frees, or NULL. */
unsigned char *chtmlscan_read_decompressed(const char *path, size_t limit, size_t *length);

/** The libxml2 version string the process runs with, e.g. "20914". */
const char *chtmlscan_libxml_version(void);

#endif
