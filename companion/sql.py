"""The table service's SQL: the tables as SQLAlchemy ``Table`` objects, and the posting path's
statements, each written once with ``:name`` parameters and kept in each driver's style.

The posting path's statements run on the driver's own cursor (sqlite3 / psycopg) inside the
SQLAlchemy transaction: the same transaction and connection, without SQLAlchemy's per-statement
compile-cache lookup, events and result wrapping (about 0.06 ms of CPU per statement).
"""
from __future__ import annotations

import re
from datetime import timezone

from sqlalchemy.exc import DBAPIError

from companion.models import ActionRow, IdempotencyKey, Snapshot, TableRow, UndoRequest

T, A, K, S, U = (TableRow.__table__, ActionRow.__table__, IdempotencyKey.__table__,
                 Snapshot.__table__, UndoRequest.__table__)


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
# the version with the table clock's flag and state (companion/table_clock.py): what a post reads
SQL_VERSION_CLOCK = Raw("SELECT version, clock_on, clock FROM tables WHERE id = :tid")
SQL_CLOCK_LOCK = Raw("SELECT version, clock_on, clock FROM tables WHERE id = :tid FOR UPDATE")
SQL_SET_CLOCK = Raw("UPDATE tables SET clock_on = :on, clock = :clock WHERE id = :tid")
SQL_SET_VERSION_CLOCK = Raw("UPDATE tables SET version = :version, clock = :clock WHERE id = :tid")
SQL_HISTORY = Raw("SELECT version, action, events, player, name, device_id, device_label, "
                  "created_at FROM actions WHERE table_id = :tid AND version > :after "
                  "AND version <= :upto ORDER BY version")
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
# PostgreSQL: the same in two round trips (lock + key lookup; every write at once). The key's
# row is read as the statement's snapshot saw it before it waited for the lock: a post with the
# same key that held the lock is seen by a later statement (409: read again) or by the unique
# key (the insert fails: its answer is read), tables.py.
SQL_PG_LOCK = Raw(
    "SELECT t.version, k.request_hash, k.status, k.response, t.clock_on, t.clock FROM tables t "
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
    "UPDATE tables SET version = :version, clock = :clock WHERE id = :tid "
    "RETURNING (SELECT count(*) FROM u)")
SQL_PG_WRITE = Raw(_PG_WRITE.format(key=""))
SQL_PG_WRITE_KEY = Raw(_PG_WRITE.format(
    key="k AS (INSERT INTO idempotency_keys (table_id, key, request_hash, status, response, "
        "created_at) VALUES (:tid, :key, :hash, 200, :response, :at)), "))
# PostgreSQL, the usual post in one round trip (the table clock off: with it on, a post takes the
# locked path, which writes the clock with the version): the live game (at the version the phone saw)
# applied the action already; one autocommit statement raises the version only if the table is
# still at :prev (and, with a key, the key is new), and writes the log row, the key's answer and
# the lapsed undo requests only if it did. It returns (1, lapsed requests) or (0, 0): then
# nothing was written, the live game is dropped and the locked path above answers.
# The row lock the UPDATE takes serializes it with every other writer; a concurrent
# double (same version, same key) fails on the unique keys instead.
_PG_FAST = (
    "WITH t AS (UPDATE tables SET version = :version WHERE id = :tid AND version = :prev "
    "AND NOT clock_on{fresh} "
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
