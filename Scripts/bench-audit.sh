#!/usr/bin/env bash
# Scripts/bench audit [DOMAINS] [RUNS]: aasa-audit against a local nginx serving DOMAINS (default 1000) names over
# HTTPS (HTTP/2), beside one `curl -Z --parallel-max 64` process making the same four requests per domain (the
# well-known and root files as AASA-Bot, the well-known file as a browser and as a generic bot) with the same
# --connect-to, in the same run. Each side runs RUNS times (default 3) and its best wall time counts. Prints wall time,
# requests per second, peak RSS and, from nginx's log, requests and TLS connections per domain for both, then the
# ratio of wall times. Loopback only. AASA_BENCH_BIN=path times that binary instead of a fresh release build.
set -euo pipefail
cd "$(dirname "$0")/.."
. Scripts/lib.sh
need_packages libcurl4-openssl-dev libxml2-dev time curl openssl bc python3
command -v nginx >/dev/null || need_packages nginx-light
find_swift
count="${1:-1000}"
runs="${2:-3}"
bench_workdir audit

bench_certificates "$work" bench.test "DNS:*.bench.test,DNS:bench.test"
bench_aasa_root "$work/www"
# One log line per request with nginx's connection serial number: requests and connections per domain are counted
# from what the server saw, not from what either client says it did.
server=$(bench_aasa_server "$port" "$work/www" | sed "s|^\( *\)root |\1access_log $work/logs/access.log conn buffer=1m;\n\1root |")
bench_nginx_conf "$work" "" \
    "    log_format conn '\$connection \$connection_requests \$host \$request_uri \"\$http_user_agent\" \$status';
$server"
nginx -p "$work" -c "$work/nginx.conf"
for i in $(seq -w 1 "$count"); do echo "d$i.bench.test"; done > "$work/domains.txt"
# curl's config: one operation per request, in the order aasa-audit probes a domain, each with its own user agent.
python3 - "$work/domains.txt" "$work/ca.pem" "$port" > "$work/curl.conf" <<'PY'
import sys
domains = open(sys.argv[1]).read().split()
agents = {  # Sources/AASA/Transport/Exchange.swift, UserAgents
    "apple": "AASA-Bot/1.0.0",
    "browser": "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) "
    "Version/18.0 Mobile/15E148 Safari/604.1",
    "bot": "MyAgent-Bot/1.0",
}
probes = [("/.well-known/apple-app-site-association", "apple"), ("/apple-app-site-association", "apple"),
          ("/.well-known/apple-app-site-association", "browser"), ("/.well-known/apple-app-site-association", "bot")]
first = True
for domain in domains:
    for path, agent in probes:
        if not first:
            print("next")
        first = False
        print('url = "https://%s%s"' % (domain, path))
        print('user-agent = "%s"' % agents[agent])
        print('cacert = "%s"' % sys.argv[2])
        print('connect-to = "::127.0.0.1:%s"' % sys.argv[3])
        print('output = "/dev/null"')
        print("silent")
PY

bin="${AASA_BENCH_BIN:-}"
if [ -z "$bin" ]; then
    swift build -c release --product aasa-audit >/dev/null
    bin=.build/release/aasa-audit
fi
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(curl --version | head -1 | cut -d' ' -f1-2), nginx $(nginx -v 2>&1 | cut -d/ -f2)"
echo "$count domains, 4 requests each, best of $runs runs per tool"

# measure NAME COMMAND...: runs COMMAND RUNS times; keeps the best wall time, its peak RSS and its nginx log.
measure() {
    local name="$1"
    shift
    local best="" run start end wall
    for run in $(seq 1 "$runs"); do
        : > "$work/logs/access.log"
        start=$(date +%s.%N)
        /usr/bin/time -f "%M" -o "$work/rss" "$@" >/dev/null 2>"$work/err" || true
        end=$(date +%s.%N)
        nginx -p "$work" -c "$work/nginx.conf" -s reopen 2>/dev/null  # flushes the log buffer
        sleep 0.5
        wall=$(echo "$end - $start" | bc -l)
        if [ -z "$best" ] || [ "$(echo "$wall < $best" | bc -l)" = 1 ]; then
            best="$wall"
            cp "$work/logs/access.log" "$work/log-$name"
            tail -1 "$work/rss" > "$work/rss-$name"
        fi
    done
    echo "$best" > "$work/wall-$name"
    python3 - "$name" "$best" "$(cat "$work/rss-$name")" "$count" "$work/log-$name" <<'PY'
import sys
name, wall, rss, count, log = sys.argv[1], float(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
lines = [l for l in open(log) if l.strip()]
connections = {l.split(" ", 1)[0] for l in lines}
ok = sum(1 for l in lines if l.rstrip().endswith(" 200"))
print("%-28s wall %6.2f s  %6.0f requests/s  peak RSS %6.1f MB  %5d requests (%d 200)  %5d connections, %.2f per domain"
      % (name, wall, len(lines) / wall, rss / 1024, len(lines), ok, len(connections), len(connections) / count))
PY
}

if [ -n "${BENCH_DEBUG:-}" ]; then "$bin" audit d0001.bench.test --connect-to "::127.0.0.1:$port" --ca-cert "$work/ca.pem" --out "$work/one" || true; grep -E "httpStatus|\"message\"" "$work/one/report.json"; exit 0; fi
measure "curl -Z --parallel-max 64" curl -s -Z --parallel-max 64 -K "$work/curl.conf"
measure "aasa-audit audit" "$bin" audit --domains "$work/domains.txt" --connect-to "::127.0.0.1:$port" \
    --ca-cert "$work/ca.pem" --out "$work/report" --format json --quiet --concurrency 64 --no-cdn
# The same requests: every (host, path, user agent) either side asked for, compared as multisets.
python3 - "$work/log-curl -Z --parallel-max 64" "$work/log-aasa-audit audit" <<'PY'
import collections, sys
def requests(path):
    return collections.Counter(l.split(" ", 2)[2].rsplit(" ", 1)[0] for l in open(path) if l.strip())
curl, ours = requests(sys.argv[1]), requests(sys.argv[2])
print("same requests as curl: %s" % ("yes" if curl == ours else "NO (%d differ)" % sum(((curl - ours) + (ours - curl)).values())))
PY
grep -q '"failed" : 0' "$work/report/report.json" || grep -q '"failed":0' "$work/report/report.json" \
    || { echo "aasa-audit reported failures:"; grep -m3 '"id"' "$work/report/report.json"; }
python3 - "$work/report/report.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
s = r["summary"]
print("aasa-audit report: %d domains, %d pass, %d fail, %d fetches" % (s["domains"], s["passed"], s["failed"], sum(len(d["fetches"]) for d in r["domains"])))
PY
echo "ratio aasa-audit / curl -Z wall time: $(echo "$(cat "$work/wall-aasa-audit audit") / $(cat "$work/wall-curl -Z --parallel-max 64")" | bc -l | cut -c1-5) (target: at most 0.5)"
