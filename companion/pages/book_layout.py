"""What a book section's table shows, worked out once for ``companion/pages/sections.py``
(which writes the markup; these are the choices it makes): the
columns a table shows, whether it is wide, which columns are numbers, and whether a glance
section is shown again in the book after the summary. Nothing here knows a title: only the
declared sections (``engine/contract.py``)."""
from __future__ import annotations

NUMBERS = ("money", "price", "count", "percent")
SUBJECTS = {"players": "player", "entities": "entity", "trains": "train", "map": "hex"}
# the value type a row's subject is named as
SUBJECT_TYPES = {"player": "player", "train": "train", "entity": "company", "hex": "hex"}


def _cells(row) -> dict:
    cells = row.get("cells") if isinstance(row, dict) else None
    return cells if isinstance(cells, dict) else {}


def _type(value):
    return value.get("t") if isinstance(value, dict) else None


def _filled(rows, key) -> list:
    """The cells of column ``key`` in the rows that have one."""
    return [c[key] for c in map(_cells, rows) if key in c]


def table_layout(s: dict, compact: bool = False) -> dict:
    """A table section's layout: ``used`` (the columns shown: with a value in some row; in the
    compact summary the ones marked "glance" where any is, else all but lists), ``wide`` (more
    columns than a phone's width holds: a card a row there), ``num`` (the keys of columns whose
    values are numbers), ``subject`` (what a row is about) and ``subject_type``."""
    rows, columns = s.get("rows") or [], s.get("columns") or []
    marked = compact and any(c.get("glance") for c in columns)
    used, lists, num = [], [], set()
    for c in columns:
        if marked and not c.get("glance"):
            continue
        filled = _filled(rows, c["key"])
        has_list = any(_type(v) == "list" for v in filled)
        if not filled or (compact and not marked and has_list):
            continue
        used.append(c)
        if has_list:
            lists.append(c)
        if any(_type(v) in NUMBERS for v in filled):
            num.add(c["key"])
    subject = SUBJECTS[s["kind"]]
    return {"used": used, "wide": len(used) > (5 if compact else (2 if lists else 3)),
            "num": num, "subject": subject, "subject_type": SUBJECT_TYPES[subject]}


def glance_left(s: dict, first: bool) -> bool:
    """Whether the summary left some of a glance section out, so that the book shows it again
    whole: a facts section with items marked "glance" and others besides (never the first
    item of the book's first section, nor the item that says who acts: the status line says
    them), or a table with a filled column the summary did not show."""
    if s.get("kind") == "facts":
        items = [i for i in (s.get("items") or [])[1 if first else 0:] if not i.get("acting")]
        return any(i.get("glance") for i in items) and any(not i.get("glance") for i in items)
    if "columns" not in s:
        return False
    rows, columns = s.get("rows") or [], s.get("columns") or []
    marked = any(c.get("glance") for c in columns)
    for c in columns:
        filled = _filled(rows, c["key"])
        if filled and (not c.get("glance") if marked else
                       any(_type(v) == "list" for v in filled)):
            return True
    return False
