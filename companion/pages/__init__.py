"""Server-rendered pages (they work without JavaScript); Brython makes them live.

Every page is rendered here from the table service (``companion.tables``); nothing
is stored by the pages except, in the phone's signed session cookie, the tokens of
the tables this phone sits at (``t``) and the invite/spectator secrets it knows.

Routes (the service's links use the same shapes):

- ``/``, ``/new?title=`` + POST ``/new``, POST ``/import``: set up or import a table
- ``/tables/<code>/join?invite=``: pick a seat; ``/tables/<code>/watch?token=``: spectate
- ``/tables/<code>``: the book, the forms, the last consequences and recent history
- ``/tables/<code>/live``: the same page's live part only (Brython swaps it in)
- POST ``/tables/<code>/act``, ``/undo``, ``/undo/<id>``: enter a step, undo, consent
- ``/tables/<code>/history``, ``/scores``, ``/export.json``, ``/export.csv``, ``/invite``
"""
from __future__ import annotations

from companion.pages.blueprint import bp
# the routes, by purpose (imported for their @bp routes)
from companion.pages import (history, imports, refusals, scores, seats,  # noqa: F401  (routes)
                             setup, table, text)
from companion.pages import push_part  # noqa: F401,E402  (the live part's push renderer)

__all__ = ["bp"]
