"""What the server spends making a table page's live part for one new version, in this process
(no server, no sockets): the part the hub pushes (``hub.render_part``, a seat's page in English),
and the message pushed: the whole part, or what changed since the part before (issue 28,
``companion/live_wire.py``; a commit without it reports no delta).

A 1888-N table of five seats (seed 6) plays ``--skip`` random legal steps, then ``--steps``
more, each followed by what a push does: the version's state (the engine's view, legal
entries, book and the state's JSON text, made once per version), the part, the message. CPU
time (``time.process_time``), medians; bytes of the message, plain and deflated on its own.

    .venv/bin/python bench/live_part.py [--steps 60] [--skip 30]
"""
from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import tempfile
import time
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("COMPANION_INSTANCE_PATH", tempfile.mkdtemp(prefix="bench-part-"))


def deflated(text: str) -> int:
    packer = zlib.compressobj(zlib.Z_DEFAULT_COMPRESSION, zlib.DEFLATED, -15)
    return len(packer.compress(text.encode()) + packer.flush(zlib.Z_SYNC_FLUSH)) - 4


def main(argv=None) -> dict:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--steps", type=int, default=60)
    ap.add_argument("--skip", type=int, default=30)
    args = ap.parse_args(argv)
    from companion import create_app
    from tests.companion.live_server import choose
    try:
        from companion.live_wire import part_message
    except ImportError:             # before issue 28's deltas
        part_message = None
    db = Path(tempfile.mkdtemp(prefix="bench-part-db-")) / "bench.db"
    app = create_app({"TESTING": True, "SECRET_KEY": "bench", "DATABASE_URL": f"sqlite:///{db}",
                      "RATELIMIT_ENABLED": False})
    client = app.test_client()
    table = client.post("/api/tables", json={"title": "1888-N", "seed": 6,
                                             "players": ["Ann", "Bo", "Cy", "Di", "Ed"]}).get_json()
    svc, hub = app.extensions["companion.tables"], app.extensions["companion.hub"]
    access = svc.authorize(table["code"], table["seats"][0]["token"])
    rng, headers = random.Random(6), {"Cookie": "lang=en"}
    state_ms, part_ms, message_ms, sizes = [], [], [], []
    before = None
    for n in range(args.skip + args.steps):
        st = json.loads(svc.state_json(access))
        for _ in range(20):
            if svc.submit(access, choose(st["legal"], rng), st["version"])[0] == 200:
                break
        t0 = time.process_time()
        svc.state_versioned(access)
        t1 = time.process_time()
        version, html = hub.render_part(access, headers)
        t2 = time.process_time()
        if part_message is not None:
            msg = part_message(version, html, before)
            sent = msg.delta[1].text if msg.delta else msg.text
            before = msg
        else:
            sent = json.dumps({"version": version, "part": html}, ensure_ascii=False)
        t3 = time.process_time()
        if n >= args.skip:
            state_ms.append(t1 - t0)
            part_ms.append(t2 - t1)
            message_ms.append(t3 - t2)
            sizes.append((len(html), len(sent), deflated(sent)))
    med = lambda xs: round(statistics.median(xs) * 1000, 2)     # noqa: E731
    out = {"steps": len(part_ms), "state_ms": med(state_ms), "part_ms": med(part_ms),
           "message_ms": med(message_ms),
           "part_bytes": int(statistics.median(s[0] for s in sizes)),
           "sent_bytes": int(statistics.median(s[1] for s in sizes)),
           "sent_deflated_bytes": int(statistics.median(s[2] for s in sizes)),
           "load_average": round(os.getloadavg()[0], 2)}
    print(json.dumps(out))
    return out


if __name__ == "__main__":
    main()
