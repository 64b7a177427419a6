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

import hashlib
import json
import os

from flask import Blueprint, current_app, jsonify, request
from werkzeug.exceptions import HTTPException

from flask_limiter import Limiter
from flask_limiter.util import get_remote_address

from companion.tables import ServiceError, service

bp = Blueprint("api", __name__, url_prefix="/api")
MAX_BODY = 64 * 1024
MAX_INT = 2 ** 31 - 1      # versions, ids and counts: what every database column holds


class BadRequest(ServiceError):
    def __init__(self, code, message, /, **params):
        super().__init__(400, code, message, **params)


def _reject_constant(name):
    raise ValueError(f"{name} is not JSON")


def json_body() -> dict:
    raw = request.get_data(cache=True)
    if not raw:
        raise BadRequest("bad_json", "The body must be a JSON object.")
    try:
        data = json.loads(raw, parse_constant=_reject_constant)
    except (ValueError, RecursionError, UnicodeDecodeError):
        raise BadRequest("bad_json", "The body is not valid JSON.") from None
    if not isinstance(data, dict):
        raise BadRequest("bad_json", "The body must be a JSON object.")
    try:                                   # "\ud800" escapes decode to unencodable strings
        json.dumps(data, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        raise BadRequest("bad_json", "The body has a string that is not valid Unicode.") from None
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


# -- rate-limit keys ------------------------------------------------------------------------------
def device_key() -> str:
    token = bearer()
    if token:
        return "tok:" + hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()[:24]
    return "ip:" + (request.remote_addr or "?")


def _limit(name):
    return lambda: current_app.config[name]


limiter = Limiter(get_remote_address)

# -- routes -----------------------------------------------------------------------------------------
@bp.before_request
def limit_body():
    request.max_content_length = current_app.config.get("API_MAX_BODY", MAX_BODY)


@bp.post("/tables")
@limiter.limit(_limit("RATELIMIT_CREATE"))
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


def json_text(text: str, status: int = 200):
    return current_app.response_class(text, status=status, mimetype="application/json")


@bp.get("/tables/<code>")
def get_table(code):
    return json_text(service().state_json(access_for(code)))


@bp.post("/tables/<code>/actions")
@limiter.limit(_limit("RATELIMIT_POST"), key_func=device_key)
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
@limiter.limit(_limit("RATELIMIT_JOIN"))
def get_seats(code):
    return jsonify(service().table_info(code, request.args.get("invite")))


@bp.post("/tables/<code>/join")
@limiter.limit(_limit("RATELIMIT_JOIN"))
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
@limiter.limit(_limit("RATELIMIT_POST"), key_func=device_key)
def request_undo(code):
    return jsonify(service().request_undo(access_for(code))), 201


@bp.post("/tables/<code>/undo/<int:request_id>/<any(approve, decline):answer>")
@limiter.limit(_limit("RATELIMIT_POST"), key_func=device_key)
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
    from sqlalchemy.exc import DBAPIError
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


def init_app(app) -> None:
    """Register the table service, the JSON API, the live WebSocket, CSRF and rate limits."""
    from flask_wtf.csrf import CSRFProtect

    from companion import live, tables

    env = os.environ.get
    app.config.setdefault("REDIS_PREFIX", env("COMPANION_REDIS_PREFIX", "companion"))
    app.config.setdefault("SNAPSHOT_EVERY", int(env("COMPANION_SNAPSHOT_EVERY", "100")))
    app.config.setdefault("RATELIMIT_CREATE", env("COMPANION_LIMIT_CREATE", "60 per minute"))
    app.config.setdefault("RATELIMIT_JOIN", env("COMPANION_LIMIT_JOIN", "30 per minute"))
    app.config.setdefault("RATELIMIT_POST", env("COMPANION_LIMIT_POST", "30 per 10 seconds"))
    app.config.setdefault("RATELIMIT_STORAGE_URI", app.config.get("REDIS_URL") or "memory://")
    app.config.setdefault("RATELIMIT_KEY_PREFIX", app.config["REDIS_PREFIX"] + ":rl")
    app.config.setdefault("RATELIMIT_SWALLOW_ERRORS", True)
    app.config.setdefault("RATELIMIT_HEADERS_ENABLED", True)

    hub = live.init_app(app)
    svc = tables.init_app(app, hub)
    hub.versions = svc.versions
    limiter.init_app(app)
    app.register_blueprint(bp)
    csrf = CSRFProtect(app)     # protects the pages' HTML forms (templates: {{ csrf_token() }})
    csrf.exempt(bp)             # bearer tokens, no cookies: not forgeable cross-site
    csrf.exempt(live.bp)
    app.register_error_handler(ServiceError, _service_error)
    app.register_error_handler(HTTPException, _http_error)
