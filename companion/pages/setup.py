"""Setting a table up: the home page, preferences, a new table, the invite, joining a seat, watching."""
from __future__ import annotations

import io
import secrets

from flask import abort, redirect, render_template, request, url_for
from markupsafe import Markup

from companion import setup_options
from companion.i18n import gettext as _
from companion.pages.blueprint import bp
from companion.present import engine_text
from companion.security import safe_path
from companion.pages.seats import _access, _device_label, _remember, _tables, svc
from companion.pages.text import device_name
from companion.wire import ServiceError
from engine import titles


@bp.get("/")
def index():
    return render_template("index.html", titles=list(titles.TITLES.values()),
                           my_tables=list(_tables()))


@bp.get("/go")
def go():
    """The home page's table-code box: the table when this phone has a seat or watches it,
    else its join page (when this phone has the table's invite) or the no-seat page."""
    code = "".join((request.args.get("code") or "").split()).lower()[:32]
    if not code:
        return redirect(url_for("pages.index"), 303)
    mine = _tables().get(code, {})
    if not mine.get("token") and mine.get("invite"):
        return redirect(url_for("pages.join", code=code, invite=mine["invite"]), 303)
    return redirect(url_for("pages.table", code=code), 303)


@bp.post("/prefs")
def prefs():
    nxt = safe_path(request.form.get("next"))
    # a query the service worker takes as "not the kept copy": the page in the new language
    nxt += ("&" if "?" in nxt else "?") + "p=" + secrets.token_hex(3)
    resp = redirect(nxt, 303)
    lang = request.form.get("lang")
    theme = request.form.get("theme")
    from companion.i18n import LANGUAGES
    if lang in LANGUAGES:
        resp.set_cookie("lang", lang, max_age=3600 * 24 * 365, samesite="Lax")
    if theme in ("dark", "light", "auto"):
        resp.set_cookie("theme", theme, max_age=3600 * 24 * 365, samesite="Lax")
    return resp


@bp.route("/new", methods=["GET", "POST"])
def new_table():
    title = request.values.get("title") or next(iter(titles.TITLES), None)
    spec = titles.TITLES.get(title)
    if spec is None:
        abort(404)
    names = [n.strip() for n in request.form.getlist("player")] if request.method == "POST" else []
    chosen = setup_options.chosen(spec, request.form) if request.method == "POST" else {}
    seed = request.form.get("seed") or str(secrets.randbelow(10 ** 6))
    error = None
    if request.method == "POST":
        players = [n for n in names if n]
        options = chosen
        try:
            seed_n = int(seed)
        except ValueError:
            seed_n = None
            error = _("The seed must be a whole number.")
        if error is None:
            try:      # a refusal is shown in the form, with what was entered
                made = svc().create_table(spec.id, players, seed=seed_n, options=options,
                                          clock=request.form.get("clock") == "1")
            except ServiceError as err:
                error = engine_text({"code": err.code, "message": err.message,
                                     "params": err.params})
            else:
                _remember(made.code, invite=made.invite, spectate=made.spectate_token)
                return redirect(url_for("pages.invite", code=made.code), 303)
    plain, groups = setup_options.grouped(setup_options.fields(spec, chosen))
    return render_template("new.html", spec=spec, names=names, seed=seed,
                           clock=request.form.get("clock") == "1",
                           options=plain, groups=groups,
                           error=error), (422 if error else 200)


def _qr_svg(url: str) -> Markup:
    import segno
    buf = io.BytesIO()
    segno.make(url, error="m").save(buf, kind="svg", scale=4, border=2, xmldecl=False,
                                    svgns=True, omitsize=True)
    return Markup(buf.getvalue().decode())


@bp.get("/tables/<code>/invite")
def invite(code):
    known = _tables().get(code, {})
    inv, spectate = known.get("invite"), known.get("spectate")
    info = None
    if inv:
        try:      # an invite this phone kept that no longer opens the table: not shown
            info = svc().table_info(code, inv)
        except ServiceError as err:
            if err.status == 404:
                abort(404)
            inv = None
    join_url = url_for("pages.join", code=code, invite=inv, _external=True) if inv else None
    watch_url = url_for("pages.watch", code=code, token=spectate, _external=True) if spectate else None
    return render_template("invite.html", code=code, info=info, join_url=join_url,
                           watch_url=watch_url, seated=bool(known.get("token")),
                           join_qr=_qr_svg(join_url) if join_url else None,
                           watch_qr=_qr_svg(watch_url) if watch_url else None)


@bp.route("/tables/<code>/join", methods=["GET", "POST"])
def join(code):
    inv = request.values.get("invite") or _tables().get(code, {}).get("invite")
    info = svc().table_info(code, inv)        # refusals: pages/refusals.py
    info = dict(info, seats=[dict(s, held=_held_text(s.get("held") or []),
                                    held_count=len(s.get("held") or []))
                             for s in info["seats"]])
    access = _access(code, required=False)
    mine = access.player if access is not None and access.role == "seat" else None
    if request.method == "POST":
        player = request.form.get("player", "")
        label_ = (request.form.get("device") or "").strip() or _device_label()
        held = next((s["held"] for s in info["seats"] if str(s["player"]) == player), [])
        if held and str(mine) != player and request.form.get("confirm") != "1":
            # another phone holds this seat: say who, and take it only when asked again
            _remember(code, invite=inv)
            return render_template("join.html", code=code, info=info, invite=inv,
                                   current=_tables().get(code, {}).get("token"), mine=mine,
                                   ask={"player": player, "device": label_,
                                        "name": name_of_seat(info, player), "held": held})
        seat = svc().join(code, inv, player, label=label_)
        _remember(code, invite=inv, token=seat["token"])
        return redirect(url_for("pages.table", code=code), 303)
    _remember(code, invite=inv)
    return render_template("join.html", code=code, info=info, invite=inv,
                           current=_tables().get(code, {}).get("token"), mine=mine, ask=None)


def _held_text(labels: list) -> str:
    """Who holds a seat, for the join page: each phone's name."""
    return ", ".join(device_name(label) for label in labels)


def name_of_seat(info: dict, player: str) -> str:
    return next((s["name"] for s in info["seats"] if str(s["player"]) == player), player)


@bp.get("/tables/<code>/watch")
def watch(code):
    token = request.args.get("token", "")
    access = svc().authorize(code, token)     # refusals: pages/refusals.py
    if access.role == "spectator":
        _remember(code, token=token, spectate=token)
    else:
        _remember(code, token=token)
    return redirect(url_for("pages.table", code=code), 303)
