"""A table section's rows and a facts section's items are kept as made (companion/pages/sections.py
``_kept``) and taken again
only for what they were made from: a row whose cells are unchanged is not made again, a changed
one is; the same rows in another language, or at another table (other players' names, another
currency), are made anew, never taken from the first."""
from __future__ import annotations

import copy

import pytest

from companion.pages import sections
from companion.pages.text import _use_table
from tests.companion import random_games

app = random_games.app          # (the module's app: a fixture)

# the labels are plain text, the same in every language: only the memo's own key tells en from
# ko; the cells say a player, money, a count without limit and a train, each in the page's words
TABLE = {
    "kind": "players", "id": "players", "title": "Players",
    "columns": [{"key": "cash", "label": "Cash"}, {"key": "certs", "label": "Certs"},
                {"key": "train", "label": "Train"}, {"key": "owes", "label": "Owes"}],
    "rows": [{"player": "p1", "cells": {"cash": {"t": "money", "v": 300},
                                        "certs": {"t": "count", "v": None},
                                        "train": {"t": "train", "v": "2-0"},
                                        "owes": {"t": "player", "v": "p2"}}},
             {"player": "p2", "cells": {"cash": {"t": "money", "v": 450},
                                        "certs": {"t": "count", "v": 3},
                                        "train": {"t": "train", "v": "3-1"},
                                        "owes": {"t": "player", "v": "p1"}}}],
}
ANN_BO = {"title": "1888-N", "currency": "$",
          "players": [{"id": "p1", "name": "Ann"}, {"id": "p2", "name": "Bo"}]}
CY_DI = {**ANN_BO, "players": [{"id": "p1", "name": "Cy"}, {"id": "p2", "name": "Di"}]}
IN_WON = {**ANN_BO, "currency": "₩"}


def made(app, s: dict, state: dict, lang: str = "en", fresh: bool = False) -> str:
    """The book's HTML of section ``s`` at a table of ``state`` in ``lang`` (``fresh``: with no
    row kept, each made now)."""
    if fresh:
        sections._kept.clear()
    with app.test_request_context(headers={"Cookie": f"lang={lang}"}):
        _use_table(state)
        return sections.section_html(s, "book")


@pytest.fixture
def rows_made(monkeypatch):
    """The rows made (not taken as kept) since, in a list."""
    sections._kept.clear()
    seen = []
    make = sections._row

    def counted(who, *args):
        seen.append(who)
        return make(who, *args)
    monkeypatch.setattr(sections, "_row", counted)
    return seen


def test_a_row_is_made_in_each_language_and_for_each_tables_names_and_currency(app, rows_made):
    kinds = [(ANN_BO, "en"), (ANN_BO, "ko"), (CY_DI, "en"), (IN_WON, "en"), (CY_DI, "ko")]
    want = {(id(state), lang): made(app, TABLE, state, lang, fresh=True)
            for state, lang in kinds}
    assert len(set(want.values())) == len(kinds)
    en, ko = want[id(ANN_BO), "en"], want[id(ANN_BO), "ko"]
    assert "unlimited" in en and "2-train" in en and "무제한" in ko and "2열차" in ko
    assert "unlimited" not in ko
    assert ">Ann<" in en and ">Cy<" in want[id(CY_DI), "en"] and "Ann" not in want[id(CY_DI), "en"]
    assert "$300" in en and "₩300" in want[id(IN_WON), "en"] and "$" not in want[id(IN_WON), "en"]
    # the same rows again and again, the tables and languages alternating, each kept as made:
    # never another's
    sections._kept.clear()
    rows_made.clear()
    for _ in range(3):
        for state, lang in kinds:
            rows = copy.deepcopy(TABLE)         # the engine's rows: new objects, equal content
            assert made(app, rows, state, lang) == want[id(state), lang], (state, lang)
    assert len(rows_made) == 2 * len(kinds)     # each row made once per table and language


def test_an_unchanged_row_is_taken_again_and_a_changed_one_made(app, rows_made):
    first = made(app, TABLE, ANN_BO)
    assert rows_made == ["p1", "p2"]
    again = copy.deepcopy(TABLE)                # equal, not the same dicts
    assert made(app, again, ANN_BO) == first and rows_made == ["p1", "p2"]

    changed = copy.deepcopy(TABLE)
    changed["rows"][1]["cells"]["cash"]["v"] = 500
    now = made(app, changed, ANN_BO)
    assert rows_made == ["p1", "p2", "p2"]      # Bo's row alone made again
    assert "$500" in now and "$450" not in now
    assert now == made(app, changed, ANN_BO, fresh=True)

    # a column's label changed (another title's words, another layout): every row made again
    relabelled = copy.deepcopy(changed)
    relabelled["columns"][0]["label"] = "Money"
    rows_made.clear()
    html = made(app, relabelled, ANN_BO)
    assert rows_made == ["p1", "p2"] and html.count('data-label="Money"') == 2
    assert html == made(app, relabelled, ANN_BO, fresh=True)


FACTS = {"kind": "facts", "id": "status", "title": "Status", "glance": True,
         "items": [{"label": "Round", "value": {"t": "text", "v": "Stock round 1"}},
                   {"label": "Acting", "value": {"t": "player", "v": "p1"}, "acting": True},
                   {"label": "Bank", "value": {"t": "money", "v": 6000}, "glance": True},
                   {"label": "Certs", "value": {"t": "count", "v": None}, "glance": True}]}


def facts(app, s: dict, state: dict, lang: str = "en", fresh: bool = False) -> tuple[str, str]:
    """A facts section's summary (its glance items) and its place in the book, as made at a
    table of ``state`` in ``lang`` (``fresh``: with nothing kept)."""
    if fresh:
        sections._kept.clear()
    with app.test_request_context(headers={"Cookie": f"lang={lang}"}):
        _use_table(state)
        return sections.section_html(s, "summary"), sections.section_html(s, "glance", True)


def test_a_facts_item_is_said_again_only_when_it_or_the_words_changed(app, monkeypatch):
    said = []
    value_text = sections.value_text
    monkeypatch.setattr(sections, "value_text", lambda v: said.append(v) or value_text(v))
    kinds = [(ANN_BO, "en"), (ANN_BO, "ko"), (CY_DI, "en"), (IN_WON, "en")]
    want = {(id(state), lang): facts(app, FACTS, state, lang, fresh=True)
            for state, lang in kinds}
    # the book's whole section names who acts (another table: other names); the summary
    # leaves that item out, and says the bank and the certificates alone
    assert len({book for _, book in want.values()}) == len(kinds)
    assert len({summary for summary, _ in want.values()}) == len(kinds) - 1
    assert ">Ann<" in want[id(ANN_BO), "en"][1] and "Ann" not in want[id(ANN_BO), "en"][0]
    assert "무제한" in want[id(ANN_BO), "ko"][0] and "₩6,000" in want[id(IN_WON), "en"][0]
    sections._kept.clear()
    said.clear()
    for n in range(3):
        for state, lang in kinds:
            assert facts(app, copy.deepcopy(FACTS), state, lang) == want[id(state), lang]
        if n == 0:
            first = len(said)
    assert first > 0 and len(said) == first    # each item said once per mode, table, language

    moved = copy.deepcopy(FACTS)
    moved["items"][2]["value"]["v"] = 5880
    said.clear()
    now = facts(app, moved, ANN_BO)
    assert said == [{"t": "money", "v": 5880}] * 2        # the bank alone, in both modes
    assert now == facts(app, moved, ANN_BO, fresh=True) and "$5,880" in now[0]
