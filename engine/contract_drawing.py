"""The contract's drawings: a board section (``board``) and a choice's small picture
(``picture``), geometry only, drawn by the companion; and what a drawing must be
(``geometry_faults``, used by ``engine.contract.check_geometry``)."""
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
