"""The contract's drawings: a board section (``board``), a choice's small picture (``picture``)
and a network section (``network``), geometry only, drawn by the companion; and what a drawing
must be (``geometry_faults``, ``network_faults``, used by ``engine.contract.check_book``).

``board``: ``width``, ``height`` (its units), ``hexes: [{"hex": id, "color": one of
BOARD_COLORS, "points": [[x, y] * 6], "tile"?: tile name}]``, ``track: [{"d": path of M/L/Q
commands}]``, ``stops: [{"x", "y", "kind": "city" | "town" | "offboard", "value"?: int,
"tokens": [company ids]}]``, ``routes: [{"d", "label": text}]`` (the last run's routes, drawn
over the track).

A choice's ``pictures`` (a tile's rotations, each the tile turned so): each picture is
``{"width", "height", "hexes", "track", "stops"}`` as in ``board`` (a hex without its ``hex``
name). An entry's ``picture`` is a ``board`` section's drawing shown with the step (the run
form's best routes: the board around them, each route's ``label`` a message, its ``value`` the
train's revenue, its ``stops`` the [x, y] of the stops it counts); display only.

``network``: a picture of places joined by links, for a title whose board the app does not
know hex by hex (Age of Steam's register of links); the title lays the places out.
``width``, ``height`` (its units), ``places: [{"x", "y", "kind": "city" | "town" | "island",
"name": value (text), "tx": where its name is written across, "anchor": "start" | "middle" |
"end" (the name from there), "dy": the name's offset down}]``,
``links: [{"d": path of M/L/Q commands, "complete": bool, "tiles": int, "x", "y": where the
tile count is written, "owner": value (player) | None, "colour": the owner's seat index (the
companion's series colours, as the score chart's) | None, "label": message (the link in
words)}]``, ``dashed``: what a dashed line is (a message, for the legend). The companion
draws each link as a line in its owner's colour (an unfinished one dashed) with its tile
count, each place as a point with its name, and says the links in words (the SVG's
description)."""
from __future__ import annotations

import re

BOARD_COLORS = frozenset({"white", "yellow", "green", "brown", "gray", "red", "blue"})
BOARD_PATH = re.compile(r"^[MLQ][0-9MLQ .\-]*$")


def board(id: str, title: dict, width: float, height: float, hexes, track, stops,
          routes=()) -> dict | None:
    """A picture of the board (the ``board`` section): geometry only, drawn by the companion."""
    if not hexes:
        return None
    return {"kind": "board", "id": id, "title": title, "width": width, "height": height,
            "hexes": list(hexes), "track": list(track), "stops": list(stops),
            "routes": list(routes)}


def picture(width: float, height: float, hexes, track, stops) -> dict:
    """A small drawing of a choice (``pictures`` of a choice param): the ``board``
    section's geometry without a title."""
    return {"width": width, "height": height, "hexes": list(hexes), "track": list(track),
            "stops": list(stops)}


NETWORK_PLACES = ("city", "town", "island")
NETWORK_ANCHORS = ("start", "middle", "end")


def network(id: str, title: dict, width: float, height: float, places, links,
            dashed: dict) -> dict | None:
    """A picture of places and the links between them (the ``network`` section)."""
    if not places:
        return None
    return {"kind": "network", "id": id, "title": title, "width": width, "height": height,
            "places": list(places), "links": list(links), "dashed": dashed}


def network_faults(s: dict) -> list[str]:
    """What is wrong with a network section's geometry."""
    out = [] if all(isinstance(s.get(k), (int, float)) for k in ("width", "height")) else \
        ["a network has a width and a height"]
    for p in s.get("places") or []:
        if not (p.get("kind") in NETWORK_PLACES and p.get("anchor") in NETWORK_ANCHORS and
                all(isinstance(p.get(k), (int, float)) for k in ("x", "y", "tx", "dy"))):
            out.append("a place is {x, y, tx, dy, kind city/town/island, anchor, name}")
    for k in s.get("links") or []:
        if not (isinstance(k.get("d"), str) and BOARD_PATH.match(k["d"]) and
                isinstance(k.get("complete"), bool) and isinstance(k.get("tiles"), int) and
                (k.get("colour") is None or k["colour"] in range(6)) and
                all(isinstance(k.get(c), (int, float)) for c in ("x", "y"))):
            out.append("a link is {d: M/L/Q path, complete, tiles, x, y, owner, colour 0-5, "
                       "label}")
    return out


def geometry_faults(s: dict, named: bool = True) -> list[str]:
    """What is wrong with a drawing's geometry (``named``: each hex says which hex it is)."""
    out = []
    if not all(isinstance(s.get(k), (int, float)) for k in ("width", "height")):
        out.append("a board has a width and a height")
    for h in s.get("hexes") or []:
        if not ((isinstance(h.get("hex"), str) or not named) and h.get("color") in BOARD_COLORS
                and len(h.get("points") or []) == 6):
            out.append(f"a board hex is {{hex, color in {sorted(BOARD_COLORS)}, 6 points}}")
    for t in (s.get("track") or []) + (s.get("routes") or []):
        if not (isinstance(t.get("d"), str) and BOARD_PATH.match(t["d"])):
            out.append("a track or route path is M/L/Q commands and numbers")
    for st in s.get("stops") or []:
        if not (st.get("kind") in ("city", "town", "offboard") and
                isinstance(st.get("tokens", []), list)):
            out.append("a stop is {x, y, kind city/town/offboard, tokens}")
    return out


def pictures_faults(pics, keys) -> list[str]:
    """What is wrong with a choice's ``pictures`` (``keys``: the keys of its choices)."""
    if not (isinstance(pics, dict) and isinstance(pics.get("field"), str) and
            isinstance(pics.get("map"), dict) and
            all(isinstance(m, dict) for m in pics["map"].values())):
        return ["pictures is {field, map: {field key: {choice key: picture}}}"]
    faults = []
    for fk, m in pics["map"].items():
        for ck, pic in m.items():
            if ck not in keys:
                faults.append(f"a picture of {ck!r}, which is not a choice")
            elif not isinstance(pic, dict):
                faults.append("a picture is a dict")
            else:
                faults += [f"pictures[{fk}][{ck}]: {f}" for f in geometry_faults(pic, False)]
    return faults
