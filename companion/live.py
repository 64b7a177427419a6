"""Live push: the WebSocket endpoint and the hub that fans each change out to every phone.

WebSocket ``/ws/tables/<code>?token=<seat or spectator token>``:

- the token is checked before the upgrade (401/403/404 JSON otherwise);
- on connect the server sends ``{"version", "state", "legal"}``;
- then ``{"version", "action", "events"}`` for every accepted action, in version
  order, each version exactly once (a gap is filled from the log, a duplicate is
  dropped);
- ``{"undo_request": {...}}`` when an undo request is made or answered
  (``{"undo_request": null}`` when open requests lapsed because the game moved on);
- ``{"clock": {"on", "paused", "running", "since", "used"}}`` when a seat switches, pauses or
  resumes the table clock (companion/table_clock.py; nothing while it runs: a phone ticks it);
- a table page's own socket (``&part=1``, ``&tz=`` its zone: ``live_wire.page_headers``) is
  pushed the page's live part instead:
  ``{"version", "part"}`` (the HTML the page patches itself with, the same as
  ``GET /tables/<code>/live`` with a slot for the phone's own CSRF token and keys) on connect,
  for the newest version after any step (one message for a burst, never one per version), on a
  catch-up, and when an undo request is made or answered or the clock is switched; made once per table, version, undo
  change and kind of phone (language and time zone; seats and watchers alike) by the pages
  (``hub.render_part``), and that one message, its JSON text and its frame (compressed once for
  phones that took permessage-deflate) written to every phone of the kind (:meth:`Hub.part`);
  a phone that holds the kind's part before it is sent only what changed,
  ``{"version", "delta", "lines"}`` (``live_wire.part_message``; ``{"since": n}`` asks for the
  whole part again);
- the client may send ``{"since": n}`` at any time: it receives every action after
  version ``n`` (catch-up after sleep or a lost connection, without a reload); one
  catch-up at a time per socket (asks that come meanwhile are merged into the next one),
  within a budget of versions (``COMPANION_WS_CATCHUP_BUDGET`` in a burst, refilled at
  ``COMPANION_WS_CATCHUP_RATE`` a second): over it the answer is ``{"error": {"code":
  "slow_down", "params": {"retry_after": s}}}``. A catch-up is read a page at a time and
  the sender yields between frames: one socket's catch-up never holds the worker;
  ``{"ping": x}`` is answered with ``{"pong": x}``.

The hub is in-process by default. With ``REDIS_URL`` every publish also goes to
Redis pub/sub (channel ``<prefix>:t:<table id>``) and every process fans out what
it receives to its own phones; a sweep compares each watched table's version in
the database with what its phones got, so a lost Redis message only delays a push.
Redis is never on a post's path: a publisher thread sends what the posts queued, with a
short timeout (``COMPANION_REDIS_TIMEOUT``, 0.5 s); after a failure it drops what comes for
``REDIS_RETRY_SECONDS`` (the sweep delivers it) instead of waiting on a hung Redis again.
"""
from __future__ import annotations

import json
import logging
import queue
import threading
import time
import uuid

from flask import Blueprint, current_app, g, jsonify, request
from flask_sock import Sock
from simple_websocket import ConnectionClosed

from companion import json_errors
from companion.live_wire import (Message, client_message, dumps, page_headers, part_message,
                                 wire_mode)
from companion.settings import DEFAULTS
from companion.tables import service
from companion.wire import Access, ServiceError

log = logging.getLogger(__name__)

bp = Blueprint("live", __name__)
sock = Sock()

_HELLO = object()
_STOP = object()
_SINCE = object()              # "a catch-up is asked for": the version is in Subscriber.since
MAX_QUEUE = 2000
MAX_OUTBOX = 10000             # publishes waiting for Redis (more are dropped: the sweep)
REDIS_TIMEOUT = DEFAULTS["REDIS_TIMEOUT"]          # seconds a publish may wait on Redis
REDIS_RETRY_SECONDS = 5.0      # after a failed publish, Redis is left alone this long
CATCHUP_PAGE = 100             # log rows read (and frames sent) between two yields
CATCHUP_BUDGET = DEFAULTS["WS_CATCHUP_BUDGET"]    # versions one socket may be sent in a burst...
CATCHUP_RATE = DEFAULTS["WS_CATCHUP_RATE"]        # ...refilled at this many a second


class Subscriber:
    """One open WebSocket: a queue, and a sender that keeps versions in order."""

    def __init__(self, ws, access: Access, svc, hub=None, part_headers: dict | None = None):
        self.ws, self.access, self.svc, self.hub = ws, access, svc, hub
        # a table page's socket: the request headers its live part is made with (None: the
        # JSON messages of the API)
        self.part_headers = part_headers
        self.table_id = access.table_id
        self.q: queue.SimpleQueue = queue.SimpleQueue()
        self.size = 0
        self.last = -1                 # the last version this phone has
        self.closed = False
        self.mode = wire_mode(ws)      # takes the shared, ready-made frames (0 plain, or deflate)
        self.kind = None               # a table page's kind of phone (Hub.part): found once
        self.held: int | None = None   # the serial of the last live part sent (the phone's)
        self.since: int | None = None  # the catch-up asked for and not started (merged)
        self.rate = float(getattr(hub, "catchup_rate", CATCHUP_RATE))
        self.capacity = self.tokens = float(getattr(hub, "catchup_budget", CATCHUP_BUDGET))
        self.filled = time.monotonic()

    def ask_since(self, version: int) -> None:
        """A phone's ``{"since": n}``: at most one catch-up waits in the queue; asks that come
        while it waits are merged into it (the oldest version wins)."""
        if self.since is not None:
            self.since = min(self.since, version)
            return
        self.since = version
        self.deliver(_SINCE)

    def _spend(self, versions: int) -> float:
        """Take ``versions`` from the budget: 0 if there is enough, else the seconds to wait."""
        now = time.monotonic()
        self.tokens = min(self.capacity, self.tokens + (now - self.filled) * self.rate)
        self.filled = now
        if versions <= self.tokens:
            self.tokens -= versions
            return 0.0
        return (versions - self.tokens) / self.rate if self.rate > 0 else 3600.0

    def deliver(self, item) -> None:
        if self.closed:
            return
        self.size += 1
        if self.size > MAX_QUEUE:      # a phone that cannot keep up: drop it, it will catch up
            self.closed = True
            self.q.put(_STOP)
            return
        self.q.put(item)

    def stop(self) -> None:
        self.closed = True
        self.q.put(_STOP)

    def _send(self, data) -> None:
        """Write one message: its shared frame if this connection takes them (nothing made for
        this phone alone but the write), else through the connection's own ``send``."""
        if self.mode is None:
            text = getattr(data, "text", None)
            self.ws.send(text if text is not None else dumps(data))
            return
        if not isinstance(data, Message):
            data = Message(data)
        if not self.ws.connected:
            raise ConnectionClosed(self.ws.close_reason, self.ws.close_message)
        self.ws.sock.sendall(data.frame(self.mode))

    def _send_after(self, after: int, upto: int | None = None, budget: bool = False) -> bool:
        """Every logged version after ``after`` (up to ``upto``), read a page at a time,
        yielding between frames. ``budget``: a phone's own ask, paid from its budget page by
        page (False, and a ``slow_down`` error sent, when it ran out)."""
        resend = after < self.last          # a phone's "since": it wants them all again
        while True:
            page = self.svc.messages(self.table_id, after, upto, limit=CATCHUP_PAGE)
            if budget and page:
                wait = self._spend(len(page))
                if wait:
                    retry = int(wait) + 1
                    self._send({"error": {
                        "code": "slow_down", "params": {"retry_after": retry},
                        "message": f"Too many catch-ups on this connection: ask again in "
                                   f"{retry} s (since {after})."}})
                    return False
            for msg in page:
                version = msg["version"]
                if version > self.last or resend:
                    self._send(msg)
                self.last = max(self.last, version)
                after = version
                time.sleep(0)               # gevent: let every other greenlet run
            if len(page) < CATCHUP_PAGE:
                return True

    def _catch_up_since(self) -> None:
        after, self.since = self.since, None
        if after is not None:
            self._send_after(after, budget=True)

    def run(self) -> None:
        try:
            while True:
                item = self.q.get()
                self.size -= 1
                if item is _STOP:
                    break
                self._handle(item)
        except ConnectionClosed:
            pass
        except Exception:  # never let one phone's failure pass unnoticed
            log.exception("live sender failed")
        finally:
            self.closed = True
            try:
                self.ws.close()
            except Exception:
                pass
            event = getattr(self.ws, "event", None)
            if event is not None:
                event.set()                     # wake the socket's receiving loop now

    def _send_part(self, at_least: int = -1) -> None:
        """The page's live part at the newest version (``at_least`` this one), in one message:
        the same message, and the same bytes, as every phone of its kind gets (:meth:`Hub.part`)."""
        try:
            msg = self.hub.part(self, at_least)
        except ServiceError:
            raise
        except Exception:
            log.exception("live part of table %s failed", self.access.code)
            version = self.svc.current_version(self.table_id)
            self._send({"version": version})        # the page fetches it instead
        else:
            version = msg["version"]
            # what changed, to a phone that holds the part it was made after; else the part
            self._send(msg.delta[1] if msg.delta and msg.delta[0] == self.held else msg)
            self.held = msg.serial
        if version > self.last and self.hub is not None:
            self.hub.saw(self.table_id, version)
        self.last = max(self.last, version)

    def _handle_part(self, item) -> None:
        """A table page's socket: every change is the live part at the newest version."""
        if item is _HELLO:
            self._send_part()
        elif item is _SINCE:
            self.since, self.held = None, None      # the phone asks for the whole part
            wait = self._spend(1)
            if wait:
                retry = int(wait) + 1
                self._send({"error": {"code": "slow_down", "params": {"retry_after": retry},
                                      "message": f"Too many catch-ups on this connection: "
                                                 f"ask again in {retry} s."}})
            else:
                self._send_part()
        elif "check" in item:
            if item["check"] > self.last:
                self._send_part(item["check"])
        elif "version" in item and "action" in item:
            if item["version"] > self.last:
                self._send_part(item["version"])
        elif "undo_request" in item or "clock" in item or "since" in item:
            self._send_part()
        else:
            self._send(item)                        # pongs, errors

    def _handle(self, item) -> None:
        if self.part_headers is not None and getattr(self.hub, "render_part", None):
            self._handle_part(item)
            return
        if item is _HELLO:                     # the kept copy after a restart, else the live game
            cache = getattr(self.hub, "state_cache", None)
            version, text = (cache.first_state(self.access) if cache is not None
                             else self.svc.state_versioned(self.access))
            self.last = version
            if self.hub is not None:
                self.hub.saw(self.table_id, version)
            self._send(Message({}, text))       # {"version", "state", "legal"}
            return
        if item is _SINCE:
            self._catch_up_since()
            return
        if "since" in item:                     # handed in directly (not by ask_since)
            self.since = item["since"] if self.since is None else min(self.since, item["since"])
            self._catch_up_since()
            return
        if "check" in item:                     # the sweep saw a newer version in the database
            if item["check"] > self.last:
                self._send_after(self.last)
            return
        if "version" in item and "action" in item:
            v = item["version"]
            if v <= self.last:
                return                          # already sent (e.g. came by Redis as well)
            if v > self.last + 1:
                self._send_after(self.last, v - 1)   # fill the gap from the log
            if v == self.last + 1:
                self._send(item)
                self.last = v
            return
        self._send(item)                        # undo requests, pongs, errors


class Hub:
    """Fans messages out to the subscribers of a table, in this process and (Redis) beyond."""

    def __init__(self, redis_url: str | None = None, prefix: str = "companion",
                 sweep_every: float = 2.0, redis_timeout: float = REDIS_TIMEOUT,
                 catchup_budget: float = CATCHUP_BUDGET, catchup_rate: float = CATCHUP_RATE):
        self.id = uuid.uuid4().hex
        self.prefix = prefix
        self._subs: dict[int, set[Subscriber]] = {}
        self._seen: dict[int, int] = {}       # table id -> newest version handed to its phones
        self._lock = threading.Lock()
        self.redis = None
        self.redis_url = redis_url
        self.sweep_every = sweep_every
        self.catchup_budget, self.catchup_rate = catchup_budget, catchup_rate
        self.versions = None           # callable: [table ids] -> {table id: version}
        self.state_cache = None        # a reconnecting phone's first state (first_state.py)
        self._started = False
        self._publishing = False
        self._outbox: queue.Queue = queue.Queue(maxsize=MAX_OUTBOX)
        self.redis_down_until = 0.0    # monotonic time before which publishes are dropped
        # (access, request headers) -> (version, the page's live part): made by the pages
        self.render_part = None
        # the live part's newest message per table and kind of phone: {table id: {kind:
        # (version, undo changes seen, Message)}}, while phones of the table are connected
        self._parts: dict[int, dict] = {}
        self._making: dict[tuple, threading.Event] = {}   # (table id, kind) being made
        self._undo_changes: dict[int, int] = {}   # table id -> undo request changes delivered
        self.closing = False           # the worker is stopping (close_all): no phone is kept
        self.dropped = 0               # publishes left to the sweep (Redis down or slow)
        if redis_url:
            import redis
            # publishing: fail fast; listening: a connection that waits for messages
            self.redis = redis.Redis.from_url(redis_url, socket_timeout=redis_timeout,
                                              socket_connect_timeout=redis_timeout)
            self.listen_redis = redis.Redis.from_url(redis_url, socket_timeout=5,
                                                     socket_connect_timeout=5,
                                                     health_check_interval=30)

    def configure(self, *, versions=None, state_cache=None, render_part=None) -> None:
        """What the hub is given once, when the app is made (its parts need the hub first):
        ``versions`` ([table ids] -> {table id: version} in the database: the sweep's),
        ``state_cache`` (a reconnecting phone's first state, ``companion/first_state.py``) and
        ``render_part`` ((access, request headers) -> (version, the page's live part): the
        pages', ``companion/pages/live_part.py``)."""
        self.versions, self.state_cache, self.render_part = versions, state_cache, render_part

    # -- subscribers ---------------------------------------------------------------------------
    def subscribe(self, sub: Subscriber) -> None:
        self._start()
        with self._lock:
            self._subs.setdefault(sub.table_id, set()).add(sub)
            closing = self.closing
        if closing:         # a phone that reconnected as the worker stops: to the next worker
            sub.stop()

    def unsubscribe(self, sub: Subscriber) -> None:
        with self._lock:
            subs = self._subs.get(sub.table_id)
            if subs is not None:
                subs.discard(sub)
                if not subs:
                    del self._subs[sub.table_id]
                    self._seen.pop(sub.table_id, None)
                    self._parts.pop(sub.table_id, None)
                    self._undo_changes.pop(sub.table_id, None)

    def close_all(self) -> int:
        """Close every phone's socket (the worker is stopping: they reconnect to the next one
        and catch up), and every socket opened from now on at once: a page reconnects as soon as
        its socket closes, and this worker accepts it until gunicorn stops it listening (up to a
        second later); a socket kept open then held the worker to the graceful timeout, where
        it was killed. Returns how many were open."""
        with self._lock:
            self.closing = True
            subs = [sub for group in self._subs.values() for sub in group]
        for sub in subs:
            sub.stop()
        return len(subs)

    def count(self, table_id: int | None = None) -> int:
        with self._lock:
            if table_id is None:
                return sum(len(s) for s in self._subs.values())
            return len(self._subs.get(table_id, ()))

    def _deliver(self, table_id: int, msg) -> None:
        if "action" in msg:
            self.saw(table_id, msg["version"])
        elif ("undo_request" in msg or "clock" in msg) and table_id in self._subs:
            # the parts made before an undo request or a clock switch are old
            self._undo_changes[table_id] = self._undo_changes.get(table_id, 0) + 1
        with self._lock:
            subs = list(self._subs.get(table_id, ()))
        for sub in subs:
            sub.deliver(msg)

    def newest(self, table_id: int) -> int:
        """The newest version of the table published to (or swept for) this process's phones;
        -1 if none of them watches it."""
        return self._seen.get(table_id, -1)

    def saw(self, table_id: int, version: int) -> None:
        """This process's phones of the table have (or are about to get) ``version``."""
        if version > self._seen.get(table_id, -1):
            self._seen[table_id] = version

    # -- the table pages' live part ------------------------------------------------------------
    def part(self, sub: Subscriber, at_least: int = -1) -> Message:
        """The live part of ``sub``'s table for its kind of phone (language and time zone,
        seats and watchers alike: the pages' ``render_part.kind``, found once per phone) at the
        newest version this process knows (``at_least`` this one), as a :class:`Message`: made
        once per table, version, undo change and kind, and the same message (JSON text and
        frames made once) for every phone of that kind. A phone that asks while another phone
        of its kind is making it waits for that one."""
        tid = sub.table_id
        if sub.kind is None:
            find = getattr(self.render_part, "kind", None)
            sub.kind = find(sub.access, sub.part_headers) if find is not None else \
                tuple(sorted((sub.part_headers or {}).items()))
        key = (tid, sub.kind)
        for attempt in (0, 1):
            want = max(at_least, self._seen.get(tid, -1))
            changes = self._undo_changes.get(tid, 0)
            kept = self._parts.get(tid, {}).get(sub.kind)
            before = kept[2] if kept is not None else None
            if kept is not None and kept[0] >= want and kept[1] == changes:
                return kept[2]
            with self._lock:
                other = self._making.get(key)
                if other is None:
                    ready = self._making[key] = threading.Event()
            if other is None:
                break
            if attempt == 0:
                other.wait(10.0)        # the other phone's making (then look again, once)
            else:
                ready = None            # still not what this phone needs: made here too
        try:
            version, html = self.render_part(sub.access, sub.part_headers)
            msg = part_message(version, html, before)
            with self._lock:
                if tid in self._subs:   # kept only while phones of the table are connected
                    kinds = self._parts.setdefault(tid, {})
                    old = kinds.get(sub.kind)
                    if old is None or old[0] <= version:
                        kinds[sub.kind] = (version, changes, msg)
            return msg
        finally:
            if ready is not None:
                with self._lock:
                    if self._making.get(key) is ready:
                        del self._making[key]
                ready.set()

    # -- publishing ----------------------------------------------------------------------------
    def channel(self, table_id: int) -> str:
        return f"{self.prefix}:t:{table_id}"

    def publish(self, table_id: int, msg: dict, text: str | None = None) -> None:
        """Deliver to this process's phones now; with Redis, to every other process too.

        ``text``: ``msg`` as JSON text if the caller has it already (else it is made here).
        Called after the commit: a failure here loses no step (phones catch up from the log).
        """
        msg = Message(msg, text)
        self._deliver(table_id, msg)
        if self.redis is not None:
            self._start_publisher()
            if time.monotonic() < self.redis_down_until:
                self.dropped += 1              # Redis failed a moment ago: the sweep delivers
                return
            try:
                self._outbox.put_nowait((self.channel(table_id),
                                         f"{self.id}|{table_id}|{msg.text}"))
            except queue.Full:
                self.dropped += 1

    def _start_publisher(self) -> None:
        if self._publishing:
            return
        with self._lock:
            if self._publishing:
                return
            self._publishing = True
        threading.Thread(target=self._publisher, name="hub-publish", daemon=True).start()

    def _publisher(self) -> None:
        while True:
            channel, data = self._outbox.get()
            if time.monotonic() < self.redis_down_until:
                self.dropped += 1
                continue
            try:
                self.redis.publish(channel, data)
            except Exception as exc:
                self.redis_down_until = time.monotonic() + REDIS_RETRY_SECONDS
                self.dropped += 1
                log.warning("redis publish failed; publishes are left to the sweep for %.0f s: "
                            "%s", REDIS_RETRY_SECONDS, exc)

    # -- Redis listener and sweep ---------------------------------------------------------------
    def _start(self) -> None:
        if self._started or self.redis is None:
            return
        with self._lock:
            if self._started:
                return
            self._started = True
        threading.Thread(target=self._listen, name="hub-redis", daemon=True).start()
        threading.Thread(target=self._sweep, name="hub-sweep", daemon=True).start()

    def _listen(self) -> None:
        while True:
            pubsub = None
            try:
                pubsub = self.listen_redis.pubsub(ignore_subscribe_messages=True)
                pubsub.psubscribe(f"{self.prefix}:t:*")
                self._sweep_once()       # whatever was missed while (re)connecting
                for item in pubsub.listen():
                    if item.get("type") != "pmessage":
                        continue
                    try:
                        origin, tid, text = item["data"].decode().split("|", 2)
                        if origin != self.id:
                            self._deliver(int(tid), Message(json.loads(text), text))
                    except Exception:
                        log.warning("bad hub message on %s", item.get("channel"))
            except Exception as exc:
                log.warning("redis listener: %s; reconnecting", exc)
                time.sleep(0.5)
            finally:
                if pubsub is not None:
                    try:
                        pubsub.close()
                    except Exception:
                        pass

    def _sweep_once(self) -> None:
        if self.versions is None:
            return
        with self._lock:
            tables = list(self._subs)
        if not tables:
            return
        for tid, version in self.versions(tables).items():
            if version > self._seen.get(tid, -1):     # a push this process never got
                self.saw(tid, version)
                self._deliver(tid, {"check": version})

    def _sweep(self) -> None:
        while True:
            time.sleep(self.sweep_every)
            try:
                self._sweep_once()
            except Exception as exc:
                log.warning("hub sweep: %s", exc)


# -- the WebSocket endpoint -------------------------------------------------------------------------
bp.register_error_handler(Exception, json_errors.unexpected)


def hub() -> Hub:
    return current_app.extensions["companion.hub"]


@bp.before_request
def check_token():
    """Refuse the upgrade (plain HTTP 401/403/404) unless the token is this table's."""
    code = (request.view_args or {}).get("code")
    try:
        g.access = service().authorize(code, request.args.get("token"))
    except ServiceError as err:
        return jsonify(err.body()), err.status
    return None


@sock.route("/ws/tables/<code>", bp=bp)
def table_socket(ws, code):
    svc, h = service(), hub()
    part = page_headers(request) if request.args.get("part") == "1" else None
    sub = Subscriber(ws, g.access, svc, h, part)
    h.subscribe(sub)
    sub.deliver(_HELLO)
    sender = threading.Thread(target=sub.run, name="ws-sender", daemon=True)
    sender.start()
    try:
        # The timeout only bounds how long a dead socket is kept (a closing sender wakes this
        # loop at once): a short one wakes every idle phone's greenlet for nothing.
        while not sub.closed:
            data = ws.receive(timeout=60)
            if data is None:
                continue
            msg = client_message(data)
            if "since" in msg:
                sub.ask_since(msg["since"])
            else:
                sub.deliver(msg)
    except ConnectionClosed:
        pass
    finally:
        h.unsubscribe(sub)
        sub.stop()
        sender.join(timeout=5)


def init_app(app) -> Hub:
    cfg = app.config
    h = Hub(cfg.get("REDIS_URL"), prefix=cfg["REDIS_PREFIX"],
            sweep_every=float(cfg["HUB_SWEEP_SECONDS"]),
            redis_timeout=float(cfg["REDIS_TIMEOUT"]),
            catchup_budget=float(cfg["WS_CATCHUP_BUDGET"]),
            catchup_rate=float(cfg["WS_CATCHUP_RATE"]))
    app.extensions["companion.hub"] = h
    app.config.setdefault("SOCK_SERVER_OPTIONS", {"ping_interval": 25, "max_message_size": 4096})
    app.register_blueprint(bp)
    return h
