"""The door: what the engine declares is what it takes.

:func:`admit` holds a posted action against the legal entries the game offers now (the
declared contract, ``engine.contract``) before any rule runs:

* its ``type`` is offered now, and to its ``entity`` (``not_offered``, ``not_your_turn``);
* its fixed fields are those of the entry it claims;
* every param matches its declaration: a choice is one of the offered values (narrowed by
  ``choices_by``), a number is a whole number (never a float, a boolean, NaN or -0.0) between
  ``min`` and ``max`` in the entry's ``step``, a flag is true or false, a text is a string of at
  most ``max_length`` characters with no control character (and its ``pattern``), a list has
  exactly one value per item, each checked as its ``of``;
* what the entry does not declare is dropped.

It returns the action as admitted, which is what the rules apply and the log keeps. A refusal
is a :class:`GameError` of one small family (the codes in ``REFUSALS``) whose params say what
is allowed: the field (a message: its label), and the range, the choices, the length.
Rules code trusts the params it gets.
"""
from __future__ import annotations

import math
import re
import unicodedata

from engine import contract as C
from engine.errors import GameError

# codes of the door's refusals (words: engine/words_common.py)
REFUSALS = ("not_offered", "not_your_turn", "param_missing", "param_not_whole", "param_range",
            "param_choice", "param_flag", "param_text", "param_blank", "param_pattern",
            "param_list", "param_taken", "param_fixed")

# what a free-entry choice may be when it is not one offered: a label as a board or a card
# prints it, or as the table names a hex the book does not know ("B18", "57", "Hanseong",
# "한성"): a letter or digit first, then letters, digits, spaces and . ' # + -, 20 at most
FREE_ENTRY = re.compile(r"^[^\W_][\w .'#+-]{0,19}$")
NUMBER_TYPES = ("money", "count", "percent", "price")
SHOWN_CHOICES = 12      # a refusal names at most this many of the offered choices


NOT_TEXT = frozenset({"Cc", "Cs", "Zl", "Zp"})


def has_control(text: str) -> bool:
    """A control character (C0, DEL, C1), a lone surrogate or a line or paragraph separator
    anywhere in ``text``."""
    return any(unicodedata.category(ch) in NOT_TEXT for ch in text)


def same(a, b) -> bool:
    """Equal and of the same JSON kind: ``1`` is neither ``True`` nor ``1.0``."""
    if type(a) is not type(b):
        return False
    if isinstance(a, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    return a == b


# refusals of a value's shape: the rules are never asked about these
SHAPE = frozenset({"bad_action", "param_not_whole", "param_flag", "param_text", "param_blank",
                   "param_pattern", "param_list"})
MAX_TEXT = 500          # the longest text any declaration takes
MAX_WHOLE = 2 ** 31 - 1  # the largest whole number any declaration takes
MAX_ITEMS = 64


def well_formed(action: dict) -> bool:
    """Whether every field of ``action`` has a shape some declaration could take: text (short,
    printable), a whole number of a database column's size, true/false, null, or a short list
    of those. The rules may be asked why they refuse a well-formed action the door refused
    (their reason names the rule); nothing else ever reaches them unchecked."""
    def ok(v, depth=0) -> bool:
        if v is None or isinstance(v, bool):
            return True
        if isinstance(v, int):
            return -MAX_WHOLE <= v <= MAX_WHOLE
        if isinstance(v, str):
            return len(v) <= MAX_TEXT and not has_control(v)
        if isinstance(v, list) and depth == 0:
            return len(v) <= MAX_ITEMS and all(ok(x, 1) for x in v)
        return False
    return all(isinstance(k, str) and len(k) <= 40 and ok(v) for k, v in action.items())


def _field(name: str, p: dict) -> dict:
    """The param as the refusal names it: its declared label, else its name's words."""
    if isinstance(p.get("label"), dict) and "code" in p["label"]:
        return p["label"]
    return C.msg(f"param.{name}", name.replace("_", " ").capitalize())


def _english(m: dict) -> str:
    return m.get("message") or m.get("code", "")


def _typed(t: str, v):
    return C.value(t, v) if t in NUMBER_TYPES else v


def _refuse(code: str, english: str, name: str, p: dict, **params):
    field = _field(name, p)
    raise GameError(code, english.replace("{field}", _english(field)), field=field,
                    param=name, **params)


def _money_text(t: str, v: int, currency: str) -> str:
    if t in ("money", "price"):
        return f"{currency}{v:,}" if v >= 0 else f"-{currency}{-v:,}"
    if t == "percent":
        return f"{v}%"
    return f"{v:,}"


def _whole(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _choice_text(t: str, raw, currency: str) -> str:
    if t in NUMBER_TYPES and _whole(raw):
        return _money_text(t, raw, currency)
    return str(raw)


def _label(p: dict, raw):
    """A choice's label as its form shows it (a message or a typed value), or None."""
    got = (p.get("labels") or {}).get(C.choice_key(raw))
    return got if isinstance(got, dict) else None


def _choice_shown(t: str, raw, p: dict, currency: str) -> tuple:
    """(the English, the param) of an offered choice in a refusal: its label where the form
    has one (a card's name, a link's places), never its raw id ("#1", "OA04")."""
    lab = _label(p, raw)
    if lab is None:
        return _choice_text(t, raw, currency), _typed(t, raw)
    if "code" in lab:
        return lab.get("message") or str(raw), lab
    return _choice_text(lab.get("t", t), lab.get("v", raw), currency), lab


def check_param(name: str, p: dict, value, action: dict, currency: str):
    """``value`` as the param admits it (a text normalised as declared), or a refusal."""
    kind = p["kind"]
    if kind == "number":
        t = p.get("type", "count")
        if not _whole(value):
            _refuse("param_not_whole", "{field} must be a whole number.", name, p)
        lo, hi, step = p["min"], C.number_max(p, action), int(p.get("step") or 1)
        if not lo <= value <= hi or (value - lo) % step:
            said = f"between {_money_text(t, lo, currency)} and {_money_text(t, hi, currency)}"
            if step > 1:
                said += f", in steps of {_money_text(t, step, currency)}"
                _refuse("param_range", "{field} must be " + said + ".", name, p,
                        min=_typed(t, lo), max=_typed(t, hi), step=_typed(t, step),
                        given=_typed(t, value))
            _refuse("param_range", "{field} must be " + said + ".", name, p,
                    min=_typed(t, lo), max=_typed(t, hi), given=_typed(t, value))
        return value
    if kind == "flag":
        if not isinstance(value, bool):
            _refuse("param_flag", "{field} is yes or no (true or false).", name, p)
        return value
    if kind == "text":
        if not isinstance(value, str):
            _refuse("param_text", "{field} must be a text of at most %d characters." %
                    p["max_length"], name, p, max_length=p["max_length"])
        if p.get("normalise") == "upper":
            value = value.upper()
        if len(value) > p["max_length"] or has_control(value):
            _refuse("param_text", "{field} must be a text of at most %d characters, with no "
                    "control characters." % p["max_length"], name, p,
                    max_length=p["max_length"])
        if not value.strip() and not p.get("optional"):
            _refuse("param_blank", "{field} must not be empty.", name, p)
        if value and p.get("pattern") and not re.match(p["pattern"], value):
            _refuse("param_pattern", "{field} must look like %s." % p.get("example", "…"),
                    name, p, example=p.get("example", ""))
        if value in (p.get("not_in") or ()):
            _refuse("param_taken", "{field}: %s is taken already." % value, name, p,
                    given=value)
        return value
    if kind == "list":
        items = p.get("items") or []
        if not isinstance(value, list) or len(value) != len(items):
            _refuse("param_list", "{field} must be a list of exactly %d values." % len(items),
                    name, p, length=len(items))
        of = p["of"]
        return [check_param(name, {**of, "label": of.get("label", _field(name, p))}, x,
                            action, currency) for x in value]
    # a choice
    t = p.get("type", "text")
    allowed = C.allowed(p, action)
    for c in allowed:
        if same(c, value):
            return value
    if p.get("free_entry") and _free_entry_ok(t, allowed, value):
        return value
    offered = [_choice_shown(t, c, p, currency) for c in allowed[:SHOWN_CHOICES]]
    shown = ", ".join(english for english, _ in offered)
    if len(allowed) > SHOWN_CHOICES:
        shown += ", …"
    _refuse("param_choice", "{field} must be one of: " + (shown or "nothing now") + ".",
            name, p, choices=[param for _, param in offered],
            more=max(0, len(allowed) - SHOWN_CHOICES))


def _free_entry_ok(t: str, allowed: list, value) -> bool:
    """A value not offered that may be typed in: of the offered values' kind, and an id as a
    board or a card prints it."""
    if allowed and all(_whole(c) for c in allowed):
        return _whole(value) and 0 <= value <= 10 ** 6
    return isinstance(value, str) and FREE_ENTRY.match(value) is not None


def _fixed(entry: dict) -> dict:
    return {k: v for k, v in entry.items() if k not in C.ENTRY_KEYS}


def _for_entity(entry: dict, action: dict) -> bool:
    """The entry is the action's entity's (or any seat's: its entity is a param)."""
    return "entity" not in entry or "entity" in (entry.get("params") or {}) \
        or same(entry["entity"], action.get("entity"))


def _matches(entry: dict, action: dict) -> bool:
    """The action claims this entry: every fixed field it gives is the entry's."""
    return all(same(v, action[k]) for k, v in _fixed(entry).items() if k in action)


def _claimed(mine: list[dict], action: dict) -> list[dict]:
    """The entries the action claims. A fixed field it leaves out is the entry's own (a
    dividend's revenue, a lay's form); where some of the entries it may claim have that field
    and others not, leaving it out claims those without it (a train bought without a trade-in),
    and giving it claims those with it (a tile laid by a private's ability)."""
    claimed = [e for e in mine if _matches(e, action)]
    for key in {k for e in claimed for k in _fixed(e)}:
        if key in action:        # said: the entries that have it (a private's own lay)
            claimed = [e for e in claimed if key in e] or claimed
        else:
            claimed = [e for e in claimed if key not in e] or claimed
    return claimed


def _admit_entry(entry: dict, action: dict, currency: str) -> dict:
    out = {"type": entry["type"]}
    if "entity" in entry:
        out["entity"] = entry["entity"]
    out.update(_fixed(entry))
    params = entry.get("params") or {}
    for name, p in params.items():
        if name not in action or (action[name] is None and p.get("optional")):
            if p.get("optional"):
                continue
            if "default" in p:              # what the phone's form starts with
                out[name] = p["default"]
                continue
            if p["kind"] == "list" and p["of"]["kind"] == "flag":
                out[name] = [False] * len(p.get("items") or [])   # a bonus nobody ticked
                continue
            _refuse("param_missing", "{field} is missing.", name, p)
        out[name] = check_param(name, p, action[name], {**action, **out}, currency)
    return out


def admit(legal: list[dict], action, currency: str = "", names=None) -> dict:
    """``action`` as the legal entries ``legal`` declare it, or a GameError saying what is
    allowed. ``names(id)``: a player's or company's name for the refusal's words."""
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise GameError("bad_action", "An action is an object with a 'type'.")
    kind = action["type"]
    offered = [e for e in legal if e.get("type") == kind]
    if not offered:
        raise GameError("not_offered", f"Nobody can take the step {kind!r} now.",
                        step=C.msg(f"act.{kind}", kind.replace("_", " ").capitalize()),
                        type=kind)
    mine = [e for e in offered if _for_entity(e, action)]
    if not mine:
        acting = []
        for e in offered:
            if e["entity"] not in acting:
                acting.append(e["entity"])
        entity = action.get("entity")
        show = (names or str)
        raise GameError("not_your_turn",
                        f"It is not {show(str(entity))}'s turn: "
                        f"{', '.join(show(a) for a in acting)} acts now.",
                        entity=entity if isinstance(entity, str) else str(entity),
                        acting=acting, player=acting[0])
    claimed = _claimed(mine, action)
    if not claimed:
        _fixed_refusal(mine, action)
    admitted, first_error = [], None
    for entry in claimed:
        try:
            admitted.append(_admit_entry(entry, action, currency))
        except GameError as err:
            first_error = first_error or err
    if not admitted:
        raise first_error
    for key in {k for a in admitted for k in a if k not in action}:
        values = []
        for a in admitted:
            if not any(same(a.get(key), v) for v in values):
                values.append(a.get(key))
        if len(values) > 1:        # two entries admit it, and the field left out tells them apart
            raise GameError("param_fixed", f"{key.replace('_', ' ').capitalize()} must be "
                            f"said: one of {', '.join(str(v) for v in values)}.",
                            field=C.msg(f"param.{key}", key.replace("_", " ").capitalize()),
                            param=key, choices=values)
    return admitted[0]


def _fixed_refusal(entries: list[dict], action: dict):
    """No entry of the action's type has its fixed fields: say which field and what it may be."""
    for key in _fixed(entries[0]):
        values = []
        for e in entries:
            if key in e and not any(same(e[key], v) for v in values):
                values.append(e[key])
        if not any(same(v, action.get(key)) for v in values):
            shown = ", ".join(str(v) for v in values[:SHOWN_CHOICES])
            raise GameError("param_fixed", f"{key.replace('_', ' ').capitalize()} must be one "
                            f"of: {shown}.", field=C.msg(f"param.{key}", key.replace("_", " ")
                                                         .capitalize()),
                            param=key, choices=values[:SHOWN_CHOICES])
    raise GameError("param_fixed", "No step of this kind is offered with these fields now.",
                    field=C.msg("param.type", "Step"), param="type", choices=[])
