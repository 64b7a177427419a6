"""PostgreSQL + Redis: two server processes on two ports serve the same tables.

Six phones spread over both servers, posts sent concurrently to both: every phone ends at
the same version with the same state, in order, and the log is a serial replay; a phone
on one server sees what was posted to the other. Marker ``services``: fails (not skips)
with ``CI=true`` when PostgreSQL or Redis is down.
"""
from __future__ import annotations

import random

import pytest

from tests.companion.live_server import (Api, LiveServer, Phone, choose, create_table, live_title,
                                         players_for)
from tests.companion.test_live import check_consistent, play_concurrently

pytestmark = pytest.mark.services


@pytest.fixture
def two_servers(tmp_path, postgres_url, redis_url, redis_prefix, relay):
    servers = [LiveServer(tmp_path, database_url=postgres_url, redis_url=redis_url,
                          redis_prefix=redis_prefix, snapshot_every=10, name=f"s{i}",
                          extra_env={"COMPANION_HUB_SWEEP": "1"})
               for i in range(2)]
    try:
        for s in servers:
            s.start()
        yield servers
    finally:
        for s in servers:
            s.terminate()
        for s in servers:
            s.stop()


def test_concurrent_posts_on_two_servers(two_servers):
    run = play_concurrently(two_servers, target=40, posters=4, seed=11)
    assert run["statuses"][200] == run["final"]
    check_consistent(run)


def test_phone_on_one_server_sees_posts_to_the_other(two_servers):
    a, b = two_servers
    title = live_title()
    table = create_table(a.url, title, players_for(title, 3), seed=9)
    code = table["code"]
    on_a = Phone(a.ws_url, code, table["seats"][0]["token"], "on-a")
    on_b = Phone(b.ws_url, code, table["seats"][1]["token"], "on-b")
    on_a.wait_hello()
    on_b.wait_hello()
    rng = random.Random(4)
    for i in range(10):
        api = Api((a if i % 2 else b).url, code, table["seats"][i % 3]["token"])
        st = api.get()
        r = api.post(choose(st["legal"], rng), st["version"])
        assert r.status_code == 200, r.text
        assert on_a.wait_version(r.json()["version"]) and on_b.wait_version(r.json()["version"])
    assert on_a.order == on_b.order == list(range(1, 11))
    assert on_a.actions == on_b.actions
    # Both processes' live games agree (the one that did not apply caught up from the log).
    assert Api(a.url, code, table["seats"][0]["token"]).get() == \
        Api(b.url, code, table["seats"][0]["token"]).get()
    # Undo requests cross too.
    api_b = Api(b.url, code, table["seats"][2]["token"])
    last_by = api_b.history()["entries"][-1]["player"]
    asker = next(s for s in table["seats"] if s["player"] != last_by)
    r = Api(b.url, code, asker["token"]).http.post(f"{b.url}/api/tables/{code}/undo")
    assert r.status_code == 201
    assert on_a.wait_for(lambda p: any("undo_request" in m for m in p.other))
    on_a.close()
    on_b.close()


def test_a_post_waiting_on_a_row_lock_does_not_block_the_process(two_servers, postgres_url):
    """gevent + psycopg 3: a greenlet waiting for PostgreSQL yields, so the same process
    keeps serving other tables (psycopg picks its gevent-aware wait under monkey-patching)."""
    import threading
    import time

    import psycopg
    import requests

    a = two_servers[0]
    title = live_title()
    x = create_table(a.url, title, players_for(title, 3), seed=1)
    y = create_table(a.url, title, players_for(title, 3), seed=2)
    api_x = Api(a.url, x["code"], x["seats"][0]["token"])
    api_y = Api(a.url, y["code"], y["seats"][0]["token"])
    st_x, st_y = api_x.get(), api_y.get()
    rng = random.Random(0)
    holder = psycopg.connect(postgres_url)
    holder.execute("SELECT version FROM tables WHERE code = %s FOR UPDATE", (x["code"],))
    result = {}
    blocked = threading.Thread(target=lambda: result.setdefault(
        "r", api_x.post(choose(st_x["legal"], rng), st_x["version"], timeout=30)))
    blocked.start()
    try:
        time.sleep(0.5)
        assert "r" not in result                      # waiting for the row lock
        t0 = time.perf_counter()
        assert requests.get(a.url + "/healthz", timeout=5).status_code == 200
        r = api_y.post(choose(st_y["legal"], rng), st_y["version"])
        assert r.status_code == 200
        assert time.perf_counter() - t0 < 2.0
    finally:
        holder.rollback()
        holder.close()
    blocked.join(timeout=30)
    assert result["r"].status_code == 200
