"""The titles the engine knows.

Each title module exposes ``TITLE``, a :class:`TitleSpec`. Add its id and module to
``_MODULES`` to make it known; nothing else in the engine names a title.
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from collections.abc import MutableMapping
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


# Title id -> the module that defines it. A module is imported the first time its title is
# used, so a tool that replays a 1888-N game never pays for compiling 18Korea.
_MODULES: dict[str, str] = {
    "1888-N": "engine.titles.title_1888n",
    "18Korea": "engine.titles.title_18korea",
}


class _Registry(MutableMapping):
    """The known titles by id, each module imported on first use (tests may add their own)."""

    def __init__(self, modules: dict[str, str]):
        self._modules = dict(modules)
        self._specs: dict[str, TitleSpec] = {}

    def __getitem__(self, title_id: str) -> TitleSpec:
        if title_id not in self._specs:
            spec = importlib.import_module(self._modules[title_id]).TITLE
            if spec.id != title_id:
                raise RuntimeError(f"{self._modules[title_id]} defines {spec.id!r}, not {title_id!r}")
            self._specs[title_id] = spec
        return self._specs[title_id]

    def __setitem__(self, title_id: str, spec: TitleSpec) -> None:
        self._modules.setdefault(title_id, "")
        self._specs[title_id] = spec

    def __delitem__(self, title_id: str) -> None:
        del self._modules[title_id]
        self._specs.pop(title_id, None)

    def __iter__(self):
        return iter(self._modules)

    def __len__(self) -> int:
        return len(self._modules)


TITLES: MutableMapping[str, TitleSpec] = _Registry(_MODULES)


def get(title_id: str) -> TitleSpec:
    try:
        return TITLES[title_id]
    except (KeyError, TypeError):
        known = ", ".join(sorted(TITLES)) or "none"
        raise GameError("unknown_title", f"Unknown title {title_id!r}; known titles: {known}.",
                        title=title_id, known=sorted(TITLES)) from None
