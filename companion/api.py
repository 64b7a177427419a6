"""The JSON API (bearer tokens, no cookies, so no CSRF token is needed here).

``POST /api/tables``                         create a table (201)
``GET  /api/tables/<code>``                  ``{"version", "state", "legal"}``
``POST /api/tables/<code>/actions``          post an action (200 / 409 / 422)
``GET  /api/tables/<code>/actions?since=n``  the accepted actions after version n
``GET  /api/tables/<code>/history``          the log: who, seat, device, when, events
``GET  /api/tables/<code>/record``           the game as an engine record (replayable)
``GET  /api/tables/<code>/seats?invite=..``  the seats, for a join page
``POST /api/tables/<code>/join``             ``{"invite", "player", "device"}`` -> a seat token
``GET  /api/tables/<code>/undo``             open undo requests
``POST /api/tables/<code>/undo``             ask the seat that entered the last step to undo it
``POST /api/tables/<code>/undo/<id>/approve`` and ``.../decline``

Every error is JSON ``{"error": {"code", "message", "params"}}`` with a 4xx status
(409 for a stale version also carries ``"version"``).
"""
from __future__ import annotations

import functools
import json
import logging
import math
import os
import re
import threading
import time
import weakref

from flask import Blueprint, current_app, g, jsonify, request
from werkzeug.exceptions import HTTPException, TooManyRequests

from companion.tables import ServiceError, service, token_hash

bp = Blueprint("api", __name__, url_prefix="/api")
MAX_BODY = 64 * 1024
MAX_INT = 2 ** 31 - 1      # versions, ids and counts: what every database column holds


class BadRequest(ServiceError):
    def __init__(self, code, message, /, **params):
        super().__init__(400, code, message, **params)


_SURROGATE_ESCAPE = re.compile(rb"\\u[dD][89abcdefABCDEF]")


def _reject_constant(name):
    raise ValueError(f"{name} is not JSON")


def _finite_float(text: str) -> float:
    """A JSON number with a fraction or exponent; ``1e400`` (infinity once read) is refused:
    nothing non-finite reaches the log, whose JSON every phone and browser must read."""
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"{text} is out of range")
    return value


def json_body() -> dict:
    raw = request.get_data(cache=True)
    if not raw:
        raise BadRequest("bad_json", "The body must be a JSON object.")
    try:
        data = json.loads(raw, parse_constant=_reject_constant, parse_float=_finite_float)
    except (ValueError, RecursionError, UnicodeDecodeError):
        raise BadRequest("bad_json", "The body is not valid JSON (numbers must be finite).") \
            from None
    if not isinstance(data, dict):
        raise BadRequest("bad_json", "The body must be a JSON object.")
    # "\ud800" escapes decode to unencodable strings. Only a \uD800-\uDFFF escape can make one
    # (raw bytes that are not UTF-8 fail above), so a UTF-8 body without one needs no encoding
    # test (a UTF-16 or UTF-32 body, which json.loads reads too, has NUL bytes: tested).
    if b"\x00" in raw or _SURROGATE_ESCAPE.search(raw) is not None:
        try:
            json.dumps(data, ensure_ascii=False).encode("utf-8")
        except UnicodeEncodeError:
            raise BadRequest("bad_json",
                             "The body has a string that is not valid Unicode.") from None
    return data


def bearer() -> str | None:
    header = request.headers.get("Authorization", "")
    if header[:7].lower() == "bearer ":
        return header[7:].strip() or None
    return None


def access_for(code):
    return service().authorize(code, bearer())


def int_arg(name, default):
    raw = request.args.get(name)
    if raw is None:
        return default
    try:
        value = int(raw)
    except ValueError:
        raise BadRequest("bad_query", f"'{name}' must be a whole number.") from None
    if not 0 <= value <= MAX_INT:
        raise BadRequest("bad_query", f"'{name}' must be between 0 and {MAX_INT}.")
    return value


def absolute(path: str) -> str:
    return request.host_url.rstrip("/") + path


# -- rate limits -----------------------------------------------------------------------------------
# Fixed windows ("30 per 10 seconds": at most 30 hits in each aligned 10-second window), counted in
# this process (memory://) or in Redis (redis://..., shared by every process). Hand-made rather than
# flask-limiter: that extension re-parsed each limit and walked every route's limits on every request
# (GETs and WebSocket upgrades included), ~0.5 ms of CPU a request; here a limited post costs a few
# dict operations (or one Redis round trip for all its limits) and other requests nothing.
log = logging.getLogger(__name__)
REDIS_RETRY_SECONDS = 5.0
_UNITS = {"second": 1, "minute": 60, "hour": 3600, "day": 86400}
_LIMIT_RE = re.compile(r"^\s*(\d+)\s*(?:per|/)\s*(\d+)?\s*(second|minute|hour|day)s?\s*$", re.I)


@functools.lru_cache(maxsize=64)
def parse_limits(text: str) -> tuple[tuple[int, int], ...]:
    """``"30 per 10 seconds; 1000/hour"`` -> ``((30, 10), (1000, 3600))`` (hits, seconds)."""
    out = []
    for part in re.split(r"[;,]", text or ""):
        if not part.strip():
            continue
        m = _LIMIT_RE.match(part)
        if not m:
            raise ValueError(f"not a rate limit: {part!r} (write e.g. '30 per 10 seconds')")
        out.append((int(m.group(1)), int(m.group(2) or 1) * _UNITS[m.group(3).lower()]))
    return tuple(out)


def device_key() -> str:
    token = bearer()
    if token:
        return "tok:" + token_hash(token)[:24]
    return "ip:" + (request.remote_addr or "?")


def address_key() -> str:
    return "ip:" + (request.remote_addr or "?")


class RateLimiter:
    """Counts hits per (limit name, key, window) and refuses with 429 over a limit."""

    def __init__(self):
        self.enabled = True
        self.redis = None
        self.prefix = "companion:rl"
        self.swallow_errors = True
        self._counts: dict[str, list] = {}        # memory: key -> [window end, hits]
        self._lock = threading.Lock()
        self._next_prune = 0.0
        self.redis_down_until = 0.0     # after a Redis failure: count in memory until then

    def init_app(self, app) -> None:
        cfg = app.config
        self.enabled = bool(cfg.get("RATELIMIT_ENABLED", True))
        self.prefix = cfg.get("RATELIMIT_KEY_PREFIX", "companion:rl")
        self.swallow_errors = bool(cfg.get("RATELIMIT_SWALLOW_ERRORS", True))
        uri = cfg.get("RATELIMIT_STORAGE_URI") or "memory://"
        self.redis = None
        if uri.startswith(("redis://", "rediss://", "unix://")):
            import redis
            # A hung Redis must not hold every post: a short timeout, then (below) this process
            # counts in memory for REDIS_RETRY_SECONDS before it tries Redis again.
            timeout = float(cfg.get("REDIS_TIMEOUT") or os.environ.get(
                "COMPANION_REDIS_TIMEOUT", 0.25))
            self.redis = redis.Redis.from_url(uri, socket_timeout=timeout,
                                              socket_connect_timeout=timeout)
        elif not uri.startswith("memory://"):
            raise ValueError(f"RATELIMIT_STORAGE_URI: memory:// or redis://, not {uri!r}")
        for name in ("RATELIMIT_CREATE", "RATELIMIT_JOIN", "RATELIMIT_POST", "RATELIMIT_POST_ADDRESS"):
            parse_limits(cfg.get(name, ""))       # a bad setting fails at start, not per request
        app.extensions["companion.ratelimit"] = self

    def hit(self, checks) -> None:
        """``checks``: [(config name, key)]. Counts one hit on each; 429 if any is over."""
        if not self.enabled or not current_app.config.get("RATELIMIT_ENABLED", True):
            return
        now = time.time()
        windows = []
        for name, key in checks:
            for amount, seconds in parse_limits(current_app.config.get(name, "")):
                start = int(now // seconds) * seconds
                windows.append((f"{self.prefix}:{name}:{amount}/{seconds}:{key}:{start}",
                                amount, start + seconds))
        if not windows:
            return
        try:
            if self.redis is not None and now >= self.redis_down_until:
                counts = self._redis_incr(windows)
            else:
                counts = self._incr(windows, now)   # memory (or Redis failed a moment ago)
        except Exception as exc:
            if not self.swallow_errors:
                raise
            self.redis_down_until = now + REDIS_RETRY_SECONDS
            log.warning("rate limit storage failed (counted in this process for %.0f s): %s",
                        REDIS_RETRY_SECONDS, exc)
            counts = self._incr(windows, now)
        worst = None
        for (_key, amount, end), count in zip(windows, counts):
            remaining = amount - count
            if worst is None or remaining < worst[0]:
                worst = (remaining, amount, end)
        g.ratelimit = worst
        if worst[0] < 0:
            raise TooManyRequests(retry_after=max(1, int(worst[2] - now + 0.999)))

    def _incr(self, windows, now) -> list[int]:
        counts = []
        with self._lock:
            table = self._counts
            if now >= self._next_prune and len(table) > 1000:   # forget ended windows
                for k in [k for k, v in table.items() if v[0] <= now]:
                    del table[k]
                self._next_prune = now + 10
            for key, _amount, end in windows:
                slot = table.get(key)
                if slot is None:
                    slot = table[key] = [end, 0]
                slot[1] += 1
                counts.append(slot[1])
        return counts

    def _redis_incr(self, windows) -> list[int]:
        pipe = self.redis.pipeline(transaction=False)
        for key, _amount, end in windows:
            pipe.incr(key)
            pipe.expireat(key, int(end) + 1, nx=True)
        return pipe.execute()[0::2]


def limited(*checks):
    """Route decorator: ``checks`` are (config name, key function) pairs (each app has its own
    :class:`RateLimiter` and counts)."""
    def wrap(view):
        @functools.wraps(view)
        def inner(*a, **k):
            current_app.extensions["companion.ratelimit"].hit(
                [(name, key()) for name, key in checks])
            return view(*a, **k)
        return inner
    return wrap


POST_LIMITS = (("RATELIMIT_POST", device_key), ("RATELIMIT_POST_ADDRESS", address_key))


@bp.after_request
def ratelimit_headers(response):
    worst = g.get("ratelimit")
    if worst is not None and current_app.config.get("RATELIMIT_HEADERS_ENABLED", True):
        remaining, amount, end = worst
        response.headers["X-RateLimit-Limit"] = str(amount)
        response.headers["X-RateLimit-Remaining"] = str(max(0, remaining))
        response.headers["X-RateLimit-Reset"] = str(int(end))
    return response


# -- routes -----------------------------------------------------------------------------------------
@bp.before_request
def limit_body():
    request.max_content_length = current_app.config.get("API_MAX_BODY", MAX_BODY)


@bp.post("/tables")
@limited(("RATELIMIT_CREATE", address_key))
def create_table():
    data = json_body()
    svc = service()
    created = svc.create_table(data.get("title"), data.get("players"), data.get("seed"),
                               data.get("options"))
    return jsonify({
        "code": created.code,
        "seats": created.seats,
        "spectate": absolute(svc.spectate_url.format(code=created.code,
                                                     token=created.spectate_token)),
        "spectate_token": created.spectate_token,
        "invite": absolute(svc.invite_url.format(code=created.code, invite=created.invite)),
        "invite_secret": created.invite,
    }), 201


# -- actions as their legal forms declare them ------------------------------------------------------
_DECLARED: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()  # live -> {version: fields}
KEEP_DECLARED = 16     # versions whose fields are kept: a retried post strips the same way


def declared_fields(legal) -> dict[str, frozenset]:
    """``{type: the fields an action of that type may carry}``: ``type``, ``entity``, the fixed
    scalars and the params of every legal entry of the type (engine/contract.py: "Nothing else
    of an entry is sent")."""
    from engine.contract import ENTRY_KEYS
    out: dict[str, set] = {}
    for entry in legal:
        if not isinstance(entry, dict) or not isinstance(entry.get("type"), str):
            continue
        keys = out.setdefault(entry["type"], {"type"})
        keys.update(k for k in entry if k not in ENTRY_KEYS or k == "entity")
        keys.update(entry.get("params") or ())
    return {t: frozenset(k) for t, k in out.items()}


def _fields_at(live, version: int):
    """The declared fields of the live game at ``version`` (now, or one of the last few
    versions this process saw), or None."""
    known = _DECLARED.get(live)
    if known is None:
        known = _DECLARED[live] = {}
    if version == live.version and version not in known:
        try:
            legal = live.legal()
        except Exception:                      # a title's fault: the post reports it
            return None
        known[version] = declared_fields(legal)
        for old in sorted(known)[:-KEEP_DECLARED]:
            del known[old]
    return known.get(version)


def as_declared(fields, action):
    """``action`` with only the fields its type's legal entries declare (an action of a type
    not offered goes to the engine as it came: refused)."""
    keys = fields.get(action.get("type")) if fields is not None else None
    if keys is None or all(k in keys for k in action):
        return action
    return {k: v for k, v in action.items() if k in keys}


def submit_declared(svc, access, action, expected_version, key):
    """Post ``action`` as its legal form declares it (extra fields left out before it is
    logged and pushed), holding the table's lock from the check to the write. Stripped by the
    fields of the version the phone saw: the table's now, or (a retried post, answered from its
    key) one of the last few."""
    if not isinstance(action, dict) or not access.can_write or \
            not isinstance(expected_version, int) or isinstance(expected_version, bool):
        return svc.submit_json(access, action, expected_version, key)   # its own 4xx
    tid = access.table_id
    with svc._lock(tid):                       # re-entrant: submit_json takes it again
        live = svc._live_table(tid)
        if live.version < expected_version:
            live = svc._fresh(tid)             # another process wrote: catch up first
        action = as_declared(_fields_at(live, expected_version), action)
        return svc.submit_json(access, action, expected_version, key)


def json_text(text: str, status: int = 200):
    return current_app.response_class(text, status=status, mimetype="application/json")


@bp.get("/tables/<code>")
def get_table(code):
    return json_text(service().state_json(access_for(code)))


@bp.post("/tables/<code>/actions")
@limited(*POST_LIMITS)
def post_action(code):
    access = access_for(code)
    data = json_body()
    if "action" not in data or "expected_version" not in data:
        raise BadRequest("bad_request", "Send {\"action\": {...}, \"expected_version\": n, "
                                        "\"key\": \"...\"}.")
    status, text = submit_declared(service(), access, data["action"], data["expected_version"],
                                   data.get("key"))
    return json_text(text, status)


@bp.get("/tables/<code>/actions")
def get_actions(code):
    access = access_for(code)
    svc = service()
    return jsonify({"actions": svc.since(access, int_arg("since", 0)),
                    "version": svc.current_version(access.table_id)})


@bp.get("/tables/<code>/history")
def get_history(code):
    access = access_for(code)
    return jsonify(service().history(access, int_arg("since", 0), int_arg("limit", 500)))


@bp.get("/tables/<code>/record")
def get_record(code):
    return jsonify(service().record(access_for(code)))


@bp.get("/tables/<code>/seats")
@limited(("RATELIMIT_JOIN", address_key))
def get_seats(code):
    return jsonify(service().table_info(code, request.args.get("invite")))


@bp.post("/tables/<code>/join")
@limited(("RATELIMIT_JOIN", address_key))
def join(code):
    data = json_body()
    label = data.get("device", "")
    if label is None:
        label = ""
    return jsonify(service().join(code, data.get("invite"), data.get("player"), label)), 201


@bp.get("/tables/<code>/undo")
def list_undo(code):
    return jsonify({"requests": service().undo_requests(access_for(code))})


@bp.post("/tables/<code>/undo")
@limited(*POST_LIMITS)
def request_undo(code):
    return jsonify(service().request_undo(access_for(code))), 201


@bp.post("/tables/<code>/undo/<int:request_id>/<any(approve, decline):answer>")
@limited(*POST_LIMITS)
def answer_undo(code, request_id, answer):
    return jsonify(service().answer_undo(access_for(code), request_id, answer == "approve"))


# -- errors ---------------------------------------------------------------------------------------
def _is_api() -> bool:
    return request.path.startswith(("/api/", "/ws/"))


@bp.errorhandler(ServiceError)
def _service_error(err: ServiceError):
    body = err.body()
    if err.status == 409 and "version" in err.params:
        body["version"] = err.params["version"]
    return jsonify(body), err.status


def _http_error(err: HTTPException):
    if not _is_api():
        return err
    code = (err.name or "error").lower().replace(" ", "_")
    message = err.description or err.name
    if err.code == 413:
        message = f"The body is larger than {current_app.config.get('API_MAX_BODY', MAX_BODY)} bytes."
    response = jsonify({"error": {"code": code, "message": message, "params": {}}})
    response.status_code = err.code or 400
    if err.code == 429:
        retry = getattr(err, "retry_after", None)
        if retry:
            response.headers["Retry-After"] = str(retry)
    return response


@bp.errorhandler(Exception)
def _unexpected(err: Exception):
    if isinstance(err, HTTPException):
        return _http_error(err)
    from sqlalchemy.exc import DBAPIError, TimeoutError as PoolTimeout
    if isinstance(err, PoolTimeout):          # every database connection of this process is busy
        current_app.logger.warning("no free database connection on %s: %s", request.path, err)
        response = jsonify({"error": {"code": "busy", "params": {},
                                      "message": "The server is busy; try again."}})
        response.headers["Retry-After"] = "1"
        return response, 503
    if isinstance(err, DBAPIError) and (err.connection_invalidated or
                                        "OperationalError" in type(err).__name__):
        current_app.logger.warning("database unavailable on %s: %s", request.path, err)
        return jsonify({"error": {"code": "unavailable", "params": {},
                                  "message": "The database is unavailable; try again."}}), 503
    current_app.logger.exception("unexpected error on %s", request.path)
    if not _is_api():
        raise err
    return jsonify({"error": {"code": "internal", "message": "The server failed on this request.",
                              "params": {}}}), 500


def _no_sessions_for_api(app) -> None:
    """The JSON API and the WebSocket use bearer tokens, never the cookie session: give their
    requests an empty session instead of unsigning (or building a signer for) a cookie on
    every post, read and upgrade. Pages keep the signed cookie session as before."""
    from flask.sessions import SecureCookieSessionInterface
    base = type(app.session_interface)
    if base is not SecureCookieSessionInterface:
        return                                # someone chose another session store: keep it

    class Sessions(base):
        def open_session(self, app, request):
            if request.path.startswith(("/api/", "/ws/")):
                return self.session_class()
            return super().open_session(app, request)

    app.session_interface = Sessions()


def init_app(app) -> None:
    """Register the table service, the JSON API, the live WebSocket, CSRF and rate limits."""
    from flask_wtf.csrf import CSRFProtect

    from companion import first_state, live, tables

    env = os.environ.get
    app.config.setdefault("REDIS_PREFIX", env("COMPANION_REDIS_PREFIX", "companion"))
    app.config.setdefault("SNAPSHOT_EVERY", int(env("COMPANION_SNAPSHOT_EVERY", "100")))
    app.config.setdefault("RATELIMIT_CREATE", env("COMPANION_LIMIT_CREATE", "60 per minute"))
    app.config.setdefault("RATELIMIT_JOIN", env("COMPANION_LIMIT_JOIN", "30 per minute"))
    app.config.setdefault("RATELIMIT_POST", env("COMPANION_LIMIT_POST", "30 per 10 seconds"))
    # All phones behind one address (a table on one Wi-Fi): a ceiling on forged-token floods.
    app.config.setdefault("RATELIMIT_POST_ADDRESS",
                          env("COMPANION_LIMIT_POST_ADDRESS", "1200 per minute"))
    app.config.setdefault("RATELIMIT_STORAGE_URI", app.config.get("REDIS_URL") or "memory://")
    app.config.setdefault("RATELIMIT_KEY_PREFIX", app.config["REDIS_PREFIX"] + ":rl")
    app.config.setdefault("RATELIMIT_SWALLOW_ERRORS", True)
    app.config.setdefault("RATELIMIT_HEADERS_ENABLED", True)

    _no_sessions_for_api(app)
    hub = live.init_app(app)
    svc = tables.init_app(app, hub)
    hub.versions = svc.versions
    hub.state_cache = first_state.init_app(app, svc)   # a reconnecting phone's first state
    RateLimiter().init_app(app)
    app.register_blueprint(bp)
    csrf = CSRFProtect(app)     # protects the pages' HTML forms (templates: {{ csrf_token() }})
    csrf.exempt(bp)             # bearer tokens, no cookies: not forgeable cross-site
    csrf.exempt(live.bp)
    app.register_error_handler(ServiceError, _service_error)
    app.register_error_handler(HTTPException, _http_error)
