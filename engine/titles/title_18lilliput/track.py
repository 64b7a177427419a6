"""Track cards and stations (S 타일 배치, 역 마커 배치; errata for the Emperor's castle).

The cards lie on a square grid around Mildendo ("x,y"; Mildendo "0,0"; north is y-1). A
card has exits on some of its four sides; two cards are joined where both have an exit on
their common side. Rules:

* a new card is yellow; a big city (Y) costs the company £50, the others are free;
* cities and big cities are never beside another city or big city (Mildendo excepted), towns
  and plain track never beside a town or plain track: they alternate;
* the new card joins a card of the company's network (from its stations, through cards not
  blocked by other companies' full cities; Mildendo is a terminal: nobody runs through it);
* an upgrade keeps the kind and every old exit, goes one colour on (yellow -> green ->
  brown, or the ``track_order`` option's reading) when that colour is in use; a big city's
  upgrade is free; the card replaced goes back to the supply;
* a station goes on an empty slot of a city or big city of the network, one per company per
  card; the first extra costs £40, then £100;
* the Emperor's castle (errata): upgrades an ordinary city (not a town, Mildendo or a Y)
  once green is in use; a station there pays its director £50 if he holds the Emperor,
  otherwise £30 (``data.CASTLE_*``).
"""
from __future__ import annotations

from engine import contract as C
from engine.errors import GameError
from engine.core18xx.bank import BANK
from engine.titles.title_18lilliput import data as D
from engine.titles.title_18lilliput.base import MILDENDO, pos_id, pos_xy


def neighbour(pos: str, side: str) -> str:
    x, y = pos_xy(pos)
    dx, dy = D.SIDES[side]
    return pos_id(x + dx, y + dy)


class TrackMixin:
    # -- the network -----------------------------------------------------------------------
    def joined(self, a: str, side: str) -> str | None:
        b = neighbour(a, side)
        ta, tb = self.tiles.get(a), self.tiles.get(b)
        if ta and tb and side in ta["exits"] and D.OPPOSITE[side] in tb["exits"]:
            return b
        return None

    def blocked(self, pos: str, company: str) -> bool:
        t = self.tiles[pos]
        if pos == MILDENDO:
            return True
        if t["kind"] not in D.BIG or not t["slots"]:
            return False
        return len(t["stations"]) >= t["slots"] and company not in t["stations"]

    def network(self, company: str) -> set[str]:
        co = self.companies[company]
        start = [p for p in co["stations"] if p != MILDENDO and p in self.tiles]
        if co.get("railhead") in self.tiles:
            start.append(co["railhead"])
        seen, todo = set(start), list(start)
        while todo:
            a = todo.pop()
            if a != co.get("railhead") and a not in co["stations"] and self.blocked(a, company):
                continue
            if a == MILDENDO:
                continue
            for side in "NESW":
                b = self.joined(a, side)
                if b and b not in seen:
                    seen.add(b)
                    todo.append(b)
        return seen

    def free_spots(self) -> list[str]:
        out = set()
        for pos in self.tiles:
            for side in "NESW":
                b = neighbour(pos, side)
                if b not in self.tiles:
                    out.add(b)
        return sorted(out, key=lambda p: (abs(pos_xy(p)[0]) + abs(pos_xy(p)[1]), p))

    def _check_neighbours(self, pos: str, kind: str) -> None:
        group = D.BIG if kind in D.BIG else D.SMALL
        for side in "NESW":
            t = self.tiles.get(neighbour(pos, side))
            if t is None or t["kind"] == "mildendo":
                continue
            if t["kind"] in group:
                what = "city or big city" if group is D.BIG else "town or plain track"
                raise GameError("adjacent_kind", f"A {kind} card cannot lie beside another {what} "
                          f"(at {neighbour(pos, side)}).", pos=pos, kind=kind,
                          other=neighbour(pos, side))

    def _check_joins(self, company: str, pos: str, exits: str) -> None:
        net = self.network(company)
        for side in exits:
            b = neighbour(pos, side)
            t = self.tiles.get(b)
            if t and D.OPPOSITE[side] in t["exits"] and b in net and \
                    (b == MILDENDO) is False:
                return
        raise GameError("not_connected", f"The card at {pos} does not join "
                  f"{self.company_name(company)}'s network.", company=company, pos=pos)

    @staticmethod
    def _exits(action: dict) -> str:
        exits = action.get("exits")
        if isinstance(exits, str):
            exits = "".join(sorted(set(exits.upper())))
        if exits not in D.EXITS:
            raise GameError("bad_exits", f"Exits are one of {D.EXITS}.", exits=exits)
        return exits

    @staticmethod
    def _slots(action: dict, kind: str, colour: str) -> int:
        if kind not in D.BIG:
            return 0
        slots = action.get("slots", D.SLOTS.get((kind, colour), 1))
        if not 1 <= slots <= D.MAX_SLOTS:
            raise GameError("bad_slots", f"A city card has 1-{D.MAX_SLOTS} station slots.")
        return slots

    # -- laying ----------------------------------------------------------------------------
    def lay_track(self, player: str, action: dict) -> None:
        self.need_effect(player, "lay_track")
        company = self.need_director(player, action.get("company"))
        pos, kind = action.get("pos"), action.get("kind")
        if kind not in D.TILE_KINDS:
            raise GameError("bad_kind", f"A track card is one of {D.TILE_KINDS}.", kind=kind)
        exits = self._exits(action)
        slots = self._slots(action, kind, "yellow")
        if not isinstance(pos, str) or pos not in self.free_spots():
            raise GameError("no_free_spot", f"{pos} is not an empty place beside the cards.", pos=pos)
        self._check_neighbours(pos, kind)
        self._check_joins(company, pos, exits)
        cost = D.Y_COST if kind == "Y" else 0
        if self.ledger.of(company) < cost:
            raise GameError("cannot_afford", f"{self.company_name(company)} has "
                      f"£{self.ledger.of(company)} and a big city costs £{cost}.",
                      company=company, amount=cost)
        self.ledger.pay(company, BANK, cost)
        self.tiles[pos] = {"kind": kind, "colour": "yellow", "exits": exits, "slots": slots,
                           "stations": []}
        self.emit("track_laid", f"{self.company_name(company)} lays a yellow {kind} card "
                  f"at {pos}" + (f" for £{cost}." if cost else "."),
                  f"Lay a yellow {kind} card at {pos} with exits {exits}.",
                  company=company, pos=pos, kind=C.msg("kind." + kind, kind),
                  exits=exits, amount=cost)
        self.end_turn()

    def upgrade_track(self, player: str, action: dict) -> None:
        self.need_effect(player, "upgrade_track")
        company = self.need_director(player, action.get("company"))
        pos = action.get("pos")
        exits = self._exits(action)
        old = self.tiles.get(pos) if isinstance(pos, str) else None
        if old is None or old["kind"] not in D.TILE_KINDS:
            raise GameError("nothing_to_upgrade", f"There is no track card to upgrade at {pos}.",
                      pos=pos)
        if old["colour"] not in self.colours[:-1]:
            raise GameError("last_colour", f"The {old['colour']} card at {pos} is not upgraded "
                      "further.", pos=pos)
        colour = self.colours[self.colours.index(old["colour"]) + 1]
        if colour not in self.colours_in_use():
            raise GameError("colour_not_in_use", f"{colour.capitalize()} cards are not in use yet "
                      f"(phase {self.phase}).", colour=colour, phase=self.phase)
        if not set(old["exits"]) <= set(exits):
            raise GameError("exits_lost", f"An upgrade keeps every exit ({old['exits']}).",
                      pos=pos, exits=old["exits"])
        if pos not in self.network(company):
            raise GameError("not_connected", f"{pos} is not on {self.company_name(company)}'s "
                      "network.", company=company, pos=pos)
        slots = max(self._slots(action, old["kind"], colour), len(old["stations"])) \
            if old["kind"] in D.BIG else 0
        self.tiles[pos] = dict(old, colour=colour, exits=exits, slots=slots)
        self.emit("track_upgraded", f"{self.company_name(company)} upgrades the "
                  f"{old['kind']} card at {pos} to {colour}.",
                  f"Replace the card at {pos} with a {colour} {old['kind']} card (exits "
                  f"{exits}); the old card goes back to the supply.",
                  company=company, pos=pos, kind=C.msg("kind." + old["kind"], old["kind"]),
                  colour=C.msg("colour." + colour, colour), exits=exits)
        self.end_turn()

    def lay_castle(self, player: str, action: dict) -> None:
        self.need_effect(player, "castle")
        if self.characters.get("Emperor") != player:
            raise GameError("not_emperor", "Only the Emperor's holder lays the castle.")
        if self.castle_laid:
            raise GameError("castle_laid_already", "The castle is already laid.")
        company = self.need_director(player, action.get("company"))
        pos = action.get("pos")
        old = self.tiles.get(pos) if isinstance(pos, str) else None
        if old is None or old["kind"] != "city":
            raise GameError("castle_on_city", "The castle upgrades an ordinary city (not a town, "
                      "Mildendo or a big city).", pos=pos)
        if "green" not in self.colours_in_use():
            raise GameError("colour_not_in_use", "The castle is laid once green is in use.",
                      colour="green", phase=self.phase)
        if pos not in self.network(company):
            raise GameError("not_connected", f"{pos} is not on {self.company_name(company)}'s "
                      "network.", company=company, pos=pos)
        self.tiles[pos] = dict(old, kind="castle", colour="green",
                               slots=max(D.CASTLE_SLOTS, len(old["stations"])))
        self.castle_laid = True
        self.emit("castle_laid", f"The Emperor's castle replaces the city at {pos}.",
                  f"Put the Emperor's castle card at {pos}.", pos=pos, player=player)
        self.end_turn()

    # -- stations --------------------------------------------------------------------------
    def station_cost(self, company: str) -> int:
        n = self.companies[company]["extra_stations"]
        return D.STATION_COSTS[min(n, len(D.STATION_COSTS) - 1)]

    def place_station(self, player: str, action: dict) -> None:
        self.need_effect(player, "place_station")
        company = self.need_director(player, action.get("company"))
        pos = action.get("pos")
        co = self.companies[company]
        t = self.tiles.get(pos) if isinstance(pos, str) else None
        if t is None or t["kind"] not in D.BIG or pos == MILDENDO:
            raise GameError("no_city", f"A station goes on a city or big city card, not {pos}.",
                      pos=pos)
        if company in t["stations"]:
            raise GameError("one_station_per_card", f"{self.company_name(company)} has a station "
                      f"on {pos} already.", company=company, pos=pos)
        if len(t["stations"]) >= t["slots"]:
            raise GameError("no_empty_slot", f"The card at {pos} has no empty station slot.", pos=pos)
        if co["markers"] <= 0:
            raise GameError("no_markers", f"{self.company_name(company)} has no station marker left.",
                      company=company)
        if pos not in self.network(company):
            raise GameError("not_connected", f"{pos} is not on {self.company_name(company)}'s "
                      "network.", company=company, pos=pos)
        cost = self.station_cost(company)
        if self.ledger.of(company) < cost:
            raise GameError("cannot_afford", f"{self.company_name(company)} has "
                      f"£{self.ledger.of(company)} and the station costs £{cost}.",
                      company=company, amount=cost)
        self.ledger.pay(company, BANK, cost)
        t["stations"].append(company)
        co["stations"].append(pos)
        co["markers"] -= 1
        co["extra_stations"] += 1
        self.emit("station_placed", f"{self.company_name(company)} places a station "
                  f"at {pos} for £{cost}.", f"Put a {self.company_name(company)} "
                  f"station marker at {pos}.", company=company, pos=pos, amount=cost)
        if t["kind"] == "castle":
            income = D.CASTLE_INCOME_EMPEROR if self.characters.get("Emperor") == player \
                else D.CASTLE_INCOME_OTHER
            self.ledger.pay(BANK, player, income)
            self.emit("castle_income", f"A station on the castle: "
                      f"{self.player_name(player)} receives £{income}.",
                      player=player, amount=income)
        self.end_turn()

    # -- forms -----------------------------------------------------------------------------
    def reach(self, company: str) -> list[str]:
        """Empty places where a card would join ``company``'s network (an exit faces it)."""
        out = set()
        for a in self.network(company):
            if a == MILDENDO:
                continue
            for side in self.tiles[a]["exits"]:
                b = neighbour(a, side)
                if b not in self.tiles:
                    out.add(b)
        return sorted(out)

    @staticmethod
    def _place_param(choices_of: dict) -> dict:
        """A place: every place offered (``choices``), and those of each company
        (``choices_by``)."""
        union = sorted({x for xs in choices_of.values() for x in xs})
        return C.choice("hex", union, label=C.msg("param.pos", "Place"),
                        choices_by={"field": "company", "map": choices_of})

    def track_legal(self, player: str, mine: list[str]) -> list[dict]:
        if not mine:
            return []
        comp = self.company_param(mine)
        nets = {c: self.network(c) for c in mine}
        exits = C.choice("text", D.EXITS, label=C.msg("param.exits", "Exits"))
        slots = C.number("count", 1, D.MAX_SLOTS, default=1, optional=True,
                         label=C.msg("param.slots", "Station slots printed"))
        out = [{"type": "lay_track", "entity": player,
                "label": C.msg("act.lay_track", "Lay a track card"),
                "params": {"company": comp,
                           "pos": self._place_param({c: self.reach(c) for c in mine}),
                           "kind": C.choice("text", D.TILE_KINDS,
                                            {k: C.msg("kind." + k, k) for k in D.TILE_KINDS},
                                            label=C.msg("param.kind", "Kind of card")),
                           "exits": exits, "slots": slots}}]
        up = sorted(p for p, t in self.tiles.items() if t["kind"] in D.TILE_KINDS and
                    t["colour"] in self.colours[:-1] and
                    self.colours[self.colours.index(t["colour"]) + 1] in self.colours_in_use())
        up_of = {c: [p for p in up if p in nets[c]] for c in mine}
        if any(up_of.values()):
            out.append({"type": "upgrade_track", "entity": player,
                        "label": C.msg("act.upgrade_track", "Upgrade a track card"),
                        "params": {"company": comp, "pos": self._place_param(up_of),
                                   "exits": exits, "slots": slots}})
        cities = sorted(p for p, t in self.tiles.items() if t["kind"] == "city"
                        and any(p in n for n in nets.values()))
        if self.characters.get("Emperor") == player and not self.castle_laid and cities and \
                "green" in self.colours_in_use():
            out.append({"type": "castle", "entity": player,
                        "label": C.msg("act.castle", "Lay the Emperor's castle"),
                        "params": {"company": comp, "pos": self._place_param(
                            {c: [p for p in cities if p in nets[c]] for c in mine})}})
        return out

    def station_legal(self, player: str, mine: list[str]) -> list[dict]:
        spots = sorted(p for p, t in self.tiles.items() if t["kind"] in D.BIG and
                       p != MILDENDO and len(t["stations"]) < t["slots"])
        mine = [c for c in mine if self.companies[c]["markers"] > 0]
        of = {c: [p for p in spots if c not in self.tiles[p]["stations"]
                  and p in self.network(c)] for c in mine}
        mine = [c for c in mine if of[c]]
        if not mine:
            return []
        return [{"type": "place_station", "entity": player,
                 "label": C.msg("act.place_station", "Place a station"),
                 "params": {"company": self.company_param(mine),
                            "pos": self._place_param({c: of[c] for c in mine})},
                 "show": [{"label": C.msg("label.cost", "Cost"),
                           "value": C.money(self.station_cost(mine[0]))}]}]
