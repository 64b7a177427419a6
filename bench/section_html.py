"""A book section's HTML, in process: the time to make one section as the live part asks for it
(``companion.pages.sections.section_html``; on a commit from before it, the ``book/section.html``
template the live part rendered then), by kind of section.

    .venv/bin/python bench/section_html.py [--titles 1888-N,18Korea] [--repeat 5]

Positions: each title's random game (3 players, or the fewest it takes; seed 3; 70 random legal
steps with ``choose``, a position every third step); every section of each, in English and
Korean, in the modes a live part asks for (summary, glance, book). Each pass makes them all;
printed is the fastest of ``--repeat`` passes, per kind: microseconds per section made and the
number made per pass. Run from a worktree's root (its own code is measured).
"""
from __future__ import annotations

import argparse
import json
import os
import random
import sys
import tempfile
import time
from collections import defaultdict

sys.path.insert(0, os.getcwd())

from companion import create_app  # noqa: E402
from companion.pages.text import _use_table  # noqa: E402
from tests.companion.live_server import choose  # noqa: E402

MODES = [("summary", False, 0), ("summary", False, 1), ("glance", False, 0),
         ("glance", True, 0), ("book", False, 0)]


def positions(app, title: str, seed: int = 3, steps: int = 70) -> list[dict]:
    client = app.test_client()
    players = ["Ann", "Bo", "Cy"]
    r = client.post("/api/tables", json={"title": title, "seed": seed, "players": players})
    if r.status_code >= 400 and r.get_json()["error"]["code"] == "player_count":
        players = [f"P{i}" for i in range(r.get_json()["error"]["params"]["min"])]
        r = client.post("/api/tables", json={"title": title, "seed": seed, "players": players})
    t = r.get_json()
    svc = app.extensions["companion.tables"]
    access = svc.authorize(t["code"], t["seats"][0]["token"])
    rng, out = random.Random(seed), []
    for n in range(steps):
        st = json.loads(svc.state_json(access))
        if n % 3 == 0:
            out.append({"state": st["state"], "book": st.get("book") or []})
        for _ in range(20):
            action = choose(st["legal"], rng)
            if action is None or svc.submit(access, action, st["version"])[0] == 200:
                break
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--titles", default="1888-N,1899-DAIHAN,18Korea,18Lilliput,AoS-Base,"
                                        "AoS-NewZealand")
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()
    db = os.path.join(tempfile.mkdtemp(), "b.db")
    app = create_app({"TESTING": True, "SECRET_KEY": "b", "DATABASE_URL": f"sqlite:///{db}",
                      "RATELIMIT_ENABLED": False})
    try:
        from companion.pages.sections import section_html as make
    except ImportError:                 # a commit from before it: the template the part rendered
        def make(s, mode, first, skip):
            return app.jinja_env.get_template("book/section.html").render(
                s=s, mode=mode, first=first, skip=skip)
    games = {t: positions(app, t) for t in args.titles.split(",")}
    best: dict[str, float] = {}
    made: dict[str, int] = {}
    for _ in range(args.repeat):
        spent, count = defaultdict(float), defaultdict(int)
        for title, poss in games.items():
            for lang in ("en", "ko"):
                with app.test_request_context(headers={"Cookie": f"lang={lang}"}):
                    for pos in poss:
                        _use_table(pos["state"])
                        for s in pos["book"]:
                            for mode, first, skip in MODES:
                                t0 = time.perf_counter()
                                make(s, mode, first, skip)
                                spent[s["kind"]] += time.perf_counter() - t0
                                count[s["kind"]] += 1
        spent["all"], count["all"] = sum(spent.values()), sum(count.values())
        for k, v in spent.items():
            best[k] = min(best.get(k, v), v)
            made[k] = count[k]
    for k in sorted(best, key=lambda k: (k == "all", k)):
        print(f"{k:10s} {best[k] / made[k] * 1e6:8.1f} µs per section  ({made[k]} a pass)")


if __name__ == "__main__":
    main()
