"""The action step (S 라운드 순서 1, 행동 상세: cash, track, stations)."""
import pytest

from engine.titles.title_18lilliput import data as D
from engine.titles.title_18lilliput.base import MILDENDO
from tests.engine.helpers_18lilliput import (acting, cash_turn, correct, drafted, new_game,
                                             order, refused, take, use)


def test_action_order_is_snake_and_two_cards_each():
    game = drafted(4, seed=6)
    o = order(game)
    seen = []
    while game.rules.step == "actions":
        seen.append(acting(game))
        cash_turn(game)
    assert seen == o + o[::-1]
    assert game.rules.step == "runs"


def test_one_player_takes_two_of_four_cards():
    game = drafted(1, seed=0)
    assert len(game.rules.cards) == 4
    p = acting(game)
    cash_turn(game)
    assert acting(game) == p
    cash_turn(game)
    assert game.rules.step == "runs"


def test_a_third_card_is_refused():
    game = drafted(2, seed=0)
    a, b = order(game)
    cash_turn(game)            # a
    cash_turn(game)            # b
    cash_turn(game)            # b again: two cards
    assert acting(game) == a
    refused(game, {"type": "take_card", "entity": b, "card": game.rules.free_cards()[0],
                   "effect": "personal_cash"}, "two_cards_taken")


def test_a_card_already_taken_is_refused():
    game = drafted(3, seed=0)
    cash_turn(game)
    taken = next(iter(game.rules.taken))
    refused(game, {"type": "take_card", "entity": acting(game), "card": taken,
                   "effect": "personal_cash"}, "card_already_taken")


def test_cards_return_after_the_round():
    game = drafted(2, seed=0)
    while game.rules.step == "actions":
        cash_turn(game)
    while game.rules.step == "runs":
        c = game.rules.running()
        game.process({"type": "run", "entity": c, "revenues":
                      [0] * len(game.rules.companies[c]["trains"]), "dividend": "pay"})
    assert game.rules.round == 2 and game.rules.taken == {}
    assert len(game.rules.free_cards()) == 6


def test_personal_cash_amounts():
    game = drafted(2, seed=0)
    p = acting(game)
    before = game.rules.ledger.of(p)
    take(game, effect="personal_cash")
    refused(game, {"type": "personal_cash", "entity": p, "amount": 15}, "bad_amount")
    use(game, "personal_cash", amount=20)
    assert game.rules.ledger.of(p) == before + 20


@pytest.mark.parametrize("phase,amount", [(1, 50), (2, 50), (3, 70), (4, 70), (5, 100),
                                          (7, 100)])
def test_company_cash_by_phase(phase, amount):
    game = drafted(2, seed=0)
    correct(game, "phase", phase=phase)
    p = acting(game)
    c = game.rules.directed_by(p)[0]
    before = game.rules.ledger.of(c)
    take(game, effect="company_cash")
    use(game, "company_cash", company=c)
    assert game.rules.ledger.of(c) == before + amount


def test_effect_of_another_kind_is_refused():
    game = drafted(2, seed=0)
    take(game, effect="personal_cash")
    refused(game, {"type": "company_cash", "entity": acting(game), "company": "red"},
            "wrong_effect")


def test_done_ends_the_turn_without_the_effect():
    game = drafted(2, seed=0)
    p = acting(game)
    take(game, effect="track")
    use(game, "done")
    assert acting(game) != p and len(game.rules.taken) == 1


# -- track ---------------------------------------------------------------------------------
def _track_game():
    """Two players: red (N of Mildendo, city at 0,-1 exits NS) for the first."""
    game = drafted(2, seed=0)
    take(game, effect="track")
    return game


def test_lay_plain_track_joined_to_the_network():
    game = _track_game()
    use(game, "lay_track", company="red", pos="0,-2", kind="plain", exits="NS")
    assert game.rules.tiles["0,-2"]["kind"] == "plain"


def test_lay_big_city_costs_50_from_the_company():
    game = _track_game()
    use(game, "lay_track", company="red", pos="0,-2", kind="plain", exits="NS")
    cash_turn(game)
    cash_turn(game)
    take(game, effect="track")
    before = game.rules.ledger.of("red")
    use(game, "lay_track", company="red", pos="0,-3", kind="Y", exits="NS")
    assert game.rules.ledger.of("red") == before - 50


def test_city_beside_a_city_is_refused():
    game = _track_game()
    # 0,-2 is beside red's city at 0,-1
    refused(game, {"type": "lay_track", "entity": acting(game), "company": "red",
                   "pos": "0,-2", "kind": "city", "exits": "NS"}, "adjacent_kind")


def test_town_beside_a_plain_is_refused():
    game = _track_game()
    use(game, "lay_track", company="red", pos="0,-2", kind="plain", exits="ENS")
    cash_turn(game)
    cash_turn(game)
    take(game, effect="track")
    # 1,-1 is beside the plain at... no: 1,-2 is beside the plain at 0,-2
    refused(game, {"type": "lay_track", "entity": acting(game), "company": "red",
                   "pos": "1,-2", "kind": "town", "exits": "EW"}, "adjacent_kind")


def test_unjoined_card_is_refused():
    game = _track_game()
    # exits EW do not meet red's city's north exit
    refused(game, {"type": "lay_track", "entity": acting(game), "company": "red",
                   "pos": "0,-2", "kind": "plain", "exits": "EW"}, "not_connected")
    # a place beside another company's card only
    refused(game, {"type": "lay_track", "entity": acting(game), "company": "red",
                   "pos": "2,0", "kind": "plain", "exits": "EW"}, "not_connected")


def test_upgrade_needs_the_colour_in_use_and_keeps_exits():
    game = _track_game()
    refused(game, {"type": "upgrade_track", "entity": acting(game), "company": "red",
                   "pos": "0,-1", "exits": "NS"}, "colour_not_in_use")
    correct(game, "phase", phase=3)
    refused(game, {"type": "upgrade_track", "entity": acting(game), "company": "red",
                   "pos": "0,-1", "exits": "EW"}, "exits_lost")
    use(game, "upgrade_track", company="red", pos="0,-1", exits="ENSW", slots=2)
    tile = game.rules.tiles["0,-1"]
    assert tile["colour"] == "green" and tile["kind"] == "city" and tile["slots"] == 2


def test_other_track_order_reading():
    game = drafted(2, seed=0, options={"track_order": "yellow_brown_green"})
    correct(game, "phase", phase=3)
    take(game, effect="track")
    use(game, "upgrade_track", company="red", pos="0,-1", exits="NS")
    assert game.rules.tiles["0,-1"]["colour"] == "brown"


# -- stations --------------------------------------------------------------------------------
def test_station_costs_40_then_100_one_per_card():
    game = drafted(2, seed=0)
    correct(game, "tile", pos="0,-1", card_kind="city", colour="yellow", exits="NS", slots=2)
    take(game, effect="station")
    before = game.rules.ledger.of("red")
    use(game, "place_station", company="red", pos="0,-1")
    assert game.rules.ledger.of("red") == before - 40
    cash_turn(game)
    cash_turn(game)
    take(game, effect="station")
    refused(game, {"type": "place_station", "entity": acting(game), "company": "red",
                   "pos": "0,-1"}, "one_station_per_card")
    refused(game, {"type": "place_station", "entity": acting(game), "company": "red",
                   "pos": MILDENDO}, "no_city")
    assert game.rules.station_cost("red") == 100


def test_station_needs_an_empty_slot():
    game = drafted(2, seed=0)
    take(game, effect="station")
    use(game, "done")
    # yellow's city (1,0) is full once company 5 has its home in its one slot
    correct(game, "cash", target=acting(game), amount=100)
    take(game, effect="shares")
    use(game, "found_company", company="C5", price=20, home="1,0")
    take(game, effect="station")
    refused(game, {"type": "place_station", "entity": acting(game), "company": "yellow",
                   "pos": "1,0"}, "no_empty_slot")


def test_emperor_castle_and_its_income():
    game = drafted(2, seed=0)          # the first player holds red and the Emperor
    p = acting(game)
    assert game.rules.characters["Emperor"] == p
    take(game, effect="track")
    refused(game, {"type": "castle", "entity": p, "company": "red", "pos": "0,-1"},
            "colour_not_in_use")
    correct(game, "phase", phase=3)
    refused(game, {"type": "castle", "entity": p, "company": "red", "pos": "0,1"},
            "castle_on_city")
    use(game, "castle", company="red", pos="0,-1")
    assert game.rules.tiles["0,-1"]["kind"] == "castle" and game.rules.castle_laid
    cash_turn(game)
    cash_turn(game)
    take(game, effect="station")
    before = game.rules.ledger.of(p)
    use(game, "place_station", company="red", pos="0,-1")
    assert game.rules.ledger.of(p) == before + D.CASTLE_INCOME_EMPEROR


def test_another_companys_full_city_blocks_the_network():
    game = drafted(2, seed=0)
    a = order(game)[0]
    correct(game, "tile", pos="0,-2", card_kind="plain", colour="yellow", exits="NS")
    correct(game, "tile", pos="0,-3", card_kind="city", colour="yellow", exits="NS", slots=1)
    correct(game, "cash", target=a, amount=500)
    take(game, effect="shares")
    use(game, "found_company", company="C5", price=50, home="0,-3")   # a's second company
    assert "0,-3" in game.rules.network("red")
    assert "0,-3" in game.rules.network("C5")
    # C5's one slot is full: red runs into the city but not through it
    correct(game, "tile", pos="0,-4", card_kind="plain", colour="yellow", exits="NS")
    assert "0,-4" not in game.rules.network("red")
    assert "0,-4" in game.rules.network("C5")


def test_only_blue_starts_with_a_big_city():
    game = new_game(2)
    p = game.rules.drafting()
    refused(game, {"type": "pick", "entity": p, "pick": "red", "home_tile": "Y"},
            "bad_home_tile")


def test_castle_station_of_another_player_earns_30():
    game = drafted(2, seed=0)          # a: red + Emperor; b: yellow + Flimnap
    a, b = order(game)
    correct(game, "phase", phase=3)
    correct(game, "tile", pos="0,-1", card_kind="city", colour="yellow", exits="ENS", slots=2)
    correct(game, "tile", pos="1,0", card_kind="city", colour="yellow", exits="ENW", slots=1)
    correct(game, "tile", pos="1,-1", card_kind="plain", colour="yellow", exits="SW")
    take(game, effect="track")
    use(game, "castle", company="red", pos="0,-1")
    assert "0,-1" in game.rules.network("yellow")
    take(game, effect="station")
    before = game.rules.ledger.of(b)
    use(game, "place_station", company="yellow", pos="0,-1")
    assert game.rules.ledger.of(b) == before + D.CASTLE_INCOME_OTHER
