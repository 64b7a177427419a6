"""A whole game of each real title entered on one phone, from set-up to the final scores.

The player reads the forms the page shows (built from the engine's legal actions), picks
one and fills it among what it offers (tests.browser.html_forms, seeded), and submits it
the way a tap does (Brython posts it and swaps the answer in). The same seeded player
ends these games in the pages tests, so the browser game is known to end.
"""
import random

import pytest

from engine import titles
from tests.browser.conftest import shot
from tests.browser.flows import create_table, take_seat, version
from tests.browser.html_forms import choose, fill, parse
from tests.companion.test_pages_games import SEEDS

pytestmark = [pytest.mark.browser, pytest.mark.slow]

FILL_AND_SUBMIT = """([idx, data]) => {
  document.getElementById('live').dataset.stale = '1';
  const f = document.querySelector(`form[data-form="${idx}"]`);
  for (const [k, v] of Object.entries(data)) {
    if (['csrf_token', 'key', 'i', 'expected_version'].includes(k)) continue;
    for (const el of f.querySelectorAll(`[name="${CSS.escape(k)}"]`)) {
      if (el.type === 'radio') el.checked = (el.value === v); else el.value = v;
    }
  }
  f.requestSubmit();
}"""


@pytest.mark.parametrize("title", [t for t in ("18Korea", "1888-N") if t in titles.TITLES])
def test_a_whole_game_from_the_phone_to_the_scores(live_server, phone, title):
    seed = SEEDS[title]
    page = phone()
    code, join, _ = create_table(page, live_server.url, title=title, players=("Ann", "Bo", "Cy"),
                                 seed=seed)
    take_seat(page, join, "1")
    rng = random.Random(seed)
    refused, at, steps = set(), None, 0
    while steps < 1500:
        html = page.locator("#live").evaluate("e => e.outerHTML")
        if "Game over" in html:
            break
        v = version(page)
        if v != at:
            refused, at = set(), v
        form = choose(parse(html), rng, refused)
        assert form is not None
        page.evaluate(FILL_AND_SUBMIT, [form["index"], fill(form, rng)])
        page.wait_for_selector("#live:not([data-stale])")
        if version(page) == v and page.locator("#live .err").count():
            refused.add(form["index"])
        steps += 1
        if steps == 40:
            shot(page, f"game-{title}-midway")
    assert "Game over" in page.locator("#live").inner_text(), f"not over after {steps} steps"
    page.get_by_role("link", name="Final scores").first.click()
    page.wait_for_selector("#scores")
    assert page.locator("#chart svg").count() == 1
    assert page.locator("#scores tbody tr").count() == 3
    shot(page, f"scores-{title}")
