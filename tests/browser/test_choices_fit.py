"""A step's choices drawn as buttons (radio labels, up to eight of them) stay inside their step
card at a phone's width, however long a choice's words: 18Korea's draft, after the first pick,
offers its asset cards by name ("OA08: its text is not public (read it on the card)"), and each
button kept its one line and ran past the card's right edge at 390 px. The page-wide look
(test_fits_a_phone) looks at the start, mid-game and later, where the draft is a list or over."""
from __future__ import annotations

import random

import pytest
import requests

from tests.browser.flows import wait_live
from tests.companion.live_server import Api, choose

pytestmark = pytest.mark.browser

PLAYERS = ["Ann", "Bo", "Cy"]


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_long_choices_wrap_inside_the_step_card(live_server, phone, lang):
    base = live_server.url
    r = requests.post(f"{base}/api/tables", timeout=10,
                      json={"title": "18Korea", "players": PLAYERS, "seed": 5})
    assert r.status_code == 201, r.text
    table = r.json()
    seats = {s["player"]: s["token"] for s in table["seats"]}
    st = Api(base, table["code"], table["seats"][0]["token"]).get()
    first = st["state"]["acting_players"][0]
    api = Api(base, table["code"], seats[first])
    rng = random.Random(5)
    for _ in range(20):                          # the first seat picks a card
        if api.post(choose(st["legal"], rng), st["version"]).status_code == 200:
            break
    st = api.get()
    assert st["version"] == 1
    nxt = st["state"]["acting_players"][0]
    page = phone(viewport={"width": 390, "height": 844})
    page.context.add_cookies([{"name": "lang", "value": lang, "url": base}])
    page.goto(f"{base}/tables/{table['code']}/watch?token={seats[nxt]}")
    wait_live(page)
    boxes = page.evaluate("""() => [...document.querySelectorAll('#actions fieldset.choices label')]
        .filter(l => l.offsetParent).map(l => {
            const card = l.closest('section.card').getBoundingClientRect();
            const r = l.getBoundingClientRect();
            return {text: l.textContent.trim(), right: r.right, card: card.right};
        })""")
    assert boxes and max(len(b["text"]) for b in boxes) > 30      # long choices are drawn
    outside = [b for b in boxes if b["right"] > b["card"] + 1]
    assert not outside, outside
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
