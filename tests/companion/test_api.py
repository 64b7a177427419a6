"""The JSON API contract through Flask's test client: tables, tokens, posting, idempotency,
history, join, undo with consent, snapshots, rate limits."""
from __future__ import annotations

import time
import types

import pytest
from sqlalchemy import select

from companion.models import Snapshot
from tests.companion.relay_tables import TITLE, database, make_app, relay  # noqa: F401


@pytest.fixture
def app(database):
    app = make_app(database)
    yield app
    app.extensions["companion.store"].dispose()


@pytest.fixture
def table(client):
    r = client.post("/api/tables", json={"title": TITLE, "players": ["Ann", "Bo", "Cy"],
                                         "seed": 11})
    assert r.status_code == 201
    return r.json


def auth(token):
    return {"Authorization": f"Bearer {token}"}


def seat(table, i):
    return auth(table["seats"][i]["token"])


def post(client, table, i, action, expected, key=None):
    body = {"action": action, "expected_version": expected}
    if key:
        body["key"] = key
    return client.post(f"/api/tables/{table['code']}/actions", headers=seat(table, i), json=body)


def add(who, n=1):
    return {"type": "add", "entity": who, "n": n}


def test_create_gives_code_seats_tokens_and_spectate_link(client, table):
    assert [s["player"] for s in table["seats"]] == ["1", "2", "3"]
    assert [s["name"] for s in table["seats"]] == ["Ann", "Bo", "Cy"]
    tokens = [s["token"] for s in table["seats"]] + [table["spectate_token"]]
    assert len(set(tokens)) == 4 and all(len(t) >= 22 for t in tokens)   # ≥ 128 random bits
    assert table["spectate"].startswith("http") and table["spectate_token"] in table["spectate"]
    assert table["code"] in table["invite"]


def test_get_gives_version_state_and_legal(client, table):
    r = client.get(f"/api/tables/{table['code']}", headers=seat(table, 1))
    assert r.status_code == 200
    assert r.json["version"] == 0 and r.json["state"]["title"] == TITLE
    assert [{k: v for k, v in e.items() if k != "label"} for e in r.json["legal"]] == \
        [{"type": "add", "entity": "1", "params": {"n": {
            "kind": "number", "type": "count", "min": 1, "max": 5, "step": 1, "default": 1}}},
         {"type": "pass", "entity": "1"}]
    assert all(e["label"]["message"] for e in r.json["legal"])       # every entry is labelled


def test_post_applies_and_bumps_the_version(client, table):
    r = post(client, table, 0, add("1", 3), 0)
    assert r.status_code == 200 and r.json["version"] == 1
    assert r.json["events"][0]["code"] == "added"
    st = client.get(f"/api/tables/{table['code']}", headers=seat(table, 2)).json
    assert st["version"] == 1 and st["state"]["total"] == 3


def test_stale_version_gets_409_and_changes_nothing(client, table):
    assert post(client, table, 0, add("1"), 0).status_code == 200
    r = post(client, table, 1, add("2"), 0)
    assert r.status_code == 409 and r.json["version"] == 1
    assert client.get(f"/api/tables/{table['code']}", headers=seat(table, 0)).json["version"] == 1


def test_engine_rejection_is_422_and_changes_nothing(client, table):
    r = post(client, table, 0, add("2"), 0)
    assert r.status_code == 422 and r.json["error"]["code"] == "out_of_turn"
    assert r.json["error"]["message"]
    st = client.get(f"/api/tables/{table['code']}", headers=seat(table, 0)).json
    assert st["version"] == 0 and st["state"]["total"] == 0


def test_same_key_same_answer_applied_once(client, table):
    first = post(client, table, 0, add("1", 2), 0, key="k-1")
    again = post(client, table, 0, add("1", 2), 0, key="k-1")
    assert first.status_code == again.status_code == 200 and first.json == again.json
    assert client.get(f"/api/tables/{table['code']}", headers=seat(table, 0)).json["version"] == 1
    # A rejected post's answer is kept too.
    bad = post(client, table, 0, add("3"), 1, key="k-2")
    assert bad.status_code == 422
    assert post(client, table, 0, add("3"), 1, key="k-2").json == bad.json
    # The same key for a different request is refused, not silently answered.
    r = post(client, table, 0, add("2", 5), 1, key="k-1")
    assert r.status_code == 422 and r.json["error"]["code"] == "key_reused"


def test_tokens_only_open_their_own_table(client, table):
    other = client.post("/api/tables", json={"title": TITLE, "players": ["X", "Y"]}).json
    code = table["code"]
    assert client.get(f"/api/tables/{code}").status_code == 401
    assert client.get(f"/api/tables/{code}", headers=auth("forged")).status_code == 403
    r = client.get(f"/api/tables/{code}", headers=seat(other, 0))
    assert r.status_code == 403 and r.json["error"]["code"] == "token_invalid"
    # An action for this table sent with the other table's token.
    r = client.post(f"/api/tables/{code}/actions", headers=seat(other, 0),
                    json={"action": add("1"), "expected_version": 0})
    assert r.status_code == 403
    assert client.get("/api/tables/nosuch", headers=seat(table, 0)).status_code == 404
    assert client.get(f"/api/tables/{code}", headers=seat(table, 0)).json["version"] == 0


def test_spectator_reads_never_writes(client, table):
    spec = auth(table["spectate_token"])
    assert client.get(f"/api/tables/{table['code']}", headers=spec).status_code == 200
    r = client.post(f"/api/tables/{table['code']}/actions", headers=spec,
                    json={"action": add("1"), "expected_version": 0})
    assert r.status_code == 403 and r.json["error"]["code"] == "read_only"
    assert client.post(f"/api/tables/{table['code']}/undo", headers=spec).status_code == 403
    assert client.get(f"/api/tables/{table['code']}/history", headers=spec).status_code == 200


def test_join_by_invite_gives_a_device_token_named_in_the_log(client, table):
    code = table["code"]
    seats = client.get(f"/api/tables/{code}/seats?invite={table['invite_secret']}")
    assert seats.status_code == 200 and [s["name"] for s in seats.json["seats"]] == [
        "Ann", "Bo", "Cy"]
    assert client.get(f"/api/tables/{code}/seats?invite=wrong").status_code == 403
    r = client.post(f"/api/tables/{code}/join",
                    json={"invite": table["invite_secret"], "player": "1", "device": "Ann's tablet"})
    assert r.status_code == 201 and r.json["player"] == "1" and r.json["name"] == "Ann"
    tablet = auth(r.json["token"])
    assert r.json["token"] != table["seats"][0]["token"]
    r = client.post(f"/api/tables/{code}/actions", headers=tablet,
                    json={"action": add("1", 4), "expected_version": 0})
    assert r.status_code == 200
    h = client.get(f"/api/tables/{code}/history", headers=seat(table, 2)).json
    [entry] = h["entries"]
    assert entry["player"] == "1" and entry["name"] == "Ann"
    assert entry["device"]["label"] == "Ann's tablet" and entry["at"].endswith("Z")
    assert entry["events"][0]["code"] == "added" and entry["action"] == add("1", 4)
    bad = client.post(f"/api/tables/{code}/join", json={"invite": "nope", "player": "1"})
    assert bad.status_code == 403
    bad = client.post(f"/api/tables/{code}/join",
                      json={"invite": table["invite_secret"], "player": "9"})
    assert bad.status_code == 422 and bad.json["error"]["code"] == "no_such_seat"


def test_catch_up_over_http(client, table):
    for v, who in enumerate(["1", "2", "3", "1"]):
        assert post(client, table, 0, add(who), v).status_code == 200
    r = client.get(f"/api/tables/{table['code']}/actions?since=2", headers=seat(table, 1))
    assert [m["version"] for m in r.json["actions"]] == [3, 4] and r.json["version"] == 4
    assert set(r.json["actions"][0]) == {"version", "action", "events"}


def test_undo_of_another_seats_step_needs_its_consent(client, table):
    code = table["code"]
    assert post(client, table, 0, add("1", 2), 0).status_code == 200      # Ann's step, v1
    r = post(client, table, 1, {"type": "undo"}, 1)                         # Bo may not undo it
    assert r.status_code == 422 and r.json["error"]["code"] == "undo_needs_consent"
    assert r.json["error"]["params"] == {"step_version": 1, "step_player": "1"}
    # Ann may undo her own step, and redo it.
    assert post(client, table, 0, {"type": "undo"}, 1).status_code == 200
    assert post(client, table, 0, {"type": "redo"}, 2).status_code == 200
    # Bo asks; Cy cannot answer for Ann; Ann approves; Bo's undo goes through once.
    req = client.post(f"/api/tables/{code}/undo", headers=seat(table, 1))
    assert req.status_code == 201 and req.json["status"] == "pending"
    assert req.json["step_player"] == "1" and req.json["requested_by"] == "2"
    assert client.post(f"/api/tables/{code}/undo", headers=seat(table, 1)).json == req.json
    rid = req.json["id"]
    assert client.get(f"/api/tables/{code}/undo", headers=seat(table, 2)).json["requests"] == [
        req.json]
    r = client.post(f"/api/tables/{code}/undo/{rid}/approve", headers=seat(table, 2))
    assert r.status_code == 403 and r.json["error"]["code"] == "not_your_step"
    r = client.post(f"/api/tables/{code}/undo/{rid}/approve", headers=seat(table, 0))
    assert r.status_code == 200 and r.json["status"] == "approved"
    r = post(client, table, 1, {"type": "undo"}, 3)
    assert r.status_code == 200 and r.json["events"][0]["code"] == "undone"
    st = client.get(f"/api/tables/{code}", headers=seat(table, 0)).json
    assert st["version"] == 4 and st["state"]["total"] == 0
    assert client.get(f"/api/tables/{code}/undo", headers=seat(table, 0)).json["requests"] == []


def test_declined_or_lapsed_undo_request(client, table):
    code = table["code"]
    assert post(client, table, 0, add("1"), 0).status_code == 200
    rid = client.post(f"/api/tables/{code}/undo", headers=seat(table, 1)).json["id"]
    r = client.post(f"/api/tables/{code}/undo/{rid}/decline", headers=seat(table, 0))
    assert r.status_code == 200 and r.json["status"] == "declined"
    assert post(client, table, 1, {"type": "undo"}, 1).json["error"]["code"] == \
        "undo_needs_consent"
    # A pending request lapses when the game moves on.
    rid = client.post(f"/api/tables/{code}/undo", headers=seat(table, 2)).json["id"]
    assert post(client, table, 1, add("2"), 1).status_code == 200
    assert client.get(f"/api/tables/{code}/undo", headers=seat(table, 0)).json["requests"] == []
    r = client.post(f"/api/tables/{code}/undo/{rid}/approve", headers=seat(table, 0))
    assert r.status_code == 409 and r.json["error"]["code"] == "undo_request_closed"
    r = client.post(f"/api/tables/{code}/undo", headers=seat(table, 1))
    assert r.status_code == 422 and r.json["error"]["code"] == "undo_not_needed"


def test_reload_from_snapshots_and_log(database):
    app = make_app(database, SNAPSHOT_EVERY=5)
    client = app.test_client()
    t = client.post("/api/tables", json={"title": TITLE, "players": ["A", "B"], "seed": 1}).json
    h = seat(t, 0)
    for v in range(12):
        legal = client.get(f"/api/tables/{t['code']}", headers=h).json["legal"]
        action = {"type": "undo"} if v == 7 else {**legal[0], "n": 1 + v % 5}
        r = client.post(f"/api/tables/{t['code']}/actions", headers=h,
                        json={"action": action, "expected_version": v})
        assert r.status_code == 200, (v, r.json)
    before = client.get(f"/api/tables/{t['code']}", headers=h).json
    store = app.extensions["companion.store"]
    with store.read() as s:
        assert s.exec(select(Snapshot.version)).scalars().all() == [5, 10]
    # A fresh process (a new app on the same database) rebuilds the same game.
    again = make_app(database, SNAPSHOT_EVERY=5).test_client()
    assert again.get(f"/api/tables/{t['code']}", headers=h).json == before
    # A snapshot from other engine code is ignored: the log alone gives the same game.
    with store.write() as s:
        for snap in s.exec(select(Snapshot)).scalars().all():
            snap.fingerprint = "other-engine"
            s.add(snap)
    third = make_app(database, SNAPSHOT_EVERY=5).test_client()
    assert third.get(f"/api/tables/{t['code']}", headers=h).json == before
    assert third.post(f"/api/tables/{t['code']}/actions", headers=h,
                      json={"action": {"type": "undo"}, "expected_version": 12}).status_code in (
        200, 422)


def test_rate_limits_on_joining_and_posting(database, monkeypatch):
    # the limits count in aligned windows: the clock the limiter reads is held in the middle of
    # a minute, or a run that crossed a minute's end counted its last hits in a new window
    # (CI once saw the third post answered 409, not 429)
    from companion import ratelimit
    held = (time.time() // 60) * 60 + 30
    monkeypatch.setattr(ratelimit, "time", types.SimpleNamespace(time=lambda: held))
    app = make_app(database, RATELIMIT_JOIN="3 per minute", RATELIMIT_POST="2 per minute")
    client = app.test_client()
    t = client.post("/api/tables", json={"title": TITLE, "players": ["A", "B"]}).json
    codes = [client.post(f"/api/tables/{t['code']}/join",
                         json={"invite": t["invite_secret"], "player": "1"}).status_code
             for _ in range(4)]
    assert codes == [201, 201, 201, 429]
    r = client.post(f"/api/tables/{t['code']}/join", json={"invite": "x", "player": "1"})
    assert r.status_code == 429 and r.json["error"]["code"] == "too_many_requests"
    h = seat(t, 0)
    codes = [client.post(f"/api/tables/{t['code']}/actions", headers=h,
                         json={"action": add("1"), "expected_version": 0}).status_code
             for _ in range(3)]
    assert codes == [200, 409, 429]
    # Another phone has its own allowance.
    assert client.post(f"/api/tables/{t['code']}/actions", headers=seat(t, 1),
                       json={"action": add("2"), "expected_version": 1}).status_code == 200
    # Forged tokens from one address are capped too (not only per token).
    app.config["RATELIMIT_POST_ADDRESS"] = "5 per minute"
    codes = [client.post(f"/api/tables/{t['code']}/actions", headers=auth(f"forged-{i}"),
                         json={"action": add("1"), "expected_version": 2}).status_code
             for i in range(8)]
    assert 403 in codes and codes[-1] == 429


def test_csrf_protects_forms_but_not_the_json_api(database):
    app = make_app(database, WTF_CSRF_ENABLED=True)
    app.add_url_rule("/_test_form", "test_form", lambda: "ok", methods=["POST"])
    client = app.test_client()
    r = client.post("/_test_form", data={"x": "1"})
    assert r.status_code == 400 and b"CSRF" in r.data
    r = client.post("/api/tables", json={"title": TITLE, "players": ["A", "B"]})
    assert r.status_code == 201


def test_idle_live_games_are_dropped_and_reload(database):
    app = make_app(database, LIVE_IDLE_SECONDS=0.05)
    client = app.test_client()
    svc = app.extensions["companion.tables"]
    t = client.post("/api/tables", json={"title": TITLE, "players": ["A", "B"]}).json
    assert post(client, t, 0, add("1", 3), 0).status_code == 200
    other = client.post("/api/tables", json={"title": TITLE, "players": ["C", "D"]}).json
    import time
    time.sleep(0.1)
    assert client.get(f"/api/tables/{other['code']}", headers=seat(other, 0)).status_code == 200
    assert svc.live_count() == 1                       # the idle one was dropped
    r = client.get(f"/api/tables/{t['code']}", headers=seat(t, 0))
    assert r.json["version"] == 1 and r.json["state"]["total"] == 3


def test_a_failed_write_leaves_memory_and_log_as_they_were(app, client, table, monkeypatch):
    """The engine applied the action in memory but the log write failed: the answer is a
    JSON 5xx, and the next request sees the game as the log has it (nothing half applied)."""
    from companion import sql as sql_module
    from engine import titles
    from tests.companion import doubles
    assert post(client, table, 0, add("1", 2), 0).status_code == 200
    before = client.get(f"/api/tables/{table['code']}", headers=seat(table, 0)).json
    failing = sql_module.Raw("UPDATE no_such_table SET x = 1")
    for name in ("SQL_SET_VERSION", "SQL_PG_WRITE", "SQL_PG_WRITE_KEY",   # SQLite's, PostgreSQL's
                 "SQL_PG_FAST", "SQL_PG_FAST_KEY"):
        monkeypatch.setattr(sql_module, name, failing)
    r = post(client, table, 1, add("2", 3), 1)          # an injected fault, not bad input:
    assert r.status_code in (500, 503) and r.json["error"]["code"] in ("internal", "unavailable")
    monkeypatch.undo()
    monkeypatch.setitem(titles.TITLES, TITLE, doubles.SPEC)
    assert client.get(f"/api/tables/{table['code']}", headers=seat(table, 0)).json == before
    h = client.get(f"/api/tables/{table['code']}/history", headers=seat(table, 0)).json
    assert [e["version"] for e in h["entries"]] == [1]
    assert post(client, table, 1, add("2", 3), 1).status_code == 200


def test_old_idempotency_keys_are_pruned_not_the_log(app, client, table):
    svc = app.extensions["companion.tables"]
    assert post(client, table, 0, add("1"), 0, key="old").status_code == 200
    assert svc.prune_keys(older_than_hours=1) == 0          # a fresh key stays
    assert svc.prune_keys(older_than_hours=-1) == 1         # "older than the future": all go
    h = client.get(f"/api/tables/{table['code']}/history", headers=seat(table, 0)).json
    assert [e["version"] for e in h["entries"]] == [1]


def test_a_process_behind_the_log_gets_409_and_writes_nothing(database):
    """Two processes on one database; the second's live game is one step behind (the first
    wrote). Its post at the version it saw is stale: 409 with the current version, nothing
    written; a retried key there gets the first answer; a post at the current version applies
    on top (on PostgreSQL the post's one-statement write is refused and the locked path answers)."""
    a, b, c = make_app(database), make_app(database), make_app(database)
    try:
        ca, cb, cc = a.test_client(), b.test_client(), c.test_client()
        shared = a.extensions["companion.tables"].shared
        t = ca.post("/api/tables", json={"title": TITLE, "players": ["Ann", "Bo", "Cy"],
                                        "seed": 3}).json
        code = t["code"]
        for cl in (cb, cc):       # both load the game at version 0
            assert cl.get(f"/api/tables/{code}", headers=seat(t, 0)).json["version"] == 0
        first = post(ca, t, 0, add("1", 2), 0, key="k-a")
        assert first.status_code == 200 and first.json["version"] == 1
        r = post(cb, t, 0, add("1", 4), 0)
        assert r.status_code == 409 and r.json["version"] == 1
        assert r.json["error"]["code"] == "stale_version"
        again = post(cc, t, 0, add("1", 2), 0, key="k-a")      # the retry reaches the other one
        assert again.status_code == 200 and again.json == first.json
        for cl in (ca, cb, cc):
            h = cl.get(f"/api/tables/{code}/history", headers=seat(t, 0)).json
            assert h["version"] == 1 and [(e["version"], e["action"]) for e in h["entries"]] == [
                (1, add("1", 2))]
            if shared:    # (the embedded SQLite is one process: its reads do not look for others)
                assert cl.get(f"/api/tables/{code}", headers=seat(t, 1)).json["state"]["total"] == 2
        assert post(cb, t, 1, add("2", 3), 1, key="k-b").status_code == 200
        assert post(cc, t, 2, add("3"), 2).status_code == 200
        for cl in (ca, cb, cc):
            if shared:
                st = cl.get(f"/api/tables/{code}", headers=seat(t, 2)).json
                assert st["version"] == 3 and st["state"]["total"] == 6
            h = cl.get(f"/api/tables/{code}/history", headers=seat(t, 0)).json
            assert [(e["version"], e["player"]) for e in h["entries"]] == [
                (1, "1"), (2, "2"), (3, "3")]
    finally:
        for app in (a, b, c):
            app.extensions["companion.store"].dispose()


@pytest.mark.services
@pytest.mark.parametrize("database", ["postgresql"], indirect=True)
def test_postgres_post_is_one_statement_that_checks_the_version(app, client, table, database,
                                                                monkeypatch):
    """On PostgreSQL a post to a live game at the phone's version is one autocommit statement
    (log row, version, key, lapsed undo requests); one whose version check fails writes
    nothing, and the locked path answers (here: 409)."""
    from companion import sql as sql_module
    seen = []
    real = sql_module.raw

    def counted(conn, stmt, params):
        if stmt is not sql_module.SQL_DEVICE:   # a token's first use reads its device once
            seen.append(stmt)
        return real(conn, stmt, params)
    monkeypatch.setattr(sql_module, "raw", counted)
    assert post(client, table, 0, add("1", 2), 0, key="one").status_code == 200
    assert seen == [sql_module.SQL_PG_FAST_KEY]
    seen.clear()
    assert post(client, table, 1, add("2"), 1).status_code == 200
    assert seen == [sql_module.SQL_PG_FAST]
    # Another process raises the version behind this one's back: the one statement finds the
    # table not at :prev, writes nothing, and the locked path says 409.
    store = app.extensions["companion.store"]
    tid = app.extensions["companion.tables"].authorize(table["code"],
                                                       table["seats"][0]["token"]).table_id
    with store.write_conn() as conn:
        conn.exec_driver_sql(
            "INSERT INTO actions (table_id, version, action, events, player, name, device_label, "
            "created_at) VALUES (%(t)s, 3, '{\"type\": \"add\", \"entity\": \"3\", \"n\": 1}', "
            "'[]', '3', 'Cy', '', now())", {"t": tid})
        conn.exec_driver_sql("UPDATE tables SET version = 3 WHERE id = %(t)s", {"t": tid})
    seen.clear()
    r = post(client, table, 2, add("3", 4), 2, key="stale")
    assert r.status_code == 409 and r.json["version"] == 3
    assert seen[0] == sql_module.SQL_PG_FAST_KEY and sql_module.SQL_PG_LOCK in seen
    h = client.get(f"/api/tables/{table['code']}/history", headers=seat(table, 0)).json
    assert [(e["version"], e["action"]) for e in h["entries"]] == [
        (1, add("1", 2)), (2, add("2")), (3, add("3"))]
    st = client.get(f"/api/tables/{table['code']}", headers=seat(table, 0)).json
    assert st["version"] == 3 and st["state"]["total"] == 4
    r = post(client, table, 0, add("1"), 3, key="stale")   # a 409 keeps nothing under its key
    assert r.status_code == 200 and r.json["version"] == 4


@pytest.mark.services
@pytest.mark.parametrize("database", ["postgresql"], indirect=True)
def test_postgres_pool_keeps_the_connections_it_made(database):
    """At most DB_POOL_SIZE connections per process, and every one stays open when given
    back (under load, closing "overflow" connections at each return meant a new PostgreSQL
    backend for a request every few milliseconds)."""
    app = make_app(database, DB_POOL_SIZE=3)
    try:
        engine = app.extensions["companion.store"].engine
        assert engine.pool.size() == 3 and engine.pool._max_overflow == 0
        conns = [engine.connect() for _ in range(3)]
        assert engine.pool.checkedout() == 3
        for c in conns:
            c.close()
        assert engine.pool.checkedin() == 3
    finally:
        app.extensions["companion.store"].dispose()


@pytest.mark.services
@pytest.mark.parametrize("database", ["postgresql"], indirect=True)
def test_no_free_connection_is_a_503_not_a_500(database, monkeypatch):
    """Every connection of the process busy past the pool's timeout: 503 ``busy`` with
    Retry-After, and nothing changed."""
    app = make_app(database, DB_POOL_SIZE=1)
    try:
        client = app.test_client()
        t = client.post("/api/tables", json={"title": TITLE, "players": ["Ann", "Bo"]}).json
        engine = app.extensions["companion.store"].engine
        monkeypatch.setattr(engine.pool, "_timeout", 0.2)
        held = engine.connect()
        try:
            r = post(client, t, 0, add("1"), 0)
            assert r.status_code == 503 and r.json["error"]["code"] == "busy"
            assert r.headers["Retry-After"] == "1"
        finally:
            held.close()
        st = client.get(f"/api/tables/{t['code']}", headers=seat(t, 0)).json
        assert st["version"] == 0
    finally:
        app.extensions["companion.store"].dispose()


def test_one_connection_serves_every_path(database):
    """With a pool of one PostgreSQL connection nothing waits for a second one while holding
    the first (that would hang until the pool's timeout and fail): creating, joining, reading,
    posting, a stale post, an undo request and its answer, and a post whose live game ran ahead
    of the log (rolled back here by hand), which rebuilds the game inside the post's
    transaction."""
    app = make_app(database, DB_POOL_SIZE=1)
    try:
        client = app.test_client()
        t = client.post("/api/tables", json={"title": TITLE, "players": ["Ann", "Bo", "Cy"],
                                             "seed": 5}).json
        code = t["code"]
        joined = client.post(f"/api/tables/{code}/join", json={
            "invite": t["invite_secret"], "player": "2", "device": "tablet"})
        assert joined.status_code == 201
        assert post(client, t, 0, add("1", 2), 0).status_code == 200
        assert post(client, t, 1, add("2"), 0).status_code == 409
        assert post(client, t, 1, add("2"), 1, key="b").status_code == 200
        r = client.post(f"/api/tables/{code}/undo", headers=seat(t, 0))
        assert r.status_code in (200, 201), r.json
        r = client.post(f"/api/tables/{code}/undo/{r.json['id']}/decline", headers=seat(t, 1))
        assert r.status_code == 200 and r.json["status"] == "declined"
        store = app.extensions["companion.store"]
        with store.write_conn() as conn:           # the log loses version 2 (a restore)
            from companion.sql import A, T
            conn.execute(A.delete().where(A.c.version == 2))
            conn.execute(T.update().values(version=1))
        r = post(client, t, 1, add("2", 4), 1)     # memory is at 2, the log at 1: rebuild
        assert r.status_code == 200 and r.json["version"] == 2, r.json
        st = client.get(f"/api/tables/{code}", headers=seat(t, 0)).json
        assert st["version"] == 2 and st["state"]["total"] == 6
        h = client.get(f"/api/tables/{code}/history", headers=seat(t, 0)).json
        assert [(e["version"], e["action"]) for e in h["entries"]] == [
            (1, add("1", 2)), (2, add("2", 4))]
    finally:
        app.extensions["companion.store"].dispose()


def test_the_session_cookies_signer_is_made_once_for_the_apps_keys(app):
    """The pages' cookie session is signed by one signer made for the app's keys (not one per
    request); a new key makes a new one, and a cookie signed with a key moved to the fallbacks
    is still read."""
    from itsdangerous import BadSignature
    sessions = app.session_interface
    first = sessions.get_signing_serializer(app)
    assert sessions.get_signing_serializer(app) is first
    cookie = first.dumps({"seat": "1"})
    old, fallbacks = app.secret_key, app.config.get("SECRET_KEY_FALLBACKS")
    try:
        app.secret_key = "a key rotated in"
        rotated = sessions.get_signing_serializer(app)
        assert rotated is not first
        with pytest.raises(BadSignature):
            rotated.loads(cookie)
        app.config["SECRET_KEY_FALLBACKS"] = [old]
        assert sessions.get_signing_serializer(app).loads(cookie) == {"seat": "1"}
    finally:
        app.secret_key = old
        app.config["SECRET_KEY_FALLBACKS"] = fallbacks


def test_a_page_cookie_is_unsigned_once_and_still_checked_every_time(app, monkeypatch):
    """A page's cookie is kept unsigned after its first request, but each request still gets
    its own copy of the data (a change to one is not the next one's), a cookie past its age is
    refused as the signer refuses it, a tampered one is never read, and a new key unsigns again."""
    import companion.api as api_module
    sessions = app.session_interface
    sessions.opened.clear()
    signer = sessions.get_signing_serializer(app)
    cookie = signer.dumps({"t": {"ABCD": {"token": "tok"}}})
    name = app.config["SESSION_COOKIE_NAME"]

    def opened(value):
        with app.test_request_context("/tables/ABCD", headers={"Cookie": f"{name}={value}"}):
            from flask import request
            return sessions.open_session(app, request)
    first = opened(cookie)
    assert dict(first) == {"t": {"ABCD": {"token": "tok"}}} and len(sessions.opened) == 1
    first["t"]["ABCD"]["token"] = "changed in one request"
    assert opened(cookie)["t"]["ABCD"]["token"] == "tok"
    # tampered (a character of the signature; not its last two, whose low bits base64 drops)
    tampered = cookie[:-5] + ("A" if cookie[-5] != "A" else "B") + cookie[-4:]
    assert dict(opened(tampered)) == {}                        # not read, not kept
    assert len(sessions.opened) == 1
    age = int(app.permanent_session_lifetime.total_seconds())
    real = time.time
    monkeypatch.setattr(api_module.time, "time", lambda: real() + age + 5)
    assert dict(opened(cookie)) == {}                          # too old, though kept
    monkeypatch.setattr(api_module.time, "time", real)
    old = app.secret_key
    try:
        app.secret_key = "another key, no fallback"
        assert dict(opened(cookie)) == {}                          # the kept data is not used
    finally:
        app.secret_key = old
    assert opened(cookie)["t"]["ABCD"]["token"] == "tok"
