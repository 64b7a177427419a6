"""Issue 12, "push the page, not a hint": a table page's socket (``&part=1``) is pushed the
page's live part itself, so an update is one message and no second request; the part is made
once per table, version and kind of phone, not once per phone."""
from __future__ import annotations

import json
import random
import re
import threading
import zlib
from datetime import datetime, timedelta

import pytest
import requests
import websocket
from flask import request

from companion import live
from companion.live_wire import apply_delta, page_headers
from tests.companion.live_server import Api, LiveServer, blank_own, choose, create_table
from tests.companion.shown import shown
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

    def __init__(self, server, code, token, cookies="lang=en", query=""):
        self.messages: list[dict] = []
        self.held, self.deltas = None, 0        # the last part, as the page's script keeps it
        self.cond = threading.Condition()
        self.ws = websocket.create_connection(
            f"{server.ws_url}/ws/tables/{code}?part=1&token={token}{query}", timeout=15,
            header=[f"Cookie: {cookies}"])
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        try:
            while True:
                raw = self.ws.recv()
                if not raw:
                    return
                msg = json.loads(raw)
                if "delta" in msg:      # what changed since the part before: made whole
                    self.deltas += 1
                    msg = {"version": msg["version"],
                           "part": apply_delta(self.held, msg["delta"], msg["lines"])}
                if "part" in msg:
                    self.held = msg["part"]
                with self.cond:
                    self.messages.append(msg)
                    self.cond.notify_all()
        except Exception:
            return

    def wait(self, predicate, timeout=15) -> dict:
        with self.cond:
            assert self.cond.wait_for(lambda: any(predicate(m) for m in self.messages), timeout)
            return next(m for m in reversed(self.messages) if predicate(m))

    def close(self):
        self.ws.close()


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
    assert blank_own(fetched) == blank_own(last["part"])
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


def _first_time(part: str) -> tuple[str, str]:
    """(the UTC time, the time as shown) of the part's newest history entry."""
    iso, utc, shown = re.search(r'<time datetime="([^"]+)"( data-utc)?>([^<]+)</time>',
                                part).groups()
    return iso, shown + (" (marked UTC)" if utc else "")


def test_a_page_socket_says_times_in_the_zone_its_address_gives(server):
    """The boot script sets the ``tz`` cookie and at once opens the socket, but a browser may
    open it before it has stored the cookie (Chromium now and then, on a first visit: every part
    pushed to that phone then said UTC, the parts it fetched local time). So the script puts
    its zone in the socket's address too, and the server takes it for the cookie: a first
    visit's pushes, and a phone whose cookie is of a zone it left, say the phone's time now."""
    table = create_table(server.url, TITLE, PLAYERS, seed=8)
    code, seats = table["code"], table["seats"]
    first = PagePhone(server, code, seats[1]["token"], query="&tz=540")       # Seoul, no cookie
    moved = PagePhone(server, code, seats[2]["token"], cookies="lang=en; tz=60", query="&tz=540")
    api = Api(server.url, code, seats[0]["token"])
    st = api.get()
    assert api.post(choose(st["legal"], random.Random(8)), st["version"]).status_code == 200
    parts = [p.wait(lambda m: m.get("version") == 1 and "part" in m)["part"]
             for p in (first, moved)]
    for part in parts:
        iso, shown = _first_time(part)
        at = datetime.fromisoformat(iso.replace("Z", "+00:00")) + timedelta(hours=9)
        assert shown == at.strftime("%H:%M:%S"), (shown, iso)
    # what the page fetches with its cookie stored
    page = _page_session(server, code, seats[1]["token"])
    page.cookies.set("tz", "540")
    fetched = page.get(f"{server.url}/tables/{code}/live", timeout=10).text
    assert blank_own(fetched) == blank_own(parts[0]) == blank_own(parts[1])
    first.close()
    moved.close()


@pytest.mark.parametrize("cookie, query, made_with", [
    ("lang=ko", "", "lang=ko"),                                  # no zone: as it came
    ("lang=ko; tz=540", "&tz=540", "lang=ko; tz=540"),           # the same zone: as it came
    ("lang=ko", "&tz=-300", "lang=ko; tz=-300"),                 # the cookie not stored yet
    ("tz=60; lang=ko", "&tz=540", "lang=ko; tz=540"),            # a zone the phone left
    ("lang=ko; tz=60", "&tz=9;x=1", "lang=ko; tz=60"),           # not a zone: left alone
])
def test_a_page_sockets_headers_take_the_zone_of_its_address(app, cookie, query, made_with):
    with app.test_request_context(f"/ws/tables/abc?part=1&token=t{query}",
                                  headers={"Cookie": cookie, "Accept-Language": "ko"}):
        assert page_headers(request) == {"Cookie": made_with, "Accept-Language": "ko"}


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


def test_six_phones_seats_and_a_watcher_share_one_made_part(app, client, monkeypatch):
    from companion.pages import live_part
    r = client.post("/api/tables", json={"title": TITLE, "players": PLAYERS + ["Di", "Ed"],
                                         "seed": 6})
    table = r.get_json()
    svc, hub = app.extensions["companion.tables"], app.extensions["companion.hub"]
    tokens = [s["token"] for s in table["seats"]] + [table["spectate_token"]]
    subs = [live.Subscriber(FakeSocket(), svc.authorize(table["code"], t), svc, hub,
                            {"Cookie": "lang=en"}) for t in tokens]
    made = []
    pieces = live_part.pieces
    monkeypatch.setattr(live_part, "pieces",
                        lambda code, access, *a, **kw: made.append(access.can_write) or
                        pieces(code, access, *a, **kw))
    for sub in subs:
        sub._handle(live._HELLO)
    # five seats, one watcher: the part made once for all six (the watcher's style hides
    # the seats' forms: tests/companion/shown.py)
    assert len(made) == 1
    parts = [json.loads(sub.ws.sent[-1])["part"] for sub in subs]
    assert len(set(parts)) == 1 and "<form" in parts[0]
    assert 'data-type="' in parts[5] and 'data-type="' not in shown(parts[5], None)
    # a step: again once, and each phone is sent the new version
    r = acting_seat_passes(client, table)
    assert r.status_code == 200 and r.get_json()["version"] == 1
    made.clear()
    for sub in subs:
        sub._handle({"version": 1, "action": {"type": "pass"}, "events": []})
    assert len(made) == 1
    assert all(json.loads(sub.ws.sent[-1])["version"] == 1 for sub in subs)


# -- one frame for every phone of a kind (issue 28) ----------------------------------------------
class FrameSocket:
    """A connection that takes the shared, ready-made frames (``live.wire_mode``): no extension,
    or permessage-deflate with a 15-bit window; what the server writes is kept."""

    def __init__(self, deflate=False):
        from wsproto.extensions import PerMessageDeflate
        proto = type("Proto", (), {"extensions": [PerMessageDeflate()] if deflate else []})()
        self.ws = type("WS", (), {"connection": type("Conn", (), {"_proto": proto})()})()
        self.frames: list[bytes] = []
        self.sock = type("Sock", (), {"sendall": lambda _self, data: self.frames.append(data)})()
        self.connected = True

    def send(self, text):            # the connection's own send: never used for a shared frame
        raise AssertionError("a shared frame was made for this phone alone")


def _payload(frame: bytes) -> tuple[int, bytes]:
    n, at = frame[1] & 0x7F, 2
    if n == 126:
        n, at = int.from_bytes(frame[2:4], "big"), 4
    elif n == 127:
        n, at = int.from_bytes(frame[2:10], "big"), 10
    assert len(frame) == at + n
    return frame[0], frame[at:]


def _whole(frames: list[bytes]) -> list[dict]:
    """A page's messages as its script makes them: each delta made into the whole part from the
    part before it (plain frames, or each compressed on its own)."""
    out, held = [], None
    for frame in frames:
        head, data = _payload(frame)
        if head == 0xC1:
            data = zlib.decompressobj(-15).decompress(data + b"\x00\x00\xff\xff")
        msg = json.loads(data)
        if "delta" in msg:
            msg = dict(msg, part=apply_delta(held, msg["delta"], msg["lines"]))
        held = msg.get("part", held)
        out.append(msg)
    return out


def _drain(sub):
    while not sub.q.empty():
        item = sub.q.get()
        sub.size -= 1
        sub._handle(item)


def test_two_seats_and_a_watcher_get_one_frame_and_show_only_their_own_bits(app, client):
    from companion.pages.table import seat_style
    table = client.post("/api/tables", json={"title": TITLE, "players": PLAYERS,
                                             "seed": 8}).get_json()
    code, seats = table["code"], table["seats"]
    svc, hub = app.extensions["companion.tables"], app.extensions["companion.hub"]
    socks = [FrameSocket(), FrameSocket(), FrameSocket(), FrameSocket(deflate=True)]
    tokens = [seats[0]["token"], seats[1]["token"], table["spectate_token"], seats[2]["token"]]
    subs = [live.Subscriber(sock, svc.authorize(code, t), svc, hub, {"Cookie": "lang=en"})
            for sock, t in zip(socks, tokens)]
    try:
        for sub in subs:
            hub.subscribe(sub)
            sub._handle(live._HELLO)
        r = acting_seat_passes(client, table)
        assert r.status_code == 200
        for sub in subs:
            _drain(sub)
        seat_a, seat_b, watcher, deflated = (sock.frames[-1] for sock in socks)
        # the two seats and the watcher: the same bytes, made once (the very same object),
        # the version's part
        assert seat_a == seat_b and seat_a is seat_b and watcher is seat_a
        head, data = _payload(seat_a)
        assert head == 0x81
        msg = json.loads(data)                  # what changed since the part each one holds
        assert msg["version"] == 1 and "delta" in msg and "part" not in msg
        part = _whole(socks[0].frames)[-1]["part"]
        assert 'data-version="1"' in part and part == _whole(socks[1].frames)[-1]["part"]
        # nothing of one phone's own in the shared bytes: slots for its token and keys
        assert 'value="<csrf>"' in part and 'value="<key>"' in part
        # the watcher's part is the seats': its style shows it none of their forms, undo or
        # clock switch, and its own line
        watched = _whole(socks[2].frames)[-1]["part"]
        assert watched == part and "[data-seats]{display:none!important}" in seat_style(None)
        assert "[data-seats]" not in seat_style(seats[0]["player"])
        assert "data-type=" not in shown(watched, None) and "data-type=" in shown(part, "1")
        assert "Watching." in shown(watched, None) and "Watching." not in shown(part, "1")
        # a phone that took permessage-deflate: the same message compressed once on its own
        # (RFC 7692: RSV1; readable by a decompressor that keeps the earlier messages' window)
        head, packed = _payload(deflated)
        assert head == 0xC1
        reader = zlib.decompressobj(-15)
        first = reader.decompress(_payload(socks[3].frames[0])[1] + b"\x00\x00\xff\xff")
        assert json.loads(first)["version"] == 0
        assert json.loads(reader.decompress(packed + b"\x00\x00\xff\xff")) == msg
        # an undo asked of the seat that entered the step: in the shared part, marked with
        # that seat; each phone's own style shows it on that seat's phone only
        entered = svc.recent_history(svc.authorize(code, seats[0]["token"]), 1, 10)[-1]["player"]
        asker = next(s for s in seats if s["player"] != entered)
        req = client.post(f"/api/tables/{code}/undo",
                          headers={"Authorization": f"Bearer {asker['token']}"}).get_json()
        for sub in subs:
            _drain(sub)
        asked = [sock.frames[-1] for sock in socks[:3]]
        assert asked[0] is asked[1] is asked[2]
        part = _whole(socks[0].frames)[-1]["part"]
        assert f'data-consent="{req["id"]}" data-only="{entered}"' in part
        hidden = f'[data-only]:not([data-only="{entered}"]){{display:none!important}}'
        assert hidden in seat_style(entered)          # shown on the asked seat's phone
        assert f'[data-only]:not([data-only="{asker["player"]}"])' in seat_style(
            asker["player"])                          # hidden on the others'
        assert f'data-consent="{req["id"]}"' in part and \
            f'data-consent="{req["id"]}"' not in shown(part, None)   # and the watcher's
    finally:
        for sub in subs:
            hub.unsubscribe(sub)


def test_the_kept_history_is_the_logs(app, client, monkeypatch):
    """The history's newest entries kept per table in memory are the log's, as read whole; a
    step this process wrote (by any seat, an undo too) is added to them, not read back."""
    from companion import table_log
    table = client.post("/api/tables", json={"title": TITLE, "players": PLAYERS,
                                             "seed": 9}).get_json()
    svc = app.extensions["companion.tables"]
    seats = [svc.authorize(table["code"], s["token"]) for s in table["seats"]]
    access = seats[0]
    reads = []
    read = table_log.raw
    monkeypatch.setattr(table_log, "raw", lambda *a: reads.append(a) or read(*a))
    rng = random.Random(9)
    for n in range(1, 16):
        st = svc.state(access)
        if n % 5 == 0:
            undoer = seats[(n - 1) % len(seats)]          # who entered the last step
            assert svc.submit(undoer, {"type": "undo"}, st["version"])[0] == 200
        for _ in range(20 if n % 5 else 0):
            if svc.submit(seats[n % len(seats)], choose(st["legal"], rng),
                          st["version"])[0] == 200:
                break
        version = svc.state(access)["version"]
        whole = svc.history(access, since=max(0, version - 5), limit=5)["entries"]
        reads.clear()
        assert svc.recent_history(access, version, 5) == whole
        assert reads == [] or n == 1          # read once, then kept as each step is written
