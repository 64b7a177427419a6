"""What a map may change: ``BaseMap`` is the base game's board, a map title subclasses it.

A map object is plain data with methods (it is pickled with the game). Each hook has the base
rules' answer; a map overrides only what its rulebook changes.
"""
from __future__ import annotations

from engine.age_of_steam import data as D
from engine.errors import GameError


class BaseMap:
    id = "base"
    costs = D.BASE_COSTS
    new_cities = D.NEW_CITIES

    def __init__(self, options: dict):
        self.options = dict(options)

    # -- length and set-up ------------------------------------------------------------------
    def turns(self, players: int) -> int:
        return D.TURNS[players]

    def seed_places(self) -> list[tuple[str, str, str | None]]:
        """The places named from the start: (name, kind, region)."""
        return []

    def setup_notes(self) -> list[dict]:
        """What to set up on the board (messages for the book's log)."""
        return []

    # -- actions ----------------------------------------------------------------------------
    def actions(self, turn: int) -> tuple[str, ...]:
        """The actions that may be selected this turn."""
        return D.ACTIONS

    # -- building ---------------------------------------------------------------------------
    def build_costs(self) -> dict[str, int]:
        """Every build kind but a town (priced by its exits) and its cost."""
        return dict(self.costs)

    def town_cost(self, exits: int) -> int:
        return D.TOWN_BASE + D.TOWN_PER_EXIT * exits

    def new_tiles(self, kind: str) -> int:
        return 0 if kind in D.NO_NEW_TILE else 1

    def check_build(self, done: list[dict], kind: str, cost: int, engineer: bool) -> None:
        """Refuse a build this turn's earlier builds (``done``: [{kind, cost}]) leave no room
        for."""
        limit = D.ENGINEER_BUILDS if engineer else D.BASE_BUILDS
        if len(done) >= limit:
            raise GameError("build_limit", f"At most {limit} builds a turn"
                            + (" with the Engineer." if engineer else " (4 with the Engineer)."),
                            limit=limit)

    def built(self, rules, player: str, kind: str) -> None:
        """What a build does beyond its cost and track count."""

    # -- the register of links --------------------------------------------------------------
    def place_label(self, name: str) -> dict | None:
        """A seeded place's name in words (a message), where its name is not a proper name."""
        return None

    def place_params(self) -> dict:
        """Extra params of a build or an urbanization that names a place (Korea: its half)."""
        return {}

    def new_place_region(self, kind: str, action: dict, name: str) -> str | None:
        """The region of a place a build (of ``kind``) names for the first time."""
        return None

    def check_link(self, register, kind: str, plan: dict) -> None:
        """Refuse a build's place on the register the map forbids (``plan``: the link it
        extends or the place a new one starts from, the place it reaches, the new places)."""
        if kind == "ferry":
            raise GameError("bad_kind", "No ferry links on this map.")

    def check_chain(self, rules, player: str, places: list[str]) -> None:
        """Refuse a delivery's chain (its places in order) the map forbids."""

    def chain_delivered(self, rules, player: str, colour: str, places: list[str]) -> None:
        """What a delivery over a chain does beyond income (events)."""

    # -- an older log's typed delivery (``deliver``, replayed unchecked) ---------------------
    def check_delivery(self, rules, player: str, action: dict) -> None:
        """Refuse a typed delivery the map forbids (the action is well-formed)."""

    def delivered(self, rules, player: str, action: dict) -> list:
        """What a typed delivery does beyond income (events)."""
        return []

    # -- corrections ------------------------------------------------------------------------
    def correction_kinds(self) -> tuple[str, ...]:
        """The map's own kinds of table correction (beside cash, income, track, locomotive)."""
        return ()

    def correction_forms(self, rules) -> list:
        """(kind, {param name: param}) of the map's corrections (the player param is the
        family's)."""
        return []

    def correct(self, rules, kind: str, player: str, action: dict):
        """Apply one of the map's corrections; return the new value (for the event)."""
        raise NotImplementedError(kind)

    # -- the end ----------------------------------------------------------------------------
    def eligible(self, rules, player: str) -> bool:
        return True

    def score_extra(self, rules, player: str) -> int:
        return 0

    def score_extra_label(self) -> dict:
        return {"code": "score.map", "message": "Map", "params": {}}

    def book_facts(self, rules) -> list:
        """(label, value) facts the map adds to the book's status."""
        return []

    def player_columns(self, rules) -> list:
        """(key, label, cell(player) -> value) columns the map adds to the players table."""
        return []

