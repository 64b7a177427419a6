"""Errors as JSON for the JSON API and the WebSocket: a service refusal, an HTTP error, a
database that is busy or away, and anything unexpected (``{"error": {"code", "message",
"params"}}`` with its 4xx or 5xx status). Pages answer refusals as pages
(``companion/pages/refusals.py``)."""
from __future__ import annotations

from flask import current_app, jsonify, request
from werkzeug.exceptions import HTTPException

from companion.wire import ServiceError

MAX_BODY = 64 * 1024        # bytes of a JSON API body


def is_api() -> bool:
    return request.path.startswith(("/api/", "/ws/"))


def service_error(err: ServiceError):
    body = err.body()
    if err.status == 409 and "version" in err.params:
        body["version"] = err.params["version"]
    return jsonify(body), err.status


def http_error(err: HTTPException):
    if not is_api():
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


def unexpected(err: Exception):
    if isinstance(err, HTTPException):
        return http_error(err)
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
    if not is_api():
        raise err
    return jsonify({"error": {"code": "internal", "message": "The server failed on this request.",
                              "params": {}}}), 500


def init_app(app) -> None:
    app.register_error_handler(ServiceError, service_error)
    app.register_error_handler(HTTPException, http_error)
