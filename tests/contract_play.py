"""Random play through the declared contract (``engine.contract``), for any title.

``random_value`` picks any value a param offers; ``random_game`` plays a game from its legal
entries alone and fails on a *shape* refusal: an entry filled with values it offered must be a
well-formed action (the rules may refuse it for a reason of the game, never ``bad_*`` or
``not_your_*``), and on ``engine_fault``: ``Game`` turns a crash of the rules into that
refusal, which must fail a test, never be retried.
"""
from __future__ import annotations

import random

from engine import contract
from engine.errors import GameError

# the rules' shape refusals, and every refusal of the door (engine/door.py): an offered entry
# filled with offered values gets none of them
SHAPE_CODES = ("bad_", "not_your_", "param_", "not_offered")
FAULT_CODE = "engine_fault"        # the rules crashed (engine.game.Game._apply)
SKIP = {"undo", "redo"}


def random_value(rng: random.Random, name: str, p: dict, action: dict):
    kind = p["kind"]
    if p.get("optional") and rng.random() < 0.2:
        return contract.OMIT
    if kind == "choice":
        choices = contract.allowed(p, action)
        return rng.choice(choices) if choices else contract.OMIT
    if kind == "number":
        lo, hi, step = p["min"], contract.number_max(p, action), p.get("step") or 1
        if hi < lo:
            return lo
        return lo + step * rng.randint(0, (hi - lo) // step)
    if kind == "flag":
        return rng.random() < 0.5
    if kind == "text":
        if p.get("pattern"):
            return p["example"]
        if p.get("not_in") is not None:       # a new name: one not taken yet
            taken = {str(x).upper() for x in p["not_in"]}
            while True:
                name = f"{rng.choice('ABCDEFGHJKLMN')}{rng.randint(1, 30)}"[: p["max_length"]]
                if name not in taken:
                    return name
        return rng.choice(p.get("suggestions") or ["checked at the table"])[: p["max_length"]]
    if kind == "list":
        return [random_value(rng, name, p["of"], action) for _ in p["items"]]
    raise AssertionError(f"unknown param kind {kind!r}")


def random_action(rng: random.Random, entry: dict, seat: str | None = None,
                  pick=None) -> dict:
    action = {k: v for k, v in entry.items()
              if k not in contract.ENTRY_KEYS or k in ("type", "entity")}
    for name, p in (entry.get("params") or {}).items():
        if p.get("fill") == "seat":
            action[name] = seat
            continue
        got = (pick or random_value)(rng, name, p, action)
        if got is not contract.OMIT:
            action[name] = got
    return action


def is_shape_error(err: GameError) -> bool:
    """A refusal an offered entry must never get: its shape, or a crash of the rules."""
    return err.code.startswith(SHAPE_CODES) or err.code == FAULT_CODE


def random_game(game, rng: random.Random, max_steps: int = 5000, skip=("correction",),
                weight=None, tries: int = 60, check=None) -> int:
    """Play ``game`` from its legal entries until it ends (or ``max_steps``); return the
    number of steps taken. ``weight(entry) -> float`` biases the choice of entry;
    ``check(game)`` runs after every step (e.g. the contract checks)."""
    steps = 0
    while not game.finished and steps < max_steps:
        legal = [e for e in game.legal_actions()
                 if e["type"] not in SKIP and e["type"] not in skip]
        if not legal:
            raise AssertionError(f"no legal entry at step {steps}: {game.view().get('round')}")
        for _ in range(tries):
            entry = rng.choices(legal, [weight(e) if weight else 1.0 for e in legal])[0] \
                if weight else rng.choice(legal)
            seat = game.players[0]["id"]
            action = random_action(rng, entry, seat)
            try:
                game.process(action)
                break
            except GameError as err:
                if is_shape_error(err):
                    raise AssertionError(
                        f"{'engine fault' if err.code == FAULT_CODE else 'shape refusal'} "
                        f"{err.code} for an offered action {action}: {err.message}") from err
        else:
            raise AssertionError(f"no offered action was accepted in {tries} tries at step "
                                 f"{steps}")
        steps += 1
        if check:
            check(game)
    return steps


def assert_replays_the_same(game) -> None:
    """The game made again from its log (same title, players, seed, options) is the same game:
    view, book, legal entries and result."""
    from engine.game import Game
    again = Game(game.spec.id, game.players, seed=game.seed, options=game.options,
                 actions=game.log)
    assert again.view() == game.view() and again.book() == game.book()
    assert again.legal_actions() == game.legal_actions() and again.result() == game.result()


def codes_in(obj, out: set | None = None) -> set:
    """Every message code in ``obj`` (a book, legal entries, events): the codes a page may
    show, each of which must have English and Korean words."""
    out = set() if out is None else out
    if isinstance(obj, dict):
        if isinstance(obj.get("code"), str) and "message" in obj:
            out.add(obj["code"])
        for v in obj.values():
            codes_in(v, out)
    elif isinstance(obj, list):
        for v in obj:
            codes_in(v, out)
    return out
