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
    # the book follows, without the summary's sections again (nothing was left out of them)
    assert bo.locator(".book [data-section=status]:visible").count() == 0
    assert bo.locator(".book [data-section=players]:visible").count() == 0
    assert bo.locator(".book [data-section=market]:visible").count() == 1
    # the acting phone opens on its step instead, the summary leading the book
    assert not ann.locator("#summary").is_visible()
    assert ann.locator("#actions").bounding_box()["y"] < 844
    assert ann.locator(".book [data-section=players]:visible").count() == 1
    assert ann.get_by_role("heading", name="Your turn").is_visible()
    assert bo.get_by_role("heading", name="Enter a step").is_visible()
    # the acting phone's auction: one card per lot, named by the lot's name
    lot = ann.locator("div.group[data-about=HS]")
    assert "HS" in lot.locator("h3").inner_text()
    assert "Kaiping Tramway" in ann.locator("div.group[data-about=KT] h3").inner_text()
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
    assert bo.locator("#summary").is_visible() and not ann.locator("#summary").is_visible()
    ann.locator("form[data-type=pass] button").click()
    bo.wait_for_selector("#summary", state="hidden")
    ann.wait_for_selector("#summary", state="visible")
    assert bo.get_by_role("heading", name="Your turn").is_visible()


def test_a_stock_round_reads_as_one_card_per_company_and_a_par_is_chosen(live_server, phone):
    ann = phone(**SMALL)
    code, join, _ = create_table(ann, live_server.url)
    take_seat(ann, join, "1")
    cards = ann.locator("#actions div.group")
    about = [cards.nth(i).get_attribute("data-about") for i in range(cards.count())]
    assert about and len(about) == len(set(about))
    card = ann.locator("#actions div.group").first
    par = card.locator("form[data-type=par]")
    # no price preselected: one button per price, the price on it (a par in one tap)
    assert par.locator("input[type=radio]").count() == 0
    prices = par.locator("button[name=price]")
    assert prices.count() > 1 and "70" in par.locator("button[value='70']").inner_text()
    assert ann.evaluate("document.documentElement.scrollWidth") <= 390
    v = version(ann)
    par.locator("button[value='70']").click()        # the one tap: the price's button
    wait_version(ann, v + 1)


def test_the_home_box_and_the_join_page_at_phone_size(live_server, phone):
    ann, bo = phone(**SMALL), phone(**SMALL)
    code, join, _ = create_table(ann, live_server.url)
    take_seat(ann, join, "1")
    ann.goto(live_server.url + "/")
    ann.locator("#code-box input[name=code]").fill(code.upper())
    ann.locator("#code-box button").click()
    ann.wait_for_url(re.compile(rf"/tables/{code}$"))
    wait_live(ann)
    link = ann.get_by_role("link", name="Standings").first
    assert link.get_attribute("href") == f"/tables/{code}/scores"
    # another phone: seat 1 is held, it asks before taking it again
    bo.goto(join)
    seat = bo.locator("button[data-seat='1']")
    assert "held by" in seat.inner_text()
    seat.click()
    ask = bo.locator("[data-ask-seat='1']")
    ask.wait_for()
    assert "is held by" in ask.inner_text()
    bo.get_by_role("link", name="Cancel").click()
    bo.locator("button[data-seat='2']").click()        # a free seat: at once
    bo.wait_for_url(re.compile(rf"/tables/{code}$"))
