"""Geometry drawn as SVG (engine.contract "board" and a choice's "pictures"): hexes in their tiles'
colours, track, stops with their stations; routes drawn over them, each in its own colour and
dash, its stops ringed; and the routes' key.

A board's section (companion/pages/sections.py) and a step's form (pages/step_form.py: a run's
picture, a tile's drawings among its choices) draw with these. A board has a hundred hexes and
is drawn again whenever a tile is laid: in plain Python (``str.join``, numbers printed as they
are, text escaped) it is several times quicker than the Jinja macros these were, and the
markup is the same byte for byte (tests/companion/test_section_html.py).
"""
from __future__ import annotations

from markupsafe import Markup, escape

from companion.present import message_text, value_text

FILLS = {"white": "#f3efe3", "yellow": "#f2d64b", "green": "#6cbf6c", "brown": "#b98a5a",
         "gray": "#b8b8b8", "red": "#e07a6a", "blue": "#8cc4e8"}
ROUTE_COLORS = ("#d1306b", "#2a6fdb", "#e08a00", "#7a3fc4")
ROUTE_DASHES = ("none", "8 4", "3 3", "10 3 3 3")


def esc(x) -> str:
    """``x`` as a Jinja expression prints it, escaped: numbers as they are (most of a drawing),
    a plain string with nothing to escape as it is (most of a book's words: markupsafe's
    ``escape`` makes a ``Markup`` of each, several times the cost of looking)."""
    if type(x) is str:
        if "&" in x or "<" in x or ">" in x or '"' in x or "'" in x:
            return str(escape(x))
        return x
    return str(x) if type(x) in (int, float) else str(escape(x))


def drawing(g: dict, label, cls: str = "board", key=None, hidden: bool = False,
            over: str = "") -> Markup:
    """An ``<svg>`` of a drawing (a board: full width), named ``label``; ``over``: SVG drawn
    over the track, under the stops (a run's routes, :func:`route_marks`); ``key``: the
    drawing's ``data-pic`` (a choice's picture), ``hidden`` until it is chosen."""
    hexes = []
    for h in g.get("hexes") or ():
        # a hex's corners escaped at once (escaping is a character's at a time: the same)
        points = escape("".join(f"{p[0]},{p[1]} " for p in h["points"]))
        title = ""
        if h.get("hex"):
            tile = f" #{esc(h['tile'])}" if h.get("tile") else ""
            title = f"<title>{esc(h['hex'])}{tile}</title>"
        hexes.append(f'<polygon points="{points}" fill="{FILLS.get(h.get("color"), "")}" '
                     f'stroke="#777" stroke-width="0.6">{title}</polygon>')
    track = "".join(f'<path d="{esc(t.get("d", ""))}" fill="none" stroke="#222" '
                    f'stroke-width="2.2"/>' for t in g.get("track") or ())
    stops = []
    for st in g.get("stops") or ():
        kind, x, y = st.get("kind"), st["x"], st["y"]
        r = "5" if kind == "city" else ("4" if kind == "offboard" else "2.6")
        fill = "#fff" if kind == "city" else "#222"
        stops.append(f'<circle cx="{esc(x)}" cy="{esc(y)}" r="{r}" fill="{fill}" stroke="#222" '
                     f'stroke-width="1"/>')
        if st.get("tokens"):
            stops.append(f'<text x="{esc(x)}" y="{esc(y - 6)}" font-size="6" text-anchor="middle" '
                         f'fill="#000">{esc(" ".join(map(str, st["tokens"])))}</text>')
    size = f'{esc(g.get("width", ""))} {esc(g.get("height", ""))}'
    width = ' width="100%"' if cls == "board" else ""
    pic = "" if key is None else f' data-pic="{esc(key)}"'
    return Markup(
        f'\n<svg class="{esc(cls)}" viewBox="0 0 {size}"{width} role="img" '
        f'aria-label="{esc(label)}"{pic}{" hidden" if hidden else ""}>\n'
        f'{"".join(hexes)}\n{track}\n{over}\n{"".join(stops)}\n</svg>')


def route_marks(routes) -> Markup:
    """Routes to draw over a drawing (its ``over``)."""
    out = []
    for i, r in enumerate(routes or ()):
        c = ROUTE_COLORS[i % 4]
        out.append(f'<path d="{esc(r.get("d", ""))}" fill="none" stroke="{c}" stroke-width="3.4" '
                   f'stroke-opacity="0.85" stroke-linecap="round" '
                   f'stroke-dasharray="{ROUTE_DASHES[i % 4]}"/>')
        out += [f'<circle cx="{esc(p[0])}" cy="{esc(p[1])}" r="7.5" fill="none" stroke="{c}" '
                f'stroke-width="2.4"/>' for p in r.get("stops") or ()]
    return Markup("\n" + "".join(out))


def route_key(routes) -> Markup:
    """The routes' key: each one's line, its label and its value."""
    items = []
    for i, r in enumerate(routes or ()):
        label = r.get("label", "")
        said = message_text(label) if isinstance(label, dict) else label
        value = f": <strong>{esc(value_text(r['value']))}</strong>" if r.get("value") else ""
        items.append(f'<li><svg viewBox="0 0 24 8" width="24" height="8" aria-hidden="true">'
                     f'<path d="M2 4L22 4" stroke="{ROUTE_COLORS[i % 4]}" stroke-width="3" '
                     f'stroke-dasharray="{ROUTE_DASHES[i % 4]}"/></svg> {esc(said)}{value}</li>')
    return Markup(f'\n<ul class="plain routekey">{"".join(items)}</ul>')
