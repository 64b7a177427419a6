"""Driving an Age of Steam game in tests: post as the acting player, and walk to a phase with
the plainest moves (no shares, drop out, the first open action, no builds, no deliveries)."""
from engine.game import Game

NAMES = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo"]


def new(title="AoS-Base", n=3, seed=1, **options):
    return Game(title, NAMES[:n], seed=seed, options=options or None)


def who(g):
    return g.rules.current()


_spots = iter(range(1, 10 ** 6))


def act(g, type_, owners=None, **fields):
    """Post as the acting player. A build that does not say its link starts a new link from a
    new place of its own (Korea's in the North), for tests of costs and limits."""
    if owners is not None:            # an older log's delivery, replayed unchecked
        for i, o in enumerate(owners, start=1):
            fields[f"owner_{i}"] = o
        return g.process({"type": type_, "entity": who(g), **fields}, checked=False)
    if type_ == "build" and fields.get("kind") == "ferry":
        fields.setdefault("link", "Auckland")
        fields.setdefault("reaches", "⛴ 1")
    if type_ == "build" and "link" not in fields and fields.get("kind") not in (
            "replace", "redirect"):
        fields["link"] = f"Spot {next(_spots)}"
        if g.rules.map.id == "korea":
            fields.setdefault("region", "north")
    return g.process({"type": type_, "entity": who(g), **fields})


def chain(g, *places):
    """A chain's key from its places in order, over the first complete link joining each
    two (tests name places that one link joins)."""
    reg, key = g.rules.register, ""
    for a, b in zip(places, places[1:]):
        for lid, k in reg.links.items():
            if (k["a"], k["b"]) == (a, b):
                key += f"{lid}+"
                break
            if (k["a"], k["b"]) == (b, a):
                key += f"{lid}-"
                break
        else:
            raise AssertionError(f"no link {a} - {b}")
    return key


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
