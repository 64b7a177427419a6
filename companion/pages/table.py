"""The table page: the book, the forms, the last consequences; posting a step, undo and redo."""
from __future__ import annotations

from flask import make_response, redirect, render_template, request, url_for
from flask_babel import get_locale, gettext as _

from companion import actionforms
from companion.pages.blueprint import bp
from companion.pages.history import TZ_COOKIE, _effective_steps, _entry
from companion.pages.once import mark_my_rows, once
from companion.present import engine_text
from companion.pages.seats import _access, _int, _tables, svc
from companion.wire import ServiceError
from companion.pages.text import _use_table, describe, name_of

RECENT_STEPS = 60
# steps that move money or shares in a way an undo cannot settle without a word at the
# table: the page asks once before they count
ASK_FIRST = ("buy_train", "sell_shares", "bankrupt", "correction")


def asks_first(kind: str) -> bool:
    return kind in ASK_FIRST or kind.startswith("sell")


def _for_me(last: dict | None, access) -> dict | None:
    """The last step when another seat's phone entered it for this seat (the seat is told)."""
    if last is None or access.player is None or last["correction"]:
        return None
    for_seat = last["action"].get("entity", last["action"].get("seat"))
    if str(for_seat) != str(access.player) or not last["player"] or \
            str(last["player"]) == str(access.player):
        return None
    return last


def _legal(st: dict, access) -> list[dict]:
    """The engine's declared legal entries (corrections included: the engine declares them)."""
    return list(st["legal"])


def _context(code, access, error=None, error_index=None, posted=None, notice=None,
             confirm=None):
    s = svc()
    st = s.state(access)
    state, version = st["state"], st["version"]
    legal = _legal(st, access)
    _use_table(state)
    # alike on every phone of the table at this version in this language: made once (once.py)
    alike = (code, version, str(get_locale() or "en"))
    # the last steps are enough for the page (and for what an undo takes back)
    hist = once(("history",) + alike, lambda: s.history(
        access, since=max(0, version - RECENT_STEPS), limit=RECENT_STEPS)["entries"])
    entries = once(("entries", request.cookies.get(TZ_COOKIE)) + alike,
                   lambda: [_entry(h) for h in hist])
    recent = list(reversed(entries[-8:]))
    last_events = entries[-1]["events"] if entries else []
    book = st.get("book") or []
    acting = state.get("acting") or []
    undo_target = None
    steps = _effective_steps(hist)
    if steps and state.get("can_undo"):
        last = _entry(steps[-1])
        undo_target = {"what": last["what"], "name": last["by"], "version": last["version"],
                       "needs_consent": bool(last["player"] and last["player"] != access.player)}
    consent, mine = [], []
    if access.can_write:
        by_version = {e["version"]: e for e in entries}
        for req in s.undo_requests(access):
            step = by_version.get(req["step_version"])
            what = step["what"] if step else f"#{req['step_version']}"
            item = dict(req, what=what, by_name=name_of(req["requested_by"]),
                        owner_name=name_of(req["step_player"]))
            if req["status"] == "pending" and req["step_player"] == access.player:
                consent.append(item)
            elif req["requested_by"] == access.player and req["status"] == "pending":
                mine.append(item)
    forms = once(("forms",) + alike, lambda: actionforms.forms(legal)) if access.can_write else []
    acting_ids = set(map(str, acting))
    if access.player is None:      # a seat-filled entry needs a seat
        forms = [f for f in forms if not f.seat]
    now_forms = [f for f in forms if str(f.entity) in acting_ids or
                 (f.entity is None and not f.anytime)]
    other_forms = [f for f in forms if f not in now_forms]
    fixes = [f for f in forms if f.type == "correction"]     # the engine declares one per kind
    me_text = (_("you are %(name)s", name=access.name) if access.role == "seat"
               else _("watching"))
    my_turn = access.player is not None and access.player in (state.get("acting_players") or [])
    # a phone that is not acting opens on the summary (the book's "glance" sections), one
    # screen; the acting phone opens on its step, the summary leading the book below it
    glance_first = not my_turn and not state.get("finished")
    made = dict(book=book, access=access, glance_first=glance_first)
    book_html = once(("book", glance_first) + alike,
                     lambda: render_template("book/sections.html", **made))
    summary_html = once(("summary",) + alike,
                        lambda: render_template("book/summary.html", **made)) \
        if glance_first else ""
    return dict(
        glance_first=glance_first, book_html=mark_my_rows(book_html, access.player),
        summary_html=mark_my_rows(summary_html, access.player),
        code=code, access=access, state=state, version=version, forms=forms,
        now_forms=now_forms, other_forms=other_forms, fixes=fixes,
        now_cards=actionforms.grouped([f for f in now_forms if f.type != "correction"]),
        # "your turn" when this seat acts, or the company it presides/directs does
        can_act=access.can_write,
        my_turn=my_turn,
        acting_names=[name_of(a) for a in acting],
        book=book, recent=recent, last_events=last_events, error=error,
        error_index=error_index, posted=posted or {}, notice=notice, undo_target=undo_target,
        consent_requests=consent, my_requests=mine, me_text=me_text, confirm=confirm,
        for_me=_for_me(entries[-1] if entries else None, access),
        live_url=url_for("pages.table", code=code),
        ws_path=f"/ws/tables/{code}", token=_tables().get(code, {}).get("token", ""))


def _render_table(code, access, status=200, **kw):
    ctx = _context(code, access, **kw)
    live = request.headers.get("X-Live") == "1" or request.args.get("fragment") == "1"
    html = render_template("book/live.html" if live else "table.html", **ctx)
    resp = make_response(html, status)
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
    ctx = _context(code, access)
    resp = make_response(render_template("book/live.html", **ctx))
    resp.headers["Cache-Control"] = "no-store"
    resp.headers["X-Version"] = str(ctx["version"])
    return resp


def _after_post(code, access, status=200, **kw):
    if request.headers.get("X-Live") == "1" or status != 200:
        return _render_table(code, access, status, **kw)
    return redirect(url_for("pages.table", code=code), 303)


@bp.post("/tables/<code>/act")
def act(code):
    access = _access(code)
    s = svc()
    expected = _int(request.form.get("expected_version"), -1)
    index = _int(request.form.get("i"), -1)
    key = (request.form.get("key") or "")[:100] or None
    st = s.state(access)
    _use_table(st["state"])            # a refusal or a step to confirm in the table's words
    if st["version"] != expected:
        return _after_post(code, access, 409, notice=_(
            "Someone else entered a step first; here is the game as it is now."))
    usable = actionforms.forms(_legal(st, access))
    form = next((f for f in usable if f.index == index), None)
    if form is None:
        return _after_post(code, access, 422, error=_("That step is not possible now."))
    try:
        action = actionforms.action_from(form, request.form, seat=access.player)
    except actionforms.FormError as err:
        return _after_post(code, access, 422, error=_("Check %(field)s.", field=err.label),
                           error_index=index, posted=request.form)
    if asks_first(form.type) and request.form.get("confirm") != "1":
        # asked once, in the page (the same with or without JavaScript): the form again with
        # what was entered, and a button that enters it
        return _render_table(code, access, 200, error_index=index, posted=request.form,
                             confirm={"index": index, "what": describe(action)})
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
    expected = _int(request.form.get("expected_version"), s.state(access)["version"])
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
    s.answer_undo(access, req, approve)
    if approve:   # the step is this seat's own: take it back at once
        st = s.state(access)
        status, body = s.submit(access, {"type": "undo"}, st["version"], f"undo-req-{req}")
        if status != 200:
            return _after_post(code, access, 422, error=engine_text(body.get("error")))
    return _after_post(code, access, notice=_("Undone with your consent.") if approve
                       else _("You kept your step."))
