#!/usr/bin/env bash
# Scripts/bench audit [DOMAINS]: aasa-audit against a local nginx serving DOMAINS (default 1000) names over
# HTTPS, beside `xargs -P 64 curl` fetching the same well-known and root URLs with the same --connect-to, in
# the same run. Prints wall time, fetches per second and peak RSS for both. Loopback only.
set -euo pipefail
cd "$(dirname "$0")/.."
. Scripts/lib.sh
need_packages libcurl4-openssl-dev libxml2-dev time curl openssl bc
command -v nginx >/dev/null || need_packages nginx-light
find_swift
count="${1:-1000}"
work=$(mktemp -d /tmp/aasa-bench-audit.XXXXXX)
chmod 755 "$work"  # nginx workers run as another user
port=$((20000 + RANDOM % 20000))
cleanup() { [ -f "$work/nginx.pid" ] && nginx -p "$work" -c "$work/nginx.conf" -s quit 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT

bench_certificates "$work" bench.test "DNS:*.bench.test,DNS:bench.test"
bench_aasa_root "$work/www"
bench_nginx_conf "$work" "" "$(bench_aasa_server "$port" "$work/www")"
nginx -p "$work" -c "$work/nginx.conf"
for i in $(seq -w 1 "$count"); do echo "d$i.bench.test"; done > "$work/domains.txt"
sed 's|.*|https://&/.well-known/apple-app-site-association\nhttps://&/apple-app-site-association|' "$work/domains.txt" \
    > "$work/urls.txt"

swift build -c release --product aasa-audit >/dev/null
bin=.build/release/aasa-audit
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(curl --version | head -1 | cut -d' ' -f1-2), nginx $(nginx -v 2>&1 | cut -d/ -f2)"

measure() { # name, fetches, command...
    local name="$1" fetches="$2"
    shift 2
    local start end
    start=$(date +%s.%N)
    /usr/bin/time -f "%M" -o "$work/rss" "$@" >/dev/null 2>"$work/err" || true
    end=$(date +%s.%N)
    local wall
    wall=$(echo "$end - $start" | bc -l)
    printf '%-34s wall %6.2f s   %7.0f fetches/s   peak RSS %6.1f MB\n' "$name" "$wall" \
        "$(echo "$fetches / $wall" | bc -l)" "$(echo "$(tail -1 "$work/rss") / 1024" | bc -l)"
    echo "$wall" > "$work/wall-$name"
}

if [ -n "${BENCH_DEBUG:-}" ]; then "$bin" audit d0001.bench.test --connect-to "::127.0.0.1:$port" --ca-cert "$work/ca.pem" --out "$work/one" || true; grep -E "httpStatus|\"message\"" "$work/one/report.json"; exit 0; fi
measure curl $((count * 2)) sh -c "xargs -P 64 -n 1 curl -s -o /dev/null --cacert $work/ca.pem --connect-to ::127.0.0.1:$port < $work/urls.txt"
measure aasa-audit $((count * 4)) "$bin" audit --domains "$work/domains.txt" --connect-to "::127.0.0.1:$port" \
    --ca-cert "$work/ca.pem" --out "$work/report" --format json --quiet --concurrency 64 --no-cdn
grep -q '"failed" : 0' "$work/report/report.json" || grep -q '"failed":0' "$work/report/report.json" \
    || { echo "aasa-audit reported failures:"; grep -m3 '"id"' "$work/report/report.json"; }
python3 - "$work/report/report.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
s = r["summary"]
print("aasa-audit report: %d domains, %d pass, %d fail, %d fetches" % (s["domains"], s["passed"], s["failed"], sum(len(d["fetches"]) for d in r["domains"])))
PY
echo "ratio aasa-audit / curl wall time: $(echo "$(cat "$work/wall-aasa-audit") / $(cat "$work/wall-curl")" | bc -l | cut -c1-5) (aasa-audit makes twice the fetches: 4 per domain)"
