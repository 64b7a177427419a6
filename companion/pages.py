"""Server-rendered pages (they work without JavaScript); Brython makes them live.

Every page is rendered here from the table service (``companion.tables``); nothing
is stored by the pages except, in the phone's signed session cookie, the tokens of
the tables this phone sits at (``t``) and the invite/spectator secrets it knows.

Routes (the service's links use the same shapes):

- ``/``, ``/new?title=`` + POST ``/new``, POST ``/import``: set up or import a table
- ``/tables/<code>/join?invite=``: pick a seat; ``/tables/<code>/watch?token=``: spectate
- ``/tables/<code>``: the book, the forms, the last consequences and recent history
- ``/tables/<code>/live``: the same page's live part only (Brython swaps it in)
- POST ``/tables/<code>/act``, ``/undo``, ``/undo/<id>``: enter a step, undo, consent
- ``/tables/<code>/history``, ``/scores``, ``/export.json``, ``/export.csv``, ``/invite``
"""
from __future__ import annotations

import csv
import io
import json
import secrets
import uuid
from datetime import datetime
from functools import lru_cache
from pathlib import Path

from flask import (Blueprint, Response, abort, current_app, make_response, redirect,
                   render_template, request, session, url_for)
from flask_babel import gettext as _, lazy_gettext as _l
from markupsafe import Markup

from companion import actionforms
from engine import GameError, records, titles

bp = Blueprint("pages", __name__)

ENGINE_KEYS = {"title", "title_name", "currency", "players", "actions", "finished",
               "game_end_reason", "acting", "can_undo", "can_redo", "round", "phase", "bank"}
HIDDEN_SECTIONS = {"net_worth_history", "worth_history", "result", "log", "seed", "map",
                   "map_data_provisional", "seating"}
# Shown open, in this order; every other part of the view goes under "More of the book".
PRIMARY = ["round_detail", "operating_order", "corporations", "companies", "market",
           "train_market", "depot", "next_train", "war", "rusted", "era", "train_limit",
           "cert_limit", "privates", "bank_broken", "priority", "end", "corrections"]
MONEY_WORDS = ("cash", "bank", "treasury", "price", "value", "worth", "cost", "revenue", "money",
               "loan", "income", "par", "amount", "bid", "score", "total")
LABELS = {
    "cash": _l("Cash"), "treasury": _l("Treasury"), "trains": _l("Trains"), "tokens": _l("Tokens"),
    "share_price": _l("Share price"), "price": _l("Price"), "president": _l("President"),
    "shares": _l("Shares"), "ipo": _l("IPO"), "pool": _l("Pool"), "market": _l("Stock market"),
    "operating_order": _l("Operating order"), "train_market": _l("Train market"),
    "privates": _l("Private companies"), "companies": _l("Companies"),
    "corporations": _l("Corporations"), "phase": _l("Phase"), "bank": _l("Bank"),
    "next_train": _l("Next train"), "owner": _l("Owner"), "id": _l("Name"), "name": _l("Name"),
    "player": _l("Player"), "certificates": _l("Certificates"), "certs": _l("Certificates"),
    "net_worth": _l("Net worth"), "amount": _l("Amount"), "revenue": _l("Revenue"),
    "kind": _l("How"), "corporation": _l("Corporation"), "company": _l("Company"),
    "train": _l("Train"), "holder": _l("Whose"), "reason": _l("Reason"), "triggers": _l("Triggers"),
    "share": _l("Share"), "shares_count": _l("Shares"), "percent": _l("Percent"),
    "tile": _l("Tile"), "hex": _l("Hex"), "city": _l("City"), "route": _l("Route"),
    "count": _l("Count"), "rusts": _l("Rusts"), "export": _l("Export"), "war": _l("War"),
    "floated": _l("Floated"), "closed": _l("Closed"), "certificate_limit": _l("Certificate limit"),
    "to": _l("To"), "rotation": _l("Rotation"), "card": _l("Card"), "source": _l("From"),
    "revenues": _l("Revenues"), "color": _l("Colour"), "target": _l("Whose"), "bid": _l("Bid"),
    "column": _l("Column"), "row": _l("Row"), "op": _l("What"), "asset": _l("Asset"),
}
ACTIONS = {
    "pass": _l("Pass"), "bid": _l("Bid"), "par": _l("Start at par"), "buy_share": _l("Buy a share"),
    "buy_shares": _l("Buy shares"), "sell_shares": _l("Sell shares"), "sell_share": _l("Sell a share"),
    "buy_train": _l("Buy a train"), "buy_company": _l("Buy a company"), "run": _l("Run trains"),
    "run_routes": _l("Run trains"), "dividend": _l("Pay out or withhold"), "lay_tile": _l("Lay a tile"),
    "place_token": _l("Place a station"), "discard_train": _l("Discard a train"),
    "correction": _l("Save the correction"), "undo": _l("Undo"), "redo": _l("Redo"),
    "buy": _l("Buy"), "sell": _l("Sell"), "draft": _l("Draft"), "end_turn": _l("End the turn"),
    "done": _l("Done"), "take_loan": _l("Take a loan"), "payoff_loan": _l("Pay off a loan"),
    "withhold": _l("Withhold"), "payout": _l("Pay out"), "bankrupt": _l("Go bankrupt"),
    "trade_asset": _l("Trade an asset"), "enter_asset": _l("Enter an asset card"),
    "attach_asset": _l("Attach an asset"), "use_asset": _l("Use an asset"),
    "start_auction": _l("Start an auction"), "build_station": _l("Build a station"),
    "exchange": _l("Exchange"), "close_companies": _l("Close the companies"),
}
ROUNDS = {"stock": _l("Stock round"), "operating": _l("Operating round"),
          "auction": _l("Auction"), "draft": _l("Draft"), "merger": _l("Merger round")}
# the chart's axis: short names (stock round 3 -> "SR 3", operating round 3.1 -> "OR 3.1")
SHORT_ROUNDS = {"stock": _l("SR"), "operating": _l("OR"), "auction": _l("Auction"),
                "draft": _l("Draft"), "merger": _l("MR")}


RECENT_STEPS = 60


def svc():
    from companion.tables import service
    return service()


def service_error():
    from companion.tables import ServiceError
    return ServiceError


# -- template helpers -----------------------------------------------------------------
@lru_cache(maxsize=4)
def _css(path: str, mtime: float) -> str:
    return Path(path).read_text(encoding="utf-8")


def inline_css() -> Markup:
    path = Path(current_app.static_folder) / "app.css"
    return Markup(_css(str(path), path.stat().st_mtime))


@lru_cache(maxsize=4)
def _script(path: str, mtime: float) -> str:
    return Path(path).read_text(encoding="utf-8")


def _static_text(name: str) -> Markup:
    path = Path(current_app.static_folder) / name
    return Markup(_script(str(path), path.stat().st_mtime))


def live_script() -> Markup:
    """static/live.py, inlined in a table page for Brython."""
    return _static_text("live.py")


def boot_script() -> Markup:
    """static/live_boot.js, inlined in a table page's head (live updates until Brython runs)."""
    return _static_text("live_boot.js")


def is_money(key) -> bool:
    key = str(key or "").lower()
    return any(w in key for w in MONEY_WORDS) and "count" not in key and "number" not in key


def label(key) -> str:
    key = str(key)
    if key in LABELS:
        return str(LABELS[key])
    return key.replace("_", " ").capitalize()


def _names() -> dict:
    return getattr(request, "_player_names", {})


def name_of(x) -> str:
    return _names().get(str(x), str(x)) if isinstance(x, (str, int)) else str(x)


def columns(items) -> list:
    cols: list = []
    for it in items:
        if isinstance(it, dict):
            for k in it:
                if k not in cols and not str(k).startswith("_"):
                    cols.append(k)
    return cols


def keyed_rows(d: dict) -> list:
    out = []
    for k, v in d.items():
        row = {"id": k}
        row.update(v if isinstance(v, dict) else {"value": v})
        out.append(row)
    return out


def key_hint(d, k):
    return k if is_money(k) else ""


def market_track(m):
    """A one-row market (a track of spaces): [(price, color, [companies])], else None."""
    cells = m.get("track") if isinstance(m, dict) and "track" in m else m
    if isinstance(cells, list) and cells and all(isinstance(c, dict) for c in cells):
        return [(c.get("price"), c.get("color") or "", [str(x) for x in c.get("companies") or
                                                        c.get("tokens") or []]) for c in cells]
    return None


ZONE_COLORS = ["yellow", "orange", "brown", "blue", "red", "green"]


def market_grid(m):
    """A two-dimensional market as rows of (price, css classes, [companies]) or None.

    Reads ``grid``/``prices`` (rows of prices or {price, color} cells, None for no space),
    ``tokens``/``markers`` ({company: [row, col]}), ``zones`` ({"r,c": [zone]}) and ``par``
    ([[row, col]]) when present.
    """
    grid = m.get("grid", m.get("prices")) if isinstance(m, dict) else m
    if not isinstance(grid, list) or not grid or not isinstance(grid[0], list):
        return None
    toks = market_tokens(m)
    zones = m.get("zones") if isinstance(m, dict) and isinstance(m.get("zones"), dict) else {}
    names = sorted({z for zs in zones.values() for z in (zs if isinstance(zs, list) else [zs])})
    par = {tuple(p) for p in (m.get("par") or []) if isinstance(p, (list, tuple)) and len(p) == 2} \
        if isinstance(m, dict) else set()
    rows = []
    for r, row in enumerate(grid):
        cells = []
        for c, cell in enumerate(row):
            if cell in (None, 0, ""):
                cells.append(None)
                continue
            price = cell.get("price") if isinstance(cell, dict) else cell
            classes = []
            if isinstance(cell, dict) and cell.get("color"):
                classes.append("m-" + str(cell["color"]))
            zs = zones.get(f"{r},{c}") or []
            for z in (zs if isinstance(zs, list) else [zs]):
                classes.append("m-" + ZONE_COLORS[names.index(z) % len(ZONE_COLORS)])
            if (r, c) in par:
                classes.append("par")
            cells.append((price, " ".join(classes[:2]), toks.get((r, c), [])))
        rows.append(cells)
    return rows


def market_tokens(m) -> dict:
    """{(row, col): [names]} from a market's ``tokens``/``markers`` ({corp: [row, col]})."""
    out: dict = {}
    toks = (m.get("tokens") or m.get("markers")) if isinstance(m, dict) else None
    if not isinstance(toks, dict):
        return out
    for corp, pos in toks.items():
        if isinstance(corp, str) and "," in corp and isinstance(pos, list):   # "r,c": [corps]
            try:
                r, c = (int(x) for x in corp.split(","))
            except ValueError:
                continue
            out.setdefault((r, c), []).extend(str(x) for x in pos)
        elif isinstance(pos, (list, tuple)) and len(pos) == 2:
            out.setdefault((int(pos[0]), int(pos[1])), []).append(corp)
        elif isinstance(pos, dict) and "row" in pos:
            out.setdefault((int(pos["row"]), int(pos.get("col", pos.get("column", 0)))), []).append(corp)
    return out


def action_text(form) -> str:
    verb = str(ACTIONS.get(form.type, form.type.replace("_", " ").capitalize()))
    parts = [str(v) if not is_money(k) else money_now(v) for k, v in form.fixed.items()
             if k not in ("type", "entity") and not isinstance(v, (dict, list))]
    who = name_of(form.entity) if form.entity is not None else ""
    text = verb + (" · " + " · ".join(parts) if parts else "")
    return f"{who}: {text}" if who else text


def money_now(v) -> str:
    from companion.i18n import money
    return money(v, getattr(request, "_currency", "$"))


def describe(action: dict) -> str:
    kind = action.get("type", "?")
    verb = str(ACTIONS.get(kind, kind.replace("_", " ").capitalize())) if kind not in (
        "undo", "redo", "correction") else str({"undo": _l("Undo"), "redo": _l("Redo"),
                                               "correction": _l("Correction")}[kind])
    parts = []
    for k, v in action.items():
        if k in ("type", "entity"):
            continue
        if isinstance(v, (dict, list)):
            v = json.dumps(v, ensure_ascii=False)
        elif is_money(k):
            v = money_now(v)
        elif k in ("holder", "player", "owner"):
            v = name_of(v)
        parts.append(f"{label(k).lower()} {v}")
    who = name_of(action["entity"]) if action.get("entity") is not None else ""
    return (f"{who}: " if who else "") + verb + (" (" + ", ".join(parts) + ")" if parts else "")


def mine(item) -> bool:
    """A row of this phone's player (or of a corporation it presides)."""
    ids = getattr(request, "_my_ids", set())
    if not isinstance(item, dict) or not ids:
        return False
    return any(str(item.get(k)) in ids
               for k in ("_id", "id", "player", "president", "director", "owner")
               if item.get(k) is not None)


def event_text(e: dict) -> str:
    """An event's words in the page's language; undo/redo name the step with the names."""
    from companion.i18n import engine_text
    action = (e.get("params") or {}).get("action")
    if e.get("code") in ("undone", "redone") and isinstance(action, dict):
        what = describe(action)
        return _("Undone: %(what)s.", what=what) if e["code"] == "undone" else \
            _("Redone: %(what)s.", what=what)
    return engine_text(e)


GLOBALS = {"money_now": money_now, "event_text": event_text, "inline_css": inline_css, "live_script": live_script, "boot_script": boot_script, "is_money": is_money,
           "label": label, "name_of": name_of, "columns": columns, "keyed_rows": keyed_rows,
           "key_hint": key_hint, "market_tokens": market_tokens, "market_grid": market_grid, "market_track": market_track, "action_text": action_text,
           "mine": mine}


@bp.record_once
def _globals(state):
    state.app.jinja_env.globals.update(GLOBALS)


@bp.app_context_processor
def helpers():
    from flask_wtf.csrf import generate_csrf
    return {"csrf_token": generate_csrf, "new_key": lambda: uuid.uuid4().hex,
            "theme": request.cookies.get("theme", "auto"), "live_url": None}


# -- the phone's seats --------------------------------------------------------------------
def _tables() -> dict:
    return session.get("t", {})


def _remember(code: str, **kv) -> None:
    t = dict(session.get("t", {}))
    entry = dict(t.get(code, {}))
    entry.update({k: v for k, v in kv.items() if v})
    t[code] = entry
    if len(t) > 12:                       # keep the cookie small: the newest dozen tables
        for old in list(t)[:-12]:
            del t[old]
    session["t"] = t
    session.permanent = True


def _access(code: str, required: bool = True):
    token = _tables().get(code, {}).get("token") or ""
    ServiceError = service_error()
    try:
        return svc().authorize(code, token)
    except ServiceError as err:
        if not required:
            return None
        if err.status == 404:
            abort(404)
        return _no_seat(code)


class _Stop(Exception):
    def __init__(self, response):
        self.response = response


@bp.errorhandler(_Stop)
def _stop(exc):
    return exc.response


def _no_seat(code):
    resp = make_response(render_template("no_seat.html", code=code,
                                         invite=_tables().get(code, {}).get("invite")), 403)
    raise _Stop(resp)


def _bad_link(code, err):
    """An invite or seat link that was refused: 404 for no such table, else the no-seat page."""
    if err.status == 404:
        abort(404)
    return render_template("no_seat.html", code=code, invite=None, bad_invite=True), 403


def _device_label() -> str:
    ua = request.headers.get("User-Agent", "")
    for key, name in (("iPhone", "iPhone"), ("iPad", "iPad"), ("Android", "Android"),
                      ("Macintosh", "Mac"), ("Windows", "Windows"), ("Linux", "Linux")):
        if key in ua:
            return name
    return "browser"


# -- simple pages -------------------------------------------------------------------------------
@bp.get("/")
def index():
    return render_template("index.html", titles=list(titles.TITLES.values()),
                           my_tables=list(_tables()))


@bp.post("/prefs")
def prefs():
    nxt = request.form.get("next") or "/"
    if not nxt.startswith("/") or nxt.startswith("//"):
        nxt = "/"
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
    chosen = request.form.getlist("option")
    seed = request.form.get("seed") or str(secrets.randbelow(10 ** 6))
    error = None
    if request.method == "POST":
        players = [n for n in names if n]
        options = {o: True for o in chosen if o in spec.options}
        try:
            seed_n = int(seed)
        except ValueError:
            seed_n = None
            error = _("The seed must be a whole number.")
        if error is None:
            ServiceError = service_error()
            try:
                made = svc().create_table(spec.id, players, seed=seed_n, options=options)
            except ServiceError as err:
                from companion.i18n import engine_text
                error = engine_text({"code": err.code, "message": err.message,
                                     "params": err.params})
            else:
                _remember(made.code, invite=made.invite, spectate=made.spectate_token)
                return redirect(url_for("pages.invite", code=made.code), 303)
    return render_template("new.html", spec=spec, names=names, chosen=chosen, seed=seed,
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
    ServiceError = service_error()
    if inv:
        try:
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
    ServiceError = service_error()
    try:
        info = svc().table_info(code, inv)
    except ServiceError as err:
        return _bad_link(code, err)
    if request.method == "POST":
        player = request.form.get("player", "")
        label_ = (request.form.get("device") or "").strip() or _device_label()
        try:
            seat = svc().join(code, inv, player, label=label_)
        except ServiceError:
            abort(422)
        _remember(code, invite=inv, token=seat["token"])
        return redirect(url_for("pages.table", code=code), 303)
    _remember(code, invite=inv)
    return render_template("join.html", code=code, info=info, invite=inv,
                           current=_tables().get(code, {}).get("token"))


@bp.get("/tables/<code>/watch")
def watch(code):
    token = request.args.get("token", "")
    ServiceError = service_error()
    try:
        access = svc().authorize(code, token)
    except ServiceError as err:
        return _bad_link(code, err)
    if access.role == "spectator":
        _remember(code, token=token, spectate=token)
    else:
        _remember(code, token=token)
    return redirect(url_for("pages.table", code=code), 303)


# -- the table ----------------------------------------------------------------------------------
def _round_text(r, state=None, names=ROUNDS) -> str:
    state = state or {}
    detail = state.get("round_detail") if isinstance(state.get("round_detail"), dict) else {}
    if isinstance(r, dict):
        kind = str(r.get("type") or r.get("kind") or r.get("name") or "")
        name = str(names.get(kind.lower(), kind.replace("_", " ").capitalize()))
        if kind.lower() == "operating" and r.get("set") is not None and r.get("or") is not None:
            return f"{name} {r['set']}.{r['or']}"
        num = next((r[k] for k in ("number", "num", "set") if r.get(k) is not None), None)
        sub = next((r[k] for k in ("sub", "step") if r.get(k)), None)
        text = name + (f" {num}" if num else "") + (f".{sub}" if sub and num else "")
        if r.get("label") and not kind:
            text = str(r["label"])
        return text.strip()
    if r is None:
        return ""
    text = str(names.get(str(r).lower(), str(r).replace("_", " ").capitalize()))
    if detail.get("round_num") is not None and str(r).lower() == "operating":
        num = f"{state.get('turn')}." if state.get("turn") is not None else ""
        return f"{text} {num}{detail['round_num']}"
    if state.get("turn") is not None:
        return f"{text} {state['turn']}"
    return text


def _player_rows(state: dict, players: list[dict]):
    """Players' own columns gathered from any top-level {player id: value} dict of the view."""
    ids = {p["id"] for p in players}
    rows = {p["id"]: {"player": p["name"]} for p in players}
    used = set()
    for key, value in state.items():
        if key in ENGINE_KEYS or key in HIDDEN_SECTIONS:
            continue
        if isinstance(value, dict) and value and set(map(str, value)) <= ids and \
                all(not isinstance(v, (list, dict)) for v in value.values()):
            for pid, v in value.items():
                rows[str(pid)][key] = v
            used.add(key)
        elif isinstance(value, dict) and value and set(map(str, value)) <= ids and \
                all(isinstance(v, dict) for v in value.values()):
            for pid, v in value.items():
                for k2, x in v.items():
                    if k2 not in ("id", "name"):
                        rows[str(pid)][k2] = x
            used.add(key)
        elif isinstance(value, list) and value and all(
                isinstance(v, dict) and str(v.get("id", v.get("player"))) in ids for v in value):
            for v in value:
                pid = str(v.get("id", v.get("player")))
                for k2, x in v.items():
                    if k2 not in ("id", "name", "player"):
                        rows[pid][k2] = x
            used.add(key)
    out = []
    for p in players:
        row = rows[p["id"]]
        row["_id"] = p["id"]
        out.append(row)
    return out, used


def _effective_steps(entries: list[dict]) -> list[dict]:
    """The history entries whose actions are in force (undo/redo taken into account)."""
    stack, undone = [], []
    for h in entries:
        kind = h["action"].get("type")
        if kind == "undo":
            if stack:
                undone.append(stack.pop())
        elif kind == "redo":
            if undone:
                stack.append(undone.pop())
        else:
            stack.append(h)
            undone.clear()
    return stack


def _entry(h: dict) -> dict:
    at = h.get("at") or ""
    when = ""
    try:
        dt = datetime.fromisoformat(at.replace("Z", "+00:00"))
        when = dt.strftime("%H:%M:%S UTC")
    except ValueError:
        pass
    device = (h.get("device") or {}).get("label") or ""
    return {"version": h["version"], "what": describe(h["action"]), "by": h.get("name") or
            name_of(h.get("player") or "?"), "device": device, "when": when, "when_iso": at,
            "events": h.get("events") or [], "correction": h["action"].get("type") == "correction",
            "action": h["action"], "player": h.get("player")}


def _legal(st: dict, access) -> list[dict]:
    """The engine's legal actions, plus the shared core's corrections where a title of the
    18xx family offers none (the table must be able to correct the book at any time)."""
    legal = list(st["legal"])
    state = st["state"]
    spec = titles.TITLES.get(state.get("title"))
    if (spec is not None and spec.family == "18xx" and not state.get("finished")
            and not any(a.get("type") == "correction" for a in legal)):
        legal += actionforms.core_corrections(state, access.player)
    return legal


def _context(code, access, error=None, error_index=None, posted=None, notice=None):
    s = svc()
    st = s.state(access)
    state, version = st["state"], st["version"]
    legal = _legal(st, access)
    players = state.get("players") or []
    request._player_names = {p["id"]: p["name"] for p in players}
    request._currency = state.get("currency") or "$"
    # the last steps are enough for the page (and for what an undo takes back)
    hist = s.history(access, since=max(0, version - RECENT_STEPS), limit=RECENT_STEPS)["entries"]
    entries = [_entry(h) for h in hist]
    recent = list(reversed(entries[-8:]))
    last_events = entries[-1]["events"] if entries else []
    player_rows, used = _player_rows(state, players)
    for row in player_rows:
        if row["_id"] == access.player:
            row["_you"] = True
    from companion import book as book_mod
    book = book_mod.build(state, request._currency, request._player_names, access.player)
    rest = [(k, v) for k, v in state.items()
            if k not in ENGINE_KEYS and k not in HIDDEN_SECTIONS and k not in used
            and k not in book_mod.INTERNAL and k not in book["used"] and v not in (None, [], {}, "")]
    sections = sorted([kv for kv in rest if kv[0] in PRIMARY], key=lambda kv: PRIMARY.index(kv[0]))
    more = [kv for kv in rest if kv[0] not in PRIMARY]
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
    my_ids = {access.player} if access.player else set()
    request._my_ids = my_ids
    forms = actionforms.forms(legal) if access.can_write else []
    acting_ids = set(map(str, acting))
    now_forms = [f for f in forms if str(f.entity) in acting_ids or f.entity is None]
    other_forms = [f for f in forms if f not in now_forms]
    # corrections: this seat's own (one per kind), else the first of each kind
    fixes, kinds = [], set()
    for f in sorted((f for f in forms if f.type == "correction"),
                    key=lambda f: str(f.entity) != str(access.player)):
        kind = f.fixed.get("kind", "")
        if kind not in kinds:
            kinds.add(kind)
            fixes.append(f)
    me_text = (_("you are %(name)s", name=access.name) if access.role == "seat"
               else _("watching"))
    return dict(
        code=code, access=access, state=state, version=version, forms=forms,
        now_forms=now_forms, other_forms=other_forms, fixes=fixes,
        # "your turn" when this seat acts, or the company it presides/directs does
        can_act=access.can_write,
        my_turn=access.player is not None and access.player in (state.get("acting_players") or []),
        acting_names=[name_of(a) for a in acting], round_text=_round_text(state.get("round"), state),
        player_rows=player_rows, book=book, market=state.get("market"),
        sections=sections, more=more, recent=recent, last_events=last_events, error=error,
        error_index=error_index, posted=posted or {}, notice=notice, undo_target=undo_target,
        consent_requests=consent, my_requests=mine, me_text=me_text,
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


def _int(v, default=None):
    try:
        return int(v)
    except (TypeError, ValueError):
        return default


@bp.post("/tables/<code>/act")
def act(code):
    access = _access(code)
    from companion.i18n import engine_text
    s = svc()
    expected = _int(request.form.get("expected_version"), -1)
    index = _int(request.form.get("i"), -1)
    key = (request.form.get("key") or "")[:100] or None
    st = s.state(access)
    if st["version"] != expected:
        return _after_post(code, access, 409, notice=_(
            "Someone else entered a step first; here is the game as it is now."))
    usable = actionforms.forms(_legal(st, access))
    form = next((f for f in usable if f.index == index), None)
    if form is None:
        return _after_post(code, access, 422, error=_("That step is not possible now."))
    try:
        action = actionforms.action_from(form, request.form)
    except actionforms.FormError as err:
        return _after_post(code, access, 422, error=_("Check %(field)s.", field=label(err.field)),
                           error_index=index, posted=request.form)
    ServiceError = service_error()
    try:
        status, body = s.submit(access, action, expected, key)
    except ServiceError as err:
        return _after_post(code, access, 422, error=engine_text(err.body()["error"]),
                           error_index=index, posted=request.form)
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
    ServiceError = service_error()
    expected = _int(request.form.get("expected_version"), s.state(access)["version"])
    try:
        status, body = s.submit(access, {"type": kind}, expected, None)
    except ServiceError as err:
        status, body = err.status, err.body()
    return access, status, body


def _answer_step(code: str, access, status: int, body: dict):
    from companion.i18n import engine_text
    if status == 200:
        return _after_post(code, access)
    if status == 409:
        return _after_post(code, access, 409, notice=_(
            "Someone else entered a step first; here is the game as it is now."))
    return _after_post(code, access, 422, error=engine_text(body.get("error")))


@bp.post("/tables/<code>/undo")
def undo(code):
    access, status, body = _post_step(code, "undo")
    if status not in (200, 409) and (body.get("error") or {}).get("code") == "undo_needs_consent":
        from companion.i18n import engine_text
        ServiceError = service_error()
        try:
            svc().request_undo(access)
        except ServiceError as err:
            return _after_post(code, access, 422, error=engine_text(err.body()["error"]))
        return _after_post(code, access, notice=_(
            "Asked the player who entered that step to allow the undo on their phone."))
    return _answer_step(code, access, status, body)


@bp.post("/tables/<code>/redo")
def redo(code):
    return _answer_step(code, *_post_step(code, "redo"))


@bp.post("/tables/<code>/undo/<int:req>")
def answer_undo(code, req):
    access = _access(code)
    from companion.i18n import engine_text
    s = svc()
    ServiceError = service_error()
    approve = request.form.get("answer") == "approve"
    try:
        s.answer_undo(access, req, approve)
        if approve:   # the step is this seat's own: take it back at once
            st = s.state(access)
            status, body = s.submit(access, {"type": "undo"}, st["version"], f"undo-req-{req}")
            if status != 200:
                return _after_post(code, access, 422, error=engine_text(body.get("error")))
    except ServiceError as err:
        return _after_post(code, access, 422, error=engine_text(err.body()["error"]))
    return _after_post(code, access, notice=_("Undone with your consent.") if approve
                       else _("You kept your step."))


@bp.get("/tables/<code>/history")
def history(code):
    access = _access(code)
    s = svc()
    st = s.state(access)
    request._player_names = {p["id"]: p["name"] for p in st["state"].get("players") or []}
    request._currency = st["state"].get("currency") or "$"
    hist = s.history(access, since=0, limit=5000)["entries"]
    entries = list(reversed([_entry(h) for h in hist]))
    return render_template("history.html", code=code, state=st["state"], entries=entries)


# -- the end: scores, chart, exports -----------------------------------------------------------
def _record(access) -> dict:
    """This table's game as an engine record (title, players, seed, options, actions)."""
    record = dict(svc().record(access))
    record.pop("version", None)
    return record


def _series(record: dict):
    """Net worth of every player after each round, replaying the record once."""
    from engine import Game
    game = Game(record["title"], record["players"], record.get("seed", 0), record.get("options"))
    points = []

    def round_key(view):        # a round as the players name it (its data may change within it)
        return _round_text(view.get("round"), view, SHORT_ROUNDS)

    last_round = round_key(game.view())
    label_of = last_round or "1"
    for action in record.get("actions", []):
        try:
            game.process(action)
        except GameError:
            break
        view = game.view()
        key = round_key(view)
        if key != last_round:
            points.append((label_of, dict(game.result())))
            last_round = key
            label_of = key or str(len(points) + 1)
    points.append((label_of if not game.finished else _("End"), dict(game.result())))
    return game, points


def _books(state: dict, ids: set) -> dict:
    """Each player's own part of the book ({player id: {cash, shares, ...}}) from the view."""
    out = {pid: {} for pid in ids}
    for key, value in state.items():
        if key in ENGINE_KEYS:
            continue
        if isinstance(value, dict) and value and set(map(str, value)) <= ids:
            for pid, v in value.items():
                if isinstance(v, dict):
                    out[str(pid)].update(v)
                elif key == "cash":
                    out[str(pid)]["cash"] = v
    return out


def _prices(state: dict) -> dict:
    prices = {}
    for key in ("corporations", "companies"):
        value = state.get(key)
        items = value.items() if isinstance(value, dict) else (
            (c.get("id") or c.get("name"), c) for c in value or [] if isinstance(c, dict))
        for cid, c in items:
            if isinstance(c, dict):
                p = c.get("share_price", c.get("price"))
                if isinstance(p, (int, float)) and key == "corporations" or (
                        isinstance(p, (int, float)) and "par" in c):
                    prices.setdefault(str(cid), p)
    return prices


def _breakdown(state: dict, result: dict, players: list[dict]) -> list[dict]:
    """Each player's score: cash, each holding at its price, and the rest (companies etc.).

    The engine's own ``score_breakdown`` ({player: {cash, holdings, privates, total}}) is used
    when the view has one; otherwise it is worked out from the book."""
    sb = state.get("score_breakdown")
    if isinstance(sb, dict) and sb and all(isinstance(v, dict) for v in sb.values()):
        rows = []
        for p in players:
            b = sb.get(p["id"]) or {}
            holdings = []
            for h in b.get("holdings") or []:
                if not isinstance(h, dict):
                    continue
                count = h["percent"] / 10 if "percent" in h else h.get("count", h.get("shares", 1))
                holdings.append({"corp": h.get("company", h.get("corporation", "?")), "count": count,
                                 "price": h.get("price"), "value": h.get("value", 0)})
            total = b.get("total", result.get(p["id"], 0))
            c = b.get("cash")
            other = total - (c or 0) - sum(h["value"] or 0 for h in holdings)
            rows.append({"id": p["id"], "name": p["name"], "cash": c, "holdings": holdings,
                         "other": other if c is not None else None, "total": total})
        rows.sort(key=lambda r: -(r["total"] or 0))
        return rows
    ids = {p["id"] for p in players}
    books = _books(state, ids)
    prices = _prices(state)
    rows = []
    for p in players:
        pid = p["id"]
        book = books.get(pid, {})
        shares = book.get("shares") if isinstance(book.get("shares"), dict) else {}
        percent = bool(shares) and all(isinstance(n, int) and n % 10 == 0 for n in shares.values())
        holdings = []
        for corp, n in shares.items():
            price = prices.get(str(corp))
            if n and isinstance(price, (int, float)):
                count = n / 10 if percent else n
                holdings.append({"corp": corp, "count": count, "price": price,
                                 "value": int(count * price)})
        # the older shape: per-corporation {shares: {player: n}} lists
        if not shares:
            for corp in state.get("corporations") or []:
                if isinstance(corp, dict) and isinstance(corp.get("shares"), dict):
                    n = corp["shares"].get(pid)
                    price = corp.get("share_price") or corp.get("price")
                    if n and isinstance(price, (int, float)):
                        holdings.append({"corp": corp.get("id"), "count": n, "price": price,
                                         "value": int(n * price)})
        c = book.get("cash")
        total = result.get(pid, 0)
        other = total - (c or 0) - sum(h["value"] for h in holdings)
        rows.append({"id": pid, "name": p["name"], "cash": c, "holdings": holdings,
                     "other": other if c is not None else None, "total": total})
    rows.sort(key=lambda r: -(r["total"] or 0))
    return rows


def _chart_svg(points, players) -> Markup:
    import pygal
    from pygal.style import Style
    style = Style(background="transparent", plot_background="transparent",
                  foreground="#888", foreground_strong="#888", foreground_subtle="#555",
                  colors=("#0b6e4f", "#d97706", "#2563eb", "#dc2626", "#7c3aed", "#0891b2"),
                  label_font_size=14, major_label_font_size=14, legend_font_size=16,
                  title_font_size=16, value_font_size=14, tooltip_font_size=14)
    chart = pygal.Line(style=style, width=420, height=340, show_dots=True, dots_size=3,
                       show_minor_x_labels=False, x_labels_major_every=max(1, len(points) // 6),
                       truncate_label=12,
                       legend_at_bottom=True, x_label_rotation=30, disable_xml_declaration=True,
                       js=[], title=None)
    chart.x_labels = [p[0] for p in points]
    for p in players:
        chart.add(p["name"], [pt[1].get(p["id"], 0) for pt in points])
    return Markup(chart.render(is_unicode=True))


@bp.get("/tables/<code>/scores")
def scores(code):
    from companion.i18n import end_reason
    access = _access(code)
    s = svc()
    st = s.state(access)
    state = st["state"]
    players = state.get("players") or []
    request._player_names = {p["id"]: p["name"] for p in players}
    request._currency = state.get("currency") or "$"
    record = _record(access)
    game, points = _series(record)
    result = dict(game.result())
    rows = _breakdown(game.view(), result, players)
    return render_template("scores.html", code=code, state=state, rows=rows,
                           chart=_chart_svg(points, players), finished=state.get("finished"),
                           reason=end_reason(state["game_end_reason"])
                           if state.get("game_end_reason") else None)


@bp.get("/tables/<code>/export.json")
def export_json(code):
    access = _access(code)
    record = _record(access)
    record["companion"] = {"code": code, "exported": datetime.utcnow().isoformat() + "Z"}
    resp = Response(json.dumps(record, ensure_ascii=False, indent=1),
                    mimetype="application/json")
    resp.headers["Content-Disposition"] = f'attachment; filename="{code}.json"'
    return resp


@bp.get("/tables/<code>/export.csv")
def export_csv(code):
    access = _access(code)
    record = _record(access)
    game, points = _series(record)
    players = game.players
    out = io.StringIO()
    w = csv.writer(out)
    w.writerow(["round"] + [p["name"] for p in players])
    for name, worth in points:
        w.writerow([name] + [worth.get(p["id"], 0) for p in players])
    resp = Response(out.getvalue(), mimetype="text/csv")
    resp.headers["Content-Disposition"] = f'attachment; filename="{code}-rounds.csv"'
    return resp


@bp.post("/import")
def import_game():
    """Carry on at the table a game exported from 18xx.games (or from this app)."""
    f = request.files.get("record")
    ServiceError = service_error()
    try:
        data = json.loads((f.read() if f else b"").decode("utf-8"))
        rep = records.replay(data)
    except (ValueError, UnicodeDecodeError):
        return render_template("import_error.html", error=_("That file is not a game record.")), 422
    except GameError as err:
        from companion.i18n import engine_text
        return render_template("import_error.html", error=engine_text(err.as_dict())), 422
    if rep.game is None:
        return render_template("import_error.html", error=_("That file is not a game record.")), 422
    rec = rep.game.record()
    s = svc()
    try:
        made = s.create_table(rec["title"], rec["players"], seed=rec["seed"],
                              options=rec["options"])
        access = s.authorize(made.code, made.seats[0]["token"])
        version = 0
        for action in rec["actions"]:
            status, body = s.submit(access, action, version, None)
            if status != 200:
                from companion.i18n import engine_text
                return render_template("import_error.html", error=engine_text(
                    body.get("error")) + f" (#{version + 1})"), 422
            version = body["version"]
    except ServiceError as err:
        return render_template("import_error.html", error=err.message), 422
    _remember(made.code, invite=made.invite, spectate=made.spectate_token)
    return redirect(url_for("pages.invite", code=made.code), 303)
