"""The run form on a phone (issue 29): the best routes it starts from drawn on the board
around them, each train's route in its own colour with its revenue in the key, inside a
390 px wide screen with none of tests/browser/test_fits_a_phone.py's findings (words broken,
values clipped, sideways scroll, small targets), in English and Korean; a run that matches the
best is still one tap."""
import pytest

from engine import records, titles
from tests.browser.conftest import ARTIFACTS, PHONE
from tests.browser.flows import take_seat
from tests.browser.test_fits_a_phone import FIND
from tests.browser.test_taps import cut_and_import
from tests.companion.test_pages import FIXTURE

pytestmark = [pytest.mark.browser, pytest.mark.slow]

SMALL = dict(PHONE, viewport={"width": 390, "height": 844})


# the first run (LYR's 2-train), and JZR's two trains where Heng Shan is laid (the form then
# shows the best run with the other choice of the mine too)
RUNS = {"first": lambda a: True,
        "mine": lambda a: a.get("mine") == [True, True] and a["entity"] == "JZR"}


@pytest.mark.parametrize("which", list(RUNS))
@pytest.mark.parametrize("locale, words", [("en-GB", "The best routes found"),
                                           ("ko-KR", "찾아낸 최고 경로")])
def test_the_run_form_draws_the_best_routes_on_a_phone(live_server, browser, tmp_path, locale,
                                                        words, which):
    if "1888-N" not in titles.TITLES or not FIXTURE.exists():
        pytest.skip("1888-N or its recorded game is not here")
    rec = records.replay(records.loads(FIXTURE.read_bytes())).game.record()
    n = next(i for i, a in enumerate(rec["actions"])
             if a["type"] == "run_trains" and RUNS[which](a))
    ctx = browser.new_context(locale=locale, **SMALL)
    ctx.set_default_timeout(15000)
    ctx.add_init_script("window.liveGuardMs = 0;")
    page = ctx.new_page()
    join, acting, game = cut_and_import(page, live_server.url, tmp_path, rec, n)
    take_seat(page, join, acting)
    entry = next(e for e in game.legal_actions() if e["type"] == "run_trains")
    form = page.locator('#live form[data-type="run_trains"]').first
    fig = form.locator("figure.runpic")
    fig.scroll_into_view_if_needed()
    assert words in fig.inner_text()
    box = fig.locator("svg.runpic").bounding_box()
    assert box["width"] > 200 and box["x"] >= 0 and box["x"] + box["width"] <= 390
    drawn = fig.locator("svg.runpic path[stroke-dasharray]")
    assert drawn.count() == len(entry["picture"]["routes"])
    assert fig.locator("li").count() == len(entry["picture"]["routes"])
    findings = page.evaluate(FIND)
    assert not findings, findings
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    if which == "mine":                 # the other choice of Heng Shan, in the page's words
        assert ("Heng Shan" if locale == "en-GB" else "헝산") in form.inner_text()
    form.screenshot(path=str(ARTIFACTS / f"run-routes-{which}-{locale[:2]}.png"))
    # one tap: the form as it starts is the best run; the dividend comes next
    form.locator("button").last.click()
    page.locator('#live form[data-type="dividend"]').first.wait_for()
    ctx.close()
