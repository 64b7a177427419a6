"""Pieces of the live part made at almost every step, in plain Python: the status line (the
round, who acts, the clock, the step's number, "you are …") and a seat's undo and redo (what a
take-back undoes on the board). pages/live_part.py puts them among the others (book/live.html's
blocks, the book's sections, the forms, the history's lines). Several times quicker than the
template blocks they were, and the markup is the same byte for byte
(tests/companion/test_live_pieces_html.py, against those blocks as they were)."""
from __future__ import annotations

from flask import url_for
from markupsafe import Markup

from companion.pages.blueprint import bp
from companion.pages.pictures import esc
from companion.pages.text import said
from companion.present import value_text


@bp.app_template_global()
def clock_time(c: dict) -> Markup:
    """A seat's time on the table clock (the status line's, and the summary's in
    book/live.html): a phone ticks a running one itself (static/live_boot.js)."""
    return Markup(f'<span class="num" data-clock-seat="{esc(c["seat"])}" '
                  f'data-used="{esc(c["used"])}"{" data-running" if c["running"] else ""}>'
                  f'{esc(c["text"])}</span>')


def status_html(book: list, finished: bool, acting_names: list, clock: dict | None,
                version: int, seats: list) -> str:
    """The status line: where the game is (the book's first fact), who acts or that it is
    over, the running clocks, the step's number and which seat this phone is (each seat's
    "you are …" marked for its own phone to show: pages/table.py ``seat_style``)."""
    where = "".join(f'<b>{esc(value_text(s["items"][0]["value"]))}</b>'
                    for s in book[:1] if s.get("kind") == "facts")
    if finished:
        acting = f'<span class="acting">{said("Game over")}</span>\n  '
    elif acting_names:
        acting = (f'<span>{said("Acting:")} <span class="acting">'
                  f'{esc(", ".join(acting_names))}</span></span>')
    else:
        acting = ""
    runs = [c for c in clock["rows"] if c.get("running")] if clock else []
    timing = ""
    if clock and (clock.get("paused") or runs):
        times = said("paused") if clock.get("paused") else \
            " · ".join(f"{esc(c['name'])} {clock_time(c)}" for c in runs)
        timing = f'<span class="clock" data-clock="now">{said("Clock:")} {times}</span>'
    you = "".join(f'<span data-only="{esc(i)}">{said("you are %(name)s", name=name)}</span>'
                  for i, name in seats)
    return (f'<section class="card status" aria-label="{said("Now")}">\n'
            f"  {where}\n  {acting}\n  \n  {timing}\n"
            f'  <span class="muted">{said("Step %(n)s", n=version)} · {you}'
            f'<span data-only="">{said("watching")}</span></span>\n</section>')


def undo_html(code: str, can_act: bool, undo_target: dict | None, can_redo: bool, csrf: str,
              version: str) -> str:
    """A seat's undo card: take back the last step in force (what to undo on the board, and
    that its seat must allow it when another seat took it), and redo the step undone last.
    ``csrf`` and ``version``: the slots each phone fills in (pages/live_part.py)."""
    if not can_act:
        return ""
    hidden = (f'\n    <input type="hidden" name="csrf_token" value="{csrf}">\n'
              f'    <input type="hidden" name="expected_version" value="{version}">\n    ')
    undo = redo = ""
    if undo_target:
        board = ""
        if undo_target.get("board"):
            board = (f'<div class="muted" data-undo-board><p>{said("On the board, undo:")}</p>'
                     f'<ul>{"".join(f"<li>{esc(b)}</li>" for b in undo_target["board"])}</ul>'
                     f"</div>")
        whose = ""
        if undo_target.get("player"):
            whose = (f'<span class="muted" data-not="{esc(undo_target["player"])}">'
                     f'{said("entered by %(who)s: they must allow it", who=undo_target["name"])}'
                     f"</span>")
        undo = (f'\n  <form method="post" action="{esc(url_for("pages.undo", code=code))}" '
                f'data-live>{hidden}<button class="alt" id="undo">'
                f'{said("Take back: %(what)s", what=undo_target["what"])}</button>\n'
                f"    {board}\n    {whose}\n  </form>\n  ")
    if can_redo:
        redo = (f'\n  <form method="post" action="{esc(url_for("pages.redo", code=code))}" '
                f'data-live>{hidden}<button class="alt" id="redo">'
                f'{said("Redo the step undone last")}</button>\n  </form>\n  ')
    return (f'\n<section class="card undo-fix" aria-label="{said("Undo and correct")}">\n'
            f"  {undo}\n  {redo}")
