"""The server's own work for a step posted as a phone posts it, in this process: no gunicorn, no
sockets, no other process on the CPU meanwhile, so two commits compare more steadily than through
the load benches (issue 28; on these shared 2-core machines a whole-server figure swings by half
from one minute to the next).

A 1888-N table of five seats (seed 6) on a fresh SQLite database in a temporary folder; each
seat's phone is Flask's test client with the seat's session, its language (en-GB) and time zone
cookie, as ``bench/phone_load.py``'s phones; the steps are posted by that bench's
:class:`~bench.phone_load.PagePoster` (the acting seat's form of the part it holds, with
``X-Live`` and ``X-Part``, answered with what changed and Brotli-compressed as a browser takes
it; a step asked about first is posted again, confirmed). ``--warm`` steps are posted first, then
``--steps`` measured. Measured: the CPU time (``time.process_time``) spent inside the app's WSGI
call (the request, the engine, the part, the answer's JSON and compression, the SQLite commit),
per step accepted, and the median of batches of 20 steps.

    .venv/bin/python bench/post_work.py [--steps 200] [--warm 30]

With ``--tables N``, N such tables step in turn, each with its own phones (and pages): the
pieces and parts the server keeps for many live tables at once (``--tables 500 --warm 2
--pages``: 500 tables of six pages, as ``bench/server_latency.py --pages --tables 500``, but
each step posted as a phone posts it). Also reported: the bytes of a post's answer as sent.

With ``--pages``, the table's six page sockets are here too (the five seats' and a watcher's,
as ``bench/phone_load.py``'s six phones: en-GB, this machine's time zone, permessage-deflate):
the app's own hub and senders (``companion/live.py``), each socket's sender handling what the
hub handed it after every post, its frames written to a socket that takes them and drops them.
That is what a push to six pages costs the server, but the kernel's send, counted with the
post's CPU.

For a count that no other process on the machine can sway, valgrind's callgrind counts the
instructions of the measured steps' server work alone (it goes through ``operator.call``, which
nothing else here calls; the total it prints, divided by the steps, is the server's
instructions per step)::

    PYTHONHASHSEED=0 valgrind --tool=callgrind --toggle-collect=_operator_call \
        --callgrind-out-file=/dev/null .venv/bin/python bench/post_work.py --steps 60 [--pages]
"""
from __future__ import annotations

import argparse
import operator
import os
import random
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
# a fresh database each run, in a folder kept between runs for the app's Brotli copy of
# brython.js: a first start makes it in a thread for several seconds, whose CPU would be counted
INSTANCE = Path(tempfile.gettempdir()) / "bench-post-work"
INSTANCE.mkdir(exist_ok=True)
for old in INSTANCE.glob("companion.db*"):
    old.unlink()
shutil.rmtree(INSTANCE / "state-cache", ignore_errors=True)
os.environ["COMPANION_INSTANCE_PATH"] = str(INSTANCE)
# every phone here is one address: the limits per address are lifted (bench/server_latency.py)
os.environ["COMPANION_LIMIT_CREATE"] = "100000 per minute"
os.environ["COMPANION_LIMIT_POST_ADDRESS"] = "1000000 per minute"

from bench.phone_load import PLAYERS, TITLE, PagePoster, post_page_steps  # noqa: E402


class Answer:
    """What :class:`PagePoster` reads of a ``requests`` response, from a test client's."""

    def __init__(self, r):
        body = r.get_data()
        self.wire = len(body)                 # the answer's bytes as sent (compressed)
        if r.headers.get("Content-Encoding") == "br":
            import brotli
            body = brotli.decompress(body)
        self.status_code, self.headers = r.status_code, r.headers
        self.content = body
        self.text = body.decode("utf-8")

    def json(self):
        import json
        return json.loads(self.text)


class TestSession:
    """What :class:`PagePoster` uses of ``requests.Session``, over Flask's test client: one
    phone's cookies, its headers (a browser's ``Accept-Encoding`` among them)."""

    def __init__(self, app):
        self.client = app.test_client()
        self.headers = {"Accept-Encoding": "gzip, deflate, br"}
        self.cookies = self

    def set(self, name, value, domain=None, path="/"):      # (as ``cookies.set``)
        self.client.set_cookie(name, value)

    def get(self, url, timeout=None, allow_redirects=True, headers=None):
        return Answer(self.client.get(url, headers={**self.headers, **(headers or {})},
                                      follow_redirects=allow_redirects))

    def post(self, url, data=None, timeout=None, headers=None):
        return Answer(self.client.post(url, data=data,
                                       headers={**self.headers, **(headers or {})}))


class DroppedSocket:
    """What a page's sender writes to (``companion/live.py`` ``Subscriber``): an open socket
    that takes every frame (counted) and drops it."""

    connected = True
    event = None

    def __init__(self):
        self.sock, self.sent = self, 0

    def sendall(self, data) -> None:
        self.sent += len(data)

    def close(self) -> None:
        pass


def six_pages(app, table: dict) -> list:
    """The table's five seats' page sockets and a watcher's, subscribed to the app's hub and
    sent their first part."""
    from companion import live
    svc, hub = app.extensions["companion.tables"], app.extensions["companion.hub"]
    tz = str(round(time.localtime().tm_gmtoff / 60))
    headers = {"Cookie": f"tz={tz}", "Accept-Language": "en-GB"}
    subs = []
    for token in [s["token"] for s in table["seats"]] + [table["spectate_token"]]:
        sub = live.Subscriber(DroppedSocket(), svc.authorize(table["code"], token), svc, hub,
                              dict(headers))
        sub.mode = 15                   # took permessage-deflate, as Chromium does
        hub.subscribe(sub)
        sub.deliver(live._HELLO)
        subs.append(sub)
    return subs


def send_handed(subs: list) -> None:
    """Each page's sender handles what the hub handed it (as its thread does, at once)."""
    for sub in subs:
        while not sub.q.empty():
            item = sub.q.get()
            sub.size -= 1
            sub._handle(item)


def main(argv=None) -> dict:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--steps", type=int, default=200)
    ap.add_argument("--warm", type=int, default=30)
    ap.add_argument("--pages", action="store_true",
                    help="six page sockets on the table: their pushes counted with each post")
    ap.add_argument("--tables", type=int, default=1,
                    help="tables stepping in turn, each with its own phones (and pages): "
                         "--warm steps at each first, then --steps in all")
    args = ap.parse_args(argv)

    import gc

    from companion import create_app, pwa
    app = create_app()
    _, _, etag = pwa._brython_gz()
    for _ in range(600):                  # the first run here: until the copy is made
        if pwa._brython_br(app.instance_path, b"", etag) is not None:
            break
        time.sleep(0.1)
    # as the server's worker sets it up (gunicorn.conf.py post_worker_init)
    gc.collect()
    gc.freeze()
    young, middle, _ = gc.get_threshold()
    gc.set_threshold(young, middle, 1000)
    spent = [0.0]
    measuring = [False]
    inner = app.wsgi_app

    def timed(environ, start_response):
        t0 = time.process_time()
        try:
            if measuring[0]:           # (callgrind --toggle-collect=_operator_call counts it)
                return operator.call(inner, environ, start_response)
            return inner(environ, start_response)
        finally:
            spent[0] += time.process_time() - t0
    app.wsgi_app = timed

    setup = app.test_client()
    posters, pages, posts, answered = [], [], [0], [0]

    def counted(post, own_pages):
        def posted(*a, **kw):
            posts[0] += 1
            try:
                r = post(*a, **kw)
                answered[0] += r.wire
                return r
            finally:
                t0 = time.process_time()
                if measuring[0]:
                    operator.call(send_handed, own_pages)
                else:
                    send_handed(own_pages)
                spent[0] += time.process_time() - t0
        return posted
    for _ in range(args.tables):
        table = setup.post("/api/tables", json={"title": TITLE, "players": PLAYERS, "seed": 6,
                                                "options": {}}).get_json()
        poster = PagePoster("", table["code"], table, random.Random(6),
                            session=lambda: TestSession(app))
        own_pages = six_pages(app, table) if args.pages else []
        send_handed(own_pages)
        poster._post = counted(poster._post, own_pages)
        posters.append(poster)
        pages += own_pages
    turn = [0]

    def play(n: int) -> int:
        """``n`` steps, one table's at a time in turn."""
        done = 0
        for _ in range(n * 4):
            if done >= n:
                break
            done += post_page_steps(posters[turn[0] % len(posters)], 1)
            turn[0] += 1
        return done
    play(args.warm * args.tables)
    batches, done, total, posts[0], answered[0] = [], 0, 0.0, 0, 0
    measuring[0] = True
    sent = sum(p.ws.sent for p in pages)
    while done < args.steps:
        spent[0] = 0.0
        n = play(min(20, args.steps - done))
        if n == 0:
            break
        batches.append(spent[0] * 1000 / n)
        total += spent[0]
        done += n
    measuring[0] = False
    out = {"steps": done, "posts": posts[0],
           "server_ms_per_step": round(total * 1000 / max(done, 1), 3),
           "server_ms_per_step_median_of_20": round(statistics.median(batches), 3)
           if batches else None}
    out["answer_bytes_per_post"] = round(answered[0] / max(posts[0], 1))
    out["pages"] = len(pages)
    out["page_bytes_per_step"] = round((sum(p.ws.sent for p in pages) - sent) / max(done, 1)) \
        if pages else None
    print(f"{TITLE}, {args.tables} table(s) of {len(PLAYERS)} seats, {len(pages)} pages: "
          f"{done} steps ({posts[0]} posts) after {args.warm} at each; "
          f"server CPU per step {out['server_ms_per_step']} ms (median of batches of 20: "
          f"{out['server_ms_per_step_median_of_20']} ms); a post's answer "
          f"{out['answer_bytes_per_post']:,} B as sent")
    return out


if __name__ == "__main__":
    main()
