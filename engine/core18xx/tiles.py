"""The tile manifest and what lies on each hex.

Title data: ``TILES`` maps a tile name to ``{"color", "count", "feature",
"label"}``; ``HEXES`` maps a hex to ``{"color", "feature", "cost", "label"}``
for its pre-printed state (``color`` "white" for an empty hex). ``feature``
names what a tile must keep on an upgrade (``"plain"``, ``"town"``,
``"2towns"``, ``"city"``, ``"OO"``, ...).

A lay is recorded as hex + tile + rotation; the book checks the colour
order, the phase's colours, the feature and label, and the manifest's
counts, and says what the terrain costs: the hex's printed cost is paid
when the printed hex is first covered (or first upgraded, for printed
yellow hexes that carry a cost).
"""
from __future__ import annotations

from engine.errors import GameError

COLOR_ORDER = ["white", "yellow", "green", "brown", "gray"]


class Board:
    def __init__(self, hexes: dict[str, dict], tiles: dict[str, dict]):
        self.supply: dict[str, int] = {name: t["count"] for name, t in tiles.items()}
        self.laid: dict[str, tuple[str, int]] = {}   # hex -> (tile, rotation)
        self.tokens: dict[str, list[tuple[str, int]]] = {}  # hex -> [(corp, city)]

    def current_color(self, hexes, tiles, hex_id: str) -> str:
        if hex_id in self.laid:
            return tiles[self.laid[hex_id][0]]["color"]
        return hexes[hex_id]["color"]

    def check_lay(self, hexes, tiles, hex_id: str, tile: str, rotation, phase_colors,
                  special: bool = False) -> int:
        """Validate a lay; return the terrain cost it would pay (before any waiver)."""
        if hex_id not in hexes:
            raise GameError("unknown_hex", f"There is no hex {hex_id} on this map.", hex=hex_id)
        if tile not in tiles:
            raise GameError("unknown_tile", f"There is no tile {tile} in this game's manifest.",
                            tile=tile)
        if not isinstance(rotation, int) or isinstance(rotation, bool) or not 0 <= rotation <= 5:
            raise GameError("bad_rotation", "A rotation is a whole number from 0 to 5.",
                            rotation=rotation)
        if self.supply.get(tile, 0) <= 0:
            raise GameError("tile_unavailable", f"All tiles #{tile} are on the board already.",
                            tile=tile)
        spec, hx = tiles[tile], hexes[hex_id]
        color = spec["color"]
        if not special:
            if color not in phase_colors:
                raise GameError("tile_color_unavailable",
                                f"{color.capitalize()} tiles are not available yet "
                                f"(this phase allows {', '.join(phase_colors)}).",
                                tile=tile, color=color, allowed=list(phase_colors))
            now = self.current_color(hexes, tiles, hex_id)
            if now not in COLOR_ORDER or color not in COLOR_ORDER or \
                    COLOR_ORDER.index(color) != COLOR_ORDER.index(now) + 1:
                raise GameError("bad_upgrade",
                                f"Tile #{tile} ({color}) cannot be laid on {hex_id}, "
                                f"which shows {now} now.", hex=hex_id, tile=tile)
            if spec.get("label") != hx.get("label"):
                raise GameError("bad_label", f"Tile #{tile} does not fit the label of {hex_id}.",
                                hex=hex_id, tile=tile)
            if spec.get("feature", "plain") != hx.get("feature", "plain"):
                raise GameError("bad_feature",
                                f"Tile #{tile} ({spec.get('feature', 'plain')}) does not match "
                                f"{hex_id} ({hx.get('feature', 'plain')}).", hex=hex_id, tile=tile)
        return 0 if hex_id in self.laid else hx.get("cost", 0)

    def lay(self, hex_id: str, tile: str, rotation: int) -> str | None:
        """Put the tile down; the replaced tile (if any) goes back to the supply."""
        old = self.laid.get(hex_id)
        self.supply[tile] -= 1
        if old:
            self.supply[old[0]] += 1
        self.laid[hex_id] = (tile, rotation)
        return old[0] if old else None
