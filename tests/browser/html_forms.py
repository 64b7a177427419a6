"""Read the phone's action forms out of a page's HTML, and fill them as a player would.

Used by the pages tests to play whole games through the HTML forms alone (no JSON):
only what a phone offers (radio buttons, selects, number ranges, suggested values, one
button per choice) is chosen. A choice offered as buttons (``<button name value>``: a par's
prices) is read as radio buttons are, and listed in ``taps``: its value is posted by pressing
that button.
"""
from __future__ import annotations

import random
from html.parser import HTMLParser


class Forms(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.forms: list[dict] = []
        self.cur = None
        self.datalists: dict[str, list[str]] = {}
        self._dl = None
        self._select = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "form" and "data-type" in a:
            self.cur = {"type": a["data-type"], "index": a.get("data-form"), "action": a["action"],
                        "hidden": {}, "numbers": {}, "radios": {}, "selects": {}, "texts": {},
                        "taps": set()}
            self.forms.append(self.cur)
        elif tag == "datalist":
            self._dl = self.datalists.setdefault(a["id"], [])
        elif tag == "option" and self._dl is not None:
            self._dl.append(a.get("value", ""))
        elif tag == "option" and self._select is not None:
            self._select.append(a.get("value", ""))
        elif self.cur is None:
            return
        elif tag == "input":
            kind, name = a.get("type", "text"), a.get("name")
            if kind == "hidden":
                self.cur["hidden"][name] = a.get("value", "")
            elif kind == "number":
                self.cur["numbers"][name] = (a.get("min"), a.get("max"), a.get("step"), a.get("value"))
            elif kind == "radio":
                self.cur["radios"].setdefault(name, []).append(a.get("value"))
            else:
                self.cur["texts"][name] = (a.get("value", ""), a.get("list"))
        elif tag == "select":
            self._select = self.cur["selects"].setdefault(a["name"], [])
        elif tag == "button" and a.get("name") and a.get("name") != "confirm":
            self.cur["radios"].setdefault(a["name"], []).append(a.get("value"))
            self.cur["taps"].add(a["name"])

    def handle_endtag(self, tag):
        if tag == "form":
            self.cur = None
        elif tag == "datalist":
            self._dl = None
        elif tag == "select":
            self._select = None


def parse(html: str) -> list[dict]:
    p = Forms()
    p.feed(html)
    for f in p.forms:
        f["suggest"] = {n: p.datalists.get(lst, []) for n, (_v, lst) in f["texts"].items() if lst}
    return p.forms


def fill(form: dict, rng: random.Random) -> dict:
    """The data a player would post: random among what the form offers."""
    data = dict(form["hidden"])
    for name, (lo, hi, step, value) in form["numbers"].items():
        if lo is not None and hi is not None and rng.random() < 0.5:
            lo_i, hi_i, st = int(lo), int(hi), int(step or 1)
            data[name] = str(lo_i + st * rng.randint(0, max(0, (hi_i - lo_i) // st)))
        elif lo is not None and hi is None:       # e.g. a train's revenue: what a run might earn
            st = int(step or 1)
            data[name] = str(int(lo) + st * rng.randint(0, max(1, 300 // st)))
        else:
            data[name] = value or lo or "0"
    for name, values in form["radios"].items():
        data[name] = rng.choice(values)
    for name, values in form["selects"].items():
        data[name] = rng.choice(values)
    for name, (value, _lst) in form["texts"].items():
        options = form["suggest"].get(name)
        data[name] = rng.choice(options) if options else (value or "table check")
    return data


# A player who keeps the game moving: runs and buys trains more than they pass.
WEIGHTS = {"run_trains": 20, "run": 20, "dividend": 10, "buy_train": 8, "par": 6, "buy_shares": 4,
           "buy_share": 4, "bid": 3, "lay_tile": 0.2, "place_token": 0.1, "sell_shares": 0.5,
           "trade_asset": 0.1, "enter_asset": 0.1, "correction": 0}


def choose(forms: list[dict], rng: random.Random, refused=()) -> dict | None:
    """One of the forms, by WEIGHTS; a form refused at this version is tried less."""
    weights = [WEIGHTS.get(f["type"], 1) * (0.1 if f["index"] in refused else 1) for f in forms]
    if not forms or not any(weights):
        return None
    return rng.choices(forms, weights=weights)[0]
