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
    ``svc.state_versioned(access) -> (version, text)``: the same as JSON text.
``svc.submit(access, action, expected_version, key=None) -> (status, body)``
    200 ``{"version", "events"}``; 409 ``{"version", "error"}`` (stale
    ``expected_version``); 422 ``{"error": {"code", "message", "params"}}`` (the
    engine refused, or ``undo_needs_consent``); the same ``key`` again returns the
    stored (status, body) and applies nothing. Spectators get 403 ``read_only``.
    Bad arguments raise 400 (``bad_action``, ``bad_expected_version``, ``bad_key``).
    ``svc.submit_json(...) -> (status, text)``: the same answer as JSON text.
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

import copy
import hashlib
import json
import logging
import os
import pickle
import re
import secrets
import sys
import threading
import time
from dataclasses import dataclass
from datetime import timezone
from pathlib import Path


import orjson
from flask import current_app
from sqlalchemy import select
from sqlalchemy.exc import DBAPIError, IntegrityError
from sqlmodel import Session

from companion.security import has_control
from companion.models import (ActionRow, Device, IdempotencyKey, Seat, Snapshot, TableRow,
                              UndoRequest, utcnow)
from engine import Game, GameError, titles

log = logging.getLogger(__name__)
T, A, K, S, U = (TableRow.__table__, ActionRow.__table__, IdempotencyKey.__table__,
                 Snapshot.__table__, UndoRequest.__table__)
# The posting path's statements run on the driver's own cursor (sqlite3 / psycopg) inside the
# SQLAlchemy transaction: the same transaction and connection, without SQLAlchemy's per-statement
# compile-cache lookup, events and result wrapping (about 0.06 ms of CPU per statement).


class Raw:
    """One SQL statement written with ``:name`` parameters, kept in each driver's style."""

    def __init__(self, sql: str):
        self.sqlite = sql
        self.pg = re.sub(r"(?<![:\w]):(\w+)", r"%(\1)s", sql)

    def __repr__(self):
        return f"Raw({self.sqlite!r})"


def sqlite_time(dt) -> str:
    """A UTC datetime as SQLAlchemy's DateTime stores it in SQLite (so ORM reads and the
    string comparisons of pruning see the same values)."""
    dt = dt.astimezone(timezone.utc) if dt.tzinfo else dt
    return dt.strftime("%Y-%m-%d %H:%M:%S.%f")


def raw(conn, stmt: Raw, params: dict):
    """Run ``stmt`` on the driver cursor of SQLAlchemy connection ``conn``; return the cursor.

    Driver errors become SQLAlchemy's (``IntegrityError``, ``OperationalError``...), and a
    lost connection is invalidated, exactly as ``conn.execute`` would do."""
    dialect = conn.dialect
    pg = dialect.name == "postgresql"
    if not pg and "at" in params:
        params = {**params, "at": sqlite_time(params["at"])}
    sql = stmt.pg if pg else stmt.sqlite
    dbapi_conn = conn.connection
    cur = dbapi_conn.cursor()
    try:
        cur.execute(sql, params)
    except dialect.loaded_dbapi.Error as exc:
        lost = dialect.is_disconnect(exc, dbapi_conn, cur)
        if lost:
            conn.invalidate(exc)
        raise DBAPIError.instance(sql, params, exc, dialect.loaded_dbapi.Error,
                                  connection_invalidated=lost, dialect=dialect) from exc
    return cur


SQL_VERSION = Raw("SELECT version FROM tables WHERE id = :tid")
SQL_DEVICE = Raw("SELECT d.table_id, d.id, d.role, d.player, d.label, s.name FROM devices d "
                 "LEFT JOIN seats s ON s.table_id = d.table_id AND s.player = d.player "
                 "WHERE d.token_hash = :hash")
SQL_KEY = Raw("SELECT request_hash, status, response FROM idempotency_keys "
              "WHERE table_id = :tid AND key = :key")
SQL_INSERT_KEY = Raw("INSERT INTO idempotency_keys "
                     "(table_id, key, request_hash, status, response, created_at) "
                     "VALUES (:tid, :key, :hash, :status, :response, :at)")
SQL_INSERT_ACTION = Raw(
    "INSERT INTO actions (table_id, version, action, events, player, name, device_id, "
    "device_label, created_at) "
    "VALUES (:tid, :version, :action, :events, :player, :name, :device, :label, :at)")
SQL_SET_VERSION = Raw("UPDATE tables SET version = :version WHERE id = :tid")
SQL_VOID_UNDO = Raw("UPDATE undo_requests SET status = 'void', answered_at = :at "
                    "WHERE table_id = :tid AND status IN ('pending', 'approved') "
                    "AND step_version <> :last")
SQL_UNDO_OPEN = Raw("SELECT 1 FROM undo_requests "
                    "WHERE table_id = :tid AND status IN ('pending', 'approved') LIMIT 1")
# PostgreSQL: the same in two round trips (lock + key lookup; every write at once).
SQL_PG_LOCK = Raw(
    "SELECT t.version, k.request_hash, k.status, k.response FROM tables t "
    "LEFT JOIN idempotency_keys k ON k.table_id = t.id AND k.key = :key "
    "WHERE t.id = :tid FOR UPDATE OF t")
_PG_WRITE = (
    "WITH a AS (INSERT INTO actions (table_id, version, action, events, player, name, device_id, "
    "device_label, created_at) "
    "VALUES (:tid, :version, :action, :events, :player, :name, :device, :label, :at)), "
    "{key}"
    "u AS (UPDATE undo_requests SET status = 'void', answered_at = :at "
    "WHERE table_id = :tid AND status IN ('pending', 'approved') AND step_version <> :last "
    "RETURNING 1) "
    "UPDATE tables SET version = :version WHERE id = :tid RETURNING (SELECT count(*) FROM u)")
SQL_PG_WRITE = Raw(_PG_WRITE.format(key=""))
SQL_PG_WRITE_KEY = Raw(_PG_WRITE.format(
    key="k AS (INSERT INTO idempotency_keys (table_id, key, request_hash, status, response, "
        "created_at) VALUES (:tid, :key, :hash, 200, :response, :at)), "))
# PostgreSQL, the usual post in one round trip: the live game (at the version the phone saw)
# applied the action already; one autocommit statement raises the version only if the table is
# still at :prev (and, with a key, the key is new), and writes the log row, the key's answer and
# the lapsed undo requests only if it did. It returns (1, lapsed requests) or (0, 0): then
# nothing was written, the live game is dropped and the locked path above answers.
# The row lock the UPDATE takes serializes it with every other writer; a concurrent
# double (same version, same key) fails on the unique keys instead.
_PG_FAST = (
    "WITH t AS (UPDATE tables SET version = :version WHERE id = :tid AND version = :prev{fresh} "
    "RETURNING id), "
    "a AS (INSERT INTO actions (table_id, version, action, events, player, name, device_id, "
    "device_label, created_at) "
    "SELECT id, :version, :action, :events, :player, :name, :device, :label, :at FROM t), "
    "{key}"
    "u AS (UPDATE undo_requests SET status = 'void', answered_at = :at "
    "WHERE table_id = :tid AND status IN ('pending', 'approved') AND step_version <> :last "
    "AND EXISTS (SELECT 1 FROM t) RETURNING 1) "
    "SELECT (SELECT count(*) FROM t), (SELECT count(*) FROM u)")
SQL_PG_FAST = Raw(_PG_FAST.format(fresh="", key=""))
SQL_PG_FAST_KEY = Raw(_PG_FAST.format(
    fresh=" AND NOT EXISTS (SELECT 1 FROM idempotency_keys WHERE table_id = :tid AND key = :key)",
    key="k AS (INSERT INTO idempotency_keys (table_id, key, request_hash, status, response, "
        "created_at) SELECT id, :key, :hash, 200, :response, :at FROM t), "))

MAX_KEY = 128
MAX_LABEL = 80
CODE_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"   # no 0/o, 1/l/i
CODE_LENGTH = 8
SEED_RANGE = 2 ** 63
MAX_INT = 2 ** 31 - 1      # versions and ids (every database's INTEGER holds them)


# -- errors and values --------------------------------------------------------------------------
class ServiceError(Exception):
    """A request the service refuses: an HTTP status, a stable code and a message."""

    def __init__(self, status: int, code: str, message: str, /, **params):
        super().__init__(message)
        self.status, self.code, self.message, self.params = status, code, message, params

    def body(self) -> dict:
        return {"error": {"code": self.code, "message": self.message, "params": self.params}}


@dataclass(frozen=True)
class Access:
    table_id: int
    code: str
    role: str                      # "seat" | "spectator"
    player: str | None
    name: str
    device_id: int
    device_label: str

    @property
    def can_write(self) -> bool:
        return self.role == "seat"


@dataclass
class Created:
    code: str
    seats: list[dict]
    spectate_token: str
    invite: str


def dumps(data) -> str:
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False, sort_keys=False,
                      default=str)


# What json.dumps(default=str) does with them: dataclasses and datetimes go to ``default``
# (str), not orjson's own forms; int (and other non-str) dict keys become strings.
_ORJSON_OPTIONS = (orjson.OPT_NON_STR_KEYS | orjson.OPT_PASSTHROUGH_DATACLASS |
                   orjson.OPT_PASSTHROUGH_DATETIME)


def _orjson_default(obj):
    """What json.dumps does with what orjson hands over: a tuple subclass (a namedtuple) is an
    array, a dict subclass orjson left out an object, anything else ``str(obj)``."""
    if isinstance(obj, (list, tuple)):
        return list(obj)
    if isinstance(obj, dict):
        return dict(obj)
    return str(obj)


def dumps_engine(data) -> str:
    """:func:`dumps` of what the engine made (a view, legal actions, events), 5-6 times faster
    with orjson: the same text (compact, UTF-8 not escaped, insertion order, ``default=str``;
    checked on 4000 states of a real game). Anything orjson refuses (an int beyond 64 bits, a lone
    surrogate, nesting deeper than 254) goes to json.dumps. Where the two differ, and the engine
    has none of it: a float NaN/Infinity (``null`` here, not valid JSON there) and an Enum that
    is neither int nor str (its value here, ``str()`` there). Not for what a phone sent (an
    action): json.loads reads ``1e400`` as infinity."""
    try:
        return orjson.dumps(data, default=_orjson_default, option=_ORJSON_OPTIONS).decode()
    except TypeError:                   # orjson.JSONEncodeError is a TypeError
        return dumps(data)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def new_token() -> str:
    return secrets.token_urlsafe(18)          # 144 random bits


def iso(dt) -> str:
    if dt.tzinfo is None:
        dt = dt.replace(tzinfo=timezone.utc)
    return dt.isoformat().replace("+00:00", "Z")


_fingerprints: dict[str, str] = {}


def engine_fingerprint(spec) -> str:
    """A hash of the engine's code and the title's module: a snapshot is used only by the
    same code that made it (otherwise the game is rebuilt from the log)."""
    module = getattr(spec.create, "__module__", "") or ""
    if module not in _fingerprints:
        h = hashlib.sha256()
        root = Path(titles.__file__).resolve().parent.parent
        files = sorted(root.rglob("*.py"))
        mod = sys.modules.get(module)
        if mod is not None and getattr(mod, "__file__", None):
            files.append(Path(mod.__file__))
        for path in files:
            try:
                h.update(path.read_bytes())
            except OSError:
                pass
        h.update(module.encode())
        _fingerprints[module] = h.hexdigest()
    return _fingerprints[module]


# -- the live game of one table -----------------------------------------------------------------
class LiveTable:
    """A table's game in memory at ``version`` (= number of log rows applied).

    ``entered`` mirrors the engine's actions in force: ``(log version, seat)`` of
    each, so that an undo knows whose step it takes back; ``undone`` mirrors what
    redo can bring back.
    """

    def __init__(self, table_id: int, code: str, game: Game, version: int,
                 entered: list | None = None, undone: list | None = None):
        self.table_id, self.code, self.game, self.version = table_id, code, game, version
        self.entered: list[tuple[int, str | None]] = entered or []
        self.undone: list[tuple[int, str | None]] = undone or []
        self._view: tuple[int, str] | None = None
        self._legal: tuple[int, list] | None = None
        self.undo_open = True     # an undo request may be open (checked at the first post)
        self.used = time.monotonic()

    def apply(self, action: dict, version: int, player: str | None) -> list[dict]:
        events = self.game.process(action)
        kind = action.get("type")
        if kind == "undo":
            self.undone.append(self.entered.pop())
        elif kind == "redo":
            self.undone.pop()
            self.entered.append((version, player))
        else:
            self.entered.append((version, player))
            self.undone.clear()
        self.version = version
        self._view = None
        return events

    @property
    def last_step(self) -> int:
        """The log version of the last step in force (-1: none): undo requests for any other
        step have lapsed."""
        return self.entered[-1][0] if self.entered else -1

    def legal(self) -> list:
        """The game's legal actions at this version, listed once per version (the state's text
        and the check of a post's declared fields share them). Not to be changed."""
        if self._legal is None or self._legal[0] != self.version:
            self._legal = (self.version, self.game.legal_actions())
        return self._legal[1]

    def state_text(self) -> str:
        """``{"version", "state", "legal", "book"}`` as JSON text, made once per version."""
        if self._view is None or self._view[0] != self.version:
            try:
                state, legal = self.game.view(), self.legal()
                book = self.game.book()
            except Exception as exc:   # a fault in a title's view: say so, do not crash
                log.exception("view of table %s failed", self.code)
                raise ServiceError(503, "engine_fault",
                                   f"The rules engine failed to show this table: {exc!r}")
            self._view = (self.version, dumps_engine({"version": self.version, "state": state,
                                                      "legal": legal, "book": book}))
        return self._view[1]

    def snapshot_bytes(self) -> bytes:
        return pickle.dumps((self.game, self.entered, self.undone),
                            protocol=pickle.HIGHEST_PROTOCOL)


# -- the service --------------------------------------------------------------------------------
class TableService:
    def __init__(self, store, hub=None, *, snapshot_every: int = 100, shared: bool = False,
                 spectate_url: str = "/tables/{code}/watch?token={token}",
                 invite_url: str = "/tables/{code}/join?invite={invite}",
                 idle_seconds: float = 1800.0):
        self.store = store
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
        self._codes: dict[str, int] = {}

    # -- tables -------------------------------------------------------------------------------
    def create_table(self, title, players, seed=None, options=None) -> Created:
        if not isinstance(title, str) or not title or len(title) > 64:
            raise ServiceError(400, "bad_title", "'title' must be a title id (a string).")
        if not isinstance(players, list) or not 1 <= len(players) <= 12:
            raise ServiceError(400, "bad_players", "'players' must be a list of 1–12 names.")
        for p in players:
            name = p.get("name") if isinstance(p, dict) else p
            if not isinstance(name, str) or not name.strip() or len(name) > 40 or (
                    isinstance(p, dict) and not isinstance(p.get("id", ""), (str, int))) or \
                    has_control(name) or isinstance(p, dict) and has_control(p.get("id")):
                raise ServiceError(400, "bad_players", "Each player is a non-empty name of at "
                                   "most 40 characters, with no control characters.")
        if seed is None:
            seed = secrets.randbelow(2 ** 31)
        if not isinstance(seed, int) or isinstance(seed, bool) or not -SEED_RANGE <= seed < SEED_RANGE:
            raise ServiceError(400, "bad_seed", "'seed' must be a whole number (64-bit).")
        if options is None:
            options = {}
        if not isinstance(options, dict):
            raise ServiceError(400, "bad_options", "'options' must be an object.")
        try:
            game = Game(title, copy.deepcopy(players), seed, copy.deepcopy(options))
        except GameError as err:
            raise ServiceError(422, err.code, err.message, **err.params) from None
        except Exception as exc:  # a title's set-up failing on odd options
            raise ServiceError(422, "bad_options",
                               f"The title could not set up a game with these options: {exc!r}")
        invite = new_token()
        spectate = new_token()
        seats = [{"player": p["id"], "name": p["name"], "token": new_token()}
                 for p in game.players]
        for _attempt in range(8):
            code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
            try:
                with self.store.write() as s:
                    row = TableRow(code=code, title=game.spec.id, options=dumps(game.options),
                                   players=dumps(game.players), seed=seed, version=0,
                                   invite_hash=token_hash(invite))
                    s.add(row)
                    s.flush()
                    for seat in seats:
                        s.add(Seat(table_id=row.id, player=seat["player"], name=seat["name"]))
                        s.add(Device(table_id=row.id, role="seat", player=seat["player"],
                                     token_hash=token_hash(seat["token"]), label="created"))
                    s.add(Device(table_id=row.id, role="spectator", player=None,
                                 token_hash=token_hash(spectate), label="spectator"))
                    table_id = row.id
                break
            except IntegrityError:
                continue      # a code collision: draw another
        else:  # pragma: no cover
            raise ServiceError(503, "no_code", "Could not allocate a table code; try again.")
        with self._guard:
            self._live[table_id] = LiveTable(table_id, code, game, 0)
            self._codes[code] = table_id
        return Created(code, seats, spectate, invite)

    def _table_id(self, code) -> int:
        if not isinstance(code, str) or not 0 < len(code) <= 32 or has_control(code):
            raise ServiceError(404, "table_not_found", "No such table.")
        tid = self._codes.get(code)
        if tid is None:
            with self.store.read() as s:
                tid = s.exec(select(TableRow.id).where(TableRow.code == code)).scalar()
            if tid is None:
                raise ServiceError(404, "table_not_found", "No such table.", code=code)
            self._codes[code] = tid
        return tid

    def authorize(self, code, token) -> Access:
        tid = self._table_id(code)
        if not token or not isinstance(token, str):
            raise ServiceError(401, "token_missing", "This needs a seat or spectator token.")
        if len(token) > 200:
            raise ServiceError(403, "token_invalid", "This token gives no access to this table.")
        h = token_hash(token)
        access = self._tokens.get(h)
        if access is None:
            # one statement on the driver (a phone's first request after a restart: 1,200
            # phones reconnecting make 1,200 of these; the ORM query cost ~3 ms each)
            with self.store.read_conn() as conn:
                found = raw(conn, SQL_DEVICE, {"hash": h}).fetchone()
            if found is None:
                raise ServiceError(403, "token_invalid", "This token gives no access to this table.")
            dev_table, dev_id, role, player, label, name = found
            code_of = code if dev_table == tid else None
            access = Access(dev_table, code_of or "", role, player, name or "", dev_id,
                            label or "")
            if code_of:
                if len(self._tokens) > 200_000:
                    self._tokens.clear()
                self._tokens[h] = access
        if access.table_id != tid:
            raise ServiceError(403, "token_invalid", "This token gives no access to this table.")
        return access

    def table_info(self, code, invite) -> dict:
        tid = self._table_id(code)
        with self.store.read() as s:
            row = s.get(TableRow, tid)
            self._check_invite(row, invite)
            seats = s.exec(select(Seat).where(Seat.table_id == tid).order_by(Seat.id)).scalars()
            seats = [{"player": x.player, "name": x.name} for x in seats]
        spec = titles.TITLES.get(row.title)
        return {"code": row.code, "title": row.title, "title_name": spec.name if spec else row.title,
                "seats": seats, "version": row.version}

    @staticmethod
    def _check_invite(row, invite):
        if not isinstance(invite, str) or not invite or len(invite) > 200 or \
                not secrets.compare_digest(token_hash(invite), row.invite_hash):
            raise ServiceError(403, "invite_invalid", "This invite link is not valid for this table.")

    def join(self, code, invite, player, label="") -> dict:
        tid = self._table_id(code)
        if not isinstance(player, (str, int)) or isinstance(player, bool) or has_control(player):
            raise ServiceError(400, "bad_player", "'player' must be a seat's player id.")
        if not isinstance(label, str) or has_control(label):
            raise ServiceError(400, "bad_label",
                               "'device' must be a short text, with no control characters.")
        player = str(player)
        token = new_token()
        with self.store.write() as s:
            row = s.get(TableRow, tid)
            self._check_invite(row, invite)
            seat = s.exec(select(Seat).where(Seat.table_id == tid, Seat.player == player)).scalar()
            if seat is None:
                raise ServiceError(422, "no_such_seat", f"This table has no seat {player!r}.",
                                   player=player)
            s.add(Device(table_id=tid, role="seat", player=player, token_hash=token_hash(token),
                         label=label.strip()[:MAX_LABEL] or "joined"))
        return {"player": seat.player, "name": seat.name, "token": token}

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
        return live

    def _catch_up(self, s, live: LiveTable, upto: int) -> None:
        if upto <= live.version:
            return
        rows = s.execute(select(A.c.version, A.c.action, A.c.player)
                         .where(A.c.table_id == live.table_id, A.c.version > live.version,
                                A.c.version <= upto).order_by(A.c.version)).all()
        for version, action, player in rows:
            if version != live.version + 1:
                raise ServiceError(503, "log_gap", f"The log of this table has a gap at {version}.")
            try:
                live.apply(json.loads(action), version, player)
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
                row = raw(conn, SQL_VERSION, {"tid": table_id}).fetchone()
                version = row[0] if row is not None else None
                if version is not None and version > live.version:
                    self._catch_up(conn, live, version)
        return live

    def evict(self, table_id: int) -> None:
        with self._lock(table_id):
            self._live.pop(table_id, None)

    def note_version(self, table_id: int, version: int) -> None:
        """The hub saw ``version`` published by some process (nothing to do eagerly: the next
        read catches up from the log)."""

    def state(self, access: Access) -> dict:
        """``{"version", "state", "legal"}`` (a fresh copy: the caller may change it)."""
        return json.loads(self.state_json(access))

    def state_json(self, access: Access) -> str:
        return self.state_versioned(access)[1]

    def state_versioned(self, access: Access) -> tuple[int, str]:
        """(version, ``{"version", "state", "legal"}`` as JSON text)."""
        with self._lock(access.table_id):
            live = self._fresh(access.table_id)
            text = live.state_text()
            return live.version, text

    def versions(self, table_ids) -> dict[int, int]:
        """The database's version of each table (the hub's sweep)."""
        with self.store.read() as s:
            rows = s.exec(select(TableRow.id, TableRow.version)
                          .where(TableRow.id.in_(list(table_ids)))).all()
        return {tid: v for tid, v in rows}

    def current_version(self, table_id: int) -> int:
        with self.store.read_conn() as conn:
            row = raw(conn, SQL_VERSION, {"tid": table_id}).fetchone()
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
        action_text = dumps(action)
        # = dumps({"action": action, "expected_version": expected_version}), made from its parts
        request_hash = hashlib.sha256(
            f'{{"action":{action_text},"expected_version":{expected_version}}}'.encode()
        ).hexdigest()
        tid = access.table_id
        pg = self.store.dialect == "postgresql"
        with self._lock(tid):
            live = self._live_table(tid)
            done = None         # (version, events, events text, answer, lapsed requests)
            if pg and expected_version == live.version and action["type"] != "undo" \
                    and (live.version + 1) % self.snapshot_every != 0 \
                    and self._hub_newest(tid) <= live.version:
                done = self._submit_pg_fast(access, live, action, action_text, key, request_hash)
                if done is None:
                    live = self._live_table(tid)    # the locked path, from the log if dropped
            if done is None:
                status, text, done = self._submit_locked(
                    access, live, action, action_text, expected_version, key, request_hash)
                if done is None:                    # 409, 422, or a key's stored answer
                    return status, text
            version, events, events_text, body_text, voided = done
            if self.hub is not None:
                self.hub.publish(tid, {"version": version, "action": action, "events": events},
                                 f'{{"version":{version},"action":{action_text},'
                                 f'"events":{events_text}}}')
                if voided:
                    self.hub.publish(tid, {"undo_request": None})
            self._posts += 1
            if self._posts % 1000 == 0:
                self.prune_keys()
        return 200, body_text

    def _hub_newest(self, table_id: int) -> int:
        """The newest version of the table this process's hub has seen published (-1: none)."""
        newest = getattr(self.hub, "newest", None)
        return newest(table_id) if newest is not None else -1

    def _submit_pg_fast(self, access: Access, live: LiveTable, action: dict, action_text: str,
                        key, request_hash):
        """PostgreSQL, when the live game is at the version the phone saw (the usual post): apply
        the action, then one autocommit statement (``SQL_PG_FAST``) writes it all if the table
        is still at that version and the key is new. ``None``: nothing was written (the engine
        refused, another process wrote first, the key exists): the caller takes the locked path
        (the live game was dropped if it had applied the action)."""
        tid = access.table_id
        version = live.version + 1
        try:
            events = live.apply(action, version, access.player)
        except GameError:
            return None                 # refused: the game is unchanged; the locked path answers
        written = False
        try:
            events_text, body_text, row = self._written(access, version, action_text, events,
                                                        utcnow())
            row.update(prev=version - 1, last=live.last_step)
            if key is not None:
                row.update(key=key, hash=request_hash, response=body_text)
            try:
                with self.store.read_conn() as conn:    # autocommit: the statement commits
                    done, voided = raw(conn, SQL_PG_FAST_KEY if key is not None else SQL_PG_FAST,
                                       row).fetchone()
            except IntegrityError:      # a concurrent double of this version or key
                done = voided = 0
            written = done == 1
        finally:
            if not written:
                self._live.pop(tid, None)   # memory is ahead of the log: reload
        if not written:
            return None
        return version, events, events_text, body_text, voided

    def _submit_locked(self, access: Access, live: LiveTable, action: dict, action_text: str,
                       expected_version, key, request_hash):
        """A post in one locked transaction: ``(status, text, None)`` if nothing was applied (409,
        422, a key's stored answer), else ``(200, text, (version, events, events text, text,
        lapsed undo requests))``."""
        tid = access.table_id
        pg = self.store.dialect == "postgresql"
        applied = committed = False
        try:
            with self.store.write_conn() as conn:
                # FOR UPDATE (PostgreSQL) serializes posts to this table everywhere;
                # SQLite's BEGIN IMMEDIATE already holds the database's write lock.
                if pg:
                    db_version, *stored = raw(conn, SQL_PG_LOCK,
                                              {"tid": tid, "key": key}).fetchone()
                    stored = stored if stored[0] is not None else None
                else:
                    db_version = raw(conn, SQL_VERSION, {"tid": tid}).fetchone()[0]
                    stored = None if key is None else raw(
                        conn, SQL_KEY, {"tid": tid, "key": key}).fetchone()
                if key is not None:
                    if stored is not None:       # (request_hash, status, response)
                        if stored[0] != request_hash:
                            raise ServiceError(
                                422, "key_reused",
                                "This key was already used for a different request.")
                        return stored[1], stored[2], None
                if live.version != db_version:
                    if live.version > db_version:    # memory ahead of the log: rebuild
                        self._live.pop(tid, None)
                        with Session(bind=conn) as s:    # on this connection: no second one
                            live = self._load(s, tid)
                        self._live[tid] = live
                    else:                            # another process wrote: catch up
                        self._catch_up(conn, live, db_version)
                if expected_version != db_version:
                    return 409, dumps({"version": db_version, "error": {
                        "code": "stale_version",
                        "message": f"The table is at version {db_version}, not "
                                   f"{expected_version}: reload and try again.",
                        "params": {"version": db_version}}}), None
                version = db_version + 1
                now = utcnow()
                if action["type"] == "undo":
                    self._check_undo_consent(conn, live, access, now)
                try:
                    events = live.apply(action, version, access.player)
                except GameError as err:
                    body_text = dumps({"error": err.as_dict()})
                    if key is not None:
                        raw(conn, SQL_INSERT_KEY, dict(
                            tid=tid, key=key, hash=request_hash, status=422,
                            response=body_text, at=now))
                    return 422, body_text, None
                applied = True
                events_text, body_text, row = self._written(access, version, action_text, events,
                                                            now)
                voided = 0
                if pg:      # one statement: log row, version, key, lapsed undo requests
                    row["last"] = live.last_step
                    if key is not None:
                        row.update(key=key, hash=request_hash, response=body_text)
                    voided = raw(conn, SQL_PG_WRITE_KEY if key is not None
                                 else SQL_PG_WRITE, row).fetchone()[0]
                else:
                    raw(conn, SQL_INSERT_ACTION, row)
                    raw(conn, SQL_SET_VERSION, {"tid": tid, "version": version})
                    if key is not None:
                        raw(conn, SQL_INSERT_KEY, dict(
                            tid=tid, key=key, hash=request_hash, status=200,
                            response=body_text, at=now))
                if version % self.snapshot_every == 0:
                    conn.execute(S.insert().values(
                        table_id=tid, version=version, created_at=now,
                        fingerprint=engine_fingerprint(live.game.spec),
                        data=live.snapshot_bytes()))
                if not pg and (live.undo_open or self.shared):  # requests lapse as it moves on
                    voided = raw(conn, SQL_VOID_UNDO,
                                 {"tid": tid, "last": live.last_step, "at": now}).rowcount
                    live.undo_open = raw(conn, SQL_UNDO_OPEN,
                                         {"tid": tid}).fetchone() is not None
            committed = True
        finally:
            if applied and not committed:
                self._live.pop(tid, None)   # memory is ahead of an unwritten log: reload
        return 200, body_text, (version, events, events_text, body_text, voided)

    @staticmethod
    def _written(access: Access, version: int, action_text: str, events, at):
        """For an applied action: its events as JSON text, the post's answer as JSON text, and
        the log row's parameters (the statements' ``:tid``, ``:version``, ``:action``...)."""
        events_text = dumps_engine(events)
        body_text = f'{{"version":{version},"events":{events_text}}}'
        row = dict(tid=access.table_id, version=version, action=action_text, events=events_text,
                   player=access.player, name=access.name[:64], device=access.device_id,
                   label=access.device_label[:MAX_LABEL], at=at)
        return events_text, body_text, row

    def prune_keys(self, older_than_hours: float | None = None) -> int:
        """Forget idempotency keys older than ``key_ttl_hours`` (a retry comes within seconds;
        the log itself is never pruned). Runs every 1000 posts of this process."""
        from datetime import timedelta
        hours = self.key_ttl_hours if older_than_hours is None else older_than_hours
        try:
            with self.store.write_conn() as conn:
                return conn.execute(K.delete().where(
                    K.c.created_at < utcnow() - timedelta(hours=hours))).rowcount
        except Exception as exc:   # housekeeping must never fail a post
            log.warning("pruning idempotency keys failed: %s", exc)
            return 0

    # -- reading the log --------------------------------------------------------------------------
    def messages(self, table_id: int, after: int, upto: int | None = None,
                 limit: int | None = None) -> list[dict]:
        """Log entries ``after < version <= upto`` as push messages."""
        q = select(A.c.version, A.c.action, A.c.events).where(
            A.c.table_id == table_id, A.c.version > after)
        if upto is not None:
            q = q.where(A.c.version <= upto)
        q = q.order_by(A.c.version)
        if limit:
            q = q.limit(limit)
        with self.store.read_conn() as conn:
            rows = conn.execute(q).all()
        return [{"version": v, "action": json.loads(a), "events": json.loads(e)}
                for v, a, e in rows]

    def since(self, access: Access, version) -> list[dict]:
        if not isinstance(version, int) or isinstance(version, bool) or not 0 <= version <= MAX_INT:
            raise ServiceError(400, "bad_since", "'since' must be a version number (0 or more).")
        return self.messages(access.table_id, version)

    def history(self, access: Access, since=0, limit=500) -> dict:
        if not isinstance(since, int) or not 0 <= since <= MAX_INT or \
                not isinstance(limit, int) or not 0 < limit <= 5000:
            raise ServiceError(400, "bad_range", "'since' ≥ 0 and 0 < 'limit' ≤ 5000.")
        with self.store.read() as s:
            version = s.exec(select(TableRow.version).where(
                TableRow.id == access.table_id)).scalar()
            rows = s.exec(select(ActionRow).where(ActionRow.table_id == access.table_id,
                                                  ActionRow.version > since)
                          .order_by(ActionRow.version).limit(limit)).scalars().all()
        return {"version": version, "entries": [{
            "version": r.version, "action": json.loads(r.action), "events": json.loads(r.events),
            "player": r.player, "name": r.name,
            "device": {"id": r.device_id, "label": r.device_label},
            "at": iso(r.created_at)} for r in rows]}

    def record(self, access: Access) -> dict:
        """The table's game as an engine record (``engine.records.replay`` replays it)."""
        from engine.game import RECORD_FORMAT
        with self.store.read() as s:
            row = s.get(TableRow, access.table_id)
            actions = s.exec(select(ActionRow.action).where(
                ActionRow.table_id == access.table_id).order_by(ActionRow.version)).scalars().all()
        return {"format": RECORD_FORMAT, "title": row.title, "players": json.loads(row.players),
                "seed": row.seed, "options": json.loads(row.options),
                "actions": [json.loads(a) for a in actions], "version": row.version}

    # -- undo with consent ------------------------------------------------------------------------
    @staticmethod
    def _undo_dict(u: UndoRequest) -> dict:
        return {"id": u.id, "step_version": u.step_version, "step_player": u.step_player,
                "requested_by": u.requested_by, "status": u.status}

    def _check_undo_consent(self, conn, live: LiveTable, access: Access, now) -> None:
        if not live.entered:
            return      # the engine says "nothing to undo"
        step_version, step_player = live.entered[-1]
        if step_player is None or step_player == access.player:
            return
        approved = conn.execute(select(U.c.id).where(
            U.c.table_id == live.table_id, U.c.step_version == step_version,
            U.c.status == "approved")).scalar()
        if approved is None:
            raise ServiceError(
                422, "undo_needs_consent",
                f"The last step (version {step_version}) was entered by seat {step_player}: "
                "ask for an undo and let that seat approve it first.",
                step_version=step_version, step_player=step_player)
        conn.execute(U.update().where(U.c.id == approved).values(status="used", answered_at=now))

    def undo_requests(self, access: Access) -> list[dict]:
        with self.store.read() as s:
            rows = s.exec(select(UndoRequest).where(
                UndoRequest.table_id == access.table_id,
                UndoRequest.status.in_(("pending", "approved"))).order_by(UndoRequest.id)
            ).scalars().all()
        return [self._undo_dict(u) for u in rows]

    def request_undo(self, access: Access) -> dict:
        if not access.can_write:
            raise ServiceError(403, "read_only", "A spectator link can only watch.")
        tid = access.table_id
        with self._lock(tid):
            live = self._fresh(tid)
            if not live.entered:
                raise ServiceError(422, "nothing_to_undo", "There is nothing to undo.")
            step_version, step_player = live.entered[-1]
            if step_player is None or step_player == access.player:
                raise ServiceError(422, "undo_not_needed",
                                   "This seat entered the last step: undo it directly.")
            with self.store.write() as s:
                existing = s.exec(select(UndoRequest).where(
                    UndoRequest.table_id == tid, UndoRequest.step_version == step_version,
                    UndoRequest.status.in_(("pending", "approved")))).scalars().first()
                if existing is not None:
                    return self._undo_dict(existing)
                req = UndoRequest(table_id=tid, step_version=step_version,
                                  step_player=step_player, requested_by=access.player)
                s.add(req)
                live.undo_open = True
                s.flush()
                out = self._undo_dict(req)
            if self.hub is not None:
                self.hub.publish(tid, {"undo_request": out})
        return out

    def answer_undo(self, access: Access, request_id, approve) -> dict:
        if not access.can_write:
            raise ServiceError(403, "read_only", "A spectator link can only watch.")
        if not isinstance(request_id, int) or isinstance(request_id, bool) or \
                not 0 < request_id <= MAX_INT:
            raise ServiceError(404, "undo_request_not_found", "No such undo request.")
        tid = access.table_id
        with self._lock(tid):
            live = self._fresh(tid)
            with self.store.write() as s:
                req = s.get(UndoRequest, request_id)
                if req is None or req.table_id != tid:
                    raise ServiceError(404, "undo_request_not_found", "No such undo request.")
                if req.step_player != access.player:
                    raise ServiceError(403, "not_your_step",
                                       f"Only seat {req.step_player} can answer this request.")
                last = live.last_step
                if req.status != "pending" or req.step_version != last:
                    raise ServiceError(409, "undo_request_closed",
                                       f"This undo request is {req.status} (or the game moved on).",
                                       status=req.status)
                req.status = "approved" if approve else "declined"
                req.answered_at = utcnow()
                s.add(req)
                out = self._undo_dict(req)
            if self.hub is not None:
                self.hub.publish(tid, {"undo_request": out})
        return out


def service() -> TableService:
    """The running app's table service."""
    return current_app.extensions["companion.tables"]


def init_app(app, hub) -> TableService:
    from companion.store import Store, migrate
    store = Store(app.config["DATABASE_URL"],
                  synchronous=app.config.get("SQLITE_SYNCHRONOUS") or
                  os.environ.get("COMPANION_SQLITE_SYNCHRONOUS", "NORMAL"),
                  pool_size=int(app.config.get("DB_POOL_SIZE") or
                                os.environ.get("COMPANION_DB_POOL_SIZE", 4)))
    if app.config.get("AUTO_MIGRATE", True):
        migrate(store)
    svc = TableService(store, hub, snapshot_every=int(app.config.get("SNAPSHOT_EVERY", 100)),
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
