"""The history of a table: its steps in force and each step as a line."""
from __future__ import annotations

from datetime import datetime, timedelta

from flask import render_template, request

from companion.pages.blueprint import bp
from companion.pages.seats import _access, svc
from companion.pages.text import _use_table, describe, device_name, name_of


def _effective_steps(entries: list[dict]) -> list[dict]:
    """The history entries whose actions are in force (undo/redo taken into account)."""
    stack, undone = [], []
    for h in entries:
        kind = h["action"].get("type")
        if kind == "undo":
            if stack:
                undone.append(stack.pop())
        elif kind == "redo":
            if undone:
                stack.append(undone.pop())
        else:
            stack.append(h)
            undone.clear()
    return stack


TZ_COOKIE = "tz"      # the phone's minutes east of UTC, set by history_list.html's script


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


@bp.get("/tables/<code>/history")
def history(code):
    access = _access(code)
    s = svc()
    st = s.state(access)
    _use_table(st["state"])
    hist = s.history(access, since=0, limit=5000)["entries"]
    entries = list(reversed([_entry(h) for h in hist]))
    return render_template("history.html", code=code, state=st["state"], entries=entries)
