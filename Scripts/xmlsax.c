/* Scripts/xmlsax.c: the bare C baseline for `Scripts/bench scan`: libxml2's HTML push (SAX) parser with only a
 * startElement handler that counts <a> elements, same options as CHTMLScan, over every file named on stdin.
 * Prints MB/s (best of REPS passes) and that pass's CPU time (what a loaded machine leaves closest to the truth). Build: cc -O2 xmlsax.c $(pkg-config --cflags --libs libxml-2.0) */
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/HTMLparser.h>
#include <libxml/parser.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static long anchors;
static void start(void *ctx, const xmlChar *name, const xmlChar **atts) {
    (void)ctx; (void)atts;
    if (name[0] == 'a' && name[1] == 0) anchors++;
}

int main(int argc, char **argv) {
    int reps = argc > 1 ? atoi(argv[1]) : 3;
    char path[4096];
    size_t count = 0, cap = 1024, total = 0;
    char **data = malloc(cap * sizeof *data);
    size_t *sizes = malloc(cap * sizeof *sizes);
    while (fgets(path, sizeof path, stdin)) {
        path[strcspn(path, "\n")] = 0;
        FILE *f = fopen(path, "rb");
        if (!f) continue;
        fseek(f, 0, SEEK_END);
        long n = ftell(f);
        fseek(f, 0, SEEK_SET);
        if (count == cap) { cap *= 2; data = realloc(data, cap * sizeof *data); sizes = realloc(sizes, cap * sizeof *sizes); }
        data[count] = malloc(n);
        sizes[count] = fread(data[count], 1, n, f);
        total += sizes[count++];
        fclose(f);
    }
    xmlInitParser();
    double best = 1e9, best_cpu = 1e9;
    for (int r = 0; r < reps; r++) {
        struct timespec a, b, ca, cb;
        clock_gettime(CLOCK_MONOTONIC, &a);
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ca);
        anchors = 0;
        for (size_t i = 0; i < count; i++) {
            htmlSAXHandler sax;
            memset(&sax, 0, sizeof sax);
            sax.startElement = start;
            htmlParserCtxtPtr ctxt = htmlCreatePushParserCtxt(&sax, NULL, NULL, 0, NULL, XML_CHAR_ENCODING_UTF8);
            htmlCtxtUseOptions(ctxt, HTML_PARSE_NONET | HTML_PARSE_RECOVER | HTML_PARSE_NOERROR | HTML_PARSE_NOWARNING |
                                         HTML_PARSE_COMPACT);
            htmlParseChunk(ctxt, data[i], (int)sizes[i], 1);
            if (ctxt->myDoc) xmlFreeDoc(ctxt->myDoc);
            htmlFreeParserCtxt(ctxt);
        }
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &cb);
        clock_gettime(CLOCK_MONOTONIC, &b);
        double s = (b.tv_sec - a.tv_sec) + (b.tv_nsec - a.tv_nsec) / 1e9;
        double c = (cb.tv_sec - ca.tv_sec) + (cb.tv_nsec - ca.tv_nsec) / 1e9;
        if (s < best) best = s;
        if (c < best_cpu) best_cpu = c;
    }
    printf("bare C SAX: %zu pages, %.1f MB, %ld anchors, %.3f s, %.1f MB/s, cpu %.3f s\n", count, total / 1e6, anchors,
           best, total / 1e6 / best, best_cpu);
    return 0;
}
