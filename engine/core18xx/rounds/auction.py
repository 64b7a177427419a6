"""The auction round: its steps are the game's ``AUCTION_STEPS`` (the core's: a train to
discard, then ``WaterfallAuction``, the 1830 waterfall of the privates; 1899 DAIHAN lists its
own auction step). The auction step (``AUCTION = True``) keeps the lots and bids and says who
acts; ``auction`` is that step."""
from __future__ import annotations

from engine.core18xx.rounds import Round


class AuctionRound(Round):
    name = "auction"

    def __init__(self, g, steps):
        super().__init__(g, steps)
        self.start_steps(g)

    @property
    def auction(self):
        """The auction step (``AUCTION = True``)."""
        for s in self.steps:
            if s.AUCTION:
                return s
        return None

    def __getattr__(self, name):
        # the auction step's lots and bids read through the round (``round.company``,
        # ``round.bids``), as before the steps; never while unpickling (no steps yet)
        if name.startswith("__") or "steps" not in self.__dict__:
            raise AttributeError(name)
        return getattr(self.auction, name)

    def turn_acting(self, g):
        return self.auction.turn_acting(g)

    def no_step(self, g, action):
        self.check_turn(g, action)
        self.auction.refuse_other(g, action)

    def view(self, g):
        return self.auction.view(g)
