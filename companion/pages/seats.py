"""This phone's seats: the signed session cookie's tables and tokens, and access to a table."""
from __future__ import annotations

import re

from flask import abort, make_response, render_template, request, session

from companion.pages.blueprint import bp
from companion.tables import service
from companion.wire import ServiceError


def svc():
    return service()


def _tables() -> dict:
    return session.get("t", {})


def _remember(code: str, **kv) -> None:
    t = dict(session.get("t", {}))
    entry = dict(t.get(code, {}))
    entry.update({k: v for k, v in kv.items() if v})
    t[code] = entry
    if len(t) > 12:                       # keep the cookie small: the newest dozen tables
        for old in list(t)[:-12]:
            del t[old]
    session["t"] = t
    session.permanent = True
    # the pages' CSRF token goes into the same cookie now, so the table page this leads to
    # does not send the session cookie again (a few hundred bytes before its first render)
    from flask_wtf.csrf import generate_csrf
    generate_csrf()


def _access(code: str, required: bool = True):
    token = _tables().get(code, {}).get("token") or ""
    try:      # not pages/refusals.py: a page may go on without a seat (``required=False``)
        return svc().authorize(code, token)
    except ServiceError as err:
        if not required:
            return None
        if err.status == 404:
            abort(404)
        return _no_seat(code)


class _Stop(Exception):
    def __init__(self, response):
        self.response = response


@bp.errorhandler(_Stop)
def _stop(exc):
    return exc.response


def _no_seat(code):
    resp = make_response(render_template("no_seat.html", code=code,
                                         invite=_tables().get(code, {}).get("invite")), 403)
    raise _Stop(resp)


def _bad_link(code, err):
    """An invite or seat link that was refused: 404 for no such table, else the no-seat page."""
    if err.status == 404:
        abort(404)
    return render_template("no_seat.html", code=code, invite=None, bad_invite=True), 403


# (marker in the User-Agent, browser name), first match wins: the marks of browsers built on
# Chrome or Safari come before theirs (each also says "Chrome" or "Safari")
_BROWSERS = (("SamsungBrowser/", "Samsung Internet"), ("EdgA/", "Edge"), ("EdgiOS/", "Edge"),
             ("Edg/", "Edge"), ("OPR/", "Opera"), ("OPiOS/", "Opera"), ("YaBrowser/", "Yandex"),
             ("Whale/", "Whale"), ("CriOS/", "Chrome"), ("FxiOS/", "Firefox"),
             ("Firefox/", "Firefox"), ("HeadlessChrome/", "Chrome"), ("Chrome/", "Chrome"),
             ("Safari/", "Safari"))
BROWSER_NAMES = tuple(dict.fromkeys(name for _, name in _BROWSERS))
# an Android phone's model: "(Linux; Android 14; Pixel 8)", "(Linux; Android 13; SM-S911B Build/…)";
# Chrome's reduced User-Agent says "K" instead, which names nothing
_ANDROID_MODEL = re.compile(r"Android [\d.]+;(?: [a-z]{2}[-_][a-zA-Z]{2};)? ([^;)]+?)(?: Build/[^;)]*)?[;)]")
_GENERIC_MODELS = {"K", "Mobile", "Tablet", "wv", "U"}


def device_label(ua: str) -> str:
    """A phone's name from what its browser says: the browser and the phone's model where the
    User-Agent gives it ("Chrome on Pixel 8"), else the browser and the kind of device ("Chrome
    on Android", "Safari on iPhone", "Firefox on Linux"); "browser" when neither is known."""
    ua = ua or ""
    browser = next((name for key, name in _BROWSERS if key in ua), None)
    where = None
    for key, name in (("iPhone", "iPhone"), ("iPad", "iPad"), ("Android", "Android"),
                      ("CrOS", "ChromeOS"), ("Macintosh", "Mac"), ("Windows", "Windows"),
                      ("Linux", "Linux")):
        if key in ua:
            where = name
            break
    if where == "Android":
        m = _ANDROID_MODEL.search(ua)
        model = m.group(1).strip() if m else ""
        if model and model not in _GENERIC_MODELS and not model.startswith("rv:"):
            where = model
    if browser and where:
        return f"{browser} on {where}"
    return browser or (f"a browser on {where}" if where else "browser")


def _device_label() -> str:
    return device_label(request.headers.get("User-Agent", ""))[:60]


def _int(v, default=None):
    try:
        return int(v)
    except (TypeError, ValueError):
        return default
