"""Declared values and messages in the page's words (``engine.contract``).

A typed value is shown by its type alone (money in the table's currency, a player by name, a
tile as #57); a message by its code from the title's words (``engine.words``) in the page's
language, falling back to the English the engine gave. Nothing here knows a title.
"""
from __future__ import annotations

import re

from flask import g, has_request_context

from companion.i18n import gettext as _, locale_name, money, particles


def _ctx(name: str, default):
    """This request's ``name`` (kept on ``g`` by :func:`use_table`), else ``default``. Read on
    the object ``g`` stands for: through the proxy each read costs more than the word it
    finds, and a live part reads thousands."""
    return getattr(g._get_current_object(), name, default) if has_request_context() \
        else default


def use_table(state: dict, words=None) -> None:
    """Remember the table's players, currency and words for this request."""
    g.player_names = {p["id"]: p["name"] for p in state.get("players") or []}
    g.currency = state.get("currency") or "$"
    g.words = words


def _locale() -> str:
    try:
        return locale_name()
    except (RuntimeError, AttributeError):
        return "en"


def plain(value) -> str:
    """A plain value the engine shows as it is (a place "Busan", a colour "yellow", a private
    "Kaiping Tramway", a source "company") in the page's language: the title's words
    ``text.<value>`` if it has them, else the value itself with the places the title names
    (``place.<name>``) in the page's words."""
    text = "" if value is None else str(value)
    if not text or not any(c.isalpha() for c in text):
        return text
    table, _ = _words()
    said = table.get(f"text.{text}")
    if said:
        return said.get(_locale(), said.get("en", text))
    names, pattern = _places(table, _locale())
    return pattern.sub(lambda m: names[m.group()], text) if pattern else text


_PLACES: dict = {}      # (id of a words table, locale) -> (the table, names, pattern)


def _places(table: dict, locale: str) -> tuple[dict, re.Pattern | None]:
    """The places a title names from the start (its words ``place.<name>``: New Zealand's
    Auckland) as ``locale`` says them, and a pattern that finds them in a text: a place is
    said in the page's language wherever it stands (alone, in a link "Wellington – Auckland",
    in a chain "Auckland → Hamilton (Ann)")."""
    hit = _PLACES.get((id(table), locale))
    if hit is None or hit[0] is not table:
        names = {k[6:]: w[locale] for k, w in table.items()
                 if k.startswith("place.") and w.get(locale) not in (None, k[6:])}
        pattern = re.compile("|".join(rf"(?<!\w){re.escape(n)}(?!\w)" for n in
                                      sorted(names, key=len, reverse=True))) if names else None
        hit = _PLACES[(id(table), locale)] = (table, names, pattern)
    return hit[1], hit[2]


def place(raw) -> str:
    """A place on the board as the table sees it: the title's words ``hex.<id>`` (a grid
    position said from a landmark) if it has them, else the id as printed ("B18", "Busan")."""
    table, _ = _words()
    said = table.get(f"hex.{raw}")
    return said.get(_locale(), said.get("en", str(raw))) if said else plain(raw)


def value_text(v) -> str:
    """A typed value in words, with its note ("LYR 30% (president)")."""
    text = _bare(v)
    if isinstance(v, dict) and isinstance(v.get("note"), dict):
        text += f" ({message_text(v['note'])})"
    return text


def _bare(v) -> str:
    if not isinstance(v, dict) or "t" not in v:
        return plain(v)
    t, raw = v["t"], v.get("v")
    if t in ("money", "price"):
        return money(raw, _ctx("currency", "$"))
    if t == "count":
        return _("unlimited") if raw is None else str(raw)
    if t == "percent":
        return f"{raw}%"
    if t in ("player", "entity"):
        return _ctx("player_names", {}).get(str(raw)) or plain(raw)
    if t == "company":
        return plain(raw) if not v.get("name") or v["name"] == raw else \
            f"{plain(raw)} ({plain(v['name'])})"
    if t == "train":
        kind = str(raw).split("-")[0]
        return _("%(t)s-train", t=kind)
    if t == "tile":
        said = _words()[0].get(f"tile.{raw}")         # a tile the title names (a lettered tile)
        return said.get(_locale(), said.get("en")) if said else f"#{raw}"
    if t == "hex":
        return place(raw)
    if t == "rotation":          # the title's words for it ("turned 2 sides clockwise")
        said = _words()[0].get(f"rotation.{raw}")
        return said.get(_locale(), said.get("en")) if said else _("side %(n)s", n=raw)
    if t == "flag":
        return "✓" if raw else "–"
    if t == "list":
        return ", ".join(value_text(x) for x in raw or []) or "–"
    if t == "text":
        return message_text(raw) if isinstance(raw, dict) else plain(raw)
    return plain(raw)


def _param_text(key: str, value, types: dict, table: dict, locale: str) -> str:
    """A message's param in words: players by name, money in the currency, ``word:<kind>``
    params by the words ``<kind>.<value>``; anything else as it is (the template says the
    rest: "%(train)s-train", "%(percent)s%%")."""
    t = types.get(key)
    if isinstance(value, dict) and "t" in value:
        return value_text(value)
    if isinstance(value, dict) and "code" in value:
        return message_text(value)
    if isinstance(value, (list, tuple)):
        return ", ".join(_param_text(key, x, types, table, locale) for x in value) or "—"
    if isinstance(value, dict):
        return "; ".join(f"{k} {_param_text(k, v, types, table, locale)}"
                         for k, v in value.items()) or "—"
    if t and t.startswith("word:"):
        said = (table.get(f"{t[5:]}.{value}") or {})
        found = said.get(locale, said.get("en"))
        if found is not None:
            return found
        t = "entity"
    if t in ("player", "entity", "money", "price") and not isinstance(value, bool):
        return value_text({"t": t, "v": value})
    if t == "train":
        return str(value).split("-")[0]
    if t == "hex" and isinstance(value, str):
        return place(value)
    if isinstance(value, bool):
        return "✓" if value else "–"
    return plain(value)


def _words():
    """(words, param types) of this request's table, or every title's common words."""
    words = _ctx("words", None)
    if words is None:
        from engine.words import words_of
        words = words_of(None)
    return words


def said_with() -> tuple:
    """(the title's words, what else this request says values with: its language, the table's
    currency and players' names, and the words by identity): all a value's or a message's words
    are made from here, so HTML said from equal data with an equal key is the same (pages keep
    such pieces by it: pages/sections.py). The words table is returned to be held with what is
    kept, so its id is not another table's while that is kept."""
    words = _words()
    return words, (_locale(), _ctx("currency", "$"), tuple(_ctx("player_names", {}).items()),
                   id(words))


_BARE_ID = re.compile(r"\b[a-z0-9]+(_[a-z0-9]+)+\b")   # "share_price": an id, not English


def _shows_ids(m: dict, types: dict) -> bool:
    """Whether a message's params hold an id its own words would show raw (a train "2-0")."""
    return any(types.get(k) == "train" and "-" in str(v)
               for k, v in (m.get("params") or {}).items() if isinstance(v, (str, int)))


def words_text(m: dict, key: str = "message", variant: str = "",
               words: dict | None = None) -> str | None:
    """A message (or its ``board`` text, or a ``variant`` of its words such as ``short``) from
    the title's words (or ``words``: a table of the same format), or None if they have none."""
    if not isinstance(m, dict) or (key == "board" and not m.get("board")):
        return None                       # no board text: nothing to move, in any language
    table, types = _words()
    if words is not None:
        table = words
    locale = _locale()
    own = m.get(key) if not variant else None
    code = m.get("code", "") + (".board" if key == "board" else "") + \
        (f".{variant}" if variant else "")
    entry = table.get(code) or {}
    if locale == "en" and own and "%(" not in own and not entry.get("plain") and \
            not _BARE_ID.search(own) and \
            not _shows_ids(m, {**types, **(entry.get("types") or {})}):
        return None                       # the engine's own English says it best
    template = entry.get(locale)
    if template is None and locale == "en" and own:
        template = own                    # the engine's English is a template: fill it in
    if template is None:
        return None
    if entry.get("types"):
        types = {**types, **entry["types"]}
    params = {k: _param_text(k, v, types, table, locale)
              for k, v in (m.get("params") or {}).items() if v is not None and v != []}
    for one in (template if isinstance(template, (tuple, list)) else (template,)):
        try:
            return particles(one % params)    # "Bo이(가)" → "Bo가", once the words are in
        except (KeyError, TypeError, ValueError):
            continue
    return None


def word_text(kind: str, value) -> str:
    """The words ``<kind>.<value>`` (an end reason, a colour) in the page's language."""
    table, _ = _words()
    said = table.get(f"{kind}.{value}") or {}
    return said.get(_locale(), said.get("en", str(value)))


# a message without params in each table's words and language, said once: the book's labels
# and titles are such messages and a live part says hundreds of them (companion/pages/
# sections.py). (id of the words, locale, code, English) -> (the words, the text); emptied when
# it holds ``SAID_KEEP`` (the labels of a few titles in two languages are far fewer).
SAID_KEEP = 20000
_SAID: dict = {}


def message_text(m) -> str:
    """A message (``{code, message, params}``) in the page's language."""
    if not isinstance(m, dict):
        return "" if m is None else str(m)
    own = m.get("message")
    if m.get("params") or not isinstance(own, (str, type(None))):
        return engine_text(m)
    # without params its words depend on its code and English, the table's words and the
    # language alone (words_text, engine_text)
    words = _words()
    key = (id(words), _locale(), m.get("code"), own)
    hit = _SAID.get(key)
    if hit is not None and hit[0] is words:
        return hit[1]
    text = engine_text(m)
    if len(_SAID) >= SAID_KEEP:
        _SAID.clear()
    _SAID[key] = (words, text)
    return text


def short_text(item) -> str:
    """Where a game is (``{label, value}``, ``engine.contract.where``) in as few words as the
    title's words allow, for a chart's axis ("OR 2.1", "Round 3"): a message's ``short``
    words if it has them, else its words; any other value after its label."""
    if not isinstance(item, dict):
        return ""
    v = item.get("value")
    if not (isinstance(v, dict) and v.get("t") == "text") and item.get("label"):
        return f"{message_text(item['label'])} {_bare(v)}"
    if isinstance(v, dict) and v.get("t") == "text" and isinstance(v.get("v"), dict):
        v = v["v"]
    if isinstance(v, dict) and "code" in v:
        found = words_text(v, variant="short")
        return found if found is not None else message_text(v)
    return _bare(v)


# -- engine messages (the words: engine/**/words*.py) ----------------------------------
# the server's own refusals (and the server tests' title), in the words' format
SERVER_WORDS = {
    'stale_version': {'en': 'Someone else acted first; here is the game as it is now.', 'ko': '다른 사람이 먼저 입력했습니다. 지금의 게임 상태입니다.'},
    'conflict': {'en': 'Someone else acted first; here is the game as it is now.', 'ko': '다른 사람이 먼저 입력했습니다. 지금의 게임 상태입니다.'},
    'unknown_action': {'en': 'That step is not possible now.', 'ko': '지금은 그 단계를 할 수 없습니다.'},
    'not_legal': {'en': 'That step is not possible now.', 'ko': '지금은 그 단계를 할 수 없습니다.'},
    'bid_too_high': {'en': 'The bid can be at most %(max)s.', 'ko': '입찰은 최대 %(max)s까지입니다.',
                     'types': {'max': 'money'}},
    'not_enough_cash': {'en': 'Not enough cash.', 'ko': '현금이 부족합니다.'},
    'phase_change': {'en': 'Phase %(phase)s begins.', 'ko': '%(phase)s 페이즈가 시작됩니다.'},
    'game_end': {'en': 'The game is over.', 'ko': '게임이 끝났습니다.'},
    # the table clock and undo back to a chosen point (companion/table_clock.py, undo_consent.py)
    'bad_clock': {'en': 'The clock can be switched on or off, paused or resumed.', 'ko': '시계는 켜기, 끄기, 일시정지, 다시 시작만 할 수 있습니다.'},
    'clock_off': {'en': 'The table clock is off: start it first.', 'ko': '테이블 시계가 꺼져 있습니다. 먼저 시작하세요.'},
    'bad_to_version': {'en': 'Choose a step of the history to undo back to.', 'ko': '되돌아갈 단계를 기록에서 고르세요.'},
    'step_not_in_force': {'en': 'Step #%(to_version)s is not in force now (undone already): choose a step of the history that is not undone.', 'ko': '#%(to_version)s 단계는 지금 유효하지 않습니다(이미 되돌림). 되돌리지 않은 단계를 기록에서 고르세요.'},
    'undo_failed': {'en': 'The undo stopped before the chosen step: the history shows how far it went.', 'ko': '고른 단계에 이르기 전에 되돌리기가 멈췄습니다. 어디까지 되돌렸는지 기록에서 보세요.'},
}


def end_reason(value) -> str:
    """Why the game ended (an engine game_end_reason), in the page's language."""
    if isinstance(value, str) and value.startswith("price_") and value[6:].isdigit():
        return _("a share price reached %(price)s", price=value[6:])
    return word_text("end_reason", value)


def engine_text(item: dict | None, key: str = "message") -> str:
    """The message (or ``board``) of an engine error/event, in the page's language."""
    if not item:
        return ""
    found = words_text(item, key)
    if found is None and item.get("code") in SERVER_WORDS and key == "message":
        found = words_text(item, key, words=SERVER_WORDS)
    return found if found is not None else (item.get(key) or "")
