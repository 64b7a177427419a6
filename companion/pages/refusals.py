"""Every refusal of the table service on a page, answered in one place.

A page calls the service and lets its :class:`~companion.wire.ServiceError` rise; this handler
answers it as a page: no such table is 404; a link or token that opens nothing is the no-seat
page; on a table this phone sits at, the table again with the refusal in words (and the form
that was posted, with what was entered); anywhere else a short page with the refusal.
(The JSON API and the WebSocket answer the same error as JSON: ``companion.api``.)
"""
from __future__ import annotations

from flask import render_template, request
from werkzeug.exceptions import NotFound

from companion.present import engine_text
from companion.pages.blueprint import bp
from companion.pages.seats import _access, _bad_link, _int, svc
from companion.pages.table import _after_post
from companion.pages.text import _use_table
from companion.wire import ServiceError


@bp.errorhandler(ServiceError)
def refused(err: ServiceError):
    if err.status == 404:
        return NotFound()     # (an error handler answers; abort() here would not be handled)
    code = (request.view_args or {}).get("code")
    if code and err.status in (401, 403) and err.code != "read_only":
        return _bad_link(code, err)
    access = _access(code, required=False) if code else None
    if access is not None:            # the table's words and currency say the refusal
        try:
            _use_table(svc().state(access)["state"])
        except ServiceError:
            pass
    words = engine_text(err.body()["error"])
    if access is None:
        return render_template("refused.html", error=words), err.status
    posted = request.form if request.method == "POST" and "i" in request.form else None
    return _after_post(code, access, err.status if err.status < 500 else 422, error=words,
                       error_index=_int(request.form.get("i")) if posted else None,
                       posted=posted)
