"""Issue 26: no tap lost, a step for another seat asked once, an undo that says what to take back."""
import pytest

from tests.browser.conftest import shot
from tests.browser.flows import (ann_passed, create_table, seat_two, take_seat, version,
                                 wait_version)

pytestmark = pytest.mark.browser


def test_a_quick_second_tap_is_answered_not_dropped(live_server, phone):
    # the guard is long so that the second tap always lands on a control that just changed
    ann, bo, v, posts = ann_passed(phone, live_server.url)
    button = ann.locator("form[data-type=pass] button")
    assert "Bo" in button.inner_text()                         # the button now names Bo
    button.click()                                              # the quick second tap
    note = ann.locator("[data-held-note]")
    note.wait_for()
    assert note.is_visible()
    text = note.inner_text()
    assert "Already entered" in text and "Ann" in text and "Bo" in text
    assert len(posts) == 1 and version(ann) == v + 1             # nothing entered for Bo
    shot(ann, "taps-second-tap-answered")
    button.click()                     # tapped again: it acts (Bo's step: asked once)
    ask = ann.locator("form[data-type=pass] [data-confirm]")
    ask.wait_for()
    assert ann.locator("[data-held-note]").count() == 0
    assert "Enter this for Bo?" in ask.inner_text()
    ask.locator("button[name=confirm]").click()     # new under the finger: held, with a word
    held = ann.locator("[data-confirm] [data-held-note], [data-held-note]").first
    held.wait_for()
    assert "Already entered" not in held.inner_text()  # asked, not entered: nothing counted yet
    ask.locator("button[name=confirm]").click()
    wait_version(ann, v + 2)


def test_a_quick_second_tap_is_answered_in_korean(live_server, phone):
    ann = phone(locale="ko-KR", guard_ms=600000)
    code, join, _ = create_table(ann, live_server.url)
    take_seat(ann, join, "1")
    v = version(ann)
    ann.locator("form[data-type=pass] button").click()
    wait_version(ann, v + 1)
    ann.locator("form[data-type=pass] button").click()
    note = ann.locator("[data-held-note]")
    note.wait_for()
    assert "이미 입력" in note.inner_text()
    shot(ann, "taps-second-tap-answered-ko")


def test_a_step_for_another_seat_is_asked_once_its_own_is_one_tap(live_server, phone):
    ann, bo = phone(), phone()
    code, join = seat_two(ann, bo, live_server.url)
    v = version(bo)
    button = bo.locator("form[data-type=pass] button")
    assert button.inner_text().startswith("Ann")                # Bo's phone: it names Ann
    button.click()
    ask = bo.locator("form[data-type=pass] [data-confirm]")
    ask.wait_for()
    assert "Enter this for Ann?" in ask.inner_text()
    assert version(bo) == v                                     # not counted yet
    shot(bo, "taps-for-another-seat-asked")
    ask.locator("button[name=confirm]").click()
    wait_version(bo, v + 1)
    wait_version(ann, v + 1)
    # the turn passed to Bo: the same button now names Bo, and on Bo's phone it is one tap
    button = bo.locator("form[data-type=pass] button")
    assert button.inner_text().startswith("Bo")
    button.click()
    wait_version(bo, v + 2)
    # "No" takes nothing: Bo's phone asked for Ann's step again, answered no
    bo.locator("form[data-type=pass] button").click()
    ask = bo.locator("form[data-type=pass] [data-confirm]")
    ask.wait_for()
    shot(bo, "taps-for-another-seat-no")
    ask.get_by_role("link", name="No", exact=True).click()
    bo.wait_for_selector("[data-confirm]", state="detached")
    assert version(bo) == v + 2


def test_undo_says_what_to_take_back_and_what_to_put_back(live_server, phone):
    ann = phone()
    code, join, _ = create_table(ann, live_server.url)
    take_seat(ann, join, "1")
    v = version(ann)
    ann.locator("form[data-type=par]").first.locator("button[value='70']").click()
    wait_version(ann, v + 1)
    undo = ann.locator("#undo")
    assert undo.inner_text().startswith("Take back: Ann")
    board = ann.locator("[data-undo-board]")
    assert board.is_visible()
    assert "Put AR's token on 70 of the market." in board.inner_text()
    shot(ann, "taps-undo-says-what")
    undo.click()
    wait_version(ann, v + 2)


def test_undo_says_what_to_take_back_in_korean(live_server, phone):
    ann = phone(locale="ko-KR")
    code, join, _ = create_table(ann, live_server.url)
    take_seat(ann, join, "1")
    v = version(ann)
    ann.locator("form[data-type=par]").first.locator("button[value='70']").click()
    wait_version(ann, v + 1)
    assert ann.locator("#undo").inner_text().startswith("되돌릴 단계:")
    assert ann.locator("[data-undo-board]").is_visible()


def _thumb(page, selector, at=0.75):
    """Scroll so that the control sits at ``at`` of the screen's height (low: where a thumb
    taps it; high: the form was long and read down to its button)."""
    page.evaluate(f"""() => {{ const b = document.querySelector({selector!r});
        window.scrollBy(0, b.getBoundingClientRect().top - innerHeight * {at}); }}""")


def _top(page, selector) -> float:
    return page.evaluate(f"document.querySelector({selector!r}).getBoundingClientRect().top")


def test_after_a_step_the_phone_shows_what_comes_next(live_server, phone):
    ann, bo = phone(), phone()
    code, join = seat_two(ann, bo, live_server.url)
    v = version(ann)
    # Ann's phone, scrolled to her step's button low on the screen, as a thumb taps it
    ann.evaluate("""() => { const b = document.querySelector('form[data-type=pass] button');
                            window.scrollBy(0, b.getBoundingClientRect().top - innerHeight * 0.6); }""")
    ann.locator("form[data-type=pass] button").click()
    wait_version(ann, v + 1)
    ann.wait_for_timeout(300)
    # the turn passed to Bo: Ann's phone shows the summary, at the top of the screen
    top = _top(ann, "#live .glance-top")
    assert 40 <= top < 300, top
    shot(ann, "taps-after-step-summary")
    # Bo's phone, scrolled down into the book, enters his step: his next step's card is in
    # view when he acts again (the turn is Ann's now: his phone shows the summary)
    # (his button near the top of the screen: his book above it, off the screen)
    bo.evaluate("""() => { const b = document.querySelector('form[data-type=pass] button');
                           window.scrollBy(0, b.getBoundingClientRect().top - innerHeight * 0.1); }""")
    bo.locator("form[data-type=pass] button").click()
    wait_version(bo, v + 2)
    bo.wait_for_timeout(300)
    top = _top(bo, "#live .glance-top")
    assert 40 <= top < 300, top          # below the sticky header, at the top of the screen


def test_after_a_step_the_acting_phone_shows_its_next_step(live_server, phone):
    ann = phone()
    code, join, _ = create_table(ann, live_server.url)
    take_seat(ann, join, "1")
    v = version(ann)
    ann.locator("form[data-type=par]").first.locator("button[value='70']").click()  # AR: Ann's
    wait_version(ann, v + 1)
    for i in (2, 3):                      # Bo's pass (entered for him: asked), Ann's pass
        ann.locator("form[data-type=pass] button").click()
        if i == 2:
            ann.locator("[data-confirm] button[name=confirm]").click()
        wait_version(ann, v + i)
    # the operating round: AR (Ann's) buys a train, then runs: the same seat acts on
    ann.locator("form[data-type=buy_train] button").first.click()
    ann.locator("[data-confirm]").wait_for()
    _thumb(ann, "[data-confirm] button[name=confirm]")
    ann.locator("[data-confirm] button[name=confirm]").click()
    wait_version(ann, v + 4)
    ann.wait_for_timeout(300)
    run = ann.locator("form[data-type=run]").first
    box = run.bounding_box()
    assert box and 0 <= box["y"] and box["y"] + 40 <= 844, box     # AR's next step, in view
    shot(ann, "taps-after-step-next-card")
    # ... and after the run, AR's next step (or the summary when the turn passed) in view
    _thumb(ann, "form[data-type=run] button")
    run.locator("button").first.click()
    wait_version(ann, v + 5)
    ann.wait_for_timeout(300)
    nxt = ann.locator("#actions form").first
    box = nxt.bounding_box()
    assert box and 0 <= box["y"] and box["y"] + 40 <= 844, box


def test_after_run_the_trains_the_dividend_is_in_view(live_server, phone, tmp_path):
    """The recorded 1888-N game before its first run: after "Run the trains" the phone shows
    the company's next step (the dividend), not the players' table of the book."""
    from engine import records, titles
    from tests.browser.test_taps import cut_and_import, enter, the_form, trains_fields
    from tests.companion.test_pages import FIXTURE
    if "1888-N" not in titles.TITLES or not FIXTURE.exists():
        pytest.skip("1888-N or its recorded game is not here")
    rec = records.replay(records.loads(FIXTURE.read_bytes())).game.record()
    acts = rec["actions"]
    n = next(i for i, a in enumerate(acts) if a["type"] == "run_trains" and len(a["revenues"]) == 2)
    page = phone(viewport={"width": 390, "height": 844})
    join, acting, game = cut_and_import(page, live_server.url, tmp_path, rec, n)
    take_seat(page, join, acting)
    form = the_form(page, acts[n])
    enter(page, form, trains_fields(acts[n], game))
    v = version(page)
    _thumb(page, f'form[data-form="{form.get_attribute("data-form")}"] button:not([name=confirm])', at=0.15)
    form.locator("button:not([name=confirm])").last.click()
    wait_version(page, v + 1)
    page.wait_for_timeout(400)
    nxt = page.locator("#actions form[data-type]").first
    assert nxt.get_attribute("data-type") == acts[n + 1]["type"] == "dividend"
    box = nxt.bounding_box()
    shot(page, "taps-after-run-the-trains")
    assert box and 0 <= box["y"] and box["y"] + 44 <= 844, box
