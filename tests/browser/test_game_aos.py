"""Whole Age of Steam games entered on the seats' phones: New Zealand on two phones in
English, Korea (2025 revised) on four phones in Korean, from the first shares to the scores.

Each seat has its own phone (its own browser context); a step is entered on the phone of the
player it belongs to, only through what the page shows. The players are plain and
deterministic: no shares, the first to bid bids once and the others drop out, the first
action offered, one build each build turn, a delivery over one link each move (New Zealand:
a black good to the next outlying island, so both reach all five and are eligible). The
engine does income, expenses and the end.
"""
from __future__ import annotations

import re

import pytest

from engine.records import replay
from tests.browser.conftest import shot
from tests.browser.flows import create_table, take_seat, wait_version
from tests.browser.test_game_18korea import Phone, money, now_forms, version_of, who

pytestmark = [pytest.mark.browser, pytest.mark.slow]

MAX_STEPS = 400


class SteamPlayer:
    """The next step among the acting forms; the same choices every game."""

    def __init__(self):
        self.built: set[str] = set()      # who has built this build turn
        self.bid_in_round = False
        self.shipped: dict[str, int] = {}  # New Zealand: islands each player has shipped to

    def choose(self, forms):
        by: dict[str, list[dict]] = {}
        for f in forms:
            by.setdefault(f["type"], []).append(f)
        if "issue_shares" in by:
            self.built.clear()
            self.bid_in_round = False
            return by["issue_shares"][0], []
        if "bid" in by and not self.bid_in_round:
            self.bid_in_round = True
            return by["bid"][0], []
        if "drop_out" in by:
            return by["drop_out"][0], []
        for kind in ("select_action", "no_action"):
            if kind in by:
                return by[kind][0], []
        if "build" in by or "build_done" in by:
            actor = who((by.get("build") or by["build_done"])[0])
            if "build" in by and actor not in self.built:
                self.built.add(actor)
                return by["build"][0], []
            return by["build_done"][0], []
        if "deliver" in by:
            f = by["deliver"][0]                      # over one link
            steps = [("pick", "colour", '"black"')] if "colour" in f["fields"] else []
            if "island" in f["fields"]:              # the islands in turn, 1 to 5
                n = self.shipped.get(who(f), 0)
                self.shipped[who(f)] = n + 1
                steps.append(("pick", "island", f["fields"]["island"]["options"][1 + n % 5]))
            return f, steps
        if "pass_move" in by:
            return by["pass_move"][0], []
        raise AssertionError(f"no step among {[f['button'] for f in forms]}")


GAMES = [("AoS-NewZealand", ("Ann", "Bo"), "en-GB", "Game over", "Actions this round"),
         ("AoS-Korea", ("Ann", "Bo", "Cy", "Di"), "ko-KR", "게임 종료", "이번 라운드 분계선 통과")]


@pytest.mark.parametrize("title,players,locale,over,map_fact", GAMES)
def test_a_whole_age_of_steam_game_on_the_phones(live_server, phone, title, players, locale,
                                                 over, map_fact):
    base = live_server.url
    first = phone(locale=locale)
    code, join, _ = create_table(first, base, title=title, players=players, seed=2)
    phones = {}
    for seat, name in enumerate(players, start=1):
        page = first if seat == 1 else phone(locale=locale)
        take_seat(page, join, str(seat))
        phones[name] = Phone(name, page)
    html = phones[players[0]].html()
    assert map_fact in html
    player = SteamPlayer()
    steps, types, shown_expenses = 0, {}, False
    while over not in html:
        assert steps < MAX_STEPS, f"not over after {steps} steps"
        form, fill = player.choose(now_forms(html))
        ph = phones[who(form)]
        v = version_of(html)
        wait_version(ph.page, v)
        html = ph.enter(form, fill)
        err = re.search(r'class="err"[^>]*>([^<]*)<', html)
        assert err is None, f"step {steps} refused: {form['button']} {fill}: {err and err.group(1)}"
        steps += 1
        types[form["type"]] = types.get(form["type"], 0) + 1
        shown_expenses = shown_expenses or 'data-code="income_paid"' in html
        if steps == 12:
            shot(ph.page, f"aos-{title}-early")
    print(f"{title}: {steps} steps; {types}")
    assert {"issue_shares", "bid", "drop_out", "select_action", "build", "deliver"} <= set(types)
    assert shown_expenses
    page = ph.page
    token = page.locator("main").get_attribute("data-token")
    auth = {"Authorization": f"Bearer {token}"}
    record = page.request.get(f"{base}/api/tables/{code}/record", headers=auth).json()
    game = replay(record).game
    assert game.finished
    names = {p["id"]: p["name"] for p in record["players"]}
    page.goto(f"{base}/tables/{code}/scores")
    page.wait_for_selector("#scores")
    rows = page.locator("#scores tbody tr")
    assert rows.count() == len(players)
    shown = {names[rows.nth(i).get_attribute("data-player")]:
             money(rows.nth(i).locator("td").last.inner_text()) for i in range(rows.count())}
    assert shown == {names[pid]: total for pid, total in game.result().items()}
    if title == "AoS-NewZealand":
        assert not game.rules.out and game.rules.winner()      # both on all five islands
    shot(page, f"aos-{title}-scores")
