"""Items 5 and 6 of issue 16: a player's name is never a formula in the CSV export, and control
characters in names, labels, keys and codes are a clear 4xx on every database (PostgreSQL
refuses NUL in text: it was a 500 there, and stored on SQLite)."""
from __future__ import annotations

import csv
import io

import pytest

from engine import titles
from tests.companion import doubles
from tests.companion.test_pages import csrf, double, new_table, seated  # noqa: F401 (fixture)

FORMULA = "=cmd|' /C calc'!A0"


def test_a_formula_name_is_text_in_the_csv_export(client, double):  # noqa: F811
    code, _, _ = seated(client, players=(FORMULA, "+1", "-2", "@SUM(A1)"))
    text = client.get(f"/tables/{code}/export.csv").data.decode("utf-8-sig")
    names = {row[5] for row in list(csv.reader(io.StringIO(text)))[1:]}
    assert {"'" + FORMULA, "'+1", "'-2", "'@SUM(A1)"} <= names
    for line in text.splitlines():
        for cell in next(csv.reader([line])):
            assert not cell.startswith(("=", "+", "@")) and not cell.startswith("-") or \
                cell.lstrip("-").isdigit()


def test_csv_cell_leaves_numbers_and_plain_words():
    from companion.security import csv_cell
    assert csv_cell(-30) == -30 and csv_cell("SR 1") == "SR 1" and csv_cell("=1") == "'=1"
    assert csv_cell("\t=1") == "'\t=1" and csv_cell("\uff1d1") == "'\uff1d1"


# -- control characters, on SQLite and on PostgreSQL ------------------------------------------
@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.services)])
def any_db_client(request, tmp_path, monkeypatch):
    monkeypatch.setitem(titles.TITLES, doubles.TITLE_ID, doubles.SPEC)
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path / 'ctl.db'}"
    else:
        url = request.getfixturevalue("fresh_postgres_url")
    from companion import create_app
    app = create_app({"TESTING": True, "SECRET_KEY": "t", "DATABASE_URL": url,
                      "RATELIMIT_ENABLED": False, "WTF_CSRF_ENABLED": False})
    yield app.test_client()
    app.extensions["companion.store"].dispose()


def api_table(client):
    r = client.post("/api/tables", json={"title": doubles.TITLE_ID, "players": ["Ann", "Bo"]})
    assert r.status_code == 201, r.data
    return r.json


@pytest.mark.parametrize("bad", ["A\x00n", "A\x07n", "Ann\n", "A\x7fn", "A\x85n"])
def test_control_characters_in_names_are_refused(any_db_client, bad):
    c = any_db_client
    r = c.post("/api/tables", json={"title": doubles.TITLE_ID, "players": [bad, "Bo"]})
    assert r.status_code == 400 and r.json["error"]["code"] == "bad_players", r.data
    r = c.post("/api/tables", json={"title": doubles.TITLE_ID,
                                    "players": [{"id": bad, "name": "Ann"}, "Bo"]})
    assert r.status_code == 400 and r.json["error"]["code"] == "bad_players", r.data
    if bad.strip() == bad:                     # the page strips what ends a name
        r = c.post("/new", data={"title": doubles.TITLE_ID, "player": [bad, "Bo"], "seed": "1"})
        assert r.status_code == 422


def test_control_characters_in_labels_keys_and_codes_are_refused(any_db_client):
    c = any_db_client
    t = api_table(c)
    code = t["code"]
    r = c.post(f"/api/tables/{code}/join", json={"invite": t["invite_secret"], "player": "1",
                                                 "device": "phone\x00"})
    assert r.status_code == 400 and r.json["error"]["code"] == "bad_label", r.data
    r = c.post(f"/api/tables/{code}/join", json={"invite": t["invite_secret"],
                                                 "player": "1\x00"})
    assert r.status_code == 400 and r.json["error"]["code"] == "bad_player", r.data
    h = {"Authorization": f"Bearer {t['seats'][0]['token']}"}
    r = c.post(f"/api/tables/{code}/actions", headers=h, json={
        "action": {"type": "add", "entity": "1", "n": 1}, "expected_version": 0, "key": "k\x00"})
    assert r.status_code == 400 and r.json["error"]["code"] == "bad_key", r.data
    for path in (f"/api/tables/{code}%00", f"/api/tables/A%00B", f"/tables/{code}%00"):
        r = c.get(path, headers=h)
        assert r.status_code == 404, (path, r.status_code, r.data[:200])
    r = c.post(f"/tables/{code}%00/join", data={"player": "1", "device": "x"})
    assert r.status_code in (403, 404), r.data[:200]
    # nothing was stored: the table is as it was made
    assert c.get(f"/api/tables/{code}", headers=h).json["version"] == 0
    seats = c.get(f"/api/tables/{code}/seats?invite={t['invite_secret']}").json["seats"]
    assert [s["name"] for s in seats] == ["Ann", "Bo"]
