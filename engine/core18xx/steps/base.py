"""``Step``: one piece of a round's procedure (tobymao/18xx's ``Engine::Step::Base``).

A round is an ordered list of steps (``engine.core18xx.rounds.Round``). A step says

- which action types it takes now from an entity: ``actions(g, entity)`` (by default its
  ``ACTIONS`` while the entity may act, see ``may_act``);
- what is legal: ``legal(g)``, the entries built by the same class whose ``process_<type>``
  methods apply them (the round calls ``process_<type>(g, action)``);
- whether the round waits on it: ``blocks(g)``. While a step blocks, the steps after it offer
  nothing and an action of theirs goes to the blocking step, which refuses it
  (``refuse(g, action)``), e.g. a train to discard, a certificate limit to sell down to.

A step keeps the state that is its own; the state the steps of a round share (whose turn, what
is done this turn) is the round's. Steps are plain objects (no lambdas, no open files) so the
game's snapshots pickle them. The game object is passed in as ``g`` on every call.
"""
from __future__ import annotations

from engine import contract as C
from engine.core18xx.entries import entry, word
from engine.core18xx.trains import DEPOT, Depot
from engine.errors import GameError


class Step:
    ACTIONS: tuple[str, ...] = ()
    # A step that blocks exactly while an attribute of the game is not empty (and takes its
    # ACTIONS only then) may name it instead of overriding ``actions`` and ``blocks``:
    # the round then checks it without a call (DiscardTrain: ``g.crowded``).
    BLOCKS_WHILE: str | None = None
    AUCTION = False          # the step of an auction round that keeps the lots and bids
    # A step taken at any time (18 Lilliput's character notes and corrections): it never
    # blocks, and the round lists its entries after all the others (``Round.legal``).
    ANYTIME = False
    # What each of its action types posts that is a value of a type: {type: {field: value
    # type}} ("money", "company", "list:money" for a list of them, ...). A posted step's
    # history line says these fields so (``engine.core18xx.declare.describe``); any other
    # field as it is.
    POSTS: dict = {}

    def __init__(self, rnd):
        self.round = rnd

    def start(self, g) -> None:
        """The round has its steps and its own state: a step may set up its own."""

    # -- what it takes -----------------------------------------------------------------------
    def actions(self, g, entity) -> tuple[str, ...]:
        if self.BLOCKS_WHILE is not None and not getattr(g, self.BLOCKS_WHILE):
            return ()
        return self.ACTIONS

    def may_act(self, g, entity) -> bool:
        """Whether ``entity`` may post this step's actions now (else: not its turn)."""
        return entity in self.round.acting(g)

    def blocks(self, g) -> bool:
        return self.BLOCKS_WHILE is not None and bool(getattr(g, self.BLOCKS_WHILE))

    def acting(self, g) -> list[str]:
        """Who the round waits on while this step blocks: the turn's entity, unless a step
        says otherwise (a train to discard: the crowded companies); the round asks only the
        steps that override this."""
        return self.round.turn_acting(g)

    def refuse(self, g, action) -> None:
        """An action of a later step (or of none) while this step blocks."""
        raise GameError("bad_action_now", f"{action['type']!r} is not possible now.",
                        type=action["type"])

    # -- what the phones are offered ---------------------------------------------------------
    def take(self, g, action):
        """An action of a type without a ``process_<type>`` (a step whose ``actions`` are the
        game's: 18Korea's rounds)."""
        raise GameError("bad_action_now", f"{action['type']!r} is not possible now.",
                        type=action["type"])

    def legal(self, g) -> list[dict]:
        return []


def worded(t: str, choices, words=None, **extra) -> dict:
    """A choice param (``contract.choice``) whose ``words`` (default: every choice) are
    words, not ids, each labelled by ``word`` (``ipo``, ``payout``, ``N``)."""
    return C.choice(t, choices, {w: word(w) for w in (choices if words is None else words)},
                    **extra)


def insert_before(steps, anchor, *new) -> tuple:
    """``steps`` (a tuple of step classes) with ``new`` put just before ``anchor``."""
    i = list(steps).index(anchor)
    return tuple(steps[:i]) + tuple(new) + tuple(steps[i:])


def insert_after(steps, anchor, *new) -> tuple:
    i = list(steps).index(anchor) + 1
    return tuple(steps[:i]) + tuple(new) + tuple(steps[i:])


def replace(steps, old, new) -> tuple:
    """``steps`` with the step class ``old`` replaced by ``new``."""
    return tuple(new if s is old else s for s in steps)


# -- the kinds of step, and the step of every round ------------------------------------
class OperatingStep(Step):
    """A step of an operating turn; the company whose turn it is is ``self.round.corp`` and
    only it acts (unless the step says otherwise)."""

    def may_act(self, g, entity):
        return entity == self.round.corp


class StockStep(Step):
    """A step of the stock round; the player whose turn it is is ``player(g)``."""

    def player(self, g) -> str | None:
        rnd = self.round
        return None if rnd.finished else g.order[rnd.index]

    def may_act(self, g, entity):
        rnd = self.round
        return not rnd.finished and entity == g.order[rnd.index]


class DiscardTrain(Step):
    """Discard a train (any round): a company over the train limit after a phase change discards
    down to it before anything else happens (``discard_train`` {train}). The game keeps the list
    of such companies (``g.crowded``, filled by ``check_crowded``); while it is not empty this step
    blocks every round."""
    ACTIONS = ("discard_train",)
    POSTS = {"discard_train": {"train": "train"}}
    BLOCKS_WHILE = "crowded"

    def may_act(self, g, entity):
        return True                      # the crowded company is checked by the discard

    def acting(self, g):
        return list(g.crowded)

    def refuse(self, g, action):
        names = ", ".join(g.crowded)
        raise GameError("must_discard", f"{names} must first discard down to the train limit.",
                        corporations=list(g.crowded))

    def process_discard_train(self, g, action):
        corp = action["entity"]
        if corp not in g.crowded:
            self.refuse(g, action)
        train = action.get("train")
        if train not in g.corps[corp]["trains"]:
            raise GameError("not_your_train", f"{corp} does not own train {train!r}.", train=train)
        g.corps[corp]["trains"].remove(train)
        del g.train_owner[train]
        g.depot.discarded.append(train)
        g.depot.owner[train] = DEPOT
        g.emit("train_discarded", f"{corp} discards train {train} to the pool.",
               f"Put {corp}'s {Depot.kind(train)}-train in the bank's pool.", corporation=corp,
               train=train, train_type=Depot.kind(train))
        if len(g.corps[corp]["trains"]) <= g.train_limit(corp):
            g.crowded.remove(corp)

    def legal(self, g):
        return [entry("discard_train", corp,
                      params={"train": C.choice("train", list(g.corps[corp]["trains"]))},
                      label=C.msg("act.discard_train", "Discard a train"))
                for corp in g.crowded]
