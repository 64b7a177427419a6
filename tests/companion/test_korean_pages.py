"""No English left on a Korean page (issue 12, "Plain words everywhere"): for a game of each
title played some steps through the phone's forms (each 18xx title's is the game the check of
the English pages for internal text plays, read in both languages; Age of Steam's maps are
played in Korean), the table, history, scores and set-up pages carry no Latin word outside an
allow-list: abbreviations (company marks such as
LYR/KT/WSR, OR/SR/IPO, hexes such as C11, exits such as NS, single letters), the players' own
names, the table code, each title's name on its box (the header keeps the box's name), the
language switch's 'English', and the site name 18xx.games. Korean particles are chosen, never
written both ways ("이(가)")."""
from __future__ import annotations

import html as htmllib
import re

import pytest

from engine import titles
from tests.companion.test_pages_games import play, start

PLAYERS = ["Ann", "Bo", "Cy", "Dee", "Eve"]
ALLOWED = {"English", "Ann", "Bo", "Cy", "Dee", "Eve",
           "table", "check"}     # what the test players type in a free text box ("table check")
BOTH_WAYS = re.compile(r"이\(가\)|을\(를\)|은\(는\)|와\(과\)|\(으\)로")
STEPS = {"1888-N": 250, "1899-DAIHAN": 250, "18Korea": 150, "18Lilliput": 150, "AoS-Korea": 80, "AoS-NewZealand": 80,
         "AoS-Base": 80}


def visible_text(page: str) -> str:
    """What a reader sees or hears: the text outside scripts, styles and tags, and the words
    of the attributes a screen shows or reads (placeholder, title, aria-label, alt)."""
    page = re.sub(r"(?s)<(script|style|svg)\b[^>]*>.*?</\1>", " ", page)
    said = " ".join(m.group(2) for m in re.finditer(
        r'\s(placeholder|title|aria-label|alt)="([^"]*)"', page))
    page = re.sub(r"(?s)<[^>]+>", " ", page)
    return htmllib.unescape(page + " " + said)


def latin_words(text: str, allowed=frozenset()) -> list[str]:
    """The Latin words of ``text`` that are not an abbreviation (all capitals, at most five
    letters, or one letter) or allowed."""
    text = text.replace("18xx.games", " ").replace("18xx", " ")   # the site, the app's name
    found = []
    for m in re.finditer(r"[A-Za-z][A-Za-z'’_-]*[A-Za-z]|[A-Za-z]", text):
        w = m.group()
        if len(w) == 1 or (w.isupper() and len(w) <= 5) or w in allowed:
            continue
        found.append(w)
    return found


def test_the_scanner_finds_english_and_passes_abbreviations_and_names():
    text = visible_text('<p title="Offer">Bo: LYR 30% <b>yellow</b> C11 NS 18xx.games</p>'
                        '<script>var English = 1</script>')
    assert latin_words(text, {"Bo"}) == ["yellow", "Offer"]


def box_words(spec) -> set:
    return set(re.findall(r"[A-Za-z][A-Za-z'’_-]*", spec.name or ""))


def korean_findings(client, title, code) -> tuple[dict, dict]:
    """The Korean pages of a played table (and the title's set-up and home pages): their
    English words left over, and their particles written both ways, by path."""
    spec = titles.TITLES[title]
    client.set_cookie("lang", "ko")
    allowed = ALLOWED | box_words(spec) | set().union(*(box_words(t) for t in titles.TITLES.values()))
    leftovers, both = {}, {}
    for path in (f"/tables/{code}", f"/tables/{code}/history", f"/tables/{code}/scores",
                 f"/new?title={title}", "/"):
        r = client.get(path)
        assert r.status_code == 200, path
        text = visible_text(r.get_data(as_text=True)).replace(code, " ")
        words = latin_words(text, allowed)
        if words:
            leftovers[path] = sorted(set(words))
        if BOTH_WAYS.search(text):
            both[path] = BOTH_WAYS.findall(text)[:5]
    return leftovers, both


# Age of Steam's maps here; the 18xx titles' Korean pages are read on the table that
# test_english_pages_show_no_internal_text_and_korean_ones_no_english plays (one game per
# title, read in both languages)
@pytest.mark.slow
@pytest.mark.parametrize("title", [t for t in titles.TITLES if t.startswith("AoS")])
def test_korean_pages_carry_no_english(client, title):
    spec = titles.TITLES[title]
    client.set_cookie("lang", "ko")
    code = start(client, title, PLAYERS[:max(3, spec.min_players)], 3)
    play(client, code, 3, STEPS.get(title, 120))
    leftovers, both = korean_findings(client, title, code)
    assert not leftovers, f"{title}: English on Korean pages: {leftovers}"
    assert not both, f"{title}: particles written both ways: {both}"


# what only the engine should see: a flag, a snake_case id, a train's id ("2-0"), a raw round
# number ("2.1 of 1")
INTERNAL = re.compile(r"\b(True|False|None)\b|\b[a-z0-9]+(?:_[a-z0-9]+)+\b|\b\d+[A-Z]?-\d+\b"
                      r"|\b\d+\.\d+ of \d+\b")


def test_the_internal_text_scanner():
    assert INTERNAL.findall("Bid · KT · True") and INTERNAL.search("from ipo_pool")
    assert INTERNAL.search("RR buys train 2-0") and INTERNAL.search("Operating round 2.1 of 1")
    assert not INTERNAL.search("RR buys a 2-train for ₩80 in Operating round 2.1 (1 of 1 in "
                               "this set) 18xx.games 1–4 players")


@pytest.mark.slow
@pytest.mark.parametrize("title", [t for t in titles.TITLES if not t.startswith("AoS")])
def test_english_pages_show_no_internal_text_and_korean_ones_no_english(client, title):
    spec = titles.TITLES[title]
    code = start(client, title, PLAYERS[:max(3, spec.min_players)], 5)
    play(client, code, 5, STEPS.get(title, 120) + 100)
    found = {}
    for path in (f"/tables/{code}", f"/tables/{code}/history", f"/tables/{code}/scores"):
        text = visible_text(client.get(path).get_data(as_text=True)).replace(code, " ")
        hits = sorted({m.group() for m in INTERNAL.finditer(text)})
        if hits:
            found[path] = hits[:10]
    assert not found, f"{title}: internal text on English pages: {found}"
    leftovers, both = korean_findings(client, title, code)     # the same table in Korean
    assert not leftovers, f"{title}: English on Korean pages: {leftovers}"
    assert not both, f"{title}: particles written both ways: {both}"
