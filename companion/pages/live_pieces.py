"""Pieces of the live part made at almost every step, in plain Python: its first tag, the status
line (the round, who acts, the clock, the step's number, "you are …"), the news (undo asks, a
step entered for a seat, what the last step did) and a seat's undo and redo (what a take-back
undoes on the board). pages/live_part.py puts them among the others (book/live.html's
blocks, the book's sections, the forms, the history's lines). Several times quicker than the
template blocks they were, and the markup is the same byte for byte
(tests/companion/test_live_pieces_html.py, against those blocks as they were)."""
from __future__ import annotations

from flask import url_for
from markupsafe import Markup

from companion.pages.blueprint import bp
from companion.pages.pictures import esc
from companion.pages.text import event_text, money_now, said
from companion.present import engine_text, value_text


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


def undo_html(code: str, undo_target: dict | None, can_redo: bool, csrf: str,
              version: str) -> str:
    """The seats' undo card (``data-seats``: not on a watcher's phone): take back the last step
    in force (what to undo on the board, and that its seat must allow it when another seat took
    it), and redo the step undone last. ``csrf`` and ``version``: the slots each phone fills in
    (pages/live_part.py)."""

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
    return f'\n<section class="card undo-fix" data-seats aria-label="{card}">\n  {undo}\n  {redo}'


def news_html(code: str, asks: list, notice, for_seat: dict | None, ranking: list,
              taken_back: list, last_events: list, csrf: str) -> str:
    """The news: undo asks (a seat's to allow, marked for the step's seat; the asker's waiting
    line, marked for the asker), the answer to this phone's post, a step entered for a seat
    (marked for that seat); then a finished game's ranking, the steps the last undos took back
    and the last step's consequences (a rust, a phase change: what to move on the board), which
    stay until the next step. ``csrf``: the slot each phone fills in (pages/live_part.py)."""
    out = []
    for req in asks:
        action = url_for("pages.answer_undo", code=code, req=req["id"])
        out.append(
            f'\n<section class="card err" role="alert" data-consent="{esc(req["id"])}" '
            f'data-only="{esc(req["step_player"])}">\n  <p>'
            f'{said("%(who)s asks to undo your step: %(what)s", who=req["by_name"], what=req["what"])}'
            f'</p>\n  <form method="post" action="{esc(action)}" class="row" data-live>\n'
            f'    <input type="hidden" name="csrf_token" value="{csrf}">\n'
            f'    <button name="answer" value="approve">{said("Allow the undo")}</button>\n'
            f'    <button name="answer" value="decline" class="alt">{said("Keep my step")}</button>\n'
            f'  </form>\n</section>\n')
    out.append("\n")
    for req in asks:
        waiting = said("Waiting for %(who)s to allow the undo of: %(what)s",
                       who=req["owner_name"], what=req["what"])
        out.append(f'\n<p class="flash" data-waiting="{esc(req["id"])}" '
                   f'data-only="{esc(req["requested_by"])}">{waiting}</p>\n')
    out.append("\n")
    if notice:
        out.append(f'<p class="flash" role="status">{esc(notice)}</p>')
    out.append("\n")
    if for_seat:
        who = for_seat["by"] + (" (" + for_seat["device"] + ")" if for_seat.get("device") else "")
        out.append(f'<p class="flash" role="status" data-for-me="{esc(for_seat["version"])}" '
                   f'data-only="{esc(for_seat["seat"])}">'
                   f'{said("%(who)s entered a step for you: %(what)s", who=who, what=for_seat["what"])}'
                   f'</p>')
    out.append('\n\n<div class="news">\n\n')
    if ranking:
        rows = "".join(f'<li value="{esc(r["place"])}" data-player="{esc(r["player"])}">'
                       f'<b>{esc(r["name"])}</b> <span class="num">{esc(money_now(r["total"]))}'
                       f'</span></li>' for r in ranking)
        out.append(f'\n<section class="card ranking" id="ranking" '
                   f'aria-label="{said("Final scores")}">\n  <h2>{said("Final scores")}</h2>\n'
                   f'  <ol>{rows}</ol>\n</section>\n')
    out.append("\n")
    if taken_back:
        rows = []
        for t in taken_back:
            board = ""
            if t.get("board"):
                board = (f'<div class="muted">{said("On the board, undo:")}<ul>'
                         + "".join(f"<li>{esc(b)}</li>" for b in t["board"]) + "</ul></div>")
            rows.append(f'<li data-taken-back="{esc(t["version"])}"><span class="muted">'
                        f'#{esc(t["version"])}</span> {esc(t["what"])} <span class="muted">'
                        f'{said("entered by %(who)s", who=t["by"])}</span>{board}</li>')
        head = said("Taken back (%(n)s), newest first", n=len(taken_back))
        out.append(f'\n<section class="card" id="taken-back" aria-label="{said("Taken back")}">'
                   f'\n  <h2>{head}</h2>\n  <ol>{"".join(rows)}</ol>\n</section>\n')
    out.append("\n")
    if last_events:
        events = "".join(
            f'<div class="event" data-code="{esc(e.get("code", ""))}">{esc(event_text(e))}'
            + (f'<span class="board">{esc(engine_text(e, "board"))}</span>' if e.get("board")
               else "") + "</div>" for e in last_events)
        out.append(f'\n<section class="last" aria-label="{said("What just happened")}">\n'
                   f'{events}\n</section>\n')
    out.append("\n</div>")
    return "".join(out)
