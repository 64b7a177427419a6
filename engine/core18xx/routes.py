"""Routes and the best revenue of a company's trains on the mirrored board (``board.Map``).

A route is a chain of stops joined by track; every city, town and offboard it touches is a
stop and pays. The rules (1888-N's player aid, ``shared/seeds/003``, and
``shared/reference/1888-N-board.md`` §5, where the aid is silent):

- a train's length counts its stops' range (1 each; the harbour costs none);
- at least two stops, one a city holding the company's station;
- no stop twice in a route; no piece of track (a hex side inside a hex) twice in the
  company's run, across all its trains;
- offboards, terminal track (Changchun) and cities filled by other companies' stations only
  end a route, never pass;
- one stop per offboard group (Baotou's two hexes);
- the destination bonus per route with a stop on the home hex and one on the destination;
- a stop on the mine hex earns the treasury a subsidy (kept apart from revenue).

The search is exact: every route of every train is enumerated, and the best set of routes
that share no track is found by branch and bound over them (no cut-off).
"""
from __future__ import annotations


class Route:
    """One train's route: ``stops`` ((hex, stop index), ...) in running order, ``mask`` the
    track it uses (one bit per hex side), its ``length`` in range, ``revenue`` (stops and
    destination bonus) and ``subsidy`` (to the treasury, apart)."""
    __slots__ = ("stops", "mask", "length", "revenue", "subsidy", "score")

    def __init__(self, stops, mask, length, revenue, subsidy):
        self.stops, self.mask, self.length = stops, mask, length
        self.revenue, self.subsidy = revenue, subsidy
        # the most revenue first; between equal revenues, the subsidy too (the treasury's gain
        # at no cost to the revenue the table must claim)
        self.score = revenue * 1000 + subsidy

    def __eq__(self, other):
        return isinstance(other, Route) and self.stops == other.stops and \
            self.mask == other.mask

    def __hash__(self):
        return hash((self.stops, self.mask))

    def __repr__(self):
        return f"Route({'-'.join(self.nodes())}, {self.revenue})"

    def hexes(self) -> list[str]:
        return [h for h, _ in self.stops]

    def nodes(self) -> list[str]:
        return [f"{h}-{i}" for h, i in self.stops]


class RouteFinder:
    """All routes of one company on one board in one phase."""

    def __init__(self, board, corp: str, color: str, *, home: str | None = None,
                 destination: tuple[str, int] | None = None,
                 subsidy: tuple[str, int] | None = None):
        self.board, self.corp, self.color = board, corp, color
        self.home, self.destination, self.subsidy = home, destination, subsidy
        self.bits: dict = {}
        self.trails: dict = {}
        self.own = set(board.token_stops(corp))
        self.segments = self._segments()
        self._by_distance: dict[int, list[Route]] = {}

    def _bit(self, key) -> int:
        b = self.bits.get(key)
        if b is None:
            b = self.bits[key] = 1 << len(self.bits)
        return b

    def _segments(self) -> dict:
        """Stop -> [(next stop, track mask)]: every way along track to the next stop (and in
        ``trails`` the pieces of track each way runs on, for drawing)."""
        board = self.board
        out = {}
        for name, hs in board.hexes.items():
            for i in range(len(hs.stops)):
                segs, start = [], (name, i)
                for a, b, _ in hs.by_stop.get(i, ()):
                    other = b if a == ("n", i) else a
                    if other[0] == "n":
                        bit = self._bit((name, "p", a, b))
                        segs.append(((name, other[1]), bit))
                        self.trails[(start, (name, other[1]), bit)] = ((name, ("n", i), other),)
                    else:
                        self._walk(start, name, other[1], self._bit((name, other[1])), segs,
                                   ((name, ("n", i), other),))
                out[start] = segs
        return out

    def _walk(self, start, name: str, edge: int, mask: int, segs: list, trail: tuple) -> None:
        nxt = self.board.across(name, edge)
        if nxt is None:
            return
        back = (edge + 3) % 6
        bit = self._bit((nxt, back))
        if mask & bit:
            return
        mask |= bit
        hs = self.board.hexes[nxt]
        for a, b, _ in hs.by_edge.get(back, ()):
            other = b if a == ("e", back) else a
            here = trail + ((nxt, ("e", back), other),)
            if other[0] == "n":
                segs.append(((nxt, other[1]), mask))
                self.trails[(start, (nxt, other[1]), mask)] = here
            else:
                ebit = self._bit((nxt, other[1]))
                if not mask & ebit:
                    self._walk(start, nxt, other[1], mask | ebit, segs, here)

    def track_of(self, route: Route) -> list[tuple]:
        """The pieces of track ``route`` runs on, in order: (hex, from, to) as a tile's path
        in running order (an end is ("e", side) or ("n", stop))."""
        out = []
        for a, b in zip(route.stops, route.stops[1:]):
            smask = next(m for n, m in self.segments[a] if n == b and not m & ~route.mask)
            out.extend(self.trails[(a, b, smask)])
        return out

    def routes(self, distance: int) -> list[Route]:
        """Every legal route of a train of ``distance`` stops, best first."""
        if distance in self._by_distance:
            return self._by_distance[distance]
        board, corp = self.board, self.corp
        hexes = board.hexes
        nodes = list(self.segments)
        passable = {n: board.passable(corp, *n) for n in nodes}
        visit = {n: hexes[n[0]].stops[n[1]].visit for n in nodes}
        value = {n: hexes[n[0]].stops[n[1]].value(self.color) for n in nodes}
        own = self.own
        group = {n: board.groups.get(n[0]) for n in nodes}
        home = self.home
        dest, bonus = self.destination or (None, 0)
        sub_hex, sub = self.subsidy or (None, 0)
        segments = self.segments
        found: list[Route] = []
        keep = found.append

        def grow(path, on_route, mask, length, revenue, groups):
            last = path[-1]
            if len(path) >= 2:
                if path[0] < last and any(n in own for n in path):
                    on = {h for h, _ in path}
                    rev = revenue + (bonus if dest in on and home in on else 0)
                    keep(Route(tuple(path), mask, length, rev, sub if sub_hex in on else 0))
                if not passable[last]:
                    return
            for nxt, smask in segments[last]:
                if smask & mask or nxt in on_route:
                    continue
                ln = length + visit[nxt]
                if ln > distance:
                    continue
                g = group[nxt]
                if g and g in groups:
                    continue
                on_route.add(nxt)
                path.append(nxt)
                grow(path, on_route, mask | smask, ln, revenue + value[nxt],
                     groups | {g} if g else groups)
                path.pop()
                on_route.discard(nxt)

        for start in nodes:
            if segments[start] and visit[start] <= distance:
                g = group[start]
                grow([start], {start}, 0, visit[start], value[start],
                     frozenset((g,)) if g else frozenset())
        found.sort(key=lambda r: -r.score)
        self._by_distance[distance] = found
        return found

    def best(self, distances: list[int], mine: list | None = None
             ) -> tuple[int, list[Route | None]]:
        """The most revenue the trains can earn together, and a route per train (None: the
        train does not run); of equal revenues, the one with the most subsidy. Exact: branch
        and bound over every route of every train (scored revenue, then subsidy).
        ``mine``: per train, True (its route must stop where the subsidy is paid), False (it
        must not), None (either way)."""
        order = sorted(range(len(distances)), key=lambda k: -distances[k])
        options = []
        for k in order:
            opts = self.routes(distances[k])
            want = mine[k] if mine else None
            if want is not None:
                opts = [r for r in opts if bool(r.subsidy) == want]
            options.append(opts)
        must = [bool(mine and mine[k]) for k in order]
        tops = [opts[0].score if opts else 0 for opts in options]
        bound_after = [sum(tops[k:]) for k in range(len(tops) + 1)]
        best_total, best_pick = -1, [None] * len(order)
        pick = [None] * len(order)

        def search(k, mask, total):
            nonlocal best_total, best_pick
            if total + bound_after[k] <= best_total:
                return
            if k == len(order):
                best_total, best_pick = total, list(pick)
                return
            for r in options[k]:
                if total + r.score + bound_after[k + 1] <= best_total:
                    break          # sorted best first: nothing further can beat it
                if r.mask & mask:
                    continue
                pick[k] = r
                search(k + 1, mask | r.mask, total + r.score)
            pick[k] = None
            if not must[k]:    # a train that must stop on the mine cannot stay home
                search(k + 1, mask, total)

        search(0, 0, 0)
        out: list[Route | None] = [None] * len(distances)
        for slot, k in enumerate(order):
            out[k] = best_pick[slot]
        return sum(r.revenue for r in out if r is not None), out
