"""Undo with consent: a seat asks the seat that entered the last step, that seat approves or
declines, and an undo of another seat's step needs an approval. A part of
:class:`companion.tables.TableService` (it uses the service's ``store``, ``hub``, ``_lock`` and
``_fresh``)."""
from __future__ import annotations

from sqlalchemy import select

from companion.live_table import LiveTable
from companion.models import UndoRequest, utcnow
from companion.sql import U
from companion.wire import MAX_INT, Access, ServiceError


class UndoConsent:
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

    def _undo_changed(self, table_id: int) -> None:
        """This process changed the table's undo requests (asked, answered, used, or lapsed with a
        step): the list kept in memory is read again at the next call."""
        self._undo_kept.pop(table_id, None)

    def undo_requests(self, access: Access) -> list[dict]:
        """The table's open undo requests (pending or approved), in the order asked. When only
        this process writes (not ``shared``), kept with the table in memory from one change to the
        next (no database read per page or push); else read from the database."""
        tid = access.table_id
        kept = None if self.shared else self._undo_kept.get(tid)
        if kept is not None:
            return [dict(r) for r in kept]
        with self.store.read() as s:
            rows = s.exec(select(UndoRequest).where(
                UndoRequest.table_id == tid,
                UndoRequest.status.in_(("pending", "approved"))).order_by(UndoRequest.id)
            ).scalars().all()
        out = [self._undo_dict(u) for u in rows]
        if not self.shared:
            self._undo_kept[tid] = out
        return [dict(r) for r in out]

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
            self._undo_changed(tid)
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
            self._undo_changed(tid)
            if self.hub is not None:
                self.hub.publish(tid, {"undo_request": out})
        return out
