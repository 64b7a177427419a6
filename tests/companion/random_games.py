"""Random games played through the table service, for the tests that compare what the pages make
in Python with the templates they replaced, at many positions (tests/companion/test_*_html.py)."""
from __future__ import annotations

import json
import random

import pytest

from companion import create_app
from tests.companion.live_server import choose


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    """An app of its own for the module's games, on a SQLite database in a temporary folder."""
    db = tmp_path_factory.mktemp("games") / "g.db"
    return create_app({"TESTING": True, "SECRET_KEY": "s", "DATABASE_URL": f"sqlite:///{db}",
                       "RATELIMIT_ENABLED": False})


def new_table(app, title: str, players: list[str], seed: int):
    """A table of ``title`` (with the fewest players it takes when ``players`` are too few):
    (its code, the table service, the first seat's access)."""
    client = app.test_client()
    t = client.post("/api/tables", json={"title": title, "seed": seed, "players": players})
    if t.status_code >= 400 and t.get_json()["error"]["code"] == "player_count":
        fewest = t.get_json()["error"]["params"]["min"]
        t = client.post("/api/tables", json={"title": title, "seed": seed,
                                             "players": [f"P{i}" for i in range(fewest)]})
    assert t.status_code in (200, 201), t.get_data(as_text=True)
    t = t.get_json()
    svc = app.extensions["companion.tables"]
    return t["code"], svc, svc.authorize(t["code"], t["seats"][0]["token"])


def step_randomly(svc, access, st: dict, rng: random.Random) -> bool:
    """A random legal step of the state ``st``, another tried when the engine refuses one (up
    to 20): False when the game offers none (it is over)."""
    action = choose(st["legal"], rng)
    if action is None:
        return False
    for _ in range(20):
        if svc.submit(access, action, st["version"])[0] == 200:
            break
        action = choose(st["legal"], rng)
    return True


def positions(app, title: str, players: list[str], seed: int, steps: int):
    """Each position of a random game of ``title`` (its state as the page gets it: version,
    state, legal, book), for up to ``steps`` steps."""
    _code, svc, access = new_table(app, title, players, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        st = json.loads(svc.state_json(access))
        yield st
        if not step_randomly(svc, access, st, rng):
            return
