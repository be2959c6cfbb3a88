#!/usr/bin/env bash
# Scripts/bench files [RUNS]: `check` and `match --file` on generated hostile files, and the sitemap parse rate.
#   - a 128 KiB one-line file whose every rule raises findings (thousands of them);
#   - a ~4 MB file of 100,000 rules (past Apple's 128 KiB limit: `check` reports too-large and stops decoding);
#   - a plain 10 MB sitemap of 50,000 URLs (the protocol's limits) and the same file gzip-compressed.
# Release build, min and median of RUNS runs (default 5) of the real binary, output to /dev/null: wall time and CPU
# time (user + system), the steadier figure on a shared machine.
set -euo pipefail
cd "$(dirname "$0")/.."
. Scripts/lib.sh
need_packages libcurl4-openssl-dev libxml2-dev python3
find_swift
runs="${1:-5}"
work=$(mktemp -d /tmp/aasa-bench-files.XXXXXX)
trap 'rm -rf "$work"' EXIT
swift build -c release >/dev/null
bin=.build/release/aasa-audit
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(swift --version 2>&1 | head -1)"
python3 - "$work" <<'PY'
import gzip, sys
work = sys.argv[1]
head = '{"applinks": {"details": [{"appIDs": ["9JA89QQLNQ.com.acme.shop"], "components": ['
# One line, every rule with an unknown key and a fragment in its path: two findings per rule.
rules, size, i = [], len(head) + 8, 0
while True:
    rule = '{"/": "/p%d/*#top", "x": 1}' % i
    if size + len(rule) + 2 > 128 * 1024:
        break
    rules.append(rule)
    size += len(rule) + 2
    i += 1
open(f"{work}/findings.json", "w").write(head + ", ".join(rules) + "]}]}}")
kinds = ['{"/": "/category/c%d/*"}', '{"/": "/product/p%d/*", "?": {"id": "?*"}}',
         '{"/": "/static/s%d/*", "exclude": true}', '{"/": "/docs/d%d/*", "caseSensitive": false}',
         '{"/": "/extra/x%d/*/y", "#": "?*"}']
rules = [kinds[i % 5] % i for i in range(100_000)]
open(f"{work}/huge.json", "w").write(head + ",\n".join(rules) + "]}]}}\n")
urls = []
for i in range(50_000):
    pad = "x" * (150 - len(str(i)))
    urls.append(f"<url><loc>https://www.acme.test/p/{i}/{pad}</loc><lastmod>2026-11-24</lastmod></url>\n")
xml = '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n'
xml += "".join(urls) + "</urlset>\n"
open(f"{work}/sitemap.xml", "w").write(xml)
open(f"{work}/sitemap.xml.gz", "wb").write(gzip.compress(xml.encode(), 6, mtime=0))
PY
# time_runs LABEL COMMAND...: min and median wall time of $runs runs; the exit status (1 on findings) is ignored.
time_runs() {
    local label="$1"
    shift
    python3 - "$runs" "$label" "$@" <<'PY'
import os, subprocess, sys, time
runs, label, command = int(sys.argv[1]), sys.argv[2], sys.argv[3:]
walls, cpus = [], []
for _ in range(runs):
    start = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, _, usage = os.wait4(process.pid, 0)
    walls.append(time.perf_counter() - start)
    cpus.append(usage.ru_utime + usage.ru_stime)
walls.sort()
cpus.sort()
print(f"{label}: wall min {walls[0]:.3f} s, median {walls[len(walls) // 2]:.3f} s; "
      f"CPU min {cpus[0]:.3f} s, median {cpus[len(cpus) // 2]:.3f} s")
PY
}
for file in findings huge; do
    size=$(stat -c %s "$work/$file.json")
    # Every finding, those left out past the per-check cap included.
    findings=$({ "$bin" check --json "$work/$file.json" || true; } | python3 -c '
import json, sys
findings = json.load(sys.stdin)["findings"]
kept = [f for f in findings if f["id"] != "findings-truncated"]
print(len(kept) + sum(sum(f["omitted"][k] for k in ("errors", "warnings", "infos")) for f in findings if f.get("omitted")))
' || echo "?")
    echo "$file.json: $size bytes, findings: $findings"
    time_runs "  check (text)" "$bin" check "$work/$file.json"
    time_runs "  check --json" "$bin" check --json "$work/$file.json"
    time_runs "  match --file" "$bin" match --file "$work/$file.json" https://www.acme.test/p7/x https://www.acme.test/zz
done
echo "sitemap.xml: $(stat -c %s "$work/sitemap.xml") bytes, sitemap.xml.gz: $(stat -c %s "$work/sitemap.xml.gz") bytes"
.build/release/aasa-bench sitemap "$work/sitemap.xml" "$work/sitemap.xml.gz"
