"""Over a live gunicorn server (gevent worker, as in production): six phones on one table,
concurrent posts, in-order push, catch-up, idempotent retries."""
from __future__ import annotations

import json
import random
import threading
import uuid
from collections import Counter

import pytest

from engine import Game, records, titles
from tests.companion import doubles
from tests.companion.live_server import (Api, LiveServer, Phone, choose, create_table, live_title,
                                         players_for, six_tokens)


@pytest.fixture(scope="module")
def server(tmp_path_factory, relay):
    srv = LiveServer(tmp_path_factory.mktemp("live"), snapshot_every=10).start()
    yield srv
    srv.stop()


def play_concurrently(servers, title=None, target=40, posters=3, seed=7):
    """Six phones on one table (spread over ``servers``); ``posters`` of them post at once.

    Returns what the checks need; asserts nothing about the outcome itself.
    """
    title = title or live_title()
    base = servers[0].url
    table = create_table(base, title, players_for(title), seed=seed)
    code = table["code"]
    tokens = six_tokens(base, table)
    phones = [Phone(servers[i % len(servers)].ws_url, code, tok, f"phone{i}")
              for i, tok in enumerate(tokens)]
    for p in phones:
        assert p.wait_hello()["version"] == 0
    apis = [Api(servers[i % len(servers)].url, code, tokens[i]) for i in range(posters)]
    answered: list[tuple[int, dict]] = []
    statuses: Counter = Counter()
    failures: list[str] = []
    lock = threading.Lock()
    start = threading.Barrier(posters)

    def poster(i):
        rng = random.Random(seed * 100 + i)
        api = apis[i]
        start.wait()
        try:
            for _ in range(target * 20):
                st = api.get()
                if st["version"] >= target:
                    return
                action = choose(st["legal"], rng)
                if action is None:
                    return
                r = api.post(action, st["version"])
                with lock:
                    statuses[r.status_code] += 1
                    if r.status_code == 200:
                        answered.append((r.json()["version"], action))
                    elif r.status_code == 409:
                        assert r.json()["version"] > st["version"]
                    elif r.status_code != 422:
                        failures.append(f"{r.status_code} {r.text}")
        except Exception as exc:  # report, not hang
            failures.append(repr(exc))

    threads = [threading.Thread(target=poster, args=(i,)) for i in range(posters)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    final = apis[0].get()["version"]
    return {"code": code, "tokens": tokens, "phones": phones, "apis": apis, "final": final,
            "answered": answered, "statuses": statuses, "failures": failures, "base": base,
            "servers": servers}


def as_json(data):
    return json.loads(json.dumps(data))


def check_consistent(run):
    """Every phone ends at the same version, in order, with the same state; the log is a
    serial replay."""
    assert not run["failures"], run["failures"]
    final, phones = run["final"], run["phones"]
    assert final > 0
    for p in phones:
        assert p.wait_version(final), f"{p.name} stopped at {p.version} of {final}: {p.errors}"
        assert p.order == list(range(1, final + 1)), f"{p.name} got {p.order}"
    # Every answered 200 is in the log at its version; no version was answered twice.
    versions = [v for v, _ in run["answered"]]
    assert len(versions) == len(set(versions)) == final
    history = Api(run["base"], run["code"], run["tokens"][0]).history()
    entries = history["entries"]
    assert [e["version"] for e in entries] == list(range(1, final + 1))
    by_version = {e["version"]: e for e in entries}
    for v, action in run["answered"]:
        # as posted, with the entry's fixed fields the door fills in (a bid's "buys")
        assert action.items() <= by_version[v]["action"].items()
    for p in phones:
        for v, msg in p.actions.items():
            assert msg["action"] == by_version[v]["action"]
            assert msg["events"] == by_version[v]["events"]
    # Same state for every phone (each asks with its own token, on its own server).
    states = [Api(p.url.split("/ws/")[0].replace("ws://", "http://"), run["code"], tok).get()
              for p, tok in zip(phones, run["tokens"])]
    assert all(s == states[0] for s in states)
    assert states[0]["version"] == final
    # The log equals a serial replay.
    record = Api(run["base"], run["code"], run["tokens"][0]).record()
    game = Game(record["title"], record["players"], record["seed"], record["options"])
    for e in entries:
        assert as_json(game.process(e["action"])) == e["events"], f"version {e['version']}"
    assert as_json(game.view()) == states[0]["state"]
    rep = records.replay(record)
    assert rep.ok and as_json(rep.game.view()) == states[0]["state"]
    for p in phones:
        p.close()


def every_title():
    return sorted(titles.TITLES) or [doubles.TITLE_ID]


@pytest.mark.parametrize("title", every_title())
def test_six_phones_concurrent_posts(server, title):
    """Any title the engine knows works through the server."""
    run = play_concurrently([server], title=title, target=40, posters=3)
    assert run["statuses"][200] == run["final"]
    check_consistent(run)


def test_push_reaches_phones_and_catch_up_after_sleep(server):
    title = live_title()
    table = create_table(server.url, title, players_for(title), seed=3)
    code, token = table["code"], table["seats"][0]["token"]
    api = Api(server.url, code, token)
    awake = Phone(server.ws_url, code, token, "awake")
    awake.wait_hello()
    rng = random.Random(1)
    for _ in range(6):
        st = api.get()
        assert api.post(choose(st["legal"], rng), st["version"]).status_code == 200
    assert awake.wait_version(6)
    # A phone that slept at version 2 asks for what it missed, without a reload.
    sleeper = Phone(server.ws_url, code, table["seats"][1]["token"], "sleeper")
    assert sleeper.wait_hello()["version"] == 6
    sleeper.send({"since": 2})
    assert sleeper.wait_for(lambda p: len(p.order) >= 4)
    assert [v for v in sleeper.order] == [3, 4, 5, 6]
    assert all(sleeper.actions[v] == awake.actions[v] for v in (3, 4, 5, 6))
    # A bad message gets an answer, not a dropped connection.
    sleeper.send({"since": -1})
    sleeper.send({"ping": 5})
    assert sleeper.wait_for(lambda p: len(p.other) >= 2)
    assert sleeper.other[0]["error"]["code"] == "bad_since" and sleeper.other[1] == {"pong": 5}
    # The spectator link watches too.
    watcher = Phone(server.ws_url, code, table["spectate_token"], "spectator")
    assert watcher.wait_hello()["version"] == 6
    st = api.get()
    assert api.post(choose(st["legal"], rng), st["version"]).status_code == 200
    assert watcher.wait_version(7) and awake.wait_version(7)
    for p in (awake, sleeper, watcher):
        p.close()


def test_same_key_from_many_phones_applies_once(server):
    title = live_title()
    table = create_table(server.url, title, players_for(title), seed=5)
    code = table["code"]
    apis = [Api(server.url, code, s["token"]) for s in table["seats"]]
    st = apis[0].get()
    action = choose(st["legal"], random.Random(2))
    key = uuid.uuid4().hex
    answers = []
    go = threading.Barrier(len(apis))

    def retry(api):
        go.wait()
        r = api.post(action, st["version"], key=key)
        answers.append((r.status_code, r.json()))

    threads = [threading.Thread(target=retry, args=(a,)) for a in apis]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert all(a == answers[0] for a in answers) and answers[0][0] == 200
    assert apis[0].get()["version"] == st["version"] + 1
    # Later, after more steps, the same key still gives the same answer and applies nothing.
    st2 = apis[0].get()
    assert apis[0].post(choose(st2["legal"], random.Random(3)), st2["version"]).status_code == 200
    again = apis[1].post(action, st["version"], key=key)
    assert (again.status_code, again.json()) == answers[0]
    assert apis[0].get()["version"] == st["version"] + 2


def test_websocket_checks_the_token(server):
    title = live_title()
    one = create_table(server.url, title, players_for(title))
    other = create_table(server.url, title, players_for(title))
    import websocket
    for token, status in ((None, 401), ("forged-token", 403), (other["seats"][0]["token"], 403)):
        url = f"{server.ws_url}/ws/tables/{one['code']}" + (f"?token={token}" if token else "")
        with pytest.raises(websocket.WebSocketBadStatusException) as err:
            websocket.create_connection(url, timeout=5)
        assert err.value.status_code == status
    with pytest.raises(websocket.WebSocketBadStatusException) as err:
        websocket.create_connection(f"{server.ws_url}/ws/tables/nosuch?token=x", timeout=5)
    assert err.value.status_code == 404
    # A spectator can read but never write.
    spec = Api(server.url, one["code"], one["spectate_token"])
    st = spec.get()
    r = spec.post(choose(st["legal"], random.Random(0)), st["version"])
    assert r.status_code == 403 and r.json()["error"]["code"] == "read_only"


def test_undo_requests_are_pushed(server):
    title = live_title()
    table = create_table(server.url, title, players_for(title, 3), seed=8)
    code = table["code"]
    ann, bo = (Api(server.url, code, s["token"]) for s in table["seats"][:2])
    watcher = Phone(server.ws_url, code, table["seats"][2]["token"], "watcher")
    watcher.wait_hello()
    st = ann.get()
    assert ann.post(choose(st["legal"], random.Random(5)), st["version"]).status_code == 200
    r = bo.post({"type": "undo"}, 1)
    assert r.status_code == 422 and r.json()["error"]["code"] == "undo_needs_consent"
    req = bo.http.post(f"{server.url}/api/tables/{code}/undo").json()
    assert watcher.wait_for(lambda p: any(m.get("undo_request") == req for m in p.other))
    ok = ann.http.post(f"{server.url}/api/tables/{code}/undo/{req['id']}/approve").json()
    assert ok["status"] == "approved"
    assert watcher.wait_for(lambda p: any(m.get("undo_request") == ok for m in p.other))
    r = bo.post({"type": "undo"}, 1)
    assert r.status_code == 200 and r.json()["version"] == 2
    assert watcher.wait_version(2) and watcher.actions[2]["action"] == {"type": "undo"}
    history = ann.history()["entries"]
    assert [(e["player"], e["action"]["type"]) for e in history][1] == ("2", "undo")
    watcher.close()
