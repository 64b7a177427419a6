"""The history of a table: its steps in force and each step as a line."""
from __future__ import annotations

from datetime import datetime

from flask import render_template

from companion.pages.blueprint import bp
from companion.pages.seats import _access, svc
from companion.pages.text import _use_table, describe, name_of


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


def _entry(h: dict) -> dict:
    at = h.get("at") or ""
    when = ""
    try:
        dt = datetime.fromisoformat(at.replace("Z", "+00:00"))
        when = dt.strftime("%H:%M:%S UTC")
    except ValueError:
        pass
    device = (h.get("device") or {}).get("label") or ""
    return {"version": h["version"], "what": describe(h["action"]), "by": h.get("name") or
            name_of(h.get("player") or "?"), "device": device, "when": when, "when_iso": at,
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
