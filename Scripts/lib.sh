# Shared by the Scripts: install missing Debian packages (apt-get update first), find swift.
need_packages() {
    local missing=()
    for pkg in "$@"; do
        dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    echo "Installing ${missing[*]} ..." >&2
    local sudo=""
    [ "$(id -u)" -ne 0 ] && sudo="sudo"
    # Another apt may hold the lock on a fresh machine: wait for it.
    for _ in $(seq 1 60); do
        if $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}"; then
            return 0
        fi
        sleep 5
    done
    echo "could not install ${missing[*]}" >&2
    return 1
}

# run_tests SWIFT_TEST_OPTIONS... [-- FILTER_OPTIONS...]: swift test. With no filter options, the whole suite runs in
# two passes: everything but the suites named *WallClockTests, then those alone. Their assertions are about elapsed
# time, and beside the whole suite each await waits behind hundreds of tests for one of the pool's threads (a 2 s
# crawl budget measured 81 s on CI). The plain pass runs them one at a time (about 3.5 min against 40 s in parallel):
# run 48 at once on two cores and "a signal ends the run within 2 s" measured 2.4 s on CI, the machine's load and
# not the product's. Under a sanitizer (AASA_SANITIZER) they run in parallel and Timing.bound widens each bound by the
# runtime's slowdown. With filter options, one pass of just what they select.
run_tests() {
    local options=() filters=() serial=(--no-parallel)
    [ -z "${AASA_SANITIZER:-}" ] || serial=()
    while [ $# -gt 0 ] && [ "$1" != -- ]; do options+=("$1"); shift; done
    [ $# -gt 0 ] && shift
    filters=("$@")
    if [ ${#filters[@]} -gt 0 ]; then
        test_pass "${options[@]}" "${filters[@]}"
    else
        test_pass "${options[@]}" --skip WallClockTests
        test_pass "${options[@]}" "${serial[@]}" --skip-build --filter WallClockTests
    fi
}

# test_pass ARGS...: one `swift test` run of run_tests; Scripts/sanitize thread puts its own in place.
test_pass() { swift test "$@"; }

find_swift() {
    command -v swift >/dev/null 2>&1 && return 0
    for dir in /opt/swift/usr/bin /usr/share/swift/usr/bin; do
        [ -x "$dir/swift" ] && export PATH="$dir:$PATH" && return 0
    done
    echo "swift not found: install Swift 6 (https://swift.org/install)" >&2
    return 1
}

# bench_workdir NAME: a temporary folder $work (readable by nginx's workers, which run as another user) and a random
# loopback $port for one benchmark; on exit its nginx is stopped, the commands in $bench_on_exit run (a fixture
# server's kill) and the folder is removed.
bench_on_exit=""
bench_workdir() {
    work=$(mktemp -d "/tmp/aasa-bench-$1.XXXXXX")
    chmod 755 "$work"
    port=$((20000 + RANDOM % 20000))
    trap bench_cleanup EXIT
}

bench_cleanup() {
    [ -f "$work/nginx.pid" ] && nginx -p "$work" -c "$work/nginx.conf" -s quit 2>/dev/null
    [ -z "$bench_on_exit" ] || eval "$bench_on_exit"
    rm -rf "$work"
}

# bench_certificates DIR CN SAN: a throwaway CA (DIR/ca.pem) and a leaf for CN with SAN (DIR/site.pem, site.key)
# for the loopback benchmarks' nginx.
bench_certificates() {
    local dir="$1" cn="$2" san="$3"
    openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -keyout "$dir/ca.key" -out "$dir/ca.pem" \
        -days 90 -subj "/CN=aasa bench CA" 2>/dev/null
    openssl req -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -keyout "$dir/site.key" -out "$dir/site.csr" \
        -subj "/CN=$cn" 2>/dev/null
    printf 'subjectAltName=%s\n' "$san" > "$dir/ext"
    openssl x509 -req -in "$dir/site.csr" -CA "$dir/ca.pem" -CAkey "$dir/ca.key" -CAcreateserial -days 60 \
        -extfile "$dir/ext" -out "$dir/site.pem" 2>/dev/null
}

# bench_aasa_root DIR: a web root serving a small AASA file at both locations, for the benchmarks' nginx.
bench_aasa_root() {
    mkdir -p "$1/.well-known"
    printf '%s\n' '{"applinks": {"details": [{"appIDs": ["9JA89QQLNQ.com.acme.shop"], "components": [{"/": "/shop/admin/*", "exclude": true}, {"/": "/shop/*"}]}]}}' \
        > "$1/.well-known/apple-app-site-association"
    cp "$1/.well-known/apple-app-site-association" "$1/apple-app-site-association"
}

# bench_nginx_conf DIR MAIN SERVERS: DIR/nginx.conf for the loopback benchmarks: one worker (MAIN: more
# main-context lines, such as a CPU affinity), no access log, long keep-alive, DIR's certificates, then the server
# blocks SERVERS. Logs and the pid file go under DIR.
bench_nginx_conf() {
    mkdir -p "$1/logs"
    cat > "$1/nginx.conf" <<CONF
worker_processes 1;
$2
pid $1/nginx.pid;
error_log $1/logs/error.log;
events { worker_connections 4096; }
http {
    include /etc/nginx/mime.types;
    access_log off;
    keepalive_requests 1000000;
    ssl_certificate $1/site.pem;
    ssl_certificate_key $1/site.key;
$3
}
CONF
}

# bench_aasa_server PORT ROOT: the default server block, answering every name with ROOT's files as JSON (the
# AASA root of bench_aasa_root).
bench_aasa_server() {
    cat <<CONF
    server {
        listen 127.0.0.1:$1 ssl http2 backlog=4096 default_server;
        server_name _;
        root $2;
        location / { default_type application/json; }
    }
CONF
}

# bench_site_server PORT ROOT NAME: the nginx server block for a site made by Scripts/gen_site.py (its /r/N links
# redirect to /p/N.html). Certificates come from the enclosing http block.
bench_site_server() {
    cat <<CONF
    server {
        listen 127.0.0.1:$1 ssl http2;
        server_name $3;
        port_in_redirect off;
        absolute_redirect off;
        root $2;
        location ~ ^/r/(\d+)\$ { return 301 /p/\$1.html; }
        location = /.well-known/apple-app-site-association { default_type application/json; }
    }
CONF
}

# bench_report_phase OUT: the report phase of the audit whose run folder is OUT, as a phrase: from run.json's timing,
# the last report file renamed into place minus the end of auditing, to the millisecond. A build whose run.json has
# no timing or whole seconds (before 2026-11-27, such as an AASA_BENCH_BEFORE binary) gets the files' times instead:
# the run log's last write (the last domain appended as the fetching ends) to the last report file's.
bench_report_phase() {
    python3 - "$1" <<'PY'
import datetime, json, os, sys
out = sys.argv[1]
stamp = lambda text: datetime.datetime.fromisoformat(text.replace("Z", "+00:00")).timestamp()
try:
    timing = json.load(open(os.path.join(out, "run.json"))).get("timing") or {}
except (OSError, ValueError):
    timing = {}
times = [timing.get("fetchingEndedAt", "")] + list(timing.get("reportsWrittenAt", {}).values())
if len(times) > 1 and all("." in t for t in times):
    print("report phase %.3f s (run.json)" % (max(map(stamp, times[1:])) - stamp(times[0])))
else:
    names = ["report.json", "report.html", "urls.csv", "findings.csv", "inlinks.csv", "report.junit.xml", "summary.md"]
    last = max(os.stat(os.path.join(out, n)).st_mtime for n in names if os.path.exists(os.path.join(out, n)))
    print("report phase %.3f s (files' times: run.json has no millisecond timing)" % (
        last - os.stat(os.path.join(out, "domains.jsonl")).st_mtime))
PY
}
