"""The door (engine/door.py): what the engine declares is what it takes.

For every title, at several points of random legal play, every param of every offered entry
is posted with values outside its declaration (tests/door_cases.py): each is refused, and the
game is exactly as it was. Then the door's own rules: undeclared fields are dropped, a
well-formed action the game refuses says the rule, the refusals say what is allowed.
"""
from __future__ import annotations

import copy
import json
import random

import pytest

from engine import Game, GameError, contract as C
from engine.door import REFUSALS, admit, check_param
from tests import contract_play as cp
from tests.door_cases import spoiled

GAMES = [("1888-N", 4), ("18Korea", 3), ("1899-DAIHAN", 4), ("18Lilliput", 2),
         ("AoS-NewZealand", 3), ("AoS-Korea", 4)]
POINTS = (0, 12, 45)                       # steps of random legal play before each look


def fingerprint(game: Game) -> str:
    return json.dumps([game.view(), game.book(), game.log, game.effective], sort_keys=True,
                      default=str)


def good_action(rng, game, entry):
    seat = game.players[0]["id"]
    return cp.random_action(rng, entry, seat, pick=_first)


def _first(rng, name, p, action):
    kind = p["kind"]
    if kind == "choice":
        choices = C.allowed(p, action)
        return choices[0] if choices else C.OMIT
    if kind == "number":
        return p["min"]
    return cp.random_value(rng, name, p, action)


def play_to(game, rng, steps):
    taken = 0
    while taken < steps and not game.finished:
        taken += cp.random_game(game, rng, max_steps=1)


@pytest.mark.parametrize("title,players", GAMES, ids=[t for t, _ in GAMES])
def test_every_param_outside_its_declaration_is_refused_and_changes_nothing(title, players):
    rng = random.Random(24)
    game = Game(title, [f"P{i}" for i in range(1, players + 1)], seed=7)
    tried = refused_by = 0
    codes = set()
    for point in POINTS:
        play_to(game, rng, point - len(game.effective))
        if game.finished:
            break
        before = fingerprint(game)
        for entry in game.legal_actions():
            if entry["type"] in ("undo", "redo"):
                continue
            good = good_action(rng, game, entry)
            for name, value, action in spoiled(entry, good):
                tried += 1
                with pytest.raises(GameError) as exc:
                    game.process(copy.deepcopy(action))
                codes.add(exc.value.code)
                refused_by += exc.value.code in REFUSALS
                assert exc.value.code != "engine_fault", (title, name, value, exc.value)
                assert fingerprint(game) == before, (title, entry["type"], name, value)
    assert tried > 200, tried
    assert refused_by > tried // 2, (refused_by, tried, codes)


def test_undeclared_fields_are_dropped_before_the_rules_see_them():
    game = Game("1888-N", ["Ann", "Bo", "Cy", "Di"], seed=1)
    entry = next(e for e in game.legal_actions() if e["type"] == "bid")
    action = C.fill(entry, lambda name, p: p.get("default", p.get("min")))
    game.process({**action, "note": "hi", "id": 99, "entity_type": "player"})
    assert game.log[-1] == action
    assert set(game.effective[-1]) == set(action)


def test_a_well_formed_refused_action_says_the_rule_and_a_shape_refusal_what_is_allowed():
    game = Game("1888-N", ["Ann", "Bo", "Cy", "Di"], seed=1)
    # out of turn: the rules' own words name who acts
    with pytest.raises(GameError) as exc:
        game.process({"type": "bid", "entity": "2", "company": "KT", "price": 20})
    assert exc.value.code == "not_your_turn"
    # a float price: what is allowed, in the title's money
    entry = next(e for e in game.legal_actions() if e["type"] == "bid")
    with pytest.raises(GameError) as exc:
        game.process({"type": "bid", "entity": "1", "company": entry.get("company", "KT"),
                      "price": 25.0})
    assert exc.value.code == "param_not_whole" and "whole number" in exc.value.message


def test_a_revenue_of_a_billion_is_refused_with_its_range():
    """1899 DAIHAN and 18 Lilliput took a run of 1,000,000,000 and ended the game on it."""
    legal = [{"type": "run", "entity": "A", "params": {
        "revenues": {"kind": "list", "items": [C.train("2")],
                     "of": C.number("money", 0, 1500, 10)}}}]
    with pytest.raises(GameError) as exc:
        admit(legal, {"type": "run", "entity": "A", "revenues": [10 ** 9]}, "₩")
    assert exc.value.code == "param_range"
    assert exc.value.message == "Revenues must be between ₩0 and ₩1,500, in steps of ₩10."
    assert exc.value.params["max"] == C.money(1500)
    assert admit(legal, {"type": "run", "entity": "A", "revenues": [150]}, "₩") == \
        {"type": "run", "entity": "A", "revenues": [150]}


@pytest.mark.parametrize("value", [10.0, True, -0.0, float("nan"), 2 ** 63, "40", None])
def test_whole_numbers_only_for_money_and_counts(value):
    legal = [{"type": "cash", "entity": "1", "params": {"amount": C.number("money", -100, 100)}}]
    with pytest.raises(GameError) as exc:
        admit(legal, {"type": "cash", "entity": "1", "amount": value}, "£")
    assert exc.value.code in ("param_not_whole", "param_range", "param_missing")


def test_a_fixed_field_left_out_is_the_entrys_own_unless_it_tells_entries_apart():
    legal = [{"type": "buy", "entity": "A", "train": "D", "price": 1100},
             {"type": "buy", "entity": "A", "train": "D", "price": 700, "exchange": "4-0"},
             {"type": "buy", "entity": "A", "train": "D", "price": 700, "exchange": "4-1"}]
    assert admit(legal, {"type": "buy", "entity": "A", "train": "D"}) == legal[0]
    assert admit(legal, {"type": "buy", "entity": "A", "train": "D", "exchange": "4-1"}) == \
        legal[2]
    with pytest.raises(GameError) as exc:       # two trade-ins at that price: say which
        admit(legal, {"type": "buy", "entity": "A", "train": "D", "price": 700})
    assert exc.value.code == "param_fixed" and exc.value.params["param"] == "exchange"


def test_text_is_short_and_printable():
    legal = [{"type": "note", "entity": "1", "params": {"text": C.free_text(200)}}]
    assert admit(legal, {"type": "note", "entity": "1", "text": "한강 ✓"})["text"] == "한강 ✓"
    for bad in ("x" * 201, "a\x00b", "\u2028", "", "  "):
        with pytest.raises(GameError) as exc:
            admit(legal, {"type": "note", "entity": "1", "text": bad})
        assert exc.value.code in ("param_text", "param_blank")


def test_every_door_refusal_has_english_and_korean_words():
    from engine.words import words_of
    words, _ = words_of(None)
    for code in REFUSALS:
        assert words[code]["en"] and words[code]["ko"], code


def test_a_choice_refusal_names_the_offered_choices_by_their_labels_not_their_ids():
    """18Korea's draft offers cards by code with each card's name as its label: a card not
    offered is refused by the door naming the offered cards as the form shows them (the label messages in
    the params, their English in the message), never the bare codes."""
    game = Game("18Korea", ["Ann", "Bo", "Cy"], seed=1)
    entry = next(e for e in game.legal_actions() if e["type"] == "draft")
    card = entry["params"]["card"]
    labels = [card["labels"][C.choice_key(c)] for c in C.allowed(card, {})]
    assert all("code" in lab for lab in labels)
    with pytest.raises(GameError) as refused:      # (the game then asks its rules why)
        check_param("card", card, "ZZ99", {"type": "draft"}, "₩")
    err = refused.value
    assert err.code == "param_choice"
    assert err.params["choices"] == labels[:len(err.params["choices"])]
    assert labels[0]["message"] in err.message
