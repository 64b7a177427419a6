"""A consequence carries the same facts in every language (issue 25): every event a game of
each title emits (random legal steps, ``tests/contract_play.py``) is rendered in English and
in Korean from the same params, and both say the same numbers and the same company marks.
The Korean War notice is checked the same way under both readings of its normal-city
stations."""
from __future__ import annotations

import random
import re

import pytest

from engine import titles
from engine.game import Game
from engine.words import words_of
from tests.contract_play import random_game

# a number (thousands separators dropped) or a company's mark, never inside a longer word
FACT = re.compile(r"(?<![\d,])\d(?:[\d,]*\d)?|(?<![A-Za-z])[A-Z]{2,5}\d*(?![A-Za-z])")


def facts(text: str) -> set[str]:
    return {f.replace(",", "") for f in FACT.findall(text)}


def test_the_facts_of_a_text():
    assert facts("LYR pays out ¥1,080 (¥108 per share): Ann ¥108.") == {"LYR", "1080", "108"}
    assert facts("LYR이 ¥1,080을 배당합니다 (주당 ¥108).") == {"LYR", "1080", "108"}
    assert facts("a 2-train, 3 of them") == {"2", "3"}


def said(app, title, players, event) -> dict:
    from companion import present
    out = {}
    for lang in ("en", "ko"):
        with app.test_request_context(headers={"Accept-Language": lang}):
            present.use_table({"players": players, "currency": titles.TITLES[title].currency},
                              words_of(titles.TITLES[title]))
            out[lang] = (present.engine_text(event), present.engine_text(event, "board"))
    return out


def differences(app, title, players, events) -> dict:
    found = {}
    for ev in events:
        words = said(app, title, players, ev)
        for i, part in enumerate(("message", "board")):
            en, ko = words["en"][i], words["ko"][i]
            if part == "board" and not (ev.get("board") or ""):
                continue
            if facts(en) != facts(ko):
                found.setdefault(f"{ev['code']}{'' if i == 0 else '.board'}",
                                 (en, ko, sorted(facts(en) ^ facts(ko))))
    return found


@pytest.mark.slow
@pytest.mark.parametrize("title", list(titles.TITLES))
def test_every_event_says_the_same_facts_in_english_and_korean(app, title):
    spec = titles.TITLES[title]
    players = [{"id": str(i + 1), "name": n}
               for i, n in enumerate(["Ann", "Bo", "Cy", "Dee"][:max(3, spec.min_players)])]
    found = {}
    for seed in (2, 3):
        game = Game(title, players, seed=seed)
        events = []
        process = game.process

        def keep(action, **kw):
            got = process(action, **kw)
            events.extend(got if isinstance(got, list) else (got or {}).get("events", []))
            return got
        game.process = keep
        random_game(game, random.Random(seed), max_steps=1500)
        found.update(differences(app, title, players, events))
    assert not found, f"{title}: facts differ between English and Korean: {found}"


@pytest.mark.parametrize("reading", ["dashboard", "removed"])
def test_the_korean_war_notice_says_the_same_in_korean(app, reading):
    from tests.engine.test_18korea_readings import war_events
    game, _, _, war = war_events(reading)
    assert not differences(app, "18Korea", game.players, [war])
    words = said(app, "18Korea", game.players, war)
    ko, board = words["ko"]
    assert "남는 북한 회사" in ko and "보드에 역이 하나도 없는 회사" in ko
    if reading == "dashboard":          # the table's reading, not "leave the game"
        assert "회사 대시보드" in board and "게임에서 빠집니다" not in board
    else:
        assert "영구히 잃은 역" in ko and "게임에서 빠집니다" in board
