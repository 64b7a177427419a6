"""One table's game in memory (:class:`LiveTable`), and the fingerprint that says which engine
code a snapshot of it was made by."""
from __future__ import annotations

import hashlib
import logging
import pickle
import sys
import time
from pathlib import Path

from engine import Game, titles
from companion.wire import ServiceError, dumps_engine

log = logging.getLogger(__name__)


_fingerprints: dict[str, str] = {}


def engine_fingerprint(spec) -> str:
    """A hash of the engine's code and the title's module: a snapshot is used only by the
    same code that made it (otherwise the game is rebuilt from the log)."""
    module = getattr(spec.create, "__module__", "") or ""
    if module not in _fingerprints:
        h = hashlib.sha256()
        root = Path(titles.__file__).resolve().parent.parent
        files = sorted(root.rglob("*.py"))
        mod = sys.modules.get(module)
        if mod is not None and getattr(mod, "__file__", None):
            files.append(Path(mod.__file__))
        for path in files:
            try:
                h.update(path.read_bytes())
            except OSError:
                pass
        h.update(module.encode())
        _fingerprints[module] = h.hexdigest()
    return _fingerprints[module]


class LiveTable:
    """A table's game in memory at ``version`` (= number of log rows applied).

    ``entered`` mirrors the engine's actions in force: ``(log version, seat)`` of
    each, so that an undo knows whose step it takes back; ``undone`` mirrors what
    redo can bring back.
    """

    def __init__(self, table_id: int, code: str, game: Game, version: int,
                 entered: list | None = None, undone: list | None = None):
        self.table_id, self.code, self.game, self.version = table_id, code, game, version
        self.entered: list[tuple[int, str | None]] = entered or []
        self.undone: list[tuple[int, str | None]] = undone or []
        # at one version: the state as the engine made it (what the pages show), and its JSON
        # text (what the API and the JSON sockets send), each made when first asked for
        self._made: tuple[int, dict] | None = None
        self._view: tuple[int, str] | None = None
        self._legal: tuple[int, list] | None = None
        self.undo_open = True     # an undo request may be open (checked at the first post)
        # the table clock as the database had it when this process last read or wrote it
        # (companion/table_clock.py): on or off, and its state (None: never switched on)
        self.clock_on: bool = False
        self.clock: dict | None = None
        self.used = time.monotonic()

    def apply(self, action: dict, version: int, player: str | None,
              checked: bool = True) -> tuple[dict, list[dict]]:
        """Apply ``action`` as log ``version`` entered by seat ``player``: (the action as the
        engine accepted it, its events). ``checked=False``: an action of this table's own log
        (the engine replays it without checking it again)."""
        events = self.game.process(action, checked=checked)
        action = self.game.log[-1]
        kind = action.get("type")
        if kind == "undo":
            self.undone.append(self.entered.pop())
        elif kind == "redo":
            self.undone.pop()
            self.entered.append((version, player))
        else:
            self.entered.append((version, player))
            self.undone.clear()
        self.version = version
        self._made = self._view = None
        return action, events

    def acting_seats(self) -> list[str]:
        """The seats the game waits on now (none when it is over): whose time the clock counts."""
        game = self.game
        if game.finished:
            return []
        return [str(p) for p in game.acting_players(game.rules.acting())]

    @property
    def last_step(self) -> int:
        """The log version of the last step in force (-1: none): undo requests for any other
        step have lapsed."""
        return self.entered[-1][0] if self.entered else -1

    def legal(self) -> list:
        """The game's legal actions at this version, listed once per version (the state's text
        and the check of a post's declared fields share them). Not to be changed."""
        if self._legal is None or self._legal[0] != self.version:
            self._legal = (self.version, self.game.legal_actions())
        return self._legal[1]

    def state_shown(self) -> dict:
        """``{"version", "state", "legal", "book"}`` as the engine made them, made once per
        version: what the pages show, shared by every page made at this version. Not to be
        changed. Its ``state`` is the game's header (``Game.header``: players, who acts, the
        end), all a page asks of it: the title's whole view is made for the JSON text alone
        (:meth:`state_text`). Kept with the table until its next step (the objects of a
        mid-game book take a few times its JSON text: the board's drawing is shared)."""
        if self._made is None or self._made[0] != self.version:
            made = self._shown(lambda: {"version": self.version, "state": self.game.header(),
                                        "legal": self.legal(), "book": self.game.book()})
            self._made = (self.version, made)
        return self._made[1]

    def state_text(self) -> str:
        """:meth:`state_shown` with the game's whole state (``Game.view``) as JSON text, made
        once per version, when first asked for (a table that only pages show never needs
        it)."""
        if self._view is None or self._view[0] != self.version:
            whole = dict(self.state_shown(), state=self._shown(self.game.view))
            self._view = (self.version, dumps_engine(whole))
        return self._view[1]

    def _shown(self, make):
        """``make()``, and a fault in a title's view or book said as such (503), not a crash."""
        try:
            return make()
        except Exception as exc:
            log.exception("view of table %s failed", self.code)
            raise ServiceError(503, "engine_fault",
                               f"The rules engine failed to show this table: {exc!r}")

    def snapshot_bytes(self) -> bytes:
        return pickle.dumps((self.game, self.entered, self.undone),
                            protocol=pickle.HIGHEST_PROTOCOL)
