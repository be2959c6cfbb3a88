#!/usr/bin/env bash
# Scripts/bench scale [DOMAINS...]: peak RSS and wall time of `aasa-audit audit` at each size (default 1000 10000;
# add 100000 for the full run) against a local nginx, 1 % of the names failing (their file answers 404), writing
# every format, with the report phase (the end of auditing to the last report file renamed into place) from run.json
# to the millisecond (bench_report_phase in Scripts/lib.sh; the files' times only for a build whose run.json has
# whole seconds: they add nothing when it has milliseconds), and with AASA_BENCH_CRAWL=PAGES that of a crawl of that
# many generated pages (Scripts/bench crawlreport); in the same run, for each size, the transport floor: one
# `curl -Z --parallel-max 64` process making the same four requests per domain (well-known and root as AASA-Bot,
# well-known as a browser and as a generic bot).
# Also prints report.html's size and how long headless Chromium takes to load it. AASA_BENCH_BEFORE=BINARY also
# times another build (an older release) on the same domains; AASA_BENCH_NO_FLOOR=1 skips curl; AASA_BENCH_KEEP=DIR
# keeps each size's report.html there. Then the same domains as 4 shards (AASA_BENCH_SHARDS=N, 0 skips) and their
# merge: time and peak RSS of each. Loopback only.
set -euo pipefail
cd "$(dirname "$0")/.."
. Scripts/lib.sh
need_packages libcurl4-openssl-dev libxml2-dev time curl openssl bc python3
command -v nginx >/dev/null || need_packages nginx-light
find_swift
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(1000 10000)
bench_workdir scale

bench_certificates "$work" bench.test "DNS:*.bench.test,DNS:bench.test"
bench_aasa_root "$work/www"
failing=$(cat <<CONF
    server {
        listen 127.0.0.1:$port ssl http2;
        server_name ~^x[0-9]+\.bench\.test\$;
        location / { return 404; }
    }
CONF
)
bench_nginx_conf "$work" "" "$(bench_aasa_server "$port" "$work/www")
$failing"
nginx -p "$work" -c "$work/nginx.conf"

swift build -c release --product aasa-audit >/dev/null
bin=.build/release/aasa-audit
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(curl --version | head -1 | cut -d' ' -f1-2), nginx $(nginx -v 2>&1 | cut -d/ -f2)"

# measure NAME COMMAND...: wall time and peak RSS (GNU time) of one command.
measure() {
    local name="$1"
    shift
    local start end
    start=$(date +%s.%N)
    /usr/bin/time -f "%M" -o "$work/rss" "$@" >/dev/null 2>"$work/err" || true
    end=$(date +%s.%N)
    printf '%-28s wall %8.2f s   peak RSS %7.1f MB\n' "$name" "$(echo "$end - $start" | bc -l)" \
        "$(echo "$(tail -1 "$work/rss") / 1024" | bc -l)"
}

for count in "${sizes[@]}"; do
    # One name in a hundred fails (x… answers 404), the rest pass.
    python3 - "$count" > "$work/domains.txt" <<'PY'
import sys
n = int(sys.argv[1])
for i in range(1, n + 1):
    print(("x%d.bench.test" if i % 100 == 0 else "d%d.bench.test") % i)
PY
    python3 - "$work/domains.txt" "$work/ca.pem" "127.0.0.1:$port" > "$work/curl.cfg" <<'PY'
import sys
ca, target = sys.argv[2], sys.argv[3]
agents = ["AASA-Bot/1.0.0", "AASA-Bot/1.0.0", "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15",
          "MyAgent-Bot/1.0"]
first = True
for name in open(sys.argv[1]).read().split():
    for path, agent in zip(["/.well-known/apple-app-site-association", "/apple-app-site-association",
                            "/.well-known/apple-app-site-association", "/.well-known/apple-app-site-association"],
                           agents):
        if not first:
            print("next")
        first = False
        # `next` starts a new set of options: each request names its own CA and connect-to.
        print('url = "https://%s%s"\noutput = "/dev/null"\nuser-agent = "%s"\ncacert = "%s"\nconnect-to = "::%s"\nsilent'
              % (name, path, agent, ca, target))
PY
    echo "--- $count domains (1 % failing)"
    [ -n "${AASA_BENCH_NO_FLOOR:-}" ] || measure "curl -Z (transport floor)" curl -s -Z --parallel-max 64 -K "$work/curl.cfg"
    rm -rf "$work/report"
    measure "aasa-audit audit" "$bin" audit --domains "$work/domains.txt" --connect-to "::127.0.0.1:$port" \
        --ca-cert "$work/ca.pem" --out "$work/report" --format json,html,csv,junit,markdown --quiet --concurrency 64 --no-cdn
    if [ -n "${AASA_BENCH_BEFORE:-}" ]; then
        rm -rf "$work/before"
        measure "before ($AASA_BENCH_BEFORE)" "$AASA_BENCH_BEFORE" audit --domains "$work/domains.txt" \
            --connect-to "::127.0.0.1:$port" --ca-cert "$work/ca.pem" --out "$work/before" --format json,html,csv \
            --quiet --concurrency 64 --no-cdn
        printf '  before: report.html %.1f MB\n' "$(echo "$(stat -c %s "$work/before/report.html") / 1000000" | bc -l)"
    fi
    python3 - "$work/report" <<'PY'
import json, os, sys
out = sys.argv[1]
with open(os.path.join(out, "report.json")) as f:
    s = json.load(f)["summary"]
sizes = {n: os.path.getsize(os.path.join(out, n)) for n in ("report.json", "report.html", "domains.jsonl")}
print("  report: %d domains, %d pass, %d fail; report.json %.1f MB, report.html %.1f MB, domains.jsonl %.1f MB" % (
    s["domains"], s["passed"], s["failed"], sizes["report.json"] / 1e6, sizes["report.html"] / 1e6,
    sizes["domains.jsonl"] / 1e6))
PY
    echo "  $(bench_report_phase "$work/report")"
    # The same domains as N shards (AASA_BENCH_SHARDS, default 4; 0 skips), then merged: each shard's cost and what
    # `merge` holds while it reads every shard's report.json back.
    shards=${AASA_BENCH_SHARDS:-4}
    if [ "$shards" -gt 0 ]; then
        for i in $(seq 1 "$shards"); do
            rm -rf "$work/shard$i"
            measure "audit --shard $i/$shards" "$bin" audit --domains "$work/domains.txt" --shard "$i/$shards" \
                --connect-to "::127.0.0.1:$port" --ca-cert "$work/ca.pem" --out "$work/shard$i" --format json --quiet \
                --concurrency 64 --no-cdn
        done
        rm -rf "$work/merged"
        measure "merge ($shards shards)" "$bin" merge $(seq -f "$work/shard%g" 1 "$shards") --out "$work/merged" \
            --format json,html,csv --quiet
        domains_of() { python3 -c 'import json, sys; print([d["domain"] for d in json.load(open(sys.argv[1]))["domains"]])' "$1"; }
        cmp -s <(domains_of "$work/merged/report.json") <(domains_of "$work/report/report.json") \
            && echo "  merged report: the single run's domains, in its order" \
            || echo "  merged report: DIFFERS from the single run's domains"
        rm -rf "$work"/shard* "$work/merged"
    fi
    if [ -n "${AASA_BENCH_KEEP:-}" ]; then
        mkdir -p "$AASA_BENCH_KEEP"
        cp "$work/report/report.html" "$AASA_BENCH_KEEP/report-$count.html"
    fi
    if command -v chromium >/dev/null; then
        start=$(date +%s.%N)
        chromium --headless=new --no-sandbox --disable-gpu --user-data-dir="$work/chromium" --dump-dom \
            "about:blank" >/dev/null 2>&1 || true
        printf '  headless Chromium on an empty page (its start-up): %.2f s\n' "$(echo "$(date +%s.%N) - $start" | bc -l)"
        start=$(date +%s.%N)
        chromium --headless=new --no-sandbox --disable-gpu --user-data-dir="$work/chromium" --dump-dom \
            "file://$work/report/report.html" 2>/dev/null | tail -c 200 | grep -q '</html>' \
            && printf '  report.html loaded by headless Chromium (DOM dumped after its script ran) in %.2f s\n' \
                "$(echo "$(date +%s.%N) - $start" | bc -l)" \
            || echo "  report.html: Chromium did not load it"
    fi
done
# Case (b) of the report phase: a crawl of about 100,000 URLs over one site, all formats
# (AASA_BENCH_CRAWL=PAGES, for example 100000; unset skips it), through `Scripts/bench crawlreport`.
if [ -n "${AASA_BENCH_CRAWL:-}" ]; then
    echo "--- a crawl of $AASA_BENCH_CRAWL generated pages, all formats"
    Scripts/bench crawlreport "$AASA_BENCH_CRAWL" "${AASA_BENCH_CRAWL_RUNS:-2}"
fi
