"""Item 3 of issue 16, on the WebSocket: what other phones receive for an action posted with
extra fields (a big one, a nested one, a huge number) carries only the fields the action's
legal form declares, and is strict JSON (no NaN or Infinity), as the live push, as a catch-up
(``{"since": 0}``) and in the first state. Against gunicorn's gevent worker, on one server
and (marker ``services``) across two servers through PostgreSQL and Redis."""
from __future__ import annotations

import time
import uuid

import pytest
import requests
import websocket

from tests.companion import doubles
from tests.companion.live_server import LiveServer, create_table
from tests.companion.test_hardening_actions import strict

DECLARED = {"type": "add", "entity": "1", "n": 2}
EXTRA = {"junk": "x" * 30000, "nested": {"a": [1, {"b": "deep"}]}, "huge": 1e308}


class RawPhone:
    """A WebSocket client that keeps each message's raw text (a browser's JSON.parse sees it)."""

    def __init__(self, ws_base: str, code: str, token: str):
        self.ws = websocket.create_connection(f"{ws_base}/ws/tables/{code}?token={token}",
                                              timeout=15)
        self.raw: list[str] = []

    def next(self) -> dict:
        text = self.ws.recv()
        self.raw.append(text)
        return strict(text)

    def until(self, predicate, limit=50) -> dict:
        for _ in range(limit):
            msg = self.next()
            if predicate(msg):
                return msg
        raise AssertionError(f"not received in {limit} messages: {self.raw[-3:]}")

    def close(self):
        self.ws.close()


def post_with_extras(base: str, table: dict) -> requests.Response:
    return requests.post(f"{base}/api/tables/{table['code']}/actions", timeout=15,
                         headers={"Authorization": f"Bearer {table['seats'][0]['token']}"},
                         json={"action": {**DECLARED, **EXTRA}, "expected_version": 0,
                               "key": uuid.uuid4().hex})


def assert_clean(text: str):
    strict(text)
    for word in ("junk", "nested", "deep", "huge", "xxxxxxxx", "Infinity", "NaN"):
        assert word not in text, (word, text[:300])
    assert len(text) < 20000, len(text)


def check_pushes(post_to, watch_on, table: dict):
    """Post to server ``post_to``; phones on server ``watch_on`` (the same or another)."""
    code, watch_on = table["code"], watch_on.ws_url
    bo = RawPhone(watch_on, code, table["seats"][1]["token"])        # another player's phone
    tv = RawPhone(watch_on, code, table["spectate_token"])           # the read-only TV link
    try:
        for phone in (bo, tv):
            assert phone.until(lambda m: "state" in m)["version"] == 0
        r = post_with_extras(post_to.url, table)
        assert r.status_code == 200, r.text
        for phone in (bo, tv):
            push = phone.until(lambda m: "action" in m)
            assert push["version"] == 1
            assert push["action"] == DECLARED
            assert_clean(phone.raw[-1])
        # a catch-up from the log, and a later phone's first state, are as clean
        tv.ws.send('{"since": 0}')
        again = tv.until(lambda m: "action" in m)
        assert again["version"] == 1 and again["action"] == DECLARED
        assert_clean(tv.raw[-1])
        late = RawPhone(watch_on, code, table["seats"][0]["token"])
        try:
            hello = late.until(lambda m: "state" in m)
            assert hello["version"] == 1
            assert_clean(late.raw[-1])
        finally:
            late.close()
    finally:
        bo.close()
        tv.close()


def test_pushes_carry_only_the_declared_fields_as_strict_json(tmp_path):
    server = LiveServer(tmp_path).start()
    try:
        table = create_table(server.url, doubles.TITLE_ID, ["Ann", "Bo"])
        check_pushes(server, server, table)
    finally:
        server.stop()


@pytest.mark.services
def test_pushes_through_redis_to_another_server_are_as_clean(tmp_path, postgres_url, redis_url,
                                                             redis_prefix):
    servers = [LiveServer(tmp_path, database_url=postgres_url, redis_url=redis_url,
                          redis_prefix=redis_prefix, name=name) for name in ("a", "b")]
    try:
        for s in servers:
            s.start()
        a, b = servers
        table = create_table(a.url, doubles.TITLE_ID, ["Ann", "Bo"])
        time.sleep(0.2)
        check_pushes(a, b, table)
    finally:
        for s in servers:
            s.stop()
