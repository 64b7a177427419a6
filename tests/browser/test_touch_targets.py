"""Touch targets at a phone's size (390x844), in English and in Korean: the header's title
link, the table page's "Standings" and "Whole history", the history's "Back to the table" and
the new-table page's options each take at least 44x44 px (before: 25, 21, 21 and 29 px tall)."""
import re

import pytest

from tests.browser.conftest import shot
from tests.browser.flows import create_table, take_seat

SMALL_PHONE = {"viewport": {"width": 390, "height": 844}}
MIN = 44

BOX = """sel => [...document.querySelectorAll(sel)].map(el => {
  el.scrollIntoView({block: 'center'});
  const r = el.getBoundingClientRect();
  return {w: r.width, h: r.height, text: el.textContent.trim().slice(0, 40)};
})"""


def boxes(page, selector):
    got = page.evaluate(BOX, selector)
    assert got, f"nothing matches {selector}"
    return got


def too_small(page, selector):
    return [b for b in boxes(page, selector) if b["w"] < MIN or b["h"] < MIN]


@pytest.mark.parametrize("locale", ["en-GB", "ko-KR"])
def test_the_phone_pages_targets_are_44_px_at_least(live_server, phone, locale):
    from engine import titles
    page = phone(locale=locale, **SMALL_PHONE)
    lang = locale[:2]
    base = live_server.url
    # the new-table page: every option a whole line to tap (a title with choices among options)
    title = next(t for t in ("1888-N", "AoS-Base", "18Korea") if t in titles.TITLES)
    page.goto(f"{base}/new?title={title}")
    assert page.evaluate("document.documentElement.lang") == lang
    bad = too_small(page, "form label:has(> input[type=radio]), form label:has(> input[type=checkbox])")
    shot(page, f"targets-new-{lang}")
    assert bad == [], bad
    assert too_small(page, "header.top a.grow") == []

    code, join, _ = create_table(page, base)
    take_seat(page, join, "1")
    page.evaluate("window.scrollTo(0, 0)")
    shot(page, f"targets-table-{lang}")
    failures = {}
    for sel in ("header.top a.grow", "#live a[data-standings]",
                f"#live a[href$='/tables/{code}/history']"):
        bad = too_small(page, sel)
        if bad:
            failures[sel] = bad
    assert failures == {}, failures
    header = page.evaluate("document.querySelector('header.top').getBoundingClientRect().height")
    assert header <= 52, header                # the sticky header keeps to what the target needs

    page.goto(f"{base}/tables/{code}/history")
    shot(page, f"targets-history-{lang}")
    assert too_small(page, f"main a[href$='/tables/{code}']") == []
    assert re.search(r"/history$", page.url)
