"""A posted step of an 18xx title as its history line (``describe``, the 18xx titles'
``TitleSpec.describe``). The legal entries are made whole by the steps that offer them
(``engine.core18xx.entries``); nothing here is used to make one.
"""
from __future__ import annotations

import re

from engine import contract as C
from engine.core18xx.corrections import CORRECTION_WORDS
from engine.core18xx.entries import CHOICE_WORDS, word

# What a value of each field name is, in labels and history lines (params declare their own).
PARAM_TYPES = {
    "price": "money", "amount": "money", "cost": "money", "bid": "money", "revenue": "money",
    "best": "money",
    "need": "money", "capital": "money", "per_share": "money",
    "count": "count", "seat": "count", "city": "count", "tp_left": "count",
    "percent": "percent",
    "corporation": "company", "company": "company", "card": "company", "new_card": "company",
    "hex": "hex", "tile": "tile", "rotation": "rotation", "train": "train",
    "target": "entity", "owner": "entity", "source": "entity", "to": "entity", "seller": "entity",
    "player": "player",
}
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

def _typed(name: str, v):
    t = PARAM_TYPES.get(name)
    if t in ("money", "count", "percent") and isinstance(v, int) and not isinstance(v, bool):
        return C.value(t, v)
    if t and isinstance(v, (str, int)) and not isinstance(v, bool):
        return C.value(t, v)
    if isinstance(v, bool):
        return C.flag(v)
    return C.text(str(v))


def label(e: dict, money=str) -> dict:
    kind = e["type"]
    fixed = {k: v for k, v in e.items() if k not in C.ENTRY_KEYS}
    if kind == "correction" and fixed.get("kind") in CORRECTION_WORDS:
        code = f"act.correction.{fixed['kind']}" + (f".{fixed['op']}" if "op" in fixed else "")
        text = CORRECTION_WORDS[fixed["kind"]] + (f" ({fixed['op']})" if "op" in fixed else "")
        return C.msg(code, text, **fixed)
    template = ACTION_WORDS.get(kind, kind.replace("_", " ").capitalize())
    if kind == "buy_train" and "seller" in fixed:     # from another company: which one
        return C.msg("act.buy_train.from", "Buy %s's %s-train" % (
            fixed["seller"], _plain("train", fixed["train"])), **fixed)
    try:
        english = template % {k: _plain(k, v, money) for k, v in fixed.items()}
    except (KeyError, TypeError, ValueError):       # a field it names is not there
        return C.msg(f"act.{kind}.plain", _english(f"act.{kind}.plain", template.split(" %(")[0]),
                     **fixed)
    return C.msg(f"act.{kind}", english, **fixed)


def _plain(key: str, v, money=str):
    if PARAM_TYPES.get(key) == "money" and isinstance(v, int):
        return money(v)
    if key == "train":
        return str(v).split("-")[0]
    return v


# A list field's items by their type, when a step is described (revenues, bonus flags).
LIST_ITEM_TYPES = {"revenues": "money", "destination": "flag", "mine": "flag"}
NOT_DETAILS = {"type", "entity"}


def _english(code: str, fallback: str) -> str:
    from engine.core18xx.words import WORDS
    return (WORDS.get(code) or {}).get("en") or fallback


def describe(action: dict, currency: str = "") -> dict:
    """A posted step as its history line (``engine.contract``: ``{label, details}``): the
    entry's label, then each field the label does not name, typed."""
    def money(v):
        return f"{currency}{v:,}" if isinstance(v, int) else str(v)
    fields = {k: v for k, v in action.items() if k not in ("type", "entity")}
    head = label(dict(action), money)
    template = ACTION_WORDS.get(action.get("type"), "")
    named = set(re.findall(r"%\((\w+)\)s", template)) if not head["code"].endswith(".plain") \
        else set()
    details = []
    for k, v in fields.items():
        if k in named or k in NOT_DETAILS or v is None or \
                (action.get("type") == "correction" and k in ("kind", "op")):
            continue
        if isinstance(v, list):
            t = LIST_ITEM_TYPES.get(k)
            items = [C.flag(bool(x)) if t == "flag" else
                     C.value(t, x) if t and isinstance(x, int) else _typed(k, x) for x in v]
            value = C.value("list", items)
        elif isinstance(v, str) and v in CHOICE_WORDS:
            value = C.text(word(v))
        else:
            value = _typed(k, v)
        details.append({"label": C.msg(f"param.{k}", _english(f"param.{k}",
                                                          k.replace("_", " ").capitalize())),
                        "value": value})
    return {"label": head, "details": details}
