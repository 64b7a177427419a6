"""The operating round's steps of 1899 DAIHAN (rulebook §7): the core's turn (A track,
B station, C run, D dividend, E trains, X privates at any time), with

- ``KyeonginRun``: Kyeongin's run entered by its owner before the companies operate (§10-G),
  asked only when it first runs and after its tiles or the phase change (else paid again);
- ``ResourceTrack``: the free lay for B-E's buyer, before anything else of the turn;
- ``DaihanLayTrack`` in place of the core's: the track lay naming its hex and terrain
  (``track``);
- ``ExecutiveCar``: executive cars bought in step E (§7-7).

``DaihanOperatingRound`` is the core's round with the Kyeongin run's state.
"""
from __future__ import annotations

from engine.core18xx.rounds.operating import TRACK, OperatingRound
from engine.core18xx.steps.base import OperatingStep
from engine.core18xx.steps.operating import LayTrack
from engine.errors import GameError


class DaihanOperatingRound(OperatingRound):
    def __init__(self, g, steps, round_num: int, total: int):
        self.kyeongin_owner = None     # who enters Kyeongin's run before the companies operate
        self.revenue, self.stage = None, TRACK
        super().__init__(g, steps, round_num, total)

    def no_step(self, g, action):
        self.check_turn(g, action)
        if action["type"] == "kyeongin_run":
            raise GameError("kyeongin_done", "Kyeongin's run is entered once, at the start of "
                            "the operating round.")
        super().no_step(g, action)


class KyeonginRun(OperatingStep):
    """``kyeongin_run`` {revenue}: the round waits on Kyeongin's owner first (once the run
    is in, the round refuses another: ``DaihanOperatingRound.no_step``)."""
    ACTIONS = ("kyeongin_run",)
    POSTS = {"kyeongin_run": {"revenue": "money"}}

    def actions(self, g, entity):
        return self.ACTIONS if self.round.kyeongin_owner else ()

    def start(self, g):
        rnd = self.round
        owner = g.kyeongin_runs()
        if owner and g.kyeongin_unchanged():      # paid again at once: no step of its own
            g.kyeongin_pay_again(owner)
            g.kyeongin_again, owner = owner, None
        rnd.kyeongin_owner = owner
        if rnd.kyeongin_owner:
            rnd.finished = False           # Kyeongin runs even when no company operates

    def blocks(self, g):
        return bool(self.round.kyeongin_owner)

    def acting(self, g):
        return [self.round.kyeongin_owner]

    def may_act(self, g, entity):
        return entity == self.round.kyeongin_owner

    def refuse(self, g, action):
        owner = self.round.kyeongin_owner
        if action["entity"] != owner:
            g.out_of_turn(action["entity"], [owner])
        raise GameError("kyeongin_first", "Kyeongin Railway Co.'s run is entered "
                        "first, before the companies operate.")

    def process_kyeongin_run(self, g, action):
        rnd = self.round
        g.kyeongin_run(action["entity"], action.get("revenue"))
        rnd.kyeongin_owner = None
        if rnd.index >= len(rnd.order):
            rnd.finished = True

    def legal(self, g):
        owner = self.round.kyeongin_owner
        return [g.kyeongin_entry(owner)] if owner else []


class ResourceTrack(OperatingStep):
    """The free track of a resource private just bought (``g.pending_lay`` (corp, company)):
    ``lay_tile`` {company, ..} or ``skip_resource_track`` {company}, before anything else."""
    ACTIONS = ("skip_resource_track",)
    POSTS = {"skip_resource_track": {"company": "company"}}

    def actions(self, g, entity):
        return ("lay_tile", "skip_resource_track") if g.pending_lay else self.ACTIONS

    def blocks(self, g):
        return bool(g.pending_lay)

    def refuse(self, g, action):
        pending = g.pending_lay
        raise GameError("resource_track_first", f"{pending[0]} first lays its free track "
                        f"from {g.cname(pending[1])} (or skips it).",
                        corporation=pending[0], company=pending[1])

    def process_lay_tile(self, g, action):
        corp, company, pending = self.round.corp, action.get("company"), g.pending_lay
        if company != pending[1]:
            raise GameError("no_free_track", f"{corp} has no free track to lay"
                            + (f" from {company}" if company else "") + ".",
                            corporation=corp, company=company)
        g.resource_lay(corp, company, action)

    def process_skip_resource_track(self, g, action):
        corp, pending = self.round.corp, g.pending_lay
        if not pending or action.get("company") != pending[1]:
            raise GameError("no_free_track", f"{corp} has no free track to skip.",
                            corporation=corp)
        g.pending_lay = None
        g.emit("resource_track_skipped", f"{corp} lays no free track for "
               f"{g.cname(pending[1])}.", corporation=corp, company=pending[1])

    def legal(self, g):
        return g.resource_entries(self.round.corp) if g.pending_lay else []


class DaihanLayTrack(LayTrack):
    """The core's track step with the title's lay (hex and terrain, ``lay_daihan_tile``) and
    its form (``lay_entry``); a lay naming a company is a resource private's free lay, taken
    by ``ResourceTrack`` while one is due."""

    def process_lay_tile(self, g, action):
        rnd = self.round
        corp = rnd.corp
        company = action.get("company")
        if company:
            raise GameError("no_free_track", f"{corp} has no free track to lay from {company}.",
                            corporation=corp, company=company)
        if rnd.stage > TRACK or rnd.laid:
            raise GameError("track_done", f"{corp} has laid its tile this turn "
                            "(or moved on past track).", corporation=corp)
        g.lay_daihan_tile(corp, action)
        rnd.laid = True


class ExecutiveCar(OperatingStep):
    """``buy_executive_car`` {train} in step E (after the run and dividend)."""
    ACTIONS = ("buy_executive_car",)
    POSTS = {"buy_executive_car": {"price": "money", "train": "train"}}

    def process_buy_executive_car(self, g, action):
        rnd = self.round
        rnd.skip_to_trains(g, rnd.corp)
        g.buy_car(rnd.corp, action.get("train"))

    def legal(self, g):
        rnd = self.round
        if not rnd.trains_reachable(g):
            return []
        car = g.car_entry(rnd.corp)
        return [car] if car else []
