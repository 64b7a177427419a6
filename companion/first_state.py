"""A phone's first state on its WebSocket, cheap also right after a restart.

A table's first state (``{"version", "state", "legal", "book"}``) is made from its live game.
After a restart no game is live, and the first phone of each table used to wait for a replay
of the table's log (the snapshot, then up to ``SNAPSHOT_EVERY`` actions, then the view): with
1,200 phones reconnecting at once that was seconds. So the state texts are kept on disk
(``<instance>/state-cache/<hash of the database URL>/<table id>.json``: one instance
folder may serve several databases): written when the worker is told to stop (every live
table; gunicorn.conf.py hears it, then the phones' sockets are closed so the worker
exits at once) and every ``FLUSH_SECONDS`` for the tables whose text of
their current version was made anyway (for a page or a phone; nothing is computed for it).
A reconnecting phone is sent the kept text when its version is the table's version in the
database (one indexed read), without loading the game; anything else (no copy, an older
copy) loads the game as before. The copy is only ever a copy: the log decides.
"""
from __future__ import annotations

import hashlib
import logging
import os
import re
import threading
import time
from pathlib import Path

log = logging.getLogger(__name__)

FLUSH_SECONDS = 10.0
_VERSION = re.compile(r'^\{"version":(\d+),')


class StateCache:
    def __init__(self, folder: str | Path, svc):
        self.folder = Path(folder)
        self.svc = svc
        self.written: dict[int, int] = {}       # table id -> version of its kept copy
        self._flusher = False
        self.hits = 0

    def path(self, table_id: int) -> Path:
        return self.folder / f"{int(table_id)}.json"

    # -- reading ----------------------------------------------------------------------------------
    def first_state(self, access) -> tuple[int, str]:
        """(version, text) for a phone's hello: the live game's, else the kept copy if it is
        the database's version, else the live game loaded (``svc.state_versioned``)."""
        self._start_flusher()
        tid = access.table_id
        if tid not in self.svc._live:
            text = self._read(tid)
            if text is not None:
                version = int(_VERSION.match(text).group(1))
                if version == self.svc.current_version(tid):
                    self.hits += 1
                    return version, text
        return self.svc.state_versioned(access)

    def _read(self, table_id: int) -> str | None:
        try:
            text = self.path(table_id).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            return None
        return text if _VERSION.match(text) else None

    # -- writing ----------------------------------------------------------------------------------
    def _write(self, table_id: int, version: int, text: str) -> None:
        if self.written.get(table_id) == version:
            return
        self.folder.mkdir(parents=True, exist_ok=True)
        path = self.path(table_id)
        tmp = path.with_suffix(f".{os.getpid()}.tmp")
        tmp.write_text(text, encoding="utf-8")
        tmp.replace(path)
        self.written[table_id] = version

    def flush(self, make: bool = False) -> int:
        """Write the state text of every live table whose copy is older. ``make``: also make
        the texts not made yet (at exit); else only those made already. Returns how many."""
        n = 0
        for tid, live in list(self.svc._live.items()):
            try:
                made = live._view is not None and live._view[0] == live.version
                if self.written.get(tid) == live.version or not (made or make):
                    continue
                with self.svc._lock(tid):
                    text = live.state_text()
                    version = live.version
                if _VERSION.match(text) and int(_VERSION.match(text).group(1)) == version:
                    self._write(tid, version, text)
                    n += 1
            except Exception as exc:         # a copy is never worth a failure
                log.warning("keeping the state of table %s failed: %s", tid, exc)
        return n

    def _start_flusher(self) -> None:
        if self._flusher:
            return
        self._flusher = True

        def loop():
            while True:
                time.sleep(FLUSH_SECONDS)
                self.flush()
        threading.Thread(target=loop, name="state-cache", daemon=True).start()


def init_app(app, svc) -> StateCache | None:
    """The kept copies (``COMPANION_STATE_CACHE=0``, config ``STATE_CACHE``: off; for the
    bench's comparison)."""
    on = app.config["STATE_CACHE"]
    if str(on).lower() in ("0", "false", "no", "off"):
        return None
    db = hashlib.sha256(str(app.config["DATABASE_URL"]).encode()).hexdigest()[:16]
    cache = StateCache(Path(app.instance_path) / "state-cache" / db, svc)
    app.extensions["companion.state_cache"] = cache
    return cache


def at_stop(app) -> None:
    """The worker was told to stop (SIGTERM: a restart, a deploy): keep every live table's
    state, then close the phones' sockets, so that the worker exits now rather than at the end
    of gunicorn's graceful timeout (when it is killed, and nothing runs after)."""
    at_exit(app)
    hub = getattr(app, "extensions", {}).get("companion.hub")
    if hub is not None:
        hub.close_all()


def at_exit(app) -> None:
    """gunicorn's ``worker_exit``: keep every live table's state for the next start."""
    cache = getattr(app, "extensions", {}).get("companion.state_cache")
    if cache is not None:
        n = cache.flush(make=True)
        log.info("kept the state of %d tables for the next start", n)
