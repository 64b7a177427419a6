"""How the pages say things: field and step words, names, money, a step described,
and the helpers every template may call."""
from __future__ import annotations

import uuid

from flask import current_app, request
from markupsafe import Markup

from companion import inline, present
from companion.i18n import gettext as _, translations
from companion.pages import pictures
from companion.pages.blueprint import bp
from engine import titles
from engine.game import step_words
from engine.words import words_of


def inline_css() -> Markup:
    """static/app.css, minified, inlined in every page's head."""
    return Markup(inline.css(current_app.static_folder))


def boot_script() -> Markup:
    """static/live_boot.js, minified, inlined in a table page's head (live updates until
    Brython runs); the Content-Security-Policy allows exactly this text."""
    return Markup(inline.boot_script(current_app.static_folder))


def _names() -> dict:
    return getattr(request, "_player_names", {})


# a phone's label when it gave no name: joined without one, its browser unrecognised, or the
# seats' own links made with the table (set up through the API)
UNNAMED_DEVICES = ("joined", "browser", "created")


def device_name(label: str) -> str:
    """A phone as the pages name it: its label, or "a phone" when it gave no name; a label the
    server made from the phone's browser ("Chrome on Pixel 8", ``seats.device_label``) in the
    page's words."""
    if not label or label in UNNAMED_DEVICES:
        return _("a phone")
    from companion.pages.seats import BROWSER_NAMES
    browser, on, where = label.partition(" on ")
    if on and where:
        if browser in BROWSER_NAMES:
            return _("%(browser)s on %(device)s", browser=browser, device=where)
        if browser == "a browser":
            return _("a browser on %(device)s", device=where)
    return label


def said(msg: str, **params) -> str:
    """``msg`` in this request's language as a template says it, for HTML made in Python (a
    history line, a form, the status line): the translation as it is, each of ``params``
    escaped (Jinja's ``_()`` with autoescape). Found by the catalogue's extraction as ``said``
    (translations/README.md)."""
    return translations().ugettext(msg) % {k: pictures.esc(v) for k, v in params.items()}


def name_of(x) -> str:
    """A player by name; a company or other entity by its mark in the title's words."""
    return (_names().get(str(x)) or present.plain(x)) if isinstance(x, (str, int)) else str(x)


def action_text(form) -> str:
    """A form's button: who acts (a player by name, a company by its id) and the engine's
    label of the step."""
    if form.seat:                       # entered by the posting seat: the label says it all
        return form.label
    who = name_of(form.entity) if form.entity is not None else ""
    return f"{who}: {form.label}" if who else form.label


def money_now(v) -> str:
    from companion.i18n import money
    return money(v, getattr(request, "_currency", "$"))


def describe(action: dict) -> str:
    """A posted step in the page's words: who, the step's label and its details, as the
    title describes it (``engine.game.step_words``)."""
    words = step_words(getattr(request, "_spec", None), action)
    text = present.message_text(words["label"])
    details = [f"{present.message_text(d['label'])}: {present.value_text(d['value'])}"
               for d in words.get("details") or []]
    if details:
        text += " (" + ", ".join(details) + ")"
    who = name_of(action["entity"]) if action.get("entity") is not None else ""
    return (f"{who}: " if who else "") + text


def event_text(e: dict) -> str:
    """An event's words in the page's language; undo/redo name the step with the names."""
    action = (e.get("params") or {}).get("action")
    if e.get("code") in ("undone", "redone") and isinstance(action, dict):
        what = describe(action)
        return _("Undone: %(what)s.", what=what) if e["code"] == "undone" else \
            _("Redone: %(what)s.", what=what)
    return present.engine_text(e)


GLOBALS = {"value_text": present.value_text, "message_text": present.message_text,
           "engine_text": present.engine_text,
           "money_now": money_now, "event_text": event_text,
           "inline_css": inline_css, "boot_script": boot_script,
           "name_of": name_of, "action_text": action_text,
           "drawing": pictures.drawing,
           "route_marks": pictures.route_marks, "route_key": pictures.route_key}


@bp.record_once
def _globals(state):
    state.app.jinja_env.globals.update(GLOBALS)
    inline.warm(state.app.static_folder)        # the inlined texts, made small once at start


@bp.app_context_processor
def helpers():
    from flask_wtf.csrf import generate_csrf
    return {"csrf_token": generate_csrf, "new_key": lambda: uuid.uuid4().hex,
            "theme": request.cookies.get("theme", "auto"), "live_url": None}


def _use_table(state: dict) -> None:
    """This request shows this table: its players' names, currency and title's words."""
    spec = titles.TITLES.get(state.get("title"))
    present.use_table(state, words_of(spec) if spec is not None else None)
    request._spec = spec
    request._player_names = {p["id"]: p["name"] for p in state.get("players") or []}
    request._currency = state.get("currency") or "$"
