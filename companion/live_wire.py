"""What a live socket writes and reads (``companion/live.py`` is the socket and its hub): a pushed
message's JSON text and its WebSocket frames, made once for every phone (plain, or compressed once
for phones that took permessage-deflate); how a connection takes such ready-made frames; and a
phone's own message ({"since": n}, {"ping": n}) read and checked; a table page's live part
sent as what changed since the part its phone holds (:func:`part_message`, :func:`line_delta`);
and the request headers a table page's socket has its parts made with (:func:`page_headers`)."""
from __future__ import annotations

import itertools
import json
import operator
import re
import zlib
from array import array
from itertools import accumulate, compress, count
from typing import NamedTuple

from wsproto.extensions import PerMessageDeflate

from companion.wire import dumps_engine

MAX_VERSION = 2 ** 31 - 1
# the phone's minutes east of UTC: a cookie set by the table page's script
# (templates/book/local_times.html), which the pages say times in (pages/history.py local_time)
TZ_COOKIE = "tz"


def dumps(data) -> str:
    """A pushed message as compact JSON text (UTF-8 not escaped), with orjson: a part's 37 KB
    of HTML in a fraction of json.dumps's time."""
    return dumps_engine(data)


class Message(dict):
    """A pushed message with its JSON text made once (not once per phone), and its WebSocket
    frames too: made at the first phone that takes each kind of frame, then the same bytes
    written to every other phone (:meth:`frame`)."""

    def __init__(self, msg, text: str | None = None):
        super().__init__(msg)
        self._text = text
        self._frames: dict[int, bytes] = {}
        self.serial: int | None = None      # a live part's: its number in this process
        # a live part's: (the serial of the part it was made after, the message of what changed)
        self.delta: tuple[int, Message] | None = None

    @property
    def text(self) -> str:
        """The message as JSON text, made when first asked for (a whole live part's only when a
        phone is sent the whole part, not only what changed)."""
        if self._text is None:
            self._text = dumps(self)
        return self._text

    def frame(self, wbits: int = 0) -> bytes:
        """The server-to-client frame (RFC 6455 5.2: FIN, text, unmasked) of ``text``; with
        ``wbits``, compressed for a phone that took permessage-deflate with that window (RFC 7692:
        RSV1 set, the message compressed on its own, with no reference to earlier messages, which
        any such phone can read whatever context it keeps), the same bytes for all of them."""
        made = self._frames.get(wbits)
        if made is None:
            data = self.text.encode("utf-8")
            first = 0x81
            if wbits:
                packer = zlib.compressobj(zlib.Z_DEFAULT_COMPRESSION, zlib.DEFLATED,
                                          -_window_bits(len(data), wbits))
                data = (packer.compress(data) + packer.flush(zlib.Z_SYNC_FLUSH))[:-4]
                first = 0xC1                   # RFC 7692 7.2.1: without the final 00 00 ff ff
            n = len(data)
            if n < 126:
                head = bytes((first, n))
            elif n < 65536:
                head = bytes((first, 126)) + n.to_bytes(2, "big")
            else:
                head = bytes((first, 127)) + n.to_bytes(8, "big")
            made = self._frames[wbits] = head + data
        return made


def _window_bits(size: int, wbits: int) -> int:
    """The LZ77 window for a message of ``size`` bytes: as large as the message (a window that
    holds it all finds every match, the same bytes come out), at most the phone's ``wbits``, at
    least zlib's 9. A phone reads a smaller window than it took (RFC 7692 7.1.2.1), and zlib
    sets up a small one in a fraction of a full window's time (a step's frames are a few KB)."""
    # the least bits whose window holds the message and zlib's lookahead (MIN_LOOKAHEAD, 262)
    return max(9, min(wbits, (size + 261).bit_length()))


_serials = itertools.count(1)
DELTA_AT_MOST = 0.5            # a delta longer than this share of the part: the part is sent


def part_message(version: int, html: str, before: Message | None = None) -> Message:
    """A table page's live part at ``version`` as a pushed message ``{"version", "part"}``; with
    the part made before it for the same phones (``before``), also what changed since:
    ``{"version", "delta", "lines"}`` (:func:`line_delta`), sent instead to a phone whose last
    part was ``before`` (the same bytes to each of them). A phone that holds another part (it
    missed one, or just connected) is sent the whole part."""
    msg = Message({"version": version, "part": html})
    msg.serial = next(_serials)
    old = before.get("part") if before is not None and before.serial is not None else None
    delta = changed_since(version, old, html)
    if delta is not None:
        msg.delta = (before.serial, delta)
    return msg


def changed_since(version: int, old: str | None, html: str) -> Message | None:
    """What changed from the part ``old`` to the part ``html`` (at ``version``) as a message
    ``{"version", "delta", "lines"}``; None without ``old``, or when it is not worth it (longer
    than ``DELTA_AT_MOST`` of the part: the whole part is sent)."""
    if isinstance(old, (Part, Outline)) and isinstance(html, Part):
        # a step's post is answered with what changed since the part its phone holds, and the
        # other phones of its kind are pushed the same change a moment later: found once
        found = html.since.get(old.serial, _MISSING)
        if found is _MISSING:
            found = html.since[old.serial] = _worth_it(
                version, *piece_delta(old, html), html)
        return found
    if not isinstance(old, str):
        return None
    return _worth_it(version, *line_delta(old, html), html)


_MISSING = object()


def _worth_it(version: int, ops: list, lines: int, html: str) -> Message | None:
    delta = Message({"version": version, "delta": ops, "lines": lines})
    return delta if len(delta.text) <= len(html) * DELTA_AT_MOST else None


class Outline(NamedTuple):
    """What :func:`piece_delta` reads of a part made before (its pieces and ``starts``, shared
    with the part, and its serial), kept without the part's joined text: the parts a table's
    phones may hold when they post are kept this way (pages/live_part.py)."""
    pieces: tuple
    serial: int
    starts: array


class Part(str):
    """A live part made of pieces (``(slot, html)``, each slot named once): its text is the
    pieces joined by newlines, and :func:`piece_delta` finds what changed since another such part
    piece by piece (the pages' ``companion/pages/live_part.py`` makes them). ``since``: what
    changed since the parts it was compared with, by their ``serial`` (:func:`changed_since`);
    ``paired``: the kinds of slot whose new pieces are sent as what changed from a gone piece of
    their kind (:func:`piece_delta`); ``starts``: the line each piece starts at and the part's
    line count, once found (:func:`_starts`; 4 bytes a piece, kept by its outline too)."""

    pieces: tuple
    serial: int
    since: dict
    paired: frozenset
    starts: array

    def __new__(cls, pieces, paired=()):
        part = super().__new__(cls, "\n".join(html for _, html in pieces))
        part.pieces = tuple(pieces)
        part.paired = frozenset(paired)
        part.serial = next(_part_serials)
        part.since = {}
        part.starts = array("I")
        return part

    def outline(self) -> Outline:
        return Outline(self.pieces, self.serial, self.starts)


_part_serials = itertools.count(1)


def piece_delta(old: Part | Outline, new: Part) -> tuple[list, int]:
    """:func:`line_delta`'s ops and line count for ``new`` made from ``old``, found piece by
    piece: a piece as it was in ``old`` is a run of ``old``'s lines; a piece whose slot ``old``
    has with other text is compared with that piece alone (:func:`_changed_piece`; its runs moved
    to where that piece starts in ``old``); a piece of a new slot ``(kind, ...)`` whose kind
    ``new`` pairs (``Part.paired``: the form of a new legal entry) is compared with a gone piece
    of that kind (the form it took the place of, which says most of the same lines); any other
    piece of a new slot is sent as it is. Text after text is joined to it, and a run from where
    the run before ends is made one with it, as each piece comes: the pieces as they were, most
    of a part, one after another make one run. The line counts of ``new``'s pieces are known on
    the way (a piece as it was has its old count, a changed one is split into its lines) and kept
    as its ``starts``: the part made after it is found from it without counting them again."""
    pieces, starts = old.pieces, _starts(old).tolist()
    index = {slot: i for i, (slot, _) in enumerate(pieces)}
    gone = None                         # kind -> the old slots of that kind gone (:func:`_gone`)
    ops: list = []
    end = -1                            # the line after ops[-1] when it is a run, else -1
    counts = []                         # the line count of each of new's pieces
    for slot, html in new.pieces:
        i = index.get(slot)
        if i is None:
            if isinstance(slot, tuple) and slot[0] in new.paired:
                if gone is None:
                    gone = _gone(index, new)
                spare = gone.get(slot[0])
                if spare:
                    i = index[spare.pop(0)]
            if i is None:
                text = str(html)         # a piece may be Markup: its + would escape a str
                if end < 0 and ops:
                    ops[-1] += "\n" + text
                else:
                    ops.append(text)
                end = -1
                counts.append(text.count("\n") + 1)
                continue
        elif pieces[i][1] == html:      # (the same object mostly: str's == looks first)
            start, stop = starts[i], starts[i + 1]  # as it was: old's lines start to stop
            if start == end:
                ops[-1][1] += stop - start
            else:
                ops.append([start, stop - start])
            end = stop
            counts.append(stop - start)
            continue
        changed, n = _changed_piece(pieces[i][1], html, starts[i])
        first = changed[0]              # (only it may go on from the ops before)
        if type(first) is str:
            if end < 0 and ops:
                ops[-1] += "\n" + first
                del changed[0]
        elif first[0] == end:
            ops[-1][1] += first[1]
            del changed[0]
        ops += changed
        last = ops[-1]
        end = -1 if type(last) is str else last[0] + last[1]
        counts.append(n)
    if not new.starts:
        new.starts[:] = array("I", accumulate(counts, initial=0))
    return ops, starts[-1]


def _starts(part: Part | Outline) -> array:
    """The line each of ``part``'s pieces starts at, and its line count last: kept on the part
    (and its outline) once found, by :func:`piece_delta` as it made the part from the one before,
    else counted here. Filled in one assignment: two threads that find them at once fill in the
    same numbers."""
    if not part.starts:
        part.starts[:] = array("I", accumulate(
            (html.count("\n") + 1 for _, html in part.pieces), initial=0))
    return part.starts


def _gone(index: dict, new: Part) -> dict:
    """The slots of the part before (``index``: each slot's place in it) that ``new`` has no
    more, by kind, of the kinds ``new`` pairs: found when :func:`piece_delta` first needs them."""
    now = {slot for slot, _ in new.pieces}
    gone: dict = {}
    for slot in index:
        if isinstance(slot, tuple) and slot not in now and slot[0] in new.paired:
            gone.setdefault(slot[0], []).append(slot)
    return gone


def _changed_piece(old: str, new: str, at: int) -> tuple[list, int]:
    """:func:`line_delta`'s ops for a piece that changed, its runs moved to where the piece
    starts in its part (``at``), and its line count. Most change a few lines in place (a version
    in each form, a name): with as many lines as before, the lines are compared in order, a run
    kept where they are equal; else :func:`line_delta`. The ops are new lists and plain strings,
    and none goes on from the one before it (text after text, a run from where the run before
    ends): only the first may, from the ops of the pieces before."""
    was, now = _lines(old), _lines(new)
    if len(was) != len(now):
        ops = line_delta(old, new)[0]
        for op in ops:
            if type(op) is list:
                op[0] += at
        return ops, len(now)
    ops = []
    i = 0                               # the first line not in ops yet
    for k in compress(count(), map(operator.ne, was, now)):      # the lines that differ
        if k > i:
            ops += [at + i, k - i], now[k]
        elif ops:                       # (the line before differs too)
            ops[-1] += "\n" + now[k]
        else:
            ops.append(now[k])
        i = k + 1
    if i < len(now):
        ops.append([at + i, len(now) - i])
    return ops, len(now)


def _lines(text: str) -> list[str]:
    """``text``'s lines as plain strings: a piece is often Markup, whose own ``split`` makes
    each line a Markup (a third of the time a delta took); an empty text ``str.split`` gives back
    itself, Markup too."""
    return str.split(text, "\n") if text else [""]


def line_delta(old: str, new: str) -> tuple[list, int]:
    """``new`` as made from ``old``'s lines: (ops, the number of lines of ``old``); each op is
    ``[start, count]`` (that run of ``old``'s lines) or a string (new lines, joined by "\n").
    The lines joined by "\n" are ``new`` exactly (:func:`apply_delta`; the phone's own is
    ``window.livePart`` in static/live_boot.js)."""
    was, now = _lines(old), _lines(new)
    where: dict[str, list[int]] = {}
    for i, line in enumerate(was):
        where.setdefault(line, []).append(i)
    ops: list = []
    i, n, m, end = 0, len(now), len(was), -1
    while i < n:
        found = where.get(now[i])
        if found is None:
            if ops and isinstance(ops[-1], str):
                ops[-1] += "\n" + now[i]
            else:
                ops.append(now[i])
            i += 1
            continue
        best, run = found[0], 0
        for at in ([end] if 0 <= end < m and was[end] == now[i] else []) + found[:8]:
            k = 1
            while i + k < n and at + k < m and was[at + k] == now[i + k]:
                k += 1
            if k > run:
                best, run = at, k
        ops.append([best, run])
        i += run
        end = best + run
    return ops, m


def apply_delta(old: str, ops: list, lines: int) -> str | None:
    """The part a phone makes of the one it holds (``old``) and a delta; None if ``old`` is not
    the part the delta was made from (the phone then asks for the whole part)."""
    was = old.split("\n")
    if len(was) != lines:
        return None
    out = []
    for op in ops:
        if isinstance(op, str):
            out.append(op)
        elif 0 <= op[0] and op[0] + op[1] <= lines:
            out.extend(was[op[0]:op[0] + op[1]])
        else:
            return None
    return "\n".join(out)


def wire_mode(ws) -> int | None:
    """How this simple-websocket connection takes the shared, ready-made frames: 0 plain (no
    extension), the server's window bits if it took permessage-deflate and nothing else, None if
    it cannot (each message then goes through the connection's own ``send``). A connection that
    takes the shared frames is never written through ``send`` (whose compressor would keep a
    context the phone's window no longer matches)."""
    conn = getattr(getattr(ws, "ws", None), "connection", None)   # wsproto's Connection
    proto = getattr(conn, "_proto", None)
    if proto is None or getattr(ws, "sock", None) is None:
        return None
    extensions = list(getattr(proto, "extensions", None) or [])
    if not extensions:
        return 0
    if len(extensions) == 1 and isinstance(extensions[0], PerMessageDeflate):
        bits = int(extensions[0].server_max_window_bits)
        return bits if 9 <= bits <= 15 else None     # zlib makes no raw window under 9 bits
    return None


def client_message(data) -> dict:
    """A phone's message as the socket acts on it, or the error it is answered."""
    try:
        msg = json.loads(data)
    except (ValueError, TypeError, RecursionError):
        return {"error": {"code": "bad_json", "message": "Send JSON: {\"since\": <version>}."}}
    if isinstance(msg, dict) and "since" in msg:
        n = msg["since"]
        if isinstance(n, int) and not isinstance(n, bool) and 0 <= n <= MAX_VERSION:
            return {"since": n}
        return {"error": {"code": "bad_since", "message": "'since' must be a version (0 or more)."}}
    if isinstance(msg, dict) and "ping" in msg:
        ping = msg["ping"]
        return {"pong": ping if isinstance(ping, int) and abs(ping) < 2 ** 53 else None}
    return {"error": {"code": "unknown_message", "message": "Send {\"since\": <version>}."}}


def page_headers(request) -> dict:
    """A table page's socket: the headers of its opening ``request`` that its live parts are
    made with (its language and time zone). The page's boot script stores its zone in the
    ``tz`` cookie just before it opens the socket, but a browser may open the socket before it
    has stored that cookie (Chromium now and then: a first visit's socket came without it, and
    every part pushed to it said UTC), so the script sends its zone in the socket's address
    too (``&tz=``, minutes east of UTC): that one is the phone's zone now, and stands for the
    cookie."""
    headers = {k: request.headers[k] for k in ("Cookie", "Accept-Language")
               if k in request.headers}
    tz = request.args.get(TZ_COOKIE, "")
    if re.fullmatch(r"-?\d{1,4}", tz) and request.cookies.get(TZ_COOKIE) != tz:
        others = [c.strip() for c in headers.get("Cookie", "").split(";")
                  if c.strip() and c.split("=", 1)[0].strip() != TZ_COOKIE]
        headers["Cookie"] = "; ".join(others + [f"{TZ_COOKIE}={tz}"])
    return headers
