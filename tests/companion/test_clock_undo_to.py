"""Issue 30, the server's side: the table clock (its arithmetic with an injected clock, a
restart, pause, off costing nothing) and undo back to a chosen point (whose consent it needs,
all at once, redo in order)."""
from __future__ import annotations

import pytest

from companion import sql as sql_module
from companion import table_clock
from tests.companion.relay_tables import TITLE, database, make_app, relay  # noqa: F401
from tests.companion.test_api import add, post, seat


class Clock:
    """The server's time, moved by hand."""
    def __init__(self, t=1_000_000.0):
        self.t = t

    def __call__(self):
        return self.t


class Pushes:
    """Every message the hub is asked to publish."""
    def __init__(self, hub):
        self.sent, self._publish = [], hub.publish
        hub.publish = self

    def __call__(self, table_id, msg, text=None):
        self.sent.append(msg)
        return self._publish(table_id, msg, text)


def serve(database, clock):
    app = make_app(database)
    app.extensions["companion.tables"].now = clock
    return app


@pytest.fixture
def clock():
    return Clock()


@pytest.fixture
def app(database, clock):
    app = serve(database, clock)
    yield app
    app.extensions["companion.store"].dispose()


def new_table(client, **extra):
    r = client.post("/api/tables", json={"title": TITLE, "players": ["Ann", "Bo", "Cy"],
                                         "seed": 11, **extra})
    assert r.status_code == 201, r.json
    return r.json


def times(app, table, i=0):
    svc = app.extensions["companion.tables"]
    return svc.clock_totals(svc.authorize(table["code"], table["seats"][i]["token"]))


# -- the arithmetic --------------------------------------------------------------------------------
def test_arithmetic_counts_the_seats_waited_on_and_nothing_while_paused():
    c = table_clock.new(["1"], 100.0)
    c = table_clock.after_step(c, ["2"], 130.5)            # Ann thought 30.5 s
    assert c["used"] == {"1": 30.5} and c["running"] == ["2"] and c["since"] == 130.5
    assert table_clock.totals(c, 140.0) == {"1": 30.5, "2": 9.5}
    c = table_clock.pause(c, 150.0)                        # Bo's 19.5 s kept, then nothing runs
    assert table_clock.totals(c, 9999.0) == {"1": 30.5, "2": 19.5}
    c = table_clock.resume(c, ["2"], 10_000.0)
    assert table_clock.totals(c, 10_010.0) == {"1": 30.5, "2": 29.5}
    c = table_clock.after_step(c, ["1", "3"], 10_020.0)    # two seats waited on at once
    assert table_clock.totals(c, 10_030.0) == {"1": 40.5, "2": 39.5, "3": 10.0}
    assert table_clock.totals(c, 10_000.0)["3"] == 0       # a clock set back counts nothing
    assert table_clock.clock_text(65) == "1:05" and table_clock.clock_text(3723) == "1:02:03"


# -- the service -------------------------------------------------------------------------------
def test_the_clock_counts_the_acting_seats_time_and_survives_a_restart(database, clock):
    app = serve(database, clock)
    client = app.test_client()
    t = new_table(client, clock=True)
    clock.t += 42
    assert post(client, t, 0, add("1", 2), 0).status_code == 200      # Ann thought 42 s
    clock.t += 7
    assert times(app, t) == {"1": 42.0, "2": 7.0}
    app.extensions["companion.store"].dispose()
    again = serve(database, clock)                                     # a new process
    clock.t += 3
    assert times(again, t, 2) == {"1": 42.0, "2": 10.0}
    client = again.test_client()
    assert post(client, t, 1, add("2"), 1).status_code == 200
    clock.t += 5
    assert times(again, t) == {"1": 42.0, "2": 10.0, "3": 5.0}
    again.extensions["companion.store"].dispose()


def test_any_seat_switches_pauses_and_resumes_it(app, clock):
    client = app.test_client()
    t = new_table(client)                                              # off by default
    code = t["code"]
    assert times(app, t) == {}
    r = client.post(f"/api/tables/{code}/clock", headers=seat(t, 2), json={"clock": "pause"})
    assert r.status_code == 409 and r.json["error"]["code"] == "clock_off"
    r = client.post(f"/api/tables/{code}/clock", headers=seat(t, 2), json={"clock": "on"})
    assert r.status_code == 200 and r.json["on"] and r.json["running"] == ["1"]
    clock.t += 10
    r = client.post(f"/api/tables/{code}/clock", headers=seat(t, 1), json={"clock": "pause"})
    assert r.json["paused"] and r.json["used"] == {"1": 10.0}
    clock.t += 600                                                     # a break: not counted
    assert post(client, t, 0, add("1"), 0).status_code == 200          # a step while paused
    assert times(app, t) == {"1": 10.0}
    client.post(f"/api/tables/{code}/clock", headers=seat(t, 0), json={"clock": "resume"})
    clock.t += 4
    assert times(app, t) == {"1": 10.0, "2": 4.0}                      # Bo's turn now


def test_bad_clock_switches_are_refused_and_change_nothing(app, clock):
    client = app.test_client()
    t = new_table(client, clock=True)
    code = t["code"]
    for body, status, err in (({"clock": "stop"}, 400, "bad_clock"), ({}, 400, "bad_clock"),
                              ({"clock": 1}, 400, "bad_clock")):
        r = client.post(f"/api/tables/{code}/clock", headers=seat(t, 0), json=body)
        assert r.status_code == status and r.json["error"]["code"] == err
        assert r.json["error"]["params"]["allowed"] == ["on", "off", "pause", "resume"]
    r = client.post(f"/api/tables/{code}/clock", headers={
        "Authorization": f"Bearer {t['spectate_token']}"}, json={"clock": "pause"})
    assert r.status_code == 403
    r = client.post("/api/tables", json={"title": TITLE, "players": ["A"], "clock": "yes"})
    assert r.status_code == 400 and r.json["error"]["code"] == "bad_clock"
    clock.t += 5
    assert times(app, t) == {"1": 5.0}


def test_off_costs_a_step_nothing_and_on_adds_no_messages(app, clock, monkeypatch):
    client = app.test_client()
    pushes = Pushes(app.extensions["companion.hub"])
    ran = []
    real = sql_module.raw

    def spy(conn, stmt, params):
        ran.append(stmt)
        return real(conn, stmt, params)
    monkeypatch.setattr(sql_module, "raw", spy)
    off = new_table(client)
    assert post(client, off, 0, add("1"), 0).status_code == 200
    pg = app.extensions["companion.store"].dialect == "postgresql"
    # the post's statements are those of a table without a clock: the one round trip on
    # PostgreSQL; on SQLite the flag comes with the version, and the version alone is written
    assert ran == ([sql_module.SQL_PG_FAST] if pg else [
        sql_module.SQL_VERSION_CLOCK, sql_module.SQL_INSERT_ACTION, sql_module.SQL_SET_VERSION,
        sql_module.SQL_VOID_UNDO, sql_module.SQL_UNDO_OPEN])
    assert [list(m) for m in pushes.sent] == [["version", "action", "events"]]
    on = new_table(client, clock=True)
    ran.clear()
    pushes.sent.clear()
    clock.t += 3
    assert post(client, on, 0, add("1"), 0).status_code == 200
    assert (sql_module.SQL_PG_WRITE if pg else sql_module.SQL_SET_VERSION_CLOCK) in ran
    clock.t += 3600                     # time passes: the server sends nothing for it
    assert [list(m) for m in pushes.sent] == [["version", "action", "events"]]
    client.post(f"/api/tables/{on['code']}/clock", headers=seat(on, 1), json={"clock": "pause"})
    assert [list(m) for m in pushes.sent][-1] == ["clock"]


# -- undo back to a chosen point ------------------------------------------------------------
def test_undo_back_to_a_step_needs_each_other_seats_consent_then_takes_all_back(app):
    client = app.test_client()
    t = new_table(client)
    code = t["code"]
    for i, v in ((0, 0), (1, 1), (2, 2), (0, 3)):                      # Ann, Bo, Cy, Ann
        assert post(client, t, i, add(str(i + 1), i + 1), v).status_code == 200
    plan = client.get(f"/api/tables/{code}/undo-to/2", headers=seat(t, 0)).json
    assert plan["steps"] == [{"version": 4, "player": "1"}, {"version": 3, "player": "3"},
                             {"version": 2, "player": "2"}]
    assert plan["needs"] == ["3", "2"]
    r = client.post(f"/api/tables/{code}/undo-to", headers=seat(t, 0), json={"to_version": 2})
    assert r.status_code == 202 and not r.json["done"]
    reqs = {q["step_player"]: q for q in r.json["requests"]}
    assert set(reqs) == {"2", "3"} and {q["status"] for q in reqs.values()} == {"pending"}
    # nothing is undone yet; a single undo of Ann's own last step is still hers alone
    assert client.get(f"/api/tables/{code}", headers=seat(t, 0)).json["version"] == 4
    r = client.post(f"/api/tables/{code}/undo/{reqs['3']['id']}/approve", headers=seat(t, 1))
    assert r.status_code == 403                                        # Bo cannot answer for Cy
    r = client.post(f"/api/tables/{code}/undo/{reqs['3']['id']}/approve", headers=seat(t, 2))
    assert r.status_code == 200 and r.json["status"] == "approved"
    assert client.get(f"/api/tables/{code}", headers=seat(t, 0)).json["version"] == 4
    r = client.post(f"/api/tables/{code}/undo/{reqs['2']['id']}/approve", headers=seat(t, 1))
    assert r.status_code == 200 and r.json["status"] == "used"
    st = client.get(f"/api/tables/{code}", headers=seat(t, 0)).json
    assert st["version"] == 7 and st["state"]["total"] == 1 and st["state"]["turn"] == 1
    h = client.get(f"/api/tables/{code}/history", headers=seat(t, 0)).json["entries"]
    assert [e["action"]["type"] for e in h] == ["add"] * 4 + ["undo"] * 3
    assert [e["events"][0]["params"]["action"]["n"] for e in h[4:]] == [1, 3, 2]
    # redo brings them back in order: Bo's, Cy's, Ann's
    for v, total in ((7, 3), (8, 6), (9, 7)):
        assert post(client, t, 1, {"type": "redo"}, v).status_code == 200
        assert client.get(f"/api/tables/{code}", headers=seat(t, 0)).json["state"]["total"] \
            == total


def test_undo_back_declined_by_one_seat_keeps_every_step(app):
    client = app.test_client()
    t = new_table(client)
    code = t["code"]
    for i in range(3):
        assert post(client, t, i, add(str(i + 1)), i).status_code == 200
    reqs = client.post(f"/api/tables/{code}/undo-to", headers=seat(t, 0),
                       json={"to_version": 1}).json["requests"]
    by = {q["step_player"]: q["id"] for q in reqs}
    client.post(f"/api/tables/{code}/undo/{by['2']}/approve", headers=seat(t, 1))
    r = client.post(f"/api/tables/{code}/undo/{by['3']}/decline", headers=seat(t, 2))
    assert r.status_code == 200 and r.json["status"] == "declined"
    assert client.get(f"/api/tables/{code}/undo", headers=seat(t, 0)).json["requests"] == []
    assert client.get(f"/api/tables/{code}", headers=seat(t, 0)).json["version"] == 3
    # its approval cannot be used for a single undo of Cy's step either
    r = post(client, t, 0, {"type": "undo"}, 3)
    assert r.status_code == 422 and r.json["error"]["code"] == "undo_needs_consent"


def test_undo_back_over_own_steps_only_is_at_once_and_bad_points_are_refused(app):
    client = app.test_client()
    t = new_table(client, )
    code = t["code"]
    assert post(client, t, 0, add("1"), 0).status_code == 200
    assert post(client, t, 1, add("2"), 1).status_code == 200
    for to, status, err in ((0, 400, "bad_to_version"), ("2", 400, "bad_to_version"),
                            (True, 400, "bad_to_version"), (9, 422, "step_not_in_force")):
        r = client.post(f"/api/tables/{code}/undo-to", headers=seat(t, 1), json={"to_version": to})
        assert r.status_code == status and r.json["error"]["code"] == err, (to, r.json)
    assert client.get(f"/api/tables/{code}", headers=seat(t, 0)).json["version"] == 2
    r = client.post(f"/api/tables/{code}/undo-to", headers=seat(t, 1), json={"to_version": 2})
    assert r.status_code == 200 and r.json == {"done": True, "version": 3}
    r = client.post(f"/api/tables/{code}/undo-to", headers=seat(t, 1), json={"to_version": 2})
    assert r.status_code == 422 and r.json["error"]["code"] == "step_not_in_force"   # undone
