"""Age of Steam with the base rules only (3-6 players), for a map the engine does not know:
every rule is the family's (``engine.age_of_steam``), nothing is changed. Built from
``shared/reference/AgeOfSteam.md`` (the base rules' bookkeeping, A1/A3/N1): its figures are
provisional where that sheet says the rulebook's words were not read."""
from __future__ import annotations

from engine.age_of_steam import FAMILY, WORDS as FAMILY_WORDS, SteamGame
from engine.age_of_steam.board_map import BaseMap
from engine.age_of_steam.describe import describe
from engine.age_of_steam.options import FAMILY_OPTIONS
from engine.titles import TitleSpec

TITLE_ID = "AoS-Base"
SOURCE = "shared/reference/AgeOfSteam.md (base rules' bookkeeping; provisional)"


def create(players, seed, options):
    return SteamGame(players, seed, options, BaseMap(options))


TITLE = TitleSpec(TITLE_ID, "Age of Steam (base rules)", FAMILY, "$", 3, 6, create,
                  options=dict(FAMILY_OPTIONS), source=SOURCE, words=(FAMILY_WORDS,), describe=describe)
