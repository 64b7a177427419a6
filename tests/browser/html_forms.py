"""Read the phone's action forms out of a page's HTML, and fill them as a player would.

Used by the pages tests to play whole games through the HTML forms alone (no JSON):
only what a phone offers (radio buttons, selects, number ranges, suggested values, one
button per choice) is chosen. A choice offered as buttons (``<button name value>``: a par's
prices) is read as radio buttons are, and listed in ``taps``: its value is posted by pressing
that button.
"""
from __future__ import annotations

import random
import re
from html import unescape

# Only a few tags and their attributes say what a form offers, so they are picked out of the
# page with patterns, comments, scripts and styles (whose text is not markup) dropped first:
# html.parser's walk over every tag and text of a 50 kB page was about a tenth of a step
# played through the forms, this a quarter of that, and the forms read are the same (checked
# on 399 pages of every title)
_SKIP = re.compile(r"(?is)<!--.*?-->|<(script|style)\b.*?</\1\s*>")
_TAG = re.compile(r"""(?i)<(/?)(form|datalist|option|input|select|button)(?=[\s/>])"""
                  r"""((?:\s*[^\s=/>]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'>]*))?|\s*/(?!>))*)\s*/?>""")
_ATTR = re.compile(r"""([^\s=/>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]*)))?""")


def _attrs(text: str) -> dict:
    """A tag's attributes as a browser reads them: names in lower case, the first of a name
    kept, values unescaped, None for one without a value."""
    out = {}
    for m in _ATTR.finditer(text):
        name = m.group(1).lower()
        if m.group(2) is not None:
            v = m.group(2)
        elif m.group(3) is not None:
            v = m.group(3)
        elif m.group(4) is not None:
            v = m.group(4)
        else:
            v = None
        out.setdefault(name, unescape(v) if v is not None and "&" in v else v)
    return out


def parse(html: str) -> list[dict]:
    """The page's step forms, in page order: each one's type, index, action and fields."""
    forms, datalists = [], {}
    cur = dl = select = None
    for m in _TAG.finditer(_SKIP.sub("", html)):
        end, tag = m.group(1), m.group(2).lower()
        if end:
            if tag == "form":
                cur = None
            elif tag == "datalist":
                dl = None
            elif tag == "select":
                select = None
            continue
        a = _attrs(m.group(3))
        if tag == "form" and "data-type" in a:
            cur = {"type": a["data-type"], "index": a.get("data-form"), "action": a["action"],
                   "hidden": {}, "numbers": {}, "radios": {}, "selects": {}, "texts": {},
                   "taps": set()}
            forms.append(cur)
        elif tag == "datalist":
            dl = datalists.setdefault(a["id"], [])
        elif tag == "option" and dl is not None:
            dl.append(a.get("value", ""))
        elif tag == "option" and select is not None:
            select.append(a.get("value", ""))
        elif cur is None:
            continue
        elif tag == "input":
            kind, name = a.get("type", "text"), a.get("name")
            if kind == "hidden":
                cur["hidden"][name] = a.get("value", "")
            elif kind == "number":
                cur["numbers"][name] = (a.get("min"), a.get("max"), a.get("step"), a.get("value"))
            elif kind == "radio":
                cur["radios"].setdefault(name, []).append(a.get("value"))
            else:
                cur["texts"][name] = (a.get("value", ""), a.get("list"))
        elif tag == "select":
            select = cur["selects"].setdefault(a["name"], [])
        elif tag == "button" and a.get("name") and a.get("name") != "confirm":
            cur["radios"].setdefault(a["name"], []).append(a.get("value"))
            cur["taps"].add(a["name"])
    for f in forms:
        f["suggest"] = {n: datalists.get(lst, []) for n, (_v, lst) in f["texts"].items() if lst}
    return forms


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
