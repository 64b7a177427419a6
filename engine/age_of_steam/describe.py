"""A posted step as its history line (``engine.contract``: ``{label, details}``), in the
family's words: what was done, then each field typed (a player by name, money in dollars, an
action or a build by its name). A map adds its own fields (``extra``: field -> value maker)."""
from __future__ import annotations

import re

from engine import contract as C
from engine.age_of_steam.building import KIND_NAMES
from engine.age_of_steam.selection import ACTION_NAMES, action_label

STEPS = {
    "issue_shares": "Issue shares", "bid": "Bid", "drop_out": "Drop out",
    "turn_order_pass": "Pass with the Turn Order Pass", "select_action": "Select an action",
    "no_action": "No action", "urbanize": "Urbanize", "build": "Build",
    "build_done": "Done building", "deliver": "Move a good", "move_good": "Move a good",
    "raise_locomotive":
    "Raise the locomotive", "pass_move": "Move no good", "correction": "Correction",
    "undo": "Undo", "redo": "Redo",
}
FIELD_NAMES = {"count": "How many", "amount": "Amount", "pick": "Action", "colour": "Colour",
               "kind": "What is built", "exits": "Track exits", "links": "Links",
               "player": "Player", "value": "New value", "reason": "Reason",
               "route": "Links", "link": "Link", "reaches": "Reaches", "region": "Half",
               "town": "On the town", "owner": "Owner", "tiles": "Track tiles",
               "place": "Place", "name": "New name", "place_kind": "City, town or island"}
LINK_IDS = re.compile(r"(\d+)[+-]")
HIDDEN = ("type", "entity", "form")      # not said: who is said apart, ``form`` is the entry's


PLACE_WORDS = {"unfinished": ("link.not_yet", "No place yet: the link stays unfinished"),
               "north": ("region.north", "North"), "south": ("region.south", "South"),
               "tile": ("region.tile", "As the tile says"),
               "city": ("place.city", "city"), "town": ("place.town", "town"),
               "island": ("place.island", "island"), "nobody": ("word.nobody", "nobody")}


def _field(k: str, v) -> dict:
    if k == "route" and isinstance(v, str) and LINK_IDS.findall(v):
        # a chain ("3+7-") by the register's link numbers, not its notation
        links = ", ".join(LINK_IDS.findall(v))
        return C.text(C.msg("route.links", f"links {links}", links=links))
    if k in ("reaches", "region", "place_kind", "owner") and v in PLACE_WORDS:
        return C.text(C.msg(*PLACE_WORDS[v]))
    if k == "owner":
        return C.player(v)
    if k == "pick" and v in ACTION_NAMES:
        return C.text(action_label(v))
    if k == "kind" and v in KIND_NAMES:
        return C.text(C.msg(f"kind.{v}.name", KIND_NAMES[v]))
    if k == "colour" and isinstance(v, str):
        return C.text(C.msg(f"colour.{v}", v))
    if k == "amount" and isinstance(v, int) and not isinstance(v, bool):
        return C.money(v)
    if k == "player" or k.startswith("owner_"):
        return C.player(v) if isinstance(v, str) else C.text(str(v))
    if isinstance(v, bool):
        return C.flag(v)
    if isinstance(v, int):
        return C.count(v)
    return C.text(str(v))


def describe(action: dict, currency: str = "$", extra: dict | None = None) -> dict:
    kind = str(action.get("type", "?"))
    label = C.msg(f"step.{kind}", STEPS.get(kind, kind.replace("_", " ").capitalize()))
    fixed = action.get("kind") if kind == "correction" else None
    if isinstance(fixed, str):      # a correction says what it corrects as its form does
        label = C.msg(f"form.correct_{fixed}", f"Correct {fixed.replace('_', ' ')}")
    details = []
    for k, v in action.items():
        if k in HIDDEN or v is None or (k == "kind" and isinstance(fixed, str)):
            continue
        value = extra[k](v) if extra and k in extra else _field(k, v)
        if k.startswith("owner_"):
            n = k[6:]
            name = C.msg("form.link_owner", f"Owner of link {n}", n=int(n) if n.isdigit() else n)
        else:
            name = C.msg(f"param.{k}", FIELD_NAMES.get(k, k.replace("_", " ")))
        details.append({"label": name, "value": value})
    return {"label": label, "details": details}
