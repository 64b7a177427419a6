"""An operating round of 1899 DAIHAN (rulebook §7): the core's turn (A track, B station,
C run, D dividend, E trains, X privates at any time), with

- Kyeongin's run entered by its owner before the companies operate (§10-G);
- the track lay naming its hex and terrain (``track``), a free lay for B-E's buyer;
- executive cars bought in step E (§7-7).
"""
from __future__ import annotations

from engine.core18xx.rounds.operating import DIVIDEND, TRACK, TRAINS, OperatingRound
from engine.errors import GameError


class DaihanOperatingRound(OperatingRound):
    def __init__(self, g, round_num: int, total: int):
        self.kyeongin_owner = None
        self.revenue, self.stage = None, TRACK
        super().__init__(g, round_num, total)
        self.kyeongin_owner = g.kyeongin_runs()
        if self.kyeongin_owner:
            self.finished = False         # Kyeongin runs even when no company operates

    def acting(self, g):
        if self.kyeongin_owner:
            return [self.kyeongin_owner]
        return super().acting(g)

    def apply(self, g, action):
        kind, entity = action["type"], action["entity"]
        if self.kyeongin_owner:
            if entity != self.kyeongin_owner:
                g.out_of_turn(entity, [self.kyeongin_owner])
            if kind != "kyeongin_run":
                raise GameError("kyeongin_first", "Kyeongin Railway Co.'s run is entered "
                                "first, before the companies operate.")
            g.kyeongin_run(entity, action.get("revenue"))
            self.kyeongin_owner = None
            if self.index >= len(self.order):
                self.finished = True
            return
        pending = getattr(g, "pending_lay", None)
        if pending and kind not in ("lay_tile", "skip_resource_track"):
            raise GameError("resource_track_first", f"{pending[0]} first lays its free track "
                            f"from {g.cname(pending[1])} (or skips it).",
                            corporation=pending[0], company=pending[1])
        super().apply(g, action)

    # -- handlers ------------------------------------------------------------------------------
    def _lay_tile(self, g, corp, action):
        company = action.get("company")
        pending = getattr(g, "pending_lay", None)
        if company or pending:
            if not pending or company != pending[1]:
                raise GameError("no_free_track", f"{corp} has no free track to lay"
                                + (f" from {company}" if company else "") + ".",
                                corporation=corp, company=company)
            g.resource_lay(corp, company, action)
            return
        if self.stage > TRACK or self.laid:
            raise GameError("track_done", f"{corp} has laid its tile this turn "
                            "(or moved on past track).", corporation=corp)
        g.lay_daihan_tile(corp, action)
        self.laid = True

    def _skip_resource(self, g, corp, action):
        pending = getattr(g, "pending_lay", None)
        if not pending or action.get("company") != pending[1]:
            raise GameError("no_free_track", f"{corp} has no free track to skip.",
                            corporation=corp)
        g.pending_lay = None
        g.tell("resource_track_skipped", f"{corp} lays no free track for "
               f"{g.cname(pending[1])}.", corporation=corp, company=pending[1])

    def _buy_car(self, g, corp, action):
        self._skip_to_trains(g, corp)
        g.buy_car(corp, action.get("train"))

    def _kyeongin_late(self, g, corp, action):
        raise GameError("kyeongin_done", "Kyeongin's run is entered once, at the start of "
                        "the operating round.")

    HANDLERS = {**OperatingRound.HANDLERS, "lay_tile": _lay_tile,
                "skip_resource_track": _skip_resource, "buy_executive_car": _buy_car,
                "kyeongin_run": _kyeongin_late}

    # -- phones ----------------------------------------------------------------------------
    def legal(self, g):
        if self.kyeongin_owner:
            return [g.kyeongin_entry(self.kyeongin_owner)]
        corp = self.corp
        if corp is None:
            return []
        if getattr(g, "pending_lay", None):
            return g.resource_entries(corp)
        out = super().legal(g)
        if self.stage == TRACK and not self.laid:
            lay = g.lay_entry(corp)
            if lay:
                out.insert(0, lay)
        reachable = self.stage != DIVIDEND and (self.stage >= TRAINS
                                                or not g.corps[corp]["trains"])
        if reachable:
            car = g.car_entry(corp)
            if car:
                out.append(car)
        return out
