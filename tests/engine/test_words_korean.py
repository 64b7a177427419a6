"""Every label, choice and book heading the engine declares has Korean words.

A seeded game of each title is played from its legal entries alone; at every step the book,
the legal entries and (at the end) the scores are searched for message codes, and each must
have a Korean template among the title's words (``engine.words.words_of``). A code without
one is shown in English on a Korean phone (seen: the book's "Players" heading, the 1888-N
market's "no cert limit" zone)."""
from __future__ import annotations

import random

import pytest

from engine import Game, titles
from engine.words import words_of
from tests import contract_play as cp

PLAYERS = {"1888-N": 4, "18Korea": 3, "1899-DAIHAN": 4, "18Lilliput": 2, "AoS-Korea": 4,
           "AoS-NewZealand": 3, "AoS-Base": 4}


def message_codes(obj, out: set) -> set:
    if isinstance(obj, dict):
        if isinstance(obj.get("code"), str) and "message" in obj:
            out.add(obj["code"])
        for v in obj.values():
            message_codes(v, out)
    elif isinstance(obj, (list, tuple)):
        for v in obj:
            message_codes(v, out)
    return out


@pytest.mark.parametrize("title", [t for t in PLAYERS if t in titles.TITLES])
def test_every_declared_word_reads_in_korean(title):
    words, _ = words_of(titles.get(title))
    game = Game(title, [f"P{i}" for i in range(1, PLAYERS[title] + 1)], seed=2)
    seen: set = set()

    def gather(g):
        message_codes(g.book(), seen)
        message_codes(g.legal_actions(), seen)

    gather(game)
    cp.random_game(game, random.Random(2), max_steps=3000, check=gather)
    if game.finished:
        message_codes(game.scores(), seen)
    assert len(seen) > 20
    missing = sorted(c for c in seen if "ko" not in words.get(c, {}))
    assert not missing, f"{title}: codes with no Korean words: {missing}"
