"""Issue 24, item 4 (PostgreSQL): posts that share a key, sent at once to several processes
(each its own table lock, one database), never answer 5xx and all get the one answer the key
keeps: a refused action (422, its answer kept with the key) and an accepted one (200, applied
once) alike. Marker ``services``: with ``CI=true`` it fails when PostgreSQL is down."""
from __future__ import annotations

import threading

import pytest

from tests.companion.relay_tables import TITLE, relay  # noqa: F401
from tests.companion.test_api import make_app

pytestmark = pytest.mark.services

POSTERS = 4
ROUNDS = 6


@pytest.fixture(params=[100, 1], ids=["fast-path", "locked-path"])
def clients(request, fresh_postgres_url):
    """One app per poster (a process each) on one PostgreSQL database; ``snapshot_every=1``
    sends every post down the locked transaction instead of the one-statement path."""
    apps = [make_app(fresh_postgres_url, RATELIMIT_ENABLED=False,
                     SNAPSHOT_EVERY=request.param) for _ in range(POSTERS)]
    yield [app.test_client() for app in apps]
    for app in apps:
        app.extensions["companion.store"].dispose()


def at_once(clients, path, headers, body) -> list[tuple[int, dict]]:
    """``body`` posted by every client at the same moment: [(status, answer)]."""
    start = threading.Barrier(len(clients))
    answers: list = [None] * len(clients)

    def post(i, client):
        start.wait()
        r = client.post(path, json=body, headers=headers)
        answers[i] = (r.status_code, r.get_json())
    threads = [threading.Thread(target=post, args=(i, c)) for i, c in enumerate(clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    return answers


def test_posts_sharing_a_key_get_the_one_answer(clients):
    first = clients[0]
    table = first.post("/api/tables", json={"title": TITLE, "players": ["Ann", "Bo"],
                                            "seed": 1}).get_json()
    path = f"/api/tables/{table['code']}/actions"
    h = {"Authorization": f"Bearer {table['seats'][0]['token']}"}
    for c in clients:                         # every process has the table live
        assert c.get(f"/api/tables/{table['code']}", headers=h).status_code == 200
    version = 0
    for n in range(ROUNDS):
        acting, waiting = ("1", "2") if version % 2 == 0 else ("2", "1")
        refused = at_once(clients, path, h, {"action": {"type": "add", "entity": waiting},
                                             "expected_version": version, "key": f"no-{n}"})
        assert [s for s, _ in refused] == [422] * POSTERS, refused
        assert all(a == refused[0] for a in refused), refused
        assert refused[0][1]["error"]["code"] == "out_of_turn"
        accepted = at_once(clients, path, h, {"action": {"type": "add", "entity": acting, "n": 1},
                                              "expected_version": version, "key": f"ok-{n}"})
        assert [s for s, _ in accepted] == [200] * POSTERS, accepted
        assert all(a == accepted[0] for a in accepted), accepted
        version += 1
        assert accepted[0][1]["version"] == version
    for c in clients:                         # each step applied once, in every process
        st = c.get(f"/api/tables/{table['code']}", headers=h).get_json()
        assert st["version"] == ROUNDS and st["state"]["total"] == ROUNDS
