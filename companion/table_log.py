"""The table service's reading of the log: catch-up messages, the history, the record, and the
pruning of old idempotency keys. A part of :class:`companion.tables.TableService` (it uses the
service's ``store`` and ``key_ttl_hours``)."""
from __future__ import annotations

import json
import logging
from datetime import datetime, timedelta

from sqlalchemy import select

from companion.models import ActionRow, TableRow, utcnow
from companion.sql import A, K, SQL_HISTORY, raw
from companion.wire import MAX_INT, Access, ServiceError, iso
from engine.game import RECORD_FORMAT

log = logging.getLogger(__name__)
RECENT_KEEP = 200          # a table's newest history entries kept in memory, at most (about)


def _when(at) -> datetime:
    """A log row's time as the driver gives it: a datetime (PostgreSQL), or SQLite's text of it
    (``sql.sqlite_time``, UTC)."""
    return at if isinstance(at, datetime) else datetime.fromisoformat(str(at))


class LogReads:
    def prune_keys(self, older_than_hours: float | None = None) -> int:
        """Forget idempotency keys older than ``key_ttl_hours`` (a retry comes within seconds;
        the log itself is never pruned). Runs every 1000 posts of this process."""
        hours = self.key_ttl_hours if older_than_hours is None else older_than_hours
        try:
            with self.store.write_conn() as conn:
                return conn.execute(K.delete().where(
                    K.c.created_at < utcnow() - timedelta(hours=hours))).rowcount
        except Exception as exc:   # housekeeping must never fail a post
            log.warning("pruning idempotency keys failed: %s", exc)
            return 0

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

    def recent_history(self, access: Access, upto: int, n: int) -> list[dict]:
        """The history's entries (as :meth:`history`'s) of versions ``upto - n < v <= upto``. Log
        rows never change once written, so each table's newest are kept in memory and only the
        rows past them are read (one new row a step, not ``n``). The list is shared: not to be
        changed."""
        tid, start = access.table_id, max(0, upto - n)
        kept = [e for e in self._recent.get(tid, ()) if start < e["version"] <= upto]
        if not kept or kept[0]["version"] != start + 1:
            kept = []                       # not kept from the start of the window: read it all
        after = kept[-1]["version"] if kept else start
        if after < upto:
            with self.store.read_conn() as conn:
                rows = raw(conn, SQL_HISTORY, {"tid": tid, "after": after, "upto": upto}).fetchall()
            kept = kept + [{
                "version": v, "action": json.loads(a), "events": json.loads(e), "player": p,
                "name": name, "device": {"id": did, "label": label}, "at": iso(_when(at))}
                for v, a, e, p, name, did, label, at in rows]
        newest = self._recent.get(tid)
        if not newest or newest[-1]["version"] <= upto:
            self._recent[tid] = kept
        return kept

    def recent_written(self, row: dict) -> None:
        """A step this process just wrote (its log row's parameters, ``Written.row``): its
        history entry goes after the table's kept newest ones when they end just before it, so
        the pages made for it do not read it back (the kept list is shared: a new one)."""
        kept = self._recent.get(row["tid"])
        if kept and kept[-1]["version"] == row["version"] - 1:
            self._recent[row["tid"]] = kept[-RECENT_KEEP:] + [{
                "version": row["version"], "action": json.loads(row["action"]),
                "events": json.loads(row["events"]), "player": row["player"],
                "name": row["name"], "device": {"id": row["device"], "label": row["label"]},
                "at": iso(_when(row["at"]))}]

    def record(self, access: Access) -> dict:
        """The table's game as an engine record (``engine.records.replay`` replays it)."""
        with self.store.read() as s:
            row = s.get(TableRow, access.table_id)
            actions = s.exec(select(ActionRow.action).where(
                ActionRow.table_id == access.table_id).order_by(ActionRow.version)).scalars().all()
        return {"format": RECORD_FORMAT, "title": row.title, "players": json.loads(row.players),
                "seed": row.seed, "options": json.loads(row.options),
                "actions": [json.loads(a) for a in actions], "version": row.version}
