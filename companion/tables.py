"""The table service: what the pages, the JSON API and the live hub call.

A *table* is one game of a title shared by every phone around it. Each table's
live :class:`engine.Game` is kept in memory; every accepted action is applied to
it once (never a replay per action) and appended to the table's log in the same
transaction that raises the table's version. Snapshots make reloading fast.

Public API (all functions take/return plain data; errors are :class:`ServiceError`)
-----------------------------------------------------------------------------------
Get the service of the running app with ``service()`` (``current_app``), then:

``svc.create_table(title, players, seed=None, options=None) -> Created``
    ``players``: list of names (or ``{"id", "name"}``). ``seed``: int or None
    (random). ``Created`` has ``code``, ``seats`` (``[{"player", "name",
    "token"}]``), ``spectate_token``, ``invite`` (secret of the invite link).
``svc.authorize(code, token) -> Access``
    ``Access``: ``table_id``, ``code``, ``role`` ("seat" | "spectator"),
    ``player`` (seat's player id, None for a spectator), ``name``, ``device_id``,
    ``device_label``, ``can_write``. Raises 404 ``table_not_found``, 401
    ``token_missing``, 403 ``token_invalid`` (includes another table's token).
``svc.state(access) -> {"version", "state", "legal"}``
    ``state`` is ``game.view()``, ``legal`` is ``game.legal_actions()`` (a fresh
    copy each call; made once per version). ``svc.state_json(access)`` /
    ``svc.state_versioned(access) -> (version, text)``: the same as JSON text;
    ``svc.state_shown(access)``: as the engine made it, shared (the pages' live part), with
    the game's header (``game.header()``) for ``state``, not its whole view.
``svc.legal_now(access) -> {"version", "legal", "title", "players", "currency"}``
    The live game's legal entries (not a copy) and whose words: what a page's form is
    checked against and a step built from, without the state's JSON.
``svc.submit(access, action, expected_version, key=None) -> (status, body)``
    200 ``{"version", "events"}``; 409 ``{"version", "error"}`` (stale
    ``expected_version``); 422 ``{"error": {"code", "message", "params"}}`` (the
    engine refused, or ``undo_needs_consent``); the same ``key`` again returns the
    stored (status, body) and applies nothing (the same request: the answer is kept with a
    hash of the posted action and expected version, :func:`request_hash`; another request
    with the key is 422 ``key_reused``). The log keeps the action as the engine accepted it
    (``game.log[-1]``). Spectators get 403 ``read_only``.
    Bad arguments raise 400 (``bad_action``, ``bad_expected_version``, ``bad_key``).
    ``svc.submit_json(...) -> (status, text)``: the same answer as JSON text. Every step
    (the JSON API's and the pages') is posted through this one call, which holds the table's
    lock from its checks to the write.
``svc.since(access, version) -> [{"version", "action", "events"}]``
    Every accepted action after ``version``, in order (catch-up).
``svc.history(access, since=0, limit=500) -> {"version", "entries": [...]}``
    Each entry: ``version``, ``action``, ``events``, ``player`` (seat that
    entered it), ``name``, ``device`` (``{"id", "label"}``), ``at`` (ISO 8601 UTC).
``svc.record(access) -> {"format", "title", "players", "seed", "options", "actions", "version"}``
    The game as an engine record (``engine.records.replay(record)`` rebuilds it).
``svc.table_info(code, invite) -> {"code", "title", "title_name", "seats", "version"}``
    What a join page shows; needs the invite secret (403 ``invite_invalid``).
``svc.join(code, invite, player, label="") -> {"player", "name", "token"}``
    A new device token for that seat (each phone its own; the log names it).
``svc.undo_requests(access) -> [UndoRequest dict]`` (open ones: pending/approved)
``svc.request_undo(access) -> UndoRequest dict``
    Asks the seat that entered the last step for consent to undo it.
``svc.answer_undo(access, request_id, approve: bool) -> UndoRequest dict``
    Only that seat may answer. An undo (``{"type": "undo"}``) of a step another
    seat entered is refused (422 ``undo_needs_consent``) unless approved.
    UndoRequest dict: ``id``, ``step_version``, ``step_player``,
    ``requested_by``, ``status`` (pending|approved|declined|used|void).

Every change is published on the hub (``companion.live``): ``{"version",
"action", "events"}`` per accepted action, ``{"undo_request": {...}}`` per undo
request change (``{"undo_request": null}`` when open requests lapse because the
game moved on).

Concurrency: one lock per table in the process; in the database a post is one
transaction (SQLite ``BEGIN IMMEDIATE``; PostgreSQL ``SELECT ... FOR UPDATE`` of the
table's row) that checks the key and the version, applies the action to the live
game, appends the log row, raises the version and stores the key's answer. If the
write fails after the engine applied the action, the live game is dropped and
rebuilt from the log at the next use: memory is never ahead of the log.
On PostgreSQL the usual post (the live game is at the version the phone saw, no
newer version was seen published, not an undo, no snapshot due) is one round trip:
the live game applies the action, then one autocommit statement raises the version
only if the table is still at the old one and the key is new, and writes the log
row and the key's answer with it (``SQL_PG_FAST``); if it writes nothing, the live
game is dropped and the locked transaction above answers (409, the key's answer...).
"""
from __future__ import annotations

import hashlib
import json
import logging
import pickle
import threading
import time

from flask import current_app
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session

from companion.live_table import LiveTable, engine_fingerprint
from companion.models import Snapshot, TableRow, utcnow
from companion import sql
from companion import table_clock
from companion.seating import MAX_LABEL, Seating
from companion.security import has_control
from companion.table_clock import ClockControl
from companion.table_log import LogReads
from companion.undo_consent import UndoConsent
from companion.wire import MAX_INT, Access, ServiceError, dumps, dumps_engine, loads_engine
from engine import Game, GameError, titles

log = logging.getLogger(__name__)
MAX_KEY = 128


def request_hash(action, expected_version) -> str:
    """What a key's answer is kept with: a hash of the request as it was posted (its action and
    expected version as canonical JSON: keys sorted, no spaces), never of what the engine kept
    of it, so the same request has the same hash on any process and after a restart."""
    text = json.dumps({"action": action, "expected_version": expected_version}, sort_keys=True,
                      separators=(",", ":"), ensure_ascii=False, default=str)
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


class Written:
    """An applied step on its way to the log: the action as the engine accepted it and its
    events (each also as JSON text), the post's answer as JSON text and the undo requests
    that lapsed with it."""

    def __init__(self, version: int, action: dict, events: list):
        self.version, self.action, self.events = version, action, events
        self.action_text, self.events_text = dumps(action), dumps_engine(events)
        self.body_text = f'{{"version":{version},"events":{self.events_text}}}'
        self.voided = 0

    def row(self, access: Access, at) -> dict:
        """The log row's parameters (the statements' ``:tid``, ``:version``, ``:action``...)."""
        self.written = dict(tid=access.table_id, version=self.version, action=self.action_text,
                            events=self.events_text, player=access.player,
                            name=access.name[:64], device=access.device_id,
                            label=access.device_label[:MAX_LABEL], at=at)
        return dict(self.written)


class TableService(Seating, LogReads, UndoConsent, ClockControl):
    """The table service (the module's docstring lists its calls); its parts by purpose:
    :class:`~companion.seating.Seating` (tables, seats, tokens), this class (the live games and
    posting), :class:`~companion.table_log.LogReads` (catch-up, history, record),
    :class:`~companion.undo_consent.UndoConsent` (undo with consent, undo back to a chosen
    point) and :class:`~companion.table_clock.ClockControl` (the table clock)."""

    def __init__(self, store, hub=None, *, snapshot_every: int = 100, shared: bool = False,
                 spectate_url: str = "/tables/{code}/watch?token={token}",
                 invite_url: str = "/tables/{code}/join?invite={invite}",
                 idle_seconds: float = 1800.0, now=None):
        self.store = store
        self.now = now or time.time      # the table clock's time (epoch seconds); tests inject
        self.idle_seconds = float(idle_seconds)
        self._last_sweep = time.monotonic()
        self._posts = 0
        self.key_ttl_hours = 48.0
        self.hub = hub
        self.snapshot_every = max(1, int(snapshot_every))
        self.shared = shared          # other processes may write: check the database version
        self.spectate_url = spectate_url
        self.invite_url = invite_url
        self._live: dict[int, LiveTable] = {}
        self._locks: dict[int, threading.RLock] = {}
        self._guard = threading.Lock()
        self._tokens: dict[str, Access] = {}
        self._recent: dict[int, list] = {}    # table id -> its newest history entries (table_log)
        self._undo_kept: dict[int, list] = {}     # table id -> its open undo requests (undo_consent)
        self._codes: dict[str, int] = {}

    # -- the live game --------------------------------------------------------------------------
    def _lock(self, table_id: int) -> threading.RLock:
        lock = self._locks.get(table_id)
        if lock is None:
            with self._guard:
                lock = self._locks.setdefault(table_id, threading.RLock())
        return lock

    def _load(self, s, table_id: int) -> LiveTable:
        """Build a table's live game: the newest usable snapshot, then the log after it."""
        row = s.get(TableRow, table_id)
        if row is None:
            raise ServiceError(404, "table_not_found", "No such table.")
        spec = titles.TITLES.get(row.title)
        if spec is None:
            raise ServiceError(503, "title_unavailable",
                               f"This server's engine does not know the title {row.title!r}.")
        live = None
        fp = engine_fingerprint(spec)
        snaps = s.exec(select(Snapshot).where(Snapshot.table_id == table_id,
                                              Snapshot.fingerprint == fp,
                                              Snapshot.version <= row.version)
                       .order_by(Snapshot.version.desc()).limit(1)).scalars().all()
        for snap in snaps:
            try:
                game, entered, undone = pickle.loads(snap.data)
                live = LiveTable(table_id, row.code, game, snap.version, entered, undone)
            except Exception:  # an unreadable snapshot: fall back to the log
                log.warning("snapshot %s@%s unusable; replaying the log", table_id, snap.version)
        if live is None:
            game = Game(row.title, json.loads(row.players), row.seed, json.loads(row.options))
            live = LiveTable(table_id, row.code, game, 0)
        self._catch_up(s.connection(), live, row.version)
        live.clock_on, live.clock = bool(row.clock_on), json.loads(row.clock) if row.clock else None
        return live

    def _catch_up(self, s, live: LiveTable, upto: int) -> None:
        if upto <= live.version:
            return
        rows = s.execute(select(sql.A.c.version, sql.A.c.action, sql.A.c.player)
                         .where(sql.A.c.table_id == live.table_id, sql.A.c.version > live.version,
                                sql.A.c.version <= upto).order_by(sql.A.c.version)).all()
        for version, action, player in rows:
            if version != live.version + 1:
                raise ServiceError(503, "log_gap", f"The log of this table has a gap at {version}.")
            try:
                live.apply(json.loads(action), version, player, checked=False)
            except GameError as err:
                raise ServiceError(503, "replay_failed",
                                   f"The engine refuses logged action {version}: {err.message}")

    def _evict_idle(self) -> None:
        """Drop live games nobody used for ``idle_seconds`` (they reload from the database)."""
        now = time.monotonic()
        if now - self._last_sweep < min(60.0, self.idle_seconds):
            return
        self._last_sweep = now
        for tid, live in list(self._live.items()):
            if now - live.used > self.idle_seconds:
                lock = self._lock(tid)
                if lock.acquire(blocking=False):
                    try:
                        if now - live.used > self.idle_seconds:
                            self._live.pop(tid, None)
                            self._recent.pop(tid, None)
                            self._undo_kept.pop(tid, None)
                    finally:
                        lock.release()

    def live_count(self) -> int:
        return len(self._live)

    def _live_table(self, table_id: int) -> LiveTable:
        """The live table, loaded if needed (call with the table's lock held)."""
        self._evict_idle()
        live = self._live.get(table_id)
        if live is None:
            with self.store.read() as s:
                live = self._load(s, table_id)
            self._live[table_id] = live
        live.used = time.monotonic()
        return live

    def _fresh(self, table_id: int) -> LiveTable:
        """The live table brought up to the database's version (other processes may write)."""
        live = self._live_table(table_id)
        if self.shared:
            with self.store.read_conn() as conn:
                row = sql.raw(conn, sql.SQL_VERSION_CLOCK, {"tid": table_id}).fetchone()
                version = row[0] if row is not None else None
                if version is not None and version > live.version:
                    self._catch_up(conn, live, version)
                if row is not None:     # another process may have switched the clock
                    live.clock_on, live.clock = bool(row[1]), json.loads(row[2]) if row[2] else None
        return live

    def evict(self, table_id: int) -> None:
        with self._lock(table_id):
            self._live.pop(table_id, None)

    def note_version(self, table_id: int, version: int) -> None:
        """The hub saw ``version`` published by some process (nothing to do eagerly: the next
        read catches up from the log)."""

    def state(self, access: Access) -> dict:
        """``{"version", "state", "legal"}`` (a fresh copy: the caller may change it)."""
        return loads_engine(self.state_json(access))

    def state_json(self, access: Access) -> str:
        return self.state_versioned(access)[1]

    def state_shown(self, access: Access) -> dict:
        """``{"version", "state", "legal", "book"}`` as the engine made them, shared (not a
        copy, not to be changed): what a page shows (``LiveTable.state_shown``)."""
        with self._lock(access.table_id):
            return self._fresh(access.table_id).state_shown()

    def state_versioned(self, access: Access) -> tuple[int, str]:
        """(version, ``{"version", "state", "legal"}`` as JSON text)."""
        with self._lock(access.table_id):
            live = self._fresh(access.table_id)
            text = live.state_text()
            return live.version, text

    def legal_now(self, access: Access) -> dict:
        """What a page builds a step from, without the state's JSON: ``{"version", "legal",
        "title", "players", "currency", "seats"}`` (``seats``: each legal entry's entity's
        controlling player); ``legal`` is the live game's own list at that
        version (made once per version, shared: not to be changed)."""
        with self._lock(access.table_id):
            live = self._fresh(access.table_id)
            game = live.game
            legal = live.legal()
            entities = {e.get("entity") for e in legal if isinstance(e.get("entity"), str)}
            # whose phone a step is of: each entity's controlling player (a company's president)
            seats = {e: (game.acting_players([e]) or [None])[0] for e in entities}
            return {"version": live.version, "legal": legal, "title": game.spec.id,
                    "players": game.players, "currency": game.spec.currency, "seats": seats}

    def scores(self, access: Access) -> tuple[int, list[dict]]:
        """(version, each player's score as the title declares it, ``Game.scores()``) of the
        live game, without replaying its record (the live part's ranking of a finished game)."""
        with self._lock(access.table_id):
            live = self._fresh(access.table_id)
            return live.version, json.loads(json.dumps(live.game.scores()))

    def versions(self, table_ids) -> dict[int, int]:
        """The database's version of each table (the hub's sweep)."""
        with self.store.read() as s:
            rows = s.exec(select(TableRow.id, TableRow.version)
                          .where(TableRow.id.in_(list(table_ids)))).all()
        return {tid: v for tid, v in rows}

    def current_version(self, table_id: int) -> int:
        with self.store.read_conn() as conn:
            row = sql.raw(conn, sql.SQL_VERSION, {"tid": table_id}).fetchone()
            return (row[0] if row is not None else 0) or 0

    # -- posting ------------------------------------------------------------------------------
    def submit(self, access: Access, action, expected_version, key=None) -> tuple[int, dict]:
        status, text = self.submit_json(access, action, expected_version, key)
        return status, json.loads(text)

    def submit_json(self, access: Access, action, expected_version, key=None) -> tuple[int, str]:
        """:meth:`submit` with the answer as JSON text (what the API sends as it is)."""
        if not access.can_write:
            raise ServiceError(403, "read_only", "A spectator link can only watch.")
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise ServiceError(400, "bad_action", "'action' must be an object with a 'type'.")
        if not isinstance(expected_version, int) or isinstance(expected_version, bool) \
                or not 0 <= expected_version <= MAX_INT:
            raise ServiceError(400, "bad_expected_version",
                               "'expected_version' must be the version this phone last saw.")
        if key is not None and (not isinstance(key, str) or not 0 < len(key) <= MAX_KEY
                                or has_control(key)):
            raise ServiceError(400, "bad_key", f"'key' must be a string of 1–{MAX_KEY} "
                                               "characters, with no control characters.")
        posted = request_hash(action, expected_version)
        tid = access.table_id
        pg = self.store.dialect == "postgresql"
        with self._lock(tid):
            written = False
            try:
                status, text = self._submit_held(access, action, expected_version, key, posted, pg)
                written = status == 200
                return status, text
            finally:        # a refused post may have used an approval: read them again
                if not written:
                    self._undo_changed(tid)

    def _submit_held(self, access: Access, action: dict, expected_version, key, posted: str,
                     pg: bool) -> tuple[int, str]:
        """:meth:`submit_json` with the table's lock held."""
        tid = access.table_id
        live = self._live_table(tid)
        done = None
        if pg and expected_version == live.version and action["type"] != "undo" \
                and not live.clock_on and (live.version + 1) % self.snapshot_every != 0 \
                and self._hub_newest(tid) <= live.version:
            done = self._submit_pg_fast(access, live, action, key, posted)
            if done is None:
                live = self._live_table(tid)    # the locked path, from the log if dropped
        if done is None:
            status, text, done = self._submit_locked(
                access, live, action, expected_version, key, posted)
            if done is None:                    # 409, 422, or a key's stored answer
                return status, text
        # the step may have used an approval or lapsed open undo requests (before the phones
        # are pushed the new version): when the write found none open, the list is known
        self.recent_written(done.written)    # the history's new entry, not read back
        live = self._live.get(tid)
        if not self.shared and live is not None and not live.undo_open:
            self._undo_kept[tid] = []
        else:
            self._undo_changed(tid)
        self._publish_step(tid, done)
        self._posts += 1
        if self._posts % 1000 == 0:
            self.prune_keys()
        return 200, done.body_text

    def _publish_step(self, tid: int, done: Written) -> None:
        """Push an applied step to every phone (and that open undo requests lapsed with it)."""
        if self.hub is not None:
            version = done.version
            self.hub.publish(tid, {"version": version, "action": done.action,
                                   "events": done.events},
                             f'{{"version":{version},"action":{done.action_text},'
                             f'"events":{done.events_text}}}')
            if done.voided:
                self.hub.publish(tid, {"undo_request": None})

    def _hub_newest(self, table_id: int) -> int:
        """The newest version of the table this process's hub has seen published (-1: none)."""
        newest = getattr(self.hub, "newest", None)
        return newest(table_id) if newest is not None else -1

    def _submit_pg_fast(self, access: Access, live: LiveTable, action: dict, key, posted: str):
        """PostgreSQL, when the live game is at the version the phone saw (the usual post): apply
        the action, then one autocommit statement (``sql.SQL_PG_FAST``) writes it all if the table
        is still at that version and the key is new. ``None``: nothing was written (the engine
        refused, another process wrote first, the key exists): the caller takes the locked path
        (the live game was dropped if it had applied the action)."""
        tid = access.table_id
        version = live.version + 1
        try:
            accepted, events = live.apply(action, version, access.player)
        except GameError:
            return None                 # refused: the game is unchanged; the locked path answers
        written = False
        try:
            step = Written(version, accepted, events)
            row = step.row(access, utcnow())
            row.update(prev=version - 1, last=live.last_step)
            if key is not None:
                row.update(key=key, hash=posted, response=step.body_text)
            try:
                with self.store.read_conn() as conn:    # autocommit: the statement commits
                    done, step.voided = sql.raw(
                        conn, sql.SQL_PG_FAST_KEY if key is not None else sql.SQL_PG_FAST,
                        row).fetchone()
            except IntegrityError:      # a concurrent double of this version or key
                done = 0
            written = done == 1
        finally:
            if not written:
                self._live.pop(tid, None)   # memory is ahead of the log: reload
        return step if written else None

    @staticmethod
    def _kept_answer(stored, posted: str) -> tuple[int, str]:
        """The answer a key keeps (``stored``: its request hash, status and answer), if this
        post is the same request; another request with the key is refused."""
        if stored[0] != posted:
            raise ServiceError(422, "key_reused",
                               "This key was already used for a different request.")
        return stored[1], stored[2]

    def _submit_locked(self, access: Access, live: LiveTable, action: dict, expected_version,
                       key, posted: str, consented: bool = False):
        """A post in one locked transaction: ``(status, text, None)`` if nothing was applied (409,
        422, a key's stored answer), else ``(200, text, the written step)``. ``consented``: an
        undo whose consent was already given (undo back to a chosen point, undo_consent.py)."""
        tid = access.table_id
        pg = self.store.dialect == "postgresql"
        applied = committed = False
        try:
            with self.store.write_conn() as conn:
                # FOR UPDATE (PostgreSQL) serializes posts to this table everywhere;
                # SQLite's BEGIN IMMEDIATE already holds the database's write lock.
                if pg:
                    db_version, *stored, clock_on, clock_text = sql.raw(
                        conn, sql.SQL_PG_LOCK, {"tid": tid, "key": key}).fetchone()
                    stored = stored if stored[0] is not None else None
                else:
                    db_version, clock_on, clock_text = sql.raw(
                        conn, sql.SQL_VERSION_CLOCK, {"tid": tid}).fetchone()
                    stored = None if key is None else sql.raw(
                        conn, sql.SQL_KEY, {"tid": tid, "key": key}).fetchone()
                if stored is not None:
                    return (*self._kept_answer(stored, posted), None)
                if live.version != db_version:
                    if live.version > db_version:    # memory ahead of the log: rebuild
                        self._live.pop(tid, None)
                        with Session(bind=conn) as s:    # on this connection: no second one
                            live = self._load(s, tid)
                        self._live[tid] = live
                    else:                            # another process wrote: catch up
                        self._catch_up(conn, live, db_version)
                if expected_version != db_version:
                    if pg and key is not None:   # the lock waited for a post with this key?
                        stored = sql.raw(conn, sql.SQL_KEY, {"tid": tid, "key": key}).fetchone()
                        if stored is not None:   # (this statement sees what it committed)
                            return (*self._kept_answer(stored, posted), None)
                    return 409, dumps({"version": db_version, "error": {
                        "code": "stale_version",
                        "message": f"The table is at version {db_version}, not "
                                   f"{expected_version}: reload and try again.",
                        "params": {"version": db_version}}}), None
                version = db_version + 1
                now = utcnow()
                if action["type"] == "undo" and not consented:
                    self._check_undo_consent(conn, live, access, now)
                try:
                    accepted, events = live.apply(action, version, access.player)
                except GameError as err:
                    body_text = dumps({"error": err.as_dict()})
                    if key is not None:
                        sql.raw(conn, sql.SQL_INSERT_KEY, dict(
                            tid=tid, key=key, hash=posted, status=422,
                            response=body_text, at=now))
                    return 422, body_text, None
                applied = True
                done = Written(version, accepted, events)
                body_text = done.body_text
                row = done.row(access, now)
                voided = 0
                clock = None
                if clock_on:        # the time so far to those the game waited on
                    clock = table_clock.after_step(json.loads(clock_text), live.acting_seats(),
                                                   self.now())
                    clock_text = json.dumps(clock)
                row["clock"] = clock_text
                if pg:      # one statement: log row, version, key, lapsed undo requests
                    row["last"] = live.last_step
                    if key is not None:
                        row.update(key=key, hash=posted, response=body_text)
                    voided = sql.raw(conn, sql.SQL_PG_WRITE_KEY if key is not None
                                 else sql.SQL_PG_WRITE, row).fetchone()[0]
                else:
                    sql.raw(conn, sql.SQL_INSERT_ACTION, row)
                    if clock_on:
                        sql.raw(conn, sql.SQL_SET_VERSION_CLOCK,
                                {"tid": tid, "version": version, "clock": clock_text})
                    else:
                        sql.raw(conn, sql.SQL_SET_VERSION, {"tid": tid, "version": version})
                    if key is not None:
                        sql.raw(conn, sql.SQL_INSERT_KEY, dict(
                            tid=tid, key=key, hash=posted, status=200,
                            response=body_text, at=now))
                if version % self.snapshot_every == 0:
                    conn.execute(sql.S.insert().values(
                        table_id=tid, version=version, created_at=now,
                        fingerprint=engine_fingerprint(live.game.spec),
                        data=live.snapshot_bytes()))
                if not pg and (live.undo_open or self.shared):  # requests lapse as it moves on
                    voided = sql.raw(conn, sql.SQL_VOID_UNDO,
                                 {"tid": tid, "last": live.last_step, "at": now}).rowcount
                    live.undo_open = sql.raw(conn, sql.SQL_UNDO_OPEN,
                                         {"tid": tid}).fetchone() is not None
            committed = True
            live.clock_on = bool(clock_on)
            if clock_on:
                live.clock = clock
        except IntegrityError:
            # a post with the same key (on another process) wrote its answer first: that answer
            if key is None:
                raise
            with self.store.read_conn() as conn:
                stored = sql.raw(conn, sql.SQL_KEY, {"tid": tid, "key": key}).fetchone()
            if stored is None:
                raise
            return (*self._kept_answer(stored, posted), None)
        finally:
            if applied and not committed:
                self._live.pop(tid, None)   # memory is ahead of an unwritten log: reload
        done.voided = voided
        return 200, body_text, done


def service() -> TableService:
    """The running app's table service."""
    return current_app.extensions["companion.tables"]


def init_app(app, hub) -> TableService:
    from companion.store import Store, migrate
    store = Store(app.config["DATABASE_URL"],
                  synchronous=app.config["SQLITE_SYNCHRONOUS"],
                  pool_size=int(app.config["DB_POOL_SIZE"]))
    if app.config.get("AUTO_MIGRATE", True):
        migrate(store)
    svc = TableService(store, hub, snapshot_every=int(app.config["SNAPSHOT_EVERY"]),
                       shared=bool(app.config.get("REDIS_URL")) or
                       store.dialect == "postgresql",
                       spectate_url=app.config.get("SPECTATE_URL",
                                                   "/tables/{code}/watch?token={token}"),
                       invite_url=app.config.get("INVITE_URL",
                                                 "/tables/{code}/join?invite={invite}"),
                       idle_seconds=float(app.config.get("LIVE_IDLE_SECONDS", 1800)))
    svc.key_ttl_hours = float(app.config.get("IDEMPOTENCY_KEY_HOURS", 48))
    app.extensions["companion.tables"] = svc
    app.extensions["companion.store"] = store
    return svc
