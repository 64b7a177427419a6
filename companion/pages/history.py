"""The history of a table: its steps in force and each step as a line."""
from __future__ import annotations

from datetime import datetime, timedelta
from typing import NamedTuple

from flask import render_template, request, url_for
from markupsafe import Markup

from companion.live_wire import TZ_COOKIE
from companion.pages.blueprint import bp
from companion.pages.pictures import esc
from companion.pages.seats import _access, svc
from companion.pages.text import _use_table, describe, device_name, event_text, name_of, said
from companion.present import engine_text


class UndoMarks(NamedTuple):
    """What the undos and redos of a run of history entries leave (:func:`undo_marks`)."""
    in_force: list          # the entries whose actions are in force, oldest first
    undone: set             # the versions of the steps not in force (undone, not redone)
    taken_back: list        # the steps the last undos took back, newest first


def undo_marks(entries: list[dict]) -> UndoMarks:
    """The entries' steps in force, those undone, and those the last undos took back (the
    log's trailing run of undos: what to put back on the board, step by step), found in one
    pass: undo takes the last step in force back, redo puts the last undone one again, and a
    new step forgets what was undone."""
    stack, undone, back = [], [], []
    for h in entries:
        kind = h["action"].get("type")
        if kind == "undo":
            if stack:
                undone.append(stack.pop())
                back.append(undone[-1])
        elif kind == "redo":
            back = []
            if undone:
                stack.append(undone.pop())
        else:
            back = []
            stack.append(h)
            undone.clear()
    in_force = {h["version"] for h in stack}
    return UndoMarks(stack, {h["version"] for h in entries
                             if is_step(h) and h["version"] not in in_force}, back)


def is_step(h: dict) -> bool:
    """A step of the game (not an undo or a redo of one)."""
    return h["action"].get("type") not in ("undo", "redo")


def undone_versions(entries: list[dict]) -> set[int]:
    """The steps of ``entries`` that are not in force: undone (and not redone), kept in the
    history and marked there."""
    return undo_marks(entries).undone




def phone_offset() -> timedelta | None:
    """The phone's time zone (its ``tz`` cookie: minutes east of UTC), or None if unknown."""
    try:
        minutes = int(request.cookies.get(TZ_COOKIE, ""))
    except ValueError:
        return None
    return timedelta(minutes=minutes) if -16 * 60 <= minutes <= 16 * 60 else None


def local_time(at: str) -> tuple[str, bool]:
    """(the time of ``at``, an ISO 8601 UTC time, in the phone's time zone; whether it is
    still UTC). Without the phone's zone (no script has run yet) it is UTC and says so."""
    try:
        dt = datetime.fromisoformat(at.replace("Z", "+00:00"))
    except ValueError:
        return "", False
    offset = phone_offset()
    if offset is None:
        return dt.strftime("%H:%M:%S UTC"), True
    return (dt + offset).strftime("%H:%M:%S"), False


def _device(h: dict) -> str:
    return device_name((h.get("device") or {}).get("label") or "")


def _entry(h: dict) -> dict:
    at = h.get("at") or ""
    when, utc = local_time(at)
    return {"version": h["version"], "what": describe(h["action"]), "by": h.get("name") or
            name_of(h.get("player") or "?"), "device": _device(h), "when": when,
            "when_iso": at, "utc": utc,
            "events": h.get("events") or [], "correction": h["action"].get("type") == "correction",
            "action": h["action"], "player": h.get("player")}


def line_head(h: dict) -> str:
    """A history line (:func:`_entry`, marked ``undone``) up to its "Undo back to here" link:
    the same on every phone, made once. In plain Python: a live
    part makes a line or two at every step, several times quicker than a template."""
    fix, undone = said("CORRECTION"), said("UNDONE")
    tags = (f'<span class="tag">{fix}</span> ' if h["correction"] else "") + \
        (f'<span class="tag">{undone}</span> ' if h["undone"] else "")
    by = said("entered by %(who)s", who=h["by"])
    if h["device"]:
        by += f" · {esc(h['device'])}"
    if h["when"]:
        by += (f' · <time datetime="{esc(h["when_iso"])}"{" data-utc" if h["utc"] else ""}>'
               f'{esc(h["when"])}</time>')
    events = "".join(
        f'<div class="event" data-code="{esc(e["code"]) if "code" in e else ""}">'
        f'{esc(event_text(e))}'
        + (f'<span class="board">{esc(engine_text(e, "board"))}</span>' if e.get("board") else "")
        + "</div>" for e in h["events"])
    return (f'<li class="{"fix" if h["correction"] else ""}{" undone" if h["undone"] else ""}" '
            f'data-version="{h["version"]}"{" data-undone" if h["undone"] else ""}>\n'
            f"  {tags}\n"
            f'  <span class="muted">#{h["version"]}</span> <span>{esc(h["what"])}</span>\n'
            f'  <br><span class="muted">{by}</span>\n'
            f"  {events}\n  ")


def line_tail(h: dict, code: str) -> str:
    """The rest of a history line: a seat's "Undo back to here" (when ``back``), and its end."""
    if not h["back"]:
        return "\n</li>"
    href = url_for("pages.undo_to_page", code=code, version=h["version"])
    back = said("Undo back to here")
    return (f'<a class="btn alt" data-seats data-back-to="{h["version"]}" href="{esc(href)}">'
            f'{back}</a>'
            f'\n</li>')


@bp.app_template_global()
def history_line(h: dict, code: str) -> Markup:
    """A history line, whole (the history page's; the live part's are made of
    :func:`line_head`, kept, and :func:`line_tail`)."""
    return Markup(line_head(h) + line_tail(h, code))


@bp.get("/tables/<code>/history")
def history(code):
    access = _access(code)
    s = svc()
    st = s.state(access)
    _use_table(st["state"])
    hist = s.history(access, since=0, limit=5000)["entries"]
    undone = undone_versions(hist)
    entries = list(reversed([dict(_entry(h), undone=h["version"] in undone,
                                  back=access.can_write and is_step(h) and
                                  h["version"] not in undone) for h in hist]))
    return render_template("history.html", code=code, state=st["state"], entries=entries)


@bp.get("/tables/<code>/undo-to/<int:version>")
def undo_to_page(code, version):
    """What "undo back to here" would take back, newest first, whose, and what to put back on
    the board; whose consent it needs; one button that does it or asks for it."""
    from companion.present import engine_text
    access = _access(code)
    s = svc()
    st = s.state(access)
    _use_table(st["state"])
    plan = s.undo_plan(access, version)
    hist = s.history(access, since=version - 1, limit=5000)["entries"]
    by_version = {h["version"]: _entry(h) for h in hist}
    steps = []
    for step in plan["steps"]:
        e = by_version[step["version"]]
        steps.append(dict(e, board=[engine_text(ev, "board") for ev in e["events"]
                                    if ev.get("board")]))
    return render_template("undo_to.html", code=code, state=st["state"], steps=steps,
                           needs=[name_of(p) for p in plan["needs"]], to_version=version,
                           can_write=access.can_write)
