"""Languages (English, Korean) and money in each title's currency.

The language comes from the ``lang`` cookie (set by the switch in the page footer),
else from the browser's ``Accept-Language``. Catalogues live as ``translations/*/
LC_MESSAGES/messages.po`` in the repository; they are compiled to ``.mo`` under
``instance/translations`` when the app starts (quick, and only when a ``.po`` changed),
so there is no build step to forget.

Engine messages in the page's language: ``companion.present.engine_text``.
"""
from __future__ import annotations

import os
from pathlib import Path

from flask import request
from flask_babel import Babel, get_locale, gettext


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
        LANGUAGES=LANGUAGES, lang=lambda: str(get_locale() or "en"), money=money)


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


def translate(msg: str, **params) -> str:
    return gettext(msg, **params)
