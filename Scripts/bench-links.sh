#!/usr/bin/env bash
# Scripts/bench links [LINKS]: `aasa-audit links` on LINKS (default 10,000) links across 100 domains of a local
# nginx: 20 tracking domains (t01..t20, no AASA file) whose redirects land on 80 app domains (a01..a80, a /shop/*
# file). A quarter of the links are tapped on an app domain (no redirect), half take one redirect (tracking → app),
# a quarter two (tracking → tracking → app). Then `audit` on the same 100 domains. nginx logs each request with
# its connection, so the script prints, for both runs, requests and connections per domain and, for `links`, the
# AASA requests per domain (must be one probe set per domain: each domain's file fetched once per run). Loopback
# only.
set -euo pipefail
cd "$(dirname "$0")/.."
. Scripts/lib.sh
need_packages libcurl4-openssl-dev libxml2-dev time curl openssl bc python3
command -v nginx >/dev/null || need_packages nginx-light
find_swift
count="${1:-10000}"
bench_workdir links

bench_certificates "$work" bench.test "DNS:*.bench.test"
bench_aasa_root "$work/www"
mkdir -p "$work/www/shop"
printf '<!doctype html><title>shop</title>\n' > "$work/www/shop/index.html"
# One listen line carries the address's options (nginx refuses them twice). Tracking domains: /c/aNN/K redirects to the app domain, /w/tNN/aNN/K to another tracking domain first. Their
# AASA URLs answer 404 (no file), as a click-tracking host's usually do. App domains serve the AASA root and any
# /shop/ page.
servers="    log_format bench '\$host \$connection \$connection_requests \$status \$request_uri';
    server {
        listen 127.0.0.1:$port;
        server_name ~^t[0-9]+\\.bench\\.test\$;
        access_log $work/logs/access.log bench;
        location ~ ^/c/(a[0-9]+)/([0-9]+)\$ { return 302 https://\$1.bench.test/shop/p/\$2; }
        location ~ ^/w/(t[0-9]+)/(a[0-9]+)/([0-9]+)\$ { return 302 https://\$1.bench.test/c/\$2/\$3; }
        location / { return 404; }
    }
    server {
        listen 127.0.0.1:$port ssl http2 backlog=4096 default_server;
        server_name _;
        access_log $work/logs/access.log bench;
        root $work/www;
        location /shop/ { default_type text/html; try_files \$uri /shop/index.html; }
        location / { default_type application/json; }
    }"
bench_nginx_conf "$work" "" "$servers"
nginx -p "$work" -c "$work/nginx.conf"

python3 - "$count" "$work" <<'PY'
import sys
count, work = int(sys.argv[1]), sys.argv[2]
with open(work + "/links.txt", "w") as links:
    for k in range(count):
        # Every fourth link shares a tracker, so each kind of link reaches all 20 trackers and all 80 apps.
        app, tracker, other = "a%02d" % (k % 80 + 1), "t%02d" % (k // 4 % 20 + 1), "t%02d" % ((k // 4 + 7) % 20 + 1)
        kind = k % 4
        if kind == 0:
            links.write("https://%s.bench.test/shop/p/%d\n" % (app, k))
        elif kind == 3:
            links.write("https://%s.bench.test/w/%s/%s/%d\n" % (tracker, other, app, k))
        else:
            links.write("https://%s.bench.test/c/%s/%d\n" % (tracker, app, k))
with open(work + "/domains.txt", "w") as domains:
    for i in range(1, 21):
        domains.write("t%02d.bench.test\n" % i)
    for i in range(1, 81):
        domains.write("a%02d.bench.test\n" % i)
PY

# AASA_AUDIT_BIN: a release binary built elsewhere (such as with another --scratch-path).
bin="${AASA_AUDIT_BIN:-.build/release/aasa-audit}"
[ -n "${AASA_AUDIT_BIN:-}" ] || swift build -c release --product aasa-audit >/dev/null
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(curl --version | head -1 | cut -d' ' -f1-2), nginx $(nginx -v 2>&1 | cut -d/ -f2)"

# measure NAME COMMAND...: wall time and peak RSS; nginx's log of the run goes to $work/log-NAME.
measure() {
    local name="$1"
    shift
    : > "$work/logs/access.log"
    local start end
    start=$(date +%s.%N)
    /usr/bin/time -f "%M" -o "$work/rss" "$@" >/dev/null 2>"$work/err-$name" || true
    end=$(date +%s.%N)
    nginx -p "$work" -c "$work/nginx.conf" -s reopen  # flushes the log
    sleep 1
    cp "$work/logs/access.log" "$work/log-$name"
    echo "$end - $start" | bc -l > "$work/wall-$name"
    echo "$(tail -1 "$work/rss")" > "$work/rss-$name"
}

network=(--connect-to "::127.0.0.1:$port" --ca-cert "$work/ca.pem" --concurrency 64)
measure links "$bin" links "$work/links.txt" "${network[@]}" --out "$work/links" --format json --quiet
measure audit "$bin" audit --domains "$work/domains.txt" "${network[@]}" --no-cdn --out "$work/audit" --format json \
    --quiet

python3 - "$work" "$count" <<'PY'
import collections, json, sys
work, count = sys.argv[1], int(sys.argv[2])
aasa = ("/.well-known/apple-app-site-association", "/apple-app-site-association")

def read(name):
    rows = [line.split() for line in open("%s/log-%s" % (work, name))]
    wall = float(open("%s/wall-%s" % (work, name)).read())
    rss = int(open("%s/rss-%s" % (work, name)).read()) / 1024
    return rows, wall, rss

def spread(counter, hosts):
    values = [counter.get(h, 0) for h in hosts]
    return "min %d, max %d, mean %.2f" % (min(values), max(values), sum(values) / len(values))

report = json.load(open(work + "/links/links.json"))
s = report["summary"]
print("links report: %d links: %d opens-app, %d safari-first, %d never, %d broken; %d domains consulted"
      % (s["links"], s["opensApp"], s["safariFirst"], s["never"], s["broken"], len(report["domains"])))
redirects = collections.Counter(len(link["chain"]) - 1 for link in report["links"])
print("redirects followed per link: " + ", ".join("%d: %d links" % kv for kv in sorted(redirects.items())))
for name in ("links", "audit"):
    rows, wall, rss = read(name)
    hosts = sorted({r[0] for r in rows})
    connections = {r[1] for r in rows}
    per_host_connections = collections.defaultdict(set)
    for r in rows:
        per_host_connections[r[0]].add(r[1])
    conns = collections.Counter({h: len(c) for h, c in per_host_connections.items()})
    requests = collections.Counter(r[0] for r in rows)
    rate = " %7.0f links/s" % (count / wall) if name == "links" else ""
    print("%-6s wall %6.2f s%s   peak RSS %5.1f MB   %d requests, %d connections, %d hosts"
          % (name, wall, rate, rss, len(rows), len(connections), len(hosts)))
    print("       connections per host: %s; requests per connection: %.1f" % (spread(conns, hosts), len(rows) / len(connections)))
    probes = collections.Counter((r[0], r[4]) for r in rows if not r[4].startswith(("/c/", "/w/", "/shop/")))
    per_host = collections.defaultdict(list)
    for (host, path), n in probes.items():
        per_host[host].append((path, n))
    shapes = collections.Counter(tuple(sorted(v)) for v in per_host.values())
    print("       file probes per host (path × times, hosts with that set):")
    for shape, hosts_with in shapes.most_common():
        print("         %3d hosts: %s" % (hosts_with, ", ".join("%s ×%d" % kv for kv in shape)))
    if name == "links":
        hops = sum(1 for r in rows if r[4].startswith(("/c/", "/w/", "/shop/")))
        print("       hop requests: %d (each hop URL once: %s)" % (hops, "yes" if hops == len({(r[0], r[4]) for r in rows if r[4].startswith(("/c/", "/w/", "/shop/"))}) else "NO"))
PY
