"""The table service's tables, seats and tokens: creating a table, a token's access, the join
page's seats, a phone joining a seat. A part of :class:`companion.tables.TableService` (it uses
the service's ``store``, ``_guard``, ``_live``, ``_codes`` and ``_tokens``)."""
from __future__ import annotations

import copy
import json
import secrets

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from companion import table_clock
from companion.live_table import LiveTable
from companion.models import Device, Seat, TableRow
from companion.security import has_control
from companion.sql import SQL_DEVICE, raw
from companion.wire import Access, Created, ServiceError, dumps, new_token, token_hash
from engine import Game, GameError, titles

MAX_LABEL = 80
CODE_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"   # no 0/o, 1/l/i
CODE_LENGTH = 8
SEED_RANGE = 2 ** 63


class Seating:
    def create_table(self, title, players, seed=None, options=None, clock=False) -> Created:
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
        if not isinstance(clock, bool):
            raise ServiceError(400, "bad_clock", "'clock' must be true (the table clock on) or "
                                                 "false (off, the default).")
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
        live = LiveTable(0, "", game, 0)
        started = table_clock.new(live.acting_seats(), self.now()) if clock else None
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
                                   invite_hash=token_hash(invite), clock_on=clock,
                                   clock=dumps(started) if clock else None)
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
            live.table_id, live.code = table_id, code
            live.clock_on, live.clock = clock, started
            self._live[table_id] = live
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
            held = {}          # the phones holding each seat (joined devices, their labels)
            for player, label in s.exec(select(Device.player, Device.label).where(
                    Device.table_id == tid, Device.role == "seat",
                    Device.label != "created").order_by(Device.id)).all():
                held.setdefault(player, []).append(label)
            for seat in seats:
                seat["held"] = held.get(seat["player"], [])
        spec = titles.TITLES.get(row.title)
        return {"code": row.code, "title": row.title, "title_name": spec.name if spec else row.title,
                "seats": seats, "version": row.version, "seating": self._drawn_seating(tid)}

    def _drawn_seating(self, tid: int) -> list | None:
        """The seating the app drew, when the title's book declares one (engine.contract
        ``drawn_seating``): the player ids first to last, else None."""
        with self._lock(tid):
            book = json.loads(self._fresh(tid).state_text()).get("book") or []
        return next((list(s["seating"]) for s in book if s.get("seating")), None)

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
