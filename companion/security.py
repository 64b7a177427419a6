"""What keeps the server's answers safe to open and hard to abuse, in one place.

- Response headers on every answer: a Content-Security-Policy (scripts only from this server,
  Brython's compiled code (``'unsafe-eval'``), and the inline scripts the templates themselves
  hold, by their SHA-256; no framing), ``X-Frame-Options: DENY``, ``nosniff`` and
  ``Referrer-Policy: same-origin`` (links carry tokens: no other site sees them).
- Cookies: the session cookie is ``SameSite=Lax`` and ``HttpOnly``; every cookie gets
  ``Secure`` when the request came over HTTPS.
- ``COMPANION_TRUSTED_PROXIES`` (config ``TRUSTED_PROXIES``, default 0: off): the number of
  reverse proxies in front of the server whose ``X-Forwarded-For``/``-Proto``/``-Host`` are
  believed (werkzeug's ProxyFix), so that rate limits count each phone's own address.
  Off, those headers are ignored: anyone could send them.
- The pages' set-up posts (``POST /new``, ``POST /import``) are rate limited like the API's
  ``POST /api/tables`` (``RATELIMIT_CREATE`` per address; an import also ``RATELIMIT_IMPORT``).
- Every body is capped before anything reads it (:class:`BodyLimitedRequest`: the CSRF check
  reads a page post's form before any view): a page post's at ``PAGE_MAX_BODY`` (64 KB), an
  import's at ``IMPORT_MAX_BYTES`` (1 MB), the JSON API's at ``API_MAX_BODY`` (64 KB). Over
  it: 413, a declared Content-Length without reading the body, a streamed body cut there.
- :func:`safe_path`: where a page may send the phone back to (only this site's own paths).
- :func:`has_control` (names, labels, keys and codes with control characters are refused on
  every database) and :func:`csv_writer` (a cell that a spreadsheet would read as a formula is
  written as text).
"""
from __future__ import annotations

import base64
import csv
import hashlib
import re
import unicodedata
from functools import lru_cache
from pathlib import Path
from urllib.parse import unquote, urlsplit

from flask import Request, current_app, request
from werkzeug.urls import iri_to_uri

from companion import inline
from companion.json_errors import MAX_BODY
from companion.ratelimit import address_key

# C0 and C1 control characters and DEL: never in a name, a label, a key or a code (PostgreSQL
# refuses NUL in text; the others are invisible or break lines on the phones' pages).
_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f]")
# A spreadsheet reads a cell starting with one of these as a formula (OWASP "CSV Injection").
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r", "\n", "\uff1d", "\uff0b", "\uff0d", "\uff20")

SET_UP_ENDPOINTS = {"pages.new_table", "pages.import_game"}


def has_control(text) -> bool:
    """True if ``text`` is a string holding a control character."""
    return isinstance(text, str) and _CONTROL.search(text) is not None


def csv_cell(value):
    """``value`` as a CSV cell no spreadsheet runs: a text starting like a formula gets a
    leading apostrophe (numbers are left as they are)."""
    if isinstance(value, str) and value.startswith(_FORMULA_START):
        return "'" + value
    return value


class _SafeWriter:
    def __init__(self, out):
        self._w = csv.writer(out)

    def writerow(self, row):
        return self._w.writerow([csv_cell(v) for v in row])

    def writerows(self, rows):
        for row in rows:
            self.writerow(row)


def csv_writer(out) -> _SafeWriter:
    """A ``csv.writer`` whose text cells are made safe by :func:`csv_cell`."""
    return _SafeWriter(out)


def safe_path(value, default: str = "/") -> str:
    r"""``value`` if it is a path of this site (what a page may send the phone back to), else
    ``default``: it starts with one "/", and neither it nor its percent-decoded form holds a
    backslash, whitespace or a control character, or reads as another site (``//host``, a
    scheme). Browsers drop tabs and newlines in a URL and read a backslash as "/": ``/\t/evil``
    and ``/\evil`` would be ``//evil``. Returned as a URI (non-ASCII percent-encoded)."""
    if not isinstance(value, str) or not value.startswith("/") or len(value) > 2048:
        return default
    for text in (value, unquote(value)):
        if text.startswith("//") or "\\" in text or \
                any(c.isspace() or unicodedata.category(c)[0] == "C" for c in text):
            return default
    parts = urlsplit(value)
    if parts.scheme or parts.netloc:
        return default
    return iri_to_uri(value)


# -- bodies --------------------------------------------------------------------------------------
def body_limit(req) -> int:
    """The most bytes of ``req``'s body that are read: the JSON API's ``API_MAX_BODY``, an
    import's ``IMPORT_MAX_BYTES``, any other page's ``PAGE_MAX_BODY``."""
    config = current_app.config
    if req.path.startswith("/api/"):
        return config.get("API_MAX_BODY", MAX_BODY)
    if req.endpoint == "pages.import_game":
        return config["IMPORT_MAX_BYTES"]
    return config["PAGE_MAX_BODY"]


class BodyLimitedRequest(Request):
    """A request whose body limit is known from its path before anything reads the body (the
    CSRF check reads a page post's form before any view or hook of ours): over it werkzeug
    answers 413, at once for a declared Content-Length, at the limit for a streamed body."""

    @property
    def max_content_length(self) -> int | None:
        if self._max_content_length is not None:
            return self._max_content_length
        return body_limit(self) if current_app else None

    @max_content_length.setter
    def max_content_length(self, value: int | None) -> None:
        self._max_content_length = value


# -- Content-Security-Policy ---------------------------------------------------------------------
_INLINE_SCRIPT = re.compile(r"<script>(.*?)</script>", re.S)


def _sha(text: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode() + "'"


def template_script_hashes(app) -> list[str]:
    """The hashes of each template's literal ``<script>...</script>`` (no template code in
    it)."""
    out = []
    for path in sorted(Path(app.template_folder).rglob("*.html")):
        for body in _INLINE_SCRIPT.findall(path.read_text(encoding="utf-8")):
            if "{{" not in body and "{%" not in body:
                out.append(_sha(body))
    return sorted(set(out))


@lru_cache(maxsize=4)
def _served_sha(text: str) -> str:
    return _sha(text)


def boot_script_hash(app) -> str | None:
    """The hash of ``static/live_boot.js`` exactly as the table pages inline it (minified,
    ``companion/inline.py``; made anew when the file changes), or None without the file."""
    try:
        return _served_sha(inline.boot_script(app.static_folder))
    except FileNotFoundError:
        return None


def inline_script_hashes(app) -> list[str]:
    """The hashes of the inline scripts the server itself writes: each template's literal
    script and the boot script as served. Nothing a page's data holds is ever allowed to run."""
    boot = boot_script_hash(app)
    return sorted(set(template_script_hashes(app) + ([boot] if boot else [])))


def content_security_policy(hashes, host: str) -> str:
    sockets = f" ws://{host} wss://{host}" if host else ""
    return "; ".join([
        "default-src 'self'",
        # Brython runs the Python it compiled with new Function(): 'unsafe-eval' is its need.
        "script-src 'self' 'unsafe-eval' " + " ".join(hashes),
        "style-src 'self' 'unsafe-inline'",   # the inlined app.css and a few style attributes
        "img-src 'self' data:",
        "connect-src 'self'" + sockets,
        "font-src 'self'",
        "manifest-src 'self'",
        "worker-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ])


def _host_ok(host: str) -> bool:
    return bool(host) and re.fullmatch(r"[A-Za-z0-9.\-:\[\]]{1,255}", host) is not None


def _secure_session_cookie_over_https(app) -> None:
    """The session cookie is written after the after-request hooks ran: its Secure flag comes
    from the session interface, asked here per request."""
    base = type(app.session_interface)

    class SecureOverHttps(base):
        def get_cookie_secure(self, app):
            return bool(super().get_cookie_secure(app) or request.is_secure)

    app.session_interface = SecureOverHttps()


def init_app(app) -> None:
    if not app.config.get("SESSION_COOKIE_SAMESITE"):    # Flask's default is None (unset)
        app.config["SESSION_COOKIE_SAMESITE"] = "Lax"
    hops = int(app.config["TRUSTED_PROXIES"])
    if hops < 0:
        raise ValueError("TRUSTED_PROXIES: the number of proxies in front (0: none)")
    if hops:
        from werkzeug.middleware.proxy_fix import ProxyFix
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=hops, x_proto=hops, x_host=hops,
                                x_port=hops)
    _secure_session_cookie_over_https(app)
    in_templates = template_script_hashes(app)
    policies: dict[tuple, str] = {}

    app.request_class = BodyLimitedRequest

    @app.before_request
    def _set_up_limits():
        if request.method == "POST" and request.endpoint in SET_UP_ENDPOINTS:
            checks = [("RATELIMIT_CREATE", address_key())]
            if request.endpoint == "pages.import_game":
                checks.append(("RATELIMIT_IMPORT", address_key()))
            app.extensions["companion.ratelimit"].hit(checks)
        return None

    @app.after_request
    def _headers(response):
        host = request.host if _host_ok(request.host) else ""
        boot = boot_script_hash(app)        # the served text's: kept per file version
        policy = policies.get((host, boot))
        if policy is None:
            if len(policies) > 64:
                policies.clear()
            hashes = sorted(set(in_templates + ([boot] if boot else [])))
            policy = policies[(host, boot)] = content_security_policy(hashes, host)
        h = response.headers
        h.setdefault("Content-Security-Policy", policy)
        h.setdefault("X-Frame-Options", "DENY")
        h.setdefault("X-Content-Type-Options", "nosniff")
        h.setdefault("Referrer-Policy", "same-origin")
        if request.is_secure:
            cookies = h.getlist("Set-Cookie")
            if any("; secure" not in c.lower() for c in cookies):
                del h["Set-Cookie"]
                for c in cookies:
                    h.add("Set-Cookie", c if "; secure" in c.lower() else c + "; Secure")
        return response
