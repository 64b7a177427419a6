"""A bounded keep of values made for their keys (:class:`Kept`): the newest ``keep`` are kept,
the oldest dropped first; safe to share between the server's threads. The live parts' pieces
per table, language and time zone (``pages/live_part.py``) and the parts made once per version
(``pages/once.py``) are each one."""
from __future__ import annotations

import threading
from collections import OrderedDict


class Kept:
    def __init__(self, keep: int):
        self.keep = keep
        self._values: OrderedDict = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key, default=None):
        """The value kept under ``key`` (now the newest), else ``default``."""
        with self._lock:
            if key not in self._values:
                return default
            self._values.move_to_end(key)
            return self._values[key]

    def put(self, key, value) -> None:
        with self._lock:
            self._values[key] = value
            self._values.move_to_end(key)
            while len(self._values) > self.keep:
                self._values.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._values.clear()

    def __len__(self) -> int:
        return len(self._values)
