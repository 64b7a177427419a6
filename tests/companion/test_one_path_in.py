"""Issue 24, item 3 (one path in): a step posted from a page or the JSON API goes through the
table service's one posting call (``submit``/``submit_json``), which holds the table's lock;
the page checks its form against the live game's legal entries (``legal_now``), never the
state's JSON; nothing outside the service reaches into its lock or live games, and the hub is
given what it calls when the app is made (``Hub.configure``)."""
from __future__ import annotations

import re
from pathlib import Path

from companion.tables import TableService
from tests.companion.test_pages import double, form_data, seated  # noqa: F401 (fixture)

ROOT = Path(__file__).resolve().parents[2] / "companion"


def no_state_json(monkeypatch):
    def refuse(*args, **kwargs):
        raise AssertionError("the state's JSON was read for a page post")
    for name in ("state", "state_json", "state_versioned"):
        monkeypatch.setattr(TableService, name, refuse)


def test_a_page_step_reads_no_state_json(client, double, monkeypatch):  # noqa: F811
    code, _, _ = seated(client)
    html = client.get(f"/tables/{code}").get_data(as_text=True)
    step, bid = form_data(html, "pass"), form_data(html, "bid")
    with monkeypatch.context() as m:
        no_state_json(m)
        assert client.post(f"/tables/{code}/act", data=step).status_code == 303
        # the same form again: stale, answered with the page (which shows the state)
    assert client.post(f"/tables/{code}/act", data=step).status_code == 409
    with monkeypatch.context() as m:
        no_state_json(m)
        undo = {"csrf_token": step["csrf_token"], "expected_version": "1"}
        assert client.post(f"/tables/{code}/undo", data=undo).status_code == 303
        assert client.post(f"/tables/{code}/redo", data=undo | {"expected_version": "2"}
                           ).status_code == 303
    assert 'data-version="3"' in client.get(f"/tables/{code}").get_data(as_text=True)
    assert bid                                      # the page offered it; not posted here


def test_only_the_service_holds_its_lock_and_live_games():
    for path in [ROOT / "api.py", *(ROOT / "pages").glob("*.py")]:
        text = path.read_text()
        assert not re.search(r"\._(lock|live_table|live|fresh)\b", text), path


def test_the_hub_is_given_its_parts_when_the_app_is_made(app):
    hub = app.extensions["companion.hub"]
    svc = app.extensions["companion.tables"]
    assert hub.versions == svc.versions
    assert hub.state_cache is app.extensions.get("companion.state_cache")
    assert callable(hub.render_part)
    for path in ROOT.rglob("*.py"):                  # no part sets them on the hub later
        text = path.read_text()
        assert not re.search(r"hub\"?\]?\.(versions|state_cache|render_part|catchup_\w+) =",
                             text), path
