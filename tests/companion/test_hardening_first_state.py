"""Item 9 of issue 16: after a restart a reconnecting phone's first state is the kept copy of
the table's state (no replay of the log), when that copy is the table's version; otherwise the
game is loaded as before."""
from __future__ import annotations

import json
import sqlite3

import pytest
import requests

from engine import titles
from tests.companion import doubles
from tests.companion.live_server import LiveServer, Phone, create_table


def play(base, table, steps, start=0):
    tokens = [s["token"] for s in table["seats"]]
    for v in range(start, start + steps):
        r = requests.post(f"{base}/api/tables/{table['code']}/actions", timeout=10,
                          headers={"Authorization": f"Bearer {tokens[v % 2]}"},
                          json={"action": {"type": "add", "entity": str(v % 2 + 1), "n": 1},
                                "expected_version": v})
        assert r.status_code == 200, r.text


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setitem(titles.TITLES, doubles.TITLE_ID, doubles.SPEC)
    from companion import create_app
    return create_app({"TESTING": True, "SECRET_KEY": "t", "RATELIMIT_ENABLED": False,
                       "INSTANCE_PATH": str(tmp_path / "instance"),
                       "DATABASE_URL": f"sqlite:///{tmp_path / 'fs.db'}"})


def test_the_kept_copy_is_served_without_loading_the_game(app, client):
    t = client.post("/api/tables", json={"title": doubles.TITLE_ID, "players": ["A", "B"]}).json
    h = {"Authorization": f"Bearer {t['seats'][0]['token']}"}
    for v in range(4):
        tok = t["seats"][v % 2]["token"]
        assert client.post(f"/api/tables/{t['code']}/actions",
                           headers={"Authorization": f"Bearer {tok}"},
                           json={"action": {"type": "add", "entity": str(v % 2 + 1), "n": 1},
                                 "expected_version": v}).status_code == 200
    svc, cache = app.extensions["companion.tables"], app.extensions["companion.state_cache"]
    with app.app_context():
        access = svc.authorize(t["code"], t["seats"][0]["token"])
        before = svc.state_versioned(access)
        assert cache.flush() == 1                  # its text of version 4 was made: kept
        assert cache.flush() == 0                  # and not written twice
        svc.evict(access.table_id)                 # as after a restart
        assert svc.live_count() == 0
        assert cache.first_state(access) == before
        assert svc.live_count() == 0 and cache.hits == 1      # no replay, no load
        # the table moves on (another process, say): the old copy is not served
        client.get(f"/api/tables/{t['code']}", headers=h)
        tok = t["seats"][0]["token"]
        assert client.post(f"/api/tables/{t['code']}/actions",
                           headers={"Authorization": f"Bearer {tok}"},
                           json={"action": {"type": "add", "entity": "1", "n": 1},
                                 "expected_version": 4}).status_code == 200
        svc.evict(access.table_id)
        version, text = cache.first_state(access)
        assert version == 5 and json.loads(text)["version"] == 5 and cache.hits == 1


def test_after_a_restart_phones_get_the_kept_state(tmp_path):
    """gunicorn's worker_exit keeps the states; the next worker serves them. The log is made
    unreadable meanwhile: a replay would fail, so the hello proves no replay happened."""
    db = tmp_path / "restart.db"
    instance = tmp_path / "instance"
    env = {"COMPANION_INSTANCE_PATH": str(instance)}
    server = LiveServer(tmp_path, database_url=f"sqlite:///{db}", extra_env=env).start()
    table = create_table(server.url, doubles.TITLE_ID, ["Ann", "Bo"])
    play(server.url, table, 30)
    before = requests.get(f"{server.url}/api/tables/{table['code']}", timeout=10,
                          headers={"Authorization": f"Bearer {table['spectate_token']}"}).json()
    server.stop()                                   # graceful: SIGTERM
    assert list((instance / "state-cache").glob("*/*.json"))
    with sqlite3.connect(db) as conn:               # a hole in the log: no replay can pass it
        conn.execute("DELETE FROM actions WHERE version = 10")
        conn.execute("DELETE FROM snapshots")
    server = LiveServer(tmp_path, database_url=f"sqlite:///{db}", extra_env=env,
                        port=server.port).start()
    try:
        phone = Phone(server.ws_url, table["code"], table["spectate_token"])
        hello = phone.wait_hello(timeout=20)
        assert hello["version"] == 30 and hello["state"] == before["state"]
        assert hello["legal"] == before["legal"]
        phone.close()
    finally:
        server.stop()


def test_told_to_stop_with_phones_on_it_the_worker_keeps_the_states_and_goes(tmp_path):
    """SIGTERM with a phone's socket open: the worker hears it (gunicorn.conf.py), keeps every
    live table's state and closes the phones' sockets at once, so nothing holds it; left to
    gunicorn, the open socket stays open (past the socket's first ping, 25 s on, to the
    graceful timeout, made 300 s here, where the worker is killed)."""
    instance = tmp_path / "instance"
    server = LiveServer(tmp_path, database_url=f"sqlite:///{tmp_path / 'stop.db'}",
                        extra_env={"COMPANION_INSTANCE_PATH": str(instance),
                                   "GUNICORN_CMD_ARGS": "--graceful-timeout 300"}).start()
    phone = None
    try:
        table = create_table(server.url, doubles.TITLE_ID, ["Ann", "Bo"])
        play(server.url, table, 3)
        phone = Phone(server.ws_url, table["code"], table["spectate_token"])
        assert phone.wait_hello(timeout=20)["version"] == 3
        server.terminate()
        assert phone.wait_for(lambda p: p.closed, timeout=15), "the phone's socket stayed open"
        kept = [json.loads(p.read_text()) for p in (instance / "state-cache").glob("*/*.json")]
        assert [k["version"] for k in kept] == [3], kept
    finally:
        if phone is not None:
            phone.close()
        server.stop()
