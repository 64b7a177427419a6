"""A book section made in Python (companion/pages/sections.py) is the HTML the Jinja macro made
before it, byte for byte: every section of many positions of every title, in English and
Korean, in every mode. The macro as it was is kept here alone (``section_before/``, the
templates of git 02f1510), rendered with the app's own words."""
from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest
from jinja2 import ChoiceLoader, DictLoader

from companion import create_app
from companion.pages import book_layout, sections
from companion.pages.text import _use_table
from engine import titles
from tests.companion.live_server import choose

BEFORE = Path(__file__).parent / "section_before"
STEPS = 70             # random steps per title; a position kept every few of them
PLAYERS = ["Ann", "Bo", "Cy"]


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    db = tmp_path_factory.mktemp("sections") / "s.db"
    return create_app({"TESTING": True, "SECRET_KEY": "s", "DATABASE_URL": f"sqlite:///{db}",
                       "RATELIMIT_ENABLED": False})


def positions(app, title: str, seed: int) -> list[dict]:
    """Some positions of a random game of ``title``: each its state and book, as the server
    gives them to the table page."""
    import json
    client = app.test_client()
    t = client.post("/api/tables", json={"title": title, "seed": seed, "players": PLAYERS})
    if t.status_code >= 400 and t.get_json()["error"]["code"] == "player_count":
        fewest = t.get_json()["error"]["params"]["min"]      # a title of more players
        t = client.post("/api/tables", json={"title": title, "seed": seed,
                                             "players": [f"P{i}" for i in range(fewest)]})
    assert t.status_code in (200, 201), t.get_data(as_text=True)
    t = t.get_json()
    svc = app.extensions["companion.tables"]
    access = svc.authorize(t["code"], t["seats"][0]["token"])
    rng = random.Random(seed)
    out = []
    for n in range(STEPS):
        st = json.loads(svc.state_json(access))
        if n % 3 == 0 or n == STEPS - 1:
            out.append({"state": st["state"], "book": st.get("book") or []})
        action = choose(st["legal"], rng)
        if action is None:
            break
        for _ in range(20):
            if svc.submit(access, action, st["version"])[0] == 200:
                break
            action = choose(st["legal"], rng)
    return out


def before(app):
    """The app's templates with ``book/parts.html`` and ``book/section.html`` as they were."""
    old = {name: (BEFORE / name).read_text(encoding="utf-8") for name in ("parts.html", "section.html")}
    env = app.jinja_env.overlay(loader=ChoiceLoader([
        DictLoader({f"book/{k}": v for k, v in old.items()}), app.jinja_env.loader]),
        cache_size=20)
    # the choices the macro asked of book_layout, then template globals
    env.globals = dict(app.jinja_env.globals, table_layout=book_layout.table_layout,
                       glance_left=book_layout.glance_left)
    return env.get_template("book/section.html")


# every way a live part asks for a section (templates/book/summary.html, sections.html)
MODES = [("summary", False, 0), ("summary", False, 1), ("glance", False, 0),
         ("glance", True, 0), ("book", False, 0)]


@pytest.mark.parametrize("title", sorted(titles.TITLES))
def test_every_section_is_made_as_the_macro_made_it(app, title):
    old = before(app)
    kinds = Counter()
    for seed in (3, 11):
        for pos in positions(app, title, seed):
            for lang in ("en", "ko"):
                with app.test_request_context(headers={"Cookie": f"lang={lang}"}):
                    _use_table(pos["state"])
                    for s in pos["book"]:
                        for mode, first, skip in MODES:
                            want = old.render(s=s, mode=mode, first=first, skip=skip)
                            got = sections.section_html(s, mode, first=first, skip=skip)
                            assert got == want, (title, lang, s["kind"], s["id"], mode, first, skip)
                        kinds[s["kind"]] += 1
    # the comparison saw sections of each kind the title shows, and real ones
    assert kinds["facts"] and sum(kinds.values()) > 50, kinds
    assert set(kinds) - {"facts", "log"}, kinds
