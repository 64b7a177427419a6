"""Helpers that drive an 18Korea game through ordinary actions to a position:
used by tests, demos and benchmarks. Every step goes through ``Game.process``."""
from __future__ import annotations

from engine import Game


def new_game(n_players: int, seed: int = 1, options: dict | None = None) -> Game:
    """A new game; ``options`` are the table's readings (readings.OPTIONS), defaults if None."""
    return Game("18Korea", [f"P{i}" for i in range(1, n_players + 1)], seed=seed, options=options)


def finish_draft(game: Game) -> None:
    """Everyone takes the first card they may take."""
    while game.rules.draft_on():
        t = game.legal_actions()[0]
        game.process({"type": "draft", "entity": t["entity"], "card": t["params"]["card"]["choices"][0]})


def pass_until(game: Game, pid: str) -> None:
    """In a stock round, the others pass until it is ``pid``'s turn."""
    r = game.rules
    while r.sr_current() != pid:
        game.process({"type": "pass", "entity": r.sr_current()})


def found(game: Game, pid: str, sym: str, par: int, bid: int = 0) -> None:
    """``pid`` auctions ``sym``, everyone else passes, ``pid`` pars it."""
    r = game.rules
    pass_until(game, pid)
    game.process({"type": "start_auction", "entity": pid, "company": sym, "bid": bid})
    while r.sr["auction"]:
        game.process({"type": "pass", "entity": r.sr["auction"]["to_act"]})
    game.process({"type": "par", "entity": pid, "price": par})


def end_stock_round(game: Game) -> None:
    r = game.rules
    while not game.finished and not r.sr_over():
        pid = r.sr_current()
        kind = "done" if r.sr["acted"] else "pass"
        game.process({"type": kind, "entity": pid})


def operate(game: Game, sym: str, tiles=(), station=None, revenues=None, dividend="withhold",
            buy=(), done=True) -> list[dict]:
    """One company's whole turn. ``tiles``: (hex, tile) pairs; ``buy``: sources ("market"...)."""
    r = game.rules
    assert r.current_company().sym == sym, (r.current_company().sym, sym)
    events = []
    for lay in tiles:   # (hex, tile) or (hex, tile, facts) for a first build on a board label
        hx, tile = lay[0], lay[1]
        facts = lay[2] if len(lay) > 2 else {}
        events += game.process({"type": "lay_tile", "entity": sym, "hex": hx, "tile": tile, "rotation": 0,
                                **facts})
    if station:
        events += game.process({"type": "build_station", "entity": sym, "hex": station})
    comp = r.companies[sym]
    if r.turn_step() in ("track", "station", "run"):
        if comp.trains:     # a company without one is not asked to run (it earns 0)
            revs = revenues if revenues is not None else [50] * len(comp.trains)
            events += game.process({"type": "run", "entity": sym, "revenues": revs})
        events += game.process({"type": "dividend", "entity": sym, "kind": dividend})
    for source in buy:
        events += game.process({"type": "buy_train", "entity": sym, "source": source})
    if done:
        events += game.process({"type": "done", "entity": sym})
    return events
