"""The auction round: its steps are the game's ``AUCTION_STEPS`` (the core's: a train to
discard, then ``WaterfallAuction``, the 1830 waterfall of the privates; 1899 DAIHAN lists its
own auction step). The auction step (``AUCTION = True``) keeps the lots and bids and says who
acts; ``auction`` is that step."""
from __future__ import annotations

from engine.core18xx.rounds.base import Round


class AuctionRound(Round):
    name = "auction"

    def __init__(self, g, steps):
        super().__init__(g, steps)
        self.auction = next(s for s in self.steps if getattr(s, "AUCTION", False))
        self.start_steps(g)

    def __getattr__(self, name):
        # the auction step's lots and bids read through the round (``round.company``,
        # ``round.bids``), as before the steps; never during unpickling (no ``auction`` yet)
        auction = self.__dict__.get("auction")
        if auction is None or name.startswith("__"):
            raise AttributeError(name)
        return getattr(auction, name)

    def turn_acting(self, g):
        return self.auction.turn_acting(g)

    def no_step(self, g, action):
        self.auction.refuse_other(g, action)

    def view(self, g):
        return self.auction.view(g)
