"""Dividend (operating turn, after a run that earned something): ``dividend`` {kind: one of
the game's ``DIVIDEND_KINDS``}. While it is due only a private's track lay or this is offered."""
from __future__ import annotations

from engine.core18xx.rounds.operating import DIVIDEND
from engine.core18xx.steps.operating_step import OperatingStep
from engine.errors import GameError


class Dividend(OperatingStep):
    ACTIONS = ("dividend",)

    def process_dividend(self, g, action):
        rnd = self.round
        corp = rnd.corp
        if rnd.stage != DIVIDEND:
            raise GameError("no_dividend_now", f"{corp} has no run to pay out now "
                            "(run trains first).", corporation=corp)
        kind = action.get("kind")
        if kind not in g.DIVIDEND_KINDS:
            raise GameError("bad_dividend", f"Dividend is one of {', '.join(g.DIVIDEND_KINDS)}.",
                            kind=kind)
        rnd.pay(g, corp, kind)

    def legal(self, g):
        rnd = self.round
        if rnd.stage != DIVIDEND:
            return []
        return [{"type": "dividend", "entity": rnd.corp,
                 "revenue": rnd.revenue[0] if rnd.revenue else 0,
                 "params": {"kind": {"choices": list(g.DIVIDEND_KINDS)}}}]
