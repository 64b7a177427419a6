"""Events: what an action caused, in words a player understands.

Every event says what happened (``message``) and, where the physical board must
change, what to move on it (``board``). ``code`` and ``params`` let the phones
translate the text.
"""
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Event:
    code: str
    message: str
    board: str = ""
    params: dict = field(default_factory=dict)

    def as_dict(self) -> dict:
        out = {"code": self.code, "message": self.message, "params": dict(self.params)}
        if self.board:
            out["board"] = self.board
        return out


_NAME_KEYS = ("_name", "_names")     # params that are names already


class Emitter:
    """The one way a game records an event: ``emit(code, message, board, **params)``, mixed
    into every title's game (the 18xx core, 18Korea, 18 Lilliput, Age of Steam). The game
    keeps ``names`` (player id -> name) and ``_events`` (this action's events, which its
    ``apply`` returns). ``emit`` adds the names a phone needs to translate the message and the
    board text: ``<key>_name`` for a player id (or another id the game names, see
    ``event_name``) and ``<key>_names`` for lists and dicts of player ids."""

    def event_name(self, value: str) -> str | None:
        """The name of an id that is not a player's (the 18xx core: a private's), or None."""
        return None

    def emit(self, code: str, message: str, board: str = "", **params) -> None:
        names = self.names
        extra = None
        for key, value in params.items():
            kind = type(value)
            if kind is int:
                continue
            if isinstance(value, str):
                if value in names:
                    add, name = "_name", names[value]
                else:
                    name = self.event_name(value)
                    if name is None:
                        continue
                    add = "_name"
            elif isinstance(value, (list, tuple)):
                if not any(isinstance(v, str) and v in names for v in value):
                    continue
                add, name = "_names", [names.get(v, v) for v in value]
            elif isinstance(value, dict):
                if not any(k in names for k in value):
                    continue
                add, name = "_names", {k: names.get(k, k) for k in value}
            else:
                continue
            if key.endswith(_NAME_KEYS):
                continue
            if extra is None:
                extra = {}
            extra[key + add] = name
        if extra:
            for key, value in extra.items():
                params.setdefault(key, value)
        self._events.append(Event(code, message, board, params))
