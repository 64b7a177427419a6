"""The picture of the network (the book's ``network`` section, ``engine.contract_drawing``):
the register's places as named points and its links as lines, each in its owner's colour with
its tile count, an unfinished one dashed.

The map's geometry is not in the rulebook, so the app lays the places out itself, the same way
every time: on an ellipse in the order they were named (a map's seeded places first), the first
at the top, clockwise; the ellipse grows taller with the number of places. On a convex curve no
straight link passes through a third place. Each name goes where it overlaps no other name or
point and stays in the box (``_names``): beside its point, inward (to the right of a point on
the left, to the left on the right), else above or below it (above first near the top, below
first near the bottom; centred, else running inward), else outward; where every spot
overlaps, the one that overlaps least.
A complete link is a straight line between its places (a second link between the same two
places bows out to one side, a third to the other); an unfinished one is a short dashed stroke
from its first place toward the middle.
"""
from __future__ import annotations

import math
import unicodedata

from engine import contract as C

WIDTH = 360               # the picture's units: about a phone's width in px
RX = 140                  # the ellipse's half width
RY_MIN, RY_MAX, RY_EACH = 140, 280, 9     # its half height: 9 units a place, within these
MARGIN = 30               # above and below the ellipse (the top and bottom names)
STUB = 52                 # an unfinished link's length
BOW = 26                  # how far a second link between two places bows out
FONT = 13                 # the names' size (the companion draws them at this size)
POINT = 7                 # a point's half size, kept clear of names


def _n(v: float) -> float:
    return round(v, 1)


def text_width(text: str) -> float:
    """A name's width at ``FONT``, estimated: wide (Hangul, CJK) characters a full em, others
    about 0.58 em."""
    return sum(FONT if unicodedata.east_asian_width(ch) in "WF" else FONT * 0.58
               for ch in text)


def height(n: int) -> float:
    return 2 * min(RY_MAX, max(RY_MIN, RY_EACH * n)) + 2 * MARGIN


def layout(names: list[str], texts: dict | None = None) -> dict[str, tuple]:
    """Each place's point and where its name is written: (x, y, tx, ty, anchor), in a box
    ``WIDTH`` by ``height(len(names))``. ``texts``: each name as it is written, if not the
    name itself (for its width)."""
    h = height(len(names))
    ry, cx, cy = (h - 2 * MARGIN) / 2, WIDTH / 2, h / 2
    points = {}
    for i, name in enumerate(names):
        a = -math.pi / 2 + 2 * math.pi * i / len(names)
        points[name] = (cx, cy, a) if len(names) == 1 else \
            (cx + RX * math.cos(a), cy + ry * math.sin(a), a)
    return _names(points, texts or {}, h)


def _box(tx, ty, anchor, w):
    left = {"start": tx, "middle": tx - w / 2, "end": tx - w}[anchor]
    return (left, ty - FONT * 0.8, left + w, ty + FONT * 0.25)


def _overlap(a, b) -> float:
    dx = min(a[2], b[2]) - max(a[0], b[0])
    dy = min(a[3], b[3]) - max(a[1], b[1])
    return dx * dy if dx > 0 and dy > 0 else 0.0


def _names(points: dict, texts: dict, h: float) -> dict[str, tuple]:
    taken = [(x - POINT, y - POINT, x + POINT, y + POINT) for x, y, _ in points.values()]
    out = {}
    for name, (x, y, a) in points.items():
        w = text_width(texts.get(name, name))
        left = math.cos(a) < 0 or (abs(math.cos(a)) < 1e-9 and len(out) % 2)
        inward = (x + 9, y + 4.5, "start") if left else (x - 9, y + 4.5, "end")
        outward = (x - 9, y + 4.5, "end") if left else (x + 9, y + 4.5, "start")
        above, below = (x, y - 10, "middle"), (x, y + 19, "middle")
        side = (x - 6, "start") if left else (x + 6, "end")     # above or below, inward
        above_in, below_in = (side[0], y - 10, side[1]), (side[0], y + 19, side[1])
        sin = math.sin(a)
        spots = [above, inward, below, above_in, below_in, outward] if sin < -0.75 else \
            [below, inward, above, below_in, above_in, outward] if sin > 0.75 else \
            [inward, above, below, above_in, below_in, outward]
        best = None
        for tx, ty, anchor in spots:
            box = _box(tx, ty, anchor, w)
            if box[0] < 1 or box[2] > WIDTH - 1 or box[1] < 1 or box[3] > h - 1:
                continue
            cost = sum(_overlap(box, t) for t in taken)
            if best is None or cost < best[0]:
                best = (cost, tx, ty, anchor, box)
            if cost == 0:
                break
        if best is None:                    # wider than any spot: inward, as far as it goes
            tx, ty, anchor = inward
            best = (0, tx, ty, anchor, _box(tx, ty, anchor, w))
        taken.append(best[4])
        out[name] = (_n(x), _n(y), _n(best[1]), _n(best[2]), best[3])
    return out


class NetworkMixin:
    def network_section(self) -> dict | None:
        reg = self.register
        names = reg.names()
        texts = {n: self._place_en(n) for n in names}
        points = layout(names, texts)
        places = [{"x": x, "y": y, "tx": tx, "dy": _n(ty - y), "kind": reg.kind(name),
                   "anchor": anchor, "name": self._place(name)}
                  for name, (x, y, tx, ty, anchor) in points.items()]
        h = height(len(names))
        return C.network("network", C.msg("section.network", "The network"), WIDTH, h,
                         places, self._network_links(points, h),
                         C.msg("link.state.unfinished", "unfinished"))

    def _network_links(self, points, h: float) -> list[dict]:
        reg, cx, cy = self.register, WIDTH / 2, h / 2
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
                a = math.atan2(cy - ay, cx - ax) + 0.35 * ((nth + 1) // 2) * (
                    1 if nth % 2 else -1)
                if (ax, ay) == (cx, cy):
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
