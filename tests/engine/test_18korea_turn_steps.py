"""18Korea's operating turn declares its steps (a ``steps`` section of the book,
``engine.contract.turn_steps``) in the order of RB §9 ("The progress of the OR for each
company: 1. If it is the first operation, build start-city station. 2. Lay tracks (3TP)
3. Can build one station 4. Calculate train revenue 5. Dividend or hold dividends
6. Purchase train"), built by the core's ``operating_steps``; each step is marked done as
the table enters it."""
from __future__ import annotations

import random

import pytest

from engine import contract as C, titles
from engine.titles.title_18korea.scenario import end_stock_round, finish_draft, found, new_game
from engine.words import words_of
from tests.engine.test_18korea_legal_play import choose
from tests.engine.test_18korea_rounds import home_position

HOME = "step.home_station"
RB_9 = ["act.lay_tile.plain", "act.build_station.plain", "act.run.plain",
        "act.dividend.plain", "act.buy_train.plain"]


def turn(game):
    book = game.book()
    C.check_book(book)
    steps = [s for s in book if s.get("steps")]
    assert len(steps) <= 1
    return steps[0] if steps else None


def codes(game):
    return [i["label"]["code"] for i in turn(game)["items"]]


def done(game):
    return [i["value"]["v"] for i in turn(game)["items"]]


def first_operating_turn():
    game = new_game(4, seed=1)
    finish_draft(game)
    r = game.rules
    sym = r.rows["south_pre"][0]
    found(game, r.seating[0], sym, 100)
    assert turn(game) is None                       # a stock round has no operating turn
    end_stock_round(game)
    assert r.round == "operating" and r.current_company().sym == sym
    return game, sym


def test_the_first_operation_lists_the_rulebooks_six_steps_and_marks_each_as_entered():
    game, sym = first_operating_turn()
    r = game.rules
    section = turn(game)
    assert section["id"] == "turn" and section["title"]["params"] == {"company": sym}
    assert codes(game) == [HOME] + RB_9
    # §9.1: its home station went in as its turn began
    assert done(game) == [True, False, False, False, False, False]
    game.process({"type": "lay_tile", "entity": sym, "hex": "Incheon", "tile": "57"})
    game.process({"type": "lay_tile", "entity": sym, "hex": "Kaesong", "tile": "57"})
    assert r.ors["turn"]["tp"] == 1
    assert done(game) == [True, False, False, False, False, False]   # a track point is left
    game.process({"type": "lay_tile", "entity": sym, "hex": "Wonju", "tile": "57"})
    assert done(game) == [True, True, False, False, False, False]    # §9.2: 3 TP spent
    game.process({"type": "build_station", "entity": sym, "hex": "Incheon"})
    assert done(game) == [True, True, True, False, False, False]
    # no train: not asked to run (RB §9.5, it earns 0); the dividend passes the run by
    assert not [e for e in game.legal_actions() if e["type"] == "run"]
    game.process({"type": "dividend", "entity": sym, "kind": "withhold"})
    assert done(game) == [True, True, True, True, True, False]
    game.process({"type": "buy_train", "entity": sym, "source": "market"})
    assert done(game) == [True, True, True, True, True, False]        # more trains may follow
    game.process({"type": "done", "entity": sym})
    # the next operating round: no start-city step on its second operation
    assert r.round == "operating" and r.or_no == 2 and r.current_company().sym == sym
    assert codes(game) == RB_9
    assert done(game) == [False] * 5


def test_running_at_once_passes_track_and_station_by():
    game, sym = first_operating_turn()
    # without a train the dividend is the run's step: it passes track, station and run by
    game.process({"type": "dividend", "entity": sym, "kind": "payout"})
    assert done(game) == [True, True, True, True, True, False]


def test_a_full_start_city_keeps_the_first_step_open_until_its_upgrade():
    game, x, y, home = home_position("green")
    r = game.rules
    if r.hex_info(home)["kind"] != "city":
        pytest.skip("home is metropolitan")
    from engine.titles.title_18korea.scenario import operate
    operate(game, x)
    assert r.turn_step() == "home" and r.current_company().sym == y
    assert codes(game) == [HOME] + RB_9
    assert done(game) == [False] * 6                 # §9.1 a: upgrade the start city first
    game.process({"type": "lay_tile", "entity": y, "hex": home, "tile": "14"})
    assert r.companies[y].home_placed and r.ors["turn"]["tp"] == 1
    assert done(game) == [True, False, False, False, False, False]


def test_random_games_declare_the_steps_in_order_done_before_to_do():
    seen = set()
    for n, seed in ((3, 1), (4, 2)):
        game = new_game(n, seed=seed)
        rng = random.Random(seed)
        for _ in range(1500):
            if game.finished:
                break
            section = turn(game)
            r = game.rules
            if r.round == "operating" and r.ors["turn"]:
                assert section is not None
                labels = [i["label"]["code"] for i in section["items"]]
                assert labels[-5:] == RB_9 and labels[:-5] in ([], [HOME])
                flags = [i["value"]["v"] for i in section["items"]]
                assert flags == sorted(flags, reverse=True), flags   # done, then to do
                seen.add(tuple(flags))
            else:
                assert section is None
            game.process(choose(game, rng))
    assert len(seen) >= 5


def test_the_steps_words_exist_in_english_and_korean():
    words, _ = words_of(titles.get("18Korea"))
    for code in [HOME, "book.turn_of"] + RB_9:
        assert words[code].get("en") and words[code].get("ko"), code
        assert words[code]["en"] != words[code]["ko"], code
    assert words[HOME]["en"] == "Build the start-city station"
    assert words[HOME]["ko"] == "출발 도시 역 짓기"
