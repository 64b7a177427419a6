"""The register of links: the track on the board, as the table enters it while building.

A **link** joins two **places** (a city, a town, one of New Zealand's outlying islands) and
has an owner, a number of track tiles and a state: *complete* once it reaches its second
place, *unfinished* until then. The table names a place the first time a link touches it (a
map may name some from the start: New Zealand's Auckland, Wellington and islands); later it
is picked from the places already named. Korea's places carry their half, North or South.

A **chain** is a good's way over complete links, from its city to its destination, written
as the links' ids each with the way it is run: ``+`` from the link's first place to its
second, ``-`` back (``"3+7-"``: link 3 forward, then link 7 backward). ``chains`` lists the
chains a locomotive can run (joined end to end, no place twice, from a city to a city or an
island); ``follow`` checks a chain the table typed and says why it is refused.

Unfinished links at the end of a turn (``end_of_turn``): the base rules' reading is that a
link its owner did not extend during the turn loses its owner (the track stays, unowned,
and any player may extend it and own it). ``shared/reference/AgeOfSteam.md`` is silent on
this: provisional (``data.UNFINISHED_LOSES_OWNER``).
"""
from __future__ import annotations

import re

from engine.errors import GameError

CITY, TOWN, ISLAND = "city", "town", "island"
PLACE_KINDS = (CITY, TOWN, ISLAND)
COMPLETE, UNFINISHED = "complete", "unfinished"
LINK_MARK = "#"                 # a link's key in a form: "#3" (a place name never starts so)
MAX_CHAINS = 2000               # chains enumerated at most (a board has far fewer)
CHAIN = re.compile(r"^(?:\d{1,4}[+-]){1,12}$")
STEP = re.compile(r"(\d{1,4})([+-])")


def link_key(lid: int) -> str:
    return f"{LINK_MARK}{lid}"


class Register:
    """Places and links; plain data (pickled with the game)."""

    def __init__(self, places=()):
        self.places: dict[str, dict] = {}          # name -> {"kind", "region"}
        self.links: dict[int, dict] = {}           # id -> link
        self.next_id = 1
        self.used: dict[str, int] = {}             # "player|chain" -> deliveries over it
        for name, kind, region in places:
            self.name_place(name, kind, region)

    # -- places -----------------------------------------------------------------------------
    def name_place(self, name: str, kind: str = CITY, region: str | None = None) -> dict:
        name = name.strip()
        if not name or name.startswith(LINK_MARK):
            raise GameError("bad_place", "A place's name is a word, not empty and not starting "
                            f"with {LINK_MARK}.", name=name)
        if name in self.places:
            raise GameError("place_named", f"{name} is named already.", name=name)
        self.places[name] = {"kind": kind, "region": region}
        return self.places[name]

    def kind(self, name: str | None) -> str | None:
        return self.places[name]["kind"] if name in self.places else None

    def region(self, name: str | None) -> str | None:
        return self.places[name]["region"] if name in self.places else None

    def names(self, *kinds) -> list[str]:
        return [n for n, p in self.places.items() if not kinds or p["kind"] in kinds]

    def rename(self, old: str, new: str) -> None:
        new = new.strip()
        if new in self.places and new != old:
            raise GameError("place_named", f"{new} is named already.", name=new)
        if not new or new.startswith(LINK_MARK):
            raise GameError("bad_place", "A place's name is a word, not empty and not starting "
                            f"with {LINK_MARK}.", name=new)
        self.places = {(new if n == old else n): p for n, p in self.places.items()}
        for link in self.links.values():
            for end in ("a", "b"):
                if link[end] == old:
                    link[end] = new

    # -- links ------------------------------------------------------------------------------
    def add(self, a: str, owner: str, turn: int, ferry: bool = False) -> dict:
        link = {"id": self.next_id, "a": a, "b": None, "owner": owner, "tiles": 0,
                "ferry": ferry, "turn": turn}
        self.links[self.next_id] = link
        self.next_id += 1
        return link

    @staticmethod
    def state(link: dict) -> str:
        return COMPLETE if link["b"] else UNFINISHED

    def unfinished(self, player: str) -> list[dict]:
        """The unfinished links ``player`` may extend: theirs, and those nobody owns."""
        return [k for k in self.links.values()
                if not k["b"] and k["owner"] in (player, None)]

    def owned(self, player: str) -> list[dict]:
        return [k for k in self.links.values() if k["owner"] == player]

    def track(self, player: str, completed_only: bool) -> int:
        """The track tiles of ``player``'s links (complete ones only, or all)."""
        return sum(k["tiles"] for k in self.owned(player)
                   if k["b"] or not completed_only)

    def end_of_turn(self, turn: int) -> list[dict]:
        """Unfinished links not extended this turn lose their owner (provisional); returns
        them."""
        lost = [k for k in self.links.values()
                if not k["b"] and k["owner"] is not None and k["turn"] < turn]
        for k in lost:
            k["owner"] = None
        return lost

    def drop_owner(self, player: str) -> None:
        """A player out of the game: their track markers come off the board."""
        for k in self.links.values():
            if k["owner"] == player:
                k["owner"] = None

    def describe_link(self, link: dict) -> str:
        return f"{link['a']} – {link['b'] or '…'}"

    # -- chains -----------------------------------------------------------------------------
    def _graph(self) -> dict[str, list[tuple[dict, str, str]]]:
        out: dict[str, list] = {}
        for k in self.links.values():
            if k["b"]:
                out.setdefault(k["a"], []).append((k, "+", k["b"]))
                out.setdefault(k["b"], []).append((k, "-", k["a"]))
        return out

    def chains(self, most: int) -> list[tuple[str, list[str], list[dict]]]:
        """Every chain of 1 to ``most`` complete links: (key, places, links)."""
        graph, found = self._graph(), []

        def walk(at, places, links, key):
            if len(found) >= MAX_CHAINS:
                return
            if links and self.kind(at) in (CITY, ISLAND):
                found.append((key, list(places), list(links)))
            if len(links) >= most or (links and self.kind(at) == ISLAND):
                return
            for link, way, nxt in graph.get(at, ()):
                if nxt in places:
                    continue
                places.append(nxt)
                links.append(link)
                walk(nxt, places, links, key + f"{link['id']}{way}")
                places.pop()
                links.pop()

        for start in sorted(graph):
            if self.kind(start) == CITY:
                walk(start, [start], [], "")
        return found

    def follow(self, key, most: int) -> tuple[list[str], list[dict]]:
        """The places and links of the chain ``key``, or a refusal saying why it is not one."""
        if not isinstance(key, str) or not CHAIN.match(key):
            raise GameError("bad_chain", "A chain is its links in order, each link's number "
                            "with + (run from its first place) or - (run back), e.g. 3+7-.",
                            chain=str(key))
        steps = STEP.findall(key)
        if len(steps) > most:
            raise GameError("chain_too_long", f"The locomotive moves a good over at most "
                            f"{most} link(s), not {len(steps)}.", level=most, links=len(steps))
        places, links = [], []
        for n, (lid, way) in enumerate(steps, start=1):
            link = self.links.get(int(lid))
            if link is None:
                raise GameError("no_link", f"There is no link {lid}.", link=int(lid))
            if not link["b"]:
                raise GameError("chain_unfinished", f"Link {lid} ({self.describe_link(link)}) "
                                "is unfinished: goods move over complete links only.",
                                link=int(lid), name=self.describe_link(link))
            a, b = (link["a"], link["b"]) if way == "+" else (link["b"], link["a"])
            if places and places[-1] != a:
                raise GameError("chain_broken", f"Link {lid} starts at {a}, not at {places[-1]} "
                                "where the link before it ends.", link=int(lid), at=a,
                                end=places[-1], n=n)
            if not places:
                places.append(a)
            if b in places:
                raise GameError("chain_place_twice", f"The good would pass {b} twice.",
                                name=b)
            places.append(b)
            links.append(link)
        if self.kind(places[0]) != CITY:
            raise GameError("chain_start", f"A good starts in a city; {places[0]} is not one.",
                            name=places[0])
        if self.kind(places[-1]) not in (CITY, ISLAND):
            raise GameError("chain_end", f"A good ends in a city; {places[-1]} is not one.",
                            name=places[-1])
        return places, links

    def path_text(self, places: list[str], links: list[dict], pname) -> str:
        """"Auckland → Hamilton (Ann) → Tauranga (Bo)": each place and the owner of the link
        that reached it."""
        out = places[0]
        for place, link in zip(places[1:], links):
            owner = pname(link["owner"]) if link["owner"] else "–"
            out += f" → {place} ({owner})"
        return out

    def count_use(self, player: str, key: str) -> None:
        self.used[f"{player}|{key}"] = self.used.get(f"{player}|{key}", 0) + 1
        self.used[f"|{key}"] = self.used.get(f"|{key}", 0) + 1

    def usual_first(self, player: str, chains: list) -> list:
        """The player's most used chain first, then the table's, then the one that pays the
        player most (its own links), then the shortest."""
        return sorted(chains, key=lambda c: (-self.used.get(f"{player}|{c[0]}", 0),
                                             -self.used.get(f"|{c[0]}", 0),
                                             -sum(k["owner"] == player for k in c[2]),
                                             len(c[2]), c[0]))
