"""The spectator link as a TV across the table: at 1920x1080 every text is at least 24 px
and the summary, the players' table and the stock market are on the first screen."""
import json
import re

import pytest

from tests.browser.conftest import shot
from tests.browser.flows import create_table
from tests.companion.test_pages import FIXTURE

TV = {"viewport": {"width": 1920, "height": 1080}, "is_mobile": False, "has_touch": False}
PLAYERS = ("Ann", "Bo", "Cy", "Di")

MEASURE = """() => {
  const main = document.querySelector('#live');
  const small = [];
  const walk = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
  while (walk.nextNode()) {
    const node = walk.currentNode, el = node.parentElement;
    if (!node.textContent.trim() || !el.getClientRects().length) continue;
    if (el.closest('details:not([open])')) continue;
    const px = parseFloat(getComputedStyle(el).fontSize);
    if (px < 24) small.push([el.tagName + '.' + el.className, node.textContent.trim().slice(0, 30), px]);
  }
  const box = sel => { const el = document.querySelector(sel);
    if (!el) return null; const r = el.getBoundingClientRect();
    return {top: r.top, bottom: r.bottom, left: r.left, right: r.right}; };
  const shown = el => el.getClientRects().length > 0;
  const players = [...document.querySelectorAll('#live [data-kind=players]')].filter(shown);
  const clipped = players.map(el => el.querySelector('.scroll')).filter(
    el => el && el.scrollWidth > el.clientWidth + 1).length;
  const first = players[0] ? players[0].getBoundingClientRect() : null;
  return {small, market: box('#live [data-kind=market]'), shownPlayers: players.length, clipped,
          players: first && {top: first.top, bottom: first.bottom, left: first.left, right: first.right},
          summary: box('#summary'),
          status: box('#live .status'), tv: document.body.classList.contains('tv'),
          wide: document.documentElement.scrollWidth};
}"""


def imported_watch_link(page, base, record=FIXTURE) -> str:
    """The recorded 1888-N game imported: its spectator link (a finished game, tokens on
    the market, every company in the book)."""
    page.goto(base + "/")
    page.set_input_files("input[name=record]", str(record))
    page.locator("input[name=record]").evaluate("el => el.form.submit()")
    page.wait_for_url(re.compile(r"/tables/\w+/invite"))
    return page.locator("#watch-link").get_attribute("href")


def midgame_record(tmp_path, steps=345):
    """The recorded game cut after a dividend in operating round 6.1 (prices to move)."""
    record = json.loads(FIXTURE.read_text())
    record["actions"] = record["actions"][:steps]
    path = tmp_path / "midgame.json"
    path.write_text(json.dumps(record))
    return path


@pytest.mark.parametrize("game", ["new", "recorded"])
def test_the_tv_view_reads_across_a_table(live_server, phone, game):
    from engine import titles
    if "1888-N" not in titles.TITLES or not FIXTURE.exists():
        pytest.skip("1888-N or its recorded game is not here")
    setup = phone()
    if game == "new":
        watch = create_table(setup, live_server.url, title="1888-N", players=PLAYERS)[2]
    else:
        watch = imported_watch_link(setup, live_server.url)
    tv = phone(**TV)
    tv.goto(watch)
    tv.wait_for_selector("#live")
    got = tv.evaluate(MEASURE)
    shot(tv, f"tv-1888-N-{game}")
    assert got["tv"], "the spectator's page carries the TV class"
    assert got["small"] == [], got["small"][:10]
    for part in ("status", "players", "market") + (("summary",) if game == "new" else ()):
        assert got[part] is not None, part
        assert 0 <= got[part]["top"] < 1080, (part, got[part])
    assert got["shownPlayers"] == 1 and got["clipped"] == 0, got   # one players' table, whole
    assert got["players"]["bottom"] <= 1080, got["players"]        # the whole players' table
    assert got["market"]["bottom"] <= 1080, got["market"]          # and the whole market
    assert got["wide"] <= 1920                                      # no sideways scroll


def test_a_phone_holding_the_spectator_link_keeps_its_phone_layout(live_server, phone):
    setup = phone()
    code, join, watch = create_table(setup, live_server.url)
    page = phone()
    page.goto(watch)
    page.wait_for_selector("#live")
    assert page.evaluate("document.body.classList.contains('tv')")
    px = page.evaluate("parseFloat(getComputedStyle(document.body).fontSize)")
    assert px == 18           # the TV layout is for a wide screen, not for a phone watching


BANNER = """() => {
  const box = el => { if (!el || !el.getClientRects().length) return null;
    const r = el.getBoundingClientRect();
    return {top: r.top, bottom: r.bottom, left: r.left, right: r.right, width: r.width}; };
  const q = sel => document.querySelector(sel);
  return {status: box(q('#live .status')), banner: box(q('#live .news .last')),
          board: [...document.querySelectorAll('#live .news .event .board')].map(e => e.textContent),
          market: box(q('#live .book [data-kind=market]')), summary: box(q('#summary')),
          ranking: box(q('#ranking')), winner: (q('#ranking li') || {}).textContent || '',
          places: [...document.querySelectorAll('#ranking li')].map(li => li.value)};
}"""


def test_the_tv_shows_one_players_table_and_the_last_consequences_on_top(live_server, phone,
                                                                         tmp_path):
    """Mid-game (after a dividend that moves a price): the players' table once and whole, and
    the last step's consequences with what to move on the board as a banner across the top,
    above the summary and the market."""
    from engine import titles
    if "1888-N" not in titles.TITLES or not FIXTURE.exists():
        pytest.skip("1888-N or its recorded game is not here")
    watch = imported_watch_link(phone(), live_server.url, midgame_record(tmp_path))
    tv = phone(**TV)
    tv.goto(watch)
    tv.wait_for_selector("#live")
    got = tv.evaluate(MEASURE)
    top = tv.evaluate(BANNER)
    shot(tv, "tv-1888-N-midgame")
    assert got["small"] == [], got["small"][:10]
    assert got["shownPlayers"] == 1 and got["clipped"] == 0, got     # not twice, Score whole
    assert got["players"]["bottom"] <= 1080 and got["market"]["bottom"] <= 1080, got
    assert top["banner"] is not None and top["board"], top           # what to move on the board
    assert top["banner"]["top"] - top["status"]["bottom"] < 40, top  # right under the status
    assert top["banner"]["width"] > 1500, top                        # across the screen
    assert top["banner"]["bottom"] <= top["market"]["top"], top
    assert top["banner"]["bottom"] <= top["summary"]["top"], top


def test_a_finished_game_on_the_tv_shows_the_ranking_first(live_server, phone):
    from engine import titles
    if "1888-N" not in titles.TITLES or not FIXTURE.exists():
        pytest.skip("1888-N or its recorded game is not here")
    watch = imported_watch_link(phone(), live_server.url)
    tv = phone(**TV)
    tv.goto(watch)
    tv.wait_for_selector("#live")
    top = tv.evaluate(BANNER)
    shot(tv, "tv-1888-N-ranking")
    assert top["ranking"] is not None, top
    assert top["ranking"]["top"] - top["status"]["bottom"] < 40, top     # first, under the status
    assert top["ranking"]["bottom"] <= 1080 and top["ranking"]["width"] > 1500, top
    assert "Player 3" in top["winner"] and "5,596" in top["winner"], top  # the recorded winner
    assert top["places"] == sorted(top["places"]) and top["places"][0] == 1
    if top["banner"]:
        assert top["ranking"]["bottom"] <= top["banner"]["top"], top     # then the last step
