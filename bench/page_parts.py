"""The table page's size by part: a seat's 1888-N table page at step 60, as the phone bench
(``bench/phone_load.py``) makes it (5 players, seed 6, 60 random legal steps with Random(6)),
fetched from a real server (gunicorn, ``app:app``), and its parts' gzip -9 sizes.

    .venv/bin/python bench/page_parts.py [--moves 60] [--json]

Prints what the server sends for the page (gzipped, with the server's own level), gzip -9 of the
whole page, and per part: raw bytes and gzip -9 alone (each part compressed on its own: a guide
to what a part costs, not a split of the whole page's gzip). The parts: the head's boot script
(``<script data-ws>``, static/live_boot.js), the inline ``<style>`` (static/app.css), Brython's
``<script type="text/python" id="live-py">`` (static/live.py), the ``<main>`` (the book and the
forms) and the rest.
"""
from __future__ import annotations

import argparse
import gzip
import json
import random
import re
import sys
import tempfile
from pathlib import Path

import requests

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.phone_load import PLAYERS, TITLE, advance  # noqa: E402
from tests.companion.live_server import LiveServer, create_table  # noqa: E402

PARTS = {
    "boot script (live_boot.js)": r"<script data-ws=[^>]*>(.*?)</script>",
    "style (app.css)": r"<style>(.*?)</style>",
    "live-py (live.py)": r'<script type="text/python" id="live-py">(.*?)</script>',
    "main (book, forms)": r"<main\b[^>]*>(.*?)</main>",
}


def gz9(data: bytes) -> int:
    return len(gzip.compress(data, 9, mtime=0))


def parts(html: str) -> dict:
    """Each part's raw and gzip -9 bytes (its content only), and the rest of the page."""
    out, rest = {}, html
    for name, pattern in PARTS.items():
        m = re.search(pattern, html, re.S)
        body = m.group(1) if m else ""
        out[name] = {"raw": len(body.encode()), "gz9": gz9(body.encode())}
        if m:
            rest = rest.replace(body, "", 1)
    out["rest (head, header, footer, tags)"] = {"raw": len(rest.encode()),
                                                 "gz9": gz9(rest.encode())}
    return out


def probe(moves: int) -> dict:
    rng = random.Random(6)
    with tempfile.TemporaryDirectory(prefix="page-parts-") as tmp:
        server = LiveServer(Path(tmp), app="app:app", name="page-parts").start()
        try:
            table = create_table(server.url, TITLE, PLAYERS, seed=6)
            code = table["code"]
            version = advance(server.url, code, table["seats"][0]["token"], moves, rng)
            s = requests.Session()
            s.get(f"{server.url}/tables/{code}/watch?token={table['seats'][1]['token']}",
                  timeout=10)
            sent = s.get(f"{server.url}/tables/{code}", timeout=10, stream=True,
                         headers={"Accept-Encoding": "gzip"})
            wire = sent.raw.read(decode_content=False)
            html = gzip.decompress(wire) if sent.headers.get("Content-Encoding") == "gzip" \
                else wire
        finally:
            server.stop()
    return {"version": version, "sent": len(wire), "encoding": sent.headers.get("Content-Encoding"),
            "raw": len(html), "gz9": gz9(html), "parts": parts(html.decode())}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--moves", type=int, default=60)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    res = probe(args.moves)
    if args.json:
        print(json.dumps(res))
        return 0
    print(f"{TITLE} table page at version {res['version']}: {res['raw']} B raw, "
          f"{res['sent']} B sent ({res['encoding']}), gzip -9 {res['gz9']} B "
          f"({res['gz9'] / 1024:.1f} KB)")
    for name, p in res["parts"].items():
        print(f"  {name:36} {p['raw']:7} B raw  {p['gz9']:6} B gz9 alone")
    return 0


if __name__ == "__main__":
    sys.exit(main())
