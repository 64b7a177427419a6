"""18Korea's rounds on the 18xx core's machine (``engine.core18xx.rounds.Round``): one round
object for the whole game (``Korea18.flow``) whose steps are the discard of a company over
its train limit (blocking everything else) and one step per round of the rulebook: the draft
(RB §6), the stock round (RB §7) and the operating round (RB §9). Each round's step takes
every action while that round is on (``g.round``) and hands it to the title's own procedure
(``act_draft``, ``act_stock``, ``act_operating``), which checks whose turn it is.

The asset actions, the corrections, OB02's use and OA09's defector station may come at any
time: the title takes them before the machine (as the core takes its corrections).
"""
from __future__ import annotations

from engine.core18xx.rounds import Round
from engine.core18xx.steps.base import Step
from engine.titles.title_18korea.base import err


class AnyType:
    """Every action type (a round step takes what its round's procedure sorts out)."""

    def __contains__(self, kind) -> bool:
        return True


ANY = AnyType()


class KoreaStep(Step):
    def may_act(self, g, entity):
        return True                   # the title's procedures say whose turn it is


class PendingDiscard(KoreaStep):
    """``discard_train`` {train}: a company over the train limit discards first (RB §8)."""
    ACTIONS = ("discard_train",)
    BLOCKS_WHILE = "pending_discards"

    def actions(self, g, entity):
        return self.ACTIONS

    def acting(self, g):
        return [g.pending_discards[0]]

    def refuse(self, g, action):
        sym = g.pending_discards[0]
        err("discard_pending", f"{sym} must first discard down to {g.train_limit} trains "
            "('discard_train').", company=sym)

    def process_discard_train(self, g, action):
        if not g.pending_discards:
            err("no_discard", "No company is over its train limit.")
        out: list = []
        g.act_discard(action, out)
        return out

    def legal(self, g):
        if not g.pending_discards:
            return []
        sym = g.pending_discards[0]
        return [{"type": "discard_train", "entity": sym,
                 "params": {"train": {"choices": sorted(set(g.companies[sym].trains))}}}]


class RoundStep(KoreaStep):
    """The step of one round of the rulebook: every action while that round is on."""
    ROUND = ""

    def actions(self, g, entity):
        return ANY if g.round == self.ROUND else ()

    def take(self, g, action):
        out: list = []
        getattr(g, "act_" + self.ROUND)(action, out)
        return out


class DraftTurn(RoundStep):
    ROUND = "draft"

    def legal(self, g):
        return g.draft_legal() if g.round == "draft" else []


class StockTurn(RoundStep):
    ROUND = "stock"

    def legal(self, g):
        return g.stock_legal() if g.round == "stock" else []


class OperatingTurn(RoundStep):
    ROUND = "operating"

    def legal(self, g):
        return g.operating_legal() if g.round not in ("draft", "stock") else []


class KoreaRound(Round):
    name = "round"

    def __init__(self, g, steps):
        super().__init__(g, steps)
        self.start_steps(g)

    def turn_acting(self, g):
        if g.round == "draft":
            pid, _ = g.draft_current()
            return [pid] if pid else []
        if g.round == "stock":
            return g.sr_acting()
        if g.round == "operating":
            em = g._emergency_state()
            comp = g.current_company()
            if em and g.cash[em[1]] < em[2]:
                return [comp.sym, em[1]]
            return [comp.sym] if comp else []
        return []

    def no_step(self, g, action):
        err("game_over", "The game is over.")
