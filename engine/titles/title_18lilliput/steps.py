"""18 Lilliput's turn machine on the 18xx core's (``engine.core18xx.rounds.Round``): one
round object for the whole game (``Lilliput.flow``), its steps by the part of the round
the game is in (``g.step``: draft, actions, runs), with the discard of a company over its
train limit blocking them all. A step checks what the part of the round asks (whose pick,
whose run) in the title's ``act_*`` methods, which return the action's events.

The character notes and the corrections may come at any time: the title takes them before
the machine (as the core takes its corrections).
"""
from __future__ import annotations

from engine.core18xx.rounds import Round
from engine.core18xx.steps.base import Step
from engine.titles.title_18lilliput.base import err

PLAYER_ACTIONS = ("take_card", "done", "personal_cash", "company_cash", "lay_track",
                  "upgrade_track", "castle", "place_station", "buy_train", "sell_shares",
                  "buy_share", "found_company")


class LilliputStep(Step):
    def may_act(self, g, entity):
        return True                   # the act_* methods say whose turn it is


class DiscardFirst(LilliputStep):
    """``discard_train`` {train}: a company over its train limit puts a train into the pool
    before anything else."""
    ACTIONS = ("discard_train",)
    BLOCKS_WHILE = "must_discard"

    def actions(self, g, entity):
        return self.ACTIONS           # taken (and refused by act_discard_train) at any time

    def acting(self, g):
        return [g.companies[g.must_discard[0]]["director"]]

    def refuse(self, g, action):
        raise err("discard_first", f"{g.company_name(g.must_discard[0])} is over "
                  "its train limit: put a train into the pool first.",
                  company=g.must_discard[0])

    def process_discard_train(self, g, action):
        return g.act_discard_train(action.get("entity"), action)

    def legal(self, g):
        return g.discard_legal() if g.must_discard else []


class DraftPick(LilliputStep):
    """``pick`` {pick, [home_tile]}: the draft of starting companies and characters."""
    ACTIONS = ("pick",)

    def process_pick(self, g, action):
        entity = action.get("entity")
        if g.step != "draft":
            raise err("draft_over", "The draft is over.")
        if entity != g.drafting():
            raise err("not_your_turn", f"It is {g.player_name(g.drafting())}'s pick.")
        return g.act_pick(entity, action)

    def legal(self, g):
        return g.draft_legal(g.drafting()) if g.step == "draft" else []


class ActionCards(LilliputStep):
    """The action step: a card taken, then its effects (track, stations, trains, shares, ..)
    until ``done``."""
    ACTIONS = PLAYER_ACTIONS

    def process(self, g, action):
        entity = action.get("entity")
        if entity not in g.names:
            raise err("bad_entity", f"{entity!r} is not a player.")
        return getattr(g, "act_" + action["type"])(entity, action)

    def legal(self, g):
        return g.action_legal(g.acting_player()) if g.step == "actions" else []


for _kind in PLAYER_ACTIONS:          # process_<type> for each action of the step
    setattr(ActionCards, "process_" + _kind, ActionCards.process)


class TrainRuns(LilliputStep):
    """``run`` {revenues, dividend, [pool_train]}: each company's trains, in order."""
    ACTIONS = ("run",)

    def process_run(self, g, action):
        if g.step != "runs":
            raise err("not_run_step", "Trains run after the action step.")
        return g.act_run(action.get("entity"), action)

    def legal(self, g):
        return g.run_legal(g.running()) if g.step == "runs" else []


class LilliputRound(Round):
    name = "round"

    def __init__(self, g, steps):
        super().__init__(g, steps)
        self.start_steps(g)

    def turn_acting(self, g):
        if g.step == "draft":
            return [g.drafting()]
        if g.step == "actions":
            return [g.acting_player()]
        if g.step == "runs":
            return [g.running()]
        return []

    def no_step(self, g, action):
        kind = action["type"]
        raise err("bad_action_type", f"Unknown action {kind!r}.", type=kind)
