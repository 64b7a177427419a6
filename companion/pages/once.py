"""What a table's page shows alike on every phone, made once per table, version and language.

Six phones at a table each get the live part after every step; the book, the history's
entries, the forms' labels and the live part itself are the same on each of them (what differs
by seat is marked in the part and shown by each phone's own style: pages/table.py
``seat_style``). Kept for the newest few hundred keys of this process; a new version is a new
key, so nothing kept goes stale. Phones that ask for the same key at the same moment wait for
the first one's making instead of making it again.
"""
from __future__ import annotations

import threading

from companion.kept import Kept

KEEP = 512
WAIT_S = 10.0                  # a making taking longer than this is not waited for
_made = Kept(KEEP)
_making: dict = {}             # key -> threading.Event set when its making ends
_lock = threading.Lock()       # for _making
_MISSING = object()


def once(key: tuple, make):
    """``make()`` the first time ``key`` is asked for, the kept value after."""
    made = _made.get(key, _MISSING)
    if made is not _MISSING:
        return made
    with _lock:
        ready = _making.get(key)
        if ready is None:
            _making[key] = ready = threading.Event()
            mine = True
        else:
            mine = False
    if not mine:
        ready.wait(WAIT_S)
        made = _made.get(key, _MISSING)
        return make() if made is _MISSING else made   # its maker failed (or is slow)
    try:
        value = make()
        _made.put(key, value)
        return value
    finally:
        with _lock:
            _making.pop(key, None)
        ready.set()


def made_already(key: tuple):
    """The value kept for ``key`` if it has been made (None if not, or while it is made)."""
    made = _made.get(key, _MISSING)
    return None if made is _MISSING else made
