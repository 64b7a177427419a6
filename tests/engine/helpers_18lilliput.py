"""Helpers for the 18 Lilliput tests: a game drafted to a known position, and short ways to
take a card and use it. Every step goes through ``Game.process`` (as the phones post it)."""
from __future__ import annotations

import pytest

from engine.errors import GameError
from engine.game import Game
from engine.titles.title_18lilliput import data as D

NAMES = ["Ann", "Bo", "Cy", "Di"]


def new_game(n: int = 4, seed: int = 0, options=None) -> Game:
    return Game("18Lilliput", NAMES[:n], seed=seed, options=options)


def order(game: Game) -> list[str]:
    """Player ids from the first player, clockwise."""
    return game.rules.order_from_first()


def drafted(n: int = 4, seed: int = 0, companies=None, characters=None, options=None,
            home_tile="city") -> Game:
    """A game after the draft: the i-th player from the first takes ``companies[i]`` and
    ``characters[i]`` (defaults: red, yellow, blue, green and Emperor, Flimnap, ...)."""
    game = new_game(n, seed, options)
    companies = companies or list(D.STARTING)
    characters = characters or list(D.CHARACTERS)
    want = {p: [companies[i], characters[i]] for i, p in enumerate(order(game))}
    while game.rules.step == "draft":
        p = game.rules.drafting()
        pick = want[p].pop(0)
        game.process({"type": "pick", "entity": p, "pick": pick, "home_tile": home_tile})
    return game


def acting(game: Game) -> str:
    return game.rules.acting()[0]


def take(game: Game, card: str | None = None, effect: str = "personal_cash"):
    p = acting(game)
    card = card or game.rules.free_cards()[0]
    return game.process({"type": "take_card", "entity": p, "card": card, "effect": effect})


def use(game: Game, type_: str, **params):
    return game.process({"type": type_, "entity": acting(game), **params})


def cash_turn(game: Game, amount: int = 5):
    take(game, effect="personal_cash")
    return use(game, "personal_cash", amount=amount)


def finish_actions(game: Game) -> None:
    while game.rules.step == "actions":
        cash_turn(game)


def run_all(game: Game, revenue: int = 0, dividend: str = "pay") -> None:
    while game.rules.step == "runs":
        c = game.rules.running()
        n = len(game.rules.companies[c]["trains"])
        game.process({"type": "run", "entity": c, "revenues": [revenue] * n,
                      "dividend": dividend})


def refused(game: Game, action: dict, code: str) -> GameError:
    """``action`` is refused with ``code`` and the book is exactly as it was."""
    before_view, before_book = game.view(), game.book()
    before_legal = game.legal_actions()
    with pytest.raises(GameError) as info:
        game.process(action)
    assert info.value.code == code, info.value
    assert info.value.message
    assert game.view() == before_view
    assert game.book() == before_book
    assert game.legal_actions() == before_legal
    return info.value


def correct(game: Game, fix: str, **params):
    """A correction entered by the first seat."""
    return game.process({"type": "correction", "kind": fix, "entity": game.players[0]["id"],
                         "reason": "test", **params})
