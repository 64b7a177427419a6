"""Importing a game record (from 18xx.games or this app) to carry on at the table."""
from __future__ import annotations

import json

from flask import redirect, render_template, request, url_for

from companion.i18n import gettext as _
from companion.pages.blueprint import bp
from companion.present import engine_text
from companion.pages.seats import _remember, svc
from engine import GameError, records


@bp.post("/import")
def import_game():
    """Carry on at the table a game exported from 18xx.games (or from this app)."""
    f = request.files.get("record")
    try:
        data = json.loads((f.read() if f else b"").decode("utf-8"))
        rep = records.replay(data)
    except (ValueError, UnicodeDecodeError):
        return render_template("import_error.html", error=_("That file is not a game record.")), 422
    except GameError as err:
        return render_template("import_error.html", error=engine_text(err.as_dict())), 422
    if rep.game is None:
        return render_template("import_error.html", error=_("That file is not a game record.")), 422
    rec = rep.game.record()
    s = svc()       # refusals: pages/refusals.py
    made = s.create_table(rec["title"], rec["players"], seed=rec["seed"], options=rec["options"])
    access = s.authorize(made.code, made.seats[0]["token"])
    version = 0
    for action in rec["actions"]:
        status, body = s.submit(access, action, version, None)
        if status != 200:
            return render_template("import_error.html", error=engine_text(
                body.get("error")) + f" (#{version + 1})"), 422
        version = body["version"]
    _remember(made.code, invite=made.invite, spectate=made.spectate_token)
    return redirect(url_for("pages.invite", code=made.code), 303)
