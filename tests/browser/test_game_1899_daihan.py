"""1899 DAIHAN on a phone: in English from the set-up to the final scores, in Korean a stretch.

One seated phone enters every step through the forms the page shows (built from the
engine's legal entries; filled by ``tests.browser.html_forms``, seeded), as in
``test_whole_game``. Along the way the English player makes sure the table goes through the
private auction, a stock round, an operating round with an executive car bought and a goods
delivery entered in a run, to the final scores; the pages show won (₩). The Korean phone
plays the same kind of table through the private auction and a stock round into the first
operating round, where a company runs its trains (what the engine does is the same in
either language: the Korean pages are what this proves), and opens the standings: the round
names, the events and the pages are in Korean, the money in won.
"""
import random
import re

import pytest

from tests.browser.conftest import shot
from tests.browser.flows import create_table, take_seat
from tests.browser.html_forms import choose, fill, parse
from tests.browser.test_whole_game import FILL_AND_SUBMIT

pytestmark = [pytest.mark.browser, pytest.mark.slow]

TITLE = "1899-DAIHAN"
SEED = 1
HANGUL = re.compile("[\uac00-\ud7a3]")


def pick(forms, rng, refused, seen):
    """The next form: an executive car and a run with goods once each, else at random."""
    by = {f["type"]: f for f in forms}
    if "buy_executive_car" in by and "car" not in seen:
        seen.add("car")
        return by["buy_executive_car"], {}
    if "run_trains" in by and "goods" not in seen and "goods" in by["run_trains"]["numbers"]:
        seen.add("goods")
        return by["run_trains"], {"goods": "1"}
    return choose(forms, rng, refused), {}


# (the locale, its names of the three kinds of round, whole game or a stretch)
PLAYS = [("en-GB", ("Private auction", "Stock round", "Operating round"), True),
         ("ko-KR", ("사기업 경매", "주식 라운드", "운영 라운드"), False)]
STRETCH = {"private_bought", "parred", "trains_run"}    # the Korean stretch's events


@pytest.mark.parametrize("locale,words,whole", PLAYS, ids=["en-GB-whole", "ko-KR-stretch"])
def test_a_1899_daihan_game_on_a_phone_to_the_scores(live_server, phone, locale, words, whole):
    page = phone(locale=locale)
    code, join, _ = create_table(page, live_server.url, title=TITLE,
                                 players=("Ann", "Bo", "Cy"), seed=SEED)
    take_seat(page, join, "1")
    rng = random.Random(SEED)
    refused, at, steps, seen, texts = set(), None, 0, set(), set()
    html = page.locator("#live").evaluate("e => e.outerHTML")
    codes, rounds = set(), set()

    def more():
        if 'data-code="game_over"' in html:
            return False
        return whole or not (STRETCH <= codes and rounds == set(words))

    while steps < 2500 and more():
        v = re.search(r'data-version="(\d+)"', html).group(1)
        if v != at:
            refused, at = set(), v
        texts.add(page.locator("#live").inner_text()[:400]) if steps % 25 == 0 else None
        form, extra = pick(parse(html), rng, refused, seen)
        assert form is not None
        data = {**fill(form, rng), **extra}
        html = page.evaluate(FILL_AND_SUBMIT, [form["index"], data])
        if "data-confirm" in html:             # a money step asks once: yes, enter it
            html = page.evaluate(FILL_AND_SUBMIT, [form["index"], data, True])
        if re.search(r'data-version="(\d+)"', html).group(1) == v and 'class="err"' in html:
            refused.add(form["index"])
        codes |= set(re.findall(r'data-code="([a-z_]+)"', html))
        rounds |= {w for w in words if w in html}
        steps += 1
        if steps == 30:
            shot(page, f"daihan-{locale}-midway")
    texts.add(page.locator("#live").inner_text())
    shown = " ".join(texts)
    assert "₩" in shown
    assert any(w in shown for w in words)
    if not whole:               # Korean: a stretch into the first operating round, then the standings
        assert STRETCH <= codes and rounds == set(words), f"after {steps} steps: {codes} {rounds}"
        assert HANGUL.search(page.locator("#live").inner_text())
        page.locator("#standings-link").click()
        page.wait_for_selector("#scores")
        assert page.locator("h1").inner_text() == "지금까지 점수"
        assert page.locator("#scores tbody tr").count() == 3
        assert "₩" in page.locator("#scores").inner_text()
        shot(page, f"daihan-{locale}-standings")
        return
    assert 'data-code="game_over"' in html, f"not over after {steps} steps"
    assert {"car", "goods"} <= seen
    assert {"car_bought", "goods_delivered", "private_bought", "parred"} <= codes
    page.get_by_role("link", name="Final scores").first.click()
    page.wait_for_selector("#scores")
    assert page.locator("#scores tbody tr").count() == 3
    assert "₩" in page.locator("#scores").inner_text()
    shot(page, f"daihan-{locale}-scores")
