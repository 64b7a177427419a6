"""The end of a game (and standings before it): scores, the chart, the exports."""
from __future__ import annotations

import io
import json
from datetime import datetime

from flask import Response, render_template
from markupsafe import Markup

from companion import present, security
from companion.i18n import gettext as _
from companion.pages.blueprint import bp
from companion.pages.seats import _access, svc
from companion.pages.text import _use_table
from companion.table_clock import clock_text
from engine import GameError


def _record(access) -> dict:
    """This table's game as an engine record (title, players, seed, options, actions)."""
    record = dict(svc().record(access))
    record.pop("version", None)
    return record


def _series(record: dict, books: bool = False):
    """Each player's score after each round (the rounds as the title names them, shortly),
    replaying the record once; with ``books``, each point also carries the declared book as it
    stood then and where the game was in the round it ends (``game.where()``, the CSV's
    round, phase and step) and the step's number."""
    from engine import Game
    game = Game(record["title"], record["players"], record.get("seed", 0), record.get("options"))
    points = []
    steps = 0

    def round_key():
        return present.short_text(game.where())

    def point(label, where):
        return (label, dict(game.result())) + ((game.book(), where, steps) if books else ())

    last_round = round_key()
    last_where = game.where() if books else None
    label_of = last_round or "1"
    for action in record.get("actions", []):
        try:
            game.process(action)
        except GameError:
            break
        steps += 1
        key = round_key()
        if key != last_round:
            points.append(point(label_of, last_where))
            last_round = key
            last_where = game.where() if books else None
            label_of = key or str(len(points) + 1)
    points.append(point(label_of if not game.finished else _("End"),
                        game.where() if game.finished else last_where))
    return game, points


def _rows(game) -> list[dict]:
    """The title's declared scores, best first, with each player's name."""
    names = {p["id"]: p["name"] for p in game.players}
    rows = [dict(r, name=names.get(r["player"], r["player"])) for r in game.scores()]
    rows.sort(key=lambda r: -r["total"])
    return rows


SERIES_COLOURS = tuple(f"var(--s{i})" for i in range(6))


def in_points(rows: list[dict]) -> bool:
    """Whether the scores are points, not money: no part of any row is a money value (the
    declared parts say what a total is made of)."""
    kinds = {(p.get("value") or {}).get("t") for r in rows for p in r.get("parts") or []}
    return bool(kinds) and not kinds & {"money", "price"}


def _chart_svg(points, players) -> Markup:
    import pygal
    from pygal.style import Style
    style = Style(background="transparent", plot_background="transparent",
                  foreground="var(--muted)", foreground_strong="var(--fg)",
                  foreground_subtle="var(--line)",   # the theme's text colours (4.5:1)
                  # the series in the theme's own colours (static/app.css --s0..--s5, 4.5:1 on
                  # the page and the card in both themes), drawn opaque so they keep that ratio
                  colors=SERIES_COLOURS, opacity="1", stroke_opacity="1",
                  stroke_opacity_hover="1",
                  label_font_size=14, major_label_font_size=14, legend_font_size=16,
                  title_font_size=16, value_font_size=14, tooltip_font_size=14)
    chart = pygal.Line(style=style, width=420, height=340, show_dots=True, dots_size=3,
                       show_minor_x_labels=False, x_labels_major_every=max(1, len(points) // 6),
                       truncate_label=12,
                       legend_at_bottom=True, x_label_rotation=30, disable_xml_declaration=True,
                       js=[], title=None)
    chart.x_labels = [p[0] for p in points]
    for p in players:
        chart.add(p["name"], [pt[1].get(p["id"], 0) for pt in points])
    return Markup(chart.render(is_unicode=True))


@bp.get("/tables/<code>/scores")
def scores(code):
    from companion.present import end_reason
    access = _access(code)
    s = svc()
    st = s.state(access)
    state = st["state"]
    players = state.get("players") or []
    _use_table(state)
    record = _record(access)
    game, points = _series(record)
    thinking = s.clock_totals(access)
    rows = _rows(game)
    return render_template("scores.html", code=code, state=state, rows=rows,
                           in_points=in_points(rows),
                           thinking={str(k): clock_text(v) for k, v in thinking.items()},
                           chart=_chart_svg(points, players), finished=state.get("finished"),
                           reason=end_reason(state["game_end_reason"])
                           if state.get("game_end_reason") else None)


@bp.get("/tables/<code>/export.json")
def export_json(code):
    access = _access(code)
    record = _record(access)
    record["companion"] = {"code": code, "exported": datetime.utcnow().isoformat() + "Z"}
    resp = Response(json.dumps(record, ensure_ascii=False, indent=1),
                    mimetype="application/json")
    resp.headers["Content-Disposition"] = f'attachment; filename="{code}.json"'
    return resp


# the per-round book: the declared tables with one row per subject (players, companies)
_BOOK_TABLES = {"players": "player", "entities": "entity"}
_NUMBERS = ("money", "price", "count", "percent")


def _cell(v):
    """A declared value as a spreadsheet cell: a number as a number, anything else in words."""
    if isinstance(v, dict) and v.get("t") in _NUMBERS and isinstance(v.get("v"), int) \
            and not isinstance(v.get("v"), bool) and not v.get("note"):
        return v["v"]
    return present.value_text(v)


def _status_item(book, suffix: str):
    """The value of the book's status item whose label's code ends with ``suffix`` (``.phase``,
    ``.step``: the titles' ``book.phase``, ``label.phase``, ``label.step``), or None."""
    for item in (book[0].get("items") or []) if book and book[0].get("kind") == "facts" else []:
        code = (item.get("label") or {}).get("code") or ""
        if code.endswith(suffix):
            return item.get("value")
    return None


def _plain_cell(v):
    """A round, phase or step as a cell: a bare count as a number (a note such as "of 8" is
    left out: it is the same in every row), a message in words."""
    if isinstance(v, dict) and v.get("t") == "count" and isinstance(v.get("v"), int):
        return v["v"]
    if isinstance(v, dict) and "code" in v:
        return present.message_text(v)
    return "" if v is None else _cell(v)


def _where_columns(where, book, label) -> tuple:
    """(round, phase, step) of a row, split from what the title declares, never parsed from
    words: where the round it ends stood (``game.where()``) — a message whose params carry them
    ("Turn 1 of 8: Issue shares": ``turn``, ``phase``, a move's ``round``), else
    the item as the chart names it ("Operating round 1.2", "Round 3") — and the book's status
    items ``*.phase`` and ``*.step`` as they stand when the row is taken (the round's end)."""
    value = (where or {}).get("value") if isinstance(where, dict) else None
    msg = value.get("v") if isinstance(value, dict) and value.get("t") == "text" else None
    params = msg.get("params") or {} if isinstance(msg, dict) else {}
    if "turn" in params:
        rnd = params["turn"]
        phase = _plain_cell(params.get("phase")) if "phase" in params else None
        step = params.get("round")
    else:
        rnd = _plain_cell(value) if isinstance(value, dict) and value.get("t") == "count" \
            else label
        phase = step = None
    if phase is None:
        phase = _plain_cell(_status_item(book, ".phase"))
    if step is None:
        step = _plain_cell(_status_item(book, ".step"))
    return rnd, phase, "" if step is None else step


def _book_rows(points, players) -> tuple[list[str], list[list]]:
    """The header (in the page's language) and the rows of the per-round book: for each point
    of the chart, one row per row of each declared players or entities table: the round, phase
    and step (``_where_columns``), the step's number, its section's title, the subject's name,
    its cells under their declared labels, a player's row ending with the chart's total.
    Columns with the same label in two tables are one column (a player's and a company's cash)."""
    names = {p["id"]: p["name"] for p in players}
    columns: list[str] = []
    titles_of: dict[str, str] = {}
    rows = []
    for label, totals, book, where, steps in points:
        at = _where_columns(where, book, label) + (steps,)
        for section in book:
            subject = _BOOK_TABLES.get(section.get("kind"))
            if subject is None:
                continue
            labels = {c["key"]: present.message_text(c["label"]) for c in section["columns"]}
            what = present.message_text(section["title"])
            for text in labels.values():
                if text not in columns:
                    columns.append(text)
                    titles_of[text] = what
            for row in section["rows"]:
                sid = str(row.get(subject))
                cells = {labels[k]: _cell(v) for k, v in row.get("cells", {}).items()
                         if k in labels}
                worth = totals.get(sid) if subject == "player" else None
                rows.append((at, what, names.get(sid, sid), cells, worth))
    fixed = [_("Round"), _("Phase"), _("Step"), _("Step number"), _("Section"), _("Name")]
    # a declared column named like one of ours (a table's "Name" column) says its table
    header = fixed + [f"{c} ({titles_of[c]})" if c in fixed else c for c in columns] \
        + [_("Total")]
    out = [list(at) + [what, name] + [cells.get(c, "") for c in columns]
           + ["" if worth is None else worth]
           for at, what, name, cells, worth in rows]
    return header, out


@bp.get("/tables/<code>/export.csv")
def export_csv(code):
    """The per-round book: at each point of the scores chart (the end of each round as the
    title names it), every player's and company's declared row (cash, certificates, price,
    treasury…) and each player's total, under headers in the page's language, the round, phase
    and step in their own columns. Only the declared book is read."""
    access = _access(code)
    _use_table(svc().state(access)["state"])
    record = _record(access)
    game, points = _series(record, books=True)
    header, rows = _book_rows(points, game.players)
    out = io.StringIO()
    w = security.csv_writer(out)      # a name like "=cmd|..." is written as text
    w.writerow(header)
    w.writerows(rows)
    # a byte-order mark first: a spreadsheet then reads the file as UTF-8 (Korean names intact)
    resp = Response("\ufeff" + out.getvalue(), mimetype="text/csv", content_type="text/csv; charset=utf-8")
    resp.headers["Content-Disposition"] = f'attachment; filename="{code}-rounds.csv"'
    return resp
