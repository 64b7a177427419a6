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
    options: dict = field(default_factory=dict)   # option name -> a contract param (see below)
    source: str = ""           # the rulebook it is built from
    words: tuple = ()          # its words modules, family first, title last (engine.words)
    describe: Callable | None = None   # describe(action, currency) -> a step's history line

# ``options``: {name: param} in the form of engine.contract's legal params, each with a
# "label" message and, for a rule reading, "rule": a message quoting the rulebook's sentence;
# a "flag" param is a yes/no option, a "choice" param a reading to choose ("default" is the
# rulebook's). The set-up page renders them; the chosen values are in the game's record.
# A value the rulebook does not print (a provisional one) may carry "group" (a message: the
# set-up page shows each group collapsed, to be checked once against the box), "source" (a
# message: where its default comes from) and "default_words" (a message: the default said in
# words, for a default in the engine's own notation; its box then starts empty, and left
# empty keeps the default); "note" says how to write another value.
# ``check_options`` validates a game's options against them at set-up.


# Title id -> the module that defines it. A module is imported the first time its title is
# used, so a tool that replays a 1888-N game never pays for compiling 18Korea.
_MODULES: dict[str, str] = {
    "1888-N": "engine.titles.title_1888n",
    "18Korea": "engine.titles.title_18korea",
    "18Lilliput": "engine.titles.title_18lilliput",
    "1899-DAIHAN": "engine.titles.title_1899_daihan",
    "AoS-Base": "engine.titles.title_aos_base",
    "AoS-Korea": "engine.titles.title_aos_korea",
    "AoS-NewZealand": "engine.titles.title_aos_new_zealand",
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


def check_options(spec: TitleSpec, options) -> dict:
    """``options`` checked against the title's declared options, each choice option that
    has a default filled in (so the record names every reading the game was played with).

    An unknown option, or a value its param does not allow, is a GameError ``bad_option``
    saying what is allowed.
    """
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise GameError("bad_option", "The options are an object of option names and values.",
                        allowed=sorted(spec.options))
    out = {}
    for name, given in options.items():
        param = spec.options.get(name)
        if param is None:
            known = ", ".join(sorted(spec.options)) or "none"
            raise GameError("bad_option", f"{spec.name} has no option {name!r}; its options: {known}.",
                            option=name, allowed=sorted(spec.options))
        kind = param.get("kind")
        if kind in ("number", "text"):
            out[name] = _check_free_option(spec, name, param, given)
            continue
        if kind == "flag":
            allowed = [True, False]
        else:
            allowed = list(param.get("choices") or [])
        if isinstance(given, bool) != isinstance(allowed[0] if allowed else None, bool) \
                or given not in allowed:
            raise GameError("bad_option", f"Option {name!r} of {spec.name} is one of "
                            f"{', '.join(map(str, allowed))}, not {given!r}.",
                            option=name, value=given, allowed=allowed)
        out[name] = given
    for name, param in spec.options.items():
        if name not in out and "default" in param:
            out[name] = param["default"]
    return out


def _check_free_option(spec: TitleSpec, name: str, param: dict, given):
    """A number option (a whole number in its range and step) or a text option (a string
    within its length); the title checks what the text says."""
    if param["kind"] == "number":
        lo, hi, step = param["min"], param["max"], param.get("step") or 1
        if not isinstance(given, int) or isinstance(given, bool) or not lo <= given <= hi \
                or (given - lo) % step:
            raise GameError("bad_option", f"Option {name!r} of {spec.name} is a whole number "
                            f"from {lo} to {hi}, not {given!r}.", option=name, value=given,
                            min=lo, max=hi)
        return given
    if not isinstance(given, str) or len(given) > param.get("max_length", 200):
        raise GameError("bad_option", f"Option {name!r} of {spec.name} is a text of at most "
                        f"{param.get('max_length', 200)} characters.", option=name)
    return given


def get(title_id: str) -> TitleSpec:
    try:
        return TITLES[title_id]
    except (KeyError, TypeError):
        known = ", ".join(sorted(TITLES)) or "none"
        raise GameError("unknown_title", f"Unknown title {title_id!r}; known titles: {known}.",
                        title=title_id, known=sorted(TITLES)) from None
