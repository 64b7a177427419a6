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
from engine.age_of_steam.links import CITY, ISLAND, LINK_MARK, TOWN, link_key
from engine.door import FREE_ENTRY
from engine.errors import GameError

FORM = "link"            # a build entered on the register of links (older logs have none)
NEW_NAME = FREE_ENTRY    # a new place's name: as a table may type a value not offered
NAMES_SAID = 12          # a refusal names at most this many places
NOT_YET = "unfinished"   # a build's ``reaches`` when the link does not reach a place yet

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
        plan = self._link_plan(p, kind, action) \
            if action.get("form") == FORM or "link" in action else None
        self.pay(p, BANK, cost)
        tiles = self.map.new_tiles(kind)
        self.tiles[p] += tiles
        if plan is None:                    # an older log's build: no link, counted loose
            self.loose[p] += tiles
        link_words = self._on_link(p, kind, tiles, plan) if plan else {}
        self.builds.append({"kind": kind, "cost": cost, "link": link_words.get("link")})
        self.map.built(self, p, kind)
        extra = {"exits": action["exits"]} if kind == "town" else {}
        self.emit("built", f"{self.pname(p)} builds: {KIND_NAMES[kind]} for ${cost}.",
                 "Lay the tile and put the player's track marker on it.", player=p,
                 kind=kind, what=C.msg(f"kind.{kind}.name", KIND_NAMES[kind]), amount=cost,
                 **extra)
        if link_words:
            self._say_link(p, link_words)

    # -- the register of links --------------------------------------------------------------
    def _link_plan(self, p: str, kind: str, action: dict) -> dict | None:
        """What a build does to the register, checked before anything changes: the link it
        extends (or the place a new link starts from), the place it reaches, the places it
        names. None for a build that lays no track of a link (a replacement, a redirect)."""
        if kind in D.NO_NEW_TILE:
            return None
        reg = self.register
        start, reaches = action.get("link"), action.get("reaches", NOT_YET)
        if not isinstance(start, str) or not start.strip():
            raise err("link_needed", "Say which link the tile is part of: an unfinished link "
                      "to extend, or the place a new link starts from.")
        if not isinstance(reaches, str) or not reaches.strip():
            raise err("bad_reaches", "Say which place the link reaches, or that it stays "
                      "unfinished.")
        start, reaches = start.strip(), reaches.strip()
        plan = {"link": None, "start": None, "reaches": None, "new": []}
        if start.startswith(LINK_MARK):
            lid = int(start[1:]) if start[1:].isdigit() else -1
            link = reg.links.get(lid)
            if link is None or link not in reg.unfinished(p):
                self._not_open(p, start[1:])
            plan["link"], frm = lid, link["a"]
        else:
            plan["start"] = frm = start
            if start not in reg.places:
                plan["new"].append((start, TOWN if kind == "town" and reaches == NOT_YET
                                    else CITY))
        if reaches != NOT_YET:
            if reaches == frm:
                raise err("link_loop", f"A link joins two places; it starts at {frm}.",
                          name=frm)
            plan["reaches"] = reaches
            if reaches not in reg.places:
                plan["new"].append((reaches, TOWN if kind == "town" else CITY))
        if kind == "town":
            if reaches == NOT_YET and plan["link"] is not None:
                raise err("town_reaches", "A town tile ends the link it extends: say which "
                          "town it reaches.")
            plan["town"] = town = reaches if reaches != NOT_YET else frm
            if reg.kind(town) not in (None, TOWN):
                raise err("town_on_city", f"{town} is not a town; a town tile goes on a town.",
                          name=town)
        for name, _ in plan["new"]:
            if not NEW_NAME.match(name):
                self._not_a_name(name)
        regions = {name: self.map.new_place_region(kind, action, name) for name, _ in
                   plan["new"]}
        plan["new"] = [(name, pk, regions[name]) for name, pk in plan["new"]]
        self.map.check_link(reg, kind, plan)
        return plan

    def _not_open(self, p: str, typed: str):
        """Refuse a link to extend that is not offered, saying which ones are."""
        reg, who = self.register, self.pname(p)
        open_ = ", ".join(f"{k['id']} ({reg.describe_link(k)})" for k in reg.unfinished(p))
        said = f". {who} may extend link {open_}, or name" if open_ else \
            f", and {who} has none to extend: name"
        raise err("link_not_open", f"Link {typed} is not an unfinished link {who} may extend"
                  f"{said} the place a new link starts from.", link=typed, player=p,
                  **({"open": open_} if open_ else {}))

    def _not_a_name(self, name: str):
        """Refuse a new place's name that is not one, saying what a name is and which places
        are named."""
        named = ", ".join(self.register.names()[:NAMES_SAID])
        raise err("bad_new_place", f"“{name}” is not a place's name: a new name starts with a "
                  "letter or a digit and has at most 20 letters, digits, spaces and . ' # + -."
                  + (f" The places named so far: {named}." if named else ""), name=name,
                  **({"places": named} if named else {}))

    def _on_link(self, p: str, kind: str, tiles: int, plan: dict) -> dict:
        reg = self.register
        for name, place_kind, region in plan["new"]:
            reg.name_place(name, place_kind, region)
        if plan["link"] is None:
            link = reg.add(plan["start"], p, self.turn, ferry=kind == "ferry")
        else:
            link = reg.links[plan["link"]]
        taken = link["owner"] is None
        link["owner"], link["turn"] = p, self.turn
        link["tiles"] += tiles
        if plan["reaches"]:
            link["b"] = plan["reaches"]
        return {"link": link["id"], "name": reg.describe_link(link), "tiles": link["tiles"],
                "complete": bool(link["b"]), "taken": taken}

    def _say_link(self, p: str, w: dict) -> None:
        if w["complete"]:
            self.emit("link_complete", f"Link {w['link']} of {self.pname(p)} is complete: "
                     f"{w['name']}, {w['tiles']} tile(s).", player=p, link=w["link"],
                     name=w["name"], tiles=w["tiles"])
        else:
            self.emit("link_unfinished", f"Link {w['link']} of {self.pname(p)} is unfinished: "
                     f"{w['name']}, {w['tiles']} tile(s).", player=p, link=w["link"],
                     name=w["name"], tiles=w["tiles"])

    def link_params(self, p: str) -> dict:
        """The build entry's params that place the tile on the register."""
        reg = self.register
        open_links = reg.unfinished(p)
        starts = [link_key(k["id"]) for k in open_links] + \
            [n for n in reg.names() if reg.kind(n) != ISLAND]
        labels = {link_key(k["id"]): C.msg(
            "link.extend", f"Extend link {k['id']}: {reg.describe_link(k)} ({k['tiles']} "
            "tile(s))", link=k["id"], name=reg.describe_link(k), tiles=k["tiles"])
            for k in open_links}
        labels.update({n: C.msg("link.new_from", f"A new link from {n}", name=n)
                       for n in starts if not n.startswith(LINK_MARK)})
        place_labels = {n: self.map.place_label(n) for n in reg.names()}
        last = self.builds[-1].get("link") if self.builds else None
        default = link_key(last) if last and link_key(last) in starts else None
        reaches = [NOT_YET] + reg.names()
        return {
            "link": C.choice("text", starts, labels, default=default, free_entry=True,
                             optional=True if default is None else None,
                             label=C.msg("form.link", "Link (or a new place it starts from)")),
            "reaches": C.choice("text", reaches, {NOT_YET: C.msg(
                "link.not_yet", "No place yet: the link stays unfinished"),
                **{n: m for n, m in place_labels.items() if m}},
                default=NOT_YET, free_entry=True,
                label=C.msg("form.reaches", "Reaches (a place, or a new name)")),
            **self.map.place_params()}

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
        town = action.get("town")
        if isinstance(town, str) and town.strip():
            town = town.strip()
            kind = self.register.kind(town)
            if kind not in (None, TOWN):
                raise err("urbanize_town", f"{town} is not a town; a New City goes on a town.",
                          name=town)
            region = self.map.new_place_region("urbanize", action, town) if kind is None \
                else None
            if kind is None:
                self.register.name_place(town, CITY, region)
            else:
                self.register.places[town]["kind"] = CITY
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
                                label=C.msg("form.colour", "Colour")),
                                "town": C.choice("text", self.register.names(TOWN),
                                                 optional=True, free_entry=True,
                                                 label=C.msg("form.town", "On the town")),
                                **self.map.place_params()}})
        kinds = {}
        for kind, cost in self.map.build_costs().items():
            if cost <= self.cash[p] and self._fits(kind, cost, engineer):
                kinds[kind] = cost
        if kinds:
            out.append({"type": "build", "entity": p, "form": FORM,
                        "label": C.msg("form.build", "Build"),
                        "params": {"kind": C.choice("text", list(kinds), {
                            k: kind_label(k, c) for k, c in kinds.items()},
                            label=C.msg("form.kind", "What is built")),
                            **self.link_params(p)},
                        "show": [{"label": C.msg("col.cash", "Cash"),
                                  "value": C.money(self.cash[p])}]})
        exits = [n for n in range(1, D.TOWN_MAX_EXITS + 1)
                 if self.map.town_cost(n) <= self.cash[p]
                 and self._fits("town", self.map.town_cost(n), engineer)]
        if exits:
            out.append({"type": "build", "entity": p, "kind": "town", "form": FORM,
                        "label": C.msg("form.build_town", "Build a town tile ($1 + $1 a "
                                       "track exit)"),
                        "params": {"exits": C.number("count", 1, max(exits), default=1,
                                                     label=C.msg("form.exits", "Track exits")),
                                   **self.link_params(p)}})
        out.append({"type": "build_done", "entity": p,
                    "label": C.msg("form.build_done", "Done building")})
        return out

    def _fits(self, kind: str, cost: int, engineer: bool) -> bool:
        try:
            self.map.check_build(self.builds, kind, cost, engineer)
        except GameError:
            return False
        return True
