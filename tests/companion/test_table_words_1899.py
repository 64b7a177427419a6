"""1899 DAIHAN in the table's words (issue 25): each defect the issue names for it, as a
phone shows it. A game is brought to the point by the engine's test helpers and its steps
posted through the API, then the page is rendered for a seat or the spectator."""
from __future__ import annotations

import re

import pytest

from tests.companion.test_korean_pages import visible_text
from tests.engine import helpers_1899_daihan as H


@pytest.fixture
def app(tmp_path):
    from companion import create_app
    return create_app({"TESTING": True, "SECRET_KEY": "test", "RATELIMIT_ENABLED": False,
                       "DATABASE_URL": f"sqlite:///{tmp_path / 'words1899.db'}"})


@pytest.fixture
def client(app):
    return app.test_client()


def table_at(client, game):
    """A table whose book is ``game``'s (its steps posted in turn): (table, state)."""
    names = [p["name"] for p in game.players]
    r = client.post("/api/tables", json={"title": H.TITLE, "players": names,
                                         "seed": game.seed, "options": game.options or {}})
    assert r.status_code == 201, r.get_json()
    table = r.get_json()
    code, token = table["code"], table["seats"][0]["token"]
    auth = {"Authorization": f"Bearer {token}"}
    for i, action in enumerate(game.log):
        version = client.get(f"/api/tables/{code}", headers=auth).get_json()["version"]
        r = client.post(f"/api/tables/{code}/actions", headers=auth,
                        json={"action": action, "expected_version": version, "key": f"k{i}"})
        assert r.status_code == 200, (action, r.get_json())
    return table, client.get(f"/api/tables/{code}", headers=auth).get_json()


def page(client, table, st, lang, who="acting", path=""):
    """The table page (or ``path`` under it) as ``who`` sees it: the acting seat, an idle
    seat or the spectator."""
    seats = {s["player"]: s["token"] for s in table["seats"]}
    acting = (st["state"].get("acting_players") or [table["seats"][0]["player"]])[0]
    token = {"acting": seats[acting], "idle": next(t for p, t in seats.items() if p != acting),
             "spectator": table["spectate_token"]}[who]
    phone = client.application.test_client()
    phone.get(f"/tables/{table['code']}/watch?token={token}")
    phone.set_cookie("lang", lang)
    return phone.get(f"/tables/{table['code']}{path}").get_data(as_text=True)


def status_line(html: str) -> str:
    m = re.search(r'(?s)<section class="card status".*?</section>', html)
    return re.sub(r"\s+", " ", visible_text(m.group()))


# -- the header names the company operating and its president ------------------------------

@pytest.mark.parametrize("lang, said", [("en", "Acting: GR (Ann)"), ("ko", "차례: GR (Ann 님)")])
def test_the_header_names_the_operating_company_and_its_president(client, lang, said):
    game = H.operating_game(corps=(("DR", 70), ("GR", 80)))
    assert game.rules.acting() == ["GR"]
    table, st = table_at(client, game)
    for who in ("acting", "idle", "spectator"):
        assert said in status_line(page(client, table, st, lang, who))
