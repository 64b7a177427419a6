"""Whole Age of Steam games entered on the seats' phones: New Zealand on two phones and
Korea (2025 revised) on four, each in English and in Korean, from the first shares to the
scores.

Each seat has its own phone (its own browser context); a step is entered on the phone of the
player it belongs to, only through what the page shows. The players are plain and
deterministic: no shares, the first to bid bids once and the others drop out, the first
action offered, one build each build turn naming its link on the register (New Zealand: a
ferry link from Auckland to the next island; Korea: one-tile links between named places, one
across the demarcation line), a delivery over a chain the form offers each move (New Zealand:
a black good to an outlying island the shipper lacks, so both reach all five and are
eligible; Korea: across the line whenever this round lets goods cross). The engine does
income, expenses and the end.

A full game (to the last round) is played once per map; in the other language a short game
keeps the run quick: each player delivers once and then raises the locomotive, so expenses
put every player out in a few turns and the game ends there ("all out"), scores shown.
"""
from __future__ import annotations

import json
import re

import pytest

from engine.records import replay
from engine.titles import get
from engine.words import words_of
from tests.browser.conftest import shot
from tests.browser.flows import create_table, take_seat, wait_version
from tests.browser.test_game_18korea import Phone, money, now_forms, version_of, who

pytestmark = [pytest.mark.browser, pytest.mark.slow]

MAX_STEPS = 400


KOREA_LINKS = [("서울", "수원", "south_plain"), ("개성", "서울", "north_plain"),
               ("개성", "평양", "north_plain"), ("수원", "대전", "south_plain"),
               ("평양", "신의주", "north_plain")]      # link 2: Kaesong (N) - Seoul (S)
CROSSING_LINK = 2


def links_of(route: str) -> list[tuple[int, str]]:
    """A chain's links and ways ("2+": link 2 from its first place)."""
    return [(int(n), w) for n, w in re.findall(r"(\d+)([+-])", route)]


class SteamPlayer:
    """The next step among the acting forms; the same choices every game. Builds go on the
    register of links: New Zealand's ferry links from Auckland to islands 1-5 in turn (link k
    reaches island k), Korea's one-tile links of ``KOREA_LINKS`` in turn (link 2 crosses the
    line); a delivery is a chain chosen from those the form offers."""

    def __init__(self, short=False, nz=False):
        self.short = short                # deliver once each, then raise the locomotive
        self.nz = nz                      # New Zealand (else Korea)
        self.built: set[str] = set()      # who has built this build turn
        self.links = 0                    # links built so far (their ids are 1, 2, ...)
        self.owner: dict[int, str] = {}   # link id -> who built it
        self.bid_in_round = False
        self.shipped: dict[str, set] = {}  # New Zealand: islands each player has shipped to
        self.delivered: dict[str, int] = {}
        self.crossed: list[str] = []       # Korea: the crossings entered

    def build(self, f):
        kinds = [json.loads(o) for o in f["fields"]["kind"]["options"]]
        if "ferry" in kinds or "plain" in kinds:           # New Zealand
            if self.links >= 5 or "ferry" not in kinds:
                return None
            return [("pick", "kind", '"ferry"'), ("type", "link", "Auckland"),
                    ("type", "reaches", f"⛴ {self.links + 1}")]
        if self.links >= len(KOREA_LINKS):
            return None
        start, reaches, kind = KOREA_LINKS[self.links]
        if kind not in kinds:
            return None
        return [("pick", "kind", json.dumps(kind)), ("type", "link", start),
                ("type", "reaches", reaches)]

    def move(self, f):
        actor = who(f)
        routes = [json.loads(o) for o in f["fields"]["route"]["options"]]
        if self.nz:                                         # link k reaches island k
            mine = self.shipped.setdefault(actor, set())
            ones = [links_of(r)[0][0] for r in routes if len(links_of(r)) == 1]
            ones.sort(key=lambda k: self.owner.get(k) != actor)     # its own ferry first
            for k in ones:
                if k not in mine:
                    mine.add(k)
                    return [("pick", "colour", '"black"'), ("pick", "route", f'"{k}+"')]
            own = [k for k in ones if self.owner.get(k) == actor]
            return [("pick", "colour", '"black"')] + (
                [("pick", "route", f'"{own[0]}+"')] if own else [])
        for r in routes:                                    # Korea: across the line if open
            across = [w for n, w in links_of(r) if n == CROSSING_LINK]
            if across:
                self.crossed.append("north_to_south" if across[0] == "+" else "south_to_north")
                return [("pick", "colour", '"red"'), ("pick", "route", json.dumps(r))]
        return [("pick", "colour", '"red"')]

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
            plan = self.build(by["build"][0]) if "build" in by and actor not in self.built \
                else None
            if plan:
                self.built.add(actor)
                self.links += 1
                self.owner[self.links] = actor
                return by["build"][0], plan
            return by["build_done"][0], []
        if "move_good" in by and not (self.short and
                                      self.delivered.get(who(by["move_good"][0]))):
            f = by["move_good"][0]
            self.delivered[who(f)] = self.delivered.get(who(f), 0) + 1
            return f, self.move(f)
        if self.short and "raise_locomotive" in by:
            return by["raise_locomotive"][0], []
        if "pass_move" in by:
            return by["pass_move"][0], []
        raise AssertionError(f"no step among {[f['button'] for f in forms]}")


OVER = {"en-GB": "Game over", "ko-KR": "게임 종료"}
MAP_FACT = {"AoS-NewZealand": "nz.fact.actions", "AoS-Korea": "korea.fact.crossing"}
GAMES = [("AoS-NewZealand", ("Ann", "Bo"), "en-GB", False),
         ("AoS-NewZealand", ("Ann", "Bo"), "ko-KR", True),
         ("AoS-Korea", ("Ann", "Bo", "Cy", "Di"), "ko-KR", False),
         ("AoS-Korea", ("Ann", "Bo", "Cy", "Di"), "en-GB", True)]


def said(title, code, locale, **params):
    """A code's words in the page's language (the title's own words, as the phones say it)."""
    words = words_of(get(title))[0][code][locale[:2]]
    return (words[-1] if isinstance(words, tuple) else words) % params


@pytest.mark.parametrize("title,players,locale,short", GAMES,
                         ids=[f"{g[0]}-{g[2]}-{'short' if g[3] else 'full'}" for g in GAMES])
def test_a_whole_age_of_steam_game_on_the_phones(live_server, phone, title, players, locale,
                                                 short):
    base = live_server.url
    over = OVER[locale]
    first = phone(locale=locale)
    code, join, _ = create_table(first, base, title=title, players=players, seed=2)
    phones = {}
    for seat, name in enumerate(players, start=1):
        page = first if seat == 1 else phone(locale=locale)
        take_seat(page, join, str(seat))
        phones[name] = Phone(name, page)
    html = phones[players[0]].html()
    assert said(title, MAP_FACT[title], locale) in html
    if title == "AoS-Korea":                           # round 1: South to North only
        assert said(title, "korea.direction.south_to_north", locale) in html
    # money in dollars on the page, whatever its language: each player's $10 to start
    # (the book's players table: the summary at the top of a phone shows it again)
    book = html[html.index('class="book"'):]
    cash = re.findall(r'<td data-label="%s" class="num">([^<]*)</td>'
                      % re.escape(said(title, "col.cash", locale)), book)
    assert cash == ["$10"] * len(players), cash
    player = SteamPlayer(short=short, nz=title == "AoS-NewZealand")
    steps, types, shown = 0, {}, set()
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
        shown |= set(re.findall(r'class="event" data-code="([a-z_]+)"', html))
        if steps == 12:
            shot(ph.page, f"aos-{title}-{locale}-early")
    print(f"{title} {locale}: {steps} steps; {types}")
    assert {"issue_shares", "bid", "drop_out", "select_action", "build", "move_good"} <= \
        set(types)
    assert {"income_paid", "delivered_route", "built", "link_complete", "auction_place"} <= shown
    page = ph.page
    token = page.locator("main").get_attribute("data-token")
    auth = {"Authorization": f"Bearer {token}"}
    record = page.request.get(f"{base}/api/tables/{code}/record", headers=auth).json()
    game = replay(record).game
    assert game.finished
    assert game.game_end_reason == ("all_out" if short else "turns")
    if short:
        assert "eliminated" in shown and "raise_locomotive" in types
    names = {p["id"]: p["name"] for p in record["players"]}
    if title == "AoS-Korea":
        # deliveries crossed the line, each the way its round allowed, and the history
        # page says so in the page's language
        crossed = []
        for a in game.effective:
            across = [w for n, w in links_of(a.get("route", "")) if n == CROSSING_LINK]
            if a["type"] == "move_good" and across:
                crossed.append("north_to_south" if across[0] == "+" else "south_to_north")
        assert crossed and crossed == player.crossed
        page.goto(f"{base}/tables/{code}/history")
        text = page.locator("ol.hist").inner_text()
        assert "서울 → 개성" in text                        # South to North, round 1
        if not short:
            assert "개성 → 서울" in text                    # North to South, round 2
    page.goto(f"{base}/tables/{code}/scores")
    page.wait_for_selector("#scores")
    rows = page.locator("#scores tbody tr")
    assert rows.count() == len(players)
    shown_scores = {names[rows.nth(i).get_attribute("data-player")]:
                    money(rows.nth(i).locator("td").last.inner_text())
                    for i in range(rows.count())}
    assert shown_scores == {names[pid]: total for pid, total in game.result().items()}
    if title == "AoS-NewZealand" and not short:
        assert not game.rules.out and game.rules.winner()      # both on all five islands
    shot(page, f"aos-{title}-{locale}-scores")
