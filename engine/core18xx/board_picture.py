"""The board drawn as the contract's geometry (``engine.contract_drawing``): the book's board
section with the routes of a run, the run form's picture of its best routes (the board around
them, each route along its track), and a tile alone at a rotation (a lay form's choice)."""
from __future__ import annotations

import threading
from functools import lru_cache

from engine.core18xx.board import Map, city_edges, neighbour, rotated, split_hex

# -- the picture (a ``board`` book section: geometry only, the companion draws it) ------------
SQ3 = 3 ** 0.5
UNIT = 20                      # a hex's corner radius in the picture's units
# the middle of each side, from the hex's centre (screen y grows downward)
SIDE_MID = {0: (-SQ3 / 4, 0.75), 1: (-SQ3 / 2, 0.0), 2: (-SQ3 / 4, -0.75),
            3: (SQ3 / 4, -0.75), 4: (SQ3 / 2, 0.0), 5: (SQ3 / 4, 0.75)}
CORNERS = [(0.0, -1.0), (SQ3 / 2, -0.5), (SQ3 / 2, 0.5), (0.0, 1.0), (-SQ3 / 2, 0.5),
           (-SQ3 / 2, -0.5)]


def _r(v: float) -> float:
    return round(v, 1)


def picture(board: Map, color: str, routes=(), only=None, title=None) -> dict:
    """The board as geometry for the book: each hex's outline and colour, its track (side to
    side through the centre, side to stop), its stops with their stations; ``routes``:
    [(label, ((hex, stop), ...), trail?, value?)] drawn over the track, along ``trail`` (the
    route's pieces of track, ``RouteFinder.track_of``) or, without one, stop to stop, each
    with its stops' places and its ``value`` (the train's revenue); ``only``: the hexes drawn
    (the board around a run), all when None."""
    from engine import contract as C
    names = tuple(board.hexes) if only is None else tuple(n for n in board.hexes if n in only)
    centre, width, height = _layout(names)
    spots, hexes, track, stops = {}, [], [], []
    for name, (cx, cy) in centre.items():
        outline, pieces, at, marks = _hex_drawn(board.hexes[name], cx, cy, color)
        hexes.append(outline)
        track.extend(pieces)
        for i, (mark, city) in enumerate(marks):
            spots[(name, i)] = at[i]
            stops.append({**mark, "tokens": board.city_tokens(name, city) if city is not None
                          else []})
    drawn = []
    for label, route, *more in routes:
        trail, value = (list(more) + [None, None])[:2]
        pts = [spots[n] for n in route if n in spots]
        if len(pts) < 2:
            continue
        if trail:
            d, at = "", None
            for h, a, b in trail:
                start, rest, end = _piece(centre[h], a, b, spots, h)
                d += ("" if start == at else f"M{start[0]} {start[1]}") + rest
                at = end
        else:
            d = "M" + "L".join(f"{_r(x)} {_r(y)}" for x, y in pts)
        drawn.append({"d": d, "label": label, "stops": [[_r(x), _r(y)] for x, y in pts],
                      **({"value": value} if value is not None else {})})
    return C.board("board", title or C.msg("book.board", "The board"), _r(width), _r(height),
                   hexes, track, stops, drawn)


@lru_cache(maxsize=64)
def _layout(names: tuple) -> tuple:
    """Where the hexes ``names`` are drawn: ({hex: its centre}, in drawing order, the
    picture's width, its height). The same for every board of a title (and every run form
    around the same hexes): worked out once for them. Never changed by its readers."""
    places = {}
    for name in names:
        letter, number = split_hex(name)
        places[name] = (number * SQ3 / 2 * UNIT, letter * 1.5 * UNIT)
    x0 = min(x for x, _ in places.values()) - UNIT
    y0 = min(y for _, y in places.values()) - UNIT
    centre = {name: (places[name][0] - x0, places[name][1] - y0)
              for name in sorted(places, key=split_hex)}
    width = max(x for x, _ in places.values()) - x0 + UNIT
    height = max(y for _, y in places.values()) - y0 + UNIT
    return centre, width, height


@lru_cache(maxsize=4096)
def _hex_drawn(hs, cx: float, cy: float, color: str) -> tuple:
    """One hex as a tile shows it (a shared ``HexState``, never changed once made) drawn
    centred on (cx, cy) in the phase's ``color``: (its outline, its pieces of track, where
    each stop is, each stop's mark without its stations and the stop's city number, as
    ``Map.stop_city`` counts them). A step changes a hex or two of a board: the others are
    drawn from here, shared by every picture that shows them so (never changed by its
    readers)."""
    from engine import contract as C
    outline = {"hex": hs.name, "color": hs.color if hs.color in C.BOARD_COLORS else "white",
               "points": _outline(cx, cy), **({"tile": hs.tile} if hs.tile else {})}
    pieces: list = []
    at = _hex_geometry(hs.stops, hs.paths, cx, cy, pieces)
    marks, cities = [], 0
    for i, s in enumerate(hs.stops):
        city = None
        if s.kind == "city":
            city, cities = cities, cities + 1
        marks.append(({"x": _r(at[i][0]), "y": _r(at[i][1]), "kind": s.kind,
                       **({"value": s.value(color)} if s.value(color) else {})}, city))
    return outline, tuple(pieces), tuple(at), tuple(marks)


def _piece(c: tuple, a, b, spots: dict, name: str) -> tuple:
    """One piece of a route's track inside a hex, from ``a`` to ``b``: (its start, the path on
    from there, its end); side to side through the centre, or to a stop."""
    def at(end):
        if end[0] == "e":
            dx, dy = SIDE_MID[end[1]]
            return _r(c[0] + dx * UNIT), _r(c[1] + dy * UNIT)
        x, y = spots[(name, end[1])]
        return _r(x), _r(y)
    start, end = at(a), at(b)
    if a[0] == b[0] == "e":
        return start, f"Q{_r(c[0])} {_r(c[1])} {end[0]} {end[1]}", end
    return start, f"L{end[0]} {end[1]}", end


def around(board: Map, trails) -> set[str]:
    """The hexes a picture of routes shows: those their track runs through and the ring of
    hexes next to them (the board around the run)."""
    used = {h for trail in trails for h, _, _ in trail}
    return {n for h in used for n in [h] + [neighbour(h, e) for e in range(6)]
            if n in board.hexes}


def _outline(cx: float, cy: float) -> list:
    return [[_r(cx + dx * UNIT), _r(cy + dy * UNIT)] for dx, dy in CORNERS]


def _hex_geometry(stops, paths, cx: float, cy: float, track: list) -> list:
    """Where each stop of a hex centred on (cx, cy) is drawn; its track added to ``track``
    (side to side through the centre, side to stop)."""
    edges = city_edges(stops, paths)
    at = []
    for i, s in enumerate(stops):
        es = edges.get(i) or set()
        if len(stops) > 1 and es:
            dx = sum(SIDE_MID[e][0] for e in es) / len(es)
            dy = sum(SIDE_MID[e][1] for e in es) / len(es)
            norm = max((dx * dx + dy * dy) ** 0.5, 1e-9)
            at.append((cx + dx / norm * 0.45 * UNIT, cy + dy / norm * 0.45 * UNIT))
        elif len(stops) > 1:
            at.append((cx + (i - (len(stops) - 1) / 2) * 0.8 * UNIT, cy))
        else:
            at.append((cx, cy))
    for a, b, _ in paths:
        pa, pb = _point(a, cx, cy, at), _point(b, cx, cy, at)
        if a[0] == b[0] == "e":
            track.append({"d": f"M{pa[0]} {pa[1]}Q{_r(cx)} {_r(cy)} {pb[0]} {pb[1]}"})
        else:
            track.append({"d": f"M{pa[0]} {pa[1]}L{pb[0]} {pb[1]}"})
    return at


@lru_cache(maxsize=None)
def _tile_picture(code: str, rotation: int, color: str) -> tuple:
    from engine import contract as C
    stops, paths = rotated(code, rotation)
    cx, cy = SQ3 / 2 * UNIT, UNIT
    track = []
    at = _hex_geometry(stops, paths, cx, cy, track)
    return (_r(SQ3 * UNIT), 2 * UNIT,
            [{"color": color if color in C.BOARD_COLORS else "white", "points": _outline(cx, cy)}],
            track,
            [{"x": _r(x), "y": _r(y), "kind": s.kind, "tokens": []}
             for s, (x, y) in zip(stops, at)])


def tile_picture(code: str, rotation: int, color: str) -> dict:
    """One tile alone at ``rotation`` as geometry (a ``picture`` of the contract: the board
    section's hex, track and stops): what a lay form draws for each rotation offered."""
    from engine import contract as C
    return C.picture(*_tile_picture(code, rotation, color))


def rotation_pictures(board: Map, tile_colors: dict, per_hex_tile: dict) -> dict:
    """The ``pictures`` of a lay's rotation param: for each tile offered (``per_hex_tile``:
    "hex,tile" -> rotations), each of its rotations drawn, keyed by tile then rotation."""
    out: dict = {}
    for key, rotations in per_hex_tile.items():
        tile = key.split(",", 1)[1]
        code = board.spec["tiles"][tile]
        mine = out.setdefault(tile, {})
        for r in rotations:
            if str(r) not in mine:
                mine[str(r)] = tile_picture(code, r, tile_colors.get(tile, "white"))
    return {"field": "tile", "map": out}


def _point(end, cx, cy, at):
    if end[0] == "e":
        dx, dy = SIDE_MID[end[1]]
        return _r(cx + dx * UNIT), _r(cy + dy * UNIT)
    x, y = at[end[1]]
    return _r(x), _r(y)


# the board drawn without routes, by what it shows (the title, the phase's colour, the tiles
# laid, the stations): the newest few kept, shared by the versions that show the same board
# (most steps change none of it). Never changed by its readers.
_DRAWN: dict = {}
_DRAWN_LOCK = threading.Lock()
DRAWN_KEEP = 64


def board_drawn(key: tuple, draw) -> dict:
    with _DRAWN_LOCK:
        got = _DRAWN.pop(key, None)
    if got is None:
        got = draw()
    with _DRAWN_LOCK:
        _DRAWN[key] = got                   # now the newest
        while len(_DRAWN) > DRAWN_KEEP:
            _DRAWN.pop(next(iter(_DRAWN)))
    return got
