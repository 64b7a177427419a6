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
