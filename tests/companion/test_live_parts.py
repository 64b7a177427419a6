"""Issue 12, "push the page, not a hint": a table page's socket (``&part=1``) is pushed the
page's live part itself, so an update is one message and no second request; the part is made
once per table, version and kind of phone, not once per phone."""
from __future__ import annotations

import json
import random
import re
import threading

import pytest
import requests
import websocket
from flask import template_rendered

from companion import live
from tests.companion.live_server import Api, LiveServer, choose, create_table
from tests.companion.test_pages_once import acting_seat_passes

TITLE = "1888-N"
PLAYERS = ["Ann", "Bo", "Cy"]


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    srv = LiveServer(tmp_path_factory.mktemp("parts")).start()
    yield srv
    srv.stop()


class PagePhone:
    """A table page's socket, with the page's cookies (its language and time zone)."""

    def __init__(self, server, code, token, cookies="lang=en"):
        self.messages: list[dict] = []
        self.cond = threading.Condition()
        self.ws = websocket.create_connection(
            f"{server.ws_url}/ws/tables/{code}?part=1&token={token}", timeout=15,
            header=[f"Cookie: {cookies}"])
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        try:
            while True:
                raw = self.ws.recv()
                if not raw:
                    return
                with self.cond:
                    self.messages.append(json.loads(raw))
                    self.cond.notify_all()
        except Exception:
            return

    def wait(self, predicate, timeout=15) -> dict:
        with self.cond:
            assert self.cond.wait_for(lambda: any(predicate(m) for m in self.messages), timeout)
            return next(m for m in reversed(self.messages) if predicate(m))

    def close(self):
        self.ws.close()


def _blank_own(part: str) -> str:
    return re.sub(r'(name="(?:csrf_token|key)" value=")[^"]*', r"\1", part)


def _page_session(server, code, token, lang="en") -> requests.Session:
    s = requests.Session()
    s.cookies.set("lang", lang)
    assert s.get(f"{server.url}/tables/{code}/watch?token={token}", timeout=10).ok
    return s


def test_a_page_socket_is_pushed_the_live_part_itself(server):
    table = create_table(server.url, TITLE, PLAYERS, seed=3)
    code, seats = table["code"], table["seats"]
    phone = PagePhone(server, code, seats[1]["token"])
    hello = phone.wait(lambda m: "part" in m)
    assert hello["version"] == 0 and "state" not in hello and "legal" not in hello
    assert 'data-version="0"' in hello["part"]
    # each phone puts in its own token and keys: the pushed part holds their slots
    assert 'name="csrf_token" value="<csrf>"' in hello["part"]
    assert 'name="key" value="<key>"' in hello["part"]
    api, rng = Api(server.url, code, seats[0]["token"]), random.Random(2)
    for _ in range(3):
        st = api.get()
        assert api.post(choose(st["legal"], rng), st["version"]).status_code == 200
    last = phone.wait(lambda m: m.get("version") == 3 and "part" in m)
    assert 'data-version="3"' in last["part"]
    # one message per change at most, never the JSON of an action, always a part
    assert all("part" in m and "action" not in m for m in phone.messages)
    assert len(phone.messages) <= 4
    # the same part as the page fetches (the fetch is the fallback), tokens aside
    page = _page_session(server, code, seats[1]["token"])
    fetched = page.get(f"{server.url}/tables/{code}/live", timeout=10).text
    assert _blank_own(fetched) == _blank_own(last["part"])
    assert "<csrf>" not in fetched and "<key>" not in fetched
    phone.close()


def test_the_part_is_in_the_phones_language_and_follows_undo_requests(server):
    table = create_table(server.url, TITLE, PLAYERS, seed=4)
    code, seats = table["code"], table["seats"]
    ko = PagePhone(server, code, seats[0]["token"], cookies="lang=ko")
    assert "장부" in ko.wait(lambda m: "part" in m)["part"]
    ann, bo = Api(server.url, code, seats[0]["token"]), Api(server.url, code, seats[1]["token"])
    st = ann.get()
    assert ann.post(choose(st["legal"], random.Random(5)), st["version"]).status_code == 200
    ko.wait(lambda m: m.get("version") == 1)
    req = bo.http.post(f"{server.url}/api/tables/{code}/undo", timeout=10).json()
    # the ask comes as the part at the same version, with the ask in it for Ann's phone
    asked = ko.wait(lambda m: f'data-consent="{req["id"]}"' in m.get("part", ""))
    assert asked["version"] == 1 and f'data-only="{seats[0]["player"]}"' in asked["part"]
    ko.close()


def test_an_api_socket_still_gets_the_json_messages(server):
    table = create_table(server.url, TITLE, PLAYERS, seed=5)
    ws = websocket.create_connection(
        f"{server.ws_url}/ws/tables/{table['code']}?token={table['seats'][0]['token']}",
        timeout=15)
    hello = json.loads(ws.recv())
    assert {"version", "state", "legal"} <= set(hello) and "part" not in hello
    ws.close()


# -- made once per kind of phone (in process: the sender's work called directly) --------------
class FakeSocket:
    def __init__(self):
        self.sent: list[str] = []
        self.connected = True

    def send(self, text):
        self.sent.append(text)


def test_six_phones_share_one_made_part_per_kind(app, client):
    r = client.post("/api/tables", json={"title": TITLE, "players": PLAYERS + ["Di", "Ed"],
                                         "seed": 6})
    table = r.get_json()
    svc, hub = app.extensions["companion.tables"], app.extensions["companion.hub"]
    tokens = [s["token"] for s in table["seats"]] + [table["spectate_token"]]
    subs = [live.Subscriber(FakeSocket(), svc.authorize(table["code"], t), svc, hub,
                            {"Cookie": "lang=en"}) for t in tokens]
    made = []

    def seen(sender, template, context, **extra):
        if template.name == "book/live.html":
            made.append(context["can_act"])

    template_rendered.connect(seen, app)
    try:
        for sub in subs:
            sub._handle(live._HELLO)
        # five seats, one watcher: the part made once for the seats, once for the watcher
        assert sorted(made) == [False, True]
        parts = [json.loads(sub.ws.sent[-1])["part"] for sub in subs]
        assert len(set(parts[:5])) == 1 and parts[5] != parts[0]
        assert "<form" in parts[0] and 'data-type="' not in parts[5]
        # a step: again once per kind, and each phone is sent the new version
        r = acting_seat_passes(client, table)
        assert r.status_code == 200 and r.get_json()["version"] == 1
        made.clear()
        for sub in subs:
            sub._handle({"version": 1, "action": {"type": "pass"}, "events": []})
        assert sorted(made) == [False, True]
        assert all(json.loads(sub.ws.sent[-1])["version"] == 1 for sub in subs)
    finally:
        template_rendered.disconnect(seen, app)
