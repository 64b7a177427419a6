"""Bad input of every kind gets a clear 4xx (JSON error with a code) and changes nothing;
no request produces a 500."""
from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.companion.relay_tables import TITLE, relay  # noqa: F401



@pytest.fixture
def app(tmp_path):
    """Rate limits off: these tests send hundreds of requests from one phone."""
    from companion import create_app
    return create_app({"TESTING": True, "SECRET_KEY": "test", "RATELIMIT_ENABLED": False,
                       "DATABASE_URL": f"sqlite:///{tmp_path / 'bad.db'}"})


@pytest.fixture
def table(client):
    t = client.post("/api/tables", json={"title": TITLE, "players": ["Ann", "Bo"], "seed": 1}).json
    h = {"Authorization": f"Bearer {t['seats'][0]['token']}"}
    r = client.post(f"/api/tables/{t['code']}/actions", headers=h,
                    json={"action": {"type": "add", "entity": "1", "n": 2}, "expected_version": 0})
    assert r.status_code == 200
    t["h"] = h
    return t


def snapshot(client, table):
    r = client.get(f"/api/tables/{table['code']}", headers=table["h"])
    hist = client.get(f"/api/tables/{table['code']}/history", headers=table["h"]).json
    return r.json, hist


def assert_clear_4xx(r, status=None):
    assert 400 <= r.status_code < 500, (r.status_code, r.data[:300])
    if status:
        assert r.status_code == status, (r.status_code, r.json)
    err = r.json["error"]
    assert err["code"] and err["message"]


CREATE_BAD = [
    (b"{not json", 400, "bad_json"),
    (b"[1, 2]", 400, "bad_json"),
    (b'"a string"', 400, "bad_json"),
    (b"", 400, "bad_json"),
    (b'{"title": "x", "players": ["A"], "seed": NaN}', 400, "bad_json"),
    (b"\xff\xfe\x00", 400, "bad_json"),
    (b"[" * 5000 + b"]" * 5000, 400, "bad_json"),
    (b'{"title": "test-relay", "players": ["\\ud800"]}', 400, "bad_json"),
    (b'{"title": "test-relay", "players": ["\\uDBFF"]}', 400, "bad_json"),
    # json.loads reads UTF-16 and UTF-32 bodies too: the lone surrogate escape is still found.
    ('{"title": "test-relay", "players": ["\\ud800"]}'.encode("utf-16-le"), 400, "bad_json"),
    ('{"title": "test-relay", "players": ["\\udfff"]}'.encode("utf-32"), 400, "bad_json"),
    (json.dumps({"title": "no-such-title", "players": ["A", "B"]}).encode(), 422, "unknown_title"),
    (json.dumps({"title": 5, "players": ["A", "B"]}).encode(), 400, "bad_title"),
    (json.dumps({"title": TITLE}).encode(), 400, "bad_players"),
    (json.dumps({"title": TITLE, "players": "Ann"}).encode(), 400, "bad_players"),
    (json.dumps({"title": TITLE, "players": [""]}).encode(), 400, "bad_players"),
    (json.dumps({"title": TITLE, "players": [{"id": [1], "name": "A"}]}).encode(), 400,
     "bad_players"),
    (json.dumps({"title": TITLE, "players": ["A"] * 13}).encode(), 400, "bad_players"),
    (json.dumps({"title": TITLE, "players": ["x" * 41]}).encode(), 400, "bad_players"),
    (json.dumps({"title": TITLE, "players": ["A", "A"], "seed": True}).encode(), 400, "bad_seed"),
    (json.dumps({"title": TITLE, "players": ["A"], "seed": 2 ** 70}).encode(), 400, "bad_seed"),
    (json.dumps({"title": TITLE, "players": ["A"], "seed": "7"}).encode(), 400, "bad_seed"),
    (json.dumps({"title": TITLE, "players": ["A"], "options": []}).encode(), 400, "bad_options"),
    # an option the title does not declare: the engine refuses it at set-up (titles.check_options)
    (json.dumps({"title": TITLE, "players": ["A"], "options": {"goal": "x"}}).encode(), 422,
     "bad_option"),
    (json.dumps({"title": TITLE, "players": [f"P{i}" for i in range(9)]}).encode(), 422,
     "player_count"),
    (b'{"title": "' + b"x" * 70000 + b'"}', 413, None),
]


@pytest.mark.parametrize("body,status,code", CREATE_BAD)
def test_bad_table_creation(client, body, status, code):
    r = client.post("/api/tables", data=body, content_type="application/json")
    assert_clear_4xx(r, status)
    if code:
        assert r.json["error"]["code"] == code


def test_bad_posts_change_nothing(client, table):
    code, h = table["code"], table["h"]
    before = snapshot(client, table)
    other = client.post("/api/tables", json={"title": TITLE, "players": ["X", "Y"]}).json
    url = f"/api/tables/{code}/actions"
    good = {"action": {"type": "add", "entity": "2", "n": 1}, "expected_version": 1}
    cases = [
        (dict(data=b"{oops", content_type="application/json"), 400),
        (dict(data=b"[]", content_type="application/json"), 400),
        (dict(json={"action": good["action"]}), 400),                       # no version
        (dict(json={"expected_version": 1}), 400),                          # no action
        (dict(json={**good, "action": "add"}), 400),
        (dict(json={**good, "action": {"n": 1}}), 400),
        (dict(json={**good, "action": {"type": 7}}), 400),
        (dict(json={**good, "expected_version": "1"}), 400),
        (dict(json={**good, "expected_version": -1}), 400),
        (dict(json={**good, "expected_version": True}), 400),
        (dict(json={**good, "expected_version": 1.5}), 400),
        (dict(json={**good, "key": ""}), 400),
        (dict(json={**good, "key": "k" * 200}), 400),
        (dict(json={**good, "key": 5}), 400),
        (dict(json={**good, "expected_version": 0}), 409),                  # stale
        (dict(json={**good, "expected_version": 7}), 409),                  # from the future
        (dict(json={**good, "action": {"type": "add", "entity": "1", "n": 1}}), 422),
        (dict(json={**good, "action": {"type": "add", "entity": "2", "n": 99}}), 422),
        (dict(json={**good, "action": {"type": "fly", "entity": "2"}}), 422),
        (dict(json={**good, "action": {"type": "redo"}}), 422),
        (dict(json={**good, "action": {"type": "add", "entity": "2", "n": [1] * 10}}), 422),
        (dict(data=json.dumps({**good, "pad": "x" * 70000}), content_type="application/json"),
         413),
        (dict(data=b'{"action": {"type": "add", "entity": "2", "n": 1, "x": "\\ud800"}, '
                   b'"expected_version": 1}', content_type="application/json"), 400),
        (dict(data=b'{"action": {"type": "add", "entity": "2", "n": 1}, "expected_version": 1, '
                   b'"key": "\\udc00"}', content_type="application/json"), 400),
        (dict(json={**good, "expected_version": 10 ** 30}), 400),
    ]
    for kwargs, status in cases:
        r = client.post(url, headers=h, **kwargs)
        assert_clear_4xx(r, status)
    # Wrong or missing tokens, another table's token, a forged one.
    for headers, status in (({}, 401), ({"Authorization": "Bearer "}, 401),
                            ({"Authorization": "Basic abc"}, 401),
                            ({"Authorization": "Bearer forged"}, 403),
                            ({"Authorization": "Bearer " + "x" * 5000}, 403),
                            ({"Authorization": f"Bearer {other['seats'][0]['token']}"}, 403),
                            ({"Authorization": f"Bearer {other['spectate_token']}"}, 403)):
        assert_clear_4xx(client.post(url, headers=headers, json=good), status)
    assert_clear_4xx(client.post("/api/tables/NOSUCH/actions", headers=h, json=good), 404)
    assert_clear_4xx(client.post(f"/api/tables/{'x' * 300}/actions", headers=h, json=good), 404)
    assert_clear_4xx(client.get(f"/api/tables/{code}/history?since=abc", headers=h), 400)
    assert_clear_4xx(client.get(f"/api/tables/{code}/history?limit=0", headers=h), 400)
    assert_clear_4xx(client.get(f"/api/tables/{code}/actions?since=-4", headers=h), 400)
    assert_clear_4xx(client.get(f"/api/tables/{code}/actions?since={10 ** 20}", headers=h), 400)
    assert_clear_4xx(client.get(f"/api/tables/{code}/history?since={10 ** 20}", headers=h), 400)
    assert_clear_4xx(client.post(f"/api/tables/{code}/undo/{10 ** 20}/approve", headers=h), 404)
    assert_clear_4xx(client.post(f"/api/tables/{code}/join", data=b'{"invite": "\\ud800"}',
                                 content_type="application/json"), 400)
    assert_clear_4xx(client.put(url, headers=h, json=good), 405)
    assert_clear_4xx(client.get("/api/nothing-here"), 404)
    assert_clear_4xx(client.post(f"/api/tables/{code}/undo/99/approve", headers=h), 404)
    assert_clear_4xx(client.post(f"/api/tables/{code}/join", json={"invite": 5, "player": "1"}),
                     403)
    assert_clear_4xx(client.post(f"/api/tables/{code}/join",
                                 json={"invite": table["invite_secret"], "player": [1]}), 400)
    assert_clear_4xx(client.post(f"/api/tables/{code}/join",
                                 json={"invite": table["invite_secret"], "player": "1",
                                       "device": {"x": 1}}), 400)
    assert snapshot(client, table) == before


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(min_value=-2 ** 70, max_value=2 ** 70)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(st.characters(exclude_categories=()), max_size=20),   # lone surrogates too
    lambda children: st.lists(children, max_size=4)
    | st.dictionaries(st.text(max_size=10), children, max_size=4),
    max_leaves=12)

action_like = st.fixed_dictionaries(
    {"type": st.sampled_from(["add", "pass", "undo", "redo", "bogus"]) | st.text(max_size=5)},
    optional={"entity": st.sampled_from(["1", "2", "3"]) | json_values,
              "n": st.integers(-3, 8) | json_values})


@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(body=st.fixed_dictionaries({}, optional={
    "action": action_like | json_values, "expected_version": st.integers(-1, 3) | json_values,
    "key": st.text(max_size=3) | json_values}))
def test_fuzzed_posts_never_500_and_leave_a_consistent_log(client, table, body):
    url = f"/api/tables/{table['code']}/actions"
    r = client.post(url, headers=table["h"], json=body)
    assert r.status_code < 500, (r.status_code, r.data[:300], body)
    assert r.status_code in (200, 400, 409, 422), (r.status_code, body)
    st_ = client.get(f"/api/tables/{table['code']}", headers=table["h"]).json
    hist = client.get(f"/api/tables/{table['code']}/history?limit=5000", headers=table["h"]).json
    assert [e["version"] for e in hist["entries"]] == list(range(1, st_["version"] + 1))


@settings(max_examples=100, deadline=None, suppress_health_check=list(HealthCheck))
@given(body=json_values | st.fixed_dictionaries({}, optional={
    "title": st.sampled_from([TITLE, "nope"]) | json_values,
    "players": st.lists(st.text(max_size=5), max_size=4) | json_values,
    "seed": st.integers() | json_values, "options": json_values}))
def test_fuzzed_table_creation_never_500(client, body):
    r = client.post("/api/tables", json=body)
    assert r.status_code in (201, 400, 422), (r.status_code, r.data[:300], body)
