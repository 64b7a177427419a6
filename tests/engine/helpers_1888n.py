"""Drive a 4-player 1888-N game to useful positions for the rule tests."""
import pytest

from engine import Game, GameError

PLAYERS = ["Ann", "Bo", "Cy", "Di"]   # ids "1".."4", seated in this order


def new_game(n=4):
    return Game("1888-N", PLAYERS[:n], seed=1)


def act(game, type_, entity, **kw):
    return game.process({"type": type_, "entity": entity, **kw})


def rules(game):
    return game.rules


def bank_total(game):
    return game.rules.ledger.total()


def finish_auction(game):
    """Each player in turn buys the cheapest private: 1 KT, 2 TA, 3 HS, 4 CW, 1 YRF, 2 FC."""
    for who, company in (("1", "KT"), ("2", "TA"), ("3", "HS"), ("4", "CW"), ("1", "YRF"),
                         ("2", "FC")):
        price = game.rules.company_min_price(company)
        act(game, "bid", who, company=company, price=price)
    assert game.rules.round.name == "stock"
    assert game.rules.order[0] == "3"    # priority: the player after the last buyer


def float_lyr(game):
    """SR1: Cy pars LYR at 95 and it floats with 60% sold; everyone then passes."""
    act(game, "par", "3", corporation="LYR", price=95)
    act(game, "buy_shares", "4", corporation="LYR", source="ipo")
    act(game, "buy_shares", "1", corporation="LYR", source="ipo")
    act(game, "buy_shares", "2", corporation="LYR", source="ipo")
    act(game, "buy_shares", "3", corporation="LYR", source="ipo")
    for who in ("4", "1", "2", "3"):
        act(game, "pass", who)
    assert game.rules.round.name == "operating"


def opened(n=4):
    game = new_game(n)
    finish_auction(game)
    float_lyr(game)
    return game


def lyr_operating_again():
    """LYR lays G15 toward Qingdao (H14) and buys a 2-train, the round moves on (an SR of
    passes), and LYR is the company operating again."""
    g = opened()
    act(g, "lay_tile", "LYR", hex="G15", tile="9", rotation=0)
    act(g, "buy_train", "LYR", train="2-0", price=80)
    act(g, "pass", "LYR")
    for who in ("4", "1", "2", "3"):
        act(g, "pass", who)
    return g


def rejects(game, action, code):
    """The action is refused with ``code`` and nothing changes."""
    before = (repr(game.view()), len(game.log), len(game.effective))
    with pytest.raises(GameError) as exc:
        game.process(action)
    assert exc.value.code == code, exc.value.message
    assert exc.value.message
    assert (repr(game.view()), len(game.log), len(game.effective)) == before
    return exc.value


def rebase(game):
    """After setting up ``game.rules`` by hand, make it the state a refused action returns to."""
    import pickle
    game._snapshots = {len(game.effective): pickle.dumps(game.rules)}
    game._legal = None             # listed again from the state set by hand
    return game.rules


def rig_trains(game, phase: str, upcoming: list[str], corp_trains: dict[str, list[str]]):
    """Set the phase, the depot's next trains and companies' trains by hand (test setup)."""
    r = game.rules
    game._legal = None             # listed again from the state set by hand
    r.phase_index = [p["name"] for p in r.PHASES].index(phase)
    r.depot.upcoming = list(upcoming)
    for corp, trains in corp_trains.items():
        for t in trains:
            r.corps[corp]["trains"].append(t)
            r.train_owner[t] = corp
            r.depot.owner[t] = corp
    return rebase(game)
