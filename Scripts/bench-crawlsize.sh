#!/usr/bin/env bash
# Scripts/bench crawlsize [DIGITS...]: pages/s and peak RSS of aasa-audit --crawl as the site grows, on sites that
# Scripts/gen_site_nginx.sh builds in nginx from no files (DIGITS 4, 5, 6: 11,112, 111,112 and 1,111,112 pages),
# over HTTPS (HTTP/2) from a local nginx whose one worker is pinned to CPU 1. aasa-audit runs pinned to CPU 0;
# wget2 (-r --delete-after, no robots, by address) fetches the same site beside it at 4 and 5 digits only.
# AASA_AUDIT=PATH times that binary instead of building this tree's release one. Loopback only.
set -euo pipefail
cd "$(dirname "$0")/.."
. Scripts/lib.sh
need_packages libcurl4-openssl-dev libxml2-dev time curl openssl bc wget2
command -v nginx >/dev/null || need_packages nginx-light
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(4 5 6)
bench_workdir crawlsize
bench_certificates "$work" site.bench.test "DNS:site.bench.test"
aasa="${AASA_AUDIT:-}"
if [ -z "$aasa" ]; then
    find_swift
    swift build -c release --product aasa-audit >/dev/null
    aasa=.build/release/aasa-audit
fi
one=""
[ "$(nproc)" -ge 2 ] && command -v taskset >/dev/null && one="taskset -c 0"
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')," \
    "$(awk '/MemTotal/ { printf "%.0f GB", $2 / 1048576 }' /proc/meminfo), nginx $(nginx -v 2>&1 | cut -d/ -f2)," \
    "$(wget2 --version 2>/dev/null | head -1); run $(date -u '+%Y-%m-%d %H:%M UTC'), load average $(cut -d' ' -f1-3 /proc/loadavg)"
for digits in "${sizes[@]}"; do
    pages=$(( (10 ** (digits + 1) - 1) / 9 + 1 ))
    bench_nginx_conf "$work" "$([ "$(nproc)" -ge 2 ] && echo "worker_cpu_affinity 10;")" \
        "$(Scripts/gen_site_nginx.sh "$port" site.bench.test "$digits")"
    nginx -p "$work" -c "$work/nginx.conf" 2>/dev/null || nginx -p "$work" -c "$work/nginx.conf" -s reload
    sleep 0.5
    echo "== $pages pages"
    measure() { # name, command...
        local name="$1"
        shift
        local start end wall
        start=$(date +%s.%N)
        /usr/bin/time -f "%M" -o "$work/rss" "$@" >"$work/out" 2>"$work/err" || true
        end=$(date +%s.%N)
        wall=$(echo "$end - $start" | bc -l)
        printf '%-22s wall %8.1f s   %6.0f pages/s   peak RSS %6.1f MB\n' "$name" "$wall" \
            "$(echo "$pages / $wall" | bc -l)" "$(echo "$(tail -1 "$work/rss") / 1024" | bc -l)"
    }
    measure "aasa-audit (one core)" $one "$aasa" audit site.bench.test --crawl --max-pages $((pages * 2)) --no-cdn \
        --crawl-time 86400 --connect-to "::127.0.0.1:$port" --ca-cert "$work/ca.pem" --out "$work/report" \
        --format json --quiet
    python3 - "$work/report/report.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))["domains"][0]
c = d["crawl"]
print("    crawled %d pages, found %d URLs, %d open the app, stopped: %s" % (
    c["pagesFetched"], c["urlsDiscovered"], sum(1 for u in d["urls"] if u["opensApp"]), c["stoppedBecause"]))
PY
    rm -rf "$work/report"
    if [ "$digits" -le 5 ]; then
        measure "wget2 (one core)" $one sh -c \
            "cd $work && exec wget2 -r -l 0 -nd --delete-after -q --no-robots --no-check-certificate https://127.0.0.1:$port/"
    fi
done
