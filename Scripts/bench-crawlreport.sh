#!/usr/bin/env bash
# Scripts/bench crawlreport [PAGES] [RUNS]: the report phase of a big crawl, all formats: a site of PAGES generated
# pages (default 50000: 53,001 URLs recorded; 100000: 106,001) from a local nginx, crawled RUNS times (default 3); each run prints
# wall and CPU time, peak RSS, pages and URLs, the report phase (the end of auditing to the last report file renamed
# into place, from run.json to the millisecond: bench_report_phase in Scripts/lib.sh) and the crawl's CPU per page.
# With RUNS over 1 the first and last runs' report.json are compared, what each URL row says of its links included.
# AASA_BENCH_BEFORE=BINARY runs another build (an older release) in turn with ours, and compares the two report.json
# files (timing fields and the URLs' order aside); for a build whose run.json has whole seconds the phase comes from
# the files' times (the run log's last write to the last report file's), which add nothing otherwise.
# Loopback only.
set -euo pipefail
cd "$(dirname "$0")/.."
. Scripts/lib.sh
need_packages libcurl4-openssl-dev libxml2-dev time openssl python3
command -v nginx >/dev/null || need_packages nginx-light
find_swift
pages=${1:-50000}
runs=${2:-3}
bench_workdir crawlreport
bench_certificates "$work" site.bench.test "DNS:site.bench.test"
swift build -c release --product aasa-audit >/dev/null
python3 Scripts/gen_site.py --out "$work/site" --pages "$pages"
chmod -R a+rX "$work/site"
bench_nginx_conf "$work" "" "$(bench_site_server "$port" "$work/site" _)"
nginx -p "$work" -c "$work/nginx.conf"
sleep 0.5
binaries=("ours=.build/release/aasa-audit")
[ -z "${AASA_BENCH_BEFORE:-}" ] || binaries+=("before=$AASA_BENCH_BEFORE")
for run in $(seq 1 "$runs"); do
    for pair in "${binaries[@]}"; do
        which=${pair%%=*}
        bin=${pair#*=}
        rm -rf "${work:?}/$which"
        /usr/bin/time -f "%e %U %S %M" -o "$work/t" "$bin" audit site.bench.test --crawl --max-pages $((pages * 2)) \
            --no-cdn --connect-to "::127.0.0.1:$port" --ca-cert "$work/ca.pem" --out "$work/$which" \
            --format json,html,csv,junit,markdown --quiet >/dev/null 2>&1 || true
        python3 - "$work/$which" "$(tail -1 "$work/t")" "$which" "$run" "$(bench_report_phase "$work/$which")" <<'PY'
import json, os, sys
out, t, which, run, phase = sys.argv[1], sys.argv[2].split(), sys.argv[3], sys.argv[4], sys.argv[5]
domain = json.load(open(os.path.join(out, "report.json")))["domains"][0]
pages = domain["crawl"]["pagesFetched"]
cpu = float(t[1]) + float(t[2])
print("%-6s run %s: wall %6.2f s  cpu %6.2f s  peak RSS %6.1f MB  %d pages, %d URLs  %s  cpu/page %.0f us" % (
    which, run, float(t[0]), cpu, int(t[3]) / 1024, pages, len(domain["urls"]), phase, cpu / max(pages, 1) * 1e6))
PY
    done
    [ "$run" != 1 ] || cp "$work/ours/report.json" "$work/ours-first.json"
done
# compare A B ORDER_TOO LABEL: report.json A against B, times aside; ORDER_TOO=1 keeps what builds before 5dcf71c took
# from whichever fetch finished first (a URL's foundOn, that link's href and text), which ours no longer does.
compare() {
    python3 - "$@" <<'PY'
import json, sys
# Left out of the comparison: times, the order of URL rows (discovery order, which concurrent fetches change), the
# pages a finding quotes as examples, and unless asked, the URL facts older builds took from the first fetch to
# finish; header names compared as libcurl reports them (HTTP/2 names are lower-case).
ORDER = () if sys.argv[3] == "1" else ("foundOn", "href", "anchorText")
def strip(v):
    if isinstance(v, dict):
        out = {k: strip(x) for k, x in v.items()
               if k not in ("startedAt", "finishedAt", "timingsMs", "notAfter", "daysLeft") + ORDER}
        if str(out.get("name", "")).lower() in ("date", "last-modified") and "value" in out:
            out["value"] = ""
        if "id" in out and "severity" in out and "message" in out:
            out = {"id": out["id"], "severity": out["severity"]}
        if isinstance(out.get("urls"), list):
            out["urls"] = sorted(out["urls"], key=lambda row: row.get("url", ""))
        return out
    return [strip(x) for x in v] if isinstance(v, list) else v
a, b = (strip(json.load(open(p))) for p in sys.argv[1:3])
print(sys.argv[4] + (": identical" if a == b else ": DIFFER"))
shown = []
def diff(x, y, path):
    """The first few places where the two differ, so a one-off difference can be told from a real one."""
    if len(shown) >= 5 or x == y:
        return
    if isinstance(x, dict) and isinstance(y, dict):
        for k in sorted(set(x) | set(y)):
            diff(x.get(k), y.get(k), path + "/" + k)
    elif isinstance(x, list) and isinstance(y, list) and len(x) == len(y):
        for i, (p, q) in enumerate(zip(x, y)):
            diff(p, q, "%s[%d]" % (path, i))
    else:
        shown.append("  %s: %s | %s" % (path or "/", repr(x)[:150], repr(y)[:150]))
diff(a, b, "")
if shown:
    print("\n".join(shown))
PY
}
if [ "$runs" -gt 1 ]; then
    compare "$work/ours-first.json" "$work/ours/report.json" 1 \
        "report.json of ours, run 1 and run $runs (times, row order and finding texts aside; foundOn, href, anchorText in)"
fi
if [ -n "${AASA_BENCH_BEFORE:-}" ]; then
    compare "$work/before/report.json" "$work/ours/report.json" 0 \
        "report.json, ours and before's (times, row order, finding texts, foundOn, href and anchorText aside)"
fi
