"""A game: title, options, seed, players and the ordered list of actions.

The state is a pure function of those. ``Game`` is the same for every title:
it keeps the log, takes snapshots, undoes and redoes by rebuilding from a
snapshot (never by inverse logic), and restores the state when the rules
reject an action, so a rejected action changes nothing.
"""
from __future__ import annotations

import json

import copy
import pickle

from engine import titles
from engine.errors import GameError
from engine.events import Event

UNDO, REDO = "undo", "redo"


def normalize_players(players) -> list[dict]:
    """Accept ["Ann", "Bo"] or [{"id": .., "name": ..}]; ids become strings."""
    if not isinstance(players, (list, tuple)) or not players:
        raise GameError("bad_players", "Players must be a non-empty list of names.")
    out = []
    for i, p in enumerate(players, start=1):
        if isinstance(p, str):
            p = {"id": str(i), "name": p}
        if not isinstance(p, dict) or not str(p.get("name", "")).strip():
            raise GameError("bad_players", f"Player {i} needs a name.", index=i)
        out.append({"id": str(p.get("id", i)), "name": str(p["name"]).strip()[:40]})
    if len({p["id"] for p in out}) != len(out):
        raise GameError("bad_players", "Player ids must be unique.")
    return out


class Game:
    SNAPSHOT_EVERY = 50

    def __init__(self, title_id: str, players, seed: int = 0, options: dict | None = None,
                 actions=()):
        self.spec = titles.get(title_id)
        self.players = normalize_players(players)
        if not self.spec.min_players <= len(self.players) <= self.spec.max_players:
            raise GameError(
                "player_count",
                f"{self.spec.name} takes {self.spec.min_players}–{self.spec.max_players} players, "
                f"not {len(self.players)}.",
                min=self.spec.min_players, max=self.spec.max_players, given=len(self.players))
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise GameError("bad_seed", "The seed must be a whole number.")
        self.seed = seed
        self.options = titles.check_options(self.spec, options)
        self.rules = self.spec.create(copy.deepcopy(self.players), seed, dict(self.options))
        self.log: list[dict] = []        # every accepted action, undo and redo included
        self.effective: list[dict] = []  # the actions in force
        self._undone: list[dict] = []    # what redo can bring back, last undone last
        self._snapshots: dict[int, bytes] = {0: pickle.dumps(self.rules)}
        self._legal: list[dict] | None = None   # legal_actions() of the state as it is
        for action in actions:          # a record: replayed as recorded (records.replay)
            self.process(action, checked=False)

    # -- the one way in ------------------------------------------------------
    def process(self, action: dict, checked: bool = True) -> list[dict]:
        """Validate and apply one action; return its events as dicts.

        The action goes through the door first (``engine.door.admit``): it must be one of the
        legal entries offered now, every param as declared; what was not declared is dropped,
        and the action as admitted is what the rules apply and the log keeps (``log[-1]``).
        ``checked=False`` skips the door, for a log this engine admitted before (a table's
        log, a snapshot's replay): the rules still refuse what they refuse.

        Raises GameError and leaves the game exactly as it was when the action
        is refused.
        """
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise GameError("bad_action", "An action is an object with a 'type'.")
        if checked:
            action = self.admit(action)
        kind = action["type"]
        if kind == UNDO:
            events = self._undo(action)
        elif kind == REDO:
            events = self._redo(action)
        else:
            events = self._apply(action)
            self._undone.clear()
        self._legal = None
        self.log.append(action)
        return [e.as_dict() for e in events]

    def __getstate__(self):
        state = dict(self.__dict__)
        state["_legal"] = None         # listed again when asked: snapshots stay small
        return state

    def admit(self, action: dict) -> dict:
        """The action as the legal entries offered now declare it, or a GameError saying what
        is allowed (``engine.door``); the game is not changed."""
        if action.get("type") in (UNDO, REDO):
            return {"type": action["type"]}
        if self.rules.finished:
            raise GameError("game_over", "The game is over; no more actions are taken.")
        from engine import door         # the posting path's: a replay never needs it
        try:
            return door.admit(self.legal_actions(), action, self.spec.currency, self._name_of)
        except GameError as refusal:
            if refusal.code in door.SHAPE or not door.well_formed(action):
                raise
            raise self._why_not(action, refusal) from None

    def _why_not(self, action: dict, refusal: GameError) -> GameError:
        """A well-formed action the door refused for a reason of the game (not offered now,
        out of today's range): the rules' own reason when they refuse it too (it names the
        rule: the certificate limit, a train to buy first), else the door's. Whatever the
        rules did is undone: nothing the door refused is ever kept."""
        legal = self._legal
        try:
            self.rules.apply(copy.deepcopy(action))
        except GameError as why:
            return why
        except Exception:        # a fault on an action the door refused: the door's reason
            return refusal
        finally:
            self._rebuild(len(self.effective))
            self._legal = legal  # the very state it was listed for
        return refusal

    def _name_of(self, entity: str) -> str:
        return self._names().get(entity, entity)

    def _apply(self, action: dict) -> list[Event]:
        if self.rules.finished:
            raise GameError("game_over", "The game is over; no more actions are taken.")
        stored = copy.deepcopy(action)
        legal = self._legal
        try:
            events = self.rules.apply(copy.deepcopy(action))
        except GameError:
            self._rebuild(len(self.effective))
            self._legal = legal          # the state is the one it was listed for
            raise
        except Exception as exc:  # a fault in the rules must not corrupt the book
            self._rebuild(len(self.effective))
            self._legal = legal
            raise GameError("engine_fault", f"The rules engine failed on this action: {exc!r}",
                            detail=repr(exc)) from exc
        self.effective.append(stored)
        if len(self.effective) % self.SNAPSHOT_EVERY == 0:
            self._snapshots[len(self.effective)] = pickle.dumps(self.rules)
        return events

    def _undo(self, action: dict) -> list[Event]:
        if not self.effective:
            raise GameError("nothing_to_undo", "There is nothing to undo.")
        undone = self.effective.pop()
        self._rebuild(len(self.effective))
        self._undone.append(undone)
        return [Event("undone", f"Undone: {describe(undone, self._names())}.",
                      params={"action": undone, **self._who(undone)})]

    def _redo(self, action: dict) -> list[Event]:
        if not self._undone:
            raise GameError("nothing_to_redo", "There is nothing to redo.")
        again = self._undone[-1]
        events = self._apply(again)
        self._undone.pop()
        return [Event("redone", f"Redone: {describe(again, self._names())}.",
                      params={"action": again, **self._who(again)})] + events

    def _names(self) -> dict[str, str]:
        return {p["id"]: p["name"] for p in self.players}

    def _who(self, action: dict) -> dict:
        entity = action.get("entity")
        return {"entity": entity, "entity_name": self._names().get(entity, entity)}

    def _rebuild(self, upto: int) -> None:
        """Make the state that of the first ``upto`` effective actions."""
        for n in [n for n in self._snapshots if n > upto]:
            del self._snapshots[n]
        start = max(self._snapshots)
        self._legal = None
        self.rules = pickle.loads(self._snapshots[start])
        for action in self.effective[start:upto]:
            self.rules.apply(copy.deepcopy(action))

    # -- what the phones and tools read ---------------------------------------
    def legal_actions(self) -> list[dict]:
        """What may be posted now (listed once per state; the entries are shared: do not
        change them)."""
        if self._legal is None:
            if self.rules.finished:
                legal = []
            else:
                legal = list(self.rules.legal_actions())
            if self.effective and not self.rules.finished:
                legal.append({"type": UNDO})
            if self._undone and not self.rules.finished:
                legal.append({"type": REDO})
            self._legal = legal
        return list(self._legal)

    def acting_players(self, acting: list[str]) -> list[str]:
        """The players whose phones should say "your turn": each acting entity's controller."""
        ids = {p["id"] for p in self.players}
        control = getattr(self.rules, "controller", None)
        out = []
        for entity in acting:
            pid = control(entity) if control else (entity if entity in ids else None)
            if pid in ids and pid not in out:
                out.append(pid)
        return out

    def acting_for(self, acting: list[str]) -> dict[str, str]:
        """Who acts for each acting entity that is not a player (a company's president or
        director): the header says "GR (Ann)"."""
        ids = {p["id"] for p in self.players}
        control = getattr(self.rules, "controller", None)
        out = {}
        for entity in acting:
            pid = control(entity) if control and entity not in ids else None
            if pid in ids:
                out[entity] = pid
        return out

    def view(self) -> dict:
        """The game's state: the title's view (``rules.view()``) and the :meth:`header`."""
        header = self.header()
        state = self.rules.view()
        state.update(header)
        return state

    def header(self) -> dict:
        """What the game's state says whatever the title: the title and its currency, the
        players, who acts now (and for whom), whether it is over and why, and whether a step
        can be undone or redone; all a table page asks of the state (the rest of it is the
        book's), without the title's view."""
        acting = self.rules.acting()
        return {
            "title": self.spec.id,
            "title_name": self.spec.name,
            "currency": self.spec.currency,
            "players": self.players,
            "actions": len(self.effective),
            "finished": self.rules.finished,
            "game_end_reason": self.rules.game_end_reason,
            "acting": acting,
            "acting_players": self.acting_players(acting),
            "acting_for": self.acting_for(acting),
            "can_undo": bool(self.effective),
            "can_redo": bool(self._undone),
        }

    def book(self) -> list[dict]:
        """The book as the title declares it (``engine.contract`` sections)."""
        return self.rules.book()

    def where(self):
        """Where the game is: the book's first item (``{label, value}``: the round), cheaply
        when the title can say it without building its whole book (``round_message()``)."""
        quick = getattr(self.rules, "round_message", None)
        if quick is not None:
            return {"label": None, "value": {"t": "text", "v": quick()}}
        from engine import contract
        return contract.where(self.rules.book())

    def scores(self) -> list[dict]:
        """Each player's score as the title declares it (``engine.contract`` score rows),
        or its ``result()`` alone when it declares none."""
        declared = getattr(self.rules, "scores", None)
        if declared is not None:
            return declared()
        return [{"player": p, "total": v, "parts": []} for p, v in self.result().items()]

    @property
    def finished(self) -> bool:
        return self.rules.finished

    @property
    def game_end_reason(self) -> str | None:
        return self.rules.game_end_reason

    def result(self) -> dict[str, int]:
        return self.rules.result()

    def record(self) -> dict:
        """This game as a record that ``engine.records.load`` replays."""
        return {
            "format": RECORD_FORMAT,
            "title": self.spec.id,
            "players": self.players,
            "seed": self.seed,
            "options": self.options,
            "actions": self.log,
        }


RECORD_FORMAT = "18xx-companion/1"


def step_words(spec, action: dict) -> dict:
    """A posted step as its history line, ``{"label": message, "details": [{label, value}]}``
    (``engine.contract``): the title's own words (``TitleSpec.describe``), or its type and
    fields as they are."""
    from engine import contract as C
    if spec is not None and spec.describe is not None:
        return spec.describe(action, spec.currency)
    kind = str(action.get("type", "?"))
    return {"label": C.msg(f"act.{kind}", kind.replace("_", " ").capitalize()),
            "details": [{"label": C.msg(f"param.{k}", k.replace("_", " ")),
                         "value": C.text(json.dumps(v, ensure_ascii=False)
                                         if isinstance(v, (list, dict)) else str(v))}
                        for k, v in action.items() if k not in ("type", "entity")]}


def describe(action: dict, names: dict | None = None) -> str:
    """A short readable form of an action for history lines (players by name if given)."""
    rest = ", ".join(f"{k}={v}" for k, v in action.items() if k not in ("type", "entity"))
    who = action.get("entity", "")
    who = (names or {}).get(who, who)
    return f"{who} {action['type']}" + (f" ({rest})" if rest else "")
