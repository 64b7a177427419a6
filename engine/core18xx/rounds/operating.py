"""An operating round: each floated company takes its turn, in market order.

Its steps are the game's ``OPERATING_STEPS``, in the rulebook's order of a turn (the core's:
``DiscardTrain``, ``LayTrack``, ``PlaceToken``, ``RunTrains``, ``Dividend``, ``BuyTrain``,
``BuyCompany``, ``EmergencyMoney`` (the forced train purchase), ``EndTurn``). Each is optional:
taking a later step's action passes the earlier ones by (``stage``: the index of the turn's
part it is at, one of TRACK, TOKEN, RUN, DIVIDEND, TRAINS). This round keeps what the steps
share: the order of the companies, whose turn it is, and the turn's state (``stage``,
``laid``, ``token_done``, ``revenue``, ``special_used``, ``bought``).
"""
from __future__ import annotations

from engine.core18xx.rounds import Round
from engine.errors import GameError

TRACK, TOKEN, RUN, DIVIDEND, TRAINS = range(5)
STAGES = ("track", "token", "run", "dividend", "trains")


class OperatingRound(Round):
    name = "operating"

    def __init__(self, g, steps, round_num: int, total: int):
        super().__init__(g, steps)
        self.round_num = round_num
        self.total = total
        self.finished = False
        g.payout_privates()
        self.order = sorted((c for c in g.corps
                             if g.corps[c]["floated"] and c not in g.closed_corps),
                            key=g.market.sort_key)
        self.index = -1
        self.revenue = None       # (a round with no company to operate finishes at once: seen)
        self.next_corp(g)
        self.start_steps(g)

    # -- turn flow -------------------------------------------------------------------------
    @property
    def corp(self) -> str | None:
        if self.finished or self.index >= len(self.order):
            return None
        return self.order[self.index]

    def next_corp(self, g):
        self.index += 1
        while self.index < len(self.order) and self.order[self.index] in g.closed_corps:
            self.index += 1
        if self.index >= len(self.order):
            self.finished = True
            return
        self.stage = TRACK
        self.laid = False
        self.token_done = False
        self.revenue = None       # (revenue, subsidy)
        self.special_used: dict[str, int] = {}
        self.bought = False
        corp = self.order[self.index]
        g.start_operating(corp)

    def recalculate_order(self, g):
        rest = sorted(self.order[self.index + 1:], key=g.market.sort_key)
        self.order[self.index + 1:] = rest

    def pay(self, g, corp, kind):
        """Pay out or withhold the run entered (the dividend step, or a run of nothing)."""
        revenue, subsidy = self.revenue or (0, 0)
        g.pay_dividend(corp, kind, revenue, subsidy)
        self.stage = TRAINS

    def skip_to_trains(self, g, corp):
        """A later step's action passes the run and dividend by, if the company may."""
        if self.stage == DIVIDEND:
            raise GameError("dividend_pending", f"{corp} must pay out or withhold first.",
                            corporation=corp)
        if self.stage < DIVIDEND:
            if g.corps[corp]["trains"]:
                raise GameError("run_first", f"{corp} has trains: enter their run first "
                                "(an empty run if none can run).", corporation=corp)
            self.revenue = (0, 0)
            self.pay(g, corp, "withhold")

    def trains_reachable(self, g) -> bool:
        """Whether the steps after the dividend are open (no run pending, no dividend due)."""
        if self.stage == DIVIDEND:
            return False
        return not (self.stage < DIVIDEND and g.corps[self.corp]["trains"])

    def turn_acting(self, g) -> list[str]:
        corp = self.corp
        return [] if corp is None else [corp]

    def no_step(self, g, action):
        self.check_turn(g, action)
        raise GameError("bad_action_now",
                        f"{action['type']!r} is not an action of an operating turn.",
                        type=action["type"])

    def view(self, g) -> dict:
        return {"round_num": self.round_num, "rounds_in_set": self.total, "order": list(self.order),
                "operating": self.corp, "stage": STAGES[self.stage] if self.corp else None,
                "revenue": self.revenue[0] if self.revenue else None}
