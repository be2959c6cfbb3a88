#ifndef CLIBXML2_SHIM_H
#define CLIBXML2_SHIM_H
/* Debian's libxml2 is built with ICU; its headers pull in the system ICU, which clashes with
 * Foundation's _FoundationICU ("'UErrorCode' has different definitions"). Only CHTMLScan's .c file
 * includes this, and only after dropping the ICU declarations we never touch. */
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/HTMLparser.h>
#endif
