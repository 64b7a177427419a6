"""No step by accident: a control that just appeared ignores the first tap and says so; steps
that move money, and a step of another seat's, ask once (with or without JavaScript); a step
entered for another seat is announced."""
import re

import pytest

from tests.browser.flows import (ann_passed, create_table, seat_two, take_seat, version,
                                 wait_version)

pytestmark = pytest.mark.browser


def test_a_tap_on_a_control_that_just_appeared_does_not_act(live_server, phone):
    # Ann passes: a control there a moment ago now is Bo's (the guard is made long so that
    # the test does not depend on how fast it taps)
    ann, bo, v, posts = ann_passed(phone, live_server.url)
    assert len(posts) == 1
    bos_pass = ann.locator("form[data-type=pass] button")
    bos_pass.click()                                            # the "did it register?" tap
    assert len(posts) == 1                                      # held: nothing was sent
    assert version(ann) == v + 1
    assert ann.locator("[data-held-note]").is_visible()          # and said so
    bos_pass.click()                                            # a deliberate second tap acts:
    wait_posts = ann.locator("form[data-type=pass] [data-confirm]")
    wait_posts.wait_for()                                       # Bo's step: asked "for Bo?"
    assert len(posts) == 2 and version(ann) == v + 1


def test_a_correction_asks_once_before_it_counts(live_server, phone):
    ann = phone()
    code, join, _ = create_table(ann, live_server.url)
    take_seat(ann, join, "1")
    v = version(ann)
    ann.locator("details:has(form[data-type=correction]) > summary").click()
    fix = ann.locator("form[data-type=correction]")
    fix.locator("input[name=cash]").fill("345")
    fix.locator("input[name=reason]").fill("miscounted")
    fix.locator("button").click()
    ask = ann.locator("form[data-type=correction] [data-confirm]")
    ask.wait_for()
    assert "345" in ask.inner_text()
    assert version(ann) == v                                    # nothing counted yet
    assert fix.locator("input[name=reason]").input_value() == "miscounted"
    ask.get_by_role("button", name="Yes, enter it").click()
    wait_version(ann, v + 1)
    assert ann.locator("[data-confirm]").count() == 0


def test_the_ask_works_without_javascript(live_server, phone):
    ann, plain = phone(), phone(java_script_enabled=False)
    code, join, _ = create_table(ann, live_server.url)
    plain.goto(join)
    plain.locator("button[data-seat='1']").click()
    plain.wait_for_url(re.compile(r"/tables/\w+$"))
    v = version(plain)
    plain.locator("details:has(form[data-type=correction]) > summary").click()
    fix = plain.locator("form[data-type=correction]")
    fix.locator("input[name=cash]").fill("345")
    fix.locator("input[name=reason]").fill("miscounted")
    fix.locator("button").click()
    plain.locator("[data-confirm]").wait_for()
    assert version(plain) == v
    plain.get_by_role("button", name="Yes, enter it").click()
    plain.wait_for_selector(f"#live[data-version='{v + 1}']")


def test_a_step_entered_for_another_seat_is_announced_on_its_phone(live_server, phone):
    ann, bo = phone(), phone()
    code, join = seat_two(ann, bo, live_server.url)
    v = version(ann)
    bo.locator("form[data-type=pass] button").click()           # Bo enters Ann's pass:
    bo.locator("[data-confirm] button[name=confirm]").click()   # asked once ("for Ann?")
    wait_version(ann, v + 1)
    said = ann.locator("[data-for-me]")
    assert said.count() == 1 and said.is_visible()
    assert "Bo" in said.inner_text() and "Pass" in said.inner_text()
    assert bo.locator("[data-for-me]:visible").count() == 0     # Bo's phone knows: it did it
