"""The Korean War (RB §10, §2.3, §9.4, §9.11; asset cards OA09, OB02, OC08)."""
from __future__ import annotations

from engine.contract import msg, text
from engine.titles.title_18korea import data as D
from engine.titles.title_18korea.base import err

# What the war does to one station, as the words of the war's event (``stations`` param)
def part(code: str, english: str, said: str, **params) -> dict:
    """One fact of the war notice as a message, or an empty one when there is nothing to say
    (the notice's words put each part where it goes)."""
    return msg(code, english % said, **params) if said else msg("war_part.none", "")


FATES = {
    "kept": "%(company)s's station in %(hex)s stays beside the city (an outer station until the "
            "city is tiled again)",
    "protected": "%(company)s's station in %(hex)s stays, protected by OC08 with OA09 (an outer "
                 "station until the city is tiled again)",
    "returned": "%(company)s's station in %(hex)s goes back to its dashboard",
    "removed": "%(company)s's station in %(hex)s is removed from the game",
    "defector": "%(company)s's station in %(hex)s is lost; with OA09 Defector the company places "
                "one in South Korea instead",
}


class WarMixin:
    def resolve_war(self):
        self.war = "done"
        board = ["Remove all tiles and stations north of the demarcation line (the stations leave the game; "
                 "the yellow and green tiles go back to the supply)."]
        # 1. North Korea: every tile and station removed; the stations are gone for good.
        lost: dict[str, int] = {}
        returned: dict[str, int] = {}
        fates: list[tuple[str, str, str]] = []        # (company, hex, fate): the event's words
        for hx, st in list(self.hexes.items()):
            if self.hex_info(hx)["side"] != "N":
                continue
            for sym in [s for s in st["seats"] if s] + list(st["outer"]):
                comp = self.companies[sym]
                comp.stations.remove(hx)
                if "OA09" in comp.assets and not comp.closed:
                    comp.defector_tokens += 1
                    fates.append((sym, hx, "defector"))
                else:
                    lost[sym] = lost.get(sym, 0) + 1
                    fates.append((sym, hx, "removed"))
            del self.hexes[hx]
        # 2. North Korean companies without a station in South Korea leave the game.
        leaving, survivors = [], []
        for comp in self.companies.values():
            if comp.side != "N" or comp.closed:
                continue
            if not comp.founded:
                continue          # stays in the IPO row; it can no longer be started
            south = [hx for hx in comp.stations if self.hex_info(hx)["side"] == "S"]
            if south:
                places = [self.hex_label(h) for h in south]
                survivors.append(msg("war_survivor_station",
                                     f"{comp.sym} (station in {', '.join(places)})",
                                     company=comp.sym, hexes=places))
            elif "OA09" in comp.assets:
                survivors.append(msg("war_survivor_defector",
                                     f"{comp.sym} (OA09 Defector: move its stations to South "
                                     "Korea)", company=comp.sym))
            # OA03 The Local Rich (RB §16: "The North Korean company has no starting city
            # after the Korean War") does not exempt a company from §10 and gives no station:
            # reading "oa03" in data.READINGS; it has no automatic effect here.
            else:
                leaving.append(comp)
        closing_from = len(self._events)      # the war's event goes before these
        for comp in leaving:
            self.close_company(comp)
        # 3. South Korea: every city tile is removed - small, normal and metropolitan (RB §2.4
        #    glossary: "City: small city, normal city, and metropolitan city"; RB §10 "all city
        #    tiles in South Korea are removed. Stations on metropolitan tiles remain in
        #    place."). Stations on a metropolitan city stay beside it as outer stations until
        #    it is tiled again (RB §9.4); OC08 + OA09 protect the others (RB §16 OC08). What
        #    becomes of the stations on normal cities is the table's reading
        #    "war_normal_cities" (readings.OPTIONS): back to the dashboard, or out of the game.
        to_dashboard = self.reading("war_normal_cities") == "dashboard"
        removed, back = [], []
        for hx, st in list(self.hexes.items()):
            info = self.hex_info(hx)
            if info["side"] != "S" or info["kind"] not in ("small", "city", "metro"):
                continue
            stations = [s for s in st["seats"] if s] + list(st["outer"])
            keep = []
            for sym in stations:
                comp = self.companies[sym]
                protected = "OA09" in comp.assets and "OC08" in comp.assets
                if info["kind"] == "metro" or protected:
                    keep.append(sym)
                    fates.append((sym, hx, "kept" if info["kind"] == "metro" else "protected"))
                    continue
                comp.stations.remove(hx)
                if to_dashboard:
                    self.return_station_token(comp)
                    returned[sym] = returned.get(sym, 0) + 1
                    back.append(f"{sym} from {self.hex_label(hx)}")
                    fates.append((sym, hx, "returned"))
                else:
                    lost[sym] = lost.get(sym, 0) + 1
                    removed.append(f"{sym} from {self.hex_label(hx)}")
                    fates.append((sym, hx, "removed"))
            self.hexes[hx] = {"tile": None, "color": "none", "rotation": 0,
                              "seats": [None] * self.seats_for(hx, "none"), "outer": keep}
        board.append("Remove every city tile (big, small and metropolitan) in South Korea; stations on "
                     "metropolitan cities stay beside the city as outer stations.")
        if removed:
            board.append("Remove from the game the stations on South Korean normal cities: "
                         + "; ".join(removed) + ".")
        if back:
            board.append("Put the stations on South Korean normal cities back on their companies' "
                         "dashboards (rightmost empty space): " + "; ".join(back) + ".")
        if leaving:
            board.append(", ".join(c.sym for c in leaving) + ": return their certificates, trains, "
                         "dashboards and station markers to the box (no refund).")
        board.append("Post-war companies may now be started; North Korean companies may not.")
        lost_txt = ", ".join(f"{s} ({n})" for s, n in lost.items())
        message = "Korean War: remove all tiles and stations north of the demarcation line"
        if len(leaving) == 1:
            message += f"; {leaving[0].sym} leaves the game: return its certificates"
        elif leaving:
            names = [c.sym for c in leaving]
            message += f"; {', '.join(names[:-1])} and {names[-1]} leave the game: return their certificates"
        message += ". Every city tile in South Korea is removed; stations on metropolitan cities stay."
        bare = [c.sym for c in self.live_companies() if not c.stations and not c.defector_tokens]
        words = [text(self.war_fate(sym, hx, fate)) for sym, hx, fate in fates]
        # each fact a sentence of its own (empty when there is none), in every language
        parts = {
            "leave_part": part("war_part.leave", " Leaving the game: %s.",
                               ", ".join(c.sym for c in leaving), list=[c.sym for c in leaving]),
            "stay_part": part("war_part.stay", " North companies that stay: %s.",
                              "; ".join(m["message"] for m in survivors), list=survivors),
            "bare_part": part("war_part.bare", " Left without any station on the board: %s.",
                              ", ".join(bare), list=bare),
            "lost_part": part("war_part.lost", " Stations lost for good: %s.", lost_txt,
                              list=[msg("war_part.lost_one", f"{s} ({n})", company=s, count=n)
                                    for s, n in lost.items()]),
            "stations_part": part("war_part.stations", " Stations: %s.",
                                  "; ".join(w["v"]["message"] for w in words),
                                  list=[w["v"] for w in words]),
        }
        message += "".join(p["message"] for k, p in parts.items() if k != "leave_part")   # said above
        parts["box_part"] = part("war_part.box", " %s: return their certificates, trains, "
                                 "dashboards and station markers to the box (no refund).",
                                 ", ".join(c.sym for c in leaving), list=[c.sym for c in leaving])
        # the stations on South Korean normal cities, for the board words in every language
        parts["moved"] = [msg("war_part.from", f"{sym} from {self.hex_label(hx)}", company=sym,
                              hex=self.hex_label(hx))
                          for sym, hx, fate in fates if fate in ("returned", "removed")]
        self.emit("korean_war", message, " ".join(board), leaving=[c.sym for c in leaving],
                  survivors=survivors, stations_lost=lost, stations_returned=returned,
                  stations=words, reading=self.reading("war_normal_cities"), **parts)
        self._events.insert(closing_from, self._events.pop())
        # the OR being played loses its company turn if that company left
        if self.ors.get("turn") and self.companies[self.ors["turn"]["company"]].closed:
            self.ors["turn"] = None

    @staticmethod
    def war_fate(sym, hx, fate) -> dict:
        """What the war did to ``sym``'s station in ``hx``, as a message (code war_station_*)."""
        return msg(f"war_station_{fate}", FATES[fate] % {"company": sym, "hex": hx},
                   company=sym, hex=hx)

    def return_station_token(self, comp):
        """Reading war_normal_cities "dashboard": the token goes back to the rightmost empty
        space of the dashboard, the last one emptied, and is built again at its price
        (RB §9.3 "stations must be built in order from left to right"; PROV: data.PROVISIONAL
        "war_returned_station")."""
        space = len(D.STATION_COSTS) - len(comp.tokens) - 1
        comp.tokens.insert(0, D.STATION_COSTS[space] if 0 <= space < len(D.STATION_COSTS) else 0)

    def close_company(self, comp):
        comp.closed = True
        self.sharebook.held[comp.sym] = {}
        self.sharebook.president[comp.sym] = None
        self.market.remove(comp.sym)
        self.flipped.discard(comp.sym)
        cash, trains = comp.cash, list(comp.trains)
        self.pay(comp.sym, "bank", cash)
        comp.trains = []
        for hx in list(comp.stations):
            st = self.hexes.get(hx)
            if st:
                st["seats"] = [None if s == comp.sym else s for s in st["seats"]]
                if comp.sym in st["outer"]:
                    st["outer"].remove(comp.sym)
        comp.stations = []
        if comp.sym in self.pending_discards:
            self.pending_discards.remove(comp.sym)
        self.emit("company_left", f"{comp.sym} leaves the game with its shares (no refund); its ₩{cash:,} "
                f"and trains ({', '.join(trains) or 'none'}) leave too.",
                f"Return {comp.sym}'s certificates, dashboard, trains and stations to the box.",
                company=comp.sym)

    def defector_station(self, comp, action):
        """OA09: move a station lost in the North to a South Korean big city after the war (free)."""
        if self.war != "done" or not comp.defector_tokens:
            err("no_defector", f"{comp.sym} has no station to move to South Korea.")
        hx = self.station_city(comp, action.get("hex"), "S")
        st = self.hstate(hx)
        free = [i for i, s in enumerate(st["seats"]) if s is None]
        if free and st["color"] != "none":
            st["seats"][free[0]] = comp.sym
            where = f"seat {free[0] + 1}"
        else:
            st["outer"].append(comp.sym)
            where = "as an outer station"
        comp.stations.append(hx)
        comp.defector_tokens -= 1
        self.emit("station_moved", f"{comp.sym} places a station in {self.hex_label(hx)}, {where}.",
                f"Put a {comp.sym} station on {self.hex_label(hx)}, {where}.", company=comp.sym, hex=hx)
