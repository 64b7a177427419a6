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
