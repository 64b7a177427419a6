"""Discard a train (any round): a company over the train limit after a phase change discards
down to it before anything else happens (``discard_train`` {train}). The game keeps the list
of such companies (``g.crowded``, filled by ``check_crowded``); while it is not empty this step
blocks every round."""
from __future__ import annotations

from engine.core18xx.steps.base import Step
from engine.core18xx.trains import DEPOT, Depot
from engine.errors import GameError


class DiscardTrain(Step):
    ACTIONS = ("discard_train",)
    BLOCKS_WHILE = "crowded"

    def may_act(self, g, entity):
        return True                      # the crowded company is checked by the discard

    def acting(self, g):
        return list(g.crowded)

    def refuse(self, g, action):
        names = ", ".join(g.crowded)
        raise GameError("must_discard", f"{names} must first discard down to the train limit.",
                        corporations=list(g.crowded))

    def process_discard_train(self, g, action):
        corp = action["entity"]
        if corp not in g.crowded:
            self.refuse(g, action)
        train = action.get("train")
        if train not in g.corps[corp]["trains"]:
            raise GameError("not_your_train", f"{corp} does not own train {train!r}.", train=train)
        g.corps[corp]["trains"].remove(train)
        del g.train_owner[train]
        g.depot.discarded.append(train)
        g.depot.owner[train] = DEPOT
        g.emit("train_discarded", f"{corp} discards train {train} to the pool.",
               f"Put {corp}'s {Depot.kind(train)}-train in the bank's pool.", corporation=corp,
               train=train, train_type=Depot.kind(train))
        if len(g.corps[corp]["trains"]) <= g.train_limit(corp):
            g.crowded.remove(corp)

    def legal(self, g):
        return [{"type": "discard_train", "entity": corp,
                 "params": {"train": {"choices": list(g.corps[corp]["trains"])}}}
                for corp in g.crowded]
