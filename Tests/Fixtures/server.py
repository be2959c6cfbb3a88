#!/usr/bin/env python3
"""HTTPS fixture server for aasa-audit's tests (Python standard library + the openssl CLI).

Makes a test CA and per-host certificates at start (so time-relative ones, like "expires in 5 days", stay
true), picks the certificate by SNI, and answers by Host header from the SCENARIOS table. Binds
127.0.0.1:0, prints "READY port=<p> ... httpport=<plain http> ca=<path>" when ready, and exits when its stdin
closes, so a crashed test never leaves it running. Only loopback is ever used.
"""
import gzip
import http.server
import json
import os
import socket
import ssl
import subprocess
import sys
import tempfile
import threading
import time
import warnings

import android_fixture  # noqa: E402 (beside this file: Android App Links fixtures)

warnings.filterwarnings("ignore", category=DeprecationWarning)

DOMAIN = "aasa.test"
APP = "9JA89QQLNQ.com.acme.shop"

GOOD = {
    "applinks": {
        "details": [
            {
                "appIDs": [APP],
                "components": [
                    {"/": "/shop/admin/*", "exclude": True},
                    {"/": "/shop/*"},
                    {"/": "/help/*", "?": {"article": "????"}},
                ],
            }
        ]
    },
    "webcredentials": {"apps": [APP]},
}
GOOD_BODY = json.dumps(GOOD, indent=2).encode()
SAME_MEANING = json.dumps(GOOD, separators=(",", ":"), sort_keys=True).encode()
OTHER = json.dumps({"applinks": {"details": [{"appIDs": [APP], "components": [{"/": "/old/*"}]}]}}).encode()


def big_body(size):
    """A valid AASA file of about `size` bytes (many distinct rules)."""
    rules, total, i = [], 200, 0
    while total < size:
        rule = {"/": "/generated/section-%06d/*" % i, "comment": "x" * 20}
        rules.append(rule)
        total += len(json.dumps(rule)) + 2
        i += 1
    return json.dumps({"applinks": {"details": [{"appIDs": [APP], "components": rules}]}}).encode()


def aasa(body=GOOD_BODY, ctype="application/json", status=200, root=None, headers=None):
    """Serve `body` at /.well-known/; `root` is (status, body, ctype) for /apple-app-site-association."""
    return {"well-known": (status, body, ctype, headers or {}), "root": root or (status, body, ctype, headers or {})}


SCENARIOS = {
    "good": aasa(),
    "expired": aasa(),
    "wronghost": aasa(),
    "selfsigned": aasa(),
    "expiring": aasa(),
    "tls11": aasa(),
    "redirect": aasa(status=301, headers={"Location": "https://www.redirect.aasa.test/.well-known/apple-app-site-association"},
                     root=(404, b"not found", "text/plain", {})),
    "notfound": aasa(status=404, body=b"<html>Not Found</html>", ctype="text/html"),
    "forbidden": aasa(status=403, body=b"<html>Forbidden</html>", ctype="text/html"),
    "error500": aasa(status=500, body=b"Internal Server Error", ctype="text/plain"),
    "html": aasa(body=b"<!DOCTYPE html><html><body>app shell</body></html>", ctype="text/html; charset=utf-8"),
    "textplain": aasa(ctype="text/plain"),
    "large": aasa(body=big_body(140_000)),
    "gzlarge": aasa(body=big_body(140_000)),
    "nearlimit": aasa(body=big_body(110_000)),
    "rootonly": aasa(status=404, body=b"not found", ctype="text/plain", root=(200, GOOD_BODY, "application/json", {})),
    "differ": aasa(root=(200, OTHER, "application/json", {})),
    "samemeaning": aasa(root=(200, SAME_MEANING, "application/json", {})),
    "badjson": aasa(body=b'{\n  "applinks": {"details": []},\n}\n'),
    "badappid": aasa(body=json.dumps({"applinks": {"details": [{"appIDs": ["com.acme.shop"], "components": [{"/": "*"}]}]}}).encode()),
    "cdnstale": aasa(),
    "cdnfail": aasa(),
    "otherapp": aasa(body=json.dumps({"applinks": {"details": [{"appIDs": ["9JA89QQLNQ.com.acme.other"], "components": [{"/": "*"}]}]},
                                      "webcredentials": {"apps": [APP]}}).encode()),
    "busy": aasa(),
    "gzipbomb": "gzipbomb",
    "chunked": "chunked",
    "drip": "drip",
    "hostile": aasa(),
    "crawlhostile": aasa(),
    "robotsdown": aasa(),
    "robotsaway": aasa(),
    "robotshop": aasa(),
    "robotsbom": aasa(),
    "crawlslow": aasa(),
    "uablock": "uablock",
    "botblock": "botblock",
    "slow": "slow",
    "stallrest": "stallrest",
    "reset": "reset",
    "hugelength": "hugelength",
}

HERE = os.path.dirname(os.path.abspath(__file__))

# A crawlable shop whose file uses exclusions, query dictionaries, substitution variables and fragments.
SHOP_FILE = json.dumps({"applinks": {
    "substitutionVariables": {"category": ["shoes", "hats", "bags"]},
    "details": [{"appIDs": [APP], "components": [
        {"#": "nolink", "exclude": True},
        {"/": "/account/*", "exclude": True},
        {"/": "/$(category)/*"},
        {"/": "/product/*", "?": {"id": "?*"}},
        {"/": "/search", "?": {"q": "*"}},
        {"/": "/$(lang)/help/*"},
        {"/": "/legacy/*"},
    ]}]}}, indent=2).encode()
SCENARIOS["shop"] = aasa(body=SHOP_FILE)
for _name in android_fixture.HOSTS:
    SCENARIOS[_name] = aasa()
# The site serves a good file, but Apple's CDN stand-in answers 200 with what no device can read.
CDN_UNREADABLE = {
    "cdnhtml": (b"<!DOCTYPE html><html><body>Please sign in</body></html>", "text/html; charset=utf-8"),
    "cdntruncated": (GOOD_BODY[: len(GOOD_BODY) // 2], "application/json"),
}
for _name in CDN_UNREADABLE:
    SCENARIOS[_name] = aasa()

# Terminal escapes and bidi controls wherever a site controls text: a Location header, app IDs, the CDN's
# Apple-Failure-Reason. Header values go out as their UTF-8 bytes (http.server writes headers as Latin-1).
TERM_ESCAPES = "\x1b]0;pwned\x07\x1b[2J\x1b[31m\x9b1m\u202etxt.exe\u2066\u200f\x7f\ufffe"
TERM_HEADER = TERM_ESCAPES.encode("utf-8").decode("latin-1")
SCENARIOS["termescape"] = aasa(
    status=301, headers={"Location": "https://www.termescape.aasa.test/" + TERM_HEADER},
    root=(200, json.dumps({"applinks": {"details": [{"appIDs": ["9JA89QQLNQ." + TERM_ESCAPES, TERM_ESCAPES],
                                                     "components": [{"/": "/" + TERM_ESCAPES}]}]}}).encode(),
          "application/json", {}))
SCENARIOS["termcdn"] = aasa()  # a good file; the CDN stand-in fails it with escapes in Apple-Failure-Reason
# 250 malformed app IDs: app-id-format raises 250 errors, 100 are listed and the rest counted (findings-truncated).
SCENARIOS["manyfindings"] = aasa(body=json.dumps({"applinks": {"details": [
    {"appIDs": ["com.acme.app%d" % i for i in range(250)], "components": [{"/": "/shop/*"}]}]}}).encode())
# A site for link and SEO columns (urls.csv): two apps opening the same URLs, anchor text that is hostile in a
# spreadsheet or a terminal, link depths, inlinks, a sitemap-only branch and redirects with awkward targets.
SEO_FILE = json.dumps({"applinks": {"details": [
    {"appIDs": [APP, "9JA89QQLNQ.com.acme.clip"], "components": [
        {"/": "/shop/private/*", "exclude": True},
        {"/": "/shop/*"},
        {"/": "/legacy/*", "exclued": True},
    ]}]}}, indent=2).encode()
SCENARIOS["seo"] = aasa(body=SEO_FILE)
SEO_LONG = "Long " + "word " * 80
# A site for inlinks.csv and the HTML URL table: three pages link to /p/target with different anchor texts (one
# twice, one rel="nofollow"), a Japanese anchor text for the CSV byte order mark, and a link to a 404.
SCENARIOS["inlinks"] = aasa(body=json.dumps({"applinks": {"details": [
    {"appIDs": [APP], "components": [{"/": "/p/*"}]}]}}).encode())


def inlinks_page(path):
    """inlinks.aasa.test's pages: (status, body, content type, headers)."""
    pages = {
        "/": '<a href="/a">Page A</a><a href="/b">Page B</a><a href="/c">Page C</a>',
        "/a": '<a href="/p/target">Target from A</a><a href="/p/target">Again from A</a>',
        "/b": '<a href="/p/target" rel="nofollow">Sponsored target</a><a href="/p/gone">Gone link</a>',
        "/c": '<a href="p/../p/target">日本語のリンク</a>',
        "/p/target": 'Target',
    }
    if path not in pages:
        return 404, b"not found", "text/plain", {}
    if path == "/a":
        # /a answers last, so /b and /c are scanned first: what a row says must not depend on that order.
        time.sleep(0.3)
    body = "<!DOCTYPE html><html><body>%s</body></html>" % pages[path]
    return 200, body.encode(), "text/html; charset=utf-8", {}
SEO_HOME = ('<a href="/shop/1">=cmd|\' /C calc\'!A0</a><a href="/shop/1">second link, same page</a>\n'
            '<a href="/shop/2">  Say "hi",\n   there  </a>\n'
            '<a href="/shop/3">ctl\x01\x1b[31mred\x7f \u0085end</a>\n'
            '<a href="/shop/4"><img src="/logo.png" alt="Shop logo"></a>\n'
            '<a href="/shop/5"><span>Nested <b>bold</b></span> &amp; entity<script>var s = "no";</script>'
            '<style>a{}</style> text</a>\n'
            '<a href="/shop/6"></a><a href="/shop/long">%s</a><a href="/go">Go</a><a href="/go-ctl">Go on</a><a href="/go-app">App</a>\n'
            '<a href="/shop/private/x">Private</a><a href="/missing">Gone</a>\n'
            '<map><area href="/shop/area" alt="Area alt"></map>') % SEO_LONG


def seo(path):
    """seo.aasa.test's pages: (status, body, content type, headers)."""
    html = "text/html; charset=utf-8"

    def links(*pairs):
        body = "".join('<a href="%s">%s</a>\n' % pair for pair in pairs)
        return ("<!DOCTYPE html><html><body>%s</body></html>" % body).encode()
    if path == "/sitemap.xml":
        return 200, (b'<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">'
                     b'<url><loc>https://seo.aasa.test/shop/sitemap-only</loc></url>'
                     b'<url><loc>https://seo.aasa.test/shop/1</loc></url></urlset>'), "application/xml", {}
    if path == "/":
        # The start page comes last: the sitemap's pages are in hand before it, as on a slow home page, so a crawler
        # that scanned them before the start page's links gave them a depth would report their links without one.
        time.sleep(0.3)
        return 200, ("<!DOCTYPE html><html><body>%s</body></html>" % SEO_HOME).encode(), html, {}
    if path == "/shop/1":
        return 200, links(("/shop/6", "Six from one"), ("/shop/deep", "Deep"), ("/", "Home")), html, {}
    if path == "/shop/2":
        return 200, links(("/shop/1", "One again"), ("/shop/1", "One, twice on this page")), html, {}
    if path == "/shop/deep":
        return 200, links(("/shop/deeper", "Deeper")), html, {}
    if path == "/shop/sitemap-only":
        return 200, links(("/shop/from-sitemap-page", "From a sitemap page")), html, {}
    if path == "/go":
        return 302, b"", None, {"Location": '/shop/7?q="a,b"'}
    if path == "/go-ctl":
        return 302, b"", None, {"Location": "=cmd|' /C calc'!A0/\x1b[31m\x07"}
    if path == "/go-app":  # no web URL: the target is recorded as sent, escapes and all
        return 302, b"", None, {"Location": "acmeshop://open/\x1b[31m=x"}
    if path.startswith("/shop/"):
        return 200, links(("/", "Home")), html, {}
    return 404, b"not found", "text/plain", {}


GZIP_BOMB = gzip.compress(b" " * (50 * 1024 * 1024), compresslevel=9)

# Crawl budget and interruption (one block): robotsdrip sends its robots.txt a line a second for two minutes,
# sitemapdrip its sitemap; manyrules serves a robots.txt of 20,000 rules and a home page of 100,000 links, so matching
# them takes seconds in a debug build.
DRIP_CRAWL = ("robotsdrip", "sitemapdrip", "manyrules")
for _name in DRIP_CRAWL:
    SCENARIOS[_name] = aasa()
# 5,000 rules like "/*x1y*k": they share their literal start and end without covering each other, so the
# unreachable-rule check still compares each pair (for a minute in a debug build): a check a signal must cut short.
SCENARIOS["manyoverlap"] = aasa(body=json.dumps({"applinks": {"details": [{"appIDs": [APP], "components": [
    {"/": "/*x%dy*k" % i} for i in range(5000)]}]}}).encode())
# 300 rules no crawled URL matches, each starting with a wildcard: every URL is tried against all of them.
SCENARIOS["manyrules"] = aasa(body=json.dumps({"applinks": {"details": [{"appIDs": [APP], "components": [
    {"/": "/*/never%d/*" % i} for i in range(300)]}]}}).encode())
MANY_RULES = b"User-agent: *\n" + b"".join(b"Disallow: /r%d/*x*y*z$\nAllow: /r%d/open\n" % (i, i) for i in range(10000))
MANY_LINKS = b"<html><body>" + b"".join(b'<a href="/r%d/p%d">x</a>' % (i % 10000, i) for i in range(100000)) + \
    b"</body></html>"


def drip_crawl(handler, name, path):
    if (name, path) in (("robotsdrip", "/robots.txt"), ("sitemapdrip", "/sitemap.xml")):
        head = b"User-agent: *\n" if name == "robotsdrip" else b"<urlset>"
        line = b"# still coming\n" if name == "robotsdrip" else b"<!-- still coming -->\n"
        handler.send_response(200)
        handler.send_header("Content-Type", "text/plain" if name == "robotsdrip" else "application/xml")
        handler.send_header("Content-Length", str(len(head) + 120 * len(line)))
        handler.end_headers()
        try:
            handler.wfile.write(head)
            for _ in range(120):
                handler.wfile.write(line)
                handler.wfile.flush()
                time.sleep(1)
        except OSError:
            pass
        handler.close_connection = True
        return
    if name == "manyrules" and path == "/robots.txt":
        return handler.send(200, MANY_RULES, "text/plain")
    if name == "manyrules" and path == "/":
        return handler.send(200, MANY_LINKS, "text/html; charset=utf-8")
    return handler.send(200, page(name, ["/a", "/b"]), "text/html; charset=utf-8")



def hostile_page(path):
    """A crawl of hostile.aasa.test: a 10 MB robots.txt, redirect loops, links to other schemes, 100,000 links,
    10,000-deep nesting and invalid UTF-8."""
    html = "text/html; charset=utf-8"
    if path == "/robots.txt":
        return 200, b"User-agent: *\nDisallow: /never/\n" + b"# padding\n" * (1024 * 1024), "text/plain", {}
    if path == "/sitemap.xml":
        return 200, (b'<sitemapindex><sitemap><loc>https://hostile.aasa.test/sitemap.xml</loc></sitemap></sitemapindex>'),\
            "application/xml", {}
    if path == "/":
        return 200, page("Hostile", ["/loop-a", "/to-ftp", "/many", "/deep", "/latin", "/mislabelled", "/sjis",
                                     "/never/x"]), html, {}
    if path == "/loop-a":
        return 302, b"", None, {"Location": "/loop-b"}
    if path == "/loop-b":
        return 302, b"", None, {"Location": "/loop-a"}
    if path == "/to-ftp":
        return 301, b"", None, {"Location": "ftp://hostile.aasa.test/file"}
    if path == "/many":
        return 200, b"<html><body>" + b"".join(b'<a href="/m/%d">x</a>' % i for i in range(100000)) + b"</body></html>", html, {}
    if path == "/deep":
        return 200, b"<div>" * 10000 + b'<a href="/deep-end">end</a>', html, {}
    if path == "/mislabelled":  # says UTF-8, is not
        return 200, b'<html><body><a href="/mis-a">x</a>\xe9\xff\xfe\x80<a href="/mis-b">y</a>', html, {}
    if path == "/sjis":  # a declared legacy charset, with bytes it cannot decode
        return 200, b'<html><body><a href="/sjis-a">x</a>\x81\x20\xfd\xfd<a href="/sjis-b">y</a>', \
            "text/html; charset=shift_jis", {}
    if path == "/latin":
        return 200, b'<html><body><a href="/caf\xe9">x</a>\xff\xfe\x00<a href="/ok">y</a>', "text/html", {}
    return 200, page(path, []), html, {}


def crawl_hostile_page(name, host, path):
    """Crawls meant to steer or stall the auditor: crawlhostile.aasa.test names sitemaps on other hosts and ports,
    links to its own host on other ports, over http, to IP literals and with user info, answers 503 with a Retry-After
    no number type holds, and serves a robots.txt asking for a long Crawl-delay. crawlslow has a page that takes 90 s.
    robotsdown answers 500 for
    robots.txt, robotsaway redirects it off the site, robotshop redirects it twice on the site, robotsbom starts it with
    a byte order mark."""
    html = "text/html; charset=utf-8"
    if name == "robotsdown" and path == "/robots.txt":
        return 500, b"down", "text/plain", {}
    if name == "robotsaway" and path == "/robots.txt":
        return 301, b"", None, {"Location": "https://127.0.0.1/robots.txt"}
    if name == "robotshop" and path == "/robots.txt":
        return 301, b"", None, {"Location": "/robots-moved.txt"}
    if name == "robotshop" and path == "/robots-moved.txt":
        return 302, b"", None, {"Location": "https://robotshop.aasa.test/robots-final.txt"}
    if name == "robotshop" and path == "/robots-final.txt":
        return 200, b"User-agent: *\nDisallow: /private\n", "text/plain", {}
    if name == "robotsbom" and path == "/robots.txt":
        # Read as Google reads it: the byte order mark is skipped, aasa-audit/2.0 names us, and the Sitemap line does
        # not end the group, so otherbot's Disallow is ours and the * group is not; probe-bot/3 gets its own group.
        return 200, (b"\xef\xbb\xbfUser-agent: aasa-audit/2.0\nSitemap: https://robotsbom.aasa.test/sitemap.xml\n"
                     b"User-agent: otherbot\nDisallow: /private\n\nUser-agent: probe-bot\nDisallow: /open\n\n"
                     b"User-agent: *\nDisallow: /\n"), "text/plain", {}
    if name == "crawlslow" and path == "/":
        return 200, page(name, ["/slow"]), html, {}
    if name == "crawlslow" and path == "/slow":  # still answering when a short crawl budget runs out
        time.sleep(90)
        return 200, page(path, []), html, {}
    if name != "crawlhostile":
        return 200, page(name, ["/private", "/open"]), html, {}
    if path == "/robots.txt":
        return 200, (b"User-agent: *\nCrawl-delay: 120\nSitemap: https://crawlhostile.aasa.test:8443/far.xml\n"
                     b"Sitemap: https://other.aasa.test/far.xml\nSitemap: https://127.0.0.1/far.xml\n"
                     b"Sitemap: /index.xml\n"), "text/plain", {}
    if path == "/index.xml":
        return 200, (b"<sitemapindex><sitemap><loc>https://shop.aasa.test/sitemap.xml</loc></sitemap>"
                     b"<sitemap><loc>https://crawlhostile.aasa.test/near.xml</loc></sitemap></sitemapindex>"),\
            "application/xml", {}
    if path == "/near.xml":
        return 200, b"<urlset><url><loc>https://crawlhostile.aasa.test/from-sitemap</loc></url></urlset>", \
            "application/xml", {}
    if path == "/far.xml":  # never fetched: it would add /from-far
        return 200, b"<urlset><url><loc>https://crawlhostile.aasa.test/from-far</loc></url></urlset>", \
            "application/xml", {}
    if path == "/":
        return 200, page("Crawl hostile", [
            "https://crawlhostile.aasa.test:8443/other-port", "http://crawlhostile.aasa.test/plain-http",
            "https://127.0.0.1/ip", "https://0x7f.1/ip-hex", "https://[::1]/ip6",
            "https://crawlhostile.aasa.test@127.0.0.1/userinfo", "https://x@crawlhostile.aasa.test/userinfo2",
            "/nan", "/to-port", "/ok"]), html, {}
    if path in ("/nan", "/inf", "/huge", "/negative", "/date"):
        value = {"/nan": "nan", "/inf": "inf", "/huge": "1" + "0" * 400, "/negative": "-5",
                 "/date": "Fri, 31 Dec 9999 23:59:59 GMT"}[path]
        return 503, b"busy", "text/plain", {"Retry-After": value}
    if path == "/to-port":
        return 302, b"", None, {"Location": "https://crawlhostile.aasa.test:8443/redirected"}
    if path == "/from-sitemap":
        return 200, page(path, ["/inf", "/huge", "/negative", "/date"]), html, {}
    return 200, page(path, []), html, {}


def page(title, links, head=""):
    body = "".join('<a href="%s">%s</a>\n' % (href, href) for href in links)
    return ("<!DOCTYPE html><html><head><title>%s</title>%s</head><body><h1>%s</h1>\n%s"
            "<script>var x = '<a href=\"/in-script\">';</script></body></html>" % (title, head, title, body)).encode()


# links fixtures ---------------------------------------------------------------------------------------------------
# Hosts for `aasa-audit links`. A numbered copy ("track--t1.aasa.test") redirects to the same copy of the app's
# domain ("linkapp--t1.aasa.test"), so each test counts its own requests in the log below.
#   track:     a click-tracking domain with no AASA file (/c/app, /c/web, /c/gone, /chain/N, /loop/a, /esc, /c/ip,
#              /c/port, /c/scheme, /c/meta, /c/5xx)
#   trackaasa: a tracking domain whose file associates /* with the app (it swallows unsubscribe links too)
#   linkapp:   the app's own domain: /p/* opens the app, /web/* is excluded; /p/* and /web/* are pages
#   linkslog:  GET /count?host=H&path=P[&agent=A] answers how many requests the server saw for it
LINK_APP_FILE = json.dumps({"applinks": {"details": [{"appIDs": [APP], "components": [
    {"/": "/web/*", "exclude": True, "comment": "pages that stay on the web"}, {"/": "/p/*"}]}]}}).encode()
LINK_WILDCARD_FILE = json.dumps({"applinks": {"details": [{"appIDs": [APP], "components": [{"/": "/*"}]}]}}).encode()
LINK_HOSTS = ("track", "trackaasa", "linkapp", "linkslog")
LINK_LOG = {}
LINK_LOG_LOCK = threading.Lock()


def links_fixture(handler, name, host, path, query):
    """Returns (status, body, ctype, headers) for a links host; logs every request it answers."""
    host = host.split(":")[0].lower()
    agent = handler.headers.get("User-Agent") or ""
    if name == "linkslog":
        args = dict(part.split("=", 1) for part in query.split("&") if "=" in part)
        with LINK_LOG_LOCK:
            count = sum(n for (h, p, a), n in LINK_LOG.items()
                        if h == args.get("host") and p == args.get("path") and a.startswith(args.get("agent", "")))
        return 200, str(count).encode(), "text/plain", None
    with LINK_LOG_LOCK:
        key = (host, path, agent)
        LINK_LOG[key] = LINK_LOG.get(key, 0) + 1
    first = host.split(".")[0]
    copy = first[first.index("--"):] if "--" in first else ""
    app = "https://linkapp%s.%s" % (copy, DOMAIN)
    if path in ("/.well-known/apple-app-site-association", "/apple-app-site-association"):
        if name == "linkapp":
            return 200, LINK_APP_FILE, "application/json", None
        if name == "trackaasa":
            return 200, LINK_WILDCARD_FILE, "application/json", None
        return 404, b"not found", "text/plain", None
    if name == "linkapp":
        if path.startswith("/p/") or path.startswith("/web/"):
            return 200, page(path, ["/"]), "text/html; charset=utf-8", None
        return 404, b"not found", "text/plain", None
    redirects = {
        "/c/app": app + "/p/1", "/c/web": app + "/web/1", "/c/gone": app + "/missing",
        "/c/ip": "http://127.0.0.1/x", "/c/port": "https://linkapp%s.%s:8443/p/1" % (copy, DOMAIN),
        "/c/scheme": "acmeshop://p/1", "/loop/a": "/loop/b", "/loop/b": "/loop/a",
        # Terminal escapes in the Location header: the report and the table must show them, never obey them.
        "/esc": app + "/p/" + TERM_HEADER,
        "/c/1": app + "/p/1", "/wf/unsubscribe": app + "/web/unsubscribed",
        # Names that resolve to this machine: a redirect must not make the auditor request them.
        "/c/localhost": "http://localhost/x", "/c/self": "http://%s/x" % socket.gethostname(),
    }
    if path in redirects:
        return 302, b"", None, {"Location": redirects[path]}
    if path.startswith("/chain/") and path[7:].isdigit():
        n = int(path[7:])
        return 302, b"", None, {"Location": "/chain/%d" % (n - 1) if n > 1 else app + "/p/chain"}
    if path == "/c/meta":
        return 200, ('<html><head><meta http-equiv="refresh" content="0; url=%s/p/1"></head></html>' % app).encode(), \
            "text/html", None
    if path == "/c/5xx":
        return 503, b"down", "text/plain", None
    return 404, b"not found", "text/plain", None
# end of links fixtures --------------------------------------------------------------------------------------------


BUSY = {}
BUSY_LOCK = threading.Lock()


def shop(path, query):
    """The shop's pages: (status, body, content type, headers)."""
    html = "text/html; charset=utf-8"
    if path == "/sitemap-extra.xml.gz":
        return 200, gzip.compress(b'<?xml version="1.0"?><urlset><url><loc>https://shop.aasa.test/bags/gzip-only</loc>'
                                  b'</url></urlset>'), "application/gzip", {}
    if path == "/robots.txt":
        return 200, (b"User-agent: *\nDisallow: /private/\nSitemap: https://shop.aasa.test/sitemap.xml\n"
                     b"Sitemap: https://shop.aasa.test/sitemap-extra.xml.gz\n"), "text/plain", {}
    if path == "/sitemap.xml":
        return 200, (b'<?xml version="1.0"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">'
                     b'<sitemap><loc>https://shop.aasa.test/sitemap-products.xml</loc></sitemap>'
                     b'<sitemap><loc>https://shop.aasa.test/sitemap.xml</loc></sitemap></sitemapindex>'), "application/xml", {}
    if path == "/sitemap-products.xml":
        locs = "".join("<url><loc>https://shop.aasa.test/product/view?id=%d&amp;src=map</loc></url>" % i for i in range(1, 31))
        locs += "<url><loc>https://shop.aasa.test/hats/sitemap-only</loc></url>"
        return 200, ('<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">%s</urlset>'
                     % locs).encode(), "application/xml", {}
    if path == "/":
        return 200, page("Shop", ["/shoes/", "/hats/", "/bags/", "/search?q=red", "/account/orders", "/en/help/faq",
                                  "/private/secret", "/calendar?month=2000-01", "/blog/post/1", "/about", "/help-center",
                                  "mailto:shop@acme.test", "tel:+15555550100", "javascript:void(0)", "acmeshop://open",
                                  "https://other.example.net/", "/shoes/#nolink", "/broken", "/moved", "/image.png",
                                  "/a/b/a/b/a/b/a", "https://good.aasa.test/shop/1", "https://blog.shop.aasa.test/hats/"],
                             head='<link rel="canonical" href="https://shop.aasa.test/">'), html, {}
    for category in ("shoes", "hats", "bags"):
        if path == "/%s/" % category:
            return 200, page(category, ["/product/view?id=%d" % i for i in range(1, 21)] + ["/%s/new" % category]), html, {}
        if path.startswith("/%s/" % category):
            return 200, page(path, ["/"]), html, {}
    if path == "/product/view":
        return 200, page("Product " + query, ["/", "/product/view?id=1"]), html, {}
    if path.startswith("/blog/post/"):
        n = int(path.rsplit("/", 1)[1] or 0)
        return 200, page("Post %d" % n, ["/blog/post/%d" % (n + 1)] if n < 40 else ["/"]), html, {}
    if path == "/calendar":
        year, month = (int(x) for x in (query.split("=", 1)[1] if "=" in query else "2000-01").split("-"))
        year, month = (year + 1, 1) if month == 12 else (year, month + 1)
        return 200, page("Calendar", ["/calendar?month=%04d-%02d" % (year, month)]), html, {}
    if path == "/about":
        return 200, page("About", ["/"], head='<meta name="apple-itunes-app" content="app-id=123456789, '
                                              'app-argument=https://shop.aasa.test/about">'), html, {}
    if path == "/help-center":
        return 200, page("Help", ["/en/help/faq"], head='<meta name="apple-itunes-app" content="app-id=com.acme.shop">'), html, {}
    if path in ("/search", "/account/orders", "/en/help/faq"):
        return 200, page(path, ["/"]), html, {}
    if path == "/moved":
        return 301, b"", "text/plain", {"Location": "/shoes/"}
    if path == "/image.png":
        return 200, b"\x89PNG\r\n\x1a\n" + b"\0" * 100, "image/png", {}
    if path.startswith("/private/"):
        return 500, b"robots.txt said not to come here", "text/plain", {}
    return 404, page("Not found", []), html, {}


# unknown-verdict fixtures: crosslink.aasa.test serves the good file and a home page linking to other hosts, whose
# answers are known only once their file is read: good (opens /shop/*), notfound (no file), private.localhost (this
# machine: never fetched for a site), an IP literal, gone (a name a test leaves unmapped, so its fetch fails) and its
# own /about.
SCENARIOS["crosslink"] = aasa()
CROSSLINK_LINKS = ["https://good.aasa.test/shop/1", "https://notfound.aasa.test/shop/1",
                   "https://private.localhost/shop/1", "https://127.0.0.1/shop/1", "https://gone.aasa.test/shop/1",
                   "/about"]
# end of unknown-verdict fixtures

# custom scheme fixtures
# schemes.aasa.test: pages linking to custom URL schemes (declared, undeclared, repeated across pages, hostile in a
# terminal or HTML), and a file that opens the app on /product/*, so acmeshop://product/42 has a Universal Link
# to replace it and acmeshop://help has none. sensitive.aasa.test: a tracking domain whose bare /* file swallows
# the unsubscribe, opt-out and "view in browser" links.
SCHEMES_FILE = json.dumps({"applinks": {"details": [{"appIDs": [APP], "components": [{"/": "/product/*"}]}]}},
                          indent=2).encode()
SCENARIOS["schemes"] = aasa(body=SCHEMES_FILE)
SCENARIOS["sensitive"] = aasa(body=json.dumps({"applinks": {"details": [{"appIDs": [APP], "components": [
    {"/": "/*"}]}]}}).encode())
SCHEME_ESCAPES = "acmeshop://x\x1b[31mred\u202e<b>bold</b>"


def schemes_page(path):
    """schemes.aasa.test's pages: (status, body, content type, headers)."""
    html = "text/html; charset=utf-8"
    if path == "/":
        links = ["acmeshop://product/42", "othershop://cart", "mailto:help@acme.test", "tel:+15555550100",
                 "/page2", "/product/1"]
        body = "".join('<a href="%s">%s</a>\n' % (href, href) for href in links)
        body += '<a href="%s">escapes</a>\n' % SCHEME_ESCAPES.replace("<", "&lt;").replace(">", "&gt;")
        return 200, ("<!DOCTYPE html><html><body>%s</body></html>" % body).encode(), html, {}
    if path == "/page2":
        return 200, page(path, ["acmeshop://product/42", "  acmeshop://help  ", "/"]), html, {}
    if path == "/product/1":
        return 200, page(path, ["/"]), html, {}
    return 404, page("Not found", []), html, {}


# browser.aasa.test (audited as the IDN name xn--bcher-kva.browser.aasa.test, "bücher"): links a browser reads one
# way and an RFC 3986 resolver another (issue #24), and a robots.txt Google's parser reads with its BOM.
SCENARIOS["browser"] = aasa()
BROWSER_ROBOTS = ("\ufeffUser-agent: aasa-audit/2.0 (compatible)\nSitemap: https://nowhere.invalid/s.xml\n"
                  "User-agent: otherbot\nDisallow: /private\n").encode()


def browser_page(path, query):
    """browser.aasa.test's pages: (status, body, content type, headers)."""
    html = "text/html; charset=utf-8"
    if path == "/robots.txt":
        return 200, BROWSER_ROBOTS, "text/plain", {}
    if path == "/" and query:
        return 200, page("Page 2", []), html, {}
    if path == "/":
        body = ('<a href="#specs">Specs</a>\n'
                '<a href="https://xn--bcher-kva.browser.aasa.test/#top">Top</a>\n'
                '<a href="?page=2">Page 2</a>\n'
                '<a href=" \t ">Blank</a>\n'
                '<a href="/items/lamp">Lamp</a>\n'
                '<a href="/long/\n\tpath/to\n/page">Wrapped</a>\n'
                '<a href="https://b\u00fccher.browser.aasa.test/idn">IDN</a>\n'
                '<a href="/private/x">Private</a>\n'
                '<a href="/a/%2e%2E/b">Dots</a>\n'
                '<textarea><a href="/in-textarea">Example</a></textarea>\n'
                '<h2 id="specs">Specs</h2>')
        return 200, ("<!DOCTYPE html><html><body>%s</body></html>" % body).encode(), html, {}
    if path == "/items/lamp" and not query:
        return 200, page("Lamp", ["#specs", "?", "../idn#reviews"]), html, {}
    if path in ("/items/lamp", "/long/path/to/page", "/idn", "/b"):
        return 200, page(path, []), html, {}
    return 404, page("Not found", []), html, {}


def sh(*args, cwd):
    subprocess.run(args, cwd=cwd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def make_certificates(d):
    """CA, then leaves signed by `openssl ca` (which can back-date, unlike `x509 -req` in OpenSSL 3.0)."""
    with open(os.path.join(d, "ca.cnf"), "w") as f:
        f.write(
            "[ca]\ndefault_ca=CA\n[CA]\ndir=%s\ndatabase=$dir/index.txt\nnew_certs_dir=$dir\nserial=$dir/serial\n"
            "default_md=sha256\npolicy=policy\ncopy_extensions=copy\nunique_subject=no\n"
            "[policy]\ncommonName=supplied\norganizationName=optional\n" % d)
    open(os.path.join(d, "index.txt"), "w").close()
    with open(os.path.join(d, "serial"), "w") as f:
        f.write("1000\n")
    sh("openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-keyout", "ca.key",
       "-out", "ca.pem", "-days", "3650", "-subj", "/O=aasa-audit fixture/CN=aasa-audit Test CA", cwd=d)

    def leaf(name, san, start=None, end=None, days=None):
        sh("openssl", "req", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-keyout", name + ".key",
           "-out", name + ".csr", "-subj", "/O=aasa-audit fixture/CN=" + san.split(",")[0].replace("DNS:", ""),
           "-addext", "subjectAltName=" + san, cwd=d)
        dates = ["-startdate", start, "-enddate", end] if start else ["-days", str(days or 365)]
        sh("openssl", "ca", "-batch", "-config", "ca.cnf", "-cert", "ca.pem", "-keyfile", "ca.key", "-in", name + ".csr",
           "-out", name + ".pem", *dates, cwd=d)

    # robotsapex.localhost: a site whose robots.txt redirects to its apex, a name that is always this machine.
    san = "DNS:*.%s,DNS:%s,DNS:*.shop.%s,DNS:*.browser.%s,DNS:www.robotsapex.localhost" % (
        DOMAIN, DOMAIN, DOMAIN, DOMAIN)
    leaf("valid", san)
    leaf("expired", san, start="20200101000000Z", end="20210101000000Z")
    soon = time.strftime("%Y%m%d%H%M%SZ", time.gmtime(time.time() + 5 * 86400 + 3600))
    now = time.strftime("%Y%m%d%H%M%SZ", time.gmtime(time.time() - 86400))
    leaf("expiring", san, start=now, end=soon)
    leaf("wronghost", "DNS:other.example.net")
    sh("openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-keyout",
       "selfsigned.key", "-out", "selfsigned.pem", "-days", "365", "-subj", "/CN=selfsigned." + DOMAIN,
       "-addext", "subjectAltName=DNS:selfsigned." + DOMAIN, cwd=d)


def context(d, name, maximum=None):
    ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    ctx.load_cert_chain(os.path.join(d, name + ".pem"), os.path.join(d, name + ".key"))
    ctx.set_alpn_protocols(["http/1.1"])
    if maximum is not None:
        ctx.minimum_version = ssl.TLSVersion.TLSv1
        ctx.maximum_version = maximum
        ctx.set_ciphers("DEFAULT:@SECLEVEL=0")
    return ctx


def scenario_of(host):
    # "gzipbomb.aasa.test", "www.redirect.aasa.test", and numbered copies for benchmarks: "gzipbomb--17.aasa.test".
    host = (host or "").split(":")[0].lower()
    if host.endswith("." + DOMAIN):
        return host[: -len(DOMAIN) - 1].split(".")[-1].split("--")[0]
    return None


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    disable_nagle_algorithm = True  # headers and body are separate writes: avoid Nagle + delayed ACK stalls

    def log_message(self, *args):
        pass

    def send(self, status, body, ctype, headers=None, gzip_ok=False):
        self.send_response(status)
        if ctype:
            self.send_header("Content-Type", ctype)
        for k, v in (headers or {}).items():
            self.send_header(k, v)
        if gzip_ok and "gzip" in (self.headers.get("Accept-Encoding") or ""):
            body = gzip.compress(body)
            self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def cdn(self, path):
        """Apple's CDN stand-in: /a/v1/<domain> answers with the domain's file, stale or failing on request."""
        if not path.startswith("/a/v1/"):
            return self.send(404, b"not found", "text/plain")
        domain = path[len("/a/v1/"):]
        name = scenario_of(domain)
        scenario = SCENARIOS.get(name)
        if name == "cdnstale":
            return self.send(200, OTHER, "application/json", {"Apple-Origin-Format": "json"})
        if name in CDN_UNREADABLE:
            body, ctype = CDN_UNREADABLE[name]
            return self.send(200, body, ctype)
        if name == "botblock":  # blocks only unknown bots, so Apple's crawler got the file
            return self.send(200, GOOD_BODY, "application/json", {"Apple-Origin-Format": "json"})
        if name in ("termescape", "termcdn"):
            return self.send(404, b"", None, {"Apple-Failure-Reason": "SWCERR00101 " + TERM_HEADER})
        if name == "cdnfail" or not isinstance(scenario, dict) or scenario["well-known"][0] != 200:
            status = scenario["well-known"][0] if isinstance(scenario, dict) else 404
            return self.send(404, b"", None, {
                "Apple-Failure-Reason": "SWCERR00101 Bad HTTP Response: %d" % (404 if name == "cdnfail" else status),
                "Apple-Failure-Details": '{"cause":"<script>alert(1)</script>"}'})
        return self.send(200, scenario["well-known"][1], "application/json", {"Apple-Origin-Format": "json"})

    def do_GET(self):
        name = scenario_of(self.headers.get("Host"))
        if (self.headers.get("Host") or "").split(":")[0].lower() == "www.robotsapex.localhost" \
                and self.path == "/robots.txt":
            return self.send(301, b"", None, {"Location": "https://robotsapex.localhost/robots.txt"})
        if name == "cdn":
            return self.cdn(self.path)
        if name == "dal":
            return self.send(*android_fixture.google(self.path))
        if android_fixture.serve(self, name, self.path.split("?")[0]):
            return
        if name in LINK_HOSTS:  # links fixtures
            status, body, ctype, headers = links_fixture(
                self, name, self.headers.get("Host") or "", self.path.split("?")[0],
                self.path.split("?", 1)[1] if "?" in self.path else "")
            return self.send(status, body, ctype, headers)
        scenario = SCENARIOS.get(name)
        path = self.path.split("?")[0]
        location = {"/.well-known/apple-app-site-association": "well-known", "/apple-app-site-association": "root"}.get(path)
        agent = self.headers.get("User-Agent") or ""
        if name == "busy" and path == "/busy":
            # Every other request to each host is told to come back in a second: the crawler must wait and retry.
            # Counted per host, so two tests crawling "busy--a" and "busy--b" at once never see each other's turns.
            host = (self.headers.get("Host") or "").split(":")[0].lower()
            with BUSY_LOCK:
                BUSY[host] = BUSY.get(host, 0) + 1
                first = BUSY[host] % 2 == 1
            if first:
                return self.send(503, b"busy", "text/plain", {"Retry-After": "1"})
            return self.send(200, page("Busy", ["/"]), "text/html; charset=utf-8")
        if name == "busy" and path == "/":
            return self.send(200, page("Busy home", ["/busy"]), "text/html; charset=utf-8")
        if name in DRIP_CRAWL and location is None:
            return drip_crawl(self, name, path)
        if name == "hostile" and location is None:
            status, body, ctype, headers = hostile_page(path)
            return self.send(status, body, ctype, headers)
        if name in ("crawlhostile", "robotsdown", "robotsaway", "robotshop", "robotsbom", "crawlslow") \
                and location is None:
            status, body, ctype, headers = crawl_hostile_page(name, self.headers.get("Host") or "", path)
            return self.send(status, body, ctype, headers)
        if name == "seo" and location is None:
            status, body, ctype, headers = seo(path)
            return self.send(status, body, ctype, headers)
        if name == "inlinks" and location is None:
            status, body, ctype, headers = inlinks_page(path)
            return self.send(status, body, ctype, headers)
        if name == "browser" and location is None:
            status, body, ctype, headers = browser_page(path, self.path.split("?", 1)[1] if "?" in self.path else "")
            return self.send(status, body, ctype, headers)
        if name == "schemes" and location is None:  # custom scheme fixtures
            status, body, ctype, headers = schemes_page(path)
            return self.send(status, body, ctype, headers)
        if name == "shop" and location is None:
            status, body, ctype, headers = shop(path, self.path.split("?", 1)[1] if "?" in self.path else "")
            return self.send(status, body, ctype, headers)
        if name == "crosslink" and location is None and path == "/":  # unknown-verdict fixtures
            return self.send(200, page(name, CROSSLINK_LINKS), "text/html; charset=utf-8")
        if scenario is not None and location is None and path == "/":
            # Every demo host has a small home page, so a crawl has something to judge.
            return self.send(200, page(name, ["/shop/1", "/shop/admin/users", "/help/a?article=1234", "/about"]),
                             "text/html; charset=utf-8")
        if scenario is not None and location is None and path in ("/shop/1", "/shop/admin/users", "/help/a", "/about"):
            return self.send(200, page(path, ["/"]), "text/html; charset=utf-8")
        if scenario is None or location is None:
            return self.send(404, b"not found", "text/plain")
        if scenario == "uablock":
            return self.send(403, b"<html>Bot protection</html>", "text/html") if agent.startswith("AASA-Bot") \
                else self.send(200, GOOD_BODY, "application/json")
        if scenario == "botblock":
            return self.send(403, b"<html>Bot protection</html>", "text/html") if "MyAgent-Bot" in agent \
                else self.send(200, GOOD_BODY, "application/json")
        if scenario == "gzipbomb":
            # 50 MB of spaces, about 50 KB on the wire: the cap must count decoded bytes.
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Encoding", "gzip")
            self.send_header("Content-Length", str(len(GZIP_BOMB)))
            self.end_headers()
            self.wfile.write(GZIP_BOMB)
            return
        if scenario == "chunked":
            # 50 MB in 64 KiB chunks with no Content-Length; stops when the client hangs up.
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Transfer-Encoding", "chunked")
            self.end_headers()
            chunk = b" " * 65536
            try:
                for _ in range(800):
                    self.wfile.write(b"%x\r\n%s\r\n" % (len(chunk), chunk))
                self.wfile.write(b"0\r\n\r\n")
            except OSError:
                pass
            self.close_connection = True
            return
        if scenario == "drip":
            # One byte a second, forever (until the client gives up).
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", "100000")
            self.end_headers()
            try:
                for _ in range(120):
                    self.wfile.write(b" ")
                    self.wfile.flush()
                    time.sleep(1)
            except OSError:
                pass
            self.close_connection = True
            return
        if scenario == "hugelength":
            # A declared length of 2^64, past any 64-bit size: the fetcher must neither trap nor trust it.
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", "18446744073709551616")
            self.end_headers()
            self.wfile.write(GOOD_BODY)
            self.close_connection = True
            return
        if scenario == "slow":
            time.sleep(30)
            return self.send(200, GOOD_BODY, "application/json")
        if scenario == "stallrest":
            # Apple's fetch is answered; every later probe (the root file, other user agents) stalls.
            if location == "well-known" and agent.startswith("AASA-Bot"):
                return self.send(200, GOOD_BODY, "application/json")
            time.sleep(30)
            return self.send(200, GOOD_BODY, "application/json")
        if scenario == "reset":
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", "100000")
            self.end_headers()
            self.wfile.write(GOOD_BODY[:50])
            self.wfile.flush()
            self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00\x00\x00\x00\x00")
            self.close_connection = True
            return
        status, body, ctype, headers = scenario[location]
        self.send(status, body, ctype, headers, gzip_ok=(name == "gzlarge"))

    do_HEAD = do_GET


# connection counting: the requests each Host name sent and the connections (TLS handshakes) they came over, so a
# test can prove that one domain's probes share one connection. GET /connections?host=NAME, on any host, answers
# {"requests": R, "connections": C} for NAME (zeros for a name never seen); with &path=P, R counts that path only.
# A handler object serves one connection.
import itertools  # noqa: E402 (kept inside this block)
import urllib.parse  # noqa: E402

COUNTING_LOCK = threading.Lock()
COUNTED = {}  # host -> (requests, set of connection numbers)
SEEN = {}  # (host, path with its query) -> requests, for GET /connections?host=NAME&path=P
CONNECTION_NUMBERS = itertools.count(1)
_uncounted_get = Handler.do_GET


def counted_get(self):
    if self.path.startswith("/connections?host="):
        query = urllib.parse.parse_qs(self.path.split("?", 1)[1], keep_blank_values=True)
        name = query["host"][0].lower()
        with COUNTING_LOCK:
            requests, connections = COUNTED.get(name, (0, set()))
            if "path" in query:  # the requests for that path (with its query) only
                requests = SEEN.get((name, query["path"][0]), 0)
            body = json.dumps({"requests": requests, "connections": len(connections)}).encode()
        return self.send(200, body, "application/json")
    with COUNTING_LOCK:
        if not hasattr(self, "connection_number"):
            self.connection_number = next(CONNECTION_NUMBERS)
        host = (self.headers.get("Host") or "").split(":")[0].lower()
        requests, connections = COUNTED.get(host, (0, set()))
        COUNTED[host] = (requests + 1, connections | {self.connection_number})
        SEEN[(host, self.path)] = SEEN.get((host, self.path), 0) + 1
    return _uncounted_get(self)


Handler.do_GET = counted_get
Handler.do_HEAD = counted_get
# end of connection counting


class Server(http.server.ThreadingHTTPServer):
    request_queue_size = 256  # the default 5 stalls bursts of connects for a second (SYN retry)
    daemon_threads = True

    def __init__(self, contexts, default="valid"):
        self.contexts = contexts
        self.default = default
        super().__init__(("127.0.0.1", 0), Handler)

    def finish_request(self, request, client_address):
        # Handshake here, in the connection's thread, never in accept() on the main thread.
        conn = self.contexts[self.default].wrap_socket(request, server_side=True, do_handshake_on_connect=False)
        try:
            conn.settimeout(60)
            conn.do_handshake()
        except (ssl.SSLError, OSError):
            conn.close()
            return
        super().finish_request(conn, client_address)

    def handle_error(self, request, client_address):
        pass


def main():
    d = tempfile.mkdtemp(prefix="aasa-fixture-")
    make_certificates(d)
    contexts = {name: context(d, name) for name in ["valid", "expired", "expiring", "wronghost", "selfsigned"]}
    # Protocol versions are fixed before SNI runs, so the old-TLS host gets a listener of its own.
    contexts["tls11"] = context(d, "valid", maximum=ssl.TLSVersion.TLSv1_1)
    by_scenario = {"expired": "expired", "expiring": "expiring", "wronghost": "wronghost", "selfsigned": "selfsigned"}

    def sni(sslobj, server_name, _ctx):
        name = by_scenario.get(scenario_of(server_name))
        if name:
            sslobj.context = contexts[name]

    contexts["valid"].sni_callback = sni
    server = Server(contexts)
    old_tls = Server(contexts, default="tls11")
    for s in (server, old_tls):
        threading.Thread(target=s.serve_forever, daemon=True).start()
    stall = socket.socket()
    stall.bind(("127.0.0.1", 0))
    stall.listen(64)
    held = []

    def hold():
        while True:
            try:
                conn, _ = stall.accept()
                held.append(conn)  # never read, never answered: the TLS handshake stalls
            except OSError:
                return

    threading.Thread(target=hold, daemon=True).start()

    # plain http listener ---------------------------------------------------------------------------------------
    # Port 80's stand-in, as most sites run it: every request is sent to the same URL over https with a 301 (links
    # hosts log it, so a test can count it). Mapped only by FixtureServer.plainHTTPArguments.
    class PlainHandler(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"
        disable_nagle_algorithm = True

        def log_message(self, *args):
            pass

        def do_GET(self):
            host = (self.headers.get("Host") or "").split(":")[0].lower()
            if scenario_of(host) is None:  # localhost, this machine's name: counted for GET /connections?host=
                with COUNTING_LOCK:
                    requests, connections = COUNTED.get(host, (0, set()))
                    COUNTED[host] = (requests + 1, connections)
            if scenario_of(host) in LINK_HOSTS:
                with LINK_LOG_LOCK:
                    key = (host, "http:" + self.path.split("?")[0], self.headers.get("User-Agent") or "")
                    LINK_LOG[key] = LINK_LOG.get(key, 0) + 1
            self.send_response(301)
            self.send_header("Location", "https://%s%s" % (host, self.path))
            self.send_header("Content-Length", "0")
            self.end_headers()

        do_HEAD = do_GET

    plain = http.server.ThreadingHTTPServer(("127.0.0.1", 0), PlainHandler)
    plain.daemon_threads = True
    threading.Thread(target=plain.serve_forever, daemon=True).start()
    # end of plain http listener --------------------------------------------------------------------------------

    print("READY port=%d tls11port=%d stallport=%d httpport=%d ca=%s" % (
        server.server_address[1], old_tls.server_address[1], stall.getsockname()[1], plain.server_address[1],
        os.path.join(d, "ca.pem")), flush=True)
    sys.stdin.read()  # exit when the parent closes our stdin (or dies)
    server.shutdown()
    old_tls.shutdown()
    subprocess.run(["rm", "-rf", d])


if __name__ == "__main__":
    main()
