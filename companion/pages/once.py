"""What a table's page shows alike on every phone, made once per table, version and language.

Six phones at a table each fetch the live part after every step; the book, the history's
entries and the forms' labels are the same on each of them (a phone's own row is marked on
the made book by :func:`mark_my_rows`). Kept for the newest few hundred (table, version,
language) of this process; a new version is a new key, so nothing kept goes stale.
"""
from __future__ import annotations

import threading
from collections import OrderedDict

from markupsafe import Markup, escape

KEEP = 512
_made: OrderedDict = OrderedDict()
_lock = threading.Lock()


def once(key: tuple, make):
    """``make()`` the first time ``key`` is asked for, the kept value after."""
    with _lock:
        if key in _made:
            _made.move_to_end(key)
            return _made[key]
    value = make()
    with _lock:
        _made[key] = value
        while len(_made) > KEEP:
            _made.popitem(last=False)
    return value


def mark_my_rows(html: str, player) -> Markup:
    """The made book with this phone's own rows marked (``tr.you``)."""
    if player is None:
        return Markup(html)
    row = f'<tr data-player="{escape(player)}">'
    return Markup(html.replace(row, f'<tr class="you" data-player="{escape(player)}">'))
