"""A posted step of an 18xx title as its history line (``describe``; a title's
``TitleSpec.describe`` is ``engine.core18xx.game.describer(its rules class)``).

What each field of a step is comes from the step that takes it: its ``POSTS`` (``Step.POSTS``,
``Corrections.CORRECTION_POSTS``, a title's own), never from the field's name. A field a step
does not declare is said as it is (a word of the family's, a flag, or its text).

The legal entries are made whole by the steps that offer them (``engine.core18xx.entries``);
nothing here is used to make one.
"""
from __future__ import annotations

import re

from engine import contract as C
from engine.core18xx.corrections import correction_label
from engine.core18xx.entries import CHOICE_WORDS, word

# English of each entry's label; ``act.<type>`` (corrections ``act.correction.<kind>``).
ACTION_WORDS = {
    "bid": "Bid on %(company)s", "pass": "Pass", "par": "Par %(corporation)s",
    "buy_shares": "Buy a share of %(corporation)s", "sell_shares": "Sell %(corporation)s",
    "lay_tile": "Lay or upgrade a tile", "place_token": "Place a station (%(price)s)",
    "run_trains": "Run the trains", "dividend": "Dividend of %(revenue)s",
    "buy_train": "Buy a %(train)s-train", "buy_company": "Buy %(company)s",
    "discard_train": "Discard a train", "bankrupt": "Declare bankruptcy",
    "exchange": "Exchange %(company)s for a share",
    # 18Korea's own steps
    "draft": "Take an asset card", "start_auction": "Start an auction", "done": "Done",
    "buy_share": "Buy a share of %(company)s", "build_station": "Build a station",
    "run": "Run the trains", "upgrade_train": "Upgrade the %(train)s-train",
    "defector_station": "Place the defector's station", "attach_asset": "Attach %(card)s",
    "trade_asset": "Trade %(card)s", "enter_asset": "Enter an asset card",
    "replace_asset": "Replace %(card)s", "use_asset": "Use %(card)s",
    "correction": "Correct the book",
}

NOT_DETAILS = {"type", "entity"}


def posts_of(rules_cls) -> dict:
    """What the steps of a title post, by action type (``correction.<kind>`` for a
    correction): its step classes' ``POSTS``, its corrections' ``CORRECTION_POSTS`` and its own
    ``POSTS`` (what its game adds to a step's entry, a run's bonuses)."""
    got = _POSTED.get(rules_cls)
    if got is None:
        got = {}
        for step in rules_cls.step_classes():
            for kind, fields in step.POSTS.items():
                got.setdefault(kind, {}).update(fields)
        for kind, fields in rules_cls.CORRECTION_POSTS.items():
            got[f"correction.{kind}"] = dict(fields)
        for kind, fields in getattr(rules_cls, "POSTS", {}).items():
            got.setdefault(kind, {}).update(fields)
        _POSTED[rules_cls] = got
    return got


_POSTED: dict = {}


def _value(t: str | None, v):
    if t and isinstance(v, (str, int)) and not isinstance(v, bool):
        return C.value(t, v)
    if isinstance(v, bool):
        return C.flag(v)
    return C.text(str(v))


def _fields(action: dict, posts: dict) -> dict:
    kind = action.get("type")
    if kind == "correction":
        return posts.get(f"correction.{action.get('kind')}") or {}
    return posts.get(kind) or {}


def label(action: dict, types: dict, money=str) -> dict:
    """The step's label: the words of its type (a correction's of its kind), its fields
    named in them as the step declares them."""
    kind = action["type"]
    fixed = {k: v for k, v in action.items() if k not in C.ENTRY_KEYS}
    if kind == "correction":                        # its form's label, with what it posted
        form = correction_label(fixed.get("kind"), fixed.get("op"))
        return C.msg(form["code"], form["message"], **fixed)
    template = ACTION_WORDS.get(kind, kind.replace("_", " ").capitalize())
    if kind == "buy_train" and "seller" in fixed:     # from another company: which one
        return C.msg("act.buy_train.from", "Buy %s's %s-train" % (
            fixed["seller"], _plain(types.get("train"), fixed["train"])), **fixed)
    try:
        english = template % {k: _plain(types.get(k), v, money) for k, v in fixed.items()}
    except (KeyError, TypeError, ValueError):       # a field it names is not there
        return C.msg(f"act.{kind}.plain", _english(f"act.{kind}.plain", template.split(" %(")[0]),
                     **fixed)
    return C.msg(f"act.{kind}", english, **fixed)


def _plain(t: str | None, v, money=str):
    if t == "money" and isinstance(v, int):
        return money(v)
    if t == "train":
        return str(v).split("-")[0]
    return v


def _english(code: str, fallback: str) -> str:
    from engine.core18xx.words import WORDS
    return (WORDS.get(code) or {}).get("en") or fallback


def describe(action: dict, currency: str = "", posts: dict | None = None) -> dict:
    """A posted step as its history line (``engine.contract``: ``{label, details}``): the
    step's label, then each field the label does not name, typed as its step declares it
    (``posts``: ``posts_of``)."""
    def money(v):
        return f"{currency}{v:,}" if isinstance(v, int) else str(v)
    types = _fields(action, posts or {})
    fields = {k: v for k, v in action.items() if k not in ("type", "entity")}
    head = label(dict(action), types, money)
    template = ACTION_WORDS.get(action.get("type"), "")
    named = set(re.findall(r"%\((\w+)\)s", template)) if not head["code"].endswith(".plain") \
        else set()
    details = []
    for k, v in fields.items():
        if k in named or k in NOT_DETAILS or v is None or \
                (action.get("type") == "correction" and k in ("kind", "op")):
            continue
        t = types.get(k)
        if isinstance(v, list):
            t = t[5:] if t and t.startswith("list:") else None
            items = [C.flag(bool(x)) if t == "flag" else _value(t, x) for x in v]
            value = C.value("list", items)
        elif isinstance(v, str) and v in CHOICE_WORDS:
            value = C.text(word(v))
        else:
            value = _value(t, v)
        details.append({"label": C.msg(f"param.{k}", _english(f"param.{k}",
                                                          k.replace("_", " ").capitalize())),
                        "value": value})
    return {"label": head, "details": details}
