"""Phase 5, moving goods, two rounds: each player in move order (the First Move holder first)
either moves one good or raises the locomotive by one (at most 6), or passes.

A delivery (``move_good``) is its good's colour and a chain of complete links from the
register (``links``): the engine checks the chain (joined end to end, no more links than the
locomotive, no place twice) and pays 1 income to each link's owner (A1, N1); the map checks
and does the rest from the chain's places (Korea: the crossing of the demarcation line; New
Zealand: a disc on the outlying island a black good reaches). The form offers the chains the
locomotive can run, the player's usual chain first, then one button per good's colour: the
tap on the good's colour enters the delivery (one tap over the chain shown first, two over any
other).

Older logs entered a delivery as ``deliver {links, colour, owner_1 .. owner_<links>, ...the
map's fields}``; it is no longer offered, and still applied when such a log is replayed.
"""
from __future__ import annotations

from engine import contract as C
from engine.age_of_steam import data as D
from engine.age_of_steam.base import err, whole
from engine.errors import GameError

CHAINS_OFFERED = 40      # the form lists at most this many chains, the usual first


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

    def move_good(self, p: str, action: dict) -> None:
        colour = action.get("colour")
        if colour not in D.GOODS:
            raise err("bad_colour", f"A good is one of {', '.join(D.GOODS)}.",
                      choices=list(D.GOODS))
        key = action.get("route")
        places, links = self.register.follow(key, self.loco[p])
        self.map.check_chain(self, p, places)
        earned: dict[str, int] = {}
        for link in links:
            if link["owner"] is not None:
                self.income[link["owner"]] += 1
                earned[link["owner"]] = earned.get(link["owner"], 0) + 1
        self.register.count_use(p, key)
        path = self.register.path_text(places, links, self.pname)
        said = ", ".join(f"{self.pname(o)} +{n}" for o, n in earned.items()) or "–"
        self.emit("delivered_route", f"{self.pname(p)} moves a {colour} good: {path}. Income: "
                 f"{said}.", "Move the good to its city and take it off the board; move the "
                 "income markers.", player=p, colour=colour, links=len(links), path=path,
                 colour_name=C.msg(f"colour.{colour}", colour), earned=said)
        self.map.chain_delivered(self, p, colour, places)
        self.next_player()

    def chain_choices(self, p: str) -> tuple[list[str], dict]:
        """The chains ``p``'s locomotive can run that the map allows now, the usual first."""
        ok = []
        for chain in self.register.chains(self.loco[p]):
            try:
                self.map.check_chain(self, p, chain[1])
            except GameError:
                continue
            ok.append(chain)
        ok = self.register.usual_first(p, ok)[:CHAINS_OFFERED]
        labels = {key: C.msg("route.label", self.register.path_text(places, links, self.pname),
                             path=self.register.path_text(places, links, self.pname),
                             links=len(links))
                  for key, places, links in ok}
        return [c[0] for c in ok], labels

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
        out = []
        chains, labels = self.chain_choices(p)
        if chains:
            out.append({"type": "move_good", "entity": p,
                        "label": C.msg("form.move_good", "Move a good"),
                        "params": {"route": C.choice("text", chains, labels, default=chains[0],
                                                     label=C.msg(
                                                         "form.route", "Links, from the "
                                                         "good's city")),
                                   "colour": C.choice("text", list(D.GOODS), {
                                       c: C.msg(f"colour.{c}", c) for c in D.GOODS},
                                       buttons=True, label=C.msg("form.good", "Good"))}})
        if self.loco[p] < D.MAX_LOCOMOTIVE:
            out.append({"type": "raise_locomotive", "entity": p,
                        "label": C.msg("form.raise_locomotive",
                                       f"Raise the locomotive instead (to {self.loco[p] + 1})",
                                       level=self.loco[p] + 1)})
        out.append({"type": "pass_move", "entity": p,
                    "label": C.msg("form.pass_move", "Move no good")})
        return out
