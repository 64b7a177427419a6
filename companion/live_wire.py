"""What a live socket writes and reads (``companion/live.py`` is the socket and its hub): a pushed
message's JSON text and its WebSocket frames, made once for every phone (plain, or compressed once
for phones that took permessage-deflate); how a connection takes such ready-made frames; and a
phone's own message ({"since": n}, {"ping": n}) read and checked."""
from __future__ import annotations

import json
import zlib

from wsproto.extensions import PerMessageDeflate

MAX_VERSION = 2 ** 31 - 1


def dumps(data) -> str:
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False, default=str)


class Message(dict):
    """A pushed message with its JSON text made once (not once per phone), and its WebSocket
    frames too: made at the first phone that takes each kind of frame, then the same bytes
    written to every other phone (:meth:`frame`)."""

    def __init__(self, msg, text: str | None = None):
        super().__init__(msg)
        self.text = text if text is not None else dumps(msg)
        self._frames: dict[int, bytes] = {}

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
                packer = zlib.compressobj(zlib.Z_DEFAULT_COMPRESSION, zlib.DEFLATED, -wbits)
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
