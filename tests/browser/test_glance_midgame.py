"""The summary fits the first screen mid-game too (issue 12): for every title, a game played
through the API to mid-game (random legal steps; the 18xx titles into an operating round),
then a phone that is not acting opens the table at 390x844, in English and in Korean. The
summary (the region named "At a glance" / "한눈에 보기") must be visible and end within the
first 844 px, and the page must not scroll sideways.

The summary is found by its role and name only: the templates' classes may change."""
from __future__ import annotations

import random
import secrets

import pytest
import requests

from tests import contract_play as cp
from tests.browser.conftest import ARTIFACTS
from tests.browser.flows import take_seat, wait_live
from tests.companion.live_server import Api

pytestmark = pytest.mark.browser

WIDTH, HEIGHT = 390, 844
SMALL = {"viewport": {"width": WIDTH, "height": HEIGHT}}
SUMMARY = {"en": "At a glance", "ko": "한눈에 보기"}

# title: (players, how far: "operating" = into an operating round after at least MIN_STEPS,
# else that many steps)
TITLES = {
    "1888-N": (4, "operating"),
    "18Korea": (4, "operating"),
    "1899-DAIHAN": (4, "operating"),
    "18Lilliput": (4, 70),
    "AoS-Korea": (4, 60),
    "AoS-NewZealand": (3, 60),
}
MIN_STEPS, MAX_STEPS = 40, 400
PLAYERS = ("Ann", "Bo", "Cy", "Di", "Ed")

# a table that moves on: no referee's tools, few passes, no random bankruptcy, low bids
SKIP = {"undo", "redo", "correction", "enter_asset", "replace_asset", "trade_asset"}
WEIGHTS = {"pass": 2, "done": 2, "par": 6, "buy_shares": 6, "buy_share": 6, "start_auction": 4,
           "bid": 1, "run_trains": 9, "run": 9, "dividend": 9, "buy_train": 6, "lay_tile": 3,
           "place_token": 2, "build_station": 2, "sell_shares": 0.3, "bankrupt": 0,
           "attach_asset": 0.2, "use_asset": 0.2, "move_good": 9}
LOW = {"bid", "amount", "cost", "count", "price"}


def _pick(rng, name, p, action):
    if action.get("type") == "build" and name in ("link", "reaches"):
        return f"{name[0].upper()}{rng.randint(1, 10 ** 6)}"    # Age of Steam: a new link
    if p["kind"] == "number" and name in LOW:
        return p["min"]
    return cp.random_value(rng, name, p, action)


def _weight(entry: dict, view: dict) -> float:
    """18Korea's founders open an auction only with the money to found (its view's
    ``players_books``; as tests/engine/test_18korea_legal_play.py's table does)."""
    me = (view.get("players_books") or {}).get(entry.get("entity")) or {}
    if entry["type"] == "start_auction" and me and (
            len(me.get("director_of") or []) >= 2 or me.get("cash", 0) < 260):
        return 0
    return WEIGHTS.get(entry["type"], 1)


def _round_code(state: dict):
    first = (state.get("book") or [{}])[0].get("items") or [{}]
    v = (first[0].get("value") or {}).get("v")
    return v.get("code") if isinstance(v, dict) else v


def play_to_midgame(base: str, table: dict, goal, seed: int) -> dict:
    """Random legal steps through the API until ``goal``; the table's state then."""
    rng = random.Random(seed)
    seat = table["seats"][0]
    api = Api(base, table["code"], seat["token"])
    steps = 0
    while True:
        st = api.get()
        assert not st["state"].get("finished"), f"the game ended after {steps} steps"
        if goal == "operating":
            if steps >= MIN_STEPS and _round_code(st) == "round.operating":
                return st
            assert steps < MAX_STEPS, f"no operating round after {steps} steps"
        elif steps >= goal:
            return st
        legal = [e for e in st["legal"] if e["type"] not in SKIP]
        weights = [_weight(e, st["state"]) for e in legal]
        if not any(weights):
            weights = [1] * len(legal)
        for _ in range(60):
            entry = rng.choices(legal, weights)[0]
            action = cp.random_action(rng, entry, seat["player"], pick=_pick)
            r = api.post(action, st["version"])
            if r.status_code == 200:
                break
            assert r.status_code == 422, (r.status_code, r.text)
        else:
            raise AssertionError(f"no offered step was accepted at step {steps}")
        steps += 1


def _fit(page, name: str) -> dict:
    summary = page.get_by_role("region", name=name, exact=True)
    assert summary.count() == 1, f"one summary named {name!r}"
    assert summary.is_visible(), f"the summary {name!r} is shown"
    # where it is on the page, and how tall each of its parts is (said when it does not fit)
    return summary.evaluate("""el => { const r = el.getBoundingClientRect();
        return {top: r.top + window.scrollY, bottom: r.bottom + window.scrollY,
                scroll_width: document.documentElement.scrollWidth,
                parts: [...el.children].map(c => [
                    (c.querySelector('h2, h3, caption') || c).textContent.trim().slice(0, 30),
                    Math.round(c.getBoundingClientRect().height)])}; }""")


@pytest.mark.parametrize("title", list(TITLES))
def test_a_phone_not_acting_mid_game_opens_on_a_summary_that_fits_one_screen(
        live_server, phone, title):
    n, goal = TITLES[title]
    r = requests.post(f"{live_server.url}/api/tables", timeout=10,
                      json={"title": title, "players": list(PLAYERS[:n]), "seed": 7})
    assert r.status_code == 201, r.text
    table = r.json()
    st = play_to_midgame(live_server.url, table, goal, seed=7)
    acting = set(st["state"].get("acting_players") or [])
    idle = [s["player"] for s in table["seats"] if s["player"] not in acting]
    assert idle, f"every seat acts in {title}"
    page = phone(**SMALL)
    take_seat(page, table["invite"], idle[0])
    misfits = []
    for lang in ("en", "ko"):
        if lang != "en":
            page.context.add_cookies([{"name": "lang", "value": lang, "url": live_server.url}])
        page.goto(f"{live_server.url}/tables/{table['code']}?p={secrets.token_hex(3)}")
        wait_live(page)
        assert page.evaluate("document.documentElement.lang").startswith(lang)
        box = _fit(page, SUMMARY[lang])
        ARTIFACTS.mkdir(parents=True, exist_ok=True)       # the first screen and the summary
        page.screenshot(path=str(ARTIFACTS / f"glance-midgame-{title}-{lang}.png"),
                        full_page=True, clip={"x": 0, "y": 0, "width": WIDTH,
                                              "height": max(HEIGHT, box["bottom"] + 8)})
        print(f"{title} {lang}: {_round_code(st)} summary {box['top']:.0f}-{box['bottom']:.0f} px, "
              f"scrollWidth {box['scroll_width']}, parts {box['parts']}")
        if box["bottom"] > HEIGHT:
            misfits.append(f"{lang}: the summary ends at {box['bottom']:.0f} px, "
                           f"{box['bottom'] - HEIGHT:.0f} px below the first screen "
                           f"(it starts at {box['top']:.0f} px; its parts: {box['parts']})")
        assert box["scroll_width"] <= WIDTH, f"{title} {lang}: the page scrolls sideways"
    assert not misfits, f"{title} ({_round_code(st)}): " + "; ".join(misfits)
