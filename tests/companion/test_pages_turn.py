""""Your turn" on the phone of the player who acts, also when a company they run acts."""
import html as html_lib
import json
import random
import re

import pytest

from engine import titles
from engine.game import Game
from tests.bots.korea18 import Bot
from tests.companion.live_server import choose

REAL = [t for t in ("1888-N", "18Korea") if t in titles.TITLES]


def _company_turn(client, title, seed):
    """A table played at random through the API until a company (not a player) acts."""
    r = client.post("/api/tables", json={"title": title, "players": ["Ann", "Bo", "Cy"],
                                         "seed": seed})
    assert r.status_code == 201
    table = r.get_json()
    code, seats = table["code"], table["seats"]
    auth = {"Authorization": f"Bearer {seats[0]['token']}"}
    rng = random.Random(seed)
    player_ids = {s["player"] for s in seats}
    # 18Korea: its test player, on a copy of the same game, keeps the table moving
    twin = Game(title, ["Ann", "Bo", "Cy"], seed) if title == "18Korea" else None
    bot = Bot(seed) if twin else None
    for _ in range(600):
        st = client.get(f"/api/tables/{code}", headers=auth).get_json()
        acting = st["state"]["acting"]
        if acting and acting[0] not in player_ids:
            return code, seats, st["state"]
        action = bot.choose(twin) if twin else choose(st["legal"], rng)
        r = client.post(f"/api/tables/{code}/actions", headers=auth,
                        json={"action": action, "expected_version": st["version"],
                              "key": f"k{st['version']}"})
        if twin:
            assert r.status_code == 200, r.get_json()
            twin.process(action)
    pytest.fail("no company acted within 600 steps")


@pytest.mark.parametrize("title", REAL)
def test_the_company_runners_phone_says_your_turn(app, title):
    app.config["RATELIMIT_ENABLED"] = False      # one client posts a whole opening
    client = app.test_client()
    code, seats, state = _company_turn(client, title, seed=4)
    company = state["acting"][0]
    runner = state["acting_players"]
    assert len(runner) == 1 and runner[0] != company
    for seat in seats:
        phone = app.test_client()
        assert phone.get(f"/tables/{code}/watch?token={seat['token']}").status_code == 303
        page = phone.get(f"/tables/{code}").get_data(as_text=True)
        # the live part, alike on every phone, names who acts: the runner, not the company
        acting = json.loads(html_lib.unescape(
            re.search(r'<div id="live"[^>]*data-acting="([^"]*)"', page).group(1)))
        assert acting == [str(runner[0])]
        assert '<span class="if-turn">Your turn</span><span class="if-idle">Enter a step' in page
        # this phone's own style shows "Your turn" only while its seat is in that list
        me = '[data-acting*="\\22 ' + str(seat["player"]) + '\\22 "]'
        style = re.search(r'<style id="seat-style">(.*?)</style>', page, re.S).group(1)
        assert f"#live{me} .if-idle,#live:not({me}) .if-turn{{display:none}}" in style, seat


def test_only_answers_that_change_the_session_send_its_cookie(app):
    """A phone's seat lives in the session cookie: an answer to a request sent before the
    seat was taken (the service worker caching files) must not put back the old cookie."""
    client = app.test_client()
    r = client.post("/api/tables", json={"title": REAL[0], "players": ["Ann", "Bo"]})
    code, token = r.get_json()["code"], r.get_json()["seats"][0]["token"]
    r = client.get(f"/tables/{code}/watch?token={token}")      # takes the seat
    assert r.status_code == 303 and "session=" in r.headers.get("Set-Cookie", "")
    page = client.get(f"/tables/{code}")
    assert page.status_code == 200
    # the seat and the pages' CSRF token came in one cookie: the page does not send it again
    assert "session=" not in page.headers.get("Set-Cookie", "")
    for path in ("/sw.js", "/offline", "/static/icons/icon-192.png", "/manifest.webmanifest",
                 f"/tables/{code}", f"/tables/{code}/live"):
        r = client.get(path)
        assert r.status_code == 200, path
        assert "session=" not in r.headers.get("Set-Cookie", ""), path
