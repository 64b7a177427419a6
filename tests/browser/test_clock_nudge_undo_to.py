"""Issue 30 on real phones: the table clock counts the acting player's time alike on two
phones, after a reload and after a server restart, and pausing stops it everywhere; the nudge
fires on the seat whose turn it became and on no other; undo back to a step three steps back
waits for the two other seats whose steps it takes back, undoes all three at once, and redo
brings them back."""
from __future__ import annotations

import re

import pytest

from tests.browser import flows
from tests.browser.conftest import LiveServer, free_port, shot

# navigator.vibrate recorded, not felt
VIBRATE = ("window.__vibes = []; Object.defineProperty(navigator, 'vibrate', {configurable: true,"
           " value: function (p) { window.__vibes.push(p); return true; }});")


def seconds(text: str) -> int:
    parts = [int(p) for p in text.strip().split(":")]
    return parts[0] * 60 + parts[1] if len(parts) == 2 else parts[0] * 3600 + parts[1] * 60 + \
        parts[2]


def seat_time(page, seat: str, where: str = "glance") -> int:
    return seconds(page.locator(f'#live [data-clock="{where}"] [data-clock-seat="{seat}"]')
                   .text_content())


def wait_time(page, seat: str, at_least: int, where: str = "glance"):
    """Wait until the phone shows the seat's time at ``at_least`` seconds or more."""
    page.wait_for_function(
        """([sel, n]) => { const el = document.querySelector(sel); if (!el) return false;
             const p = el.textContent.trim().split(":").map(Number);
             return p.reduce((a, b) => a * 60 + b, 0) >= n; }""",
        arg=[f'#live [data-clock="{where}"] [data-clock-seat="{seat}"]', at_least],
        timeout=15000)


@pytest.fixture
def restartable(live_server, tmp_path):
    """The app on a database of this test's own, served on a port that a restart keeps:
    ``restart()`` stops it and serves a new app (a new process's memory) on the same
    database."""
    from companion import create_app
    db = tmp_path / "clock.db"
    port = free_port()

    def make():
        return create_app({"SECRET_KEY": "browser-tests", "DATABASE_URL": f"sqlite:///{db}",
                           "SQLITE_SYNCHRONOUS": "NORMAL", "RATELIMIT_ENABLED": False})
    box = {"server": LiveServer(make(), port)}
    box["server"].start()

    def restart():
        box["server"].stop()
        box["server"] = LiveServer(make(), port)
        box["server"].start()
    box["restart"] = restart
    yield box
    box["server"].stop()


def test_the_clock_counts_alike_on_two_phones_after_a_reload_and_a_restart_and_pauses(
        phone, restartable):
    base = restartable["server"].url
    ann, bo = phone(), phone()
    code, _join = flows.seat_two(ann, bo, base)
    bo.locator("#clock-on").click()                    # any seat switches it on, later
    for p in (ann, bo):
        p.wait_for_selector('#live[data-clock-since] [data-clock="now"] [data-clock-seat="1"]')
    for p in (ann, bo):
        wait_time(p, "1", 2, "now")                     # Ann's time runs on both phones
    a, b = seat_time(ann, "1", "now"), seat_time(bo, "1", "now")
    assert abs(a - b) <= 1
    flows.enter_step(ann)                               # Ann passes: Bo's turn
    for p in (ann, bo):
        flows.wait_version(p, 1)
    ann_used = seat_time(ann, "1")
    assert ann_used >= 2 and seat_time(bo, "1") == ann_used      # stopped, alike
    for p in (ann, bo):
        wait_time(p, "2", 2)
    assert seat_time(ann, "2") >= 2 and abs(seat_time(ann, "2") - seat_time(bo, "2")) <= 1
    bo.reload()
    flows.wait_live(bo)
    bo.wait_for_timeout(300)
    assert abs(seat_time(ann, "2") - seat_time(bo, "2")) <= 1 and seat_time(bo, "1") == ann_used
    before = seat_time(bo, "2")
    restartable["restart"]()                            # the server's memory is gone
    for p in (ann, bo):
        p.reload()
        flows.wait_live(p)
    for p in (ann, bo):
        wait_time(p, "2", before + 1)                   # still counting from where it was
    a2, b2 = seat_time(ann, "2"), seat_time(bo, "2")
    assert abs(a2 - b2) <= 1 and seat_time(ann, "1") == ann_used
    shot(bo, "clock-running")
    # a break: Ann pauses; the clock stops on both phones
    ann.locator("#clock-pause").click()
    for p in (ann, bo):
        p.wait_for_selector('#live:not([data-clock-since]) [data-clock="now"]')
        assert "Clock: paused" in p.locator('#live [data-clock="now"]').text_content()
    paused = [seat_time(p, "2") for p in (ann, bo)]
    assert abs(paused[0] - paused[1]) <= 1
    ann.wait_for_timeout(2100)
    assert [seat_time(p, "2") for p in (ann, bo)] == paused
    shot(ann, "clock-paused")


def test_the_nudge_fires_on_the_seat_whose_turn_it_became_and_no_other(phone, live_server):
    ann, bo = phone(), phone()
    for p in (ann, bo):
        p.add_init_script(VIBRATE)
    flows.seat_two(ann, bo, live_server.url)
    assert re.match(r"^● Your turn", ann.title()) and not bo.title().startswith("●")
    assert ann.evaluate("window.__vibes") == [] and bo.evaluate("window.__vibes") == []
    flows.enter_step(ann)                                # now Bo's turn
    bo.wait_for_function("document.title.startsWith('●')")
    ann.wait_for_function("!document.title.startsWith('●')")
    assert bo.evaluate("window.__vibes") == [200] and ann.evaluate("window.__vibes") == []
    # Bo turns the nudge off on his phone; Ann's phone still nudges her
    bo.locator("#nudge").click()
    assert bo.locator("#nudge").text_content() == "Nudge on my turn: off"
    assert not bo.title().startswith("●")
    flows.enter_step(bo)                                 # Ann's turn
    ann.wait_for_function("document.title.startsWith('●')")
    assert ann.evaluate("window.__vibes") == [200]
    flows.enter_step(ann)                                # Bo's turn again: nudge off
    flows.wait_version(bo, 3)
    bo.wait_for_timeout(300)
    assert bo.evaluate("window.__vibes") == [200] and not bo.title().startswith("●")


def test_undo_back_three_steps_waits_for_both_other_seats_then_undoes_all_and_redo_restores(
        phone, live_server):
    base = live_server.url
    ann, bo, cy = phone(), phone(), phone()
    code, join, _ = flows.create_table(ann, base, players=("Ann", "Bo", "Cy"))
    for p, s in ((ann, "1"), (bo, "2"), (cy, "3")):
        flows.take_seat(p, join, s)
    for v, p in enumerate((ann, bo, cy, ann)):          # steps 1-4: Ann, Bo, Cy, Ann
        flows.wait_version(p, v)
        flows.enter_step(p)
    for p in (ann, bo, cy):
        flows.wait_version(p, 4)
    # Ann, from the history: undo back to step 2 (Bo's), three steps back
    ann.goto(f"{base}/tables/{code}/history")
    ann.locator('[data-back-to="2"]').click()
    ann.wait_for_url(re.compile(r"/undo-to/2$"))
    assert [li.get_attribute("data-version") for li in
            ann.locator("#undo-steps > li").all()] == ["4", "3", "2"]
    steps = ann.locator("#undo-steps").text_content()
    assert "entered by Cy" in steps and "entered by Bo" in steps
    assert "Steps of Cy, Bo are among them" in ann.locator("main").text_content()
    ann.locator("#undo-to").click()
    ann.wait_for_url(re.compile(rf"/tables/{code}$"))
    flows.wait_live(ann)
    # each of the two other seats is asked on its own phone; nothing is undone yet
    for p in (bo, cy):
        p.wait_for_selector("[data-consent] button[value=approve]:visible")
    assert ann.locator("[data-consent]:visible").count() == 0
    assert ann.locator("[data-waiting]:visible").count() == 2
    cy.locator("[data-consent] button[value=approve]:visible").click()
    cy.wait_for_selector("[data-consent]:visible", state="detached")
    ann.wait_for_timeout(500)
    assert flows.version(ann) == 4                       # one consent of two: still waiting
    shot(bo, "undo-to-asked")
    bo.locator("[data-consent] button[value=approve]:visible").click()
    for p in (ann, bo, cy):                              # three undos, at once
        flows.wait_version(p, 7)
    taken = ann.locator("#taken-back [data-taken-back]")
    assert [t.get_attribute("data-taken-back") for t in taken.all()] == ["4", "3", "2"]
    shot(ann, "undo-to-done")
    ann.goto(f"{base}/tables/{code}/history")
    assert sorted(li.get_attribute("data-version") for li in
                  ann.locator("li[data-undone]").all()) == ["2", "3", "4"]
    ann.goto(f"{base}/tables/{code}")
    flows.wait_live(ann)
    for v in (8, 9, 10):                                 # redo: Bo's, Cy's, then Ann's again
        ann.locator("#redo").click()
        flows.wait_version(ann, v)
    ann.goto(f"{base}/tables/{code}/history")
    assert ann.locator("li[data-undone]").count() == 0
    assert "Redone" in ann.locator("ol.hist").text_content()
