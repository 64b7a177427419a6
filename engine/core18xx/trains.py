"""Trains, the depot, the discard pool and the phases.

Train ids are ``<type>-<n>`` numbered per type in depot order (``2-0``,
``2-1``, ...), as 18xx.games numbers them; an unlimited type gets a new id
each time one is sold. The depot sells the next train in line (and any
train in the discard pool); buying or exporting the first train of a type
may start a phase, rust older trains and fire the type's events.
"""
from __future__ import annotations

DEPOT = "depot"


class Depot:
    def __init__(self, trains: list[dict]):
        self.specs: dict[str, dict] = {t["name"]: t for t in trains}
        self.upcoming: list[str] = []
        self.discarded: list[str] = []
        self.next_index: dict[str, int] = {}
        for t in trains:
            n = t["num"]
            if n == "unlimited":
                self.upcoming.append(f"{t['name']}-0")
                self.next_index[t["name"]] = 1
            else:
                self.upcoming.extend(f"{t['name']}-{i}" for i in range(n))
                self.next_index[t["name"]] = n
        self.owner: dict[str, str] = {tid: DEPOT for tid in self.upcoming}   # train -> holder
        self.rusted: set[str] = set()
        self.exported: list[str] = []

    @staticmethod
    def kind(train_id: str) -> str:
        return train_id.rsplit("-", 1)[0]

    def price(self, train_id: str) -> int:
        return self.specs[self.kind(train_id)]["price"]

    def next_train(self) -> str | None:
        return self.upcoming[0] if self.upcoming else None

    def available(self) -> list[str]:
        """Trains the depot sells now: the next in line and the discard pool."""
        out = [self.upcoming[0]] if self.upcoming else []
        seen = set()
        for t in self.discarded:
            if self.kind(t) not in seen:
                out.append(t)
                seen.add(self.kind(t))
        return out

    def cheapest(self) -> tuple[str, int] | None:
        avail = self.available()
        if not avail:
            return None
        t = min(avail, key=self.price)
        return t, self.price(t)

    def take(self, train_id: str) -> None:
        """Remove a train from the depot (sold or exported)."""
        if train_id in self.discarded:
            self.discarded.remove(train_id)
            return
        self.upcoming.remove(train_id)
        kind = self.kind(train_id)
        if self.specs[kind]["num"] == "unlimited":
            new = f"{kind}-{self.next_index[kind]}"
            self.next_index[kind] += 1
            self.upcoming.insert(0, new)
            self.owner[new] = DEPOT
