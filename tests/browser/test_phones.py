"""Two phones at one table: live updates, engine errors, undo with consent, spectating."""
import pytest

from tests.browser.conftest import shot
from tests.browser.flows import create_table, take_seat, version, wait_live, wait_version

pytestmark = pytest.mark.browser


def test_two_phones_see_each_others_steps_live(live_server, phone):
    ann, bo = phone(), phone()
    code, join, watch = create_table(ann, live_server.url)
    shot(ann, "invite")
    take_seat(ann, join, "1")
    take_seat(bo, join, "2")
    v = version(bo)
    shot(ann, "table-start")
    form = ann.locator("form[data-type=par]").first
    form.locator("button[value='70']").click()         # a par: one tap, the price's button
    wait_version(ann, v + 1)
    wait_version(bo, v + 1)          # no reload on Bo's phone
    assert "AR" in bo.locator(".market").inner_text()
    assert bo.locator(".event").first.inner_text().startswith("AR floats")
    shot(bo, "table-after-par")


def test_a_refused_step_shows_the_engines_message_next_to_the_form(live_server, phone):
    ann = phone()
    code, join, _ = create_table(ann, live_server.url)
    take_seat(ann, join, "1")
    v = version(ann)
    form = ann.locator("form[data-type=bid]")
    form.locator("input[name=amount]").fill("350")      # the form allows up to Ann's cash
    form.locator("button").click()
    err = ann.locator("form[data-type=bid] .err")
    err.wait_for()
    assert "at most 300" in err.inner_text()
    assert version(ann) == v                            # nothing was recorded
    shot(ann, "engine-error")


def test_undo_of_another_players_step_needs_their_consent(live_server, phone):
    ann, bo = phone(), phone()
    code, join, watch = create_table(ann, live_server.url)
    take_seat(ann, join, "1")
    take_seat(bo, join, "2")
    v = version(ann)
    form = ann.locator("form[data-type=par]").first
    form.locator("button[value='60']").click()          # Ann starts AR at 60: the price's button
    wait_version(bo, v + 1)
    bo.locator("#undo").click()                         # Bo asks to undo Ann's step
    bo.locator("[data-waiting]").wait_for()
    consent = ann.locator("[data-consent]")
    consent.wait_for()                                  # Ann's phone asks her, live
    # the same live part on both phones: each shows only what is its own
    assert bo.locator("[data-consent]:visible").count() == 0
    assert ann.locator("[data-waiting]:visible").count() == 0
    shot(ann, "undo-consent")
    assert version(ann) == v + 1
    consent.get_by_role("button", name="Allow the undo").click()
    wait_version(ann, v + 2)
    wait_version(bo, v + 2)
    assert "AR" not in bo.locator(".market").inner_text()
    assert bo.locator("[data-waiting]").count() == 0


def test_own_undo_needs_no_consent_and_a_spectator_watches_live(live_server, phone):
    ann, tv = phone(), phone(viewport={"width": 1280, "height": 720}, is_mobile=False)
    code, join, watch = create_table(ann, live_server.url)
    take_seat(ann, join, "1")
    tv.goto(watch)
    wait_live(tv)
    # a spectator only watches: the part is the seats', their forms hidden by its style
    assert tv.locator("form[data-type]").count() > 0
    assert tv.locator("form[data-type]:visible, #undo:visible").count() == 0
    v = version(ann)
    ann.locator("form[data-type=pass] button").click()
    wait_version(tv, v + 1)
    ann.locator("#undo").click()
    wait_version(ann, v + 2)
    wait_version(tv, v + 2)
    shot(tv, "spectator-tv")


def test_before_brython_runs_the_boot_script_shows_steps_live(live_server, phone):
    """static/live_boot.js: a phone whose brython.js has not arrived (here: never arrives)
    still shows another phone's step without a reload; Brython never marks it ready."""
    # no service worker for Bo: it would fetch brython.js into its cache (past the route)
    ann, bo = phone(), phone(service_workers="block")
    bo.route("**/brython.js*", lambda route: route.abort())
    code, join, _ = create_table(ann, live_server.url)
    take_seat(ann, join, "1")
    bo.goto(join)
    bo.locator("button[data-seat='2']").click()
    bo.wait_for_selector("body[data-live=boot]")
    v = version(bo)
    form = ann.locator("form[data-type=par]").first
    form.locator("button[value='70']").click()         # a par: one tap, the price's button
    wait_version(bo, v + 1)          # swapped in by the boot script alone
    assert "AR" in bo.locator(".market").inner_text()
    assert bo.evaluate("document.body.getAttribute('data-live')") == "boot"
    assert bo.evaluate("window.liveBoot.done") is False
