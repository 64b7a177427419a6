"""A test double of a non-18xx family (never imported by production code): players with cash,
shares issued, income and a locomotive; no companies, no market. It declares its book and its
forms (``engine.contract``) and nothing else, so the pages must render it as they are."""
from engine import contract as C, titles
from engine.errors import GameError
from engine.events import Event
from engine.titles import TitleSpec

TITLE_ID = "test-steam"


class Steam:
    def __init__(self, players, seed, options):
        self.players = [p["id"] for p in players]
        self.cash = {p: 10 for p in self.players}
        self.shares = {p: 2 for p in self.players}
        self.income = {p: 0 for p in self.players}
        self.loco = {p: 1 for p in self.players}
        self.turn, self.finished, self.game_end_reason = 0, False, None

    def acting(self):
        return [] if self.finished else [self.players[self.turn % len(self.players)]]

    def apply(self, action):
        who = self.acting()[0] if self.acting() else None
        if action.get("type") == "correction":
            return [Event("corrected", "Corrected.", params={})]
        if action.get("entity") != who:
            raise GameError("not_your_turn", "Not your turn.")
        if action["type"] == "issue":
            n = action.get("count")
            if not isinstance(n, int) or not 1 <= n <= 15 - self.shares[who]:
                raise GameError("bad_count", "Issue 1 or more shares, at most 15 in all.")
            self.shares[who] += n
            self.cash[who] += 5 * n
            ev = Event("issued", f"Issued {n}.", board="Take the money.", params={"count": n})
        elif action["type"] == "locomotive":
            self.loco[who] = min(6, self.loco[who] + 1)
            ev = Event("loco", "Locomotive up.", params={})
        else:
            raise GameError("unknown_action", "No such action.")
        self.turn += 1
        if self.turn >= 6:
            self.finished, self.game_end_reason = True, "turns"
        return [ev]

    def legal_actions(self):
        if self.finished:
            return []
        who = self.acting()[0]
        out = [{"type": "locomotive", "entity": who, "label": C.msg("loco", "Raise the locomotive")}]
        if self.shares[who] < 15:
            out.append({"type": "issue", "entity": who, "label": C.msg("issue", "Issue shares"),
                        "params": {"count": C.number("count", 1, 15 - self.shares[who])}})
        return out

    def book(self):
        return C.book(
            C.facts("status", C.msg("status", "Now"), [
                (C.msg("turn", "Turn"), C.text(C.msg("turn_n", f"Turn {self.turn + 1}"))),
                (C.msg("acting", "Acting"), C.value("list", [C.player(a) for a in self.acting()]))],
                glance=True),
            C.table("players", "players", C.msg("players", "Players"),
                    [("cash", C.msg("cash", "Cash")), ("shares", C.msg("shares", "Shares issued")),
                     ("income", C.msg("income", "Income")), ("loco", C.msg("loco_col", "Locomotive"))],
                    [(p, {"cash": C.money(self.cash[p]), "shares": C.count(self.shares[p]),
                          "income": C.money(self.income[p]), "loco": C.count(self.loco[p])})
                     for p in self.players], glance=True))

    def view(self):
        return {"cash": dict(self.cash), "shares": dict(self.shares), "income": dict(self.income),
                "locomotive": dict(self.loco), "turn": self.turn}

    def result(self):
        return {p: 3 * self.income[p] - 3 * self.shares[p] for p in self.players}


SPEC = TitleSpec(TITLE_ID, "Steam (test double)", "steam-double", "$", 2, 6, Steam)


def register():
    titles.TITLES[TITLE_ID] = SPEC
    return SPEC
