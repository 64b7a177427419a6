"""Phase 5, moving goods, two rounds: each player in move order (the First Move holder first)
either moves one good or raises the locomotive by one (at most 6), or passes.

A delivery is entered by its good's colour and its links in order, each link by its owner
(``owner_1``, ``owner_2``, ...);
it has at most as many links as the locomotive. Each link's owner gains 1 income (A1, N1).
The map may need more of a delivery (Korea: whether and which way it crosses the line; New
Zealand: the outlying island it reaches).
"""
from __future__ import annotations

from engine import contract as C
from engine.age_of_steam import data as D
from engine.age_of_steam.base import err, whole


class MovingMixin:
    def deliver(self, p: str, action: dict) -> None:
        links = whole(action, "links", 1)
        colour = action.get("colour")
        if colour not in D.GOODS:
            raise err("bad_colour", f"A good is one of {', '.join(D.GOODS)}.",
                      choices=list(D.GOODS))
        if links > self.loco[p]:
            raise err("too_many_links", f"{self.pname(p)}'s locomotive moves a good over at "
                      f"most {self.loco[p]} link(s), not {links}.", player=p,
                      level=self.loco[p], links=links)
        owners = [action.get(f"owner_{i}") for i in range(1, links + 1)]
        if any(o not in self.players for o in owners):
            raise err("bad_owners", "Name each link's owner (owner_1, owner_2, ...), one player "
                      "per link.", links=links)
        gone = [o for o in owners if o in self.out]
        if gone:
            raise err("owner_out", f"{self.pname(gone[0])} is out of the game and owns no "
                      "track.", player=gone[0])
        self.map.check_delivery(self, p, action)
        for o in owners:
            self.income[o] += 1
        earned = {o: owners.count(o) for o in dict.fromkeys(owners)}
        self.emit("delivered", f"{self.pname(p)} moves a {colour} good over {links} link(s).",
                 "Move the good to its city and take it off the board; move the income "
                 "markers.", player=p, colour=colour, links=links,
                 colour_name=C.msg(f"colour.{colour}", colour),
                 earned=", ".join(f"{self.pname(o)} +{n}" for o, n in earned.items()) or None)
        self.map.delivered(self, p, action)
        self.next_player()

    def raise_locomotive(self, p: str, action: dict) -> None:
        if self.loco[p] >= D.MAX_LOCOMOTIVE:
            raise err("loco_at_max", f"The locomotive is at most {D.MAX_LOCOMOTIVE}.",
                      limit=D.MAX_LOCOMOTIVE)
        self.loco[p] += 1
        self.emit("locomotive_raised", f"{self.pname(p)}'s locomotive is now {self.loco[p]}.",
                 "Move the locomotive marker.", player=p, level=self.loco[p])
        self.next_player()

    def pass_move(self, p: str, action: dict) -> None:
        self.emit("move_passed", f"{self.pname(p)} moves no good.", player=p)
        self.next_player()

    def move_legal(self, p: str) -> list[dict]:
        owners = [q for q in self.players if q not in self.out]
        extra = self.map.delivery_params(self.turn)
        out = []
        for n in range(1, self.loco[p] + 1):
            link = C.choice("player", owners, default=p)
            out.append({"type": "deliver", "entity": p, "links": n,
                        "label": C.msg("form.deliver", f"Move a good over {n} link(s)",
                                       links=n),
                        "params": {"colour": C.choice("text", list(D.GOODS), {
                                       c: C.msg(f"colour.{c}", c) for c in D.GOODS},
                                       label=C.msg("form.good", "Good")),
                                   **{f"owner_{i}": {**link, "label": C.msg(
                                       "form.link_owner", f"Owner of link {i}", n=i)}
                                      for i in range(1, n + 1)},
                                   **extra}})
        if self.loco[p] < D.MAX_LOCOMOTIVE:
            out.append({"type": "raise_locomotive", "entity": p,
                        "label": C.msg("form.raise_locomotive",
                                       f"Raise the locomotive instead (to {self.loco[p] + 1})",
                                       level=self.loco[p] + 1)})
        out.append({"type": "pass_move", "entity": p,
                    "label": C.msg("form.pass_move", "Move no good")})
        return out
