"""A whole two-player 18Korea game entered on the seats' phones, from the draft to the scores.

Each seat has its own phone (its own browser context). A step is entered on the phone of
the player it belongs to (a company's steps on its director's phone), only through what
the page shows: the forms of the acting player or company, their radio buttons, selects
narrowed by another field, and number and text fields filled in as a player would. The
player is deterministic and keeps the game short: three South Korean companies started at
the highest par, every train the market offers bought (one 2-train each), big runs paid
out. The trains bring the Korean War (the third 4-train out of the market reveals its
card), then a share price of 460 or more ends the game.

Two players draft by their own rule (RB §13: two batches of six cards). Each company's
first tiles are entered too: one on a hex the book does not know yet (its label, side, kind
and printed cost read off the board) and one on its start city.
"""
from __future__ import annotations

import json
import re
from html.parser import HTMLParser

import pytest

from engine.records import replay
from engine.titles.title_18korea import data as D
from tests.browser.conftest import ARTIFACTS, shot
from tests.browser.flows import create_table, take_seat, wait_version

pytestmark = [pytest.mark.browser, pytest.mark.slow]

PLAYERS = ("Ann", "Bo")
SEED = 1
COMPANIES = 3          # three companies hold the 3- and 4-trains that bring the war
REVENUE = 400          # what each train runs for: at least twice the price for a while
MAX_STEPS = 400
SOUTH = {sym for sym, (_name, side, _city) in D.COMPANIES.items() if side == "S"}
HOME = {sym: city for sym, (_name, _side, city) in D.COMPANIES.items()}


class NowForms(HTMLParser):
    """The forms of whoever acts now: those in #actions before its <details> of other steps."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.forms: list[dict] = []
        self.cur = self.select = self.button = None
        self.fieldset = ""
        self.in_actions = False
        self.depth = 0          # <details> nesting

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "section" and a.get("id") == "actions":
            self.in_actions = True
        elif tag == "details":
            self.depth += 1
        if not self.in_actions or self.depth:
            return
        if tag == "form" and "data-type" in a:
            self.cur = {"type": a["data-type"], "index": a["data-form"], "button": "", "fields": {},
                        "fixed": json.loads(a.get("data-fixed") or "{}")}
            self.forms.append(self.cur)
        elif self.cur is None:
            return
        elif tag == "input" and a.get("type") != "hidden":
            if a.get("type") == "radio":
                self.cur["fields"].setdefault(a["name"], {"kind": "radio", "options": []})[
                    "options"].append(a["value"])
            else:
                self.cur["fields"][a["name"]] = {"kind": a.get("type", "text"),
                                                 "value": a.get("value", "")}
        elif tag == "select":
            self.select = self.cur["fields"][a["name"]] = {"kind": "select", "options": []}
        elif tag == "option" and self.select is not None:
            self.select["options"].append(a["value"])
        elif tag == "button" and a.get("name") and a["name"] != "confirm":
            # one button per choice (a par's prices): the choice, and the tap that enters it
            self.cur["fields"].setdefault(a["name"], {"kind": "tap", "options": []})[
                "options"].append(a["value"])
        elif tag == "button" or (tag == "legend" and "taps" in self.fieldset):
            self.button = []        # the step's words: its button, or its buttons' legend
        elif tag == "fieldset":
            self.fieldset = a.get("class") or ""

    def handle_data(self, data):
        if self.button is not None:
            self.button.append(data)

    def handle_endtag(self, tag):
        if tag == "details":
            self.depth -= 1
        elif tag == "form":
            self.cur = None
        elif tag == "select":
            self.select = None
        elif tag in ("button", "legend") and self.button is not None:
            if self.cur is not None:
                self.cur["button"] = "".join(self.button).strip()
            self.button = None
        elif tag == "fieldset":
            self.fieldset = ""
        elif tag == "section" and self.in_actions and not self.depth:
            self.in_actions = False


def now_forms(html: str) -> list[dict]:
    p = NowForms()
    p.feed(html)
    return p.forms


def who(form) -> str:
    """The player or company a form is for: its button (or the legend of its buttons, one
    per choice) reads "<who>: <what> · ..."."""
    return form["button"].split(":", 1)[0].strip()


def q(value: str) -> str:
    """A CSS attribute value in double quotes."""
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


class TablePlayer:
    """Picks the next step among the acting forms; the same choices every game."""

    def __init__(self):
        self.started = 0
        self.director: dict[str, str] = {}      # company -> player name (from its par step)
        self.trains: dict[str, int] = {}        # company -> trains held (from its run form)
        self.laid: dict[str, int] = {}          # company -> tiles laid
        self.labels = 0

    def choose(self, forms: list[dict]) -> tuple[dict, list[tuple]]:
        """(form, steps) where a step is ("pick", field, value) for a choice (radio
        buttons, or a select when there are many; value None: the first option a select
        keeps once the page narrowed it), ("suggested", field, None) for the first value
        a text field's list suggests, or ("fill", field, text)."""
        by: dict[str, list[dict]] = {}
        for f in forms:
            by.setdefault(f["type"], []).append(f)
        if "discard_train" in by:
            return by["discard_train"][0], []
        if "draft" in by:
            return by["draft"][0], []
        if "par" in by:
            f = by["par"][0]
            company = f["fixed"]["company"]
            self.director[company] = who(f)
            return f, [("pick", "price", max(f["fields"]["price"]["options"], key=json.loads))]
        if "bid" in by:                         # an auction of another player's company
            return by["pass"][0], []
        if "start_auction" in by and self.started < COMPANIES:
            f = by["start_auction"][0]
            south = [o for o in f["fields"]["company"]["options"] if json.loads(o) in SOUTH]
            if south:
                self.started += 1
                return f, [("pick", "company", south[0]), ("fill", "bid", "0")]
        if "lay_tile" in by:
            lay = self.lay(by["lay_tile"])
            if lay:
                return lay
        if "run" in by:
            f = by["run"][0]
            comp = who(f)
            revenues = sorted(k for k in f["fields"] if k.startswith("revenues."))
            self.trains[comp] = len(revenues)
            return f, [("fill", k, str(REVENUE)) for k in revenues]
        if "dividend" in by:
            return by["dividend"][0], [("pick", "kind", '"payout"')]
        market = [f for f in by.get("buy_train", []) if f["fixed"].get("source") == "market"]
        if market:
            f = market[0]
            comp = who(f)
            two = f["fixed"].get("train") == "2"
            if not (two and self.trains.get(comp)):     # one 2-train is enough
                self.trains[comp] = self.trains.get(comp, 0) + 1
                return f, []
        for kind in ("done", "pass"):
            if kind in by:
                return by[kind][0], []
        for kind in ("sell_shares", "bankrupt"):        # raising money for a forced purchase
            if kind in by:
                return by[kind][0], []
        raise AssertionError(f"no step among {[f['button'] for f in forms]}")

    def lay(self, forms):
        """A company's first two tiles: one on a hex the book does not know yet (label, side,
        kind, printed cost; the tile among those the page leaves for that kind), then one on
        its start city (the tile its list suggests for that city)."""
        comp = who(forms[0])
        kinds = {f["fixed"]["form"]: f for f in forms}
        n = self.laid.get(comp, 0)
        if n == 0 and "new_hex" in kinds:
            self.laid[comp] = 1
            self.labels += 1
            kind = ('"plain"', '"small"', '"city"')[self.labels % 3]
            return kinds["new_hex"], [
                ("fill", "hex", f"K{10 + self.labels}"), ("pick", "side", '"S"'),
                ("pick", "hex_kind", kind), ("fill", "cost", "20" if self.labels == 2 else "0"),
                ("pick", "tile", None), ("fill", "rotation", str(self.labels % 6))]
        home = json.dumps(HOME[comp])
        if n == 1 and "known_hex" in kinds and home in kinds["known_hex"]["fields"]["hex"]["options"]:
            self.laid[comp] = 2
            return kinds["known_hex"], [("pick", "hex", home), ("suggested", "tile", None),
                                        ("fill", "rotation", "3")]
        return None


class Phone:
    def __init__(self, name, page):
        self.name, self.page = name, page

    def html(self) -> str:
        return self.page.evaluate("document.getElementById('live').outerHTML")

    def enter(self, form, steps) -> str:
        """Fill the form as shown and tap its button; the page's answer (#live)."""
        page = self.page
        f = page.locator(f'#actions form[data-form="{form["index"]}"]')
        submit = f.locator("button").first
        for what, name, value in steps:
            kind = form["fields"][name]["kind"]
            if kind == "tap":           # one button per choice: the choice's button enters it
                submit = f.locator(f"button[name={q(name)}][value={q(value)}]")
            elif kind == "radio":       # radio buttons: tap the choice's label
                f.locator(f"label:has(> input[name={q(name)}][value={q(value)}])").click()
            elif kind == "select":
                sel = f.locator(f"select[name={q(name)}]")
                if value is None:       # the first choice left once the page narrowed them
                    value = sel.evaluate("s => [...s.options].find(o => !o.disabled).value")
                sel.select_option(value)
            elif what == "suggested":   # the first value the field's list suggests now
                box = f.locator(f"input[name={q(name)}]")
                box.fill(box.evaluate(
                    "b => document.getElementById(b.getAttribute('list')).options[0].value"))
            else:
                f.locator(f"input[name={q(name)}]").fill(value)
        before = page.locator("#live").get_attribute("data-version")
        submit.click()
        html = self.answer(before)
        if "data-confirm" in html:      # a money step asks once: yes, enter it
            page.locator('#actions [data-confirm] button[name="confirm"]').click()
            html = self.answer(before)
        return html

    def answer(self, before: str) -> str:
        """The page once it has answered a tap: a new step, a refusal, or a question."""
        return self.page.wait_for_function(
            """v => { const l = document.getElementById('live');
                      if (!l || document.body.dataset.busy) return false;
                      if (l.dataset.version !== v || l.querySelector('.err')
                          || l.querySelector('[data-confirm]')) return l.outerHTML;
                      return false; }""", arg=before).json_value()


def version_of(html: str) -> int:
    return int(re.search(r'id="live" data-version="(\d+)"', html).group(1))


def money(text: str) -> int:
    return int(re.sub(r"[^\d-]", "", text))


def test_a_whole_18korea_game_on_two_phones(live_server, phone):
    base = live_server.url
    first = phone()
    code, join, _ = create_table(first, base, title="18Korea", players=PLAYERS, seed=SEED)
    phones = {}
    for seat, name in enumerate(PLAYERS, start=1):
        page = first if seat == 1 else phone()
        take_seat(page, join, str(seat))
        assert f"you are {name}" in page.locator("#live").inner_text()
        phones[name] = Phone(name, page)
    player = TablePlayer()
    html = phones[PLAYERS[0]].html()
    steps, war_at, types = 0, None, {}
    while "Game over" not in html:
        assert steps < MAX_STEPS, f"not over after {steps} steps"
        forms = now_forms(html)
        form, fill = player.choose(forms)
        actor = who(form)
        ph = phones.get(actor) or phones.get(player.director.get(actor))
        assert ph is not None, f"whose phone enters {form['button']}?"
        v = version_of(html)
        wait_version(ph.page, v)            # this phone has caught up with the last step
        html = ph.enter(form, fill)
        err = re.search(r'class="err"[^>]*>([^<]*)<', html)
        assert err is None, f"step {steps} refused: {form['button']} {fill}: {err and err.group(1)}"
        assert version_of(html) == v + 1
        steps += 1
        types[form["type"]] = types.get(form["type"], 0) + 1
        if war_at is None and 'data-code="korean_war"' in html:
            war_at = v + 1
            shot(ph.page, "18korea-war-book")
    print(f"18Korea: {steps} steps to the end; {types}")
    assert war_at is not None, "the Korean War never broke out"
    assert types["draft"] == 6      # RB §13: two batches; picks 1 then 2, then 1 then 2
    assert types["par"] == COMPANIES and types["lay_tile"] == 2 * COMPANIES

    page = ph.page
    # the book as the engine keeps it, read through the JSON API with this seat's token
    token = page.locator("main").get_attribute("data-token")
    auth = {"Authorization": f"Bearer {token}"}
    state = page.request.get(f"{base}/api/tables/{code}", headers=auth).json()["state"]
    assert state["finished"] and state["war"] == "done"
    record = page.request.get(f"{base}/api/tables/{code}/record", headers=auth).json()
    game = replay(record).game
    assert game.finished and game.result() == state["scores"]
    names = {p["id"]: p["name"] for p in record["players"]}

    # the Korean War in the history
    page.goto(f"{base}/tables/{code}/history")
    war = page.locator(f'li[data-version="{war_at}"] .event[data-code="korean_war"]')
    assert war.inner_text().startswith("The Korean War breaks out: every tile and station in North Korea")
    war.evaluate("e => e.scrollIntoView({block: 'center'})")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "18korea-war-history.png"))

    # the final scores: every player, with the engine's totals
    page.goto(f"{base}/tables/{code}")
    page.get_by_role("link", name="Final scores").first.click()
    page.wait_for_selector("#scores")
    rows = page.locator("#scores tbody tr")
    assert rows.count() == len(PLAYERS)
    shown = {}
    for i in range(rows.count()):
        row = rows.nth(i)
        shown[names[row.get_attribute("data-player")]] = money(row.locator("td").last.inner_text())
    assert shown == {names[pid]: total for pid, total in game.result().items()}
    assert page.locator("#chart svg").count() == 1
    shot(page, "18korea-scores")
