"""Item 1 of issue 16: a flood of ``{"since": 0}`` on one socket (the read-only TV link) is
bounded: at most one catch-up is sent at a time (asks meanwhile are merged), within a budget
of versions per socket; over it the phone is told to slow down. Against gunicorn's gevent
worker, as production runs it."""
from __future__ import annotations

import json

import pytest
import requests
import websocket

from tests.companion import doubles
from tests.companion.live_server import LiveServer, create_table

STEPS = 120


def play(base, table, steps):
    """``steps`` accepted actions on a relay table (each seat adds 1 in turn)."""
    http = requests.Session()
    tokens = [s["token"] for s in table["seats"]]
    for v in range(steps):
        seat = v % len(tokens)
        r = http.post(f"{base}/api/tables/{table['code']}/actions",
                      headers={"Authorization": f"Bearer {tokens[seat]}"},
                      json={"action": {"type": "add", "entity": str(seat + 1), "n": 1},
                            "expected_version": v})
        assert r.status_code == 200, r.text


def until_pong(ws, pong) -> list[dict]:
    """Every message up to the answer to ``{"ping": pong}`` (the sender answers in order)."""
    got = []
    while True:
        msg = json.loads(ws.recv())
        if msg.get("pong") == pong:
            return got
        got.append(msg)


@pytest.fixture
def flood_server(tmp_path):
    server = LiveServer(tmp_path, extra_env={"COMPANION_WS_CATCHUP_BUDGET": str(3 * STEPS),
                                             "COMPANION_WS_CATCHUP_RATE": "0.001"}).start()
    try:
        table = create_table(server.url, doubles.TITLE_ID, ["Ann", "Bo"])
        play(server.url, table, STEPS)
        yield server, table
    finally:
        server.stop()


def test_a_flood_of_catch_ups_is_bounded_by_the_budget(flood_server):
    server, table = flood_server
    ws = websocket.create_connection(
        f"{server.ws_url}/ws/tables/{table['code']}?token={table['spectate_token']}", timeout=30)
    try:
        hello = json.loads(ws.recv())
        assert hello["version"] == STEPS
        for _ in range(100):
            ws.send(json.dumps({"since": 0}))
        ws.send(json.dumps({"ping": 1}))
        got = until_pong(ws, 1)
        for i in range(3):                     # asked one after another: not merged
            ws.send(json.dumps({"since": 0}))
            ws.send(json.dumps({"ping": 10 + i}))
            got += until_pong(ws, 10 + i)
        actions = [m for m in got if "action" in m]
        # 100 + 3 asks of the whole game: the budget (3 games' worth, hardly refilled) holds
        assert STEPS <= len(actions) <= 3 * STEPS, len(actions)
        assert [m["version"] for m in actions[:STEPS]] == list(range(1, STEPS + 1))
        refused = [m["error"] for m in got if "error" in m]
        assert refused and {e["code"] for e in refused} == {"slow_down"}
        assert refused[-1]["params"]["retry_after"] >= 1
        # the socket still gets live pushes
        r = requests.post(f"{server.url}/api/tables/{table['code']}/actions",
                          headers={"Authorization": f"Bearer {table['seats'][0]['token']}"},
                          json={"action": {"type": "add", "entity": "1", "n": 1},
                                "expected_version": STEPS})
        assert r.status_code == 200
        while True:
            msg = json.loads(ws.recv())
            if "action" in msg:
                assert msg["version"] == STEPS + 1
                break
    finally:
        ws.close()


# -- one socket's sender, without a server ------------------------------------------------------
def subscriber(n_log, budget=10_000, rate=0.0):
    from companion.live import _HELLO, Subscriber
    from companion.wire import Access
    from tests.companion.test_live_ordering import FakeService, FakeWs

    class Hub:
        catchup_budget, catchup_rate = budget, rate

        def saw(self, *a):
            pass

    class Log(FakeService):
        def messages(self, table_id, after, upto=None, limit=None):
            return super().messages(table_id, after, upto)[:limit]

    ws = FakeWs()
    sub = Subscriber(ws, Access(1, "c", "spectator", None, "", 1, ""), Log(n_log, n_log), Hub())
    sub.deliver(_HELLO)
    return sub, ws


def run(sub):
    from companion.live import _STOP
    sub.deliver(_STOP)
    sub.run()


def test_asks_that_come_while_one_waits_are_merged():
    sub, ws = subscriber(50)
    for n in [30, 0, 20] + [10] * 97:
        sub.ask_since(n)
    assert sub.size == 2                       # the hello and one catch-up, not 100
    run(sub)
    assert [m["version"] for m in ws.sent[1:]] == list(range(1, 51))   # from the oldest ask


def test_a_socket_over_its_budget_is_told_to_slow_down():
    sub, ws = subscriber(250, budget=600)
    for _ in range(3):
        sub.deliver({"since": 0})
    run(sub)
    versions = [m["version"] for m in ws.sent[1:] if "version" in m]
    assert versions == list(range(1, 251)) * 2 + list(range(1, 101))   # paid page by page
    assert ws.sent[-1]["error"]["code"] == "slow_down"
