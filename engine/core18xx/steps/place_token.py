"""Place a station (operating turn, after track): ``place_token`` {hex, city}, one a turn."""
from __future__ import annotations

from engine.core18xx.rounds.operating import TOKEN
from engine.core18xx.steps.operating_step import OperatingStep
from engine.errors import GameError


class PlaceToken(OperatingStep):
    ACTIONS = ("place_token",)

    def process_place_token(self, g, action):
        rnd = self.round
        corp = rnd.corp
        if rnd.stage > TOKEN or rnd.token_done:
            raise GameError("token_done", f"{corp} has placed its token this turn "
                            "(or moved on past tokens).", corporation=corp)
        g.place_token(corp, action.get("hex"), action.get("city", 0))
        rnd.token_done = True
        rnd.stage = TOKEN

    def legal(self, g):
        rnd = self.round
        corp = rnd.corp
        if rnd.stage <= TOKEN and not rnd.token_done:
            price = g.next_token_price(corp)
            if price is not None and price <= g.ledger.of(corp):
                token = g.token_template(corp)
                if token:
                    return [token]
        return []
