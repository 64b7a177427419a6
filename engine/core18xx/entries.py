"""The 18xx family's legal entries, made whole by the code that offers them (``engine.contract``).

A step (or a title's rule) builds each of its entries with ``entry``: its label a message whose
params are typed values, the company it is about, its shown-only rows; its params with the
contract's builders (``C.choice``, ``C.number``, ``C.free_text``; ``worded`` for a choice of
words). Nothing here guesses what a field is from its name.
"""
from __future__ import annotations

from engine import contract as C

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


def word(value) -> dict:
    """The label of a choice that is a word (a dividend's kind, a share's source): the
    family's word for it (``word.<value>``)."""
    return C.msg(f"word.{value}", CHOICE_WORDS.get(value, str(value).replace("_", " ")))


def entry(action_type: str, entity=None, /, *, label: dict, params: dict | None = None, about=None,
          show: list | None = None, anytime: bool = False, warn: dict | None = None,
          picture: dict | None = None, **fixed) -> dict:
    """A legal entry as the contract has it (``engine.contract``), made whole by the step that
    offers it: ``label`` a message (``C.msg``) whose params are typed values, ``about`` the
    typed value of what it is about (``C.company``), ``show`` typed ``{label, value}`` rows;
    ``fixed``: the scalars the posted action carries as they are (the door matches them);
    ``params``: made with the contract's builders."""
    out = {"type": action_type}
    if entity is not None:
        out["entity"] = entity
    out.update(fixed)
    out["params"] = params or {}
    if anytime:
        out["anytime"] = True
    if warn:
        out["warn"] = warn
    if picture:
        out["picture"] = picture
    out["label"] = label
    if about is not None:
        out["about"] = about
    if show:
        out["show"] = show
    return out


def pass_entry(entity) -> dict:
    """Pass (or end the turn): nothing to fill in."""
    return entry("pass", entity, label=C.msg("act.pass", "Pass"))


def trains_shown(trains) -> dict:
    """A ``show`` row: the trains of a company, by their types."""
    return {"label": C.msg("field.trains", "Trains"),
            "value": C.listing("train", [str(t).split("-")[0] for t in trains])}


def seat_param(players) -> dict:
    """The ``entity`` of an entry any seated player may post (a correction): the posting
    phone's own seat."""
    return {**C.choice("player", list(players)), "fill": "seat"}
