#ifndef CHTMLSCAN_H
#define CHTMLSCAN_H
#include <stddef.h>

/*
 * A libxml2 SAX push scanner that reports only the start tags a link auditor cares about
 * (a, area, link, base, meta, iframe) with their attributes. No libxml2 type appears here, so Swift
 * modules that import Foundation can import this header: libxml2's own headers pull in ICU's, which clash
 * with the ICU module Foundation brings on Linux.
 * All decisions about what the attributes mean are made in Swift.
 */

/** Called once per interesting start tag. `attributes` is NULL-terminated name/value pairs,
 *  names lower-cased by libxml2, values entity-decoded UTF-8; valid only during the call. */
typedef void (*chtmlscan_element_fn)(void *context, const char *name, const char *const *attributes);

typedef struct chtmlscan_scanner chtmlscan_scanner;

/** Creates a scanner. `encoding` is an IANA charset name or NULL for UTF-8. Returns NULL on failure. */
chtmlscan_scanner *chtmlscan_create(const char *encoding, void *context, chtmlscan_element_fn fn);

/** Feeds a chunk; `terminate` non-zero on the last one. Returns 0, or libxml2's error code. */
int chtmlscan_feed(chtmlscan_scanner *scanner, const char *bytes, size_t length, int terminate);

/** Number of interesting elements reported so far. */
size_t chtmlscan_reported(const chtmlscan_scanner *scanner);

void chtmlscan_free(chtmlscan_scanner *scanner);

/** Reads a file through libxml2's input layer, which decompresses gzip (libxml2 carries zlib): for .xml.gz
 *  sitemaps. Returns at most `limit` bytes in a malloc'd buffer the caller frees, or NULL. */
unsigned char *chtmlscan_read_decompressed(const char *path, size_t limit, size_t *length);

/** The libxml2 version string the process runs with, e.g. "20914". */
const char *chtmlscan_libxml_version(void);

#endif
