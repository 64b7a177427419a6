"""What a title's codes say: the words of its messages, events, book labels and forms.

Each game family and each title keeps its words in a module of its own (``words.py`` beside
its rules) with two tables:

``WORDS``  ``{code: {"en": template, "ko": template, "types"?: {param: type}}}``;
           ``"<code>.board"`` is the text of what to move on the board, ``"<code>.short"`` a
           short form (a chart's axis). A template has ``%(param)s`` placeholders; it may be
           a tuple of alternatives, the first whose params are all present is used.
           ``types`` overrides ``PARAMS`` for that code's params. In English the engine's own
           message is shown as it is, unless it is a template, names a train by its id
           (``2-0``), or the entry says ``"plain": True`` (its words say it plainer:
           "Operating round 2.1 (1 of 1 in this set)" for the engine's "... 2.1 of 1").
``PARAMS`` ``{param name: type}``: how a message's params are shown: ``player`` and
           ``entity`` by name, ``money`` in the title's currency, ``word:<kind>`` by the
           words ``<kind>.<value>`` (``"era": "word:colour"`` says ``colour.green``);
           anything else as it is (the template says the rest: ``#%(tile)s``).

A family's refusals and events live in its ``words_messages.py`` (merged into its
``words.py``); the companion keeps no words of the engine's codes.

A ``TitleSpec`` names its word modules in order (``words=("engine.words_common",
"engine.core18xx.words", "engine.titles.title_18korea.words")``); later modules win.
``words_of(spec)`` merges them once.
"""
from __future__ import annotations

import importlib
from functools import lru_cache


@lru_cache(maxsize=None)
def _merged(modules: tuple[str, ...]) -> tuple[dict, dict]:
    words: dict = {}
    params: dict = {}
    for name in modules:
        mod = importlib.import_module(name)
        for code, by_locale in getattr(mod, "WORDS", {}).items():
            words.setdefault(code, {}).update(by_locale)
        params.update(getattr(mod, "PARAMS", {}))
    return words, params


COMMON = "engine.words_common"


def en_ko(en: str, ko: str) -> dict:
    """One code's words: ``{"en": en, "ko": ko}`` (the words modules write ``_w(en, ko)``)."""
    return {"en": en, "ko": ko}


def words_of(spec) -> tuple[dict, dict]:
    """(words, param types) of a title: the common words, then its family's, then its own."""
    modules = tuple(getattr(spec, "words", ()) or ())
    if COMMON not in modules:
        modules = (COMMON,) + modules
    return _merged(modules)
