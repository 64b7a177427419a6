"""Phase 4, building track, and the Urbanization action.

Each player in build order (the First Build holder first) enters each build by what it is:
plain, river or mountain track, a complex tile (coexisting or crossing track) on plain, river
or mountain, a town tile (priced by its track exits), a replacement or a redirect. Its cost
comes from the map's table and is paid to the bank; the map says how many builds a turn
allows (base: 3, 4 with the Engineer). The Urbanization holder may first place one New City
tile of a colour still in the supply (free, in addition to the builds).
"""
from __future__ import annotations

from engine import contract as C
from engine.age_of_steam import data as D
from engine.age_of_steam.base import BANK, err, whole
from engine.errors import GameError

KIND_NAMES = {
    "plain": "Plain track", "river": "River track", "mountain": "Mountain track",
    "coexist_plain": "Complex, coexisting, on plain", "coexist_river":
    "Complex, coexisting, on a river", "coexist_mountain": "Complex, coexisting, on a mountain",
    "cross_plain": "Complex, crossing, on plain", "cross_river": "Complex, crossing, on a river",
    "cross_mountain": "Complex, crossing, on a mountain",
    "replace": "Replace simple track with complex", "redirect": "Redirect track",
    "town": "Town tile", "ferry": "Ferry link",
    "north_plain": "North: plain", "north_mountain": "North: mountain",
    "south_plain": "South: plain", "south_mountain": "South: mountain",
}


def kind_label(kind: str, cost: int) -> dict:
    return C.msg(f"kind.{kind}", f"{KIND_NAMES[kind]} (${cost})", cost=cost)


class BuildingMixin:
    def begin_build_turn(self, queue: list[str]) -> None:
        self.builds: list[dict] = []
        self.urbanized = False
        self.begin("build", queue)

    def build_done(self, p: str, action: dict) -> None:
        spent = sum(b["cost"] for b in self.builds)
        self.emit("builds_done", f"{self.pname(p)} ends building: {len(self.builds)} build(s), "
                 f"${spent}.", player=p, count=len(self.builds), amount=spent)
        self.builds, self.urbanized = [], False
        self.next_player()

    def cost_of(self, action: dict) -> tuple[str, int]:
        kind = action.get("kind")
        costs = self.map.build_costs()
        if kind == "town":
            exits = whole(action, "exits", 1, D.TOWN_MAX_EXITS)
            return kind, self.map.town_cost(exits)
        if kind not in costs:
            raise err("bad_kind", f"A build is one of {', '.join(costs)} or town.",
                      choices=list(costs) + ["town"])
        return kind, costs[kind]

    def build(self, p: str, action: dict) -> None:
        kind, cost = self.cost_of(action)
        self.map.check_build(self.builds, kind, cost, self.held.get(p) == "engineer")
        if cost > self.cash[p]:
            raise err("build_cash", f"{self.pname(p)} has ${self.cash[p]}; this build costs "
                      f"${cost}.", player=p, cash=self.cash[p], amount=cost)
        self.pay(p, BANK, cost)
        self.builds.append({"kind": kind, "cost": cost})
        self.tiles[p] += self.map.new_tiles(kind)
        self.map.built(self, p, kind)
        extra = {"exits": action["exits"]} if kind == "town" else {}
        self.emit("built", f"{self.pname(p)} builds: {KIND_NAMES[kind]} for ${cost}.",
                 "Lay the tile and put the player's track marker on it.", player=p,
                 kind=kind, what=C.msg(f"kind.{kind}.name", KIND_NAMES[kind]), amount=cost,
                 **extra)

    def urbanize(self, p: str, action: dict) -> None:
        colour = action.get("colour")
        if colour not in self.map.new_cities:
            raise err("bad_colour", f"A New City is one of {', '.join(self.map.new_cities)}.",
                      choices=list(self.map.new_cities))
        if self.held.get(p) != "urbanization":
            raise err("no_urbanization", f"{self.pname(p)} has not taken Urbanization.",
                      player=p)
        if self.urbanized or self.builds:
            raise err("urbanize_first", "Urbanization places one New City, before building.")
        if not self.new_cities.get(colour):
            raise err("no_new_city", f"No {colour} New City is left.", colour=colour)
        self.new_cities[colour] -= 1
        self.urbanized = True
        self.emit("urbanized", f"{self.pname(p)} places a {colour} New City.",
                 "Put the New City tile on a town of the player's choice.", player=p,
                 colour=colour, colour_name=C.msg(f"colour.{colour}", colour))

    def build_legal(self, p: str) -> list[dict]:
        engineer = self.held.get(p) == "engineer"
        out = []
        if self.held.get(p) == "urbanization" and not self.urbanized and not self.builds:
            left = [c for c, n in self.new_cities.items() if n]
            if left:
                out.append({"type": "urbanize", "entity": p,
                            "label": C.msg("form.urbanize", "Urbanize: place a New City"),
                            "params": {"colour": C.choice("text", left, {
                                c: C.msg(f"colour.{c}", c) for c in left},
                                label=C.msg("form.colour", "Colour"))}})
        kinds = {}
        for kind, cost in self.map.build_costs().items():
            if cost <= self.cash[p] and self._fits(kind, cost, engineer):
                kinds[kind] = cost
        if kinds:
            out.append({"type": "build", "entity": p, "label": C.msg("form.build", "Build"),
                        "params": {"kind": C.choice("text", list(kinds), {
                            k: kind_label(k, c) for k, c in kinds.items()},
                            label=C.msg("form.kind", "What is built"))},
                        "show": [{"label": C.msg("col.cash", "Cash"),
                                  "value": C.money(self.cash[p])}]})
        exits = [n for n in range(1, D.TOWN_MAX_EXITS + 1)
                 if self.map.town_cost(n) <= self.cash[p]
                 and self._fits("town", self.map.town_cost(n), engineer)]
        if exits:
            out.append({"type": "build", "entity": p, "kind": "town",
                        "label": C.msg("form.build_town", "Build a town tile ($1 + $1 a "
                                       "track exit)"),
                        "params": {"exits": C.number("count", 1, max(exits), default=1,
                                                     label=C.msg("form.exits", "Track exits"))}})
        out.append({"type": "build_done", "entity": p,
                    "label": C.msg("form.build_done", "Done building")})
        return out

    def _fits(self, kind: str, cost: int, engineer: bool) -> bool:
        try:
            self.map.check_build(self.builds, kind, cost, engineer)
        except GameError:
            return False
        return True
