"""Helpers for the 1899 DAIHAN tests: a game, the auction played out, turns taken."""
from __future__ import annotations

from engine import Game
from engine.errors import GameError

TITLE = "1899-DAIHAN"
NAMES = ["Ann", "Bo", "Cy", "Di", "Ed"]


def new(n: int = 4, seed: int = 1, **options) -> Game:
    return Game(TITLE, NAMES[:n], seed=seed, options=options or None)


def acting(g) -> str:
    return g.rules.acting()[0]


def act(g, kind: str, entity: str | None = None, /, **fields):
    """Post an action (by the acting entity unless named); return its events."""
    action = {"type": kind, "entity": entity or acting(g), **fields}
    return g.process(action)


def refused(g, kind: str, entity: str | None = None, /, **fields) -> GameError:
    """Post an action that must be refused; check the state is unchanged; return the error."""
    before, book = g.view(), g.book()
    try:
        act(g, kind, entity, **fields)
    except GameError as err:
        assert g.view() == before and g.book() == book
        return err
    raise AssertionError(f"{kind} {fields} was accepted")


def auction_to(g, winners: dict[str, str] | None = None) -> None:
    """Play the auction out: each private goes at face value to ``winners[company]`` (the
    player who starts it by default)."""
    winners = winners or {}
    r = g.rules.round
    while r.name == "auction" and not r.finished:
        company = r.company
        want = winners.get(company, g.rules.order[r.starter])
        if acting(g) == want and r.high is None:
            act(g, "bid", company=company, price=r.min_bid(g.rules))
        else:
            act(g, "pass")
        r = g.rules.round


def sr_turn(g, player: str, kind: str, **fields):
    """In a stock round, let the others pass until ``player`` acts, then post."""
    for _ in range(len(g.rules.order)):
        if acting(g) == player:
            return act(g, kind, **fields)
        act(g, "pass")
    raise AssertionError(f"{player} never got a turn")


def end_sr(g) -> None:
    """Everyone passes until this stock round ends."""
    turn = g.rules.turn
    while g.rules.round.name == "stock" and g.rules.turn == turn and not g.finished:
        act(g, "pass")


def float_corp(g, player: str, corp: str, par: int, buyers: list[str] | None = None) -> None:
    """``player`` pars ``corp``; ``buyers`` (default: the same player) buy IPO shares in turn
    until 50% is sold and it floats."""
    sr_turn(g, player, "par", corporation=corp, price=par)
    buyers = buyers or [player]
    i = 0
    while not g.rules.corps[corp]["floated"]:
        sr_turn(g, buyers[i % len(buyers)], "buy_shares", corporation=corp, source="ipo")
        i += 1


def fix(g, kind: str, **fields):
    """A table correction by the first seat."""
    return g.process({"type": "correction", "entity": g.players[0]["id"], "kind": kind,
                      "reason": "test set-up", **fields})


def cash(g, who: str) -> int:
    return g.rules.ledger.of(who)


def price(g, corp: str) -> int:
    return g.rules.market.price(corp)


def spread_auction(g) -> None:
    """The privates go at face value around the table, Kyeongin to the second seat."""
    o, n = list(g.rules.order), len(g.rules.order)
    auction_to(g, {"B": o[0], "C": o[1 % n], "D": o[2 % n], "E": o[3 % n], "F": o[0],
                   "G": o[1], "A": o[2]})


def operating_game(n: int = 4, seed: int = 1, corps=(("DR", 70),), kyeongin: int = 40):
    """A game at its first operating round, the given companies floated (each by the next
    player in turn, who buys its IPO shares with the help of the others), Kyeongin's run
    entered."""
    g = new(n, seed=seed)
    spread_auction(g)
    for i, (corp, par) in enumerate(corps):
        order = list(g.rules.order)
        pres = order[i % n]
        fix(g, "cash", target=pres, amount=10 * par)
        float_corp(g, pres, corp, par)
    end_sr(g)
    if g.rules.round.kyeongin_owner:
        act(g, "kyeongin_run", revenue=kyeongin)
    return g


def give_train(g, corp: str, train: str | None = None):
    """The table gives ``corp`` the depot's next train (a correction)."""
    return fix(g, "train", op="give", corporation=corp,
               train=train or g.rules.depot.available()[0])


def next_turn(g, corp: str) -> None:
    """Finish what is going on (empty runs, withheld, passes, forced trains) until ``corp``
    starts its next operating turn."""
    start = (g.rules.turn, getattr(g.rules.round, "round_num", 0), g.rules.round.name)
    for _ in range(500):
        r = g.rules.round
        here = (g.rules.turn, getattr(r, "round_num", 0), r.name)
        if here != start and r.name == "operating" and not r.kyeongin_owner \
                and r.corp == corp and r.stage == 0 and not r.laid:
            return
        step(g)
    raise AssertionError(f"{corp} never operated again")


def step(g):
    """One step of doing nothing much: an empty run, a withhold, a pass, a forced train."""
    who = acting(g)
    legal = {e["type"]: e for e in g.legal_actions() if e.get("entity") == who}
    if "kyeongin_run" in legal:
        return act(g, "kyeongin_run", revenue=0)
    if "run_trains" in legal:
        return act(g, "run_trains", revenues=[0] * len(g.rules.corps[who]["trains"]))
    if "dividend" in legal:
        return act(g, "dividend", kind="withhold")
    if "pass" in legal:
        return act(g, "pass")
    if "buy_train" in legal:
        e = legal["buy_train"]
        return act(g, "buy_train", train=e["train"], price=e["price"])
    raise AssertionError(sorted(legal))


def drain(g, corp: str, kind: str, leave: int = 0) -> None:
    """The table takes every ``kind`` train but ``leave`` out of the depot (given to
    ``corp`` and removed again), as if they had been bought and rusted."""
    from engine.core18xx.trains import Depot
    while sum(1 for t in g.rules.depot.upcoming if Depot.kind(t) == kind) > leave:
        train = next(t for t in g.rules.depot.upcoming if Depot.kind(t) == kind)
        fix(g, "train", op="give", corporation=corp, train=train)
        fix(g, "train", op="remove", corporation=corp, train=train)
