"""Issue 28: a live page is pushed what changed since the part it holds (static/live_boot.js
``window.livePart`` makes it whole), by Brython's script and by the boot script before it;
the page it shows after several such pushes is the page loaded fresh."""
import pytest

from tests.browser.flows import create_table, enter_step, take_seat, version, wait_version
from tests.companion.live_server import blank_own

pytestmark = pytest.mark.browser

# counts the deltas a page makes whole and keeps the last part made (wraps window.livePart)
COUNT = """(() => { let f = null; window.__deltas = 0; window.__part = null;
  Object.defineProperty(window, "livePart", {configurable: true,
    set(v) { f = v; },
    get() { return f && function (m) { const t = f(m); if (m.delta && t) window.__deltas++;
                                        if (t) window.__part = t; return t; }; }}); })();"""
FETCH = """() => fetch(document.getElementById("main").getAttribute("data-live-url"),
                      {headers: {"X-Live": "1"}, cache: "no-store"}).then(r => r.text())"""


@pytest.mark.parametrize("brython", [True, False], ids=["brython", "boot-script"])
def test_a_page_made_from_deltas_is_the_page_loaded_fresh(live_server, phone, brython):
    ann, bo = phone(), phone(service_workers="block")
    bo.add_init_script(COUNT)
    if not brython:                          # the boot script alone (brython.js never comes)
        bo.route("**/brython.js*", lambda route: route.abort())
    code, join, _ = create_table(ann, live_server.url)
    take_seat(ann, join, "1")
    if brython:
        take_seat(bo, join, "2")
    else:
        bo.goto(join)
        bo.locator("button[data-seat='2']").click()
        bo.wait_for_selector("body[data-live=boot]")
    v = version(bo)
    for n in range(1, 4):
        enter_step(ann)
        wait_version(bo, v + n)
    assert bo.evaluate("window.__deltas") >= 2
    # the part made from the deltas is the part as the server makes it now
    fetched = bo.evaluate(FETCH)
    assert blank_own(bo.evaluate("window.__part")) == blank_own(fetched)
    # and the page shows what a page loaded fresh shows
    fresh = bo.context.new_page()
    fresh.goto(f"{live_server.url}/tables/{code}")
    wait_version(fresh, v + 3)
    assert bo.locator("#live").inner_text() == fresh.locator("#live").inner_text()
    assert (bo.locator("#live form").count() == fresh.locator("#live form").count())
    # every form is posted at the version shown: the page put it in (the part carries a slot)
    posted_at = bo.locator('#live input[name="expected_version"]').evaluate_all(
        "l => l.map(e => e.value)")
    assert posted_at and set(posted_at) == {str(v + 3)}
    if not brython:
        assert bo.evaluate("window.liveBoot.done") is False


def test_a_phones_own_step_is_answered_with_what_changed(live_server, phone):
    """The phone that enters a step is answered as its socket is pushed: what changed since the
    part it holds, with the slots it fills in itself (its token, new keys, the new version), not
    a whole part made for it. The page is then the page loaded fresh, and its forms post."""
    ann, bo = phone(service_workers="block"), phone()
    answers = []
    ann.on("response", lambda r: answers.append(r) if r.url.endswith("/act") else None)
    code, join, _ = create_table(ann, live_server.url)
    take_seat(ann, join, "1")
    take_seat(bo, join, "2")
    v = version(ann)
    keys_before = set(ann.locator('#live input[name="key"]').evaluate_all(
        "l => l.map(e => e.value)"))
    for n in range(1, 4):
        enter_step(ann)                      # (a step of Bo's is asked first)
        wait_version(ann, v + n)
    # three steps, and the question before Bo's: each answered with what changed
    assert len(answers) == 4 and all(r.status == 200 for r in answers)
    assert all("json" in r.headers["content-type"] for r in answers)
    assert all("delta" in r.json() and "part" not in r.json() for r in answers)
    assert sum(len(r.body()) for r in answers) < 4 * 8000     # a whole part is about 40 KB
    fresh = ann.context.new_page()
    fresh.goto(f"{live_server.url}/tables/{code}")
    wait_version(fresh, v + 3)
    assert ann.locator("#live").inner_text() == fresh.locator("#live").inner_text()
    # the phone filled in its own: the page's token, new keys, the version shown
    token = ann.locator("#main").get_attribute("data-csrf")
    assert set(ann.locator('#live input[name="csrf_token"]').evaluate_all(
        "l => l.map(e => e.value)")) == {token}
    keys = ann.locator('#live input[name="key"]').evaluate_all("l => l.map(e => e.value)")
    assert keys and len(set(keys)) == len(keys) and not set(keys) & (keys_before | {"<key>"})
    assert set(ann.locator('#live input[name="expected_version"]').evaluate_all(
        "l => l.map(e => e.value)")) == {str(v + 3)}
    enter_step(ann)                          # and the forms so filled in post
    wait_version(bo, v + 4)
