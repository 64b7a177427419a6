"""Undo with consent: a seat asks the seat that entered the last step, that seat approves or
declines, and an undo of another seat's step needs an approval. Undo back to a chosen point
(:meth:`UndoConsent.undo_to`): every step in force from that point on is taken back at once, with
the consent of each other seat that entered one of them (one request row per such seat, sharing
a ``group_id``; a single "keep my step" declines it all; the last approval undoes them). A part
of :class:`companion.tables.TableService` (it uses the service's ``store``, ``hub``, ``_lock``,
``_fresh``, ``_live_table``, ``_submit_locked`` and ``_publish_step``)."""
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
                "requested_by": u.requested_by, "status": u.status,
                "to_version": u.to_version, "group_id": u.group_id}

    def _check_undo_consent(self, conn, live: LiveTable, access: Access, now) -> None:
        if not live.entered:
            return      # the engine says "nothing to undo"
        step_version, step_player = live.entered[-1]
        if step_player is None or step_player == access.player:
            return
        approved = conn.execute(select(U.c.id).where(
            U.c.table_id == live.table_id, U.c.step_version == step_version,
            U.c.to_version.is_(None), U.c.status == "approved")).scalar()
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
                    UndoRequest.to_version.is_(None),
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
                group = []
                if req.group_id is not None:     # undo back to a point: one answer for each seat
                    group = s.exec(select(UndoRequest).where(
                        UndoRequest.table_id == tid, UndoRequest.group_id == req.group_id,
                        UndoRequest.id != req.id)).scalars().all()
                    if not approve:              # one seat keeping its step keeps them all
                        for other in group:
                            if other.status in ("pending", "approved"):
                                other.status, other.answered_at = "declined", req.answered_at
                                s.add(other)
                    elif all(o.status == "approved" for o in group):
                        for row in [req, *group]:    # every seat allowed it: done now
                            row.status = "used"
                            s.add(row)
                        out = dict(out, status="used")
            self._undo_changed(tid)
            if self.hub is not None:
                self.hub.publish(tid, {"undo_request": out})
            if out["status"] == "used":
                self._undo_back(access, req.to_version)
        return out

    # -- undo back to a chosen point ------------------------------------------------------------
    def _steps_back(self, live: LiveTable, access: Access, to_version) -> list[tuple[int, str]]:
        """The steps in force from ``to_version`` on, newest first: ``(log version, seat)``."""
        if not isinstance(to_version, int) or isinstance(to_version, bool) or \
                not 0 < to_version <= MAX_INT:
            raise ServiceError(400, "bad_to_version", "'to_version' must be the log version "
                                                      "(a whole number, 1 or more) of a step.")
        versions = [v for v, _p in live.entered]
        if to_version not in versions:
            raise ServiceError(422, "step_not_in_force",
                               f"Step {to_version} is not in force now (undone, or not a step): "
                               "choose a step of the history that is not undone.",
                               to_version=to_version)
        return list(reversed(live.entered[versions.index(to_version):]))

    def undo_plan(self, access: Access, to_version) -> dict:
        """What undo back to ``to_version`` would take back: ``{"version", "to_version",
        "steps": [{"version", "player"}] (newest first), "needs": [seats whose consent it
        needs, in the order of their steps]}``."""
        with self._lock(access.table_id):
            live = self._fresh(access.table_id)
            steps = self._steps_back(live, access, to_version)
            needs = []
            for _v, p in steps:
                if p is not None and p != access.player and p not in needs:
                    needs.append(p)
            return {"version": live.version, "to_version": to_version,
                    "steps": [{"version": v, "player": p} for v, p in steps], "needs": needs}

    def undo_to(self, access: Access, to_version) -> dict:
        """Undo every step in force from ``to_version`` on. Without other seats' steps among
        them it is done at once (``{"done": True, "version"}``); else each of those seats is
        asked (``{"done": False, "requests": [UndoRequest dict]}``) and the last approval does
        it (:meth:`answer_undo`)."""
        if not access.can_write:
            raise ServiceError(403, "read_only", "A spectator link can only watch.")
        tid = access.table_id
        with self._lock(tid):
            plan = self.undo_plan(access, to_version)
            if not plan["needs"]:
                return {"done": True, "version": self._undo_back(access, to_version)}
            live = self._fresh(tid)
            last = live.last_step
            with self.store.write() as s:
                rows = s.exec(select(UndoRequest).where(
                    UndoRequest.table_id == tid, UndoRequest.step_version == last,
                    UndoRequest.to_version == to_version,
                    UndoRequest.status.in_(("pending", "approved")))).scalars().all()
                if not rows:
                    for seat in plan["needs"]:
                        rows.append(UndoRequest(table_id=tid, step_version=last, step_player=seat,
                                                requested_by=access.player,
                                                to_version=to_version))
                        s.add(rows[-1])
                    s.flush()
                    for row in rows:
                        row.group_id = rows[0].id
                        s.add(row)
                    s.flush()
                live.undo_open = True
                out = [self._undo_dict(r) for r in rows]
            self._undo_changed(tid)
            if self.hub is not None:
                self.hub.publish(tid, {"undo_request": out[0]})
        return {"done": False, "requests": out}

    def _undo_back(self, access: Access, to_version: int) -> int:
        """Take back every step in force from ``to_version`` on, newest first, one undo each,
        under the table's lock (consent given); the version after the last undo."""
        tid = access.table_id
        with self._lock(tid):
            live = self._fresh(tid)
            steps = self._steps_back(live, access, to_version)
            for _step in steps:
                status, text, done = self._submit_locked(      # no key: no request hash
                    access, live, {"type": "undo"}, live.version, None, "", consented=True)
                if done is None:
                    raise ServiceError(status, "undo_failed", f"The undo stopped: {text}")
                self._undo_changed(tid)
                self._publish_step(tid, done)
                live = self._live_table(tid)
            return live.version
