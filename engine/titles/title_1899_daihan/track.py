"""Track and stations (rulebook §7-3, §7-4). The map's hexes are not in the book: the table
names the hex (a city's name or the board's coordinate) and says whether it is a mountain or
river hex; the book keeps what lies where and checks the tile manifest (§11), the phase's
colours, the upgrade lists, the ₩80 terrain cost of a new lay, the home hex first, Seoul
Tram's block on Hanseong, the station count by par, the ₩40 station and the reserved home.
"""
from __future__ import annotations

from engine import contract as C
from engine.core18xx.bank import BANK
from engine.core18xx.entries import entry, word
from engine.errors import GameError
from engine.titles.title_1899_daihan import data as D

TERRAINS = ("plain", "mountain_river")


def clean_hex(value) -> str:
    if not isinstance(value, str) or not value.strip() or len(value.strip()) > 30:
        raise GameError("hex_name", "Name the hex: a city's name or the board's coordinate "
                        "(at most 30 characters).", hex=value)
    return value.strip()


class TrackMixin:
    # -- which tiles fit ---------------------------------------------------------------------
    def tile_fits(self, hex_id: str) -> list[str]:
        """Tiles of the supply that may go on ``hex_id`` now (colour, phase, upgrade list)."""
        colors = set(self.phase_colors())
        laid = self.board.laid.get(hex_id)
        if laid and hex_id == D.HANSEONG and self.hanseong_blocked():
            return []
        if laid:
            options = D.TILES[laid[0]]["upgrades"]
        elif hex_id in D.HEXES:
            options = D.PRINTED_UPGRADES[D.HEXES[hex_id]["feature"]]
        else:
            options = [t for t, s in D.TILES.items() if s["color"] == "yellow"]
        return [t for t in options if self.board.supply.get(t, 0) > 0
                and D.TILES[t]["color"] in colors]

    def hanseong_blocked(self) -> bool:
        tram = self.companies[D.SEOUL_TRAM]
        return not tram["closed"] and tram["owner"] in self.players

    def check_daihan_lay(self, corp: str, hex_id: str, tile, *, resource=None) -> None:
        if tile not in D.TILES:
            raise GameError("unknown_tile", f"There is no tile #{tile} in the manifest.",
                            tile=tile)
        if self.board.supply.get(tile, 0) <= 0:
            raise GameError("tile_unavailable", f"All tiles #{tile} are on the board.",
                            tile=tile)
        color = D.TILES[tile]["color"]
        if color not in self.phase_colors():
            raise GameError("tile_color_unavailable", f"{color.capitalize()} tiles are not "
                            f"available in phase {self.phase['name']}.", tile=tile,
                            color=color, allowed=self.phase_colors())
        laid = self.board.laid.get(hex_id)
        if resource and laid:
            raise GameError("resource_built", f"The free track goes on an empty "
                            f"{resource}, not on {hex_id}, which has track.", hex=hex_id)
        if laid:
            if hex_id == D.HANSEONG and self.hanseong_blocked():
                raise GameError("hanseong_blocked", "Hanseong is not upgraded while Seoul "
                                "Tram is held by a player.", hex=hex_id)
            if tile not in D.TILES[laid[0]]["upgrades"]:
                ups = ", ".join(D.TILES[laid[0]]["upgrades"]) or "none"
                raise GameError("not_an_upgrade", f"#{tile} is no upgrade of #{laid[0]} on "
                                f"{hex_id} (its upgrades: {ups}).", hex=hex_id, tile=tile,
                                old_tile=laid[0])
        else:
            if color != "yellow":
                raise GameError("yellow_first", f"An empty hex takes a yellow tile, not "
                                f"#{tile}.", hex=hex_id, tile=tile)
            printed = D.HEXES.get(hex_id)
            if printed and tile not in D.PRINTED_UPGRADES[printed["feature"]]:
                raise GameError("wrong_feature", f"{hex_id} is a city: it takes "
                                f"{', '.join(D.PRINTED_UPGRADES['city'])}.", hex=hex_id,
                                tile=tile)
        home = self.corp_spec[corp]["home"]
        if not resource and home not in self.board.laid and hex_id != home:
            raise GameError("home_first", f"{corp}'s home {home} is empty: its track goes "
                            "there first.", corporation=corp, home=home)

    def lay_daihan_tile(self, corp: str, action: dict, *, resource=None) -> None:
        hex_id = clean_hex(action.get("hex"))
        tile = action.get("tile")
        terrain = action.get("terrain", "plain")
        if terrain not in TERRAINS:
            raise GameError("terrain", "The hex is 'plain' or 'mountain_river'.",
                            terrain=terrain)
        rotation = action.get("rotation", 0)
        if not isinstance(rotation, int) or isinstance(rotation, bool) or not 0 <= rotation <= 5:
            raise GameError("bad_rotation", "A rotation is a whole number from 0 to 5.")
        self.check_daihan_lay(corp, hex_id, tile, resource=resource)
        new = hex_id not in self.board.laid
        cost = D.TERRAIN_COST if new and terrain == "mountain_river" and not resource else 0
        if cost > self.ledger.of(corp):
            raise GameError("cannot_afford_terrain", f"{corp} has "
                            f"{self.money(self.ledger.of(corp))} and cannot pay "
                            f"{self.money(cost)} for a mountain or river hex.", cost=cost)
        self.ledger.pay(corp, BANK, cost)
        old = self.board.lay(hex_id, tile, rotation)
        self.emit("tile_laid", f"{corp} lays tile #{tile} on {hex_id}"
                  + (f" for {self.money(cost)}" if cost else "") + ".",
                  f"Lay tile #{tile} on {hex_id}"
                  + (f" and return #{old} to the supply" if old else "") + ".",
                  corporation=corp, hex=hex_id, tile=tile, rotation=rotation, cost=cost,
                  old_tile=old)

    def lay_entry(self, corp: str, company: str | None = None) -> dict | None:
        home = self.corp_spec[corp]["home"]
        if company:
            known = []
        elif home not in self.board.laid:
            known = [home]
        else:
            known = sorted(set(D.HEXES) | set(self.board.laid))
        by_hex = {h: self.tile_fits(h) for h in known}
        by_hex = {h: ts for h, ts in by_hex.items() if ts}
        yellows = [t for t, s in D.TILES.items() if s["color"] == "yellow"
                   and self.board.supply.get(t, 0) > 0]
        tiles = sorted({t for ts in by_hex.values() for t in ts} | set(yellows),
                       key=lambda n: int(n))
        if not tiles:
            return None
        params = {"hex": C.choice("hex", sorted(by_hex), free_entry=True),
                  "tile": C.choice("tile", tiles, choices_by={
                      "field": "hex", "map": {h: list(ts) for h, ts in by_hex.items()}}),
                  "rotation": C.choice("rotation", [0, 1, 2, 3, 4, 5], default=0)}
        label = C.msg("act.lay_tile", "Lay or upgrade a tile")
        if company:                     # a private's lay (its caller names it)
            return entry("lay_tile", corp, company=company, params=params, label=label,
                         about=C.company(company))
        params["terrain"] = C.choice("text", list(TERRAINS), {t: word(t) for t in TERRAINS},
                                     default="plain")
        return entry("lay_tile", corp, params=params, label=label)

    # -- the table's corrections name any hex ----------------------------------------------
    def correction_hex_param(self) -> dict:
        known = set(D.HEXES) | set(self.board.laid) | set(self.board.tokens)
        return C.choice("hex", sorted(known), free_entry=True)

    def is_map_hex(self, hex_id) -> bool:
        return isinstance(hex_id, str) and 0 < len(hex_id.strip()) <= 30 \
            and hex_id == hex_id.strip()

    # -- stations -----------------------------------------------------------------------------
    def stations_allowed(self, corp: str) -> int:
        return D.STATIONS_BY_PAR.get(self.corps[corp]["par"], 0)

    def next_token_price(self, corp: str) -> int | None:
        used = self.corps[corp]["tokens_used"]
        if used >= self.stations_allowed(corp):
            return None
        return 0 if used == 0 else D.STATION_COST

    def city_slots(self, hex_id: str) -> int | None:
        return D.CITY_SLOTS.get(hex_id)

    def reserved_homes(self, corp: str) -> set[str]:
        """Homes with one free space whose company has not put its home station down."""
        out = set()
        for other, spec in self.corp_spec.items():
            home = spec["home"]
            if other == corp or self.corps[other]["tokens_used"] or other in self.closed_corps:
                continue
            slots = self.city_slots(home)
            if slots is not None and slots - len(self.board.tokens.get(home, [])) <= 1:
                out.add(home)
        return out

    def place_token(self, corp, hex_id, city=0):
        hex_id = clean_hex(hex_id)
        price = self.next_token_price(corp)
        if price is None:
            n = self.stations_allowed(corp)
            raise GameError("no_stations_left", f"{corp} (par {self.money(self.corps[corp]['par'])}"
                            f") may place {n} stations and has placed them all.",
                            corporation=corp, allowed=n)
        if not self.corps[corp]["operated"]:
            raise GameError("home_station_this_round", f"{corp}'s station this round is its "
                            "free home station; more stations come in later operating "
                            "rounds.", corporation=corp)
        here = self.board.tokens.get(hex_id, [])
        if any(c == corp for c, _ in here):
            raise GameError("token_there", f"{corp} already has a station in {hex_id}.",
                            hex=hex_id)
        slots = self.city_slots(hex_id)
        if slots is not None and len(here) >= slots:
            raise GameError("city_full", f"Every station space in {hex_id} is taken.",
                            hex=hex_id)
        if hex_id in self.reserved_homes(corp):
            raise GameError("home_reserved", f"The last space in {hex_id} is kept for the "
                            "company whose home it is.", hex=hex_id)
        if price > self.ledger.of(corp):
            raise GameError("cannot_afford_token", f"{corp} has "
                            f"{self.money(self.ledger.of(corp))} and cannot pay "
                            f"{self.money(price)} for a station.", price=price)
        self.ledger.pay(corp, BANK, price)
        self.corps[corp]["tokens_used"] += 1
        self.corps[corp]["tokens"].append((hex_id, len(here)))
        self.board.tokens.setdefault(hex_id, []).append((corp, len(here)))
        self.emit("token_placed", f"{corp} places a station in {hex_id} for "
                  f"{self.money(price)}.", f"Put a {corp} token on {hex_id}.",
                  corporation=corp, hex=hex_id, price=price, city=len(here))

    def token_entry(self, corp: str) -> dict | None:
        price = self.next_token_price(corp)
        if price is None or price > self.ledger.of(corp) or price == 0 \
                or not self.corps[corp]["operated"]:
            return None
        reserved = self.reserved_homes(corp)
        known = [h for h in sorted(D.CITY_SLOTS)
                 if h not in reserved and len(self.board.tokens.get(h, [])) < D.CITY_SLOTS[h]
                 and not any(c == corp for c, _ in self.board.tokens.get(h, []))]
        return entry("place_token", corp, price=price,
                     params={"hex": C.choice("hex", known, free_entry=True)},
                     label=C.msg("act.place_token", f"Place a station ({self.money(price)})",
                                 price=C.money(price)))
