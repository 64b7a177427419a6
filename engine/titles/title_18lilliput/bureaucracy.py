"""Bureaucracy (S 라운드 순서 3) and the end of the game (S 게임종료).

Bureaucracy: the top card(s) of the deck move to the train pool (``pool_refill``, how many:
provisional; a first train of its type scrapped so starts its phase at once), the
first-player card passes clockwise, the action cards return and the round counter advances.
After the eighth round the game ends: each player's cash, plus his shares at their price,
plus £20 for an unused Dimen's Land Copy card; company cash does not count.
"""
from __future__ import annotations

from engine import contract as C
from engine.core18xx.book import Scores
from engine.core18xx.trains import Depot
from engine.titles.title_18lilliput import data as D


class BureaucracyMixin(Scores):
    def bureaucracy(self) -> None:
        """The round's end; its own event goes before the phase events of the trains it
        moved (they are emitted as the trains move)."""
        first_event = len(self._events)
        moved = []
        for _ in range(self.opts["pool_refill"]):
            t = self.depot.next_train()
            if t is None:
                break
            self.depot.take(t)
            self.depot.discarded.append(t)
            moved.append(Depot.kind(t))
            self.train_left_deck(Depot.kind(t))
        self.first = (self.first + 1) % len(self.seating)
        if self.round >= D.ROUNDS:
            self.finished = True
            self.game_end_reason = "eight_rounds"
            scores = self.result()
            self.emit("game_over", "The eighth round is over. Scores: " + ", ".join(
                f"{self.player_name(p)} £{s}" for p, s in scores.items()) + ".",
                scores=scores, standings=C.standings(scores, self.player_name,
                                                     lambda v: f"£{v}"))
            self._events.insert(first_event, self._events.pop())
            return
        self.round += 1
        first = self.order_from_first()[0]
        self.emit(
            "bureaucracy", f"Bureaucracy: {len(moved)} train(s) to the train pool "
            f"({', '.join(moved) or 'none'}); {self.player_name(first)} takes the first-player "
            f"card; round {self.round}.", "Move the trains to the train pool card, pass the "
            "first-player card, return the action cards, advance the turn marker.",
            count=len(moved), player=first, round=self.round,
            trains=[C.train(Depot.kind(t)) for t in moved])
        self._events.insert(first_event, self._events.pop())

    # -- the end (the core's ``Scores``): cash and shares at price, company money not
    # counted, and an unused Land Copy card worth £20 (summary, "게임 종료") ----------------
    SCORE_SHARE_PERCENT = D.SHARE_PERCENT

    def score_players(self) -> list[str]:
        return list(self.seating)

    def scored_companies(self) -> list[str]:
        return self.live_companies()

    def score_extras(self, player: str) -> tuple[dict, int]:
        land = 0 if self.land_copy_used[player] else D.LAND_COPY_VALUE
        return {"land_copy": land}, land

    def score_others(self, player: str) -> list:
        land = self.score_extras(player)[1]
        return [(C.msg("score.land_copy", "Land Copy card (unused)"), land)] if land else []
