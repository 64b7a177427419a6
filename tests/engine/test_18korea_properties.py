"""Property tests over random legal 18Korea games (hypothesis chooses seeds)."""
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import Game, GameError
from tests.bots.korea18 import Bot
from engine.titles.title_18korea.scenario import new_game
from tests.engine.test_18korea_games import check_books

JUNK = [
    {"type": "buy_share", "company": "SR", "source": "bank"},
    {"type": "par", "price": 500},
    {"type": "lay_tile", "hex": "A1", "tile": "9", "rotation": 7},
    {"type": "run", "revenues": [-10]},
    {"type": "bid", "amount": 3},
    {"type": "buy_train", "source": "market", "train": "8E"},
    {"type": "done"},
    {"type": "sell_shares", "company": "SR", "count": 99},
]


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(n=st.integers(2, 5), seed=st.integers(0, 10_000))
def test_random_games_keep_the_books_and_refuse_cleanly(n, seed):
    game = new_game(n, seed)
    bot = Bot(seed)
    rng = random.Random(seed)
    steps = 0
    while not game.finished and steps < 3000:
        if steps % 17 == 0:
            bad = dict(rng.choice(JUNK))
            bad["entity"] = rng.choice(game.rules.acting() or ["1"])
            before = game.view()
            try:
                game.process(bad)
            except GameError:
                assert game.view() == before
            else:
                game.process({"type": "undo"})
        game.process(bot.choose(game))
        steps += 1
        if steps % 30 == 0:
            check_books(game)
    assert game.finished
    check_books(game)
    # the record replays to the same state
    again = Game("18Korea", game.players, seed=seed, actions=game.log)
    assert again.view() == game.view()


@settings(max_examples=10, deadline=None)
@given(n=st.integers(2, 5), seed=st.integers(0, 10_000), steps=st.integers(5, 300),
       back=st.integers(1, 40))
def test_undo_equals_replaying_the_prefix(n, seed, steps, back):
    game = new_game(n, seed)
    bot = Bot(seed)
    for _ in range(steps):
        if game.finished:
            break
        game.process(bot.choose(game))
    actions = list(game.effective)
    back = min(back, len(actions))
    for _ in range(back):
        game.process({"type": "undo"})
    prefix = Game("18Korea", game.players, seed=seed, actions=actions[:len(actions) - back])
    assert game.rules.view() == prefix.rules.view()
    assert game.rules.legal_actions() == prefix.rules.legal_actions()
    game.process({"type": "redo"})
    one_more = Game("18Korea", game.players, seed=seed, actions=actions[:len(actions) - back + 1])
    assert game.rules.view() == one_more.rules.view()
