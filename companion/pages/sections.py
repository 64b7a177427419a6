"""One section of the book as HTML: the one way a section is made (:func:`section_html`; the
live part keeps each made section while its data is unchanged, live_part.py).

A step changes a few sections and each is made again, often twice (its summary and its place in
the book): the largest cost of the live part a step makes. So the sections that change most,
every kind, are written here in plain Python (markupsafe's ``escape`` and ``str.join``), several
times quicker than the Jinja macro they were (bench/section_html.py); a board's drawing is
companion/pages/pictures.py's, which a step's form draws with too. A table made again takes
the rows a step left unchanged as they were made, and facts their items (``_kept``, per
language, table's words and columns shown): a step changes a row or two, not all of them.

The words are the pages' own (``companion.present``), in the request's language, and the HTML
is what the Jinja macro made, byte for byte (tests/companion/test_section_html.py compares
them with the templates as they were, kept there). What a
table shows (its columns, whether it is wide, whether a glance section is shown again) is
``book_layout``'s choice. Nothing here knows a title or reads a view's keys: only the declared
sections (``engine/contract.py``).

``compact``: the one-screen summary's part of a section (the book below shows it whole): the
items and columns marked "glance" where any is, else all of them, a table without its list
columns; never the item that says who acts (the status line above says it); a table of up to
five columns one line per row.
"""
from __future__ import annotations

from companion.kept import Kept
from companion.pages.book_layout import NUMBERS, glance_left, table_layout
from companion.pages.pictures import drawing, esc, route_key, route_marks
from companion.present import message_text, said_with, value_text

NUM, WIDE = ' class="num"', ' class="wide"'


def section_html(s: dict, mode: str, first: bool = False, skip: int = 0) -> str:
    """A book section in a ``mode``: "summary" (the one-screen summary's part of a glance
    section, compact, from item ``skip`` on), "glance" (a glance section in the book: whole
    when the summary left some of it out, else marked .glance-dup; ``first``: the book's first
    section, whose first item the status line says) or "book" (any other section; a map
    folded). It begins with a line break, as the template it was made by did (a phone's page
    is byte for byte what it was)."""
    if mode == "summary":
        return "\n" + section(s, skip=skip, compact=True)
    if mode == "glance":
        html = section(s)
        return "\n" + (html if glance_left(s, first) else f'<div class="glance-dup">{html}</div>')
    if s.get("kind") in ("map", "board"):
        return (f'\n<details data-key="map-{esc(s.get("id", ""))}"><summary>'
                f'{esc(message_text(s.get("title")))}</summary>{section(s)}</details>')
    return "\n" + section(s)


def section(s: dict, skip: int = 0, compact: bool = False) -> str:
    """A section's ``<section>``: its title, then its facts, log, picture or table."""
    kind = s.get("kind", "")
    if kind == "facts":
        body = _facts(s, skip, compact)
    elif kind == "log":
        body = '\n<ul class="plain">' + "".join(
            f"<li>{esc(message_text(m))}</li>" for m in s["items"]) + "</ul>\n"
    elif kind == "market":
        body = _market(s)
    elif kind == "board":
        body = _board(s)
    elif kind == "network":
        body = _network(s)
    else:
        body = _table(s, compact)
    return (f'<section class="book-part" data-section="{esc(s.get("id", ""))}" '
            f'data-kind="{esc(kind)}">\n<h3>{esc(message_text(s.get("title")))}</h3>\n'
            f'{body}\n</section>')


def _facts(s: dict, skip: int, compact: bool) -> str:
    """Label and value a line; in the summary not the item that says who acts, and only the
    items marked "glance" where any is. An item is said again only when it, or the words it is
    said in, changed since this section was last made in this mode (``_kept``)."""
    items = s["items"][skip:]
    if compact:
        items = [i for i in items if not i.get("acting")]
        if any(i.get("glance") for i in items):
            items = [i for i in items if i.get("glance")]
    words, said_in = said_with()
    key = (*said_in, "facts", s.get("id"), skip, compact)
    was = _kept_for(key, words)
    made, lines = {}, []
    for n, i in enumerate(items):
        old = was.get(n)
        html = old[1] if old is not None and old[0] == i else \
            f"<dt>{esc(message_text(i.get('label')))}</dt><dd>{esc(value_text(i.get('value')))}</dd>"
        made[n] = (i, html)
        lines.append(html)
    _kept.put(key, (words, made))
    return '\n\n<dl class="kv">' + "".join(lines) + "</dl>\n"


# A table's rows and a facts section's items as they were made last, to be taken again
# (:func:`_table`, :func:`_facts`). A step changes a few values of a section (a player's cash, a
# company's trains, the bank), and the live part makes the whole section again (live_part.py
# keeps a section only while all of it is unchanged): its unchanged rows and items are taken
# from here, not said again value by value. What their HTML is made from, all of it in the key
# or compared:
# - the words their values are said in (present.py's ``value_text``/``message_text``): the
#   page's language (its gettext words and Korean particles too), the table's currency and
#   players' names, the title's words table (kept by identity, as present.py's ``_SAID`` keeps
#   it: the table is held in the value, so its id is not another's while it is kept);
# - the section's id; for a table what a row is about and how that is named, and the columns
#   shown: their keys and labels as said (a cell's number class comes from the cell's own
#   type); for facts the items skipped and whether it is the summary's;
# - the row or item itself: a row's subject (the key of the rows kept) and its cells, an item's
#   place in the section and the item, taken as unchanged while equal (``==``), as live_part.py
#   takes a section.
# Each entry holds only the rows or items of the last section made for its key (one gone is
# dropped), and is replaced whole, never changed once kept, so two threads making the same
# section at once only miss each other's. ``KEEP``: tables × languages × sections × modes.
KEEP = 4096
_kept = Kept(KEEP)     # key -> (the words table, {subject or place: (its data, its HTML)})


def _kept_for(key: tuple, words) -> dict:
    """The rows or items kept for ``key``, when they were said with this very ``words``."""
    kept = _kept.get(key)
    return kept[1] if kept is not None and kept[0] is words else {}


def _table(s: dict, compact: bool) -> str:
    """A table a row per subject (a player, a company, a train, a hex): the columns
    ``book_layout.table_layout`` shows, each cell labelled with its column for a phone's card
    layout; a list value one unbroken span per item. A row is made again only when it, or the
    words or columns it is made with, changed since this table was last made (``_kept``)."""
    plan = table_layout(s, compact)
    used, subject, num = plan["used"], plan["subject"], plan["num"]
    labels = [esc(message_text(c.get("label"))) for c in used]
    head = "".join(f'<th{NUM if c["key"] in num else ""}>{label}</th>'
                   for c, label in zip(used, labels))
    words, said_in = said_with()
    key = (*said_in, "table", s.get("id"), subject, plan["subject_type"],
           tuple((c["key"], label) for c, label in zip(used, labels)))
    was = _kept_for(key, words)
    made, rows = {}, []
    for row in s["rows"]:
        who, cells = row[subject], row["cells"]
        old = was.get(who)
        html = old[1] if old is not None and old[0] == cells else \
            _row(who, cells, subject, plan["subject_type"], used, labels)
        made[who] = (cells, html)
        rows.append(html)
    _kept.put(key, (words, made))
    return (f'\n\n\n<div class="scroll"><table{WIDE if plan["wide"] else ""}>\n'
            f'<thead><tr><th></th>{head}</tr></thead>\n<tbody>{"".join(rows)}</tbody>\n'
            f'</table></div>\n')


def _row(who, cells: dict, subject: str, subject_type: str, used: list, labels: list) -> str:
    """A table's row: its subject named, then its cell of each column shown."""
    out = [f'<tr data-{subject}="{esc(who)}"><th>'
           f'{esc(value_text({"t": subject_type, "v": who}))}</th>']
    for c, label in zip(used, labels):
        v = cells.get(c["key"])
        out.append(f'<td data-label="{label}"'
                   f'{NUM if v and v.get("t") in NUMBERS else ""}>')
        if v and v.get("t") == "list" and v.get("v"):
            out.append(", ".join(f'<span class="nw">{esc(value_text(x))}</span>'
                                 for x in v["v"]))
        elif v:
            out.append(esc(value_text(v)))
        out.append("</td>")
    out.append("</tr>")
    return "".join(out)


def _market(s: dict) -> str:
    """A share price track (a row of prices) or grid (a row of cells a line, its
    zones coloured and named below), each price with the companies' tokens on it."""
    title = esc(message_text(s.get("title")))
    if s.get("layout") == "track":
        cells = "".join(
            f'<span class="cell{" has" if c.get("tokens") else ""}">'
            + esc(value_text({"t": "money", "v": c.get("price")}))
            + "".join(f'<b class="tok">{esc(value_text(t))}</b>' for t in c.get("tokens") or ())
            + "</span>" for c in s.get("cells") or ())
        return f'\n\n<div class="track" aria-label="{title}">{cells}</div>\n\n'
    zones = sorted(s.get("zones") or ())
    rows = []
    for row in s.get("cells") or ():
        out = ["<tr>"]
        for c in row:
            if c is None:
                out.append('<td class="empty"></td>')
                continue
            zone = c.get("zone")
            out.append(f'<td class="{"m-z" + str(zones.index(zone)) if zone in zones else ""}">'
                       f'{esc(c.get("price", ""))}')
            out += [f'<br><span class="tok">{esc(value_text(t))}</span>'
                    for t in c.get("tokens") or ()]
            out.append("</td>")
        out.append("</tr>\n")
        rows.append("".join(out))
    named = ""
    if s.get("zones"):
        named = '<p class="muted">' + " · ".join(
            f'<span class="m-z{i}">■</span> {esc(message_text(s["zones"][z]))}'
            for i, z in enumerate(zones)) + "</p>"
    return (f'\n\n\n<div class="scroll"><table class="market" aria-label="{title}">\n'
            f'{"".join(rows)}</table></div>\n{named}\n\n')


def _board(s: dict) -> str:
    """The board: its hexes, track and stations (pictures.drawing), the last run's routes over
    them and their key."""
    routes = s.get("routes")
    picture = drawing(s, message_text(s.get("title")), over=route_marks(routes))
    return f'\n\n<div class="scroll">{picture}</div>\n{route_key(routes) if routes else ""}\n'


# a network's link in its owner's colour (the score chart's series colours), else muted
INK = {None: "var(--muted)", **{i: f"var(--s{i})" for i in range(6)}}
UNFINISHED = ' stroke-dasharray="7 6" data-unfinished'


def _network(s: dict) -> str:
    """Places and links (engine.contract_drawing "network"): each link a line in its owner's
    colour, dashed while unfinished, its tile count on it; the links in words."""
    links, places, sid = s.get("links") or [], s.get("places") or [], esc(s.get("id", ""))
    said = [esc(message_text(k.get("label"))) for k in links]
    desc = "".join(f'{w}{". " if i < len(said) - 1 else "."}' for i, w in enumerate(said))
    paths = "".join(
        f'<path d="{esc(k.get("d", ""))}" data-link fill="none" '
        f'stroke="{INK.get(k.get("colour"), "")}" stroke-width="4" stroke-linecap="round"'
        f'{"" if k.get("complete") else UNFINISHED}><title>{w}</title></path>'
        for k, w in zip(links, said))
    marks = []
    for p in places:
        x, y = p["x"], p["y"]
        if p.get("kind") == "town":
            marks.append(f'<circle cx="{esc(x)}" cy="{esc(y)}" r="4" fill="currentColor"/>')
        elif p.get("kind") == "island":
            marks.append(f'<rect x="{esc(x - 5.5)}" y="{esc(y - 5.5)}" width="11" height="11" '
                         f'transform="rotate(45 {esc(x)} {esc(y)})" fill="#8cc4e8" '
                         f'stroke="currentColor" stroke-width="1.5"/>')
        else:
            marks.append(f'<circle cx="{esc(x)}" cy="{esc(y)}" r="6.5" fill="#fff" '
                         f'stroke="currentColor" stroke-width="2"/>')
    tiles = "".join(
        f'<g data-tiles><circle cx="{esc(k["x"])}" cy="{esc(k["y"])}" r="9" fill="#fff" '
        f'stroke="{INK.get(k.get("colour"), "")}" stroke-width="2"/><text x="{esc(k["x"])}" '
        f'y="{esc(k["y"] + 4)}" font-size="12" text-anchor="middle" fill="#000">'
        f'{esc(k.get("tiles", ""))}</text></g>' for k in links)
    names = "".join(
        f'<text x="{esc(p.get("tx", ""))}" y="{esc(p["y"] + p["dy"])}" '
        f'text-anchor="{esc(p.get("anchor", ""))}" fill="currentColor" stroke="var(--card)" '
        f'stroke-width="3" paint-order="stroke" data-place>{esc(value_text(p.get("name")))}</text>'
        for p in places)
    owners = []
    for k in links:
        if k.get("owner") and k["owner"] not in owners:
            owners.append(k["owner"])
    ink = [INK.get(next(k for k in links if k.get("owner") == o).get("colour"), "")
           for o in owners]         # each owner's colour: its first link's
    key = "".join(f'<span class="nw"><span style="color:{c}">━</span> '
                  f'{esc(value_text(o))}</span> · ' for o, c in zip(owners, ink))
    return (f'\n\n\n<figure class="network"><svg viewBox="0 0 {esc(s.get("width", ""))} '
            f'{esc(s.get("height", ""))}" width="100%" role="img" '
            f'aria-labelledby="nt-{sid} nd-{sid}" font-size="13">\n'
            f'<title id="nt-{sid}">{esc(message_text(s.get("title")))}</title>\n'
            f'<desc id="nd-{sid}">{desc}</desc>\n{paths}\n{"".join(marks)}\n{tiles}\n{names}\n'
            f'</svg>\n\n<figcaption class="muted">{key}<span class="nw"><span '
            f'style="color:var(--muted)">╍</span> {esc(message_text(s.get("dashed")))}</span>'
            f'</figcaption>\n</figure>\n')

