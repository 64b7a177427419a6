"""Steps the browser tests share: set up a table, seat phones, wait for live updates."""
from __future__ import annotations

import re


def create_table(page, base, title="double-18", players=("Ann", "Bo"), seed=7):
    page.goto(f"{base}/new?title={title}")
    boxes = page.locator("input[name=player]")
    for i, name in enumerate(players):
        boxes.nth(i).fill(name)
    page.fill("input[name=seed]", str(seed))
    page.get_by_role("button", name=re.compile("Create|만들기")).click()
    page.wait_for_url(re.compile(r"/tables/\w+/invite"))
    code = re.search(r"/tables/(\w+)/invite", page.url).group(1)
    join = page.locator("#join-link").get_attribute("href")
    watch = page.locator("#watch-link").get_attribute("href")
    return code, join, watch


def take_seat(page, join_url, player: str):
    """Open the invite and tap a seat once the page has settled. Every response re-sends
    the session cookie, so a request the join page still has in flight (the service
    worker caching the static files on a first visit) could answer after the seat was
    taken and put back the cookie without it: the table would then say "no seat"."""
    page.goto(join_url)
    page.evaluate("""Promise.race([navigator.serviceWorker.ready.then(() => true),
                                   new Promise(done => setTimeout(() => done(false), 10000))])""")
    page.wait_for_load_state("networkidle")
    page.locator(f"button[data-seat='{player}']").click()
    page.wait_for_url(re.compile(r"/tables/\w+$"))
    wait_live(page)


def take_seat_under_the_worker(page, join_url, player: str):
    """take_seat, then the page loaded again once the service worker is ready: now controlled
    by it (what it keeps and shows offline is this page's)."""
    take_seat(page, join_url, player)
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.reload()
    wait_live(page)


def wait_live(page, timeout=20000):
    page.wait_for_selector("body[data-live=ready]", timeout=timeout)


def version(page) -> int:
    return int(page.locator("#live").get_attribute("data-version"))


def wait_version(page, v, timeout=15000):
    page.wait_for_selector(f"#live[data-version='{v}']", timeout=timeout)


def enter_step(page, selector="form[data-type=pass] button"):
    """Tap a step's button as a phone at the table does: a step of another seat's is asked
    once ("Enter this for Ann?"), and this phone says yes."""
    before = version(page)
    page.locator(selector).first.click()
    page.wait_for_function(
        "v => document.querySelector('[data-confirm] button[name=confirm]') || "
        "Number((document.querySelector('#live') || {dataset: {}}).dataset.version) > v",
        arg=before)
    yes = page.locator("[data-confirm] button[name=confirm]")
    if yes.count():
        yes.first.click()


def seat_two(ann, bo, base):
    """A new table of the test title with Ann's phone on seat 1 and Bo's on seat 2: its code
    and join link."""
    code, join, _ = create_table(ann, base)
    take_seat(ann, join, "1")
    take_seat(bo, join, "2")
    return code, join


def ann_passed(phone, base):
    """Ann's phone (a tap guard long enough that her next tap lands on a control that just
    changed) and Bo's seated on a new table; Ann's POSTs recorded; Ann has passed, so her pass
    button now names Bo. Returns (ann, bo, the version before the pass, the POSTs' URLs)."""
    ann, bo = phone(guard_ms=600000), phone()
    seat_two(ann, bo, base)
    v = version(ann)
    posts = []
    ann.on("request", lambda r: posts.append(r.url) if r.method == "POST" else None)
    ann.locator("form[data-type=pass] button").click()          # "Ann: Pass"
    wait_version(ann, v + 1)
    return ann, bo, v, posts
