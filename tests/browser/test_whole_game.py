"""A whole game of a real title entered on one phone, from set-up to the final scores.

The player reads the forms the page shows (built from the engine's legal actions), picks
one and fills it among what it offers (tests.browser.html_forms, seeded), and submits it
the way a tap does (Brython posts it and swaps the answer in). The same seeded player
ends these games in the pages tests, so the browser game is known to end.
"""
import random
import re

import pytest

from engine import titles
from tests.browser.conftest import shot
from tests.browser.flows import create_table, take_seat
from tests.browser.html_forms import choose, fill, parse
from tests.companion.test_pages_games import SEEDS

pytestmark = [pytest.mark.browser, pytest.mark.slow]

FILL_AND_SUBMIT = """([idx, data, yes]) => {
  document.getElementById('live').dataset.stale = '1';
  const f = document.querySelector(`form[data-form="${idx}"]`);
  let tap = null;          // a choice offered as one button per value: that button submits
  for (const [k, v] of Object.entries(data)) {
    if (['csrf_token', 'key', 'i', 'expected_version'].includes(k)) continue;
    for (const el of f.querySelectorAll(`[name="${CSS.escape(k)}"]`)) {
      if (el.tagName === 'BUTTON') { if (el.value === v) tap = el; }
      else if (el.type === 'radio') el.checked = (el.value === v); else el.value = v;
    }
  }
  const ok = yes && f.querySelector('[data-confirm] button[name="confirm"]');
  if (ok) f.requestSubmit(ok); else if (tap) f.requestSubmit(tap); else f.requestSubmit();
  const t0 = Date.now();
  return new Promise((resolve, reject) => {
    const check = () => {
      const live = document.getElementById('live');
      if (live && !live.dataset.stale && !document.body.dataset.busy) resolve(live.outerHTML);
      else if (Date.now() - t0 > 15000) reject(new Error('no answer to the form ' + idx + ' busy=' + document.body.dataset.busy + ' stale=' + (live && live.dataset.stale)));
      else setTimeout(check, 10);
    };
    check();
  });
}"""


# 1888-N here; 18Korea (and 1888-N) are also played whole through the same forms by
# tests/companion/test_pages_games.py, without a browser, which is quicker.
@pytest.mark.parametrize("title", [t for t in ("1888-N",) if t in titles.TITLES])
def test_a_whole_game_from_the_phone_to_the_scores(live_server, phone, title):
    seed = SEEDS[title]
    page = phone()
    code, join, _ = create_table(page, live_server.url, title=title, players=("Ann", "Bo", "Cy"),
                                 seed=seed)
    take_seat(page, join, "1")
    rng = random.Random(seed)
    refused, at, steps = set(), None, 0
    html = page.locator("#live").evaluate("e => e.outerHTML")
    while steps < 1500 and "Game over" not in html:
        v = re.search(r'data-version="(\d+)"', html).group(1)
        if v != at:
            refused, at = set(), v
        form = choose(parse(html), rng, refused)
        assert form is not None
        data = fill(form, rng)
        html = page.evaluate(FILL_AND_SUBMIT, [form["index"], data])
        if "data-confirm" in html:             # a money step asks once: yes, enter it
            html = page.evaluate(FILL_AND_SUBMIT, [form["index"], data, True])
        if re.search(r'data-version="(\d+)"', html).group(1) == v and 'class="err"' in html:
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
