"""Corrections and set-up options: the table sets and fixes the provisional values."""
import pytest

from engine import contract
from engine.core18xx.trains import Depot
from engine.errors import GameError
from engine.titles import get
from engine.titles.title_18lilliput import data as D
from engine.titles.title_18lilliput.corrections import KINDS
from tests.engine.helpers_18lilliput import (correct, drafted, finish_actions, new_game,
                                             refused, run_all)


def corrections(game):
    return {e["kind"]: e for e in game.legal_actions() if e["type"] == "correction"}


def test_one_entry_per_kind_with_the_seat_and_a_reason():
    game = drafted(3, seed=1)
    forms = corrections(game)
    assert set(forms) == set(KINDS)
    for kind, entry in forms.items():
        contract.check_entry(entry)
        assert entry["anytime"] is True
        seat = entry["params"]["entity"]
        assert seat["fill"] == "seat" and seat["choices"] == game.rules.seating
        assert entry["params"]["reason"]["kind"] == "text"


def test_a_correction_needs_a_reason_and_is_recorded():
    game = drafted(2, seed=1)
    refused(game, {"type": "correction", "kind": "cash", "entity": "1", "target": "1",
                   "amount": 5, "reason": " "}, "param_blank")
    events = correct(game, "cash", target="red", amount=-20)
    assert events[0]["code"] == "correction" and "test" in events[0]["message"]
    assert game.log[-1]["kind"] == "cash" and game.log[-1]["reason"] == "test"
    assert game.rules.ledger.of("red") == 530


def test_cash_moves_only_with_the_bank():
    game = drafted(2, seed=1)
    total = game.rules.ledger.total()
    bank = game.rules.ledger.of("bank")
    correct(game, "cash", target="1", amount=100)
    assert game.rules.ledger.of("bank") == bank - 100
    assert game.rules.ledger.total() == total
    refused(game, {"type": "correction", "kind": "cash", "entity": "1", "target": "2",
                   "amount": -1000, "reason": "x"}, "cannot_afford")


def test_share_price_round_phase_first_player_and_cards():
    game = drafted(3, seed=1)
    correct(game, "share_price", company="yellow", price=120)
    assert game.rules.price("yellow") == 120
    correct(game, "round", round=5)
    assert game.rules.round == 5
    correct(game, "phase", phase=3)
    assert game.rules.colours_in_use() == ["yellow", "green"]
    correct(game, "first_player", player="3")
    assert game.rules.order_from_first()[0] == "3"
    card = game.rules.cards[0]
    correct(game, "card", card=card, holder="2")
    assert game.rules.taken == {card: "2"}
    correct(game, "card", card=card, holder="none")
    assert game.rules.taken == {}


def test_trains_and_shares_and_the_tile_and_character():
    game = drafted(2, seed=1)
    correct(game, "train", company="red", op="give", train="3")
    assert [Depot.kind(t) for t in game.rules.companies["red"]["trains"]] == ["2", "3"]
    correct(game, "train", company="red", op="to_pool", train="3")
    assert [Depot.kind(t) for t in game.rules.depot.discarded] == ["3"]
    correct(game, "shares", company="red", source="bank", to="2", count=2)
    assert game.rules.shares.percent("red", "2") == 20
    refused(game, {"type": "correction", "kind": "shares", "entity": "1", "company": "red",
                   "source": game.rules.companies["red"]["director"], "to": "bank",
                   "count": 1, "reason": "x"}, "director_certificate")
    correct(game, "tile", pos="0,-2", card_kind="town", colour="yellow", exits="NS", slots=0)
    assert game.rules.tiles["0,-2"]["kind"] == "town"
    correct(game, "character", character="Balmuff", holder="2")
    assert game.rules.characters["Balmuff"] == "2"


def test_character_powers_are_notes_without_effect():
    game = drafted(2, seed=1)
    holder = game.rules.characters["Flimnap"]
    entry = [e for e in game.legal_actions() if e["type"] == "character_note"
             and e["character"] == "Flimnap"][0]
    assert entry["entity"] == holder
    before = game.rules.ledger.cash.copy()
    game.process({"type": "character_note", "entity": holder, "character": "Flimnap",
                  "text": "took a card back"})
    assert game.rules.ledger.cash == before
    assert game.rules.notes[-1]["text"] == "took a card back"
    other = "1" if holder != "1" else "2"
    refused(game, {"type": "character_note", "entity": other, "character": "Flimnap",
                   "text": "x"}, "not_your_character")


# -- options -------------------------------------------------------------------------------
def test_options_are_contract_params_with_the_provisional_defaults():
    spec = get("18Lilliput")
    assert spec.currency == "£" and spec.family == "18xx"
    for name, p in spec.options.items():
        contract.check_param(name, p, "options")
        assert "label" in p
    assert spec.options["train_4_price"]["default"] == D.TRAIN_PRICES["4"]
    assert spec.options["track_order"]["default"] == "yellow_green_brown"
    assert "rule" in spec.options["track_order"]


def test_the_table_sets_prices_counts_and_the_index():
    game = new_game(2, options={"train_2_price": 100, "train_3_count": 2,
                                "price_index": "20,30,40,50,55,60,70,80,90,100"})
    r = game.rules
    assert r.depot.price("2-0") == 100
    assert sum(1 for t in r.depot.upcoming if Depot.kind(t) == "3") == 2
    assert [v for row in r.market.prices for v in row if v] == \
        [30, 50, 60, 80, 100, 20, 40, 55, 70, 90]


@pytest.mark.parametrize("options", [{"price_index": "20,30"}, {"price_index": "60,50,40"},
                                     {"price_index": "10,20,30,40"},
                                     {"train_2_price": 0}, {"track_order": "green_first"},
                                     {"pool_refill": -1}])
def test_bad_options_are_refused(options):
    with pytest.raises(GameError) as info:
        new_game(2, options=options)
    assert info.value.code == "bad_option"


def test_a_first_train_scrapped_into_the_pool_starts_its_phase():
    game = drafted(2, seed=1, options={"train_2_count": 3})   # the set-up takes all three
    assert Depot.kind(game.rules.depot.next_train()) == "3"
    finish_actions(game)
    run_all(game)
    assert [Depot.kind(t) for t in game.rules.depot.discarded] == ["3"]
    assert game.rules.phase == 3
