"""The titles the engine knows.

Each title module exposes ``TITLE``, a :class:`TitleSpec`. Add a module to
``_MODULES`` to make it known; nothing else in the engine names a title.
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Callable

from engine.errors import GameError


@dataclass(frozen=True)
class TitleSpec:
    id: str                    # stable id used by the API and records, e.g. "1888-N"
    name: str                  # display name
    family: str                # "18xx" or "age-of-steam"
    currency: str              # symbol, e.g. "¥"
    min_players: int
    max_players: int
    create: Callable           # create(players, seed, options) -> Rules
    options: dict = field(default_factory=dict)   # option name -> description
    source: str = ""           # the rulebook it is built from


_MODULES: list[str] = [
    "engine.titles.title_1888n",
    "engine.titles.title_18korea",
]


def _load() -> dict[str, TitleSpec]:
    specs = {}
    for name in _MODULES:
        spec = importlib.import_module(name).TITLE
        specs[spec.id] = spec
    return specs


TITLES: dict[str, TitleSpec] = _load()


def get(title_id: str) -> TitleSpec:
    try:
        return TITLES[title_id]
    except (KeyError, TypeError):
        known = ", ".join(sorted(TITLES)) or "none"
        raise GameError("unknown_title", f"Unknown title {title_id!r}; known titles: {known}.",
                        title=title_id, known=sorted(TITLES)) from None
