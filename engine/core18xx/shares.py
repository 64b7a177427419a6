"""Share holdings of each corporation: the IPO, the market pool and the players.

Holdings are kept in percent (``"ipo"``, ``"pool"`` and player ids), with
the president's certificate always in the president's holding. This is
enough for the book: which numbered certificate sits where does not matter
on the table, only who holds how much, and who is president.

The presidency moves when another player comes to hold more than the
president (ties go to the player nearest after the old president in seating
order), exactly as a president's certificate swap does on the table.
"""
from __future__ import annotations

IPO, POOL = "ipo", "pool"


class ShareBook:
    def __init__(self, corps: dict[str, dict], seating: list[str]):
        self.seating = list(seating)
        self.held: dict[str, dict[str, int]] = {sym: {IPO: 100} for sym in corps}
        self.president: dict[str, str | None] = {sym: None for sym in corps}
        self.president_percent: dict[str, int] = {
            sym: spec.get("president_percent", 20) for sym, spec in corps.items()}
        self.share_percent: dict[str, int] = {
            sym: spec.get("share_percent", 10) for sym, spec in corps.items()}

    def percent(self, corp: str, holder: str) -> int:
        return self.held[corp].get(holder, 0)

    def player_percent(self, corp: str) -> int:
        return sum(p for h, p in self.held[corp].items() if h not in (IPO, POOL))

    def holders(self, corp: str) -> dict[str, int]:
        return {h: p for h, p in self.held[corp].items() if p}

    def move(self, corp: str, src: str, dst: str, percent: int) -> None:
        held = self.held[corp]
        held[src] = held.get(src, 0) - percent
        held[dst] = held.get(dst, 0) + percent
        if not held[src]:
            del held[src]

    def certs(self, corp: str, player: str) -> int:
        pct = self.percent(corp, player)
        if not pct:
            return 0
        n = pct // self.share_percent[corp]
        if self.president.get(corp) == player:
            n -= self.president_percent[corp] // self.share_percent[corp] - 1
        return n

    def distance(self, a: str, b: str) -> int:
        n = len(self.seating)
        return (self.seating.index(b) - self.seating.index(a)) % n

    def check_president(self, corp: str) -> tuple[str | None, str | None]:
        """Give the presidency to the largest holder if the president is outgrown.

        Returns (old, new) when it changed, else (None, None)."""
        old = self.president[corp]
        players = {h: p for h, p in self.held[corp].items() if h not in (IPO, POOL) and p}
        if not players:
            return (None, None)
        best = max(players.values())
        if old is not None and players.get(old, 0) >= best:
            return (None, None)
        if best < self.president_percent[corp]:
            return (None, None)
        candidates = [p for p, pct in players.items() if pct == best]
        new = min(candidates, key=lambda p: self.distance(old, p) if old else self.seating.index(p))
        self.president[corp] = new
        return (old, new)

    def would_change_president(self, corp: str, seller: str, percent: int) -> bool:
        if self.president.get(corp) != seller:
            return False
        remaining = self.percent(corp, seller) - percent
        others = [p for h, p in self.held[corp].items() if h not in (IPO, POOL, seller)]
        return bool(others) and max(others) > remaining

    def can_dump(self, corp: str, seller: str, percent: int) -> bool:
        """May ``seller`` sell ``percent`` (never putting the president's cert in the pool)?"""
        if self.president.get(corp) != seller:
            return True
        remaining = self.percent(corp, seller) - percent
        if remaining >= self.president_percent[corp]:
            return True
        others = [p for h, p in self.held[corp].items() if h not in (IPO, POOL, seller)]
        return bool(others) and max(others) >= self.president_percent[corp]
