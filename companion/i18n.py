"""Languages (English, Korean), money in each title's currency, and engine messages.

The language comes from the ``lang`` cookie (set by the switch in the page footer),
else from the browser's ``Accept-Language``. Catalogues live as ``translations/*/
LC_MESSAGES/messages.po`` in the repository; they are compiled to ``.mo`` under
``instance/translations`` when the app starts (quick, and only when a ``.po`` changed),
so there is no build step to forget.

Engine messages are translated from their ``code`` and ``params``:
``companion/engine_messages.py`` holds an English template per code (marked for
translation); a code we have no template for, or whose params do not fit, falls back to
the engine's own English.
"""
from __future__ import annotations

import os
from pathlib import Path

from flask import request
from flask_babel import Babel, get_locale, gettext

from companion.engine_messages import (  # noqa: F401  (re-exported for the tests)
    ENGINE, ERROR_MESSAGES, BOARD, PLAYER_PARAMS, PLAYER_LIST_PARAMS,
    MONEY_PARAMS, MONEY_PARAMS_OF, VALUE_WORDS, GAME_END_REASONS)

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


# -- engine messages (the templates: companion/engine_messages.py) --------------------
def _flat(v) -> str:
    if isinstance(v, (list, tuple)):
        return ", ".join(_flat(x) for x in v) or "—"
    if isinstance(v, dict):
        return "; ".join(f"{a} {_flat(b)}" for a, b in v.items()) or "—"
    return str(v)


def _params_text(params: dict) -> dict:
    return {k: _flat(v) if isinstance(v, (list, tuple, dict)) else v
            for k, v in (params or {}).items()}


def _word(key: str, value):
    words = VALUE_WORDS.get(key)
    if words is None or isinstance(value, dict):
        return value
    if isinstance(value, (list, tuple)):
        return [_word(key, v) for v in value]
    try:
        found = words.get(value, value)
    except TypeError:            # an unhashable value: shown as it is
        return value
    return str(found) if found is not value else value


def end_reason(value) -> str:
    """Why the game ended (an engine game_end_reason), in the page's language."""
    if isinstance(value, str) and value.startswith("price_") and value[6:].isdigit():
        return gettext("a share price reached %(price)s", price=value[6:])
    return str(GAME_END_REASONS.get(value, value))


def engine_text(item: dict | None, key: str = "message") -> str:
    """The message (or ``board``) of an engine error/event, in the page's language."""
    if not item:
        return ""
    english = item.get(key) or ""
    if str(get_locale() or "en") == "en" or not english:
        return english
    code = item.get("code", "")
    if key == "message":
        template = (ERROR_MESSAGES.get(code) if "board" not in item else None) or ENGINE.get(code)
    else:
        template = BOARD.get(code)
    if template is None:
        return english
    raw = {k: v for k, v in (item.get("params") or {}).items() if v is not None}
    try:
        from flask import request
        names = getattr(request, "_player_names", {}) or {}
        cur = getattr(request, "_currency", "$")
    except RuntimeError:
        names, cur = {}, "$"
    money_keys = MONEY_PARAMS | MONEY_PARAMS_OF.get(code, set())
    for k, v in list(raw.items()):
        if k in PLAYER_PARAMS and isinstance(v, str) and v in names:
            raw[k] = names[v]
        elif k in PLAYER_LIST_PARAMS and isinstance(v, (str, list, tuple)):
            raw[k] = names.get(v, v) if isinstance(v, str) else \
                [names.get(x, x) if isinstance(x, str) else x for x in v]
        elif k in money_keys and isinstance(v, int) and not isinstance(v, bool):
            raw[k] = money(v, cur)
        elif k in VALUE_WORDS:
            raw[k] = _word(k, v)
        elif k == "reason" and code == "game_over":
            raw[k] = end_reason(v)
    params = _params_text(raw)
    if "what" not in params and isinstance((item.get("params") or {}).get("action"), dict):
        act = item["params"]["action"]
        params["what"] = f"{act.get('entity', '')} {act.get('type', '')}".strip()
    for one in (template if isinstance(template, tuple) else (template,)):
        try:
            return str(one) % params
        except (KeyError, TypeError, ValueError):
            continue
    return english


def translate(msg: str, **params) -> str:
    return gettext(msg, **params)
