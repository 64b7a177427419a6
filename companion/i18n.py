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
import re
from pathlib import Path

from flask import g, has_app_context, request
from flask_babel import Babel, get_locale, get_translations


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
    # the templates' words from this request's translations, found once (:func:`translations`)
    app.jinja_env.install_gettext_callables(
        gettext=lambda s: translations().ugettext(s),
        ngettext=lambda s, p, n: translations().ungettext(s, p, n), newstyle=True,
        pgettext=lambda c, s: translations().upgettext(c, s),
        npgettext=lambda c, s, p, n: translations().unpgettext(c, s, p, n))
    app.jinja_env.globals.update(LANGUAGES=LANGUAGES, lang=locale_name, money=money)


# -- the page's language, found once per request ------------------------------------
# flask_babel finds its context, the locale and the locale's name again for every word it
# translates (tens of microseconds each); a live part says a few hundred words.
def translations():
    """This request's translations (flask_babel's), found at its first word and kept on ``g``
    for the rest of the request (outside an app context: flask_babel's own answer)."""
    if not has_app_context():
        return get_translations()
    here = g._get_current_object()      # g itself: read through its proxy, a read costs more
    found = here.get("_i18n_translations")
    if found is None:
        found = here._i18n_translations = get_translations()
    return found


def locale_name() -> str:
    """This request's language ("en", "ko"), found once per request (kept on ``g``)."""
    if not has_app_context():
        return "en"
    here = g._get_current_object()      # g itself: read through its proxy, a read costs more
    name = here.get("_i18n_locale")
    if name is None:
        name = here._i18n_locale = str(get_locale() or "en")
    return name


def language() -> tuple:
    """This request's language and translations, to be spoken again in another request of the
    same phone (:func:`speak`) without finding them again."""
    return locale_name(), translations()


def speak(found: tuple) -> None:
    """Speak in this request the language :func:`language` found in another of the same phone
    (the push renderer's: a request of its own for every part it makes)."""
    here = g._get_current_object()
    here._i18n_locale, here._i18n_translations = found


def gettext(msg: str, **params) -> str:
    """``msg`` in this request's language, ``params`` filled in (flask_babel's ``gettext``
    with the translations found once per request)."""
    said = translations().ugettext(msg)
    return said % params if params else said


def ngettext(singular: str, plural: str, num: int, **params) -> str:
    """The singular or plural of a message for ``num`` (which the words may show as
    ``%(num)s``) in this request's language."""
    params.setdefault("num", num)
    return translations().ungettext(singular, plural, num) % params


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


# -- Korean particles ------------------------------------------------------------
# A Korean particle's form depends on whether the word before it ends in a consonant (받침):
# 이/가, 을/를, 은/는, 과/와, 으로/로 (ㄹ takes 로). The words write both ("%(player)s이(가)");
# ``particles`` picks one by how the filled-in word is read aloud.
_DIGIT_FINAL = {"0": "ㅇ", "1": "ㄹ", "2": "", "3": "ㅁ", "4": "", "5": "", "6": "ㄱ",
                "7": "ㄹ", "8": "ㄹ", "9": ""}          # 영 일 이 삼 사 오 육 칠 팔 구
_TENS_FINAL = {1: "ㅂ", 2: "ㄱ", 3: "ㄴ"}               # 십 백 천
_MYRIAD_FINAL = {1: "ㄴ", 2: "ㄱ", 3: ""}               # 만 억 조
_LETTER_FINAL = {"l": "ㄹ", "m": "ㅁ", "n": "ㄴ", "r": "ㄹ"}   # 엘 엠 엔 알; 에이, 비, 씨… none
_JONG = "ㄱㄲㄳㄴㄵㄶㄷㄹㄺㄻㄼㄽㄾㄿㅀㅁㅂㅄㅅㅆㅇㅈㅊㅋㅌㅍㅎ"
_OPEN, _CLOSE = "([{<「『", ")]}>」』"


def _number_final(digits: str) -> str:
    """The final consonant of a whole number read in Korean (30 삼십 → ㅂ, 1,200 천이백 → ㄱ)."""
    digits = digits.lstrip("0") or "0"
    if digits == "0":
        return "ㅇ"
    zeros = len(digits) - len(digits.rstrip("0"))
    if zeros == 0:
        return _DIGIT_FINAL[digits[-1]]
    if zeros % 4:
        return _TENS_FINAL[zeros % 4]
    return _MYRIAD_FINAL.get(zeros // 4, "")


def _word_final(word: str) -> str:
    """A Latin word's final consonant as Koreans read it: an abbreviation by its last letter
    (LYR 알 → ㄹ, KT 티 → none), a word by its sound (Tramway → none, Hanseong → ㅇ,
    Busan → ㄴ, Jack → ㄱ)."""
    w = word.lower()
    if word.isupper() or len(word) == 1:
        return _LETTER_FINAL.get(w[-1], "")
    if w.endswith("ng"):
        return "ㅇ"
    if w[-1] in "lmn":
        return {"l": "ㄹ", "m": "ㅁ", "n": "ㄴ"}[w[-1]]
    if w.endswith("ck"):
        return "ㄱ"                         # Jack 잭
    if w[-1] in "bkpt" and len(w) > 1 and w[-2] in "aeiou" and w[-3:-2] not in ("a", "e", "o"):
        return {"b": "ㅂ", "p": "ㅂ", "k": "ㄱ", "t": "ㅅ"}[w[-1]]   # Bob 밥, Pat 팻
    return ""


def final_consonant(text: str) -> str | None:
    """The final consonant (받침) with which ``text`` is read aloud, "" for none, or None when
    it cannot be told. A bracketed tail is skipped (the particle follows the word before it:
    "KT (Kaiping Tramway)" is read by "KT"); a number by its Korean reading; a percent sign as
    퍼센트."""
    s = text.rstrip()
    while s and s[-1] in _CLOSE:            # "Bo (Kaiping)" → "Bo"
        depth, i = 0, len(s) - 1
        while i >= 0:
            if s[i] in _CLOSE:
                depth += 1
            elif s[i] in _OPEN:
                depth -= 1
                if depth == 0:
                    break
            i -= 1
        if i <= 0:
            s = s[1:-1].rstrip()
            break
        s = s[:i].rstrip()
    s = s.rstrip(".'\"’”")
    if not s:
        return None
    last = s[-1]
    if "가" <= last <= "힣":
        jong = (ord(last) - 0xAC00) % 28
        return _JONG[jong - 1] if jong else ""
    if last.isdigit():
        i = len(s)
        while i > 0 and (s[i - 1].isdigit() or s[i - 1] == ","):
            i -= 1
        return _number_final(s[i:].replace(",", ""))
    if last == "%":
        return ""
    if last.isascii() and last.isalpha():
        i = len(s)
        while i > 0 and s[i - 1].isascii() and s[i - 1].isalpha():
            i -= 1
        return _word_final(s[i:])
    return None


_PARTICLES = {  # written form: (after a consonant, after a vowel)
    "이(가)": ("이", "가"), "가(이)": ("이", "가"),
    "을(를)": ("을", "를"), "를(을)": ("을", "를"),
    "은(는)": ("은", "는"), "는(은)": ("은", "는"),
    "과(와)": ("과", "와"), "와(과)": ("과", "와"),
    "(으)로": ("으로", "로"), "(이)나": ("이나", "나"), "(이)라": ("이라", "라"),
}
_PARTICLE = re.compile("|".join(re.escape(p) for p in _PARTICLES))


def particle(word: str, written: str) -> str:
    """The form of the particle ``written`` ("을(를)") that follows ``word``; both forms as
    written when the word's reading cannot be told."""
    final = final_consonant(word)
    if final is None:
        return written
    after_consonant, after_vowel = _PARTICLES[written]
    if written == "(으)로" and final == "ㄹ":
        return after_vowel
    return after_consonant if final else after_vowel


def particles(text: str) -> str:
    """Every written-both particle of ``text`` in the form its preceding word takes:
    "Bo이(가) KT을(를) ₩30에" → "Bo가 KT를 ₩30에"; "₩30을(를)" → "₩30을"."""
    if "(" not in text:
        return text
    out, last = [], 0
    for m in _PARTICLE.finditer(text):
        out.append(text[last:m.start()])
        out.append(particle("".join(out), m.group()))
        last = m.end()
    out.append(text[last:])
    return "".join(out)
