"""The table page: the book, the forms, the last consequences; posting a step, undo and redo."""
from __future__ import annotations

import dataclasses
import hashlib
import json
import re
import uuid

from flask import make_response, redirect, render_template, request, url_for
from flask.testing import EnvironBuilder
from markupsafe import Markup

from companion import actionforms, table_clock
from companion.i18n import gettext as _, locale_name, ngettext
from companion.kept import Kept
from companion.pages.blueprint import bp
from companion.pages.history import (TZ_COOKIE, _effective_steps, _entry, is_step, taken_back,
                                     undone_versions)
from companion.pages.once import once
from companion.pages.pieces import data_key, render as render_piece, reuse
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


def _legal(st: dict, access) -> list[dict]:
    """The engine's declared legal entries (corrections included: the engine declares them)."""
    return list(st["legal"])


def _last_for_seat(last: dict | None) -> dict | None:
    """The last step when a phone of one seat entered it for another seat (that seat is told)."""
    if last is None or last["correction"] or not last["player"]:
        return None
    for_seat = last["action"].get("entity", last["action"].get("seat"))
    if for_seat is None or str(for_seat) == str(last["player"]):
        return None
    return dict(last, seat=str(for_seat))


def _ranking(access, state) -> list[dict]:
    """A finished game's players, best first: name, total and place (ties share a place)."""
    names = {p["id"]: p["name"] for p in state.get("players") or []}
    rows = sorted(svc().scores(access)[1], key=lambda r: -r["total"])
    out, place = [], 0
    for i, r in enumerate(rows):
        if i == 0 or r["total"] != rows[i - 1]["total"]:
            place = i + 1
        out.append({"player": str(r["player"]), "name": names.get(r["player"], r["player"]),
                    "total": r["total"], "place": place})
    return out


def clock_view(access, state) -> dict | None:
    """The table clock as the page shows it (None while it is off): each seat's time up to
    ``since`` (server time, epoch seconds) and whether it is running; a phone ticks the running
    seats' times itself from ``since`` (static/live_boot.js)."""
    clock = svc().clock_of(access)
    if clock is None:
        return None
    used, running = clock.get("used") or {}, set(clock.get("running") or [])
    rows = [{"seat": str(p["id"]), "name": p["name"], "used": used.get(str(p["id"]), 0.0),
             "text": table_clock.clock_text(used.get(str(p["id"]), 0.0)),
             "running": str(p["id"]) in running and not clock.get("paused")}
            for p in state.get("players") or []]
    return {"since": clock["since"], "paused": bool(clock.get("paused")), "rows": rows}


def _clock_key(access):
    clock = svc().clock_of(access)
    return None if clock is None else (clock["since"], bool(clock.get("paused")),
                                       tuple(clock.get("running") or ()))


def _part_context(code, access, st, error=None, error_index=None, posted=None, notice=None,
                  confirm=None, undo=None):
    """What the live part shows. It is alike on every phone of the table that can write (and on
    every phone that watches) at this version, in this language and time zone: what differs
    by seat (its row, its turn, the undo asked of it, a step entered for it) is marked in the
    part with the seat (``data-only``, ``data-not``, ``data-acting``) and shown or hidden by
    the page's own style (:func:`seat_style`)."""
    s = svc()
    state, version = st["state"], st["version"]
    legal = _legal(st, access)
    _use_table(state)
    # alike on every phone of the table at this version in this language: made once (once.py)
    alike = (code, version, locale_name())
    lang, tz = alike[2], request.cookies.get(TZ_COOKIE)
    # the last steps are enough for the page (and for what an undo takes back); each entry is
    # made once for its log row (rows never change: pieces.py)
    hist = s.recent_history(access, version, RECENT_STEPS)

    def entry(h: dict) -> dict:
        return reuse(("entry", code, lang, tz, h["version"]), lambda: _entry(h))

    entries = [entry(h) for h in hist]

    def entry_html(h: dict) -> Markup:
        return Markup(reuse(("entry-html", code, lang, tz, h["version"], bool(h.get("undone")),
                             bool(h.get("back"))),
                            lambda: render_piece("book/history_entry.html", h=h, code=code)))
    last_events = entries[-1]["events"] if entries else []
    book = st.get("book") or []
    undo_target = None
    undone = undone_versions(hist)        # (the kept entries are shared: marked on copies)
    entries = [dict(e, undone=e["version"] in undone) for e in entries]
    recent = [dict(e, back=access.can_write and is_step(e) and not e["undone"])
              for e in reversed(entries[-8:])]
    back = [dict(_entry(h), board=[engine_text(ev, "board") for ev in h.get("events") or []
                                   if ev.get("board")]) for h in taken_back(hist)]
    steps = _effective_steps(hist)
    if steps and state.get("can_undo"):
        last = entry(steps[-1])
        # what to take back on the board: each event's "board" text of that step
        board = [engine_text(e, "board") for e in last["events"] if e.get("board")]
        undo_target = {"what": last["what"], "name": last["by"], "version": last["version"],
                       "player": last["player"], "board": board}
    asks = []
    if access.can_write:
        by_version = {e["version"]: e for e in entries}
        for req in (undo if undo is not None else s.undo_requests(access)):
            if req["status"] != "pending":
                continue
            step = by_version.get(req["step_version"])
            what = step["what"] if step else f"#{req['step_version']}"
            if req.get("to_version") is not None:     # undo back to a chosen point
                n = sum(1 for e in entries if e["version"] >= req["to_version"] and
                        is_step(e) and not e["undone"])
                what = ngettext("%(num)s step, back to #%(v)s", "%(num)s steps, back to #%(v)s",
                                n, v=req["to_version"])
            asks.append(dict(req, what=what, by_name=name_of(req["requested_by"]),
                             owner_name=name_of(req["step_player"])))
    forms = _forms(code, lang, legal) if access.can_write else []
    acting = state.get("acting") or []
    acting_ids = set(map(str, acting))
    now_forms = [f for f in forms if str(f.entity) in acting_ids or
                 (f.entity is None and not f.anytime)]
    other_forms = [f for f in forms if f not in now_forms]
    fixes = [f for f in forms if f.type == "correction"]     # the engine declares one per kind
    ranking = once(("ranking",) + alike, lambda: _ranking(access, state)) \
        if state.get("finished") else []

    keys: dict[int, bytes] = {}         # each section's data key, found once per making

    def section_html(section, mode, first=False, skip=0) -> Markup:
        """One book section, made once for its data (pieces.py, book/section.html)."""
        key = keys.get(id(section))
        if key is None:
            key = keys[id(section)] = data_key(section)
        return Markup(reuse(("section", code, lang, mode, first, skip, key),
                            lambda: render_piece("book/section.html", s=section, mode=mode,
                                                 first=first, skip=skip)))

    made = dict(book=book, section_html=section_html)
    alone = any(x is not None for x in (error, error_index, posted, notice, confirm))

    def form_html(f) -> Markup:
        """A step's form: made once for its legal entry, in a form's answer (an error, what was
        typed, a question) made for it."""
        if alone:
            return Markup(render_template(
                "book/form.html", f=f, code=code, version=version, error=error,
                error_index=error_index, posted=posted or {}, confirm=confirm,
                csrf_token=lambda: Markup(CSRF_SLOT), new_key=lambda: Markup(KEY_SLOT)))
        html = reuse(("form-html", code, lang, f.piece), lambda: render_piece(
            "book/form.html", f=dataclasses.replace(f, index=INDEX_SLOT), code=code,
            version=VERSION_SLOT, error=None, error_index=None, posted={}, confirm=None,
            csrf_token=lambda: Markup(CSRF_SLOT), new_key=lambda: Markup(KEY_SLOT)))
        return Markup(html.replace(VERSION_SLOT, str(version)).replace(INDEX_SLOT, str(f.index)))

    book_html = once(("book",) + alike, lambda: render_template("book/sections.html", **made))
    summary_html = once(("summary",) + alike,
                        lambda: render_template("book/summary.html", **made))
    return dict(
        book_html=Markup(book_html), summary_html=Markup(summary_html), form_html=form_html,
        entry_html=entry_html,
        code=code, access=access, state=state, version=version, forms=forms,
        acting_json=seat_json_list(state.get("acting_players") or []),
        seats=[(str(p["id"]), p["name"]) for p in state.get("players") or []],
        now_forms=now_forms, other_forms=other_forms, fixes=fixes,
        now_cards=actionforms.grouped([f for f in now_forms if f.type != "correction"]),
        can_act=access.can_write,
        acting_names=[_acting_name(a, state.get("acting_for") or {}) for a in acting],
        book=book, recent=recent, last_events=last_events, error=error,
        error_index=error_index, posted=posted or {}, notice=notice, undo_target=undo_target,
        asks=asks, confirm=confirm, ranking=ranking, taken_back=back,
        clock=clock_view(access, state),
        for_seat=_last_for_seat(entries[-1] if entries else None),
        # every phone fills in its own (static/live_boot.js, :func:`_own`)
        csrf_token=lambda: Markup(CSRF_SLOT), new_key=lambda: Markup(KEY_SLOT))


# the places in a made part where each phone puts its own CSRF token and a new idempotency
# key (a "<" never comes out of an escaped value, so no player's text can look like these)
CSRF_SLOT = "<csrf>"
KEY_SLOT = "<key>"
# where a form made once for its legal entry gets the version it is posted at, and its entry's
# place in this version's legal list (the same entry moves when the entries before it change)
VERSION_SLOT = Markup("<version>")
INDEX_SLOT = Markup("<index>")


def _acting_name(entity, acting_for: dict) -> str:
    """The header's name for who acts: a player, or a company with who runs it ("GR (Ann)")."""
    by = acting_for.get(str(entity))
    if by is None:
        return name_of(entity)
    return _("%(company)s (%(player)s)", company=name_of(entity), player=name_of(by))


def _forms(code: str, lang: str, legal: list[dict]) -> list:
    """The forms of the legal entries, each built once for its entry's declared content
    (pieces.py), wherever the entry stands in the list: each version's copy has the entry's
    place there (``index``) and ``f.piece``, the entry's key, for its HTML."""
    out = []
    for i, e in enumerate(legal or []):
        if not isinstance(e, dict) or e.get("type") in actionforms.HIDDEN_TYPES:
            continue
        piece = data_key(e)
        f = dataclasses.replace(reuse(("form", code, lang, piece),
                                      lambda: actionforms.build(i, e)), index=i)
        f.piece = piece
        out.append(f)
    return out


def _own(html: str) -> Markup:
    """A made part with this phone's CSRF token and a new key per form."""
    from flask_wtf.csrf import generate_csrf
    html = html.replace(CSRF_SLOT, generate_csrf())
    return Markup(re.sub(re.escape(KEY_SLOT), lambda m: uuid.uuid4().hex, html))


def seat_json_list(ids) -> str:
    return json.dumps([str(i) for i in ids])


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
    """This phone's own rules for the shared live part: its rows marked, what is only for its
    seat shown (an undo asked of it, a step entered for it), the summary first unless it acts."""
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
    else:
        rules.append(".if-turn{display:none}")
    rules += [f"{idle} .glance-top{{display:block}}", f"{idle} .glance-dup{{display:none}}"]
    return Markup("\n".join(rules))


def live_html(code, access, st=None, **extra) -> tuple[int, str]:
    """(version, the page's live part, with a slot for each phone's own token and keys: see
    :func:`_own`). Without a form's answer in it (an error, a notice, what was typed) it is made
    once per table, version, language, time zone, open undo requests and whether the phone can
    write, and every phone of the table shares it."""
    if any(v is not None for v in extra.values()):
        st = st if st is not None else svc().state(access)
        return st["version"], render_template("book/live.html", made="",
                                              **_part_context(code, access, st, **extra))
    if st is None:                 # the engine's own objects, shared: no JSON read back
        st = svc().state_shown(access)
    version = st["version"]
    undo = svc().undo_requests(access) if access.can_write else []
    asks = tuple(r["id"] for r in undo if r["status"] == "pending")
    key = ("part", access.can_write, asks, request.cookies.get(TZ_COOKIE), code, version,
           locale_name(), _clock_key(access))
    # the part's name: a phone shown this very part skips a push of it (static/live_boot.js)
    made = hashlib.sha1(repr(key).encode()).hexdigest()[:16]
    return version, once(key, lambda: render_template(
        "book/live.html", made=made,
        **_part_context(code, access, st, undo=undo)))


ENVIRONS_KEEP = 2048            # the push renderer's requests kept (one per phone's headers)


class PushRenderer:
    """What the live socket calls to push a phone the live part (companion/live.py): made in a
    request like the phone's own (its language and time zone cookies). The hub makes it once per
    table, version and kind of phone (:meth:`kind`) and sends the same message to every phone
    of that kind: no request, cookie or state is read per phone per push."""

    def __init__(self, app):
        self.app = app
        self._environs = Kept(ENVIRONS_KEEP)

    def _request(self, access, headers: dict):
        """A request like the phone's own fetch of its part (its cookies, its languages): the
        WSGI environ made once per table and headers (werkzeug's EnvironBuilder is most of a
        test request's cost) and a copy of it used for each part."""
        key = (access.code, tuple(sorted(headers.items())))
        environ = self._environs.get(key)
        if environ is None:
            builder = EnvironBuilder(self.app, f"/tables/{access.code}/live", headers=headers)
            try:
                environ = builder.get_environ()
            finally:
                builder.close()
            self._environs.put(key, environ)
        return self.app.request_context(dict(environ))

    def __call__(self, access, headers: dict) -> tuple[int, str]:
        with self._request(access, headers):
            return live_html(access.code, access)

    def kind(self, access, headers: dict) -> tuple:
        """The kind of phone a page's socket is (found once, when it connects): whether it
        writes (a seat) or watches, its time zone and its language; the part is alike for every
        phone of one kind (what differs by seat is marked in it: :func:`seat_style`)."""
        with self._request(access, headers):
            return (access.can_write, request.cookies.get(TZ_COOKIE), locale_name())


def push_renderer(app) -> PushRenderer:
    return PushRenderer(app)


def _page_context(code, access, **extra):
    st = svc().state(access)
    version, part = live_html(code, access, st, **extra)
    return dict(live_part=_own(part), version=version, state=st["state"], code=code, access=access,
                server_now=round(svc().now(), 3),
                seat_style=seat_style(access.player),
                live_url=url_for("pages.table", code=code),
                ws_path=f"/ws/tables/{code}", token=_tables().get(code, {}).get("token", ""))


def _render_table(code, access, status=200, **kw):
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
    resp = make_response(_own(part))
    resp.headers["Cache-Control"] = "no-store"
    resp.headers["X-Version"] = str(version)
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
    now = s.legal_now(access)          # the live game's legal entries, no state JSON read
    _use_table(now)                    # a refusal or a step to confirm in the table's words
    if now["version"] != expected:
        return _after_post(code, access, 409, notice=_(
            "Someone else entered a step first; here is the game as it is now."))
    usable = actionforms.forms(now["legal"])
    form = next((f for f in usable if f.index == index), None)
    if form is None:
        return _after_post(code, access, 422, error=_("That step is not possible now."))
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
