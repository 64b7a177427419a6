"""Languages (English, Korean), money in each title's currency, and engine messages.

The language comes from the ``lang`` cookie (set by the switch in the page footer),
else from the browser's ``Accept-Language``. Catalogues live as ``translations/*/
LC_MESSAGES/messages.po`` in the repository; they are compiled to ``.mo`` under
``instance/translations`` when the app starts (quick, and only when a ``.po`` changed),
so there is no build step to forget.

Engine messages are translated from their ``code`` and ``params``: :data:`ENGINE`
holds an English template per code (marked for translation); a code we have no
template for, or whose params do not fit, falls back to the engine's own English.
"""
from __future__ import annotations

import os
from pathlib import Path

from flask import request
from flask_babel import Babel, get_locale, gettext, lazy_gettext as _l

LANGUAGES = {"en": "English", "ko": "한국어"}
ROOT = Path(__file__).resolve().parent.parent
PO_DIR = ROOT / "translations"

babel = Babel()


def select_locale() -> str:
    lang = request.cookies.get("lang")
    if lang in LANGUAGES:
        return lang
    return request.accept_languages.best_match(list(LANGUAGES)) or "en"


def compile_catalogues(out_dir: Path) -> None:
    """Compile every translations/<lang>/LC_MESSAGES/messages.po into out_dir when newer."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po
    for po in PO_DIR.glob("*/LC_MESSAGES/messages.po"):
        mo = out_dir / po.relative_to(PO_DIR).with_suffix(".mo")
        if mo.exists() and mo.stat().st_mtime >= po.stat().st_mtime:
            continue
        mo.parent.mkdir(parents=True, exist_ok=True)
        with po.open("rb") as f:
            catalog = read_po(f, locale=po.parts[-3])
        tmp = mo.with_suffix(f".{os.getpid()}.tmp")
        with tmp.open("wb") as f:
            write_mo(f, catalog)
        tmp.replace(mo)


def init_app(app) -> None:
    out = Path(app.instance_path) / "translations"
    compile_catalogues(out)
    app.config.setdefault("BABEL_TRANSLATION_DIRECTORIES", str(out))
    babel.init_app(app, locale_selector=select_locale)
    app.jinja_env.globals.update(
        LANGUAGES=LANGUAGES, lang=lambda: str(get_locale() or "en"), money=money,
        engine_text=engine_text)


# -- money ---------------------------------------------------------------------
def money(amount, currency: str = "$") -> str:
    """₩1,200 / ¥1,200 / £1,200 / $1,200; negative as −₩20."""
    if amount is None or amount == "":
        return ""
    try:
        n = int(amount)
    except (TypeError, ValueError):
        return str(amount)
    sign = "−" if n < 0 else ""
    return f"{sign}{currency}{abs(n):,}"


# -- engine messages -------------------------------------------------------------
# code -> English template with %(param)s placeholders, the same words the engine uses.
# Titles add codes as they grow; anything missing here is shown in the engine's English.
ENGINE = {
    # engine/game.py
    "bad_action": _l("An action is an object with a 'type'."),
    "game_over": _l("The game is over; no more actions are taken."),
    "nothing_to_undo": _l("There is nothing to undo."),
    "nothing_to_redo": _l("There is nothing to redo."),
    "engine_fault": _l("The rules engine failed on this action."),
    "player_count": _l("This title takes %(min)s–%(max)s players, not %(given)s."),
    "bad_players": _l("Every player needs a name."),
    "bad_seed": _l("The seed must be a whole number."),
    "unknown_title": _l("Unknown title %(title)s."),
    "undone": _l("Undone: %(what)s."),
    "redone": _l("Redone: %(what)s."),
    # common 18xx rule refusals and consequences
    "out_of_turn": _l("Not your turn."),
    "not_your_turn": _l("Not your turn."),
    "unknown_action": _l("That step is not possible now."),
    "not_legal": _l("That step is not possible now."),
    "bid_too_low": _l("The bid must be at least %(min)s."),
    "bid_too_high": _l("The bid can be at most %(max)s."),
    "bid_step": _l("Bids go up in steps of %(step)s."),
    "not_enough_cash": _l("Not enough cash."),
    "phase_change": _l("Phase %(phase)s begins."),
    "phase": _l("Phase %(phase)s begins."),
    "rust": _l("Trains rust: %(trains)s."),
    "rusted": _l("Trains rust: %(trains)s."),
    "export": _l("A train is exported: %(train)s."),
    "exported": _l("A train is exported: %(train)s."),
    "korean_war": _l("The Korean War breaks out."),
    "war": _l("The Korean War breaks out."),
    "bank_broken": _l("The bank is broken: the game ends after this set of operating rounds."),
    "game_end": _l("The game is over."),
    "game_ended": _l("The game is over."),
    "correction": _l("Correction: %(reason)s"),
    "phase_changed": _l("Phase %(phase)s begins."),
    "trains_rusted": _l("Trains rust: %(trains)s."),
    "train_exported": _l("A train is exported: %(train)s."),
    "game_over": _l("The game is over."),
    "korean_war": _l("The Korean War breaks out. Leaving the game: %(leaving)s."),
    "stale_version": _l("Someone else acted first; here is the game as it is now."),
    "conflict": _l("Someone else acted first; here is the game as it is now."),
}

# Title events with codes and params (18Korea's, and the shared core's as it gains params):
# translated from them; an event whose params do not fit its template keeps the engine's English.
ENGINE.update({
    "train_bought": _l("%(company)s buys a %(train)s-train for %(price)s."),
    "rust": _l("All %(train)s-trains rust and leave the game."),
    "export": _l("Export: a %(train)s-train leaves the train market."),
    "era": _l("The %(era)s era begins."),
    "director_changed": _l("%(director)s becomes director of %(company)s."),
    "dividend": _l("%(company)s pays out %(revenue)s (%(per_share)s a share)."),
    "withheld": _l("%(company)s withholds %(revenue)s; it goes into the company."),
    "price_moved": _l("%(company)s's share price moves from %(old)s to %(new)s."),
    "end_triggered": _l("The first %(trigger)s-train was sold: the next stock round is the last, then a final set of operating rounds."),
})


# What to move on the board, per event code (the engine's English is used otherwise).
BOARD = {
    "phase_changed": _l("Move the phase marker to %(phase)s."),
    "trains_rusted": _l("Take the rusted trains off the charters and out of the game."),
    "train_exported": _l("Take the exported train off the bank's trains."),
    "bank_broken": _l("Keep playing to the end of the set; the scores come from the book."),
    "game_over": _l("Count nothing: the book has the scores."),
    "train_bought": _l("Move a %(train)s-train from the train market to %(company)s."),
    "export": _l("Remove one %(train)s-train from the train market."),
    "era": _l("Put the %(era)s era card on the era space."),
    "price_moved": _l("Move %(company)s's token on the stock track to %(new)s."),
    "rust": _l("Remove the %(train)s-trains from %(companies)s's dashboards."),
}

# params that name a player (shown by name) or an amount of money (shown with the currency)
PLAYER_PARAMS = {"player", "director", "previous", "president", "owner", "by", "holder", "winner"}
MONEY_PARAMS = {"price", "per_share", "cost", "amount", "cash", "bid"}


def _flat(v) -> str:
    if isinstance(v, (list, tuple)):
        return ", ".join(_flat(x) for x in v)
    if isinstance(v, dict):
        return "; ".join(f"{a} {_flat(b)}" for a, b in v.items())
    return str(v)


def _params_text(params: dict) -> dict:
    return {k: _flat(v) if isinstance(v, (list, tuple, dict)) else v
            for k, v in (params or {}).items()}


def engine_text(item: dict | None, key: str = "message") -> str:
    """The message (or ``board``) of an engine error/event, in the page's language."""
    if not item:
        return ""
    english = item.get(key) or ""
    if str(get_locale() or "en") == "en" or not english:
        return english
    template = (ENGINE if key == "message" else BOARD).get(item.get("code", ""))
    if template is None:
        return english
    params = _params_text(item.get("params") or {})
    try:
        from flask import request
        names = getattr(request, "_player_names", {}) or {}
        cur = getattr(request, "_currency", "$")
    except RuntimeError:
        names, cur = {}, "$"
    for k, v in list(params.items()):
        if k in PLAYER_PARAMS and str(v) in names:
            params[k] = names[str(v)]
        elif k in MONEY_PARAMS and isinstance(v, int) and not isinstance(v, bool):
            params[k] = money(v, cur)
    if "what" not in params and isinstance((item.get("params") or {}).get("action"), dict):
        act = item["params"]["action"]
        params["what"] = f"{act.get('entity', '')} {act.get('type', '')}".strip()
    try:
        return str(template) % params
    except (KeyError, TypeError, ValueError):
        return english


def translate(msg: str, **params) -> str:
    return gettext(msg, **params)
