"""The progressive web app: manifest, service worker, offline page, icons, Brython.

Brython's ``brython.js`` is served from the installed ``brython`` package (never a copy
in the repository), Brotli-compressed (made in a real thread at start, kept in the instance
folder) or gzipped once in memory, and cached by browsers for a year under a URL that carries
its version. Only the core file is served: the phones' Python imports nothing from Brython's
standard library.

Pages of this blueprint and of ``pages`` are gzipped when the browser accepts it
(:func:`compress`), which is what keeps the first render of a table under 37 KB.
"""
from __future__ import annotations

import gzip
import hashlib
import json
import os
import threading
from functools import lru_cache
from pathlib import Path

from flask import (Blueprint, Response, current_app, render_template, request, url_for)

from companion.i18n import gettext as _

bp = Blueprint("pwa", __name__)

THEME = "#0b6e4f"
COMPRESSIBLE = {"text/html", "text/css", "application/javascript", "text/javascript",
                "application/json", "application/manifest+json", "image/svg+xml", "text/csv",
                "text/plain", "text/python"}
# What the service worker keeps at install: only files a page links (the CSS is inlined in
# every page, so app.css is not fetched; the 512 px icons are fetched by the browser itself
# for the manifest when it installs the app).
STATIC_CACHE = ["icons/icon-192.png", "icons/favicon.svg"]
INLINED = ["app.css", "live.py"]


def brython_dir() -> Path:
    import brython
    return Path(brython.__file__).resolve().parent / "data"


@lru_cache(maxsize=1)
def brython_version() -> str:
    head = (brython_dir() / "brython.js").read_text(encoding="utf-8")[:200]
    for line in head.splitlines():
        if line.startswith("// version ["):
            nums = line.split("[", 1)[1].split(",")[:3]
            return ".".join(n.strip() for n in nums)
    return "0"


@lru_cache(maxsize=1)
def _brython_gz() -> tuple[bytes, bytes, str]:
    raw = (brython_dir() / "brython.js").read_bytes()
    return raw, gzip.compress(raw, 9, mtime=0), hashlib.sha1(raw).hexdigest()[:12]


_br: dict[str, bytes] = {}
_br_started: set[str] = set()


def real_thread(target) -> None:
    """Run ``target`` in an operating-system thread, also under gevent's monkey-patching (where
    ``threading.Thread`` is a greenlet: a long C call in it stops the whole worker). Brotli
    releases the GIL while it compresses, so the worker keeps answering meanwhile."""
    try:
        from gevent import monkey
        patched = monkey.is_module_patched("threading")
    except ImportError:
        patched = False
    if patched:
        monkey.get_original("_thread", "start_new_thread")(target, ())
    else:
        threading.Thread(target=target, name="brotli", daemon=True).start()


def _brython_br(instance_path: str, raw: bytes, etag: str) -> bytes | None:
    """brython.js compressed with Brotli (a fifth smaller than gzip), or None while it is
    being made: quality 11 takes a few seconds, so it is made once in a real thread (never on
    the request path: gzip is served meanwhile) and kept in the instance folder for the next
    start."""
    if etag in _br:
        return _br[etag]
    try:
        import brotli
    except ImportError:
        return None
    path = Path(instance_path) / f"brython-{etag}.js.br"
    if path.exists():
        _br[etag] = path.read_bytes()
        return _br[etag]
    if etag not in _br_started:         # checked and set with no switch between: made once
        _br_started.add(etag)

        def make():
            try:
                data = brotli.compress(raw, quality=11)
                tmp = path.with_suffix(f".{os.getpid()}.tmp")
                tmp.write_bytes(data)
                tmp.replace(path)
                _br[etag] = data
            except Exception:           # pragma: no cover - a full disk: gzip stays served
                _br_started.discard(etag)
        real_thread(make)
    return None


def brython_url() -> str:
    return url_for("pwa.brython_js", v=brython_version())


def _accepted() -> set[str]:
    """The content codings the request accepts (those not refused with ``q=0``)."""
    out = set()
    for part in request.headers.get("Accept-Encoding", "").lower().split(","):
        name, *params = [p.strip() for p in part.split(";")]
        q = 1.0
        for param in params:
            key, _, value = param.partition("=")
            if key.strip() == "q":
                try:
                    q = float(value)
                except ValueError:
                    q = 0.0
        if name and q > 0:
            out.add(name)
    return out


def _accepts_gzip() -> bool:
    return "gzip" in _accepted()


def live_py_text() -> tuple[str, str]:
    """(static/live.py as Brython gets it: without comments, ``companion/inline.py``; its tag)."""
    from companion import inline
    text = inline.live_python(current_app.static_folder)
    return text, hashlib.sha1(text.encode()).hexdigest()[:12]


def live_py_url() -> str:
    return url_for("pwa.live_py", v=live_py_text()[1])


@bp.get("/live.py")
def live_py():
    """The table page's Brython script, a file of its own (kept by the browser and the service
    worker under a URL that changes with it) rather than bytes in every page before its render."""
    text, etag = live_py_text()
    if request.if_none_match.contains(etag):
        return Response(status=304, headers={"ETag": f'"{etag}"'})
    resp = Response(text, mimetype="text/python")
    resp.set_etag(etag)
    resp.headers["Cache-Control"] = "public, max-age=31536000, immutable"
    return resp


@bp.get("/brython.js")
def brython_js():
    raw, gz, etag = _brython_gz()
    for tag in (etag, etag + "-br"):
        if request.if_none_match.contains(tag):
            return Response(status=304, headers={"ETag": f'"{tag}"', "Vary": "Accept-Encoding"})
    accepted = request.headers.get("Accept-Encoding", "").lower()
    br = _brython_br(current_app.instance_path, raw, etag) if "br" in accepted else None
    body, enc = (br, "br") if br else (gz, "gzip") if _accepts_gzip() else (raw, None)
    resp = Response(body, mimetype="text/javascript")
    if enc:
        resp.headers["Content-Encoding"] = enc
    resp.headers["Vary"] = "Accept-Encoding"
    resp.set_etag(etag + ("-br" if enc == "br" else ""))
    resp.headers["Cache-Control"] = "public, max-age=31536000, immutable"
    return resp


def static_version() -> str:
    """Changes when any cached static file changes: the service worker's cache name."""
    h = hashlib.sha1(brython_version().encode())
    root = Path(current_app.static_folder)
    for name in STATIC_CACHE + INLINED:
        p = root / name
        if p.exists():
            h.update(p.read_bytes())
    h.update((Path(current_app.template_folder) / "offline.html").read_bytes())
    return h.hexdigest()[:10]


@bp.get("/manifest.webmanifest")
def manifest():
    icons = url_for("static", filename="icons/")
    data = {
        "name": _("18xx Table Companion"),
        "short_name": _("18xx Table"),
        "description": _("One shared book for the 18xx game on the table."),
        "id": "/",
        "start_url": url_for("pages.index") + "?source=pwa",
        "scope": "/",
        "display": "standalone",
        "orientation": "portrait",
        "background_color": "#101613",
        "theme_color": THEME,
        "icons": [
            {"src": icons + "icon-192.png", "sizes": "192x192", "type": "image/png",
             "purpose": "any"},
            {"src": icons + "icon-512.png", "sizes": "512x512", "type": "image/png",
             "purpose": "any"},
            {"src": icons + "maskable-512.png", "sizes": "512x512", "type": "image/png",
             "purpose": "maskable"},
        ],
    }
    resp = Response(json.dumps(data, ensure_ascii=False), mimetype="application/manifest+json")
    resp.headers["Cache-Control"] = "no-cache"
    return resp


@bp.get("/sw.js")
def service_worker():
    files = [url_for("static", filename=n) for n in STATIC_CACHE]
    files += [brython_url(), live_py_url(), url_for("pwa.offline")]
    body = render_template("sw.js", version=static_version(), files=files,
                           offline=url_for("pwa.offline"))
    resp = Response(body, mimetype="text/javascript")
    resp.headers["Cache-Control"] = "no-cache"
    resp.headers["Service-Worker-Allowed"] = "/"
    return resp


@bp.get("/offline")
def offline():
    return render_template("offline.html")


# Brotli's settings by the size of what it compresses. A page or a whole live part: quality 5, a
# tenth smaller than gzip, as quick. What a step's post is answered with (what changed: 5-15 KB
# of JSON) is compressed on every step, where quality 5's large window and tables cost about
# 0.3 ms in the server; quality 1, with no tables to set up, takes 39 µs for a median answer
# (7.3 KB) against 113 µs at quality 3, for 1,808 B against 1,635 B (245 answers of a bench game,
# bench/README.md, issue 28).
SMALL_BODY = 32 * 1024


def _brotli_level(size: int) -> dict:
    return {"quality": 1, "lgwin": 16} if size <= SMALL_BODY else {"quality": 5}


def compress(response):
    """Compress this app's own pages and assets (not the JSON API's, not streams): Brotli
    where the browser takes it, else gzip."""
    if (request.blueprint not in ("pages", "pwa") or response.direct_passthrough
            or response.is_streamed or response.status_code < 200 or response.status_code >= 300
            or "Content-Encoding" in response.headers or response.mimetype not in COMPRESSIBLE):
        return response
    accepted = _accepted()
    if not {"br", "gzip"} & accepted:
        return response
    data = response.get_data()
    if len(data) < 600:
        return response
    if "br" in accepted:
        import brotli
        response.set_data(brotli.compress(data, **_brotli_level(len(data))))
        response.headers["Content-Encoding"] = "br"
    else:
        response.set_data(gzip.compress(data, 6))
        response.headers["Content-Encoding"] = "gzip"
    response.headers.add("Vary", "Accept-Encoding")
    return response


def init_app(app) -> None:
    raw, _gz, etag = _brython_gz()
    _brython_br(app.instance_path, raw, etag)     # start making the Brotli copy now
    app.register_blueprint(bp)
    app.after_request(compress)
    app.jinja_env.globals.update(brython_url=brython_url, live_py_url=live_py_url, THEME=THEME)
