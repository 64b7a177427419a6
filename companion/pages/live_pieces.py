"""Pieces of the live part made at almost every step, in plain Python: its first tag, the status
line (the round, who acts, the clock, the step's number, "you are …") and a seat's undo and redo
(what a take-back undoes on the board). pages/live_part.py puts them among the others (book/live.html's
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


def live_open_html(version: int, made: str, code: str, acting_json: str, finished: bool,
                   clock: dict | None) -> str:
    """The part's first tag, made for every part: what a phone reads before parsing it (the
    version, the part's name, who acts, since when the running clock runs)."""
    since = f' data-clock-since="{esc(clock["since"])}"' if clock and not clock["paused"] else ""
    return (f'<div id="live" data-version="{esc(version)}" data-made="{esc(made)}" '
            f'data-code="{esc(code)}" data-acting="{esc(acting_json)}"'
            f'{" data-finished" if finished else ""}{since}>')


def status_html(book: list, finished: bool, acting_names: list, clock: dict | None,
                version: int, seats: list) -> str:
    """The status line: where the game is (the book's first fact), who acts or that it is
    over, the running clocks, the step's number and which seat this phone is (each seat's
    "you are …" marked for its own phone to show: pages/table.py ``seat_style``)."""
    where = "".join(f'<b>{esc(value_text(s["items"][0]["value"]))}</b>'
                    for s in book[:1] if s.get("kind") == "facts")
    if finished:
        over = said("Game over")
        acting = f'<span class="acting">{over}</span>\n  '
    elif acting_names:
        who = said("Acting:")
        acting = (f'<span>{who} <span class="acting">'
                  f'{esc(", ".join(acting_names))}</span></span>')
    else:
        acting = ""
    runs = [c for c in clock["rows"] if c.get("running")] if clock else []
    timing = ""
    if clock and (clock.get("paused") or runs):
        times = said("paused") if clock.get("paused") else \
            " · ".join(f"{esc(c['name'])} {clock_time(c)}" for c in runs)
        label = said("Clock:")
        timing = f'<span class="clock" data-clock="now">{label} {times}</span>'
    you = "".join(f'<span data-only="{esc(i)}">{mine}</span>'
                  for i, mine in ((i, said("you are %(name)s", name=name)) for i, name in seats))
    now, step, watching = said("Now"), said("Step %(n)s", n=version), said("watching")
    return (f'<section class="card status" aria-label="{now}">\n'
            f"  {where}\n  {acting}\n  \n  {timing}\n"
            f'  <span class="muted">{step} · {you}'
            f'<span data-only="">{watching}</span></span>\n</section>')


def undo_html(code: str, can_act: bool, undo_target: dict | None, can_redo: bool, csrf: str,
              version: str) -> str:
    """A seat's undo card: take back the last step in force (what to undo on the board, and
    that its seat must allow it when another seat took it), and redo the step undone last.
    ``csrf`` and ``version``: the slots each phone fills in (pages/live_part.py)."""
    if not can_act:
        return ""

    def form(endpoint: str, button: str, text: str, after: str) -> str:
        return (f'\n  <form method="post" action="{esc(url_for(endpoint, code=code))}" data-live>'
                f'\n    <input type="hidden" name="csrf_token" value="{csrf}">\n'
                f'    <input type="hidden" name="expected_version" value="{version}">\n    '
                f'<button class="alt" id="{button}">{text}</button>\n{after}  </form>\n  ')
    undo = redo = ""
    if undo_target:
        board = ""
        if undo_target.get("board"):
            head = said("On the board, undo:")
            board = (f'<div class="muted" data-undo-board><p>{head}</p>'
                     f'<ul>{"".join(f"<li>{esc(b)}</li>" for b in undo_target["board"])}</ul>'
                     f"</div>")
        whose = ""
        if undo_target.get("player"):
            allow = said("entered by %(who)s: they must allow it", who=undo_target["name"])
            whose = (f'<span class="muted" data-not="{esc(undo_target["player"])}">{allow}'
                     f"</span>")
        undo = form("pages.undo", "undo", said("Take back: %(what)s", what=undo_target["what"]),
                    f"    {board}\n    {whose}\n")
    if can_redo:
        redo = form("pages.redo", "redo", said("Redo the step undone last"), "")
    card = said("Undo and correct")
    return f'\n<section class="card undo-fix" aria-label="{card}">\n  {undo}\n  {redo}'
