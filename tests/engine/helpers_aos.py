"""Driving an Age of Steam game in tests: post as the acting player, and walk to a phase with
the plainest moves (no shares, drop out, the first open action, no builds, no deliveries)."""
from engine.game import Game

NAMES = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo"]


def new(title="AoS-Base", n=3, seed=1, **options):
    return Game(title, NAMES[:n], seed=seed, options=options or None)


def who(g):
    return g.rules.current()


def act(g, type_, owners=None, **fields):
    """Post as the acting player; ``owners=[..]`` is a delivery's owner_1, owner_2, ..."""
    for i, o in enumerate(owners or [], start=1):
        fields[f"owner_{i}"] = o
    return g.process({"type": type_, "entity": who(g), **fields})


def plain_step(g):
    r = g.rules
    phase = r.phase
    if phase == "shares":
        act(g, "issue_shares", count=0)
    elif phase == "auction":
        act(g, "drop_out")
    elif phase == "actions":
        legal = [e for e in g.legal_actions() if e.get("entity") == who(g)]
        entry = legal[0]
        if entry["type"] == "no_action":
            act(g, "no_action")
        else:
            act(g, "select_action", pick=entry["params"]["pick"]["choices"][0])
    elif phase == "build":
        act(g, "build_done")
    elif phase == "move":
        act(g, "pass_move")


def walk(g, phase=None, turn=None, limit=2000):
    """Plain steps until the game is in ``phase`` (of ``turn``, if given) or over."""
    for _ in range(limit):
        r = g.rules
        if r.finished or (r.phase == phase and (turn is None or r.turn == turn)):
            return g
        plain_step(g)
    raise AssertionError("walk did not arrive")


def fix(g, kind, player, **fields):
    """A table correction (cash: amount; income, track, locomotive: value)."""
    return g.process({"type": "correction", "entity": g.players[0]["id"], "kind": kind,
                      "player": player, "reason": "test set-up", **fields})
