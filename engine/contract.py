"""The declared contract between a title's rules and the phones.

The engine declares; the companion renders. A rules object says, as plain JSON data,

* what the phones show: ``book()`` returns the book as an ordered list of **sections**;
* what the phones may ask: ``legal_actions()`` returns **entries** whose params carry their
  kind, the type of their values and labelled choices;
* what its codes say: each title's words (``engine/.../words.py``, see ``engine.words``).

The companion renders these kinds and nothing else: it never names a title or a family and
never decides how to show something from a key's name.

Messages
--------
A **message** is ``{"code": str, "message": English text, "params": {..}}`` — the same shape
as an event or a ``GameError``. The phones translate it from its code and params with the
title's words and fall back to the English. ``msg(code, english, **params)`` builds one.

Typed values
------------
A **value** is ``{"t": type, "v": raw}`` (``value(t, v)`` and the helpers below). Types:

=========== ============================================================ ====================
type        raw value                                                    shown as
=========== ============================================================ ====================
money       int                                                          ₩1,200 (the title's currency)
count       int, or None for "unlimited"                                 3 / unlimited
percent     int                                                          30%
price       int (a share price)                                          ₩100
player      a player id                                                  the player's name
company     a company's id (corporation, private, minor)                 its id; ``name`` if given
entity      a player id or a company id                                  a name or the id
train       a train type ("2", "4D", "8E")                               2-train
tile        a tile number ("57")                                         #57
hex         a hex id ("B18")                                             B18
rotation    0-5                                                          0–5 (a side of the hex)
flag        bool                                                         ✓ / –
text        a message, or a plain string that is a proper name           translated / as it is
list        a list of values                                             joined by commas
=========== ============================================================ ====================

A value may carry ``"name"`` (a longer name, e.g. a company's full name) and ``"note"`` (a
message shown after it, e.g. "provisional").

Sections
--------
Every section is ``{"kind": .., "id": stable id, "title": message, ...}`` and may carry
``"glance": true`` (it belongs on the one-screen summary of a phone that is not acting).

The summary shows a glance section whole or in part, as the title chooses: a table's column
and a facts section's item may carry ``"glance": true``; where any of a glance section's
columns (items) is so marked, the summary shows only the marked ones, otherwise all of them
(a table without its list columns). The book itself shows every column and item, marked or
not; marks outside a glance section mean nothing and are refused.

``facts``     ``items: [{"label": message, "value": value, "glance"?: true,
              "acting"?: true}]``
``players``   a table, one row per player: ``columns: [{"key", "label": message,
              "glance"?: true}]``,
              ``rows: [{"player": id, "cells": {key: value}}]``
``entities``  a table, one row per company or other piece: rows ``{"entity": id, "cells"}``
``trains``    a table of the train supply: rows ``{"train": type, "cells"}``
``map``       a table of map facts: rows ``{"hex": id, "cells"}``
``market``    ``layout: "grid"`` with ``cells: [[cell | None]]`` or ``layout: "track"`` with
              ``cells: [cell]``; a cell is ``{"price": int, "zone": str | None,
              "tokens": [company ids]}``; zones are named in ``zones: {zone: message}``
``log``       ``items: [message]`` (consequences, what to move on the board)
``board``     a picture of the board, geometry alone (its shape: ``engine.contract_drawing``)
``network``   places and the links between them, laid out by the title (``contract_drawing``)

A ``facts`` section marked ``"seating": [player ids]`` says the app drew the players' seating
(a title that seats them at random): the ids are the drawn order, first to last; the invite
and table pages show it (``drawn_seating`` builds it).

A ``facts`` section marked ``"steps": true`` is the acting entity's turn, its steps in the
order they are taken: each item a step's name and a ``flag`` value, true once done (or
passed by). The acting phone shows it above its forms, the done steps collapsed.

The first section is the game's status (``facts``); its first item says where the game is
(the round), which the phones show at the top. An item of it marked ``"acting": true`` says
who acts (the state's ``acting``), which the phones show at the top too: the summary leaves
both out. Every section's values are typed values;
every label is a message. A section with nothing in
it is left out by the rules.

Legal entries
-------------
An entry of ``legal_actions()`` is ``{"type", "entity"?, <fixed scalars>, "label"?: message,
"params"?: {name: param}, "show"?: [{"label": message, "value": value}], "anytime"?: true,
"about"?: value, "picture"?: drawing}``. ``picture`` is a drawing shown with the step (display
only; ``engine.contract_drawing``). ``about`` names what the step is about when that is not its ``entity``
(the company a share is bought or parred in, the lot of an auction): the phones group the
entries about one thing on one card named by it. The action to post is ``type``, ``entity``
and the fixed scalars, plus one value per param. Nothing else of an entry is sent. ``warn``
(a message) says what the step forfeits or moves that an undo cannot settle without a word:
the phones ask once before it counts, saying it. A param is one of

``{"kind": "choice", "type": value type, "choices": [raw values], "labels"?: {key: message or
value}, "default"?, "optional"?: true, "choices_by"?: {"field", "map": {key: [raw]}}}``
    ``key`` is ``choice_key(raw)`` (the raw value itself for a string); ``field`` may name two
    fields joined by a comma (``"hex,tile"``): the key is then their keys joined by a comma
    (``by_key``: a tile's rotations on one hex). A choice without a
    label is shown by its type (a player by name, a tile as #57). ``"free_entry": true``: a
    value not offered may be typed too (a tile number the book does not list yet).
    ``"pictures": {"field", "map": {field key: {choice key: picture}}}``: each choice drawn,
    given the other field's value (``engine.contract_drawing``). Display only: never posted.
    ``"buttons": true`` (the entry's last param, 2 to 8 choices): nothing preselected, each
    choice a button that enters the step (a delivery's good: the form's other params above).
``{"kind": "number", "type": "money" | "count" | "percent" | "price", "min", "max", "step"?,
"default"?, "optional"?: true, "max_by"?: {"field", "map": {key: max}}}``
``{"kind": "flag"}``  yes or no (posted as true/false)
``{"kind": "text", "max_length": n, "suggestions"?: [str], "optional"?: true, "pattern"?: regex,
"example"?: str, "not_in"?: [str]}``  a text with a ``pattern`` gives an ``example`` that
    matches it (the phone's placeholder); ``not_in``: values already taken
``{"kind": "list", "items": [value], "of": param, "defaults"?: [raw]}``  one value of ``of`` per
    item, posted as a list in the items' order (e.g. one revenue per train); ``defaults``: what
    each item starts as, where it is not ``of``'s default (a bonus ticked for the trains that
    earned it on the company's last run)

Every param may carry ``"label": message``. A param with ``"fill": "seat"`` is filled by the
server with the id of the player whose phone posts it (a correction names who enters it);
its choices are every player.

Any legal entry with its params filled with any offered value is a well-formed action: the
rules may refuse it for a reason of the game (too little cash), never for its shape.

Scores
------
``scores()`` returns one row per player, best first or in seat order: ``{"player": id,
"total": int, "parts": [{"label": message, "value": value}]}``. The parts say what the total
is made of (cash, each holding at its price, a private at face value, points); when every
part is a money or count value they add up to the total. ``score_row`` and ``score_part``
build them; a title that declares no scores is shown by its ``result()`` alone.
"""
from __future__ import annotations

import json
import re

# the drawings (a board section, a choice's picture) are built here as C.board, C.picture
from engine.contract_drawing import (BOARD_COLORS, board, geometry_faults, network,  # noqa
                                     network_faults, picture, pictures_faults)

VALUE_TYPES = frozenset({"money", "count", "percent", "price", "player", "company", "entity",
                         "train", "tile", "hex", "rotation", "flag", "text", "list"})
SECTION_KINDS = frozenset({"facts", "players", "entities", "trains", "map", "market", "log",
                           "board", "network"})
TABLE_KINDS = {"players": "player", "entities": "entity", "trains": "train", "map": "hex"}
PARAM_KINDS = frozenset({"choice", "number", "flag", "text", "list"})
ENTRY_KEYS = frozenset({"type", "entity", "label", "params", "show", "anytime", "about", "warn",
                        "picture"})


# -- building ------------------------------------------------------------------------------
def msg(code: str, message: str, /, **params) -> dict:
    return {"code": code, "message": message, "params": params}


def standings(scores: dict, names=str, money=str) -> list[dict]:
    """Each player's score at the game's end, best first, as messages (``standing``: the
    player, the money) for an event's params: every language says the same scores."""
    return [msg("standing", f"{names(p)} {money(v)}", player=p, score=v)
            for p, v in sorted(scores.items(), key=lambda kv: -kv[1])]


# The values are made by the thousand for each version of a book: each helper makes its dict
# at once (no call on to ``value``, no comprehension for extras a value mostly lacks).
def value(t: str, v, **extra) -> dict:
    out = {"t": t, "v": v}
    if extra:
        for k, x in extra.items():
            if x is not None:
                out[k] = x
    return out


def money(v) -> dict:
    return {"t": "money", "v": v}


def count(v) -> dict:
    return {"t": "count", "v": v}


def percent(v) -> dict:
    return {"t": "percent", "v": v}


def price(v) -> dict:
    return {"t": "price", "v": v}


def player(v) -> dict:
    return {"t": "player", "v": v}


def company(v, name: str | None = None) -> dict:
    return {"t": "company", "v": v} if name is None else {"t": "company", "v": v, "name": name}


def train(v) -> dict:
    return {"t": "train", "v": v}


def text(v) -> dict:
    return {"t": "text", "v": v}


def flag(v) -> dict:
    return {"t": "flag", "v": bool(v)}


def listing(t: str, items) -> dict:
    return {"t": "list", "v": [{"t": t, "v": x} for x in items]}


# an item's or a column's marks (the third element of its tuple in ``facts`` and ``table``)
GLANCE = {"glance": True}      # on the summary (where any is marked, only the marked ones)
ACTING = {"acting": True}      # the status's item that says who acts (shown at the top)


def facts(id: str, title: dict, items, glance: bool = False) -> dict | None:
    """``items``: [(label message, value)] or [(label, value, marks)], marks ``GLANCE`` or
    ``ACTING``; an item whose value is None is left out."""
    items = [{"label": it[0], "value": it[1], **(it[2] if len(it) > 2 and it[2] else {})}
             for it in items if it[1] is not None]
    if not items:
        return None
    return {"kind": "facts", "id": id, "title": title, "items": items,
            **({"glance": True} if glance else {})}


def table(kind: str, id: str, title: dict, columns, rows, glance: bool = False) -> dict | None:
    """``columns``: [(key, label message)] or [(key, label, marks)], marks ``GLANCE`` (the
    columns the summary shows); ``rows``: [(subject id, {key: value})]."""
    if not rows:
        return None
    subject = TABLE_KINDS[kind]
    return {"kind": kind, "id": id, "title": title,
            "columns": [{"key": c[0], "label": c[1], **(c[2] if len(c) > 2 and c[2] else {})}
                        for c in columns],
            "rows": [{subject: sid, "cells": cells} for sid, cells in rows],
            **({"glance": True} if glance else {})}


def drawn_seating(order) -> dict | None:
    """The seating the app drew, first to last (a title that seats the players at random)."""
    order = [str(p) for p in order or []]
    if not order:
        return None
    return {"kind": "facts", "id": "seating",
            "title": msg("book.seating_drawn", "Seating drawn by the app"),
            "items": [{"label": msg("book.seating", "Seating, first to last"),
                       "value": listing("player", order)}],
            "seating": order}


def turn_steps(id: str, title: dict, steps) -> dict | None:
    """A turn's steps in order: ``steps`` [(name message, done bool)]."""
    out = facts(id, title, [(label, flag(done)) for label, done in steps])
    return {**out, "steps": True} if out else None


def log(id: str, title: dict, items) -> dict | None:
    items = [m for m in items if m]
    return {"kind": "log", "id": id, "title": title, "items": items} if items else None


def book(*sections) -> list[dict]:
    """The sections in order, the empty ones (None) left out."""
    return [s for s in sections if s]


def score_part(label: dict, v: dict) -> dict:
    """One part of a player's score: what it is (a message) and its value."""
    return {"label": label, "value": v}


def score_row(player: str, total: int, parts) -> dict:
    return {"player": player, "total": int(total), "parts": [p for p in parts if p]}


def where(sections) -> dict | None:
    """Where the game is: the first item (``{label, value}``) of the book's first (status)
    section."""
    if sections and sections[0].get("items"):
        return sections[0]["items"][0]
    return None


def choice_key(raw) -> str:
    """The key of a raw choice in ``labels`` and ``choices_by`` maps."""
    return raw if isinstance(raw, str) else json.dumps(raw, sort_keys=True, ensure_ascii=False)


def choice(t: str, choices, labels: dict | None = None, **extra) -> dict:
    out = {"kind": "choice", "type": t, "choices": list(choices)}
    if labels:
        out["labels"] = {choice_key(k) if not isinstance(k, str) else k: v
                         for k, v in labels.items()}
    if extra:                    # (most params have none: legal entries are listed often)
        for k, v in extra.items():
            if v is not None:
                out[k] = v
    return out


def number(t: str, lo, hi, step: int = 1, default=None, **extra) -> dict:
    out = {"kind": "number", "type": t, "min": lo, "max": hi, "step": step}
    if default is not None:
        out["default"] = default
    if extra:
        for k, v in extra.items():
            if v is not None:
                out[k] = v
    return out


def free_text(max_length: int = 200, **extra) -> dict:
    return {"kind": "text", "max_length": max_length, **extra}


# -- checking (tests and the companion's own test doubles use these) ----------------------
class ContractError(ValueError):
    pass


def _need(cond, where: str, what: str) -> None:
    if not cond:
        raise ContractError(f"{where}: {what}")


def check_message(m, where: str) -> None:
    _need(isinstance(m, dict) and isinstance(m.get("code"), str) and
          isinstance(m.get("message"), str) and isinstance(m.get("params", {}), dict),
          where, f"a message is {{code, message, params}}, not {m!r}")


def check_value(v, where: str) -> None:
    _need(isinstance(v, dict) and v.get("t") in VALUE_TYPES and "v" in v, where,
          f"a value is {{t, v}} with t one of {sorted(VALUE_TYPES)}, not {v!r}")
    t, raw = v["t"], v["v"]
    if t in ("money", "percent", "price"):
        _need(isinstance(raw, int) and not isinstance(raw, bool), where, f"{t} is a whole number")
    elif t == "count":
        _need(raw is None or (isinstance(raw, int) and not isinstance(raw, bool)), where,
              "a count is a whole number or None")
    elif t == "flag":
        _need(isinstance(raw, bool), where, "a flag is true or false")
    elif t == "list":
        _need(isinstance(raw, list), where, "a list value holds a list")
        for i, x in enumerate(raw):
            check_value(x, f"{where}[{i}]")
    elif t == "text":
        if isinstance(raw, dict):
            check_message(raw, where)
        else:
            _need(isinstance(raw, str), where, "text is a message or a string")
    elif t == "rotation":
        _need(isinstance(raw, int) and 0 <= raw <= 5, where, "a rotation is 0-5")
    else:
        _need(isinstance(raw, (str, int)) and not isinstance(raw, bool), where,
              f"a {t} is an id")
    if "note" in v:
        check_message(v["note"], where + ".note")


def check_book(sections) -> None:
    _need(isinstance(sections, list), "book", "a list of sections")
    ids = set()
    for i, s in enumerate(sections):
        where = f"book[{i}]"
        _need(isinstance(s, dict) and s.get("kind") in SECTION_KINDS, where,
              f"kind one of {sorted(SECTION_KINDS)}")
        _need(isinstance(s.get("id"), str) and s["id"] not in ids, where, "a unique id")
        ids.add(s["id"])
        where = f"book[{s['id']}]"
        check_message(s.get("title"), where + ".title")
        kind = s["kind"]
        if "seating" in s:
            _need(kind == "facts" and isinstance(s["seating"], list) and
                  all(isinstance(p, str) for p in s["seating"]), where,
                  "a drawn seating is a facts section with a list of player ids")
        if s.get("steps"):
            _need(kind == "facts" and all(i.get("value", {}).get("t") == "flag"
                                          for i in s.get("items") or []), where,
                  "a turn's steps are facts whose values are flags")
        if kind == "facts":
            for j, item in enumerate(s.get("items") or []):
                check_message(item.get("label"), f"{where}.items[{j}].label")
                check_value(item.get("value"), f"{where}.items[{j}].value")
                _check_marks(item, s, i == 0, f"{where}.items[{j}]")
        elif kind in TABLE_KINDS:
            keys = []
            for c in s.get("columns") or []:
                _need(isinstance(c.get("key"), str), where, "a column has a key")
                check_message(c.get("label"), f"{where}.columns[{c.get('key')}]")
                _check_marks(c, s, False, f"{where}.columns[{c['key']}]")
                keys.append(c["key"])
            subject = TABLE_KINDS[kind]
            for j, row in enumerate(s.get("rows") or []):
                _need(subject in row, f"{where}.rows[{j}]", f"a {kind} row names its {subject}")
                for k, cell in (row.get("cells") or {}).items():
                    _need(k in keys, f"{where}.rows[{j}]", f"cell {k!r} has no column")
                    check_value(cell, f"{where}.rows[{j}].{k}")
        elif kind == "market":
            _need(s.get("layout") in ("grid", "track"), where, "layout grid or track")
            cells = s.get("cells") or []
            flat = [c for row in cells for c in row] if s["layout"] == "grid" else cells
            for c in flat:
                if c is None:
                    continue
                _need(isinstance(c.get("price"), int) and isinstance(c.get("tokens", []), list),
                      where, f"a market cell is {{price, zone, tokens}}, not {c!r}")
            for z, m in (s.get("zones") or {}).items():
                check_message(m, f"{where}.zones[{z}]")
        elif kind == "log":
            for j, m in enumerate(s.get("items") or []):
                check_message(m, f"{where}.items[{j}]")
        elif kind in ("board", "network"):
            check_geometry(s, where)
        if kind == "network":
            check_message(s.get("dashed"), where + ".dashed")
            for j, k in enumerate(s.get("links") or []):
                check_message(k.get("label"), f"{where}.links[{j}].label")
                if k.get("owner") is not None:
                    check_value(k["owner"], f"{where}.links[{j}].owner")
            for j, p in enumerate(s.get("places") or []):
                check_value(p.get("name"), f"{where}.places[{j}].name")


def check_geometry(s: dict, where: str, named: bool = True) -> None:
    """A board section's or a choice picture's geometry (``named``: each hex says which)."""
    for fault in network_faults(s) if s.get("kind") == "network" else geometry_faults(s, named):
        _need(False, where, fault)


def _check_marks(part: dict, section: dict, status: bool, where: str) -> None:
    """A column's or an item's marks: ``glance`` in a glance section, ``acting`` on an item
    of the status (the first section)."""
    if "glance" in part:
        _need(part["glance"] is True and section.get("glance"), where,
              "'glance' is true, on a column or item of a glance section")
    if "acting" in part:
        _need(part["acting"] is True and status, where,
              "'acting' is true, on an item of the status (the first section)")


def check_scores(rows, players) -> None:
    """A title's ``scores()``: one row per player, typed parts adding up to the total."""
    _need(isinstance(rows, list), "scores", "a list of rows")
    _need(sorted(r.get("player") for r in rows) == sorted(players), "scores",
          "one row per player")
    for r in rows:
        where = f"scores[{r['player']}]"
        _need(isinstance(r.get("total"), int) and not isinstance(r["total"], bool), where,
              "an int total")
        numbers = []
        for part in r.get("parts") or []:
            check_message(part.get("label"), where + ".label")
            check_value(part.get("value"), where + ".value")
            if part["value"]["t"] in ("money", "count"):
                numbers.append(part["value"]["v"])
        if numbers and len(numbers) == len(r["parts"]):
            _need(sum(numbers) == r["total"], where, f"parts adding up to {r['total']}")


def check_param(name: str, p, where: str) -> None:
    where = f"{where}.params[{name}]"
    _need(isinstance(p, dict) and p.get("kind") in PARAM_KINDS, where,
          f"kind one of {sorted(PARAM_KINDS)}, not {p!r}")
    if "label" in p:
        check_message(p["label"], where + ".label")
    kind = p["kind"]
    if kind == "choice":
        _need(p.get("type") in VALUE_TYPES, where, "a choice declares the type of its values")
        _need(isinstance(p.get("choices"), list), where, "choices is a list")
        for k, lab in (p.get("labels") or {}).items():
            if isinstance(lab, dict) and "t" in lab:
                check_value(lab, f"{where}.labels[{k}]")
            else:
                check_message(lab, f"{where}.labels[{k}]")
        if "buttons" in p:
            _need(p["buttons"] is True and 1 < len(p["choices"]) <= 8 and "default" not in p,
                  where, "buttons: true, 2 to 8 choices, none preselected")
        if "pictures" in p:
            for fault in pictures_faults(p["pictures"], {choice_key(c) for c in p["choices"]}):
                _need(False, where, fault)
    elif kind == "number":
        _need(p.get("type") in ("money", "count", "percent", "price"), where,
              "a number is money, a count, a percent or a price")
        _need(isinstance(p.get("min"), int) and isinstance(p.get("max"), int) and
              p["min"] <= p["max"], where, "a number has min <= max")
    elif kind == "list":
        _need(isinstance(p.get("items"), list), where, "a list param has items")
        for j, item in enumerate(p["items"]):
            check_value(item, f"{where}.items[{j}]")
        check_param("of", p.get("of"), where)
        if "defaults" in p:
            _need(isinstance(p["defaults"], list) and len(p["defaults"]) == len(p["items"]),
                  where, "a list's defaults are one per item")
            if p["of"]["kind"] == "flag":
                _need(all(isinstance(x, bool) for x in p["defaults"]), where,
                      "a flag's defaults are true or false")
    elif kind == "text":
        _need(isinstance(p.get("max_length"), int), where, "text has a max_length")
        if "pattern" in p:
            _need(isinstance(p.get("example"), str) and re.match(p["pattern"], p["example"]),
                  where, "a text with a pattern gives an example that matches it")


def check_entry(entry, where: str = "legal") -> None:
    _need(isinstance(entry, dict) and isinstance(entry.get("type"), str), where,
          "an entry has a type")
    where = f"{where}[{entry['type']}]"
    if "label" in entry:
        check_message(entry["label"], where + ".label")
    for key, v in entry.items():
        if key in ENTRY_KEYS:
            continue
        _need(v is None or isinstance(v, (str, int, float, bool)), where,
              f"{key!r}: a fixed field is a scalar (shown things go in 'show'), not {v!r}")
    params = entry.get("params") or {}
    for name, p in params.items():
        _need(name not in entry or name in ENTRY_KEYS and name == "entity", where,
              f"{name!r} is both fixed and a param")
        check_param(name, p, where)
        _need(not p.get("buttons") or name == list(params)[-1], where, "buttons: the last param")
    if "about" in entry:
        check_value(entry["about"], where + ".about")
    if "warn" in entry:
        check_message(entry["warn"], where + ".warn")
    for j, item in enumerate(entry.get("show") or []):
        check_message(item.get("label"), f"{where}.show[{j}]")
        check_value(item.get("value"), f"{where}.show[{j}]")
    if "picture" in entry:
        pic = entry["picture"]
        _need(isinstance(pic, dict), where, "a picture is a board section's drawing")
        check_geometry(pic, where + ".picture")
        for j, r in enumerate(pic.get("routes") or []):
            check_message(r.get("label"), f"{where}.picture.routes[{j}]")
            if "value" in r:
                check_value(r["value"], f"{where}.picture.routes[{j}]")


def check_legal(entries) -> None:
    for i, e in enumerate(entries):
        check_entry(e, f"legal[{i}]")


# -- filling (the property tests and bots) -------------------------------------------------
def fill(entry: dict, pick, seat: str | None = None) -> dict:
    """The action of ``entry`` with each param filled by ``pick(name, param)`` (a choice's
    raw value, a number in range, a string); ``fill: seat`` params get ``seat``."""
    action = {k: v for k, v in entry.items() if k not in ENTRY_KEYS or k in ("type", "entity")}
    for name, p in (entry.get("params") or {}).items():
        if p.get("fill") == "seat" and seat is not None:
            action[name] = seat
            continue
        got = pick(name, p)
        if got is _OMIT:
            continue
        action[name] = got
    return action


_OMIT = object()
OMIT = _OMIT   # pick() returns this to leave an optional param out


def by_key(field: str, action: dict) -> str | None:
    """The key in a ``choices_by``/``max_by`` map of the fields ``field`` names (one, or
    several joined by commas), None while one of them is not in ``action``."""
    names = field.split(",")
    if not all(n in action for n in names):
        return None
    return ",".join(choice_key(action[n]) for n in names)


def allowed(p: dict, action: dict) -> list:
    """A choice param's choices given the other fields already in ``action``."""
    by = p.get("choices_by")
    key = by_key(by.get("field", ""), action) if by else None
    if key is not None:
        got = by["map"].get(key)
        if got is not None:
            return list(got)
    return list(p.get("choices") or [])


def number_max(p: dict, action: dict) -> int:
    by = p.get("max_by")
    if by and by.get("field") in action:
        got = by["map"].get(choice_key(action[by["field"]]))
        if isinstance(got, int):
            return min(got, p["max"])
    return p["max"]
