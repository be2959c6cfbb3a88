#ifndef CHTMLSCAN_CHARACTER_REFERENCES_H
#define CHTMLSCAN_CHARACTER_REFERENCES_H
#include <stddef.h>

/* Decodes an attribute value as the HTML Standard's tokenizer does while it reads one: CR LF and lone CR become LF
 * (input stream preprocessing), NUL becomes U+FFFD, and each character reference is replaced by what it stands for
 * (the full named table, the legacy no-semicolon rule for attribute values, the numeric rules). `raw` is UTF-8 as
 * written between the quotes; writes at most `capacity` bytes to `out` (never splitting a character) and returns how
 * many. Three times the raw length is always enough. */
size_t chtmlscan_decode_attribute(const unsigned char *raw, size_t length, unsigned char *out, size_t capacity);

#endif
