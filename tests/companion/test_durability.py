"""SIGKILL in the middle of a stream of posts, then start again: every action answered 200
is in the log, versions are contiguous, nothing is half applied, and a retried post whose
answer was lost applies at most once."""
from __future__ import annotations

import json
import random
import threading
import time
import uuid

import pytest
import requests

from engine import Game
from tests.companion.live_server import (Api, LiveServer, Phone, choose, create_table, live_title,
                                         players_for)


class Stream:
    """Posts one action after another to one table until stopped (or the server dies)."""

    def __init__(self, api: Api, seed: int):
        self.api, self.rng = api, random.Random(seed)
        self.answered: dict[int, dict] = {}       # version -> action answered 200
        self.in_flight: tuple | None = None       # (action, expected_version, key) unanswered
        self.stop = False
        self.thread = threading.Thread(target=self.run, daemon=True)

    def run(self):
        version = 0
        legal = None
        while not self.stop:
            try:
                if legal is None:
                    st = self.api.get()
                    version, legal = st["version"], st["legal"]
                action = choose(legal, self.rng)
                if action is None:
                    return
                key = uuid.uuid4().hex
                self.in_flight = (action, version, key)
                r = self.api.post(action, version, key=key, timeout=5)
            except (requests.RequestException, AssertionError):
                return                                  # the server is gone
            if r.status_code == 200:
                version = r.json()["version"]
                self.answered[version] = action
                self.in_flight = None
            legal = None


def check_table(api: Api, answered: dict[int, dict]):
    history = api.history()
    entries = history["entries"]
    final = history["version"]
    assert [e["version"] for e in entries] == list(range(1, final + 1))   # contiguous
    by_version = {e["version"]: e for e in entries}
    for v, action in answered.items():
        # as posted, with the entry's fixed fields the door fills in (a bid's "buys")
        assert action.items() <= by_version[v]["action"].items(), \
            f"answered version {v} lost or changed"
    # Nothing half applied: the live state is exactly the serial replay of the log.
    record = api.record()
    game = Game(record["title"], record["players"], record["seed"], record["options"])
    for e in entries:
        assert json.loads(json.dumps(game.process(e["action"]))) == e["events"]
    state = api.get()
    assert state["version"] == final and json.loads(json.dumps(game.view())) == state["state"]
    return final


@pytest.mark.slow
def test_sigkill_mid_stream_loses_nothing(tmp_path, relay):
    server = LiveServer(tmp_path, snapshot_every=7).start()
    title = live_title()
    streams, phones = [], []
    try:
        for i in range(3):
            table = create_table(server.url, title, players_for(title, 4), seed=40 + i)
            api = Api(server.url, table["code"], table["seats"][0]["token"])
            streams.append(Stream(api, seed=i))
            phones.append(Phone(server.ws_url, table["code"], table["seats"][1]["token"]))
        for p in phones:
            p.wait_hello()
        for s in streams:
            s.thread.start()
        deadline = time.monotonic() + 20
        while min(len(s.answered) for s in streams) < 25 and time.monotonic() < deadline:
            time.sleep(0.02)
        time.sleep(random.Random().uniform(0, 0.05))      # land anywhere in a post
        server.kill()                                     # SIGKILL, master and worker
        for s in streams:
            s.stop = True
            s.thread.join(timeout=10)
        assert all(len(s.answered) >= 10 for s in streams)
    finally:
        server.kill()
    server.start()                                        # same database, new process
    try:
        for s, phone in zip(streams, phones):
            phone.close()
            api = Api(server.url, s.api.code, s.api.token)
            final = check_table(api, s.answered)
            assert final >= max(s.answered)
            assert final <= max(s.answered) + 1           # at most the one in flight
            if s.in_flight:
                action, expected, key = s.in_flight
                r = api.post(action, expected, key=key)
                if final == expected + 1:                 # it was committed: the same answer
                    assert r.status_code == 200 and r.json()["version"] == final
                else:                                     # it was not: it applies now, once
                    assert r.status_code in (200, 422)
                again = api.post(action, expected, key=key)
                assert (again.status_code, again.json()) == (r.status_code, r.json())
                check_table(api, s.answered)
            # A phone that was connected catches up from its last version.
            fresh = Phone(server.ws_url, s.api.code, s.api.token)
            fresh.wait_hello()
            fresh.send({"since": phone.version})
            v = api.get()["version"]
            assert fresh.wait_for(lambda p: (p.order[-1:] or [phone.version])[0] == v or
                                  phone.version == v)
            fresh.close()
    finally:
        server.stop()
