#!/usr/bin/env bash
# Scripts/gen_site_nginx.sh PORT NAME DIGITS: an nginx server block serving a site of any size from no files, for
# Scripts/bench crawlsize. Pages are /n followed by 0 to DIGITS digits: a ten-way tree of
# (10^(DIGITS+1) - 1) / 9 pages under /n (1,111,111 for 6 digits), plus / linking to /n. Each inner page links to
# its ten children, every page to its parent, to its digits rotated (the last digit first: a page of the same
# depth elsewhere in the tree, so most links lead to URLs already found) and to /n, with about 3 KB of text.
# nginx builds each body from the captured digits; robots.txt allows all; the apple-app-site-association opens
# the app for every page but those ending in 5. Certificates come from the enclosing http block.
set -euo pipefail
port="$1" name="$2" digits="$3"
[ "$digits" -ge 2 ] || { echo "DIGITS must be at least 2" >&2; exit 2; }
filler=$(printf 'lorem ipsum dolor sit amet consectetur adipiscing elit universal link app deep crawl %.0s' $(seq 1 36))
head='<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Page $1</title></head><body><nav><a href="/n">Home</a> <a href="/n$2">Up</a> <a href="/n$3$2">Rotated</a></nav><ul>'
children=""
for d in 0 1 2 3 4 5 6 7 8 9; do children+="<li><a href=\"/n\$1$d\">page \$1$d</a></li>"; done
tail="</ul><p>$filler</p></body></html>"
cat <<CONF
    server {
        listen 127.0.0.1:$port ssl http2;
        server_name $name;
        default_type text/html;
        location = / { return 200 '<!DOCTYPE html><html><body><a href="/n">start</a></body></html>'; }
        location = /n { return 200 '<!DOCTYPE html><html><body><ul>$(for d in 0 1 2 3 4 5 6 7 8 9; do printf '<li><a href="/n%s">page %s</a></li>' $d $d; done)$tail'; }
        location = /robots.txt { return 200 'User-agent: *\nAllow: /\n'; }
        location = /.well-known/apple-app-site-association {
            default_type application/json;
            return 200 '{"applinks":{"details":[{"appIDs":["9JA89QQLNQ.com.acme.shop"],"components":[{"/":"/n*5","exclude":true},{"/":"/n*"}]}]}}';
        }
        location ~ "^/n((\d{0,$((digits - 2))})(\d))\$" { return 200 '$head$children$tail'; }
        location ~ "^/n((\d{$((digits - 1))})(\d))\$" { return 200 '$head$tail'; }
    }
CONF
