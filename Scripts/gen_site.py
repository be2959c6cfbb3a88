#!/usr/bin/env python3
"""A deterministic synthetic site for Scripts/bench crawl: N pages of about 5 KB, 3 sequential and 10 random
links each, a 404 link every 50 pages and a redirecting link every 25 (nginx rewrites /r/N), robots.txt, and an
apple-app-site-association whose rules cover half the pages."""
import argparse
import json
import os
import random


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", required=True)
    ap.add_argument("--pages", type=int, default=10000)
    a = ap.parse_args()
    rnd = random.Random(42)
    os.makedirs(os.path.join(a.out, "p"), exist_ok=True)
    os.makedirs(os.path.join(a.out, ".well-known"), exist_ok=True)
    words = "lorem ipsum dolor sit amet consectetur adipiscing elit universal link app deep crawl".split()
    n = a.pages
    for i in range(n):
        links = [(i + k) % n for k in (1, 2, 3)] + [rnd.randrange(n) for _ in range(10)]
        parts = ['<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Page %d</title>'
                 '<link rel="canonical" href="/p/%d.html"></head><body><nav><a href="/">Home</a></nav><ul>' % (i, i)]
        parts += ['<li><a href="/p/%d.html">page %d</a></li>' % (j, j) for j in links]
        if i % 50 == 0:
            parts.append('<li><a href="/missing/%d.html">broken</a></li>' % i)
        if i % 25 == 0:
            parts.append('<li><a href="/r/%d">moved</a></li>' % ((i * 7) % n))
        filler = " ".join(rnd.choice(words) for _ in range(600))
        parts.append("</ul><p>%s</p></body></html>\n" % filler)
        with open(os.path.join(a.out, "p", "%d.html" % i), "w") as f:
            f.write("".join(parts))
    with open(os.path.join(a.out, "index.html"), "w") as f:
        f.write('<!DOCTYPE html><html><body>%s</body></html>\n' % "".join('<a href="/p/%d.html">%d</a>' % (i, i) for i in range(0, n, max(1, n // 50))))
    with open(os.path.join(a.out, "robots.txt"), "w") as f:
        f.write("User-agent: *\nAllow: /\n")
    aasa = {"applinks": {"details": [{"appIDs": ["9JA89QQLNQ.com.acme.shop"], "components": [
        {"/": "/p/*0.html", "exclude": True}, {"/": "/p/*"}, {"/": "/r/*"}]}]}}
    with open(os.path.join(a.out, ".well-known", "apple-app-site-association"), "w") as f:
        json.dump(aasa, f)


if __name__ == "__main__":
    main()
