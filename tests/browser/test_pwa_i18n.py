"""Languages, the installable app, and what a phone shows when the server is gone."""
import subprocess
import sys
import time

import pytest
import requests

from tests.browser.conftest import free_port, shot
from tests.browser.flows import (create_table, enter_step, take_seat, take_seat_under_the_worker,
                                 version, wait_live, wait_version)
from tests.conftest import ROOT

pytestmark = pytest.mark.browser


def test_korean_from_the_browser_language_and_switch_to_english(live_server, phone):
    page = phone(locale="ko-KR")
    page.goto(live_server.url + "/")
    assert page.locator("html").get_attribute("lang") == "ko"
    assert "새 테이블" in page.content()
    code, join, _ = create_table(page, live_server.url)
    take_seat(page, join, "1")
    assert "주식 라운드" in page.locator("#live").inner_text()
    assert page.locator("form[data-type=pass] button").inner_text().endswith("패스")
    shot(page, "table-ko")
    page.get_by_role("button", name="English").click()
    page.wait_for_selector("html[lang=en]")
    assert "Stock round" in page.locator("#live").inner_text()


def test_dark_theme_switch(live_server, phone):
    page = phone()
    page.goto(live_server.url + "/")
    page.get_by_role("button", name="Dark").click()
    page.wait_for_selector("html[data-theme=dark]")
    bg = page.evaluate("getComputedStyle(document.body).backgroundColor")
    assert bg == "rgb(16, 22, 19)"
    code, join, _ = create_table(page, live_server.url)
    take_seat(page, join, "1")
    shot(page, "table-dark")


def test_chromium_finds_the_app_installable(live_server, persistent_phone):
    page = persistent_phone
    page.goto(live_server.url + "/")
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    cdp = page.context.new_cdp_session(page)
    errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
    assert errors == []
    manifest = cdp.send("Page.getAppManifest")
    assert not manifest.get("errors")
    m = requests.get(live_server.url + "/manifest.webmanifest").json()
    sizes = {(i["sizes"], i.get("purpose", "any")) for i in m["icons"]}
    assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")} <= sizes
    assert m["display"] == "standalone" and m["start_url"] and m["theme_color"]
    shot(page, "home")


@pytest.fixture
def own_server(tmp_path):
    """The app in a process of its own, that a test may kill and start again."""
    port = free_port()
    db = tmp_path / "own.db"
    procs = []

    def start():
        proc = subprocess.Popen([sys.executable, "-m", "tests.browser.serve_double", str(port),
                                 str(db)], cwd=ROOT, stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL)
        procs.append(proc)
        deadline = time.monotonic() + 30
        while True:
            try:
                requests.get(f"http://127.0.0.1:{port}/healthz", timeout=1)
                return proc
            except requests.ConnectionError:
                assert proc.poll() is None and time.monotonic() < deadline, "server did not start"
                time.sleep(0.1)

    def kill():
        for p in procs:
            if p.poll() is None:
                p.kill()
                p.wait(10)
    start.kill = kill
    start.url = f"http://127.0.0.1:{port}"
    yield start
    kill()


def test_offline_page_and_reconnect_when_the_server_comes_back(own_server, phone):
    own_server()
    ann, bo = phone(), phone()
    code, join, _ = create_table(ann, own_server.url)
    take_seat_under_the_worker(ann, join, "1")
    take_seat(bo, join, "2")
    assert ann.evaluate("!!navigator.serviceWorker.controller")
    v = version(ann)
    own_server.kill()
    ann.wait_for_selector("#net.off")              # the page says it is offline
    assert ann.locator("#net").inner_text() == "offline"
    shot(ann, "offline-badge")
    page = ann.context.new_page()
    page.goto(f"{own_server.url}/tables/{code}/history")
    page.wait_for_selector("#offline")             # the service worker's offline page
    shot(page, "offline-page")
    page.close()
    own_server()                                   # back: Ann's phone reconnects by itself
    ann.wait_for_selector("#net.on", timeout=20000)
    bo.reload()
    wait_live(bo)
    enter_step(bo)
    wait_version(ann, v + 1)


def test_a_kept_table_page_shows_at_once_and_catches_up(live_server, phone):
    ann, bo = phone(), phone()
    code, join, _ = create_table(ann, live_server.url)
    take_seat(ann, join, "1")
    take_seat(bo, join, "2")
    ann.evaluate("navigator.serviceWorker.ready.then(() => true)")
    ann.wait_for_function("!!navigator.serviceWorker.controller || true")
    v = version(ann)
    enter_step(bo)     # a step while Ann's copy is kept
    wait_version(bo, v + 1)
    for _ in range(3):                                    # the kept copy, then fresh ones
        ann.reload()
        wait_live(ann)
        now = version(bo)
        wait_version(ann, now)
        enter_step(bo)
        wait_version(ann, now + 1)
        wait_version(bo, now + 1)


def test_a_phone_that_takes_another_seat_shows_that_seat_not_its_kept_page(live_server, phone):
    """The service worker shows a table page's kept copy at once; a phone that opens the join
    page (or a seat's link) and takes another seat is shown the new seat's page, not the copy
    kept for the old one (its rows, its steps)."""
    ann = phone()
    code, join, watch = create_table(ann, live_server.url)
    take_seat_under_the_worker(ann, join, "1")            # the page is kept for seat 1
    assert ann.evaluate("caches.keys().then(ks => Promise.all(ks.map(k => caches.open(k)"
                        ".then(c => c.match(location.pathname))))).then(r => r.some(x => !!x))")
    mine = '[data-only]:not([data-only="%s"])'
    assert mine % "1" in ann.content()
    take_seat(ann, join, "2")                             # the same phone, now seat 2
    assert mine % "2" in ann.content() and mine % "1" not in ann.content()
    ann.reload()                                          # and the copy kept now is seat 2's
    wait_live(ann)
    assert mine % "2" in ann.content()
    seat_forms = "#live form[data-form]:visible, #live [data-clock-form]:visible, #undo:visible"
    assert ann.locator(seat_forms).count() > 0            # a seat's steps, clock switch, undo
    assert not ann.get_by_text("Watching. Steps are entered").is_visible()
    ann.goto(watch)                                       # a watcher's link: no seat's rows
    wait_live(ann)
    assert mine % "2" not in ann.content()
    # the part is the seats' (one for every phone of the table), and the watcher's own style
    # shows it none of their forms, only its line
    assert ann.locator("#live form[data-form]").count() > 0
    assert ann.locator(seat_forms).count() == 0
    assert ann.get_by_text("Watching. Steps are entered").is_visible()
