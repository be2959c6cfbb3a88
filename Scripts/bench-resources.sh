#!/usr/bin/env bash
# Scripts/bench resources [DOMAINS] [PAGES]: bounded resources under hostile input. Audits DOMAINS names (default
# 1000) of which one in ten is hostile (the test fixture's gzip bomb, 50 MB chunked body, 1 byte/s drip, slow
# answer, reset mid-body, stalled TLS handshake, invalid JSON, oversized file, HTML instead of JSON, bot
# blocking), then crawls a generated PAGES-page site (default 100000). Samples the process's RSS and open file
# descriptors every half second and prints them over time, with the peaks. Loopback only.
set -euo pipefail
cd "$(dirname "$0")/.."
. Scripts/lib.sh
need_packages libcurl4-openssl-dev libxml2-dev time curl openssl bc python3
command -v nginx >/dev/null || need_packages nginx-light
find_swift
count="${1:-1000}"
pages="${2:-100000}"
bench_workdir resources
fixture_pid=""
bench_on_exit='[ -z "$fixture_pid" ] || kill "$fixture_pid" 2>/dev/null'

bench_certificates "$work" bench.test "DNS:*.bench.test,DNS:bench.test"
bench_aasa_root "$work/www"
python3 Scripts/gen_site.py --out "$work/site" --pages "$pages"
chmod -R a+rX "$work"
bench_nginx_conf "$work" "" "$(bench_aasa_server "$port" "$work/www")
$(bench_site_server "$port" "$work/site" site.bench.test)"
nginx -p "$work" -c "$work/nginx.conf"

# The hostile hosts come from the test fixture; it exits when its stdin closes.
mkfifo "$work/fixture.in"
python3 Tests/Fixtures/server.py < "$work/fixture.in" > "$work/fixture.out" 2>/dev/null &
fixture_pid=$!
exec 9>"$work/fixture.in"
for _ in $(seq 1 100); do grep -q READY "$work/fixture.out" 2>/dev/null && break; sleep 0.1; done
read -r fixture_port stall_port fixture_ca < <(sed -n 's/READY port=\([0-9]*\) tls11port=[0-9]* stallport=\([0-9]*\) ca=\(.*\)/\1 \2 \3/p' "$work/fixture.out")
cat "$work/ca.pem" "$fixture_ca" > "$work/trust.pem"

scenarios=(gzipbomb chunked drip slow reset stall badjson large html uablock)
: > "$work/domains.txt"
: > "$work/connect.args"
for i in $(seq 1 "$count"); do
    if [ $((i % 10)) -eq 0 ]; then
        scenario=${scenarios[$(((i / 10) % ${#scenarios[@]}))]}
        host="$scenario--$i.aasa.test"
        target=$fixture_port
        [ "$scenario" = stall ] && target=$stall_port
        printf -- '--connect-to\n%s:443:127.0.0.1:%s\n' "$host" "$target" >> "$work/connect.args"
        echo "$host" >> "$work/domains.txt"
    else
        printf 'd%04d.bench.test\n' "$i" >> "$work/domains.txt"
    fi
done
printf -- '--connect-to\n::127.0.0.1:%s\n' "$port" >> "$work/connect.args"
mapfile -t connect < "$work/connect.args"

swift build -c release --product aasa-audit >/dev/null
bin=.build/release/aasa-audit
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), nginx $(nginx -v 2>&1 | cut -d/ -f2)"

# sampled NAME COMMAND...: runs COMMAND, samples RSS (MB) and open fds every 0.5 s, prints a timeline and peaks.
sampled() {
    local name="$1"
    shift
    "$@" > "$work/$name.out" 2>&1 &
    local pid=$! start
    start=$(date +%s.%N)
    : > "$work/$name.samples"
    while kill -0 "$pid" 2>/dev/null; do
        local rss fds
        rss=$(awk '/^VmRSS/ {print $2}' "/proc/$pid/status" 2>/dev/null || true)
        fds=$(ls "/proc/$pid/fd" 2>/dev/null | wc -l)
        [ -n "$rss" ] && echo "$(echo "$(date +%s.%N) - $start" | bc -l) $rss $fds" >> "$work/$name.samples"
        sleep 0.5
    done
    wait "$pid" || true
    python3 - "$name" "$work/$name.samples" <<'PY'
import sys
name, path = sys.argv[1], sys.argv[2]
rows = [tuple(float(x) for x in line.split()) for line in open(path) if line.strip()]
if not rows:
    sys.exit(print("%s: no samples" % name))
print("%s: %.1f s, peak RSS %.1f MB, peak open fds %d" % (name, rows[-1][0], max(r[1] for r in rows) / 1024,
                                                          max(r[2] for r in rows)))
step = max(1, len(rows) // 12)
print("   t (s)   RSS (MB)   open fds")
for r in rows[::step] + ([rows[-1]] if (len(rows) - 1) % step else []):
    print("  %6.1f   %8.1f   %8d" % (r[0], r[1] / 1024, r[2]))
q = max(1, len(rows) // 4)
print("  RSS mean, second quarter %.1f MB, last quarter %.1f MB" % (
    sum(r[1] for r in rows[q:2 * q]) / max(1, len(rows[q:2 * q])) / 1024, sum(r[1] for r in rows[-q:]) / q / 1024))
PY
}

sampled audit "$bin" audit --domains "$work/domains.txt" "${connect[@]}" --ca-cert "$work/trust.pem" --no-cdn \
    --out "$work/audit" --format json --quiet --concurrency 64
python3 - "$work/audit/report.json" <<'PY'
import json, sys, collections
r = json.load(open(sys.argv[1]))
s = r["summary"]
hostile = [d for d in r["domains"] if d["domain"].endswith(".aasa.test")]
ids = collections.Counter(f["id"] for d in hostile for f in d["findings"] if f["severity"] == "error")
print("  report: %d domains (%d pass, %d warn, %d fail); the %d hostile ones: %s" % (
    s["domains"], s["passed"], s["warned"], s["failed"], len(hostile), ", ".join("%s %d" % kv for kv in ids.most_common(8))))
others = collections.Counter(f["id"] for d in r["domains"] if not d["domain"].endswith(".aasa.test")
                             for f in d["findings"] if f["severity"] == "error")
if s["failed"] > len(hostile):
    print("  failed, not hostile: %s" % ", ".join(d["domain"] for d in r["domains"]
                                                if d["verdict"] == "fail" and not d["domain"].endswith(".aasa.test"))[:300])
for d in r["domains"]:
    if d["verdict"] == "fail" and not d["domain"].endswith(".aasa.test"):
        print("  e.g. %s: %s" % (d["domain"], "; ".join(f["message"] for f in d["findings"] if f["severity"] == "error")))
        print("       fetches: %s" % "; ".join("%s %s %s %s" % (e["location"], e.get("httpStatus"), e.get("error"), e.get("timingsMs")) for e in d["fetches"]))
        break
if others:
    print("  errors on the well-behaved domains: %s" % ", ".join("%s %d" % kv for kv in others.most_common(8)))
PY
sampled crawl "$bin" audit site.bench.test --crawl --max-pages $((pages * 2)) --no-cdn --connect-to "::127.0.0.1:$port" \
    --ca-cert "$work/ca.pem" --out "$work/crawl" --format json,csv --quiet
python3 - "$work/crawl/report.json" <<'PY'
import json, sys
c = json.load(open(sys.argv[1]))["domains"][0]["crawl"]
print("  report: %d pages fetched, %d URLs, stopped: %s" % (c["pagesFetched"], c["urlsDiscovered"], c["stoppedBecause"]))
PY
