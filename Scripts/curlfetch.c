/* Scripts/curlfetch.c: the bare C transport floor for `Scripts/bench crawl`: libcurl's multi interface fetching every
 * URL named on stdin, PARALLEL at a time over one HTTP/2 connection (multiplexed, as the crawler's fetcher asks),
 * each body thrown away. No parsing, no bookkeeping: what any libcurl-based crawler pays per page before it does
 * anything of its own. Prints the best of REPS passes and that pass's CPU time (user + system), which a loaded
 * machine leaves closest to the truth.
 * Usage: curlfetch REPS PARALLEL CONNECT_TO CA_FILE < urls   Build: cc -O2 curlfetch.c -lcurl */
#include <curl/curl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static size_t discard(char *data, size_t size, size_t count, void *user) {
    (void)data; (void)user;
    return size * count;
}

static CURL *request(const char *url, struct curl_slist *connect_to, const char *ca) {
    CURL *easy = curl_easy_init();
    curl_easy_setopt(easy, CURLOPT_URL, url);
    curl_easy_setopt(easy, CURLOPT_WRITEFUNCTION, discard);
    curl_easy_setopt(easy, CURLOPT_HTTP_VERSION, (long)CURL_HTTP_VERSION_2TLS);
    curl_easy_setopt(easy, CURLOPT_PIPEWAIT, 1L);
    curl_easy_setopt(easy, CURLOPT_ACCEPT_ENCODING, "");
    curl_easy_setopt(easy, CURLOPT_CONNECT_TO, connect_to);
    curl_easy_setopt(easy, CURLOPT_CAINFO, ca);
    return easy;
}

int main(int argc, char **argv) {
    if (argc < 5) {
        fprintf(stderr, "usage: curlfetch REPS PARALLEL CONNECT_TO CA_FILE < urls\n");
        return 2;
    }
    int reps = atoi(argv[1]), parallel = atoi(argv[2]);
    struct curl_slist *connect_to = curl_slist_append(NULL, argv[3]);
    const char *ca = argv[4];
    char line[4096];
    size_t count = 0, cap = 1024;
    char **urls = malloc(cap * sizeof *urls);
    while (fgets(line, sizeof line, stdin)) {
        line[strcspn(line, "\n")] = 0;
        if (!*line) continue;
        if (count == cap) { cap *= 2; urls = realloc(urls, cap * sizeof *urls); }
        urls[count++] = strdup(line);
    }
    curl_global_init(CURL_GLOBAL_DEFAULT);
    double best = 1e9, best_cpu = 1e9;
    size_t failed = 0;
    for (int r = 0; r < reps; r++) {
        struct timespec a, b, ca_, cb;
        clock_gettime(CLOCK_MONOTONIC, &a);
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ca_);
        CURLM *multi = curl_multi_init();
        curl_multi_setopt(multi, CURLMOPT_PIPELINING, CURLPIPE_MULTIPLEX);
        size_t next = 0, done = 0;
        failed = 0;
        while (next < count && next < (size_t)parallel) curl_multi_add_handle(multi, request(urls[next++], connect_to, ca));
        while (done < count) {
            int running, queued;
            curl_multi_perform(multi, &running);
            CURLMsg *message;
            while ((message = curl_multi_info_read(multi, &queued))) {
                if (message->msg != CURLMSG_DONE) continue;
                if (message->data.result != CURLE_OK) failed++;
                curl_multi_remove_handle(multi, message->easy_handle);
                curl_easy_cleanup(message->easy_handle);
                done++;
                if (next < count) curl_multi_add_handle(multi, request(urls[next++], connect_to, ca));
            }
            if (done < count) curl_multi_poll(multi, NULL, 0, 1000, NULL);
        }
        curl_multi_cleanup(multi);
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &cb);
        clock_gettime(CLOCK_MONOTONIC, &b);
        double s = (b.tv_sec - a.tv_sec) + (b.tv_nsec - a.tv_nsec) / 1e9;
        double c = (cb.tv_sec - ca_.tv_sec) + (cb.tv_nsec - ca_.tv_nsec) / 1e9;
        if (s < best) best = s;
        if (c < best_cpu) best_cpu = c;
    }
    printf("bare C libcurl: %zu pages, %zu failed, %d in flight, %.3f s, cpu %.3f s\n", count, failed, parallel, best,
           best_cpu);
    return failed ? 1 : 0;
}
