"""Languages (English, Korean), money in each title's currency, and engine messages.

The language comes from the ``lang`` cookie (set by the switch in the page footer),
else from the browser's ``Accept-Language``. Catalogues live as ``translations/*/
LC_MESSAGES/messages.po`` in the repository; they are compiled to ``.mo`` under
``instance/translations`` when the app starts (quick, and only when a ``.po`` changed),
so there is no build step to forget.

Engine messages are said from their ``code`` and ``params`` with the title's words (each
family's and title's ``words.py``, ``engine.words``; ``companion.present.words_text``); a
code without words, or whose params do not fit, keeps the engine's own English. The
server's own refusals (``SERVER_WORDS``) are said the same way.
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


# -- engine messages (the words: engine/**/words*.py) ----------------------------------
# the server's own refusals (and the server tests' title), in the words' format
SERVER_WORDS = {
    'stale_version': {'en': 'Someone else acted first; here is the game as it is now.', 'ko': '다른 사람이 먼저 입력했습니다. 지금의 게임 상태입니다.'},
    'conflict': {'en': 'Someone else acted first; here is the game as it is now.', 'ko': '다른 사람이 먼저 입력했습니다. 지금의 게임 상태입니다.'},
    'unknown_action': {'en': 'That step is not possible now.', 'ko': '지금은 그 단계를 할 수 없습니다.'},
    'not_legal': {'en': 'That step is not possible now.', 'ko': '지금은 그 단계를 할 수 없습니다.'},
    'bid_too_high': {'en': 'The bid can be at most %(max)s.', 'ko': '입찰은 최대 %(max)s까지입니다.'},
    'not_enough_cash': {'en': 'Not enough cash.', 'ko': '현금이 부족합니다.'},
    'phase_change': {'en': 'Phase %(phase)s begins.', 'ko': '%(phase)s 단계가 시작됩니다.'},
    'game_end': {'en': 'The game is over.', 'ko': '게임이 끝났습니다.'},
}


def end_reason(value) -> str:
    """Why the game ended (an engine game_end_reason), in the page's language."""
    from companion.present import word_text
    if isinstance(value, str) and value.startswith("price_") and value[6:].isdigit():
        return gettext("a share price reached %(price)s", price=value[6:])
    return word_text("end_reason", value)


def engine_text(item: dict | None, key: str = "message") -> str:
    """The message (or ``board``) of an engine error/event, in the page's language."""
    if not item:
        return ""
    from companion.present import words_text
    found = words_text(item, key)
    if found is None and item.get("code") in SERVER_WORDS and key == "message":
        found = words_text(item, key, words=SERVER_WORDS)
    return found if found is not None else (item.get(key) or "")


def translate(msg: str, **params) -> str:
    return gettext(msg, **params)
