"""A message without params is said once per table's words and language (companion/present.py
``message_text``) and the words kept are the words it would say again: every code of every
title's words, in English and Korean, each title and language in turn (so that a word kept for
one is never the answer for another)."""
from __future__ import annotations

import pytest

from companion import present
from engine import titles
from engine.words import words_of


@pytest.fixture(scope="module")
def app():
    from companion import create_app
    import tempfile
    return create_app({"TESTING": True, "SECRET_KEY": "w",
                       "DATABASE_URL": f"sqlite:///{tempfile.mkdtemp()}/w.db"})


def messages(table: dict) -> list[dict]:
    """A message for each code of the words: its own English as the engine gives it, and one
    without (the words alone), and one whose English differs from the words'."""
    out = []
    for code, said in table.items():
        en = said.get("en") if isinstance(said, dict) else None
        en = en[0] if isinstance(en, (list, tuple)) else en
        out += [{"code": code, "message": en}, {"code": code},
                {"code": code, "message": f"{code} as the engine says it"}]
    return out + [{"code": "no_such_code", "message": "Plain English."}, {}]


def test_a_message_is_said_as_its_words_say_it_in_every_title_and_language(app):
    said = {}
    for _ in range(2):                       # the second time, the words kept answer
        for title, spec in sorted(titles.TITLES.items()):
            words = words_of(spec)
            for lang in ("en", "ko"):
                with app.test_request_context(headers={"Cookie": f"lang={lang}"}):
                    present.use_table({"players": [], "currency": spec.currency}, words)
                    for m in messages(words[0]):
                        got = present.message_text(m)
                        assert got == present.engine_text(m), (title, lang, m)
                        key = (title, lang, m.get("code"), m.get("message"))
                        assert said.setdefault(key, got) == got
    # the titles' words differ somewhere, and the languages do: a shared answer would show
    en = {k[2:]: v for k, v in said.items() if k[0] == "1888-N" and k[1] == "en"}
    ko = {k[2:]: v for k, v in said.items() if k[0] == "1888-N" and k[1] == "ko"}
    assert sum(en[k] != ko[k] for k in en) > 100
    korea = {k[2:]: v for k, v in said.items() if k[0] == "18Korea" and k[1] == "ko"}
    assert any(korea[k] != ko[k] for k in korea.keys() & ko.keys())
