"""The mid-game table tests/browser/test_fits_a_phone.py plays through the JSON API: for every
title, random legal steps (the 18xx titles into an operating round), and the check that the
summary fits the first screen mid-game (issue 12): a phone that is not acting opens the table
at 390x844, in English and in Korean; the summary (the region named "At a glance" / "한눈에
보기") must be visible and end within the first 844 px, and the page must not scroll sideways.

The summary is found by its role and name only: the templates' classes may change."""
from __future__ import annotations

from tests import contract_play as cp

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
