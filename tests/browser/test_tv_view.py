"""The spectator link as a TV across the table: at 1920x1080 every text is at least 24 px
and the summary, the players' table and the stock market are on the first screen."""
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
  return {small, market: box('#live [data-kind=market]'),
          players: box('#live [data-kind=players]'), summary: box('#summary'),
          status: box('#live .status'), tv: document.body.classList.contains('tv'),
          wide: document.documentElement.scrollWidth};
}"""


def imported_watch_link(page, base) -> str:
    """The recorded 1888-N game imported: its spectator link (a finished game, tokens on
    the market, every company in the book)."""
    page.goto(base + "/")
    page.set_input_files("input[name=record]", str(FIXTURE))
    page.locator("input[name=record]").evaluate("el => el.form.submit()")
    page.wait_for_url(re.compile(r"/tables/\w+/invite"))
    return page.locator("#watch-link").get_attribute("href")


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
