"""Android App Links fixtures for server.py: /.well-known/assetlinks.json as each android* host serves it, the robots.txt
of those hosts, and a stand-in for Google's Digital Asset Links API (https://dal.aasa.test/v1/statements:list, passed
to `audit --android --dal-base`), so no test ever asks Google."""
import json
import time
import urllib.parse

PACKAGE = "com.acme.shop"
FINGERPRINT = "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"
RELATION = "delegate_permission/common.handle_all_urls"
STATEMENTS = [{"relation": [RELATION], "target": {
    "namespace": "android_app", "package_name": PACKAGE, "sha256_cert_fingerprints": [FINGERPRINT]}}]
FILE = json.dumps(STATEMENTS, indent=2).encode()
PATH = "/.well-known/assetlinks.json"

# Every host this module answers for; server.py gives each a good AASA file too.
HOSTS = ("android", "androidredirect", "androidtemp", "androidtype", "androidstatus", "androidbig", "androidchunked",
         "androidslow", "androidrobots", "androiddalerror", "androiddalbad", "androidstale", "androidinclude",
         "androidlower", "androidaosp", "androidkey", "androidstall", "androidencoding", "androidbom", "androidsyntax",
         "androidobject", "androidempty", "androidskipped", "androidrelation", "androidnohandle", "androidpackage",
         "androidhttpinclude", "androiddynkey", "androiddynbad", "androiddynorder")
# The demo (Scripts/demo): the shop serves the app's statement with Android 15 dynamic rules that keep /account/ in
# the browser; androidkey lists the upload key, not the key Play signs the installed app with (the usual mix-up).
UPLOAD_KEY = "B2:" + "4F:" * 30 + "0D"
DEMO = {"shop"}
# Files other than FILE: an include (its statement lives in /more.json), a lower-case fingerprint (no device matches
# it; Google skips it), a number in a statement (AOSP's parser throws: the whole host fails; Google reads the rest).
def dynamic(rules):
    """The app's statement with Android 15 dynamic rules `rules`."""
    return json.dumps([{"relation": [RELATION], "target": STATEMENTS[0]["target"], "relation_extensions": {
        RELATION: {"dynamic_app_link_components": rules}}}], indent=2).encode()


FILES = {
    "androidinclude": json.dumps([{"include": "https://androidinclude.aasa.test/more.json"}]).encode(),
    "androidlower": json.dumps([{"relation": [RELATION], "target": {
        "namespace": "android_app", "package_name": PACKAGE, "sha256_cert_fingerprints": [FINGERPRINT.lower()]}}]).encode(),
    "androidaosp": json.dumps(STATEMENTS + [{"relation": ["delegate_permission/common.get_login_creds"], "target": {
        "namespace": "android_app", "package_name": PACKAGE, "sha256_cert_fingerprints": [FINGERPRINT]},
        "priority": 1}]).encode(),
    "androidkey": json.dumps([{"relation": [RELATION], "target": {
        "namespace": "android_app", "package_name": PACKAGE, "sha256_cert_fingerprints": [UPLOAD_KEY]}}],
        indent=2).encode(),
    "shop": json.dumps([{"relation": [RELATION], "target": STATEMENTS[0]["target"], "relation_extensions": {
        RELATION: {"dynamic_app_link_components": [
            {"/": "/account/*", "exclude": True, "comments": "signed-in pages stay in the browser"},
            {"/": "*"}]}}}], indent=2).encode(),
    # One file check each (Catalogue.androidFileChecks): an ISO 8859-1 byte in a comment, a byte order mark, a
    # trailing comma, a statement without its brackets, no statement, a web statement whose site ends in "/" (DAL
    # skips it, AOSP reads it), a second statement whose relation has a trailing space (AOSP fails the host, Google
    # reads the first), an app granted only get_login_creds, a package name with a space, an http include.
    "androidencoding": json.dumps([dict(STATEMENTS[0], comment="caf\u00e9")], ensure_ascii=False).encode("latin-1"),
    "androidbom": b"\xef\xbb\xbf" + FILE,
    "androidsyntax": json.dumps(STATEMENTS, indent=2).encode()[:-2] + b",\n]",
    "androidobject": json.dumps(STATEMENTS[0], indent=2).encode(),
    "androidempty": b"[]",
    "androidskipped": json.dumps(STATEMENTS + [{"relation": ["delegate_permission/common.get_login_creds"], "target": {
        "namespace": "web", "site": "https://androidskipped.aasa.test/"}}], indent=2).encode(),
    "androidrelation": json.dumps(STATEMENTS + [dict(STATEMENTS[0], relation=[
        "delegate_permission/common.get_login_creds "])], indent=2).encode(),
    "androidnohandle": json.dumps([dict(STATEMENTS[0], relation=["delegate_permission/common.get_login_creds"])],
                                  indent=2).encode(),
    "androidpackage": json.dumps([{"relation": [RELATION], "target": dict(STATEMENTS[0]["target"],
                                                                          package_name="com.acme shop")}]).encode(),
    "androidhttpinclude": json.dumps([{"include": "http://androidhttpinclude.aasa.test/more.json"}]).encode(),
    # One dynamic-rule check each (Catalogue.dynamicRuleChecks): Apple's "paths" key, an empty "/", and a rule after
    # one that matches every URL (the first two rules are last: a rule without a usable "/" matches every URL).
    "androiddynkey": dynamic([{"/": "/account/*", "exclude": True}, {"paths": ["/shop/*"]}]),
    "androiddynbad": dynamic([{"/": "/account/*", "exclude": True}, {"/": ""}]),
    "androiddynorder": dynamic([{"/": "*", "exclude": True}, {"/": "/account/*"}]),
}
# Hosts whose file leaves Google's DAL no handle_all_urls statement for com.acme.shop: it answers none. Others answer
# the app's statement: androidbom and androidencoding too (what DAL does with a BOM or a stray byte outside the
# statement's fields is not documented; RFC 8259 lets a parser skip the BOM).
GOOGLE_NONE = {"androidlower", "androidsyntax", "androidobject", "androidempty", "androidnohandle", "androidpackage",
               "androidhttpinclude"}


def serve(handler, name, path):
    """Answers `path` on host scenario `name` when it is an Android fixture's; returns whether it did."""
    if name == "androidinclude" and path == "/more.json":
        handler.send(200, FILE, "application/json")
        return True
    if name in DEMO:
        if path != PATH:
            return False
        handler.send(200, FILES[name], "application/json")
        return True
    if name not in HOSTS or path not in (PATH, "/robots.txt"):
        return False
    if path == "/robots.txt":
        rules = b"User-agent: Googlebot\nDisallow: /.well-known/\n\nUser-agent: *\nAllow: /\n" \
            if name == "androidrobots" else b"User-agent: *\nDisallow: /private/\n"
        handler.send(200, rules, "text/plain")
    elif name == "androidredirect":
        handler.send(301, b"", None, {"Location": "https://www.androidredirect.aasa.test" + PATH})
    elif name == "androidtemp":
        handler.send(307, b"", None, {"Location": "https://cdn.androidtemp.aasa.test/assetlinks.json"})
    elif name == "androidtype":
        handler.send(200, FILE, "text/plain; charset=utf-8")
    elif name == "androidstatus":
        handler.send(503, b"<html>Service Unavailable</html>", "text/html")
    elif name == "androidbig":
        big(handler)
    elif name == "androidchunked":
        chunked(handler)
    elif name == "androidslow":
        time.sleep(6)  # past Android's 5 s read timeout, within any test's --timeout
        handler.send(200, FILE, "application/json")
    elif name == "androidstall":
        stall(handler)
    else:
        handler.send(200, FILES.get(name, FILE), "application/json")
    return True


def stall(handler):
    """The first byte at once, then a wait past Android's 5 s read timeout before the rest of the body."""
    handler.send_response(200)
    handler.send_header("Content-Type", "application/json")
    handler.send_header("Content-Length", str(len(FILE)))
    handler.end_headers()
    try:
        handler.wfile.write(FILE[:10])
        handler.wfile.flush()
        time.sleep(6)
        handler.wfile.write(FILE[10:])
    except OSError:
        pass


def big(handler):
    """A declared length of 2,000,000 bytes, over Android's 1 MiB: the verifier refuses it before reading."""
    handler.send_response(200)
    handler.send_header("Content-Type", "application/json")
    handler.send_header("Content-Length", "2000000")
    handler.end_headers()
    try:
        handler.wfile.write(FILE + b" " * (2000000 - len(FILE)))
    except OSError:
        pass
    handler.close_connection = True


def chunked(handler):
    """1.25 MiB with no Content-Length (chunked): AOSP reads it whole; the audit reads up to its limit."""
    handler.send_response(200)
    handler.send_header("Content-Type", "application/json")
    handler.send_header("Transfer-Encoding", "chunked")
    handler.end_headers()
    try:
        for chunk in [FILE[:-1]] + [b" " * 65536] * 20 + [b"]"]:
            handler.wfile.write(b"%x\r\n%s\r\n" % (len(chunk), chunk))
        handler.wfile.write(b"0\r\n\r\n")
    except OSError:
        pass
    handler.close_connection = True


def google(request_path):
    """statements:list for the site its query names: the statements of android* hosts that serve a good file, error
    codes for androiddalerror, an HTML page for androiddalbad, a fetch error for any other host. Returns
    (status, body, content type)."""
    parts = urllib.parse.urlsplit(request_path)
    if parts.path != "/v1/statements:list":
        return 404, b"not found", "text/plain"
    query = urllib.parse.parse_qs(parts.query)
    site = (query.get("source.web.site") or [""])[0]
    host = urllib.parse.urlsplit(site).hostname or ""
    name = host.split(".")[0].split("--")[0]
    if name == "androiddalbad":
        return 200, b"<!DOCTYPE html><html><body>Sign in to continue</body></html>", "text/html"
    if name == "androiddalerror":
        answer = {"maxAge": "59.9s", "errorCode": ["ERROR_CODE_WRONG_CONTENT_TYPE"],
                  "debugString": "********************* ERRORS *********************\nError: wrong content type"}
    elif name in GOOGLE_NONE:  # e.g. androidlower: Google skips the statement with the malformed fingerprint
        answer = {"maxAge": "3599.9s", "debugString": "None!"}
    elif name in HOSTS or name in DEMO:
        # androidstale: Google's cached copy still has an older signing key; androidkey's copy is its file's.
        fingerprint = {"androidstale": "AA:" + "BB:" * 30 + "CC", "androidkey": UPLOAD_KEY}.get(name, FINGERPRINT)
        answer = {"statements": [{"source": {"web": {"site": "https://%s." % host}}, "relation": RELATION,
                                  "target": {"androidApp": {"packageName": PACKAGE,
                                                            "certificate": {"sha256Fingerprint": fingerprint}}}}],
                  "maxAge": "3599.9s", "debugString": "********************* ERRORS *********************\nNone!"}
    else:
        answer = {"maxAge": "59.9s", "errorCode": ["ERROR_CODE_FETCH_ERROR"], "debugString": "Error: 404"}
    return 200, json.dumps(answer).encode(), "application/json; charset=UTF-8"
