"""Nothing lost while you type: another phone's step patches the page in place."""
import pytest

from tests.browser.flows import create_table, take_seat, version, wait_version

pytestmark = pytest.mark.browser


def _typing_a_correction(bo):
    bo.locator("details:has(form[data-type=correction]) > summary").click()
    fix = bo.locator("form[data-type=correction]")
    fix.locator("input[name=cash]").fill("345")
    reason = fix.locator("input[name=reason]")
    reason.click()
    reason.type("the bank paid tw")
    reason.evaluate("el => window.scrollBy(0, el.getBoundingClientRect().top - innerHeight / 2)")
    return fix, reason


def test_another_phones_step_keeps_what_is_being_typed(live_server, phone):
    """Ann's correction (the turn stays hers) while Bo types his: Bo's field keeps its text,
    the focus and its place on the screen."""
    ann, bo = phone(), phone()
    code, join, _ = create_table(ann, live_server.url)
    take_seat(ann, join, "1")
    take_seat(bo, join, "2")
    v = version(bo)
    fix, reason = _typing_a_correction(bo)
    top = reason.evaluate("el => el.getBoundingClientRect().top")
    ann.locator("details:has(form[data-type=correction]) > summary").click()
    mine = ann.locator("form[data-type=correction]")
    mine.locator("input[name=cash]").fill("400")
    mine.locator("input[name=reason]").fill("miscounted")
    mine.locator("button").click()
    ann.locator("form[data-type=correction] [data-confirm]").get_by_role(
        "button", name="Yes, enter it").click()
    wait_version(bo, v + 1)
    assert bo.locator("details:has(form[data-type=correction])").evaluate("d => d.open")
    assert fix.locator("input[name=cash]").input_value() == "345"
    assert reason.input_value() == "the bank paid tw"
    assert reason.evaluate("el => el === document.activeElement")
    assert abs(reason.evaluate("el => el.getBoundingClientRect().top") - top) <= 2
    # the typing goes on where it was, and the correction posts at the new version
    bo.keyboard.type("ice")
    assert reason.input_value() == "the bank paid twice"
    assert fix.locator("input[name=expected_version]").input_value() == str(v + 1)


def test_the_turn_coming_to_the_typing_phone_keeps_its_typing_in_view(live_server, phone):
    """Ann passes while Bo types a correction: the turn is Bo's, his Undo and corrections move
    up above his step card, and the field moves with them, its text and focus kept, on the
    screen."""
    ann, bo = phone(), phone()
    code, join, _ = create_table(ann, live_server.url)
    take_seat(ann, join, "1")
    take_seat(bo, join, "2")
    v = version(bo)
    fix, reason = _typing_a_correction(bo)
    ann.locator("form[data-type=pass] button").click()
    wait_version(bo, v + 1)
    assert reason.input_value() == "the bank paid tw"
    assert reason.evaluate("el => el === document.activeElement")
    box = reason.evaluate("el => { const r = el.getBoundingClientRect(); return [r.top, r.bottom, innerHeight]; }")
    assert 0 <= box[0] and box[1] <= box[2], box
    card = bo.locator("#actions form[data-type]").first.evaluate("el => el.getBoundingClientRect().top")
    assert card > box[0]                         # the corrections above Bo's step card now
    bo.keyboard.type("ice")
    assert reason.input_value() == "the bank paid twice"
    assert fix.locator("input[name=expected_version]").input_value() == str(v + 1)


def test_a_form_whose_step_is_gone_is_kept_and_marked(live_server, phone):
    ann, bo = phone(), phone()
    code, join, _ = create_table(ann, live_server.url)
    take_seat(ann, join, "1")
    take_seat(bo, join, "2")
    v = version(bo)
    bid = bo.locator("form[data-type=bid]")                     # Ann's bid, shown on Bo's phone
    assert bid.count() == 1
    bid.locator("input[name=amount]").fill("55")
    ann.locator("form[data-type=pass] button").click()          # Ann passes: her bid is gone
    wait_version(bo, v + 1)
    kept = bo.locator("form.stale")
    assert kept.count() == 1
    assert kept.locator("input[name=amount]").input_value() == "55"
    assert kept.locator("[data-stale-note]").is_visible()
    assert kept.locator("button:not([data-dismiss])").is_disabled()
    assert bo.locator("form[data-type=bid]:not(.stale)").count() == 1   # Bo's own bid now
    kept.locator("[data-dismiss]").click()
    assert bo.locator("form.stale").count() == 0


def test_another_phones_step_comes_in_one_message_and_posts_from_the_pushed_forms(
        live_server, phone):
    """The socket carries the live part: no second request for it; the pushed forms carry this
    phone's own token and fresh keys, so they post."""
    ann, bo = phone(), phone()
    code, join, _ = create_table(ann, live_server.url)
    take_seat(ann, join, "1")
    take_seat(bo, join, "2")
    asked = []
    bo.on("request", lambda req: asked.append(req.url))
    v = version(bo)
    keys = set(bo.locator("input[name=key]").evaluate_all("els => els.map(e => e.value)"))
    ann.locator("form[data-type=pass] button").click()
    wait_version(bo, v + 1)
    assert [u for u in asked if "/live" in u] == []
    token = bo.locator("#main").get_attribute("data-csrf")
    assert set(bo.locator("input[name=csrf_token]").evaluate_all(
        "els => els.map(e => e.value)")) == {token}
    new_keys = bo.locator("input[name=key]").evaluate_all("els => els.map(e => e.value)")
    assert "<key>" not in new_keys and len(set(new_keys)) == len(new_keys)
    assert not keys & set(new_keys)
    # Bo acts now, from the pushed part
    bo.wait_for_timeout(700)                       # a control that just appeared waits a moment
    bo.locator("form[data-type=pass] button").click()
    wait_version(bo, v + 2)
    wait_version(ann, v + 2)
