"""18 Lilliput set-up and the draft (S 셋업 1-13)."""
from collections import Counter

from engine.core18xx.trains import Depot
from engine.titles.title_18lilliput import data as D
from engine.titles.title_18lilliput.base import MILDENDO
from tests.engine.helpers_18lilliput import drafted, new_game, order, refused


def test_set_up_books():
    game = new_game(4, seed=3)
    r = game.rules
    assert r.tiles[MILDENDO]["kind"] == "mildendo" and MILDENDO == "0,0"
    assert [Depot.kind(t) for t in r.depot.upcoming][:1] == ["2"]
    kinds = [Depot.kind(t) for t in r.depot.upcoming]
    firsts = [kinds.index(t) for t in D.TRAIN_TYPES]
    assert firsts == sorted(firsts), "the deck is 2, 3, 4, 5, 3D, 4D from the top"
    assert Counter(kinds) == Counter(D.TRAIN_COUNTS)
    assert r.depot.discarded == []                      # the train pool starts empty
    assert all(r.ledger.of(p) == 30 for p in r.seating)
    assert all(not used for used in r.land_copy_used.values())
    assert r.step == "draft"


def test_cards_in_play_by_player_count():
    for n, cards in ((4, 10), (3, 8), (2, 6), (1, 4)):
        game = drafted(n)
        assert len(game.rules.cards) == cards


def test_first_player_is_drawn_from_the_seed():
    firsts = {new_game(4, seed=s).rules.first for s in range(30)}
    assert len(firsts) > 1
    assert new_game(4, seed=7).rules.first == new_game(4, seed=7).rules.first


def test_draft_snake_order():
    game = new_game(4, seed=5)
    o = order(game)
    assert game.rules.draft_order == o + o[::-1]
    seen = []
    picks = {p: [c, ch] for p, c, ch in zip(o, D.STARTING, D.CHARACTERS)}
    while game.rules.step == "draft":
        p = game.rules.drafting()
        seen.append(p)
        game.process({"type": "pick", "entity": p, "pick": picks[p].pop(0)})
    assert seen == [o[0], o[1], o[2], o[3], o[3], o[2], o[1], o[0]]
    assert game.rules.step == "actions"


def test_draft_second_pick_is_the_other_kind_and_no_pick_twice():
    game = new_game(2, seed=1)
    a, b = order(game)
    game.process({"type": "pick", "entity": a, "pick": "red"})
    refused(game, {"type": "pick", "entity": b, "pick": "red"}, "already_picked")
    game.process({"type": "pick", "entity": b, "pick": "Emperor"})
    refused(game, {"type": "pick", "entity": b, "pick": "Flimnap"}, "same_kind_twice")
    refused(game, {"type": "pick", "entity": a, "pick": "blue"}, "not_your_turn")


def test_starting_advantages():
    game = drafted(4, seed=2)
    r = game.rules
    o = order(game)
    red, yellow, blue, green = (r.companies[c] for c in D.STARTING)
    # red (Mildendo): price 55, £550; others price 50, £500
    assert r.price("red") == 55 and r.ledger.of("red") == 550
    for c in ("yellow", "blue", "green"):
        assert r.price(c) == 50 and r.ledger.of(c) == 500
    # yellow (Lilliput) two 2-trains, the others one
    assert [Depot.kind(t) for t in yellow["trains"]] == ["2", "2"]
    for co in (red, blue, green):
        assert [Depot.kind(t) for t in co["trains"]] == ["2"]
    # green's director £60 instead of £30
    assert r.ledger.of(green["director"]) == 60
    assert r.ledger.of(red["director"]) == 30
    # blue: a free big-city (Y) tile joined to Mildendo; the others a yellow tile
    assert r.tiles[blue["railhead"]]["kind"] == "Y"
    for co in (red, yellow, green):
        assert r.tiles[co["railhead"]]["kind"] == "city"
    for co in (red, yellow, blue, green):
        tile = r.tiles[co["railhead"]]
        assert tile["colour"] == "yellow"
        assert co["home"] == MILDENDO
    assert sorted(r.tiles[MILDENDO]["stations"]) == sorted(D.STARTING)
    # each director holds the 50% director's certificate; 80% exists
    for c in D.STARTING:
        assert r.shares.percent(c, r.companies[c]["director"]) == 50
        assert sum(r.shares.held[c].values()) == 80
    assert r.companies["red"]["director"] == o[0]


def test_unpicked_starting_companies_stay_out():
    game = drafted(2, seed=4)
    r = game.rules
    assert sorted(r.live_companies()) == ["red", "yellow"]
    assert not r.companies["blue"]["in_play"]


def test_set_up_tile_kind_is_the_tables():
    game = drafted(2, seed=4, home_tile="town")
    r = game.rules
    assert r.tiles[r.companies["red"]["railhead"]]["kind"] == "town"
