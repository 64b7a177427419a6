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
``GET  /api/tables/<code>/undo-to/<version>``  what undo back to that step would take back
``POST /api/tables/<code>/undo-to``  ``{"to_version"}``: undo back to that step (or ask the seats)
``POST /api/tables/<code>/clock``    ``{"clock": "on"|"off"|"pause"|"resume"}``: the table clock

Every error is JSON ``{"error": {"code", "message", "params"}}`` with a 4xx status
(409 for a stale version also carries ``"version"``).
"""
from __future__ import annotations

import copy
import json
import math
import re
import time

from flask import Blueprint, current_app, g, jsonify, request

from companion import json_errors
from companion.kept import Kept
from companion.ratelimit import RateLimiter, address_key, bearer, device_key, limited
from companion.tables import service
from companion.wire import ServiceError

bp = Blueprint("api", __name__, url_prefix="/api")
OPENED_SESSIONS = 4096     # the page cookies kept unsigned (pages' phones, a few per table)
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


bp.register_error_handler(ServiceError, json_errors.service_error)
bp.register_error_handler(Exception, json_errors.unexpected)


# -- routes -----------------------------------------------------------------------------------------
@bp.post("/tables")
@limited(("RATELIMIT_CREATE", address_key))
def create_table():
    data = json_body()
    svc = service()
    created = svc.create_table(data.get("title"), data.get("players"), data.get("seed"),
                               data.get("options"), clock=data.get("clock", False))
    return jsonify({
        "code": created.code,
        "seats": created.seats,
        "spectate": absolute(svc.spectate_url.format(code=created.code,
                                                     token=created.spectate_token)),
        "spectate_token": created.spectate_token,
        "invite": absolute(svc.invite_url.format(code=created.code, invite=created.invite)),
        "invite_secret": created.invite,
    }), 201


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
    status, text = service().submit_json(access, data["action"], data["expected_version"],
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


@bp.get("/tables/<code>/undo-to/<int:to_version>")
def undo_plan(code, to_version):
    return jsonify(service().undo_plan(access_for(code), to_version))


@bp.post("/tables/<code>/undo-to")
@limited(*POST_LIMITS)
def undo_to(code):
    out = service().undo_to(access_for(code), json_body().get("to_version"))
    return jsonify(out), (200 if out["done"] else 202)


@bp.post("/tables/<code>/clock")
@limited(*POST_LIMITS)
def clock(code):
    return jsonify(service().set_clock(access_for(code), json_body().get("clock")))


def _no_sessions_for_api(app) -> None:
    """The JSON API and the WebSocket use bearer tokens, never the cookie session: give their
    requests an empty session instead of unsigning (or building a signer for) a cookie on
    every post, read and upgrade. Pages keep the signed cookie session as before, its signer
    made once for the app's keys."""
    from flask.sessions import SecureCookieSessionInterface
    from itsdangerous import BadSignature
    base = type(app.session_interface)
    if base is not SecureCookieSessionInterface:
        return                                # someone chose another session store: keep it

    class Sessions(base):
        signer = (None, None)            # (the keys, the serializer made with them)
        # the cookies already unsigned: cookie text -> (the signer's keys, when it was signed,
        # its data). A phone sends the same cookie with every post; its signature, base64 and
        # tagged JSON (a tenth of a post's own work) are undone once, its age checked each time
        opened = Kept(OPENED_SESSIONS)

        def open_session(self, app, request):
            if request.path.startswith(("/api/", "/ws/")):
                return self.session_class()
            val = request.cookies.get(self.get_cookie_name(app))
            s = self.get_signing_serializer(app)
            if not val or s is None:
                return super().open_session(app, request)
            max_age = int(app.permanent_session_lifetime.total_seconds())
            kept = self.opened.get(val)
            if kept is None or kept[0] != self.signer[0]:
                try:
                    data, signed = s.loads(val, max_age=max_age, return_timestamp=True)
                except BadSignature:
                    return self.session_class()
                kept = (self.signer[0], int(signed.timestamp()), data)
                self.opened.put(val, kept)
            if int(time.time()) - kept[1] > max_age:   # as the signer's own check refuses it
                return self.session_class()
            return self.session_class(copy.deepcopy(kept[2]))

        def get_signing_serializer(self, app):
            """The session cookie's signer, made once for the app's keys (Flask makes it anew
            for every request that opens or writes a session: it holds no state of a request)."""
            keys = (app.secret_key, tuple(app.config.get("SECRET_KEY_FALLBACKS") or ()))
            if self.signer[0] != keys:
                self.signer = (keys, super().get_signing_serializer(app))
            return self.signer[1]

    app.session_interface = Sessions()


def init_app(app, render_part=None) -> None:
    """Register the table service, the JSON API, the live WebSocket, CSRF and rate limits.
    ``render_part``: what the live socket pushes a table page (the pages' renderer)."""
    from flask_wtf.csrf import CSRFProtect

    from companion import first_state, live, tables

    app.config.setdefault("RATELIMIT_STORAGE_URI", app.config.get("REDIS_URL") or "memory://")
    app.config.setdefault("RATELIMIT_KEY_PREFIX", app.config["REDIS_PREFIX"] + ":rl")
    app.config.setdefault("RATELIMIT_SWALLOW_ERRORS", True)
    app.config.setdefault("RATELIMIT_HEADERS_ENABLED", True)

    _no_sessions_for_api(app)
    hub = live.init_app(app)
    svc = tables.init_app(app, hub)
    hub.configure(versions=svc.versions, state_cache=first_state.init_app(app, svc),
                  render_part=render_part)
    RateLimiter().init_app(app)
    app.register_blueprint(bp)
    csrf = CSRFProtect(app)     # protects the pages' HTML forms (templates: {{ csrf_token() }})
    csrf.exempt(bp)             # bearer tokens, no cookies: not forgeable cross-site
    csrf.exempt(live.bp)
    json_errors.init_app(app)
