"""What the phones show: the book (``engine.contract`` sections) and the view."""
from __future__ import annotations

from engine import contract as C
from engine.age_of_steam.selection import action_label

PHASE_NAMES = {"shares": "Issue shares", "auction": "Turn-order auction",
               "actions": "Select actions", "build": "Build track", "move": "Move goods",
               None: "Game over"}


OUT_NAMES = {"income_below_zero": "out (income below zero)",
             "not_eligible": "out (victory condition not met)"}


def out_label(why: str) -> dict:
    return C.msg(f"out.{why}", OUT_NAMES[why])


def phase_label(phase) -> dict:
    return C.msg(f"phase.{phase or 'over'}", PHASE_NAMES[phase])


class BookMixin:
    def where(self) -> dict:
        if self.finished:
            last = min(self.turn, self.length)
            return C.msg("where.over", f"Game over after turn {last}", turn=last)
        extra = {"round": self.move_round} if self.phase == "move" else {}
        code = "where.move" if extra else "where.turn"
        text = f"Turn {self.turn} of {self.length}: {PHASE_NAMES[self.phase]}" + (
            f", round {self.move_round}" if extra else "")
        return C.msg(code, text, turn=self.turn, turns=self.length,
                     phase=phase_label(self.phase), **extra)

    def book(self) -> list[dict]:
        status = [(C.msg("fact.where", "Now"), C.text(self.where())),
                  (C.msg("fact.acting", "Acting"),
                   C.value("list", [C.player(a) for a in self.acting()]), C.ACTING)]
        if self.phase == "auction":
            a = self.auction
            status.append((C.msg("fact.high_bid", "High bid"), C.money(a["high"])))
            if a["leader"]:
                status.append((C.msg("fact.leader", "High bidder"), C.player(a["leader"])))
        if self.pass_holder and not self.finished:
            status.append((C.msg("fact.pass_holder", "Turn Order Pass"),
                           C.player(self.pass_holder)))
        if self.phase == "build" and self.current():
            spent = sum(b["cost"] for b in self.builds)
            status.append((C.msg("fact.builds", "Builds this turn"), C.count(len(self.builds))))
            status.append((C.msg("fact.spent", "Spent on track"), C.money(spent)))
        status += self.map.book_facts(self)
        if self.finished:
            w = self.winner()
            status.append((C.msg("fact.winner", "Winner"),
                           C.player(w) if w else C.text(C.msg("word.nobody", "nobody"))))
        return C.book(
            C.facts("status", C.msg("section.status", "Now"), status, glance=True),
            C.table("players", "players", C.msg("section.players", "Players"),
                    self._player_columns(), self._player_rows(), glance=True),
            C.facts("actions", C.msg("section.actions", "Actions this turn"),
                    [(action_label(a), C.player(self.taken[a])) for a in self.taken]),
            C.table("entities", "links", C.msg("section.links", "Links on the board"),
                    self._link_columns(), self._link_rows()),
            self.network_section() if self.register.links else None,
            C.log("accounts", C.msg("section.accounts", "Last income and expenses"),
                  [self._account_line(line) for line in self.accounts]),
            C.log("setup", C.msg("section.setup", "Set-up on the board"),
                  self.map.setup_notes() if self.turn <= 1 and not self.finished else []))

    def _player_columns(self):
        """The players' columns; the summary shows cash, shares issued, income, locomotive
        and score, one line per player in turn order (the book shows them all)."""
        cols = [("place", C.msg("col.place", "Turn order")),
                ("cash", C.msg("col.cash", "Cash"), C.GLANCE),
                ("shares", C.msg("col.shares", "Shares issued"), C.GLANCE),
                ("income", C.msg("col.income", "Income"), C.GLANCE),
                ("loco", C.msg("col.loco", "Locomotive"), C.GLANCE),
                ("action", C.msg("col.action", "Action")),
                ("tiles", C.msg("col.track_scored", "Track tiles scored")),
                ("expenses", C.msg("col.expenses", "Expenses"))]
        cols += [(key, label) for key, label, _ in self.map.player_columns(self)]
        cols += [("score", C.msg("col.score", "Score"), C.GLANCE),
                 ("status", C.msg("col.status", "In"))]
        return cols

    def _player_rows(self):
        rows = []
        for p in self.order:
            out = p in self.out
            cells = {"place": C.count(self.order.index(p) + 1), "cash": C.money(self.cash[p]),
                     "shares": C.count(self.shares[p]), "income": C.money(self.income[p]),
                     "loco": C.count(self.loco[p]), "tiles": C.count(self.track_score(p)),
                     "expenses": C.money(self.shares[p] + self.loco[p]),
                     "score": C.count(0 if out else self.points(p)),
                     "status": C.text(out_label(self.out[p]) if out else C.msg("word.in", "in"))}
            if p in self.held:
                cells["action"] = C.text(action_label(self.held[p]))
            for key, _, cell in self.map.player_columns(self):
                cells[key] = cell(self, p)
            rows.append((p, cells))
        return rows

    def _link_columns(self):
        return [("from", C.msg("col.link_from", "From")),
                ("to", C.msg("col.link_to", "To")),
                ("owner", C.msg("col.owner", "Owner")),
                ("tiles", C.msg("col.tiles", "Track tiles")),
                ("state", C.msg("col.link_state", "State"))]

    def _place(self, name):
        label = self.map.place_label(name)
        return C.text(label if label else name)

    def _link_rows(self):
        rows = []
        for lid, k in self.register.links.items():
            state = self.register.state(k)
            cells = {"from": self._place(k["a"]),
                     "to": self._place(k["b"]) if k["b"] else C.text(C.msg(
                         "link.to_none", "–")),
                     "owner": C.player(k["owner"]) if k["owner"] else C.text(
                         C.msg("word.nobody", "nobody")),
                     "tiles": C.count(k["tiles"]),
                     "state": C.text(C.msg(f"link.state.{state}", state))}
            rows.append((f"#{lid}", cells))
        return rows

    def _account_line(self, line: dict) -> dict:
        return C.msg("account.line", f"{self.pname(line['player'])}: income ${line['income']}, "
                     f"expenses ${line['expenses']}, paid ${line['paid']}, short "
                     f"${line['short']}; income now ${line['after']}",
                     player=line["player"], income=line["income"], amount=line["expenses"],
                     paid=line["paid"], short=line["short"], after=line["after"])

    def view(self) -> dict:
        return {"round": self.phase or "end", "turn": min(self.turn, self.length),
                "turns": self.length, "order": list(self.order),
                "cash": dict(self.cash), "bank": self.bank, "shares": dict(self.shares),
                "income": dict(self.income), "locomotive": dict(self.loco),
                "track_tiles": {p: self.track_score(p) for p in self.players},
                "tiles_built": dict(self.tiles), "out": dict(self.out),
                "links": {f"#{i}": {"a": k["a"], "b": k["b"], "owner": k["owner"],
                                    "tiles": k["tiles"]}
                          for i, k in self.register.links.items()},
                "held": dict(self.held)}

    def round_message(self) -> dict:
        """Where the game is (the book's first item), without building the book."""
        return self.where()

    def _track_label(self) -> dict:
        if self.options.get("track_scoring") == "owned":
            return C.msg("score.track_owned", "Track tiles owned")
        return C.msg("score.track_completed", "Track tiles in completed links")

    def scores(self) -> list[dict]:
        """Each player's score and its parts (``engine.contract`` score rows), best first."""
        rows = []
        for p in self.players:
            if p in self.out:
                rows.append(C.score_row(p, 0, [C.score_part(
                    C.msg("col.status", "In"),
                    C.text(out_label(self.out[p])))]))
                continue
            parts = [C.score_part(C.msg("score.income", "3 × income"),
                                  C.count(3 * self.income[p])),
                     C.score_part(C.msg("score.shares", "−3 × shares issued"),
                                  C.count(-3 * self.shares[p])),
                     C.score_part(self._track_label(), C.count(self.track_score(p)))]
            extra = self.map.score_extra(self, p)
            if extra:
                parts.append(C.score_part(self.map.score_extra_label(), C.count(extra)))
            rows.append(C.score_row(p, self.points(p), parts))
        rows.sort(key=lambda r: (r["player"] in self.out, -r["total"]))
        return rows
