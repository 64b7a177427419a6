"""The picture of the network (the book's ``network`` section, ``engine.contract_drawing``):
the register's places as named points and its links as lines, each in its owner's colour with
its tile count, an unfinished one dashed.

The map's geometry is not in the rulebook, so the app lays the places out itself, the same way
every time: on a circle in the order they were named (a map's seeded places first), the first
at the top, clockwise. A name is written inward from its point (to the right of a point on the
circle's left, to the left on its right, above or below near the top and bottom), so the
picture stays within its box at a phone's width. A complete link is a straight line between
its places (a second link between the same two places bows out to one side, a third to the
other); an unfinished one is a short dashed stroke from its first place toward the middle.
"""
from __future__ import annotations

import math

from engine import contract as C

SIZE = 360                # the picture's units, square: about a phone's width in px
RADIUS = 140              # the circle the places are on
STUB = 52                 # an unfinished link's length
BOW = 26                  # how far a second link between two places bows out


def _n(v: float) -> float:
    return round(v, 1)


def layout(names: list[str]) -> dict[str, tuple[float, float, str, int]]:
    """Each place's point and how its name is written: (x, y, anchor, dy)."""
    c, out = SIZE / 2, {}
    for i, name in enumerate(names):
        a = -math.pi / 2 + 2 * math.pi * i / len(names)
        x, y = c + RADIUS * math.cos(a), c + RADIUS * math.sin(a)
        if len(names) == 1:
            x, y = c, c
        cos, sin = math.cos(a), math.sin(a)
        if cos < -0.4:
            anchor, dy = "start", 5
        elif cos > 0.4:
            anchor, dy = "end", 5
        else:
            anchor, dy = "middle", (-11 if sin < 0 else 20)
        out[name] = (_n(x), _n(y), anchor, dy)
    return out


class NetworkMixin:
    def network_section(self) -> dict | None:
        reg = self.register
        points = layout(reg.names())
        places = []
        for name, (x, y, anchor, dy) in points.items():
            if anchor == "start":
                x_text = x + 9
            elif anchor == "end":
                x_text = x - 9
            else:
                x_text = x
            places.append({"x": x, "y": y, "tx": _n(x_text), "kind": reg.kind(name),
                           "anchor": anchor, "dy": dy, "name": self._place(name)})
        return C.network("network", C.msg("section.network", "The network"), SIZE, SIZE,
                         places, self._network_links(points),
                         C.msg("link.state.unfinished", "unfinished"))

    def _network_links(self, points) -> list[dict]:
        reg, c = self.register, SIZE / 2
        pairs: dict[tuple, int] = {}
        stubs: dict[str, int] = {}
        out = []
        for lid, k in reg.links.items():
            ax, ay = points[k["a"]][:2]
            if k["b"]:
                bx, by = points[k["b"]][:2]
                nth = pairs[tuple(sorted((k["a"], k["b"])))] = \
                    pairs.get(tuple(sorted((k["a"], k["b"]))), -1) + 1
                mx, my = (ax + bx) / 2, (ay + by) / 2
                if nth == 0:
                    d, tx, ty = f"M{_n(ax)} {_n(ay)} L{_n(bx)} {_n(by)}", mx, my
                else:           # bows out: second to one side, third to the other, ...
                    length = math.hypot(bx - ax, by - ay) or 1
                    side = BOW * ((nth + 1) // 2) * (1 if nth % 2 else -1)
                    qx = mx - (by - ay) / length * side * 2
                    qy = my + (bx - ax) / length * side * 2
                    d = f"M{_n(ax)} {_n(ay)} Q{_n(qx)} {_n(qy)} {_n(bx)} {_n(by)}"
                    tx, ty = (ax + 2 * qx + bx) / 4, (ay + 2 * qy + by) / 4
            else:               # toward the middle, fanned out when a place has several
                nth = stubs[k["a"]] = stubs.get(k["a"], -1) + 1
                a = math.atan2(c - ay, c - ax) + 0.35 * ((nth + 1) // 2) * (
                    1 if nth % 2 else -1)
                if (ax, ay) == (c, c):
                    a = math.pi / 2 + 0.35 * nth
                tx, ty = ax + STUB * math.cos(a), ay + STUB * math.sin(a)
                d = f"M{_n(ax)} {_n(ay)} L{_n(tx)} {_n(ty)}"
            owner = k["owner"]
            out.append({
                "d": d, "complete": bool(k["b"]), "tiles": k["tiles"], "x": _n(tx), "y": _n(ty),
                "owner": C.player(owner) if owner else None,
                "colour": self.players.index(owner) % 6 if owner in self.players else None,
                "label": self._link_words(lid, k)})
        return out

    def _place_en(self, name: str) -> str:
        label = self.map.place_label(name)
        return label["message"] if label else name

    def _link_words(self, lid: int, k: dict) -> dict:
        """A link in words: its places, owner, tiles and state (the picture's description)."""
        owner = k["owner"]
        params = {"link": lid, "a": self._place(k["a"])["v"], "tiles": k["tiles"]}
        if owner is None:
            params["nobody"] = C.msg("word.nobody", "nobody")
        else:
            params["player"] = owner
        said = f"{self.pname(owner) if owner else 'nobody'}, {k['tiles']} tile(s)"
        if k["b"]:
            return C.msg("network.link", f"Link {lid}: {self._place_en(k['a'])} – "
                         f"{self._place_en(k['b'])}, {said}", b=self._place(k["b"])["v"],
                         **params)
        return C.msg("network.link_unfinished", f"Link {lid}: from {self._place_en(k['a'])}, "
                     f"unfinished, {said}", **params)
