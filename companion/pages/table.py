"""The table page: the book, the forms, the last consequences; posting a step, undo and redo."""
from __future__ import annotations

import hmac
import json

from flask import make_response, redirect, render_template, request, url_for
from markupsafe import Markup

from companion import actionforms
from companion.i18n import gettext as _
from companion.pages.blueprint import bp
from companion.pages.live_part import live_html, own, part_answer, posted_form
from companion.pages.seats import _access, _int, _tables, svc
from companion.pages.text import _use_table, describe, name_of
from companion.present import engine_text
from companion.wire import ServiceError

# steps that move money or shares in a way an undo cannot settle without a word at the
# table: the page asks once before they count
ASK_FIRST = ("buy_train", "sell_shares", "bankrupt", "correction")


def asks_first(kind: str) -> bool:
    return kind in ASK_FIRST or kind.startswith("sell")


def _css_string(text: str) -> str:
    """``text`` as a CSS string (quoted and escaped)."""
    out = []
    for ch in text:
        if ch in '"\\' or ch < " " or ch in "<>&":
            out.append("\\%x " % ord(ch))
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def seat_style(player) -> Markup:
    """This phone's own rules for the shared live part (one for seats and watchers): its rows
    marked, what is only for its seat shown (an undo asked of it, a step entered for it), what
    is only for seats (``data-seats``) shown on a seat's phone, the watcher's line
    (``data-only=""``) on a watcher's, the summary first unless it acts."""
    me = "" if player is None else str(player)
    only = _css_string(me)
    acts = f"[data-acting*={_css_string(json.dumps(me))}]"     # its seat among those acting
    idle = f"#live:not({acts}):not([data-finished])" if me else "#live:not([data-finished])"
    rules = [f"[data-only]:not([data-only={only}]){{display:none!important}}"]
    if me:
        rules += [f"[data-not={only}]{{display:none!important}}",
                  f"tr[data-player={only}] td{{background:var(--you)}}",
                  f"#live{acts} .if-idle,#live:not({acts}) .if-turn{{display:none}}",
                  f"#live:not({acts})>.undo-fix{{order:1}}"]
    else:                   # a watcher: none of the seats' steps, undo or clock switch
        rules += [".if-turn{display:none}", "[data-seats]{display:none!important}"]
    rules += [f"{idle} .glance-top{{display:block}}", f"{idle} .glance-dup{{display:none}}"]
    return Markup("\n".join(rules))


def _page_context(code, access, **extra):
    st = svc().state_shown(access)      # shared, as the engine made it: not to be changed
    version, part = live_html(code, access, st, **extra)
    return dict(live_part=own(part, version), version=version, state=st["state"], code=code, access=access,
                server_now=round(svc().now(), 3),
                seat_style=seat_style(access.player),
                live_url=url_for("pages.table", code=code),
                ws_path=f"/ws/tables/{code}", token=_tables().get(code, {}).get("token", ""))


def _render_table(code, access, status=200, **kw):
    if request.headers.get("X-Live") == "1" and "X-Part" in request.headers:
        return _part_answer(code, access, status, **kw)
    ctx = _page_context(code, access, **kw)
    live = request.headers.get("X-Live") == "1" or request.args.get("fragment") == "1"
    resp = make_response(ctx["live_part"] if live else render_template("table.html", **ctx),
                         status)
    resp.headers["Cache-Control"] = "no-store"
    resp.headers["X-Version"] = str(ctx["version"])
    return resp


@bp.get("/tables/<code>")
def table(code):
    access = _access(code)
    return _render_table(code, access)


@bp.get("/tables/<code>/live")
def live_part(code):
    access = _access(code)
    version, part = live_html(code, access)
    resp = make_response(own(part, version))
    resp.headers["Cache-Control"] = "no-store"
    resp.headers["X-Version"] = str(version)
    return resp


def _part_answer(code, access, status=200, **kw):
    """The live part for the page's script, as its socket is pushed it: ``{"version", "delta",
    "lines"}``, what changed since the part it says it holds (``X-Part``: that part's
    data-made), or ``{"version", "part"}``; with the slots for its token, keys and version in
    it, which the page fills in (static/live_boot.js ``own``). After a step it is the part every
    phone of its kind is pushed; with a form's answer in it (an error, a question, a notice),
    this phone's own."""
    msg = part_answer(code, access, request.headers.get("X-Part", "")[:40], **kw)
    resp = make_response(msg.text, status)
    resp.mimetype = "application/json"
    resp.headers["Cache-Control"] = "no-store"
    resp.headers["X-Version"] = str(msg["version"])
    return resp


def _after_post(code, access, status=200, **kw):
    if request.headers.get("X-Live") == "1" or status != 200:
        return _render_table(code, access, status, **kw)
    return redirect(url_for("pages.table", code=code), 303)


# the header a table page's script posts with: the seat token the page was opened with
# (static/live.py ``submit``)
PAGE_SEAT = "X-Seat"


@bp.before_request
def _page_of_another_seat():
    """A table page opened for one seat, posting after this phone took another seat at the
    table (its link opened in another tab): refused, nothing entered, and the page says which
    seat this phone holds now. Before, the step went in as the new seat's (a correction "by
    Cy" from a page that said "you are Bo"; a step of Bo's own asked "Enter this for Bo?").
    A page's script says the seat it was opened for (:data:`PAGE_SEAT`); a form posted
    without it (no script) is the phone's seat's, as the page it came from says."""
    code = (request.view_args or {}).get("code")
    page_seat = request.headers.get(PAGE_SEAT)
    if request.method != "POST" or code is None or page_seat is None:
        return None
    if hmac.compare_digest(page_seat, _tables().get(code, {}).get("token") or ""):
        return None
    access = _access(code)
    _use_table(svc().legal_now(access))
    if access.player is None:
        return _after_post(code, access, 409, notice=_(
            "This phone watches this table now (its link was opened since this page was): "
            "nothing was entered. Reload the page."))
    return _after_post(code, access, 409, notice=_(
        "This phone has taken %(seat)s's seat at this table since this page was opened for "
        "another: nothing was entered. Reload the page to go on as %(seat)s.",
        seat=name_of(access.player)))


@bp.post("/tables/<code>/act")
def act(code):
    access = _access(code)
    s = svc()
    expected = _int(request.form.get("expected_version"), -1)
    index = _int(request.form.get("i"), -1)
    key = (request.form.get("key") or "")[:100] or None
    now = s.legal_now(access)          # the live game's legal entries, no state JSON read
    _use_table(now)                    # a refusal or a step to confirm in the table's words
    if now["version"] != expected:
        return _after_post(code, access, 409, notice=_(
            "Someone else entered a step first; here is the game as it is now."))
    form = posted_form(code, now["legal"], index)
    if form is None:
        return _after_post(code, access, 422, error=_("That step is not possible now."))
    index = form.index                 # (the answered form's, however the post counted it)
    try:
        action = actionforms.action_from(form, request.form, seat=access.player)
    except actionforms.FormError as err:
        return _after_post(code, access, 422, error=_("Check %(field)s.", field=err.label),
                           error_index=index, posted=request.form)
    owner = now.get("seats", {}).get(form.entity) if isinstance(form.entity, str) else None
    for_other = owner is not None and access.player is not None and \
        str(owner) != str(access.player)
    if (asks_first(form.type) or form.warn or for_other) and request.form.get("confirm") != "1":
        # asked once, in the page (the same with or without JavaScript): the form again with
        # what was entered, and a button that enters it; a step of another seat's (its
        # entity's controller is not this phone's seat) is asked "Enter this for Ann?"
        return _render_table(code, access, 200, error_index=index, posted=request.form,
                             confirm={"index": index, "what": describe(action), "warn": form.warn,
                                      "for_name": name_of(owner) if for_other else None})
    status, body = s.submit(access, action, expected, key)    # refusals: pages/refusals.py
    if status == 200:
        return _after_post(code, access)
    if status == 409:
        return _after_post(code, access, 409, notice=_(
            "Someone else entered a step first; here is the game as it is now."))
    return _after_post(code, access, 422, error=engine_text(body.get("error")),
                       error_index=index, posted=request.form)


def _post_step(code: str, kind: str):
    """Post an undo or redo from the page at the version the phone saw: (access, status, body)."""
    access = _access(code)
    s = svc()
    expected = _int(request.form.get("expected_version"))
    if expected is None:
        expected = s.legal_now(access)["version"]
    status, body = s.submit(access, {"type": kind}, expected, None)
    return access, status, body


def _answer_step(code: str, access, status: int, body: dict):
    if status == 200:
        return _after_post(code, access)
    if status == 409:
        return _after_post(code, access, 409, notice=_(
            "Someone else entered a step first; here is the game as it is now."))
    return _after_post(code, access, 422, error=engine_text(body.get("error")))


@bp.post("/tables/<code>/undo")
def undo(code):
    try:
        access, status, body = _post_step(code, "undo")
    except ServiceError as err:
        if err.code != "undo_needs_consent":
            raise
        access = _access(code)
        svc().request_undo(access)
        return _after_post(code, access, notice=_(
            "Asked the player who entered that step to allow the undo on their phone."))
    return _answer_step(code, access, status, body)


@bp.post("/tables/<code>/redo")
def redo(code):
    return _answer_step(code, *_post_step(code, "redo"))


@bp.post("/tables/<code>/undo/<int:req>")
def answer_undo(code, req):
    access = _access(code)
    s = svc()
    approve = request.form.get("answer") == "approve"
    out = s.answer_undo(access, req, approve)
    if out.get("to_version") is not None:    # undo back to a point: the service did what it could
        return _after_post(code, access, notice=(
            _("Undone with everyone's consent.") if out["status"] == "used" else
            _("You allowed it; waiting for the others.") if approve else _("You kept your step.")))
    if approve:   # the step is this seat's own: take it back at once
        version = s.legal_now(access)["version"]
        status, body = s.submit(access, {"type": "undo"}, version, f"undo-req-{req}")
        if status != 200:
            return _after_post(code, access, 422, error=engine_text(body.get("error")))
    return _after_post(code, access, notice=_("Undone with your consent.") if approve
                       else _("You kept your step."))


@bp.post("/tables/<code>/undo-to/<int:version>")
def undo_to(code, version):
    """Undo back to a chosen step: at once when every step it takes back is this seat's,
    else each other seat is asked (on its phone) and the last approval does it."""
    access = _access(code)
    out = svc().undo_to(access, version)
    return _after_post(code, access, notice=_("Undone.") if out["done"] else _(
        "Asked the players whose steps it takes back to allow it on their phones."))


@bp.post("/tables/<code>/clock")
def clock(code):
    """Switch the table clock on or off, pause or resume it (any seat)."""
    access = _access(code)
    svc().set_clock(access, request.form.get("clock"))
    return _after_post(code, access)
