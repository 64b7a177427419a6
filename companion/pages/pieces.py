"""The live part's pieces, each made once for what it shows and reused while that is unchanged.

A step changes a few of the book's sections, the legal entries and one history row; the rest of
the live part is as it was. So each piece is kept under a key made of what it is made from
(the table, the page's language, and the piece's own declared data, hashed), never of the
version: a book section (``book/section.html``) for its section of the engine's book, a form
(``book/form.html``) for its legal entry, a history entry for its log row. A piece whose data
changed has a new key; one that did not is taken as it was. The newest ``KEEP`` pieces of this
process are kept (a few dozen per live table).
"""
from __future__ import annotations

import hashlib

from flask import current_app

from companion.kept import Kept
from companion.wire import dumps_engine

KEEP = 40000
_kept = Kept(KEEP)
_MISSING = object()


def data_key(data) -> bytes:
    """A short key for declared data (its JSON text, hashed)."""
    return hashlib.blake2b(dumps_engine(data).encode("utf-8", "surrogatepass"),
                           digest_size=16).digest()


def reuse(key: tuple, make):
    """The piece kept under ``key``, else ``make()`` (kept for the next time)."""
    made = _kept.get(key, _MISSING)
    if made is _MISSING:
        made = make()
        _kept.put(key, made)
    return made


def render(name: str, **context) -> str:
    """A piece's template made with what it is given and the app's template globals (the words,
    ``url_for``, the translations): without a page's per-request context (its processors and
    signals), which no piece reads."""
    return current_app.jinja_env.get_template(name).render(context)
