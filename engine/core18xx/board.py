"""The board as data and geometry: hexes on a pointy-topped grid, what each tile carries
(cities, towns, offboards and the track between them and the hex's edges) by rotation, and
the company's reach over it. Used when a title declares a map (``MAP``); a title without one
keeps hexes typed and revenue entered.

A title's ``MAP`` is ``{"printed": {hex: code}, "tiles": {tile: code}, "borders": {hex:
[edges]}, "groups": {hex: name}}``. A code is a short text of ``;``-separated parts, in the
order the printed hex or the tile names its stops:

- ``c20x1`` a city worth 20 with one station slot; ``c20/30/40/50x2`` a phased city (values for
  yellow/green/brown/gray phases); ``t10`` a town; ``o40`` an offboard; ``v0`` after any of
  them: costs no range (default 1);
- ``1-3`` track between edges 1 and 3; ``0-a`` track from edge 0 to the first stop (``b`` the
  second, ...); ``0-a!`` such track is terminal: a route may end there, never pass.

Edges are numbered clockwise from the lower-left side (0 lower-left, 1 left, 2 upper-left,
3 upper-right, 4 right, 5 lower-right); a tile laid with rotation r turns each edge e of its
code into (e + r) mod 6. Hexes are named letter (row) + number (column); in one row
neighbours differ by 2.
"""
from __future__ import annotations

from functools import lru_cache

from engine.errors import GameError

# edge -> (delta number, delta letter)
EDGE_DELTA = {0: (-1, 1), 1: (-2, 0), 2: (-1, -1), 3: (1, -1), 4: (2, 0), 5: (1, 1)}
PHASE_COLORS = ("yellow", "green", "brown", "gray")
SOLID_COLORS = ("blue", "gray", "red")     # only open on an edge where their own track runs


def split_hex(name: str) -> tuple[int, int]:
    return ord(name[0]) - ord("A"), int(name[1:])


def hex_name(letter: int, number: int) -> str:
    return f"{chr(ord('A') + letter)}{number}"


@lru_cache(maxsize=None)
def neighbour(name: str, edge: int) -> str:
    letter, number = split_hex(name)
    dn, dl = EDGE_DELTA[edge]
    return hex_name(letter + dl, number + dn)


class Stop:
    """A city, town or offboard on a tile."""
    __slots__ = ("kind", "revenue", "slots", "visit")

    def __init__(self, kind: str, revenue, slots: int, visit: int):
        self.kind, self.revenue, self.slots, self.visit = kind, revenue, slots, visit

    def value(self, color: str) -> int:
        if isinstance(self.revenue, int):
            return self.revenue
        return self.revenue[PHASE_COLORS.index(color)]


@lru_cache(maxsize=None)
def parse(code: str) -> tuple[tuple[Stop, ...], tuple[tuple, ...]]:
    """``code`` -> (stops, paths at rotation 0). A path is (end, end, terminal); an end is
    ("e", edge) or ("n", stop index)."""
    stops, paths = [], []
    for part in (p.strip() for p in code.split(";")):
        if not part:
            continue
        if part[0] in "cto":
            kind = {"c": "city", "t": "town", "o": "offboard"}[part[0]]
            body, visit = part[1:], 1
            if "v" in body:
                body, v = body.split("v")
                visit = int(v)
            slots = 0
            if "x" in body:
                body, s = body.split("x")
                slots = int(s)
            rev = tuple(int(x) for x in body.split("/")) if "/" in body else int(body or 0)
            stops.append(Stop(kind, rev, slots, visit))
            continue
        terminal = part.endswith("!")
        a, b = part.rstrip("!").split("-")
        paths.append((_end(a), _end(b), terminal))
    return tuple(stops), tuple(paths)


def _end(text: str) -> tuple:
    return ("e", int(text)) if text.isdigit() else ("n", ord(text) - ord("a"))


def turned(rotation: int) -> str:
    """A rotation as the table sees it: the tile turned clockwise from its drawing, a side at
    a time (edge e becomes e + rotation)."""
    return "not turned" if not rotation else \
        f"turned {rotation} side{'s' if rotation > 1 else ''} clockwise"


@lru_cache(maxsize=None)
def rotated(code: str, rotation: int) -> tuple[tuple[Stop, ...], tuple[tuple, ...]]:
    stops, paths = parse(code)

    def turn(end):
        return ("e", (end[1] + rotation) % 6) if end[0] == "e" else end
    return stops, tuple((turn(a), turn(b), t) for a, b, t in paths)


def exits(paths) -> set[int]:
    return {end[1] for p in paths for end in p[:2] if end[0] == "e"}


def city_edges(stops, paths) -> dict[int, set[int]]:
    """Stop index -> the edges its track reaches directly."""
    out = {i: set() for i in range(len(stops))}
    for a, b, _ in paths:
        for x, y in ((a, b), (b, a)):
            if x[0] == "n" and y[0] == "e":
                out[x[1]].add(y[1])
    return out


class HexState:
    """What one hex shows now: its stops and rotated track."""
    __slots__ = ("name", "color", "stops", "paths", "by_edge", "by_stop", "tile")

    def __init__(self, name, color, code, rotation, tile):
        self.name, self.color, self.tile = name, color, tile
        self.stops, self.paths = rotated(code, rotation) if code else ((), ())
        self.by_edge: dict[int, list] = {}
        self.by_stop: dict[int, list] = {}
        for p in self.paths:
            for end in p[:2]:
                (self.by_edge if end[0] == "e" else self.by_stop).setdefault(end[1], []).append(p)


@lru_cache(maxsize=None)
def hex_state(name: str, color: str, code: str, rotation: int, tile: str | None) -> HexState:
    """A hex as a tile shows it (shared: a HexState is never changed once made)."""
    return HexState(name, color, code, rotation, tile)


class Map:
    """The board as it stands: the title's map data, the tiles laid and the tokens."""

    def __init__(self, spec: dict, hexes: dict, tiles: dict, laid: dict, tokens: dict):
        self.spec, self.tile_specs = spec, tiles
        self.tokens = tokens
        self.hexes: dict[str, HexState] = {}
        for name, hx in hexes.items():
            if name in laid:
                tile, rot = laid[name]
                self.hexes[name] = hex_state(name, tiles[tile]["color"], spec["tiles"][tile],
                                             rot, tile)
            else:
                self.hexes[name] = hex_state(name, hx["color"], spec["printed"].get(name, ""), 0,
                                             None)
        self.borders = {h: set(es) for h, es in spec.get("borders", {}).items()}
        self.groups = spec.get("groups", {})

    # -- geometry ---------------------------------------------------------------------------
    def across(self, name: str, edge: int) -> str | None:
        """The hex over ``edge`` of ``name``, if there is one and no border shuts the edge."""
        if edge in self.borders.get(name, ()):
            return None
        other = neighbour(name, edge)
        if other not in self.hexes or (edge + 3) % 6 in self.borders.get(other, ()):
            return None
        return other

    def open_edge(self, name: str, edge: int) -> bool:
        """Track may run from ``name`` over ``edge`` (:func:`open_over`)."""
        return open_over(self.sides(name)[edge], edge)

    # -- stations ---------------------------------------------------------------------------
    def city_tokens(self, name: str, city: int) -> list[str]:
        return [c for c, i in self.tokens.get(name, []) if i == city]

    def city_stop(self, name: str, city: int) -> int | None:
        """The stop index of the hex's ``city``-th city."""
        cities = [i for i, s in enumerate(self.hexes[name].stops) if s.kind == "city"]
        return cities[city] if 0 <= city < len(cities) else None

    def stop_city(self, name: str, stop: int) -> int | None:
        cities = [i for i, s in enumerate(self.hexes[name].stops) if s.kind == "city"]
        return cities.index(stop) if stop in cities else None

    def passable(self, corp: str, name: str, stop: int) -> bool:
        """A route or a company's reach may go on through this stop."""
        hs = self.hexes[name]
        s = hs.stops[stop]
        if s.kind == "offboard":
            return False
        if any(p[2] for p in hs.by_stop.get(stop, ())):
            return False
        if s.kind == "city":
            city = self.stop_city(name, stop)
            held = self.city_tokens(name, city)
            if len(held) >= s.slots and corp not in held:
                return False
        return True

    def token_stops(self, corp: str) -> list[tuple[str, int]]:
        """The (hex, stop) of each of the company's stations."""
        out = []
        for name, ts in self.tokens.items():
            for c, city in ts:
                if c == corp and name in self.hexes:
                    stop = self.city_stop(name, city)
                    if stop is not None:
                        out.append((name, stop))
        return out

    def reach(self, corp: str) -> tuple[set, set]:
        """(stops, edges) the company reaches from its stations: stops as (hex, stop), edges as
        (hex, edge) — on both sides of each edge crossed, so a hex with no track yet is
        reached on the edges that face the company's track. (A Map is the board of one
        moment: worked out once per company.)"""
        cache = self.__dict__.setdefault("_reached", {})
        if corp not in cache:
            cache[corp] = self._reach(corp)
        return cache[corp]

    def reached_hexes(self, corp: str) -> set[str]:
        """The hexes a lay of the company may connect on: a side reached, or its station."""
        return {h for h, _ in self.reach(corp)[1]} | {h for h, _ in self.token_stops(corp)}

    def _reach(self, corp: str) -> tuple[set, set]:
        stops, edges = set(), set()
        todo = []
        for node in self.token_stops(corp):
            if node not in stops:
                stops.add(node)
                todo.append(("start", node[0], node[1]))
        seen = set()
        while todo:
            kind, name, x = todo.pop()
            if (kind, name, x) in seen:
                continue
            seen.add((kind, name, x))
            hs = self.hexes[name]
            if kind in ("n", "start"):
                # a station's own city is where track starts; other stops must let it through
                if kind == "n" and not self.passable(corp, name, x):
                    continue
                paths = hs.by_stop.get(x, ())
                here = ("n", x)
            else:
                paths = hs.by_edge.get(x, ())
                here = ("e", x)
            for a, b, terminal in paths:
                other = b if a == here else a
                if other[0] == "n":
                    stops.add((name, other[1]))
                    if not terminal:
                        todo.append(("n", name, other[1]))
                    continue
                e = other[1]
                edges.add((name, e))
                nxt = self.across(name, e)
                if nxt is None:
                    continue
                back = (e + 3) % 6
                edges.add((nxt, back))
                todo.append(("e", nxt, back))
        return stops, edges

    # -- tile lays ------------------------------------------------------------------------
    def sides(self, name: str) -> tuple:
        """What lies over each edge of ``name`` (``across``): the hex as it shows now, or None
        (off the map, a border). Worked out once per hex of this Map."""
        cache = self.__dict__.setdefault("_sides", {})
        got = cache.get(name)
        if got is None:
            got = cache[name] = tuple(self.hexes[o] if (o := self.across(name, e)) else None
                                      for e in range(6))
        return got

    def lay_reach(self, corp: str, name: str) -> tuple | None:
        """What a lay of the company on ``name`` connects to (``_lay_fault``'s ``reach``):
        None when it need not connect (the company's station is on the hex), else the
        edges of the hex it reaches and the stops on it it reaches, each a sorted tuple."""
        cache = self.__dict__.setdefault("_lay_reach", {})
        by_hex = cache.get(corp)
        if by_hex is None:
            stops, edges = self.reach(corp)
            found: dict[str, tuple[set, set]] = {}
            for h, e in edges:
                found.setdefault(h, (set(), set()))[0].add(e)
            for h, i in stops:
                found.setdefault(h, (set(), set()))[1].add(i)
            by_hex = {h: (tuple(sorted(es)), tuple(sorted(ss))) for h, (es, ss) in found.items()}
            for h, _ in self.token_stops(corp):
                by_hex[h] = None
            cache[corp] = by_hex
        return by_hex.get(name, ((), ()))

    def check_lay(self, corp: str, name: str, tile: str, rotation: int, *,
                  connect: bool = True, own_track: bool = False) -> None:
        """Refuse a lay the board does not allow (``GameError`` saying why): track off the
        map or through a blocked edge, an upgrade that drops track, new track the company
        does not reach (unless ``connect`` is off: a private's unconnected lay).
        ``own_track``: a private's own tile that opens its own sea or off-board edges."""
        code = self.spec["tiles"].get(tile)
        if code is None:
            raise GameError("tile_no_track", f"The map knows no track for tile #{tile}.",
                            tile=tile)
        fault = _lay_fault(code, rotation, self.hexes[name], self.sides(name), own_track,
                           self.lay_reach(corp, name) if connect else None)
        if fault is None:
            return
        kind, e = fault
        if kind == "track_off_board":
            raise GameError("track_off_board",
                            f"Tile #{tile} on {name}, {turned(rotation)}, runs track off "
                            f"the map or into a blocked edge (side {e}).",
                            hex=name, tile=tile, rotation=rotation, edge=e)
        if kind == "track_not_kept":
            raise GameError("track_not_kept",
                            f"Tile #{tile}, {turned(rotation)}, does not keep the track "
                            f"already on {name} (side {e}).",
                            hex=name, tile=tile, rotation=rotation, edge=e)
        raise GameError("track_unconnected",
                        f"{corp}'s track does not reach the new track of tile #{tile} on "
                        f"{name}, {turned(rotation)}.",
                        corporation=corp, hex=name, tile=tile, rotation=rotation)

    @staticmethod
    def dropped_track(old: HexState, stops, paths) -> int | None:
        """An edge of the old track the new tile does not keep (None when all is kept): plain
        track stays between the same two edges; track into a stop stays track into a stop
        of the same kind, each old stop's edges inside one new stop's."""
        plain = {frozenset((a[1], b[1])) for a, b, _ in paths if a[0] == b[0] == "e"}
        for a, b, _ in old.paths:
            if a[0] == b[0] == "e" and frozenset((a[1], b[1])) not in plain:
                return a[1]
        new_edges = city_edges(stops, paths)
        for i, edges in city_edges(old.stops, old.paths).items():
            if not edges:
                continue
            kind = old.stops[i].kind
            if not any(stops[j].kind == kind and edges <= new_edges[j]
                       for j in range(len(stops))):
                return min(edges)
        return None

    def lay_rotations(self, corp: str, name: str, tile: str, *, connect: bool = True,
                      own_track: bool = False) -> list[int]:
        """The rotations of ``tile`` the board allows on ``name`` (distinct track only)."""
        return list(_lay_fits(self.spec["tiles"][tile], self.hexes[name], self.sides(name),
                              own_track, self.lay_reach(corp, name) if connect else None))

    def moved_tokens(self, name: str, tile: str, rotation: int) -> list[tuple[str, int]]:
        """The hex's tokens on the new tile: each stays in the new city that holds its old
        city's track (a city with no track yet keeps its place, or the one city)."""
        old = self.hexes[name]
        stops, paths = rotated(self.spec["tiles"][tile], rotation)
        new_cities = [i for i, s in enumerate(stops) if s.kind == "city"]
        new_edges = city_edges(stops, paths)
        old_edges = city_edges(old.stops, old.paths)
        out = []
        for corp, city in self.tokens.get(name, []):
            stop = self.city_stop(name, city)
            edges = old_edges.get(stop, set()) if stop is not None else set()
            target = next((k for k, j in enumerate(new_cities) if edges and edges <= new_edges[j]),
                          None)
            if target is None:
                target = city if city < len(new_cities) else 0
            out.append((corp, target))
        return out

    # -- stations -------------------------------------------------------------------------
    def check_token(self, corp: str, name: str, city: int) -> None:
        stop = self.city_stop(name, city)
        if stop is None:
            raise GameError("no_city_there", f"{name} shows no city {city} now.", hex=name,
                            city=city)
        s = self.hexes[name].stops[stop]
        if len(self.city_tokens(name, city)) >= s.slots:
            raise GameError("city_full", f"The city on {name} has no free station slot.",
                            hex=name, city=city)
        stops, _ = self.reach(corp)
        if (name, stop) not in stops:
            raise GameError("city_not_reached",
                            f"{corp}'s track does not reach the city on {name}.",
                            corporation=corp, hex=name, city=city)

    def token_options(self, corp: str) -> dict[str, list[int]]:
        """Hex -> cities the company reaches with a free slot (none on a hex it holds)."""
        stops, _ = self.reach(corp)
        out = {}
        for name, stop in sorted(stops):
            if any(c == corp for c, _ in self.tokens.get(name, [])):
                continue
            s = self.hexes[name].stops[stop]
            city = self.stop_city(name, stop)
            if s.kind == "city" and len(self.city_tokens(name, city)) < s.slots:
                out.setdefault(name, []).append(city)
        return out


    def home_city(self, name: str, city: int) -> int:
        """The city a home station takes on the hex as it is now: the one that holds the
        printed city's track (the printed city itself while no tile is laid)."""
        hs = self.hexes[name]
        if hs.tile is None:
            return city
        printed = HexState(name, "", self.spec["printed"].get(name, ""), 0, None)
        pcities = [i for i, s in enumerate(printed.stops) if s.kind == "city"]
        edges = city_edges(printed.stops, printed.paths).get(pcities[city], set()) \
            if city < len(pcities) else set()
        now = city_edges(hs.stops, hs.paths)
        cities = [i for i, s in enumerate(hs.stops) if s.kind == "city"]
        for k, j in enumerate(cities):
            if edges and edges <= now[j]:
                return k
        return city if city < len(cities) else 0


def open_over(other: HexState | None, edge: int) -> bool:
    """Track may run over a hex's ``edge`` to ``other``, what lies across it (``Map.sides``): a
    hex is there, no border, and a blue, gray or red hex there has track of its own on that
    edge."""
    return other is not None and (other.color not in SOLID_COLORS or
                                  (edge + 3) % 6 in other.by_edge)


def _lay_fault(code: str, rotation: int, hs: HexState, sides: tuple, own_track: bool,
               reach: tuple | None) -> tuple | None:
    """Why the board refuses track ``code`` at ``rotation`` on a hex showing ``hs``, as
    (the refusal's code, the edge at fault), or None when it allows it. What it depends on
    is all in its arguments (``Map.check_lay`` says the rules): ``sides``, what lies over
    each edge (``Map.sides``); ``reach``, the company's reach on the hex (``Map.lay_reach``),
    None when the lay need not connect."""
    stops, paths = rotated(code, rotation)
    new_exits = exits(paths)
    for e in sorted(new_exits):
        if sides[e] is None if own_track else not open_over(sides[e], e):
            return "track_off_board", e
    lost = Map.dropped_track(hs, stops, paths)
    if lost is not None:
        return "track_not_kept", lost
    if reach is None:
        return None
    here, reached_stops = reach
    # inside the new tile, track reached from a reached side or a reached stop
    old_edges = city_edges(hs.stops, hs.paths)
    new_edges = city_edges(stops, paths)
    live = {("e", e) for e in here}
    for i in reached_stops:
        if old_edges.get(i):
            live |= {("n", j) for j in new_edges if old_edges[i] <= new_edges[j]}
    grew = True
    while grew:
        grew = False
        for a, b, _ in paths:
            if (a in live) != (b in live):
                live |= {a, b}
                grew = True
    added = new_exits - exits(hs.paths)
    if not {e for e in (added or new_exits) if ("e", e) in live}:
        return "track_unconnected", None
    return None


# The rotations a lay form offers for a tile on a hex, by all they depend on (the hex, what
# lies around it, the company's reach on it): the same on most versions and in many games, so
# kept, the most recently asked. Never changed by their readers (tuples).
LAY_FITS_KEPT = 16384


@lru_cache(maxsize=LAY_FITS_KEPT)
def _lay_fits(code: str, hs: HexState, sides: tuple, own_track: bool,
              reach: tuple | None) -> tuple:
    """The rotations of track ``code`` the board allows (``_lay_fault``), one of each
    distinct track."""
    out, seen = [], set()
    for r in range(6):
        shape = frozenset((a, b) for a, b, _ in rotated(code, r)[1])
        if shape in seen:
            continue
        seen.add(shape)
        if _lay_fault(code, r, hs, sides, own_track, reach) is None:
            out.append(r)
    return tuple(out)
