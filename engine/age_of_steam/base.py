"""The books of an Age of Steam game and the turn loop that moves between its phases.

A turn (A3): issue shares → turn-order auction → select actions → build track → move goods
(two rounds) → income → expenses → income reduction → goods growth (on the board). The
phases' own rules live in their mixins; this module keeps money (every dollar moves between a
player and the bank, so money is conserved), who acts, and the order of the phases.
"""
from __future__ import annotations

import random

from engine.age_of_steam import data as D
from engine.age_of_steam.links import Register
from engine.errors import GameError
from engine.events import Emitter, Event

BANK = "bank"
PHASES = ("shares", "auction", "actions", "build", "move")


def err(code: str, message: str, **params) -> GameError:
    return GameError(code, message, **params)


class Base(Emitter):
    def _init_books(self, players, seed: int, options: dict, board) -> None:
        self.players = [p["id"] for p in players]
        self.names = {p["id"]: p["name"] for p in players}
        self.options = dict(options)
        self.map = board
        self.cash = {p: D.START_CASH for p in self.players}
        self.bank = 0                 # what the bank has taken in, less what it paid out
        self.shares = {p: D.START_SHARES for p in self.players}
        self.income = {p: D.START_INCOME for p in self.players}
        self.loco = {p: D.START_LOCOMOTIVE for p in self.players}
        self.tiles = {p: 0 for p in self.players}        # track tiles from the builds entered
        self.loose = {p: 0 for p in self.players}        # scored tiles outside the register
        self.register = Register(board.seed_places())     # the links on the board
        self.out: dict[str, str] = {}                     # player -> why they are out
        order = list(self.players)
        random.Random(seed).shuffle(order)                # the first turn order is drawn
        self.order = order
        self.length = board.turns(len(self.players))
        self.turn, self.phase = 0, None
        self.queue: list[str] = []
        self.at = 0
        self.held: dict[str, str] = {}                    # player -> action selected this turn
        self.taken: dict[str, str] = {}                   # action -> player
        self.pass_holder: str | None = None               # Turn Order Pass for this auction
        self.new_cities = dict(board.new_cities)
        self.accounts: list[dict] = []                    # last turn's income and expenses
        self.finished, self.game_end_reason = False, None
        self._events: list[Event] = []

    # -- small helpers ----------------------------------------------------------------------
    def pname(self, p: str) -> str:
        return self.names.get(p, p)

    def active(self) -> list[str]:
        """The players still in, in turn order."""
        return [p for p in self.order if p not in self.out]

    def pay(self, src: str, dst: str, amount: int) -> None:
        if amount < 0:
            src, dst, amount = dst, src, -amount
        for who, delta in ((src, -amount), (dst, amount)):
            if who == BANK:
                self.bank += delta
            else:
                self.cash[who] += delta

    def current(self) -> str | None:
        if self.finished or self.phase is None:
            return None
        if self.phase == "auction":
            return self.auction["turn"]
        return self.queue[self.at] if self.at < len(self.queue) else None

    def acting(self) -> list[str]:
        who = self.current()
        return [who] if who else []

    def controller(self, entity: str) -> str | None:
        return entity if entity in self.players else None

    # -- the turn loop ----------------------------------------------------------------------
    def start_turn(self) -> None:
        self.turn += 1
        if self.turn > self.length:
            self.end_game("turns")
            return
        if not self.active():
            self.end_game("all_out")
            return
        self.emit("turn_started", f"Turn {self.turn} of {self.length} begins.",
                 turn=self.turn, turns=self.length)
        self.begin("shares", self.active())

    def begin(self, phase: str, queue: list[str]) -> None:
        self.phase, self.queue, self.at = phase, list(queue), 0
        if phase == "auction":
            self.start_auction()
        elif not self.queue:
            self.phase_done()

    def next_player(self) -> None:
        self.at += 1
        if self.at >= len(self.queue):
            self.phase_done()

    def phase_done(self) -> None:
        if self.phase == "shares":
            self.begin("auction", self.active())
        elif self.phase == "auction":
            self.begin("actions", self.active())
        elif self.phase == "actions":
            self.build_no = 0
            self.begin_build_turn(self.first_then_order("first_build"))
        elif self.phase == "build":
            self.move_round = 1
            self.begin("move", self.first_then_order("first_move"))
        elif self.phase == "move" and self.move_round < D.MOVE_ROUNDS:
            self.move_round += 1
            self.begin("move", self.first_then_order("first_move"))
        else:
            self.end_of_turn()

    def first_then_order(self, action: str) -> list[str]:
        """The holder of ``action`` (First Build, First Move) first, then the turn order."""
        first = self.taken.get(action)
        rest = [p for p in self.active() if p != first]
        return ([first] if first in self.active() else []) + rest

    def end_of_turn(self) -> None:
        lost = self.register.end_of_turn(self.turn) if D.UNFINISHED_LOSES_OWNER else []
        for link in lost:
            name = self.register.describe_link(link)
            self.emit("link_unowned", f"Link {link['id']} ({name}) was not extended this turn "
                     "and has no owner now.", "Take the owner's marker off the unfinished "
                     "link.", link=link["id"], name=name)
        self.settle_accounts()                      # income, expenses, reduction
        if "production" in self.taken:
            p = self.taken["production"]
            self.emit("production", f"{self.pname(p)} places 2 goods (Production).",
                     "Draw 2 goods and place them on empty spaces of the goods display.",
                     player=p)
        self.emit("goods_growth", "Goods growth.",
                 "Roll the goods-growth dice and add the goods to the cities.")
        self.held, self.taken = {}, {}
        self.phase = None
        self.start_turn()

    def end_game(self, reason: str) -> None:
        for p in self.active():
            if not self.map.eligible(self, p):
                self.out[p] = "not_eligible"
                self.emit("not_eligible", f"{self.pname(p)} has not met the victory condition "
                         "and is eliminated.", player=p)
        self.finished, self.game_end_reason = True, reason
        self.phase, self.queue = None, []
        scores = self.result()
        won = self.winner()         # none when every player is out
        self.emit("game_over", f"The game is over: {self.pname(won)} wins." if won else
                  "The game is over.", reason=reason,
                  **({"winner": won, "winner_name": self.pname(won)} if won else {}))
        for p in self.players:
            if p not in self.out:
                self.emit("score", f"{self.pname(p)} scores {scores[p]}.", player=p,
                         score=scores[p])

    # -- the score --------------------------------------------------------------------------
    def track_score(self, p: str) -> int:
        """The track tiles that score: those of the player's complete links (the reference's
        reading, A3), or of all their links (set-up option ``track_scoring``: ``owned``, A1),
        plus tiles outside the register (an older log's builds, the track correction)."""
        completed = self.options.get("track_scoring", D.TRACK_COMPLETED) != D.TRACK_OWNED
        return self.register.track(p, completed) + self.loose[p]

    def points(self, p: str) -> int:
        """3 × income − 3 × shares issued + 1 per scoring track tile, and what the map adds."""
        return 3 * self.income[p] - 3 * self.shares[p] + self.track_score(p) + \
            self.map.score_extra(self, p)

    def result(self) -> dict[str, int]:
        """Each player's score; players who are out score nothing (0)."""
        return {p: 0 if p in self.out else self.points(p) for p in self.players}

    def winner(self) -> str | None:
        if not self.finished:
            return None
        left = [p for p in self.players if p not in self.out]
        if not left:
            return None
        return max(left, key=lambda p: (self.points(p), self.income[p]))

    # -- checking actions -------------------------------------------------------------------
    def must_be_acting(self, action: dict) -> str:
        who = action.get("entity")
        if who not in self.players:
            raise err("bad_entity", f"No player {who!r} at this table.", entity=who)
        if who != self.current():
            raise err("not_your_turn", f"It is {self.pname(self.current() or '')}'s turn, "
                      f"not {self.pname(who)}'s.", player=self.current() or "")
        return who


def whole(action: dict, name: str, lo: int | None = None, hi: int | None = None) -> int:
    """A whole-number field of an action (a shape check)."""
    v = action.get(name)
    if not isinstance(v, int) or isinstance(v, bool):
        raise err("bad_number", f"{name!r} is a whole number.", field=name)
    if (lo is not None and v < lo) or (hi is not None and v > hi):
        raise err("bad_number", f"{name!r} is from {lo} to {hi}.", field=name, min=lo, max=hi)
    return v
