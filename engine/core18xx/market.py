"""The 2-D stock market.

Built from rows of codes as 18xx rulebooks print them: ``"95p"`` is a par
space of ¥95, ``""`` no space, and letters after the number name a zone
(the title maps zone letters to meanings, e.g. ``{"y": "no_cert_limit"}``).
Row 0 is the top row. Moves follow the usual 2-D rules: right (pay) and left
(withhold) along a row, down (sold) and up (sold out) along a column; pushed
past the end of a row a marker moves up instead, and past the left edge it
moves down. A move onto no space does not happen.

Each space keeps the order in which markers arrived: operating order is
higher price first, then the space further right, then the higher row, then
the marker that arrived first (as 18xx.games orders them).
"""
from __future__ import annotations

import re

_CODE = re.compile(r"^(\d+)([a-z]*)$")


class StockMarket:
    def __init__(self, rows: list[list[str]], zones: dict[str, str] | None = None):
        self.prices: list[list[int | None]] = []
        self.types: dict[tuple[int, int], set[str]] = {}
        self.par_spaces: list[tuple[int, int]] = []
        zones = zones or {}
        for r, row in enumerate(rows):
            out = []
            for c, code in enumerate(row):
                m = _CODE.match(code.strip()) if code else None
                if not m:
                    out.append(None)
                    continue
                out.append(int(m.group(1)))
                kinds = set()
                for letter in m.group(2):
                    if letter == "p":
                        self.par_spaces.append((r, c))
                    elif letter in zones:
                        kinds.add(zones[letter])
                if kinds:
                    self.types[(r, c)] = kinds
            self.prices.append(out)
        self.par_spaces.sort(key=lambda rc: -self.prices[rc[0]][rc[1]])
        self.pos: dict[str, tuple[int, int]] = {}          # corporation -> (row, col)
        self.stacks: dict[tuple[int, int], list[str]] = {}  # space -> markers, first arrived first

    # -- reading ---------------------------------------------------------------------------
    def cell(self, r: int, c: int) -> int | None:
        if r < 0 or c < 0 or r >= len(self.prices) or c >= len(self.prices[r]):
            return None
        return self.prices[r][c]

    def price(self, corp: str) -> int:
        r, c = self.pos[corp]
        return self.prices[r][c]

    def par_prices(self) -> list[int]:
        return [self.prices[r][c] for r, c in self.par_spaces]

    def par_space(self, price: int) -> tuple[int, int] | None:
        for r, c in self.par_spaces:
            if self.prices[r][c] == price:
                return (r, c)
        return None

    def in_zone(self, corp: str, zone: str) -> bool:
        return corp in self.pos and zone in self.types.get(self.pos[corp], ())

    def sort_key(self, corp: str) -> tuple:
        r, c = self.pos[corp]
        return (-self.prices[r][c], -c, r, self.stacks[(r, c)].index(corp), corp)

    # -- moving ----------------------------------------------------------------------------
    def place(self, corp: str, rc: tuple[int, int]) -> None:
        if corp in self.pos:
            self.stacks[self.pos[corp]].remove(corp)
        self.pos[corp] = rc
        self.stacks.setdefault(rc, []).append(corp)

    def remove(self, corp: str) -> None:
        if corp in self.pos:
            self.stacks[self.pos.pop(corp)].remove(corp)

    def _to(self, corp: str, rc: tuple[int, int]) -> bool:
        if self.cell(*rc) is None or rc == self.pos[corp]:
            return False
        self.place(corp, rc)
        return True

    def _up(self, rc):
        r, c = rc
        return (r - 1, c) if r - 1 >= 0 else (r, c)

    def _down(self, rc):
        r, c = rc
        return (r + 1, c) if r + 1 < len(self.prices) else (r, c)

    def _right(self, rc):
        r, c = rc
        if c + 1 >= len(self.prices[r]):
            return self._up(rc)
        return (r, c + 1)

    def _left(self, rc):
        r, c = rc
        if c > 0 and self.cell(r, c - 1) is not None:
            return (r, c - 1)
        return self._down(rc)

    def move(self, corp: str, direction: str, times: int = 1) -> bool:
        step = {"up": self._up, "down": self._down, "left": self._left,
                "right": self._right}[direction]
        moved = False
        for _ in range(times):
            moved = self._to(corp, step(self.pos[corp])) or moved
        return moved

    def price_after(self, corp: str, direction: str, times: int = 1) -> int:
        """The price ``move(corp, direction, times)`` would leave ``corp`` at (nothing moves):
        what a form says before the step counts."""
        step = {"up": self._up, "down": self._down, "left": self._left,
                "right": self._right}[direction]
        rc = self.pos[corp]
        for _ in range(times):
            nxt = step(rc)
            if self.cell(*nxt) is not None:
                rc = nxt
        return self.cell(*rc)
