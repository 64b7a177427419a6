"""Taps per typical step, counted on the table page as a player enters it (README's table).

The recorded 1888-N game (/work/shared/fixtures) is cut just before the first step of each
kind and imported; a phone takes the acting player's seat and enters that step as it was
recorded, through the form the page shows: a tap opens a closed panel, picks a choice (a
radio, a checkbox), changes a list (a field entry) or types a number or a text (a field
entry, plus the digits or the words), then the button; a confirmation asked is one tap more.
A field already showing the recorded value costs nothing. The step must be accepted.
The counts are written to tests/artifacts/taps.md and must not exceed the issue's (issue 12:
"today") figures.
"""
import json
import re

import pytest

from engine import Game, records, titles
from tests.browser.conftest import ARTIFACTS, shot
from tests.browser.flows import take_seat, version, wait_version
from tests.companion.test_pages import FIXTURE

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def trains_fields(a, game):
    """One revenue per train, and each bonus tick as recorded (ticked or not), where the
    form offers it: the record's run is posted as the run form declares it (a revenue and a
    tick per train, in the company's order)."""
    out = {}
    for i, revenue in enumerate(a["revenues"]):
        out[f"revenues.{i}"] = revenue
        for bonus in ("destination", "mine"):
            out[f"{bonus}.{i}"] = bool((a.get(bonus) or [False] * len(a["revenues"]))[i])
    return out


def plain(a, game=None):
    return {k: v for k, v in a.items() if k not in ("type", "entity")}


# (the step, which recorded step, the form's fields it fills, the count for today)
STEPS = [
    ("a bid at the lowest next price", lambda a: a["type"] == "bid", plain, 2),
    ("a bid above it", lambda a: a["type"] == "bid",
     lambda a, game: dict(plain(a), price=a["price"] + 20), 2),
    ("pass", lambda a: a["type"] == "pass", plain, 1),
    ("par", lambda a: a["type"] == "par", plain, 2),
    ("buy a share", lambda a: a["type"] == "buy_shares", plain, 1),
    ("a tile", lambda a: a["type"] == "lay_tile", plain, 6),
    ("buy a train", lambda a: a["type"] == "buy_train", plain, 1),
    ("pay out", lambda a: a["type"] == "dividend" and a.get("kind") == "payout", plain, 1),
    ("running two trains", lambda a: a["type"] == "run_trains" and len(a["revenues"]) == 2,
     trains_fields, 3),
    ("a station", lambda a: a["type"] == "place_token", plain, 5),
]
TODAY_TEXT = {"a bid at the lowest next price": "2 + digits", "a bid above it": "2 + digits", "pass": "1", "par": "2", "buy a share": "1",
              "a tile": "about 6", "buy a train": "1", "pay out": "1",
              "running two trains": "3 + digits", "a station": "3–5",
              "a cash correction": "about 7 + a reason"}

# One tap into the page: opens the form's closed panels, sets each field that differs from
# what it shows, and says what it did. Radios and checkboxes are tapped through their label.
ENTER = """([idx, want]) => {
  const f = document.querySelector(`form[data-form="${idx}"]`);
  const did = {taps: 0, entries: 0, digits: 0, words: 0, what: []};
  for (let d = f.closest('details:not([open])'); d; d = d.parentElement.closest('details:not([open])')) {
    d.querySelector(':scope > summary').click(); did.taps++; did.what.push('open a panel');
  }
  return did;
}"""


def enc(v):
    return {json.dumps(v), str(v), str(v).lower() if isinstance(v, bool) else str(v)}


def enter(page, form, want: dict) -> dict:
    """Set the form's fields to ``want`` the way a hand would; count what it took."""
    idx = form.get_attribute("data-form")
    did = page.evaluate(ENTER, [idx, want])
    for name, value in want.items():
        fields = form.locator(f'[name="{name}"]')
        if fields.count() == 0:
            continue
        first = fields.first
        tag = first.evaluate("e => e.tagName.toLowerCase()")
        kind = first.get_attribute("type") or ""
        if tag == "button":         # one button per choice: that button is the step's tap
            for i in range(fields.count()):
                if fields.nth(i).get_attribute("value") in enc(value):
                    did["press"] = fields.nth(i)
                    did["press_what"] = f"the {name}'s button"
                    break
            else:
                raise AssertionError(f"{name}={value!r} is not offered")
        elif kind == "radio":
            for i in range(fields.count()):
                r = fields.nth(i)
                if r.get_attribute("value") in enc(value):
                    if not r.is_checked():
                        r.locator("xpath=..").click()
                        did["taps"] += 1
                        did["what"].append(f"pick {name}")
                    break
            else:
                raise AssertionError(f"{name}={value!r} is not offered")
        elif kind == "checkbox":
            if first.is_checked() != bool(value):
                first.locator("xpath=..").click()
                did["taps"] += 1
                did["what"].append(f"tick {name}")
        elif tag == "select":
            options = first.locator("option")
            values = [options.nth(i).get_attribute("value") for i in range(options.count())]
            pick = next((v for v in values if v in enc(value)), None)
            assert pick is not None, (name, value, values[:10])
            if first.input_value() != pick:
                first.select_option(pick)
                did["entries"] += 1
                did["what"].append(f"choose {name}")
        else:
            text = str(value)
            if first.input_value() != text:
                first.fill(text)
                did["entries"] += 1
                if kind == "number":
                    did["digits"] += len(text)
                else:
                    did["words"] += 1
                did["what"].append(f"type {name}")
    return did


def submit(page, form, did: dict) -> None:
    v = version(page)
    name = form.get_attribute("data-form")      # (before the tap: the step may replace the form)
    (did.pop("press", None) or form.locator("button:not([name=confirm])").last).click()
    did["taps"] += 1
    did["what"].append(did.pop("press_what", "the button"))
    confirm = form.locator("[data-confirm] button[name=confirm]")
    try:
        page.wait_for_function(
            """([f, v]) => { const live = document.getElementById('live');
                return Number(live.dataset.version) > v ||
                       !!document.querySelector(`form[data-form="${f}"] [data-confirm]`); }""",
            arg=[name, v], timeout=15000)
    except Exception:
        shot(page, "taps-stuck")
        raise
    if version(page) == v and confirm.count():
        confirm.click()
        did["taps"] += 1
        did["what"].append("confirm")
    wait_version(page, v + 1)


def cut_and_import(page, base, tmp_path, rec, n) -> tuple[str, str, Game]:
    """The record up to (not with) action ``n`` imported: the join link, who acts, and the
    game at that point."""
    path = tmp_path / f"cut-{n}.json"
    path.write_text(json.dumps(dict(rec, actions=rec["actions"][:n])))
    page.goto(base + "/")
    page.set_input_files("input[name=record]", str(path))
    page.locator("input[name=record]").evaluate("el => el.form.submit()")
    page.wait_for_url(re.compile(r"/tables/\w+/invite"))
    join = page.locator("#join-link").get_attribute("href")
    game = Game(rec["title"], rec["players"], rec.get("seed", 0), rec.get("options"))
    for a in rec["actions"][:n]:
        game.process(a)
    return join, game.view()["acting_players"][0], game


def the_form(page, a: dict):
    """The form of the recorded step: its type, and its fixed values those of the step."""
    forms = page.locator(f'#live form[data-type="{a["type"]}"]')
    for i in range(forms.count()):
        f = forms.nth(i)
        fixed = json.loads(f.get_attribute("data-fixed"))
        if all(str(a[k]) == str(v) for k, v in fixed.items() if k != "type" and k in a):
            return f
    shown = page.locator("#live form[data-type]").evaluate_all(
        "fs => fs.map(f => f.dataset.type + ' ' + f.dataset.fixed)")
    raise AssertionError(f"no form for {a}: {shown}")


# more taps than the "today", and why (what the issue itself asked for)
ASKED_FOR = {"buy a train": "the confirmation issue 12 asks for before a train is bought"}


@pytest.fixture(scope="module")
def counted(live_server, browser, tmp_path_factory):
    if "1888-N" not in titles.TITLES or not FIXTURE.exists():
        pytest.skip("1888-N or its recorded game is not here")
    from tests.browser.conftest import PHONE
    tmp_path = tmp_path_factory.mktemp("taps")
    rec = records.replay(records.loads(FIXTURE.read_bytes())).game.record()
    acts = rec["actions"]
    rows = []

    def fresh():
        ctx = browser.new_context(locale="en-GB", **PHONE)
        ctx.set_default_timeout(15000)
        ctx.add_init_script("window.liveGuardMs = 0;")
        return ctx.new_page()

    for label, which, fields, today in STEPS:
        n = next(i for i, a in enumerate(acts) if which(a))
        page = fresh()
        join, acting, game = cut_and_import(page, live_server.url, tmp_path, rec, n)
        take_seat(page, join, acting)
        form = the_form(page, acts[n])
        did = enter(page, form, fields(acts[n], game))
        submit(page, form, did)
        rows.append((label, did, today))
        page.context.close()
    # a cash correction: whose cash, how much, why (in the stock round after the auction)
    n = 30
    page = fresh()
    join, acting, _ = cut_and_import(page, live_server.url, tmp_path, rec, n)
    take_seat(page, join, acting)
    form = page.locator('#live form[data-type="correction"]').filter(
        has=page.locator('[name="amount"]')).first
    target = form.locator('[name="target"] option').nth(1).get_attribute("value")
    did = enter(page, form, {"target": json.loads(target), "amount": 10,
                             "reason": "miscounted"})
    submit(page, form, did)
    rows.append(("a cash correction", did, 7))
    page.context.close()

    lines = ["| step | taps (clicks + field entries) | what | issue 12: today |",
             "| --- | --- | --- | --- |"]
    for label, did, today in rows:
        total = did["taps"] + did["entries"]
        extra = (" + digits" if did["digits"] else "") + (" + a reason" if did["words"] else "")
        lines.append(f"| {label} | {total}{extra} | {', '.join(did['what'])} "
                     f"| {TODAY_TEXT[label]} |")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    (ARTIFACTS / "taps.md").write_text("\n".join(lines) + "\n")
    print("\n".join(lines))
    return rows


def test_every_typical_step_is_entered_and_counted(counted):
    assert len(counted) == len(STEPS) + 1
    assert all(did["taps"] >= 1 for _, did, _ in counted)


def test_no_typical_step_takes_more_taps_than_today(counted):
    over = [(label, did["taps"] + did["entries"], today) for label, did, today in counted
            if did["taps"] + did["entries"] > today and label not in ASKED_FOR]
    assert over == []
