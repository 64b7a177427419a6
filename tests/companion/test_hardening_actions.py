"""Item 3 of issue 16: non-finite numbers are refused, and an action is logged (and pushed,
and exported) as the fields its legal form declares, not whatever else came with it."""
from __future__ import annotations

import json

import pytest

from tests.companion.relay_tables import TITLE, relay  # noqa: F401



@pytest.fixture
def table(client):
    t = client.post("/api/tables", json={"title": TITLE, "players": ["Ann", "Bo"], "seed": 1}).json
    t["h"] = {"Authorization": f"Bearer {t['seats'][0]['token']}"}
    return t


def strict(text: str):
    """JSON as a browser reads it: no NaN or Infinity."""
    def refuse(name):
        raise ValueError(f"{name} is not JSON")
    return json.loads(text, parse_constant=refuse)


def post_raw(client, table, body: bytes):
    return client.post(f"/api/tables/{table['code']}/actions", headers=table["h"], data=body,
                       content_type="application/json")


@pytest.mark.parametrize("number", ["1e400", "-1e400", "1.8e308", "9" * 400 + ".0"])
def test_non_finite_numbers_are_refused(client, table, number):
    body = ('{"action": {"type": "add", "entity": "1", "n": 2, "x": %s}, "expected_version": 0}'
            % number).encode()
    r = post_raw(client, table, body)
    assert r.status_code == 400, r.data
    assert r.json["error"]["code"] == "bad_json"
    assert "Infinity" not in r.get_data(as_text=True)
    state = client.get(f"/api/tables/{table['code']}", headers=table["h"]).json
    assert state["version"] == 0


def test_a_refused_huge_number_is_not_echoed_as_infinity(client, table):
    r = post_raw(client, table, b'{"action": {"type": "add", "entity": "1", "n": 1e400}, '
                                b'"expected_version": 0}')
    assert r.status_code == 400
    strict(r.get_data(as_text=True))


def test_extra_fields_are_left_out_of_the_log(client, table):
    code, h = table["code"], table["h"]
    action = {"type": "add", "entity": "1", "n": 2, "junk": "x" * 30000, "nested": {"a": [1]}}
    r = client.post(f"/api/tables/{code}/actions", headers=h,
                    json={"action": action, "expected_version": 0, "key": "k1"})
    assert r.status_code == 200, r.json
    for path in ("actions", "history", "record"):
        text = client.get(f"/api/tables/{code}/{path}", headers=h).get_data(as_text=True)
        strict(text)
        assert "junk" not in text and "nested" not in text
    assert client.get(f"/api/tables/{code}/actions", headers=h).json["actions"][0]["action"] == \
        {"type": "add", "entity": "1", "n": 2}
    again = client.post(f"/api/tables/{code}/actions", headers=h,
                        json={"action": action, "expected_version": 0, "key": "k1"})
    assert again.status_code == 200 and again.json == r.json      # the retry: the same answer


def test_an_action_of_a_type_not_offered_is_refused_by_the_engine(client, table):
    r = client.post(f"/api/tables/{table['code']}/actions", headers=table["h"],
                    json={"action": {"type": "fly", "entity": "1", "x": 1}, "expected_version": 0})
    assert r.status_code == 422 and r.json["error"]["code"] == "unknown_action"
