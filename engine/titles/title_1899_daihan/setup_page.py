"""How the set-up page shows 1899 DAIHAN's provisional values (issue 25): checked once, in
plain words. Each set-up option is put in a group (``group``), says where its default comes
from (``source``), and where the default is written in the engine's own notation (a list
such as ``DR=Hanseong, ...`` or ``20,30,40,...``) the default is said in words
(``default_words``) and the box starts empty (left empty, the default is kept); ``note``
says how to write a different value. The keys are ``engine.titles``' option keys.
"""
from __future__ import annotations

from engine.titles import setup_groups
from engine.titles.title_1899_daihan import data as D

GROUPS = {
    "trains": "Trains: prices, numbers and the 3-trains' rust",
    "money": "Goods, executive cars and the D-train's price move",
    "rounds": "Operating rounds and the stock market",
    "companies": "The companies' names and home cities",
}
SOURCES = {
    "calculator": "the 18XXc calculator's data",
    "fan": "a fan-made reconstruction",
    "none": "none, a guess to check",
    "calculator_layout": "the 18XXc calculator's data for the prices; the layout is a guess",
    "fan_or_guess": "a fan-made reconstruction where its names agree, else a guess",
    "calculator_phases": "the 18XXc calculator's data for the amounts; which phase pays "
                         "which is a guess",
    "rulebook_range": "the rulebook says 1 to 3 spaces by the round's number; which round "
                      "moves how far is a guess",
}
TRAIN_KINDS = [t["name"] for t in D.TRAINS]
WHERE = {
    **{f"train_{k}_price": ("trains", "calculator") for k in TRAIN_KINDS},
    **{f"train_{k}_count": ("trains", "fan") for k in TRAIN_KINDS},
    "three_train_rust": ("trains", "fan"),
    "executive_car_price": ("money", "none"),
    "goods_values": ("money", "calculator_phases"),
    "d_bump": ("money", "rulebook_range"),
    "ors_per_phase": ("rounds", "fan"),
    "market": ("rounds", "calculator_layout"),
    "corporation_names": ("companies", "calculator"),
    "homes": ("companies", "fan_or_guess"),
}
ORDER = ["trains", "money", "rounds", "companies"]
PHASES = [p["name"] for p in D.PHASES]


def _phases_list(values: dict, unit: str) -> str:
    return ", ".join(f"phase {p}: {unit % values[p]}" for p in PHASES)


def default_words(ors: dict, bump: list) -> dict[str, tuple[str, dict]]:
    """Each list-valued option's default said in words: (English, params)."""
    market = [int(c.rstrip("p")) for row in D.MARKET for c in row]
    return {
        "goods_values": (_phases_list(D.GOODS_VALUE, "₩%s"), {}),
        "ors_per_phase": (_phases_list(ors, "%s"), {}),
        "d_bump": (", ".join(f"OR {i + 1}: {n} space(s)" for i, n in enumerate(bump)), {}),
        "market": (f"{len(D.MARKET)} rows from ₩{min(market)} to ₩{max(market):,}, the six "
                   "par prices in one column", {}),
        "corporation_names": (", ".join(f"{c['sym']}: {c['name']}" for c in D.CORPORATIONS),
                              {}),
        "homes": (", ".join(f"{c['sym']}: {c['home']}" for c in D.CORPORATIONS), {}),
    }


HOW_TO_WRITE = {
    "goods_values": "Different? Six amounts separated by commas, phase 2 first.",
    "ors_per_phase": "Different? Six numbers (1 to 4) separated by commas, phase 2 first.",
    "d_bump": "Different? One number of spaces (1 to 3) per operating round, separated by "
              "commas, the first round first.",
    "market": "Different? The rows top first, separated by semicolons, the prices by "
              "spaces, with a p after each of the six par prices.",
    "corporation_names": "Different? Only the names that differ, each as the company's "
                         "mark, an equals sign and its name, separated by commas.",
    "homes": "Different? Only the cities that differ, each as the company's mark, an equals "
             "sign and its city, separated by commas.",
}


def annotate(options: dict, ors: dict, bump: list) -> dict:
    """``options`` with each provisional one's group, source, default in words and how to
    write another value (``engine.titles.setup_groups``)."""
    defaults = {name: (english, params, HOW_TO_WRITE[name])
                for name, (english, params) in default_words(ors, bump).items()}
    return setup_groups.annotate(options, WHERE, GROUPS, SOURCES, ORDER, defaults)
