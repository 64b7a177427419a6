"""Honest offline: the copy shown offline is the newest this phone saw, marked with its step
and age, its forms disabled until the socket is live again; the badge follows the socket."""
import pytest

from tests.browser.flows import (create_table, enter_step, take_seat, take_seat_under_the_worker,
                                 version, wait_version)
from tests.browser.test_pwa_i18n import own_server  # noqa: F401  (the fixture)

pytestmark = pytest.mark.browser

KEPT = """v => caches.keys().then(keys => Promise.all(keys.map(k => caches.open(k)
  .then(c => c.match(location.pathname))))).then(hits => Promise.all(hits.filter(Boolean)
  .map(r => r.text()))).then(texts => texts.some(t => t.includes('data-version="' + v + '"')))"""


def test_an_offline_reload_shows_the_newest_copy_with_forms_disabled(own_server, phone):  # noqa: F811
    own_server()
    ann, bo = phone(), phone()
    code, join, _ = create_table(ann, own_server.url)
    take_seat_under_the_worker(ann, join, "1")
    take_seat(bo, join, "2")
    v = version(ann)
    for n in (1, 2):                               # steps Ann's phone sees only live
        enter_step(bo)
        wait_version(ann, v + n)
        wait_version(bo, v + n)
    ann.wait_for_function(KEPT, arg=v + 2)         # the phone keeps what it shows
    own_server.kill()
    ann.wait_for_selector("#net.off")
    ann.reload()                                   # offline: the service worker's copy
    ann.wait_for_selector("#net.off")
    assert version(ann) == v + 2                   # the newest this phone saw
    note = ann.locator("#offline-note")
    note.wait_for()
    assert f"step {v + 2}" in note.inner_text() and "min old" in note.inner_text()
    buttons = ann.locator("#live form[data-type] button")
    assert buttons.count() > 0
    assert all(buttons.nth(i).is_disabled() for i in range(buttons.count()))
    own_server()                                   # back: the forms work again
    ann.wait_for_selector("#net.on", timeout=30000)
    assert not note.is_visible()
    assert not ann.locator("#live form[data-type=pass] button").is_disabled()


def test_the_badge_turns_live_when_messages_arrive_after_a_blip(live_server, phone):
    ann, bo = phone(), phone()
    code, join, _ = create_table(ann, live_server.url)
    take_seat(ann, join, "1")
    take_seat(bo, join, "2")
    v = version(ann)
    ann.evaluate("window.dispatchEvent(new Event('offline'))")   # the network blinked
    ann.wait_for_selector("#net.off")
    enter_step(bo)             # the socket still works
    wait_version(ann, v + 1)
    ann.wait_for_selector("#net.on")


# counts the copies the page writes for its own address (wraps the Cache API's put)
PUTS = """(() => { window.__puts = 0; const put = Cache.prototype.put;
  Cache.prototype.put = function (req, resp) {
    if (String(req.url || req) === location.pathname) window.__puts++;
    return put.call(this, req, resp); }; })();"""


def test_the_copy_is_written_once_for_a_burst_of_steps_and_at_once_when_going_offline(
        own_server, phone):  # noqa: F811
    """A copy is the whole page cloned and written: a burst of changes writes one, a moment
    after the first, of the page as it is then; going offline writes the one waiting at once."""
    own_server()
    ann = phone()
    ann.add_init_script(PUTS)
    code, join, _ = create_table(ann, own_server.url)
    take_seat_under_the_worker(ann, join, "1")
    ann.wait_for_timeout(1500)                     # what loading the page asked is written
    ann.evaluate("window.__puts = 0")
    ann.evaluate("for (let i = 0; i < 20; i++) window.liveKeep()")    # twenty changes at once
    assert ann.evaluate("window.__puts") == 0
    ann.wait_for_function("window.__puts === 1")
    ann.wait_for_timeout(1500)
    assert ann.evaluate("window.__puts") == 1      # one copy for the burst
    ann.evaluate("window.liveKeep(); window.liveNet(false)")
    ann.wait_for_function("window.__puts === 2", timeout=500)   # offline: written then, not
                                                                  # a second later
