"""The table page's live part, made of pieces: what every phone of a table shows and is pushed
after every step (companion/live.py), alike on every phone of one kind (its language and time
zone), seats and watchers alike; what differs by seat is marked in it and shown by each phone's
own style (pages/table.py ``seat_style``): a seat's alone ``data-only="<seat>"``, every seat's
but no watcher's ``data-seats`` (the steps' forms, undo, the clock's switch), a watcher's alone
``data-only=""``. One part for the six phones of a table, not one for the seats and another for
the watcher: a step's part is made, diffed, encoded and compressed once (issue 28).

A step changes a few things on the page: the status line, what just happened, the undo button,
the acting seat's forms, a few of the book's sections, one history line. So the part is a list of
pieces, each made from its own data (:func:`pieces`), joined by newlines (:class:`Part`). The
pieces of the parts made lately for the same table, language and time zone are kept
(:class:`Memo`): a piece whose data equals (``==``) what it was made from then is taken as it
was, so a step makes only what it changed. A form is kept for its legal entry's declared
content (wherever the entry stands in the list), a history line for its log row. Only what the
newest parts used is kept, per table, language and time zone, so a busy server never drops the
pieces of a live table to make room for another table's.

What changed since the part before is then found piece by piece (``live_wire.piece_delta``),
not line by line over the whole part.
"""
from __future__ import annotations

import dataclasses
import hashlib
import json
import re
import uuid

from flask import current_app, request
from markupsafe import Markup

from companion import actionforms, table_clock
from companion.i18n import gettext as _, locale_name, ngettext
from companion.kept import Kept
from companion.live_wire import Message, Part, changed_since
from companion.pages.history import (TZ_COOKIE, _entry, is_step, line_head, line_tail,
                                     undo_marks)
from companion.pages.live_pieces import live_open_html, news_html, status_html, undo_html
from companion.pages.once import once
from companion.pages.seats import svc
from companion.pages.sections import section_html
from companion.pages.step_form import step_form
from companion.pages.text import _use_table, name_of
from companion.present import engine_text
from companion.wire import dumps_engine

RECENT_STEPS = 60               # the log rows a part reads (what an undo takes back is in them)
SHOWN_STEPS = 8                 # the history lines the part shows
MEMOS_KEEP = 1024               # tables × languages × time zones whose pieces are kept
KEEP_UNUSED = 12                # versions a piece is kept unused (a seat's turn comes round)
KEEP_SLACK = 4                  # ...and at most this many more (they are dropped in batches)
# the parts a post's answer can be sent as a change from, kept per table (not
# among all tables': at 500 tables stepping every 10 s, 512 parts kept among them all were gone
# before a table's next step, and every post was answered with its whole part, 6.8 KB as sent
# against 1.2 KB, and a millisecond more of the server's): the last few versions' of each, as
# outlines (their pieces, no joined text)
HELD_VERSIONS = 3               # a phone posts from a part at most this many versions old
HELD_TABLES = 4096              # tables whose parts are kept
# a step's forms: a new one is sent as what changed from the one it took the place of
PAIRED = ("step",)

# the places in a made part where each phone puts its own CSRF token and a new idempotency
# key, and the version its forms are posted at (the part's data-version: so a form is the same
# text from one version to the next), by :func:`own` or the phone's own script
# (static/live_boot.js); a "<" never comes out of an escaped value, so no player's text can
# look like these
CSRF_SLOT = "<csrf>"
KEY_SLOT = "<key>"
VERSION_SLOT = Markup("<version>")
# where a form made once for its legal entry gets its entry's place in this version's legal
# list (the same entry moves when the entries before it change)
INDEX_SLOT = Markup("<index>")
# what a form is made with besides its table's code: the slots above, as its markup takes them
FORM_SLOTS = (VERSION_SLOT, Markup(CSRF_SLOT), Markup(KEY_SLOT))


class Memo:
    """The pieces of one table's parts for one language and time zone: those kept from the
    parts made before (``old``: key -> (data, html, the version of the last part that used
    it)) to take from, and those of the part being made at ``version`` (``new``: key -> (data,
    html, version)), which are added to them when it is done (:func:`live_html`; a part with a
    form's answer in it takes from them, and adds nothing)."""

    def __init__(self, old: dict, version: int | None = None):
        self.old = old
        self.new: dict = {}
        self.version = version

    def piece(self, slot, data, make):
        """The piece in ``slot``: as it was if it was made from data equal to ``data``, else
        ``make()`` (then kept in its place)."""
        was = self.old.get(slot)
        made = was[1] if was is not None and was[0] == data else make()
        self.new[slot] = (data, made, self.version)
        return made

    def keyed(self, key, make):
        """A piece kept for ``key`` alone (it says everything it is made from): a form for its
        legal entry, a history line for its log row."""
        was = self.new.get(key) or self.old.get(key)
        made = was[1] if was is not None else make()
        self.new[key] = (None, made, self.version)
        return made

    def kept(self, version: int) -> dict:
        """What the next parts take from: the pieces of this part (at ``version``), and those
        of the parts before that a part of the last ``KEEP_UNUSED`` versions used (a seat's
        forms of its turn before). Counted in versions, not parts. The pieces before are
        looked through only when one of them has gone unused ``KEEP_SLACK`` versions longer
        than that (:class:`KeptPieces`), and then all those older are dropped: most parts copy
        them as they are."""
        floor = version - KEEP_UNUSED
        old = self.old
        oldest = getattr(old, "oldest", None)           # (None: a dict of unknown ages)
        if oldest is not None and oldest > floor - KEEP_SLACK:
            out = KeptPieces(old)
        else:
            out = KeptPieces({k: v for k, v in old.items() if v[2] > floor})
            oldest = min((v[2] for v in out.values()), default=version)
        out.oldest = min(oldest, version)
        if version == self.version:
            out.update(self.new)
        else:
            out.update((k, (data, html, version)) for k, (data, html, _) in self.new.items())
        return out


class KeptPieces(dict):
    """A table's kept pieces (key -> (data, html, the version of the last part that used
    it)) and ``oldest``, the least of those versions (a piece made again later may have left
    it lower than any now: :meth:`Memo.kept` then looks through them once more)."""

    oldest = 0


_memos = Kept(MEMOS_KEEP)
# the legal lists whose entries' JSON texts are kept (a list is held here for as long: a
# version's parts and posts come within moments of each other)
ENTRY_TEXTS_KEEP = 64
_entry_texts = Kept(ENTRY_TEXTS_KEEP)   # id(a version's legal list) -> (that list, its texts)
_held = Kept(HELD_TABLES)       # table -> {data-made: outline} of its last parts


def _last_for_seat(last: dict | None) -> dict | None:
    """The last step when a phone of one seat entered it for another seat (that seat is told)."""
    if last is None or last["correction"] or not last["player"]:
        return None
    for_seat = last["action"].get("entity", last["action"].get("seat"))
    if for_seat is None or str(for_seat) == str(last["player"]):
        return None
    return dict(last, seat=str(for_seat))


def _ranking(access, state) -> list[dict]:
    """A finished game's players, best first: name, total and place (ties share a place)."""
    names = {p["id"]: p["name"] for p in state.get("players") or []}
    rows = sorted(svc().scores(access)[1], key=lambda r: -r["total"])
    out, place = [], 0
    for i, r in enumerate(rows):
        if i == 0 or r["total"] != rows[i - 1]["total"]:
            place = i + 1
        out.append({"player": str(r["player"]), "name": names.get(r["player"], r["player"]),
                    "total": r["total"], "place": place})
    return out


def clock_view(access, state) -> dict | None:
    """The table clock as the page shows it (None while it is off): each seat's time up to
    ``since`` (server time, epoch seconds) and whether it is running; a phone ticks the running
    seats' times itself from ``since`` (static/live_boot.js)."""
    clock = svc().clock_of(access)
    if clock is None:
        return None
    used, running = clock.get("used") or {}, set(clock.get("running") or [])
    rows = [{"seat": str(p["id"]), "name": p["name"], "used": used.get(str(p["id"]), 0.0),
             "text": table_clock.clock_text(used.get(str(p["id"]), 0.0)),
             "running": str(p["id"]) in running and not clock.get("paused")}
            for p in state.get("players") or []]
    return {"since": clock["since"], "paused": bool(clock.get("paused")), "rows": rows}


def part_key(s, access, version: int, undo: list, tz, locale: str) -> tuple:
    """What a shared live part is made once for (:func:`live_html`): the table and its version,
    the open undo requests, the phone's time zone and language, and the table clock (``s``: the
    table service). Not whether the phone is a seat's or a watcher's: they share it."""
    asks = tuple(r["id"] for r in undo if r["status"] == "pending")
    clock = s.clock_of(access)
    clock_key = None if clock is None else (clock["since"], bool(clock.get("paused")),
                                            tuple(clock.get("running") or ()))
    return ("part", asks, tz, access.code, version, locale, clock_key)


def _acting_name(entity, acting_for: dict) -> str:
    """The header's name for who acts: a player, or a company with who runs it ("GR (Ann)")."""
    by = acting_for.get(str(entity))
    if by is None:
        return name_of(entity)
    return _("%(company)s (%(player)s)", company=name_of(entity), player=name_of(by))


def seat_json_list(ids) -> str:
    return json.dumps([str(i) for i in ids])


def entry_texts(legal: list) -> list:
    """Each legal entry's declared content as JSON text (the key its form is kept under), made
    once for a version's list (the engine's own, shared by every part and post of that
    version: ``LiveTable.legal``), not once for every part made from it."""
    kept = _entry_texts.get(id(legal))
    if kept is None or kept[0] is not legal:
        kept = (legal, [dumps_engine(e) if isinstance(e, dict) else None for e in legal])
        _entry_texts.put(id(legal), kept)
    return kept[1]


def _forms(memo: Memo, legal: list[dict]) -> list:
    """The forms of the legal entries, each built once for its entry's declared content (its
    JSON text), wherever the entry stands in the list: each version's copy has the entry's place
    there (``index``, :func:`_placed`) and ``f.piece``, the entry's key, for its HTML."""
    out = []
    texts = entry_texts(legal)
    for i, e in enumerate(legal or []):
        if not isinstance(e, dict) or e.get("type") in actionforms.HIDDEN_TYPES:
            continue
        piece = texts[i]
        out.append(_placed(memo.keyed(("form", piece), lambda: actionforms.build(i, e)),
                           i - len(legal), piece))
    return out


def _placed(kept, index: int, piece: str):
    """A kept form at ``index`` of this version's legal list (a shallow copy: the kept form's
    fields are shared); ``piece``: its entry's JSON text, the key it is kept under.

    A form's ``index`` (the ``i`` it posts, with the version it was made at) counts from the
    end of the list, -1 the last: the entries a player may enter at any time (the
    corrections) come after the turn's steps, whose number changes from step to step, so
    their forms say the same from one version to the next and a phone is sent nothing new
    for them."""
    form = object.__new__(type(kept))      # (copy.copy's own way, a few times slower)
    form.__dict__.update(kept.__dict__, index=index, piece=piece)
    return form


def own(html: str, version: int) -> Markup:
    """A made part with this phone's CSRF token, a new key per form and the version its forms
    are posted at."""
    from flask_wtf.csrf import generate_csrf
    html = html.replace(CSRF_SLOT, generate_csrf()).replace(VERSION_SLOT, str(version))
    return Markup(re.sub(re.escape(KEY_SLOT), lambda m: uuid.uuid4().hex, html))


def pieces(code, access, st, memo: Memo, made: str = "", error=None, error_index=None,
           posted=None, notice=None, confirm=None, undo=None) -> list[tuple]:
    """The live part's pieces in order, each ``(slot, html)``: made from what it shows, or taken
    from ``memo`` when that is unchanged. With a form's answer in it (``error``, ``notice``,
    ``confirm``, what was ``posted``) the part is this phone's alone: the answered form is made
    for it, the rest taken from ``memo`` as for any part."""
    s = svc()
    state, version = st["state"], st["version"]
    _use_table(state)
    # the last steps are enough for the page (and for what an undo takes back); each entry is
    # made once for its log row (rows never change)
    hist = s.recent_history(access, version, RECENT_STEPS)
    rows = {h["version"]: h for h in hist}

    def entry(v: int) -> dict | None:
        """The history entry of log row ``v`` (kept: rows never change), None if not read."""
        h = rows.get(v)
        return None if h is None else memo.keyed(("entry", v), lambda: _entry(h))
    last = entry(hist[-1]["version"]) if hist else None
    # (the same for both kinds of phone: found once for the version)
    marks = memo.keyed(("marks", version), lambda: undo_marks(hist))
    undone = marks.undone                 # (the kept entries are shared: marked on copies)
    recent = [dict(entry(h["version"]), undone=h["version"] in undone,
                   back=is_step(h) and h["version"] not in undone)
              for h in reversed(hist[-SHOWN_STEPS:])]
    back = [dict(entry(h["version"]), board=[engine_text(ev, "board")
                                             for ev in h.get("events") or [] if ev.get("board")])
            for h in marks.taken_back]
    book = st.get("book") or []
    undo_target = None
    steps = marks.in_force
    if steps and state.get("can_undo"):
        target = entry(steps[-1]["version"])
        # what to take back on the board: each event's "board" text of that step
        board = [engine_text(e, "board") for e in target["events"] if e.get("board")]
        undo_target = {"what": target["what"], "name": target["by"],
                       "version": target["version"], "player": target["player"],
                       "board": board}
    asks = []                             # (each marked for the seats it is shown to)
    for req in (undo if undo is not None else s.undo_requests(access)):
        if req["status"] != "pending":
            continue
        step = entry(req["step_version"])
        what = step["what"] if step else f"#{req['step_version']}"
        if req.get("to_version") is not None:     # undo back to a chosen point
            n = sum(1 for h in hist if h["version"] >= req["to_version"] and
                    is_step(h) and h["version"] not in undone)
            what = ngettext("%(num)s step, back to #%(v)s", "%(num)s steps, back to #%(v)s",
                            n, v=req["to_version"])
        asks.append(dict(req, what=what, by_name=name_of(req["requested_by"]),
                         owner_name=name_of(req["step_player"])))
    forms = _forms(memo, st["legal"])     # (marked for the seats: a watcher's style hides them)
    acting = state.get("acting") or []
    acting_ids = set(map(str, acting))
    now_forms, others = [], []            # (a form is in one list or the other, or neither)
    for f in forms:
        if str(f.entity) in acting_ids or (f.entity is None and not f.anytime):
            now_forms.append(f)
        elif f.type != "correction":
            others.append(f)
    fixes = [f for f in forms if f.type == "correction"]     # the engine declares one per kind
    fix_at = {f.index for f in fixes}
    ranking = _ranking(access, state) if state.get("finished") else []
    clock = clock_view(access, state)
    answered = {error_index, (confirm or {}).get("index")} - {None}

    def form_html(f) -> str:
        """A step's form: made once for its legal entry; the form a post's answer is about (its
        error, what was typed, a question) made for it."""
        if f.index in answered:
            return step_form(f, code, *FORM_SLOTS, error=error, error_index=error_index,
                             posted=posted, confirm=confirm)
        html = memo.keyed(("form-html", f.piece), lambda: step_form(
            dataclasses.replace(f, index=INDEX_SLOT), code, *FORM_SLOTS))
        return str.replace(html, INDEX_SLOT, str(f.index))    # (Markup's replace escapes)

    def entry_html(h: dict) -> Markup:
        """A history line: made once for its log row (as marked undone) for both kinds of phone,
        a seat's "Undo back to here" after it."""
        head = memo.keyed(("entry-head", h["version"], h["undone"]), lambda: line_head(h))
        tail = memo.keyed(("entry-back", h["version"]), lambda: line_tail(h, code)) \
            if h["back"] else line_tail(h, code)
        return Markup(head + tail)

    def section(s, mode, first=False, skip=0) -> tuple:
        """One book section (pages/sections.py), made again only when its data changed."""
        slot = ("section", s["id"], mode, first, skip)
        return slot, memo.piece(slot, s, lambda: section_html(s, mode, first, skip))

    ctx = dict(
        code=code, access=access, state=state, version=version, made=made, book=book,
        acting_json=seat_json_list(state.get("acting_players") or []),
        seats=[(str(p["id"]), p["name"]) for p in state.get("players") or []],
        acting_names=[_acting_name(a, state.get("acting_for") or {}) for a in acting],
        clock=clock, fixes=fixes, others=others, recent=recent,
        last_events=last["events"] if last else [], error=error, error_index=error_index,
        posted=posted or {}, notice=notice, undo_target=undo_target,
        asks=asks, confirm=confirm, ranking=ranking, taken_back=back,
        for_seat=_last_for_seat(last),
        # every phone fills in its own (static/live_boot.js, :func:`own`)
        csrf_token=lambda: Markup(CSRF_SLOT), new_key=lambda: Markup(KEY_SLOT),
        version_slot=VERSION_SLOT)

    blocks = current_app.jinja_env.get_template("book/live.html")
    context = []          # the template's context for this part, made if a block is made

    def rendered(name: str) -> str:
        if not context:
            context.append(blocks.new_context(ctx))
        return "".join(blocks.blocks[name](context[0]))

    def block(name, data=None, make=None):
        """A piece of book/live.html (its block ``name``), made from the one context of this
        part, or by ``make``: for every part unless ``data`` says all it shows (then as it
        was while that is unchanged)."""
        if make is None:
            def make():
                return rendered(name)
        if data is None:
            return name, make()
        return name, memo.piece(name, data, make)

    def act() -> list:
        """A watcher's line (shown on a watcher's phone alone), then the acting seat's steps,
        each form a piece of its own in its card (a form says the same from step to step: only
        the forms a step changed are new)."""
        out = [block("act", (bool(state.get("finished")),))]
        if not forms:
            return out
        out.append(block("act_open", ([s for s in book if s.get("steps")],
                                      error if error_index is None else None)))
        cards = actionforms.grouped([f for f in now_forms if f.type != "correction"])
        for k, card in enumerate(cards):
            if card["key"]:
                out.append((("card", k), memo.keyed(("card-open", card["key"], card["title"]),
                                                    lambda: _card_open(card))))
            out += [(("step", f.piece), form_html(f)) for f in card["forms"]]
            if card["key"]:
                out.append((("card_close", k), "</div>"))
        if others:
            out.append(block("others_open", (len(others),)))
            out += [(("step", f.piece), form_html(f)) for f in others]
            out.append(("others_close", "</details>"))
        out.append(("act_close", "</section>"))
        return out

    summary, whole = book_order(book)
    facts = book[0]["items"][0]["value"] if book and book[0].get("kind") == "facts" else None
    out = [("live_open", live_open_html(version, made, code, ctx["acting_json"],
                                        bool(state.get("finished")), clock)),
           block("status", (facts, version, bool(state.get("finished")), ctx["acting_names"],
                            clock, ctx["seats"]),
                 make=lambda: status_html(book, bool(state.get("finished")),
                                          ctx["acting_names"], clock, version, ctx["seats"])),
           block("glance_open", ()),
           *[section(*shown) for shown in summary],
           block("glance_close", (clock,)),
           block("news", (asks, notice, ctx["for_seat"], ranking, back, ctx["last_events"]),
                 make=lambda: news_html(code, asks, notice, ctx["for_seat"], ranking,
                                        back, ctx["last_events"], CSRF_SLOT)),
           # (undo, corrections and steps: the seats'; a watcher's style hides them)
           block("undo", (undo_target, state.get("can_redo")),
                 make=lambda: undo_html(code, undo_target, state.get("can_redo"), CSRF_SLOT,
                                        VERSION_SLOT)),
           # each correction's form a piece of its own, the same text from step to step (its
           # place counted from the end of the legal list: _placed)
           block("fixes_open", (bool(fixes),
                                confirm is not None and confirm.get("index") in fix_at)),
           *[(("fix", k, f.piece), form_html(f)) for k, f in enumerate(fixes)],
           block("fixes_close", (bool(fixes),)),
           *act(),
           block("links", (bool(state.get("finished")),)),
           block("book_open", ()),
           *[section(*shown) for shown in whole],
           ("book_close", "</section>"),
           block("history_open", (not recent,)),
           *[(("entry", h["version"], h["undone"], h["back"]), entry_html(h)) for h in recent],
           block("history_close", ()),
           block("clock", (clock,)),
           ("close", "</div>")]
    return out


def _card_open(card: dict) -> Markup:
    """The head of a card of the acting seat's steps about one thing (a company, a lot)."""
    return Markup('<div class="group" role="group" data-about="{0}" aria-label="{1}" '
                  'style="border-top:1px solid #8886;margin-top:.5rem;padding-top:.2rem">\n'
                  '  <h3>{1}</h3>').format(card["key"], card["title"])


def book_order(book: list[dict]) -> tuple[list, list]:
    """The book's sections as the part shows them, each ``(section, mode, first, skip)`` for
    pages/sections.py: the summary's (the "glance" sections, compact; the first without its
    first item, which the status line says) and the book's (the glance sections again, whole
    where the summary left some of them out, then the others)."""
    first = book[0] if book else None
    glance = [s for s in book if s.get("glance")]
    return ([(s, "summary", False, 1 if s is first else 0) for s in glance],
            [(s, "glance", s is first, 0) for s in glance] +
            [(s, "book", False, 0) for s in book if not s.get("glance")])


def _memo_for(code, version: int | None = None) -> tuple:
    """The key of the kept pieces of this table's parts in this phone's language and time zone,
    and a memo starting from them (for a part at ``version``)."""
    key = (code, locale_name(), request.cookies.get(TZ_COOKIE))
    return key, Memo(_memos.get(key) or {}, version)


def posted_form(code, legal: list[dict], index: int):
    """The form of the legal entry a post names (its ``i``, counted from the end of the list:
    :func:`_placed`; or from its start, as a page made before it counted; None if there is no
    such form): as the parts of this phone's language built it for that entry, when they are
    kept, else built now (``actionforms.form_at``)."""
    n = len(legal or [])
    at = index + n if index < 0 else index
    if not 0 <= at < n or not isinstance(legal[at], dict):
        return None
    piece = entry_texts(legal)[at]
    kept = _memo_for(code)[1].old.get(("form", piece))
    form = actionforms.form_at(legal, at) if kept is None else kept[1]
    return None if form is None else _placed(form, at - n, piece)


def live_html(code, access, st=None, undo=None, **extra) -> tuple[int, str]:
    """(version, the page's live part, with a slot for each phone's own token and keys: see
    :func:`own`). Without a form's answer in it (an error, a notice, what was typed) it is made
    once per table, version, language, time zone and open undo requests (:func:`part_key`), and
    every phone of the table in that language and time zone shares it, seat or watcher. ``st``
    and ``undo``: the table's state and open undo requests, when the caller has them."""
    if any(v is not None for v in extra.values()):    # this phone's alone: nothing kept of it
        st = st if st is not None else svc().state_shown(access)
        part = _answered(code, access, st, **extra)
        if part is None:
            part = Part(pieces(code, access, st, _memo_for(code, st["version"])[1], **extra),
                        PAIRED)
        return st["version"], part
    if st is None:                 # the engine's own objects, shared: no JSON read back
        st = svc().state_shown(access)
    version = st["version"]
    if undo is None:
        undo = svc().undo_requests(access)
    key = part_key(svc(), access, version, undo, request.cookies.get(TZ_COOKIE), locale_name())
    # the part's name: a phone shown this very part skips a push of it (static/live_boot.js)
    made = hashlib.sha1(repr(key).encode()).hexdigest()[:16]

    def make() -> Part:
        at, memo = _memo_for(code, version)
        part = Part(pieces(code, access, st, memo, made=made, undo=undo), PAIRED)
        _memos.put(at, memo.kept(version))
        _hold(code, made, part)
        return part
    return version, once(key, make)


def _answered(code, access, st, error=None, error_index=None, posted=None, notice=None,
              confirm=None) -> Part | None:
    """A post's answer about one step's form (its error and what was typed, or the question it
    is asked once) as the part its kind of phone shares (:func:`live_html`) with that form made
    for it, and without the shared part's name: all else in it is the same, so nothing else
    is made again. None when the answer says more than its form (a notice; an error of no
    form, which the step card's head says; a correction's question, which its card says too):
    :func:`pieces` makes it."""
    index = error_index if error_index is not None else (confirm or {}).get("index")
    if notice is not None or index is None or not access.can_write or \
            (confirm is not None and confirm.get("index") != index):
        return None
    form = posted_form(code, st["legal"], index)
    if form is None or form.type == "correction" or form.index != index:
        return None
    _use_table(st["state"])
    shared = live_html(code, access, st)[1]
    slot = ("step", form.piece)
    if not isinstance(shared, Part) or slot not in dict(shared.pieces):
        return None
    answered = step_form(form, code, *FORM_SLOTS, error=error, error_index=error_index,
                         posted=posted, confirm=confirm)
    out = []
    for s, html in shared.pieces:
        if s == slot:
            html = answered
        elif s == "live_open":              # this phone's alone: not the shared part's name
            html = re.sub(r' data-made="[0-9a-f]*"', ' data-made=""', html, count=1)
        out.append((s, html))
    return Part(out, PAIRED)


def _hold(code, made: str, part: Part) -> None:
    """Keep ``part``'s outline as one a phone of this table may hold when it posts (with the
    last ``HELD_VERSIONS`` - 1 before it)."""
    kept = dict(_held.get(code) or {})
    kept[made] = part.outline()
    _held.put(code, dict(list(kept.items())[-HELD_VERSIONS:]))


def part_answer(code, access, held: str, **extra) -> Message:
    """The live part (:func:`live_html`) as a message like a push: what changed since the part
    the phone holds (``held``, that part's ``data-made``) when this process still has it (one of
    this table's: a phone is never sent a change from another table's part),
    else the whole part; with the slots each phone fills in itself (:func:`own`), so no copy of
    the part is made for the phone."""
    version, part = live_html(code, access, **extra)
    old = (_held.get(code) or {}).get(held) if held else None
    return changed_since(version, old, part) or Message({"version": version, "part": part})
