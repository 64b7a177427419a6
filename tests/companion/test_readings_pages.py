"""Issue 17 on the pages: 18Korea's rule readings (engine/titles/title_18korea/readings.py)
are chosen on the set-up page, each beside its rulebook sentence, recorded in the game's
record, and shown in the table page's book in words, in English and in Korean."""
from __future__ import annotations

import html as H
import re

import pytest

from engine.titles import get
from engine.titles.title_18korea.readings import OPTIONS
from engine.words import words_of
from tests.companion.test_pages import seated
from tests.conftest import SHARED
from tests.engine.test_18korea_readings import ALTERNATIVE

PLAYERS = ("Ann", "Bo", "Cy")
RULEBOOK = SHARED / "seeds" / "000_6ab93e7c53fa8533.txt"


def one_line(text: str) -> str:
    return " ".join(text.split())


def quoted(rule: str) -> list[str]:
    """The rulebook's words a reading's ``rule`` quotes (a last full stop may end a quote
    cut short)."""
    return [q.rstrip(".") for q in re.findall(r'"([^"]+)"', rule)]


def test_every_readings_rule_quotes_the_rulebook():
    book = one_line(RULEBOOK.read_text())
    for name, param in OPTIONS.items():
        quotes = quoted(param["rule"]["message"])
        assert quotes, name
        for q in quotes:
            assert one_line(q) in book, (name, q)


def korean(code: str) -> str:
    return words_of(get("18Korea"))[0][code]["ko"]


def option_groups(page: str) -> dict:
    """{option name: the text of its fieldset (legend, choices, rule)} of the set-up page."""
    out = {}
    for group in re.findall(r'<fieldset class="option">(.*?)</fieldset>', page, re.S):
        names = set(re.findall(r'name="option\.(\w+)"', group))
        assert len(names) == 1, names
        out[names.pop()] = H.unescape(group)
    return out


def book_part(page: str, section: str) -> str:
    part = re.search(rf'<section class="book-part" data-section="{section}".*?</section>',
                     page, re.S)
    assert part, f"no {section} section in the book"
    return H.unescape(part.group(0))


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_set_up_page_shows_every_readings_rulebook_sentence_beside_its_choices(client, lang):
    page = client.get("/new?title=18Korea", headers={"Accept-Language": lang}).get_data(as_text=True)
    groups = option_groups(page)
    assert set(OPTIONS) <= set(groups)
    for name, param in OPTIONS.items():
        words = (lambda m: m["message"]) if lang == "en" else (lambda m: korean(m["code"]))
        group = groups[name]
        assert words(param["label"]) in group, name
        assert words(param["rule"]) in group, name          # the sentence, in its own group
        if lang == "en":
            quotes = quoted(param["rule"]["message"])
            assert quotes and all(q in one_line(group) for q in quotes), name
        else:
            assert quoted(korean(param["rule"]["code"])), name
        for value, label in param["labels"].items():
            assert words(label) in group, (name, value)
        assert f'value="{param["default"]}" checked' in group
    if lang == "ko":                                         # no English left beside Korean
        assert not any(p["rule"]["message"] in page for p in OPTIONS.values())


def test_set_up_with_other_readings_records_them_and_the_book_says_them(client):
    form = {f"option.{name}": value for name, value in ALTERNATIVE.items()}
    assert all(ALTERNATIVE[n] != p["default"] for n, p in OPTIONS.items())
    code, _, _ = seated(client, players=PLAYERS, title="18Korea", **form)
    record = client.get(f"/tables/{code}/export.json").get_json()
    assert record["title"] == "18Korea" and record["options"] == ALTERNATIVE

    page = client.get(f"/tables/{code}").get_data(as_text=True)
    readings = book_part(page, "readings")
    for name, param in OPTIONS.items():
        assert param["label"]["message"] in readings
        assert param["labels"][ALTERNATIVE[name]]["message"] in readings, name
        assert param["labels"][param["default"]]["message"] not in readings, name
    status = book_part(page, "status")        # the readings are theirs, not the status's
    assert not any(p["labels"][ALTERNATIVE[n]]["message"] in status for n, p in OPTIONS.items())

    page = client.get(f"/tables/{code}", headers={"Accept-Language": "ko"}).get_data(as_text=True)
    readings = book_part(page, "readings")
    for name, param in OPTIONS.items():
        assert korean(param["labels"][ALTERNATIVE[name]]["code"]) in readings, name
        assert param["labels"][ALTERNATIVE[name]]["message"] not in readings, name


def test_set_up_without_reading_fields_records_the_rulebook_defaults(client):
    code, _, _ = seated(client, players=PLAYERS, title="18Korea")
    record = client.get(f"/tables/{code}/export.json").get_json()
    assert record["options"] == {name: p["default"] for name, p in OPTIONS.items()}
    readings = book_part(client.get(f"/tables/{code}").get_data(as_text=True), "readings")
    for name, param in OPTIONS.items():
        assert param["labels"][param["default"]]["message"] in readings, name
