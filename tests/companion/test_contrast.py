"""Every text and background pair of static/app.css reaches 4.5:1 (WCAG AA for normal text),
in the light theme and in the dark one, computed from the stylesheet's custom properties.

The pairs are read from the rules themselves: a rule that sets both ``color`` and
``background`` is one pair; a rule that sets only a text colour is read on every page
background (page, card, your row); a rule that sets only a background carries the page's text
and muted text. A translucent background is laid over each page background and the header."""
import re

import pytest

from tests.conftest import ROOT

CSS = (ROOT / "static" / "app.css").read_text(encoding="utf-8")
AA = 4.5
PAGE_BACKGROUNDS = ("var(--bg)", "var(--card)", "var(--you)")
UNDER_TRANSLUCENT = ("var(--bg)", "var(--card)", "var(--accent)")


def custom_properties(block: str) -> dict:
    return dict(re.findall(r"--([\w-]+)\s*:\s*([^;}]+)", block))


def themes() -> dict:
    light = custom_properties(re.search(r":root\{(.*?)\}", CSS, re.S).group(1))
    dark = custom_properties(re.search(r":root\[data-theme=dark\]\{(.*?)\}", CSS, re.S).group(1))
    return {"light": light, "dark": {**light, **dark}}


def rgba(text: str, props: dict):
    """(r, g, b, alpha) of a colour or var(--x) in a theme, None if it is not a colour."""
    text = text.strip()
    m = re.fullmatch(r"var\(--([\w-]+)\)", text)
    if m:
        return rgba(props[m.group(1)], props)
    if re.fullmatch(r"#[0-9a-fA-F]{3}", text):
        return tuple(int(c * 2, 16) for c in text[1:]) + (1.0,)
    if re.fullmatch(r"#[0-9a-fA-F]{6}", text):
        return tuple(int(text[i:i + 2], 16) for i in (1, 3, 5)) + (1.0,)
    m = re.fullmatch(r"rgba\((\d+),(\d+),(\d+),([\d.]+)\)", text.replace(" ", ""))
    if m:
        return tuple(int(x) for x in m.groups()[:3]) + (float(m.group(4)),)
    return None


def over(top, under):
    a = top[3]
    return tuple(round(top[i] * a + under[i] * (1 - a)) for i in range(3)) + (1.0,)


def luminance(c) -> float:
    def ch(v):
        v /= 255
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4
    return 0.2126 * ch(c[0]) + 0.7152 * ch(c[1]) + 0.0722 * ch(c[2])


def contrast(a, b) -> float:
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def rules() -> dict:
    """{selector: {property: value}} of every plain rule (media queries unwrapped, a list of
    selectors split, later rules merged over earlier ones as the cascade would)."""
    flat = re.sub(r"/\*.*?\*/", "", CSS, flags=re.S)
    flat = re.sub(r"@media[^{]*\{((?:[^{}]*\{[^{}]*\})*)\s*\}", r"\1", flat)
    found: dict = {}
    for selectors, body in re.findall(r"([^{}]+)\{([^{}]*)\}", flat):
        decls = dict((k.strip(), v.strip()) for k, v in
                     (d.split(":", 1) for d in body.split(";") if ":" in d))
        for selector in selectors.split(","):
            selector = selector.strip()
            if not selector.startswith(":root"):
                found.setdefault(selector, {}).update(decls)
    return found


NOT_TEXT = {".qr svg"}      # the QR code: black modules on white, whatever the theme


def _base(selector: str) -> str | None:
    """The selector without its last class, id, attribute or pseudo-class (#net.on → #net)."""
    m = re.fullmatch(r"(.*[^\s>+~])([.#:\[][^.#:\[\s>+~]*)", selector)
    return m.group(1) if m else None


def _ancestor(selector: str) -> str | None:
    m = re.fullmatch(r"(.+?)\s*[\s>+~]\s*([^\s>+~]+)", selector)
    return m.group(1) if m else None


def _own(found, selector, prop):
    """A property of a selector or of the rule it refines (#net.on from #net)."""
    while selector:
        decls = found.get(selector, {})
        value = decls.get(prop)
        if prop == "background" and value is None:
            value = decls.get("background-color")
        if value is not None:
            return value.split()[0] if value.startswith("var(") else value
        selector = _base(selector)
    return None


def pairs():
    """(where, text colour, background) of every rule that sets a colour or a background:
    its own or refined, the background of the element it sits in (.top a in .top), else the
    page's backgrounds; a background without a text colour carries the page's text."""
    found = rules()
    for selector, decls in found.items():
        if selector in NOT_TEXT or not ({"color", "background", "background-color"} & set(decls)):
            continue
        text = _own(found, selector, "color")
        back, up = _own(found, selector, "background"), selector
        while back is None and up:
            up = _ancestor(up)
            back = _own(found, up, "background") if up else None
        texts = [text] if text not in (None, "inherit", "currentColor") else ["var(--fg)",
                                                                              "var(--muted)"]
        backs = [back] if back not in (None, "transparent", "none") else list(PAGE_BACKGROUNDS)
        for t in texts:
            for b in backs:
                yield selector, t, b


def failures(theme: str, props: dict):
    bad = []
    for where, text, back in pairs():
        t, b = rgba(text, props), rgba(back, props)
        if t is None or b is None:
            continue
        unders = [rgba(u, props) for u in UNDER_TRANSLUCENT] if b[3] < 1 else [None]
        for u in unders:
            solid = over(b, u) if u else b
            ratio = contrast(over(t, solid) if t[3] < 1 else t, solid)
            if ratio < AA:
                bad.append(f"{theme}: {where}: {text} on {back} = {ratio:.2f}:1")
    return bad


def test_the_stylesheet_is_read():
    found = list(pairs())
    assert len(found) > 30
    assert any(w == "#net" for w, _, _ in found) and any(w == ".top" for w, _, _ in found)
    # the arithmetic: black on white is 21:1, the badge is now measured too
    assert round(contrast((0, 0, 0, 1), (255, 255, 255, 1)), 1) == 21.0


def test_the_system_dark_theme_is_the_dark_switch():
    dark = re.search(r":root\[data-theme=dark\]\{(.*?)\}", CSS, re.S).group(1)
    system = re.search(r"prefers-color-scheme:dark\)\{:root:not\(\[data-theme=light\]\)\{(.*?)\}",
                       CSS, re.S).group(1)
    assert custom_properties(dark) == custom_properties(system)


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_every_text_and_background_pair_reaches_4_5_to_1(theme):
    assert failures(theme, themes()[theme]) == []


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_every_series_of_the_scores_chart_reaches_4_5_to_1(theme):
    """Each player's line in the chart, as the rendered SVG colours it, on the page and on a
    card, drawn opaque (#26: one player's dark-green line was hard to see in the dark theme)."""
    from companion.pages.scores import _chart_svg
    players = [{"id": f"p{i}", "name": f"P{i}"} for i in range(6)]
    points = [(str(r), {p["id"]: 100 * r + i for i, p in enumerate(players)}) for r in range(4)]
    svg = str(_chart_svg(points, players))
    props = themes()[theme]
    series = dict(re.findall(r"\.color-(\d+)[^{]*\{stroke:([^;}]+);fill:[^}]*\}", svg))
    assert sorted(series) == [str(i) for i in range(6)]       # one colour per player, none shared
    assert len(set(series.values())) == 6
    assert '"stroke_opacity": "1"' in svg and '"opacity": "1"' in svg
    bad = []
    for n, colour in series.items():
        c = rgba(colour, props)
        assert c is not None, colour
        for back in ("var(--bg)", "var(--card)"):
            ratio = contrast(c, rgba(back, props))
            if ratio < AA:
                bad.append(f"{theme}: series {n} {colour} on {back} = {ratio:.2f}:1")
    assert bad == []
