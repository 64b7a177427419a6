"""What the live socket calls to push a phone the live part (companion/live.py): the part of
the phone's kind (its language and time zone; seats and watchers alike) made once per table and
version by pages/live_part.py, here found for a phone's socket without the phone's own request: a
part made already (by the post that made the step) is taken as it is, else it is made in a
request like the phone's own fetch of its part, made from what is kept for the phone's
headers."""
from __future__ import annotations

from flask import request
from flask.ctx import RequestContext
from flask.testing import EnvironBuilder

from companion.i18n import language, locale_name, speak
from companion.kept import Kept
from companion.live_wire import TZ_COOKIE
from companion.pages.live_part import live_html, part_key
from companion.pages.once import made_already


def made_part(s, access, tz, locale: str) -> tuple[int, str, list, dict]:
    """(version, the shared live part of this kind of phone at the table's version if it is
    made already, else None, the open undo requests and the table's state): what a push to a
    phone of a kind whose part another phone's post or push made needs, without a request
    (:class:`PushRenderer`)."""
    st = s.state_shown(access)
    undo = s.undo_requests(access)
    return (st["version"], made_already(part_key(s, access, st["version"], undo, tz, locale)),
            undo, st)


ENVIRONS_KEEP = 2048            # the push renderer's requests kept (one per phone's headers)


class PushRenderer:
    """What the live socket calls to push a phone the live part (companion/live.py): made in a
    request like the phone's own (its language and time zone cookies). The hub makes it once per
    table, version and kind of phone (:meth:`kind`) and sends the same message to every phone
    of that kind: no request, cookie or state is read per phone per push."""

    def __init__(self, app):
        self.app = app
        # (table, the phone's headers but its session) -> [WSGI environ, its language or None]
        self._environs = Kept(ENVIRONS_KEEP)

    def _kept(self, access, headers: dict) -> list:
        """What is kept for a phone's headers (its session cookie left out, which a part does
        not read): [the WSGI environ of a request like the phone's own fetch of its part (its
        language and time zone), made once per table and headers (werkzeug's EnvironBuilder is
        most of a test request's cost); its language and its time zone, found in the first
        request made from it (None before)]."""
        session = self.app.config["SESSION_COOKIE_NAME"]
        if "Cookie" in headers:
            headers = dict(headers, Cookie="; ".join(
                c.strip() for c in headers["Cookie"].split(";")
                if c.strip() and c.split("=", 1)[0].strip() != session))
        key = (access.code, tuple(sorted(headers.items())))
        kept = self._environs.get(key)
        if kept is None:
            builder = EnvironBuilder(self.app, f"/tables/{access.code}/live", headers=headers)
            try:
                kept = [builder.get_environ(), None, None]
            finally:
                builder.close()
            self._environs.put(key, kept)
        return kept

    def _request(self, kept: list) -> RequestContext:
        """A request made from a copy of the kept environ, with an empty session that cannot be
        written (not a cookie session opened, whose signer alone costs a tenth of a push)."""
        return RequestContext(self.app, dict(kept[0]),
                              session=self.app.session_interface.make_null_session(self.app))

    def __call__(self, access, headers: dict) -> tuple[int, str]:
        at = self._kept(access, headers)
        st = undo = None
        if at[1] is not None:        # this kind's part is often made already (by a post)
            version, part, undo, st = made_part(self.app.extensions["companion.tables"], access,
                                                at[2], at[1][0])
            if part is not None:
                return version, part
        with self._request(at):
            # the phone's language and time zone, found from its headers once (flask_babel's
            # negotiation is a sixth of a watcher's part made from kept pieces)
            if at[1] is None:
                at[1], at[2] = language(), request.cookies.get(TZ_COOKIE)
            else:
                speak(at[1])
            return live_html(access.code, access, st, undo)

    def kind(self, access, headers: dict) -> tuple:
        """The kind of phone a page's socket is (found once, when it connects): its time zone
        and its language; the part is alike for every phone of one kind, seat or watcher (what
        differs by seat, and between seats and watchers, is marked in it: pages/table.py
        ``seat_style``)."""
        with self._request(self._kept(access, headers)):
            return (request.cookies.get(TZ_COOKIE), locale_name())


def push_renderer(app) -> PushRenderer:
    return PushRenderer(app)
