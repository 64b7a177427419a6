"""A rules test double for the server tests (never imported by production code).

``Relay``: players act in turn; ``add`` puts 1–5 on a shared total and on the
player's own score, ``pass`` passes. Every entry of ``legal_actions()`` is ready to
post. Registered as title ``test-relay`` by :func:`register` (tests, and the
live-server app in ``tests/companion/liveapp.py``).
"""
from engine import titles
from engine.contract import book, count, facts, msg, number, player
from engine.errors import GameError
from engine.events import Event
from engine.titles import TitleSpec

TITLE_ID = "test-relay"


class Relay:
    def __init__(self, players, seed, options):
        self.players = [p["id"] for p in players]
        self.turn = 0
        self.total = 0
        self.scores = {p: 0 for p in self.players}
        self.finished = False
        self.game_end_reason = None
        self.goal = int(options.get("goal", 100_000)) if isinstance(options, dict) else 100_000

    def apply(self, action):
        who = self.players[self.turn]
        if action.get("entity") != who:
            raise GameError("out_of_turn", f"It is {who}'s turn.", acting=who)
        if action["type"] == "add":
            n = action.get("n")
            if not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= 5:
                raise GameError("bad_amount", "Add 1 to 5.")
            self.total += n
            self.scores[who] += n
            events = [Event("added", f"{who} added {n}.", board=f"Move the marker to {self.total}.",
                            params={"n": n})]
        elif action["type"] == "pass":
            events = [Event("passed", f"{who} passed.")]
        else:
            raise GameError("unknown_action", f"No action {action['type']!r} here.")
        self.turn = (self.turn + 1) % len(self.players)
        if self.total >= self.goal:
            self.finished, self.game_end_reason = True, "goal"
        return events

    def legal_actions(self):
        who = self.players[self.turn]
        # the rules take 1 to 5 (posted through the API); the phone's form starts at 1
        return [{"type": "add", "entity": who, "label": msg("add", "Add 1"),
                 "params": {"n": number("count", 1, 5, default=1)}},
                {"type": "pass", "entity": who, "label": msg("pass", "Pass")}]

    def book(self):
        return book(facts("status", msg("status", "Now"), [
            (msg("total", "Total"), count(self.total)),
            (msg("turn", "Turn"), player(self.players[self.turn]))]))

    def view(self):
        return {"total": self.total, "turn": self.turn, "scores": dict(self.scores)}

    def result(self):
        return dict(self.scores)

    def acting(self):
        return [self.players[self.turn]]


SPEC = TitleSpec(TITLE_ID, "Relay (test double)", "test", "$", 1, 8, Relay)


def register():
    titles.TITLES[TITLE_ID] = SPEC
    return SPEC
