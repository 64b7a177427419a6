"""The 18xx family's legal entries in the declared contract (``engine.contract``).

The steps of the core and of 18xx titles make their entries' params with the contract's
builders (``contract.choice``, ``number``, ``free_text``; ``steps.base.worded`` for a choice
of words); ``declare`` adds to each entry what the phones show around its params: an entry
label, the company it is about, and its shown-only data (a list of trains, the prices by
source) under ``show``. ``PARAM_TYPES`` types the fixed fields of an entry and the fields of a
posted step (its label and its history line), never a param.
"""
from __future__ import annotations

import re

from engine import contract as C

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
# List-valued fields shown with an entry, by their item type.
SHOWN_LIST_TYPES = {"trains": "train", "colors": "text", "hexes": "hex"}

# Words of choices that are not ids (a dividend's kind, a correction's op, a share's source).
CHOICE_WORDS = {
    "payout": "pay out", "withhold": "withhold", "half": "pay half",
    "new_hex": "a hex built on for the first time", "known_hex": "a hex the book knows",
    "add": "add", "remove": "remove", "give": "give",
    "ipo": "IPO", "pool": "bank pool", "market": "train market", "bank": "bank",
    "closed": "closed", "none": "no tile",
    "N": "North", "S": "South", "plain": "plain", "small": "small town", "city": "city",
    "yellow": "yellow", "green": "green", "brown": "brown", "gray": "gray", "grey": "gray",
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
CORRECTION_WORDS = {
    "cash": "Correct cash", "share_price": "Correct a share price", "price": "Correct a share price",
    "train": "Correct a company's trains", "add_train": "Give a company a train",
    "remove_train": "Take a train from a company", "shares": "Move shares",
    "company": "Correct a private's owner", "tile": "Correct a hex's tile",
    "token": "Correct a station", "station_token": "Correct a company's stations",
    "phase": "Correct the phase", "priority": "Correct the priority deal",
    "depot": "Correct the train market", "hex": "Correct a hex's facts",
}
FIELD_WORDS = {
    "prices": "Prices", "trains": "Trains", "colors": "Colours now", "hexes": "Hexes",
    "tiles": "Tiles left", "bonuses": "Bonuses", "need": "Still to raise",
    "tp_left": "Track points left", "revenue": "Revenue",
}


def word(value) -> dict:
    text = CHOICE_WORDS.get(value, str(value).replace("_", " "))
    return C.msg(f"word.{value}", text)


def _typed(name: str, v):
    t = PARAM_TYPES.get(name)
    if t in ("money", "count", "percent") and isinstance(v, int) and not isinstance(v, bool):
        return C.value(t, v)
    if t and isinstance(v, (str, int)) and not isinstance(v, bool):
        return C.value(t, v)
    if isinstance(v, bool):
        return C.flag(v)
    return C.text(str(v))


def param(name: str, spec) -> dict:
    """A param of an entry: already in the contract's form, made by its builders
    (``engine.contract``: ``choice``, ``number``, ``free_text``, ...; a list ``{"kind":
    "list", ..}``); anything else is a mistake of the code that offers the entry."""
    if not isinstance(spec, dict) or "kind" not in spec:
        raise TypeError(f"param {name!r} is not declared with the contract's builders: {spec!r}")
    return spec


def _show(key: str, value) -> list[dict]:
    label = C.msg(f"field.{key}", FIELD_WORDS.get(key, key.replace("_", " ")))
    if isinstance(value, dict):
        if all(isinstance(v, (int, str)) for v in value.values()):
            if key == "prices":
                return [{"label": word(k), "value": C.money(v)} for k, v in value.items()]
            return [{"label": label, "value": C.value("list", [
                C.text(f"{k} ×{v}") for k, v in value.items()])}]
        return []
    if isinstance(value, list):
        t = SHOWN_LIST_TYPES.get(key)
        if t == "train":
            return [{"label": label, "value": C.listing("train", [str(x).split("-")[0]
                                                                  for x in value])}]
        if t == "text":
            return [{"label": label, "value": C.value("list", [C.text(word(x)) for x in value])}]
        if t:
            return [{"label": label, "value": C.listing(t, value)}]
        if key == "bonuses":
            return [{"label": C.msg("field.bonus", "Bonus: %(name)s", name=str(b.get("name"))),
                     "value": C.money(b["amount"])}
                    for b in value if isinstance(b, dict) and isinstance(b.get("amount"), int)]
        return []
    if key in FIELD_WORDS:
        return [{"label": label, "value": _typed(key, value)}]
    return []


# Scalars some entries carry only to be shown, never sent.
SHOWN_SCALARS = {"need", "tp_left"}


def entry(e: dict, players: set, money=str) -> dict:
    """One legal entry in the contract's form."""
    if e.get("type") in ("undo", "redo"):
        return e
    out = {"type": e["type"]}
    if "entity" in e:
        out["entity"] = e["entity"]
    show = list(e.get("show") or [])
    params_in = e.get("params") or {}
    for key, v in e.items():
        if key in ("type", "entity", "params", "show", "label", "anytime", "warn", "picture",
                   "about"):
            continue
        if isinstance(v, (list, dict)) or key in SHOWN_SCALARS:
            show += _show(key, v)
        elif key not in params_in:
            out[key] = v
    out["params"] = {n: param(n, p) for n, p in params_in.items()}
    if e.get("anytime"):
        out["anytime"] = True
    if e.get("warn"):
        out["warn"] = e["warn"]
    if e.get("picture"):
        out["picture"] = e["picture"]
    out["label"] = e["label"] if isinstance(e.get("label"), dict) else label(out, money)
    about = next((v for k, v in out.items() if PARAM_TYPES.get(k) == "company"
                  and k not in C.ENTRY_KEYS), None)
    if e.get("about"):
        out["about"] = e["about"]            # declared by the step (a typed value)
    elif about is not None and e["type"] != "correction":
        out["about"] = C.company(about)      # the company (a share's, a lot) it is about
    if show:
        out["show"] = show
    return out


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


# Declared entries by what they were made from: most entries (the corrections above all,
# with a choice per market space and per tile) are the same from one version to the next.
# The declared dicts are shared between calls: nothing may change them.
_DECLARED: dict = {}
DECLARED_KEEP = 1024


def declare(entries: list[dict], players, money=str, names=None) -> list[dict]:
    """The entries in the contract's form; ``names(id)``: a company's name (the ``about`` of
    an entry shows it, a lot of an auction by its name)."""
    ids = set(players)
    salt = (tuple(sorted(ids)), money(1000))
    out = []
    for e in entries:
        key = (repr(e), salt)
        got = _DECLARED.get(key)
        if got is None:
            got = entry(e, ids, money)
            if len(_DECLARED) >= DECLARED_KEEP:
                _DECLARED.clear()
            _DECLARED[key] = got
        if names is not None and "about" in got:
            sym = got["about"]["v"]
            name = names(sym)
            if name and name != sym:
                got = {**got, "about": C.company(sym, name=name)}
        out.append(got)
    return out


def seat_param(players) -> dict:
    """The ``entity`` of an entry any seated player may post (a correction): the posting
    phone's own seat."""
    return {**C.choice("player", list(players)), "fill": "seat"}
