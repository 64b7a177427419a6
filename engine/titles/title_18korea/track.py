"""Track and stations in an operating turn (RB §9.2–§9.3): the home station, tile lays and
upgrades with track points, outer stations, station building and the defector's station,
and the places a company may build at."""
from __future__ import annotations

from engine import contract as C
from engine.core18xx.entries import entry
from engine.core18xx.steps.base import worded
from engine.titles.title_18korea import data as D
from engine.titles.title_18korea.base import as_int, err
from engine.titles.title_18korea.steps import BuildStation, LayTrack


def lay_label() -> dict:
    return C.msg("act.lay_tile", "Lay or upgrade a tile")


def tp_left(turn) -> list[dict]:
    """A lay's shown row: the track points the turn has left (RB §9.2)."""
    return [{"label": C.msg("field.tp_left", "Track points left"), "value": C.count(turn["tp"])}]


class TrackMixin:
    # ---------------------------------------------------------------- home
    def free_seats(self, hx, home=False) -> list[int]:
        st = self.hstate(hx)
        seats = [i for i, s in enumerate(st["seats"]) if s is None]
        if (not home and self.war != "done" and self.hex_info(hx).get("name") == D.SEOUL):
            seats = [i for i in seats if i != 0]   # RB §9.3: not Seoul's first seat before the war
        return seats

    def next_color(self, hx):
        st = self.hexes.get(hx)
        col = st["color"] if st else "none"
        return "yellow" if col == "none" else (D.ERAS[D.ERAS.index(col) + 1] if col != "gray" else None)

    def tile_choices(self, color, kind, letter=None) -> list[str]:
        """Tiles of ``color`` for a hex of ``kind`` (RB §9.2: big-city tiles on circles, small-city
        tiles on dots, normal road elsewhere; a metropolitan city's letter tiles, else city tiles)."""
        want = {"plain": ("plain",), "small": ("small",), "city": ("city",), "metro": ("city", "metro")}[kind]
        return sorted((t for t, (c, k) in D.TILES.items()
                       if c == color and k in want and (k != "metro" or t.split("-")[0] == letter)),
                      key=lambda t: (not t[0].isdigit(), int(t) if t.isdigit() else 0, t))

    def tiles_for(self, hx) -> list[str]:
        nxt = self.next_color(hx)
        if nxt is None or not self.color_allowed(hx, nxt):
            return []
        info = self.hex_info(hx)
        return self.tile_choices(nxt, info["kind"], info.get("letter"))

    def color_allowed(self, hx, color) -> bool:
        if color is None or D.ERAS.index(color) > D.ERAS.index(self.era):
            return False
        info = self.hex_info(hx)
        if info["side"] == "N" and info["kind"] in ("city", "metro") and color in ("brown", "gray") \
                and hx not in self.spy_hexes:
            return False   # RB §9.2: N tiles never brown
        if info["side"] == "N" and self.war == "done":
            return False
        return True

    def place_home(self, comp, after_upgrade=False):
        hx = comp.home
        st = self.hstate(hx)
        token_cost = comp.tokens.pop(0) if comp.tokens else 0
        free = self.free_seats(hx, home=True)
        if free:
            st["seats"][free[0]] = comp.sym
            where = f"seat {free[0] + 1}"
        else:
            nxt = self.next_color(hx)
            if not after_upgrade and st["color"] != "none" and self.color_allowed(hx, nxt) and \
                    self.seats_for(hx, nxt) > len(st["seats"]) and not self.final_set:
                comp.tokens.insert(0, token_cost)
                self.ors["turn"]["home"] = True     # the turn's home step waits on it
                self.emit("home_upgrade_needed", f"{comp.home_city} is full: {comp.sym} must use its "
                        f"first track points to upgrade {self.hex_label(hx)} to {nxt}; its home station "
                        "then takes the new seat (RB §9.1 a).", company=comp.sym, hex=hx)
                return
            st["outer"].append(comp.sym)
            where = "outside the tile (outer station, RB §9.4)"
        comp.stations.append(hx)
        comp.home_placed = True
        self.emit("home_station", f"{comp.sym} builds its start-city station in "
                f"{self.hex_label(hx)}, {where}.",
                f"Put a {comp.sym} station on {self.hex_label(hx)}, {where}; take the cube off the city.",
                company=comp.sym, hex=hx)

    # ---------------------------------------------------------------- lays and stations
    def _lay_tile(self, comp, turn, action):
        if self.final_set:
            err("final_set", "No track may be laid in the final set of operating rounds.")
        self.current_round.step(LayTrack).passed(self, "lay track")
        hx = self.resolve_hex(action.get("hex"), known=False)
        if turn["home"] and hx != comp.home:
            err("home_upgrade_first", f"{comp.sym} must first upgrade its start city {self.hex_label(comp.home)}.")
        new_hex = hx not in self.map
        if new_hex:
            # a hex the book does not know yet: the table reads its facts off the board
            facts = [action.get(k) for k in ("side", "hex_kind", "cost")]
            if any(f is None or f == "" for f in facts):
                err("hex_facts_needed", f"First build on {hx}: give its side of the demarcation line "
                    "('side' N/S), its kind ('hex_kind': plain, small or city) and its printed build "
                    "cost ('cost', 0 if none), as read off the board.", hex=hx,
                    fields=["side", "hex_kind", "cost"])
            side, kind, cost = self.check_hex_facts(*facts)
            self.map[hx] = {"name": "", "side": side, "kind": kind, "cost": cost, "letter": None,
                            "source": "entered by the table at the first build", "provisional": []}
        else:
            known = self.hex_info(hx)
            given_cost = action.get("cost")
            if given_cost not in (None, "") and "cost" in known.get("provisional", []) \
                    and self.hstate(hx)["color"] == "none":
                # a named city's printed cost is not in the rulebook: the first build reads it
                # off the board (data.NAMED_CITIES, PROV)
                _side, _kind, cost = self.check_hex_facts(known["side"], known["kind"], given_cost,
                                                          label=False)
                known["cost"] = cost
                known["provisional"] = [k for k in known["provisional"] if k != "cost"]
                known["source"] += "; printed cost entered at the first build"
            for key, field in (("side", "side"), ("kind", "hex_kind"), ("cost", "cost")):
                given = action.get(field)
                if given not in (None, "") and str(given) != str(known[key]):
                    err("hex_facts_differ", f"The book has {hx}'s {key} as {known[key]}, not {given}; "
                        "if the board says otherwise, fix it with a 'hex' correction.", hex=hx,
                        field=field, known=known[key])
        info = self.hex_info(hx)
        if self.war == "done" and info["side"] == "N":
            err("north_closed", f"{self.hex_label(hx)} is in North Korea: after the Korean War only South "
                "Korea may be built on (RB §10).")
        if hx in turn["built"]:
            err("hex_twice", f"{comp.sym} already built on {self.hex_label(hx)} this operating round "
                "(RB §9.2).")
        tile = str(action.get("tile", "")).strip()
        if not tile:
            err("bad_tile", "Name the tile (its number or letter).")
        rotation = action.get("rotation", 0)
        if not 0 <= rotation <= 5:
            err("bad_rotation", "Rotation is 0-5.")
        if tile in D.TILES:
            color, tkind = D.TILES[tile]
            if action.get("color") and action["color"] != color:
                err("tile_color_mismatch", f"Tile {tile} is {color}, not {action['color']}.",
                    tile=tile, color=color, given=action["color"])
        else:
            color, tkind = action.get("color"), None
            if color not in D.ERAS:
                err("unknown_tile", f"Tile {tile!r} is not in the tile list: give its colour "
                    "(yellow/green/brown/gray).", tile=tile)
        st = self.hstate(hx)
        nxt = self.next_color(hx)
        if nxt is None:
            err("no_upgrade", f"{self.hex_label(hx)} is gray and cannot be upgraded.")
        if color != nxt:
            err("bad_color", f"{self.hex_label(hx)} takes a {nxt} tile next, not {color}.",
                expected=nxt)
        if D.ERAS.index(color) > D.ERAS.index(self.era):
            err("era_tiles", f"{color.capitalize()} tiles are not available in the {self.era} era (RB §9.2 a).",
                era=self.era)
        if not self.color_allowed(hx, color):
            err("north_never_brown", f"{self.hex_label(hx)} carries an N tile: N tiles are never "
                "upgraded to brown (RB §9.2).")
        hkind = info["kind"]
        if tkind:
            if tkind == "metro" and tile.split("-")[0] != (info.get("letter") or ""):
                err("wrong_letter", f"Tile {tile} belongs to another metropolitan city.")
            if not (tkind == hkind or (tkind == "city" and hkind == "metro")):
                words = {"plain": "a normal track hex", "small": "a small city (dot)",
                         "city": "a big city (circle)", "metro": "a metropolitan city"}
                err("wrong_tile_kind", f"{self.hex_label(hx)} is {words[hkind]}: tile {tile} is for "
                    f"{words[tkind]} (RB §9.2).", hex=hx, tile=tile)
        tp = 1 if st["color"] == "none" else 2
        if "tp" in action and as_int(action["tp"], "tp") != tp:
            err("bad_tp", f"This build costs {tp} track point(s).", tp=tp)
        if tp > turn["tp"]:
            err("no_track_points", f"{comp.sym} has {turn['tp']} track point(s) left; this build needs "
                f"{tp}.", left=turn["tp"], need=tp)
        cost = info.get("cost", 0) if st["color"] == "none" else 0
        if cost > comp.cash:
            err("no_cash", f"Building on {self.hex_label(hx)} costs ₩{cost:,}; {comp.sym} has ₩{comp.cash:,}.",
                cost=cost)
        # apply
        turn["tp"] -= tp
        turn["built"].append(hx)
        if new_hex:
            self.emit("hex_recorded", f"{hx} recorded: {self.hex_facts_text(hx)} (as entered; "
                    "correctable with a 'hex' correction).", hex=hx, side=info["side"], kind=hkind,
                    cost=info["cost"])
        if cost:
            self.pay(comp.sym, "bank", cost)
        old_color = st["color"]
        st["tile"], st["color"], st["rotation"] = tile, color, rotation
        seats = self.seats_for(hx, color)
        if len(st["seats"]) < seats:
            st["seats"] += [None] * (seats - len(st["seats"]))
        face = " face down as an N tile" if (info["side"] == "N" and info["kind"] in ("city", "metro")
                                             and hx not in self.spy_hexes) else ""
        self.emit("tile_laid", f"{comp.sym} {'lays' if old_color == 'none' else 'upgrades to'} tile "
                f"{tile} on {self.hex_label(hx)} ({tp} TP" + (f", ₩{cost:,}" if cost else "") + ").",
                f"Place tile {tile}{face} on {self.hex_label(hx)}, rotation {rotation}.",
                company=comp.sym, hex=hx, tile=tile, rotation=rotation, tp=tp, cost=cost)
        if turn["home"]:
            turn["home"] = False
            self.place_home(comp, after_upgrade=True)
        # RB §9.4 a/b: the company laying the tile chooses which waiting outer station(s) take
        # the new seat(s): ``seat_first`` (one company) or ``seat_order`` (a list)
        order = action.get("seat_order")
        if action.get("seat_first") not in (None, ""):
            if action["seat_first"] not in st["outer"]:
                err("not_waiting", f"{action['seat_first']} has no outer station waiting at "
                    f"{self.hex_label(hx)}.", waiting=list(st["outer"]))
            order = [action["seat_first"]]
        self.fill_outer(hx, order)

    def fill_outer(self, hx, order=None):
        st = self.hstate(hx)
        if not st["outer"]:
            return
        waiting = list(st["outer"])
        if isinstance(order, list):
            chosen = [s for s in order if s in waiting]
            waiting = chosen + [s for s in waiting if s not in chosen]
        for sym in waiting:
            free = [i for i, s in enumerate(st["seats"]) if s is None]
            if not free:
                break
            st["seats"][free[0]] = sym
            st["outer"].remove(sym)
            self.emit("outer_station_seated", f"{sym}'s outer station in {self.hex_label(hx)} takes "
                    f"seat {free[0] + 1}.", f"Move {sym}'s outer station onto seat {free[0] + 1} of "
                    f"{self.hex_label(hx)}.", company=sym, hex=hx)

    # stations ---------------------------------------------------------
    def _build_station(self, comp, turn, action):
        if self.final_set:
            err("final_set", "No station may be built in the final set of operating rounds.")
        self.current_round.step(BuildStation).passed(self, "build a station")
        if turn["station"]:
            err("one_station", "Only one station may be built per operating round.")
        hx = self.station_city(comp, action.get("hex"), "S" if self.war == "done" else None)
        info = self.hex_info(hx)
        if info["kind"] != "metro":
            # RB §9.3: "a new station can be built if there is an empty space on a metropolitan
            # tile" (reading "stations_on_metropolitan_tiles" in data.READINGS)
            err("not_metropolitan", f"{self.hex_label(hx)} is a normal city: stations are built on "
                f"metropolitan tiles ({', '.join(D.METROPOLITAN)}) (RB §9.3).", hex=hx)
        st = self.hstate(hx)
        if st["color"] == "none":
            err("no_tile", f"{self.hex_label(hx)} has no tile yet: stations are built on tiles.")
        free = self.free_seats(hx)
        seat = action.get("seat")
        outer = False
        if seat is None or seat == "":
            if free:
                seat = free[0]
            elif info.get("name") == D.SEOUL and self.war != "done" and "OC01" in comp.assets:
                outer = True          # RB §16 OC01, §9.3: an extra station in Seoul is an outer one
            else:
                err("city_full", f"{self.hex_label(hx)} has no free seat.")
        else:
            seat = seat - 1
            if seat not in free:
                if info.get("name") == D.SEOUL and self.war != "done" and seat == 0:
                    err("seoul_first_seat", "Before the Korean War no station may take Seoul's first "
                        "seat (RB §9.3).")
                err("seat_taken", f"Seat {seat + 1} of {self.hex_label(hx)} is not free "
                    f"(free: {[s + 1 for s in free]}).")
        # RB §2 "additional station tokens for asset cards": OC01's Seoul station uses the
        # card's own token while it lasts (D.ASSET_STATION_TOKENS, PROV: free); any other
        # station takes the leftmost dashboard token and pays its price (RB §9.3)
        card_token = outer and comp.card_tokens.get("OC01", 0) > 0
        if not card_token and not comp.tokens:
            err("no_tokens", f"{comp.sym} has no station tokens left.")
        cost = D.ASSET_STATION_TOKENS["OC01"] if card_token else comp.tokens[0]
        if cost > comp.cash:
            err("no_cash", f"{comp.sym}'s next station costs ₩{cost:,}; it has ₩{comp.cash:,}.", cost=cost)
        if card_token:
            comp.card_tokens_used["OC01"] = comp.card_tokens_used.get("OC01", 0) + 1
        else:
            comp.tokens.pop(0)
        self.pay(comp.sym, "bank", cost)
        if outer:
            st["outer"].append(comp.sym)
            where = "as an outer station (OC01" + (", the card's own token" if card_token else "") + ")"
        else:
            st["seats"][seat] = comp.sym
            where = f"seat {seat + 1}"
        comp.stations.append(hx)
        turn["station"] = True
        self.emit("station_built", f"{comp.sym} builds a station in {self.hex_label(hx)}, {where}, "
                f"for ₩{cost:,}.", f"Put {comp.sym}'s leftmost station token on {self.hex_label(hx)}, {where}.",
                company=comp.sym, hex=hx, cost=cost)

    # revenue ----------------------------------------------------------
    # ---------------------------------------------------------------- where a company may build
    def _lay_tile_templates(self, comp, turn) -> list[dict]:
        """Two phone forms: a tile on a hex the book knows (a named city or a label laid
        before), and a first tile on a hex the book does not know yet, whose side, kind
        and printed cost the table reads off the board (RB §9.2)."""
        sym, acts = comp.sym, []
        rotation = C.number("count", 0, 5, default=0)
        color = worded("text", D.ERAS[:D.ERAS.index(self.era) + 1], optional=True,
                       note="only for a tile not in the list")
        hexes = [comp.home] if turn["home"] else self.buildable_hexes(comp, turn)
        known = {hx: self.tiles_for(hx) for hx in hexes}
        known = {hx: tiles for hx, tiles in known.items() if tiles}
        if known:
            waiting = sorted({s for hx in known for s in self.hexes.get(hx, {}).get("outer", [])})
            acts.append(entry("lay_tile", sym, form="known_hex", label=lay_label(), show=tp_left(turn),
                         params={
                             "hex": C.choice("hex", list(known)),
                             "tile": C.choice("tile", sorted({t for ts in known.values() for t in ts}),
                                              free_entry=True,
                                              choices_by={"field": "hex", "map": known}),
                             "rotation": rotation, "color": color,
                             **({"seat_first": C.choice(
                                 "text", waiting, optional=True,
                                 note="the outer station that takes the first new seat (RB §9.4)",
                                 choices_by={"field": "hex", "map": {
                                     hx: list(self.hexes.get(hx, {}).get("outer", []))
                                     for hx in known}})}
                                if waiting else {}),
                             "cost": C.number("money", 0, D.MAX_PRINTED_COST, D.COST_STEP,
                                              optional=True, note="a named city's printed cost, "
                                              "at its first build (the rulebook does not give it)")}))
        if not turn["home"]:
            by_kind = {k: self.tile_choices("yellow", k) for k in D.LABEL_KINDS}
            top = min(D.MAX_PRINTED_COST, comp.cash - comp.cash % D.COST_STEP)
            acts.append(entry("lay_tile", sym, form="new_hex", label=lay_label(), show=tp_left(turn),
                         params={
                             "hex": C.free_text(D.LABEL_MAX, normalise="upper",
                                                not_in=sorted(self.map, key=str.upper)),
                             "side": worded("text", ["S"] if self.war == "done" else ["N", "S"]),
                             "hex_kind": worded("text", list(D.LABEL_KINDS)),
                             "cost": C.number("money", 0, top, D.COST_STEP),
                             "tile": C.choice("tile", sorted({t for ts in by_kind.values() for t in ts}),
                                              choices_by={"field": "hex_kind", "map": by_kind}),
                             "rotation": rotation}))
        return acts

    def buildable_hexes(self, comp, turn) -> list[str]:
        out = []
        for hx, info in self.map.items():
            if hx in turn["built"]:
                continue
            if self.war == "done" and info["side"] == "N":
                continue
            nxt = self.next_color(hx)
            if nxt is None or not self.color_allowed(hx, nxt):
                continue
            need = 1 if nxt == "yellow" else 2
            if need > turn["tp"] or (nxt == "yellow" and info.get("cost", 0) > comp.cash):
                continue
            out.append(hx)
        return out

    def station_hexes(self, comp) -> list[str]:
        """Metropolitan cities (RB §9.3) with a tile where ``comp`` has no station and a seat is
        free, and Seoul before the war for a holder of OC01 (an outer station there)."""
        out = []
        for hx, info in self.map.items():
            if info["kind"] != "metro":
                continue
            if self.war == "done" and info["side"] == "N":
                continue
            st = self.hexes.get(hx)
            if not st or st["color"] == "none" or self.company_has_station(comp.sym, hx):
                continue
            if self.free_seats(hx) or (hx == D.SEOUL and self.war != "done" and "OC01" in comp.assets):
                out.append(hx)
        return out
