"""One section of the book as HTML: the one way a section is made (``book/section.html`` calls
:func:`section_html`; the live part keeps each made section under its data key, pieces.py).

A step changes a few sections and each is made again, often twice (its summary and its place in
the book): the largest cost of the live part a step makes. So the sections that change most,
facts, tables and logs, are written here in plain Python (markupsafe's ``escape`` and
``str.join``), about three times quicker than the Jinja macro they were (bench/section_html.py);
the pictures (a market, a board, a network) keep their markup in ``book/parts.html``.

The words are the pages' own (``companion.present``), in the request's language, and the HTML
is what the Jinja macro made, byte for byte (tests/companion/test_section_html.py). What a
table shows (its columns, whether it is wide, whether a glance section is shown again) is
``book_layout``'s choice. Nothing here knows a title or reads a view's keys: only the declared
sections (``engine/contract.py``).

``compact``: the one-screen summary's part of a section (the book below shows it whole): the
items and columns marked "glance" where any is, else all of them, a table without its list
columns; never the item that says who acts (the status line above says it); a table of up to
five columns one line per row.
"""
from __future__ import annotations

from flask import current_app
from markupsafe import Markup, escape

from companion.pages.book_layout import NUMBERS, glance_left, table_layout
from companion.present import message_text, value_text

# the kinds whose markup is a picture, made by book/parts.html's macro of that name
DRAWN = ("market", "board", "network")
NUM, WIDE = ' class="num"', ' class="wide"'


def _e(x) -> str:
    """``x`` escaped as a Jinja expression prints it (autoescaped)."""
    return str(escape(x))


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
        return (f'\n<details data-key="map-{_e(s.get("id", ""))}"><summary>'
                f'{_e(message_text(s.get("title")))}</summary>{section(s)}</details>')
    return "\n" + section(s)


def section(s: dict, skip: int = 0, compact: bool = False) -> str:
    """A section's ``<section>``: its title, then its facts, log, picture or table."""
    kind = s.get("kind", "")
    if kind == "facts":
        body = _facts(s, skip, compact)
    elif kind == "log":
        body = '\n<ul class="plain">' + "".join(
            f"<li>{_e(message_text(m))}</li>" for m in s["items"]) + "</ul>\n"
    elif kind in DRAWN:
        macro = getattr(current_app.jinja_env.get_template("book/parts.html").module, kind)
        body = str(macro(s))
    else:
        body = _table(s, compact)
    return (f'<section class="book-part" data-section="{_e(s.get("id", ""))}" '
            f'data-kind="{_e(kind)}">\n<h3>{_e(message_text(s.get("title")))}</h3>\n'
            f'{body}\n</section>')


def _facts(s: dict, skip: int, compact: bool) -> str:
    """Label and value a line; in the summary not the item that says who acts, and only the
    items marked "glance" where any is."""
    items = s["items"][skip:]
    if compact:
        items = [i for i in items if not i.get("acting")]
        if any(i.get("glance") for i in items):
            items = [i for i in items if i.get("glance")]
    return '\n\n<dl class="kv">' + "".join(
        f"<dt>{_e(message_text(i.get('label')))}</dt><dd>{_e(value_text(i.get('value')))}</dd>"
        for i in items) + "</dl>\n"


def _table(s: dict, compact: bool) -> str:
    """A table a row per subject (a player, a company, a train, a hex): the columns
    ``book_layout.table_layout`` shows, each cell labelled with its column for a phone's card
    layout; a list value one unbroken span per item."""
    plan = table_layout(s, compact)
    used, subject, num = plan["used"], plan["subject"], plan["num"]
    labels = [_e(message_text(c.get("label"))) for c in used]
    head = "".join(f'<th{NUM if c["key"] in num else ""}>{label}</th>'
                   for c, label in zip(used, labels))
    rows = []
    for row in s["rows"]:
        who = row[subject]
        cells = row["cells"]
        out = [f'<tr data-{subject}="{_e(who)}"><th>'
               f'{_e(value_text({"t": plan["subject_type"], "v": who}))}</th>']
        for c, label in zip(used, labels):
            v = cells.get(c["key"])
            out.append(f'<td data-label="{label}"'
                       f'{NUM if v and v.get("t") in NUMBERS else ""}>')
            if v and v.get("t") == "list" and v.get("v"):
                out.append(", ".join(f'<span class="nw">{_e(value_text(x))}</span>'
                                     for x in v["v"]))
            elif v:
                out.append(_e(value_text(v)))
            out.append("</td>")
        out.append("</tr>")
        rows.append("".join(out))
    return (f'\n\n\n<div class="scroll"><table{WIDE if plan["wide"] else ""}>\n'
            f'<thead><tr><th></th>{head}</tr></thead>\n<tbody>{"".join(rows)}</tbody>\n'
            f'</table></div>\n')


def section_markup(s: dict, mode: str, first: bool = False, skip: int = 0) -> Markup:
    """:func:`section_html` for a template (``book/section.html``): HTML already escaped."""
    return Markup(section_html(s, mode, first, skip))
