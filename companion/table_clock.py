"""The table clock: each player's thinking time, counted by the server while the game waits on
that player. The engine says who acts (``Game.acting_players``); the companion keeps the time,
beside the log, in the table's row (``tables.clock_on``, ``tables.clock``), so that it survives a
restart and is the same on every phone.

The clock's state is a small dict (stored as JSON text)::

    {"paused": bool, "running": [seat, ...], "since": epoch seconds, "used": {seat: seconds}}

``used`` is each seat's time up to ``since``; the seats in ``running`` (those the game waits on)
have been thinking since ``since`` unless the clock is paused. Each step, pause, resume and
switch settles the running time into ``used`` and starts again from the server's ``now``: a phone
shows ``used`` and ticks the running seats' time itself from ``since`` (no timer messages).

Off (``clock_on`` false, the default) the clock costs a post one flag read with the version;
nothing is written, pushed or ticked.

The arithmetic (the functions below) takes the time as an argument; :class:`ClockControl` (a part
of :class:`companion.tables.TableService`) reads it from ``self.now`` (``time.time``: tests inject
their own).
"""
from __future__ import annotations

import json

from companion import sql
from companion.wire import Access, ServiceError

SWITCHES = ("on", "off", "pause", "resume")


def new(acting: list[str], now: float) -> dict:
    """A clock switched on for the first time: nobody has used any time yet."""
    return {"paused": False, "running": list(acting), "since": now, "used": {}}


def settle(clock: dict, now: float) -> dict:
    """The clock with the running seats' time since ``since`` added to ``used`` and ``since``
    moved to ``now`` (a time before ``since``, a clock set back, counts nothing)."""
    used = dict(clock.get("used") or {})
    if not clock.get("paused"):
        spent = max(0.0, now - float(clock.get("since") or now))
        for seat in clock.get("running") or []:
            used[seat] = round(used.get(seat, 0.0) + spent, 3)
    return {**clock, "used": used, "since": now}


def after_step(clock: dict, acting: list[str], now: float) -> dict:
    """A step was entered: the time so far goes to those the game waited on, and the clock now
    runs for those it waits on after the step."""
    return {**settle(clock, now), "running": list(acting)}


def pause(clock: dict, now: float) -> dict:
    return {**settle(clock, now), "paused": True}


def resume(clock: dict, acting: list[str], now: float) -> dict:
    return {**clock, "paused": False, "running": list(acting), "since": now}


def totals(clock: dict | None, now: float) -> dict[str, float]:
    """Each seat's thinking time at ``now``."""
    return settle(clock, now)["used"] if clock else {}


def clock_text(seconds: float) -> str:
    """``1:02:03`` or ``4:05`` (minutes and seconds under an hour)."""
    s = int(max(0, seconds))
    h, m, s = s // 3600, s // 60 % 60, s % 60
    return f"{h}:{m:02d}:{s:02d}" if h else f"{m}:{s:02d}"


class ClockControl:
    """Switching the clock and reading it (uses the service's ``store``, ``hub``, ``_lock``,
    ``_fresh``, ``_live_table`` and ``now``)."""

    def clock_of(self, access: Access) -> dict | None:
        """The table's clock as the live table has it (no query): ``{"on", "paused", "running",
        "since", "used"}``, or None when it is off."""
        with self._lock(access.table_id):
            live = self._live_table(access.table_id)
            return {"on": True, **live.clock} if live.clock_on and live.clock else None

    def clock_totals(self, access: Access) -> dict[str, float]:
        """Each seat's thinking time now (empty when the clock was never switched on)."""
        with self._lock(access.table_id):
            live = self._fresh(access.table_id)
            if not live.clock:
                return {}
            return totals(live.clock if live.clock_on else {**live.clock, "paused": True},
                          self.now())

    def set_clock(self, access: Access, what) -> dict:
        """Switch the clock ``on`` or ``off``, ``pause`` or ``resume`` it (any seat). Returns
        the clock as :meth:`clock_of` says it (``{"on": False, ...}`` when switched off)."""
        if not access.can_write:
            raise ServiceError(403, "read_only", "A spectator link can only watch.")
        if what not in SWITCHES:
            raise ServiceError(400, "bad_clock", f"'clock' must be one of {', '.join(SWITCHES)}.",
                               allowed=list(SWITCHES))
        tid = access.table_id
        with self._lock(tid):
            live = self._fresh(tid)
            with self.store.write_conn() as conn:
                row = sql.raw(conn, sql.SQL_CLOCK_LOCK if self.store.dialect == "postgresql"
                              else sql.SQL_VERSION_CLOCK, {"tid": tid}).fetchone()
                _version, on, text = row
                clock = json.loads(text) if text else None
                now = self.now()
                acting = live.acting_seats()
                if what == "on":
                    clock = (new(acting, now) if clock is None else
                             clock if on else resume(clock, acting, now))
                    on = True
                elif clock is None or not on:
                    raise ServiceError(409, "clock_off", "The table clock is off: switch it on "
                                                         "first.")
                elif what == "off":
                    clock, on = {**settle(clock, now), "running": []}, False
                elif what == "pause":
                    clock = clock if clock.get("paused") else pause(clock, now)
                else:
                    clock = resume(clock, acting, now) if clock.get("paused") else clock
                sql.raw(conn, sql.SQL_SET_CLOCK, {"tid": tid, "on": bool(on),
                                                  "clock": json.dumps(clock)})
            live.clock_on, live.clock = bool(on), clock
            out = {"on": bool(on), **clock}
            if self.hub is not None:
                self.hub.publish(tid, {"clock": out})
        return out
