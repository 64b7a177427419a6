"""The lay form on a phone (issue 29): each rotation the board allows for the chosen hex and
tile is a radio drawn as that tile turned so; the other rotations and the other tiles'
drawings are hidden; each drawn choice is a target of at least 44 px."""
import json

import pytest

from engine import records, titles
from tests.browser.conftest import ARTIFACTS, PHONE
from tests.browser.flows import take_seat
from tests.browser.test_taps import cut_and_import
from tests.companion.test_pages import FIXTURE

pytestmark = [pytest.mark.browser, pytest.mark.slow]

VISIBLE = """f => [...f.querySelectorAll('fieldset[data-pic-by] label')]
  .filter(l => l.offsetParent !== null)
  .map(l => { const r = l.getBoundingClientRect();
              return {value: l.querySelector('input').value, w: r.width, h: r.height,
                      pics: [...l.querySelectorAll('[data-pic]')]
                              .filter(s => s.getBoundingClientRect().width > 0)
                              .map(s => s.dataset.pic)}; })"""


@pytest.mark.parametrize("locale", ["en-GB", "ko-KR"])
def test_the_lay_form_draws_only_the_chosen_tiles_allowed_rotations(live_server, browser,
                                                                     tmp_path, locale):
    if "1888-N" not in titles.TITLES or not FIXTURE.exists():
        pytest.skip("1888-N or its recorded game is not here")
    rec = records.replay(records.loads(FIXTURE.read_bytes())).game.record()
    n = next(i for i, a in enumerate(rec["actions"]) if a["type"] == "lay_tile")
    ctx = browser.new_context(locale=locale, **PHONE)
    ctx.set_default_timeout(15000)
    ctx.add_init_script("window.liveGuardMs = 0;")
    page = ctx.new_page()
    join, acting, game = cut_and_import(page, live_server.url, tmp_path, rec, n)
    take_seat(page, join, acting)
    entry = next(e for e in game.legal_actions() if e["type"] == "lay_tile"
                 and not e.get("company"))
    by = entry["params"]["rotation"]["choices_by"]["map"]
    form = page.locator('#live form[data-type="lay_tile"]').filter(
        has=page.locator("fieldset[data-pic-by]")).first
    form.scroll_into_view_if_needed()
    for key in sorted(by):
        hex_id, tile = key.split(",")
        form.locator(f"input[name=hex][value='{json.dumps(hex_id)}']").locator("xpath=..").click()
        form.locator('select[name="tile"]').select_option(json.dumps(tile))
        shown = form.evaluate(VISIBLE)
        assert sorted(int(s["value"]) for s in shown) == sorted(by[key]), key
        for s in shown:
            assert s["pics"] == [tile], (key, s)
            assert s["w"] >= 44 and s["h"] >= 44, (key, s)
        checked = form.locator('input[name="rotation"]:checked').get_attribute("value")
        assert int(checked) in by[key]
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    form.screenshot(path=str(ARTIFACTS / f"lay-rotations-{locale[:2]}.png"))
    ctx.close()


def test_without_javascript_every_offered_tile_shows_its_rotations_named(live_server, browser,
                                                                         tmp_path):
    """A phone without JavaScript: every tile's drawings show in each rotation's choice, each
    named by its tile (nothing picks the chosen tile's), inside the phone's width."""
    if "1888-N" not in titles.TITLES or not FIXTURE.exists():
        pytest.skip("1888-N or its recorded game is not here")
    rec = records.replay(records.loads(FIXTURE.read_bytes())).game.record()
    n = next(i for i, a in enumerate(rec["actions"]) if a["type"] == "lay_tile")
    ctx = browser.new_context(**PHONE)
    ctx.set_default_timeout(15000)
    page = ctx.new_page()
    join, acting, game = cut_and_import(page, live_server.url, tmp_path, rec, n)
    take_seat(page, join, acting)
    url = page.url
    bare = browser.new_context(java_script_enabled=False, **PHONE)
    bare.add_cookies(ctx.cookies())
    nojs = bare.new_page()
    nojs.goto(url)
    entry = next(e for e in game.legal_actions() if e["type"] == "lay_tile"
                 and not e.get("company"))
    want = {}
    for key, rots in entry["params"]["rotation"]["choices_by"]["map"].items():
        for r in rots:
            want.setdefault(str(r), set()).add(key.split(",")[1])
    form = nojs.locator('form[data-type="lay_tile"]').filter(
        has=nojs.locator("fieldset[data-pic-by]")).first
    labels = form.locator("fieldset[data-pic-by] label")
    assert labels.count() == len(want)
    for i in range(labels.count()):
        label = labels.nth(i)
        value = label.locator("input").get_attribute("value")
        pics = label.locator("i[data-pic]")
        shown = {pics.nth(j).get_attribute("data-pic") for j in range(pics.count())
                 if pics.nth(j).locator("svg").is_visible()}
        assert shown == want[value], value
        for j in range(pics.count()):
            tile = pics.nth(j).get_attribute("data-pic")
            assert pics.nth(j).locator("small").inner_text() == f"#{tile}"
            assert pics.nth(j).locator("small").is_visible()
        box = label.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["viewport"]["width"]
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    form.screenshot(path=str(ARTIFACTS / "lay-rotations-nojs.png"))
    bare.close()
    ctx.close()
