"""How the set-up page shows 18 Lilliput's provisional values (issue 25): checked once, in
plain words. Each value the rules do not print is put in a group (``group``) and says where
its default comes from (``source``); the share price index, written in the engine's own
notation (``10,20,30,...``), says its default in words (``default_words``), its box starting
empty (left empty, the default is kept), and ``note`` says how to write another. The order of
the track colours is a reading of the rules (its ``rule`` quotes them) and stays as it is.
"""
from __future__ import annotations

from engine.titles import setup_groups
from engine.titles.title_18lilliput import data as D

GROUPS = {"trains": "Trains: prices and numbers",
          "market": "The share price index and the train pool"}
SOURCES = {"cards": "printed on the train cards only (the rules list 29 cards)",
           "index": "printed on the share price index only",
           "pool": "the summary says 'available trains', not how many: a guess"}
WHERE = {**{f"train_{t}_{what}": ("trains", "cards") for t in D.TRAIN_TYPES
            for what in ("price", "count")},
         "price_index": ("market", "index"),
         "pool_refill": ("market", "pool")}
ORDER = ["trains", "market"]
NEED = min(s["price"] for s in D.STARTING.values())
DEFAULT_INDEX = (f"{len(D.PRICE_INDEX)} prices from £{D.PRICE_INDEX[0]} to "
                 f"£{D.PRICE_INDEX[-1]}, lowest first")
HOW_INDEX = (f"Different? Every price lowest first, separated by commas; it must hold £{NEED} "
             "(a starting company's price).")


def annotate(options: dict) -> dict:
    """``options`` with each provisional one's group and source, and the index's default in
    words with how to write another (``engine.titles.setup_groups``)."""
    return setup_groups.annotate(options, WHERE, GROUPS, SOURCES, ORDER,
                                 {"price_index": (DEFAULT_INDEX, {}, HOW_INDEX)})
