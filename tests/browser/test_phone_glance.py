"""The book at a glance (issue 12): a phone that is not acting opens on a one-screen summary
built from the book's "glance" sections; the acting phone opens on its step; the home page's
table-code box, the join page's held seats, the standings mid-game."""
import re

import pytest

from tests.browser.conftest import shot
from tests.browser.flows import create_table, take_seat, version, wait_live, wait_version

pytestmark = pytest.mark.browser

SMALL = {"viewport": {"width": 390, "height": 844}}
PLAYERS = ("Ann", "Bo", "Cy", "Di")


def _bottom(page, selector) -> float:
    return page.evaluate(f"document.querySelector({selector!r}).getBoundingClientRect().bottom")


def test_a_phone_not_acting_opens_on_a_summary_that_fits_one_screen(live_server, phone):
    ann, bo = phone(**SMALL), phone(**SMALL)
    code, join, _ = create_table(ann, live_server.url, title="1888-N", players=PLAYERS)
    take_seat(ann, join, "1")
    take_seat(bo, join, "2")
    bo.goto(f"{live_server.url}/tables/{code}")
    wait_live(bo)
    shot(bo, "glance-390")
    summary = bo.locator("#summary")
    text = summary.inner_text()
    for word in ("Bank", "Phase", "Next train", "Cash", "Certificates", *PLAYERS):
        assert word in text, word
    assert "Ann" in bo.locator(".status").inner_text()          # who acts, and on what
    assert _bottom(bo, "#summary") <= 844, "the summary fits the first screen"
    assert bo.evaluate("document.documentElement.scrollWidth") <= 390
    # the book follows, without the summary's sections again
    assert bo.locator(".book [data-section=players]").count() == 0
    assert bo.locator(".book [data-section=market]").count() == 1
    # the acting phone opens on its step instead, the summary leading the book
    assert ann.locator("#summary").count() == 0
    assert ann.locator("#actions").bounding_box()["y"] < 844
    assert ann.locator(".book [data-section=players]").count() == 1
    # the acting phone's auction: one card per lot, named by the lot's name
    lot = ann.locator("section.group[data-about=HS]")
    assert "HS" in lot.locator("h3").inner_text()
    assert "Kaiping Tramway" in ann.locator("section.group[data-about=KT] h3").inner_text()
    assert lot.locator("form[data-type=bid]").count() == 1
    v = version(ann)
    lot.locator("form[data-type=bid] button").click()
    wait_version(ann, v + 1)
    wait_version(bo, v + 1)
    # Ann no longer acts: her phone opens on the summary, with her open bid in it
    ann.reload()
    wait_live(ann)
    shot(ann, "glance-390-bid")
    bids = ann.locator("#summary [data-section=bids]").inner_text()
    assert "Open bids" in bids and "by Ann" in bids and "HS" in bids
    assert _bottom(ann, "#summary") <= 844, "the summary with a bid fits the first screen"


def test_the_summary_follows_the_turn_when_it_passes(live_server, phone):
    ann, bo = phone(**SMALL), phone(**SMALL)
    code, join, _ = create_table(ann, live_server.url)
    take_seat(ann, join, "1")
    take_seat(bo, join, "2")
    assert bo.locator("#summary").count() == 1 and ann.locator("#summary").count() == 0
    ann.locator("form[data-type=pass] button").click()
    bo.wait_for_selector("#summary", state="detached")
    ann.wait_for_selector("#summary")
