"""What a page inlines from ``static/``, made small once: every byte of it comes before the
table page's first render on a phone (bench/phone_load.py).

- ``live_boot.js`` (the head's boot script): minified by rjsmin;
- ``app.css`` (the ``<style>`` of every page): minified by rcssmin;
- ``live.py`` (Brython's ``<script type="text/python">``): comments and docstrings dropped with
  the standard library's ``tokenize``; every line keeps its number (a dropped line is left
  empty), so an error Brython reports points at the same line of ``static/live.py``.

Each text is made once per file version (path and modification time) and kept; the
Content-Security-Policy hashes the boot script as :func:`boot_script` returns it
(``companion/security.py``), so the hash is always that of the text served.
"""
from __future__ import annotations

import io
import time
import tokenize
from functools import lru_cache
from pathlib import Path

import rcssmin
import rjsmin

BOOT_JS = "live_boot.js"
CSS = "app.css"
LIVE_PY = "live.py"


def minify_js(text: str) -> str:
    return rjsmin.jsmin(text).strip()


def minify_css(text: str) -> str:
    return rcssmin.cssmin(text).strip()


_STATEMENT_START = {tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT, tokenize.ENCODING}
_SPACE = (tokenize.NL, tokenize.COMMENT)


def strip_python(text: str) -> str:
    """``text`` (Python source) without its comments and docstrings (any statement that is a
    string alone), each line at its number: a dropped line is left empty, a body left with no
    statement gets ``pass`` where its first docstring was, trailing spaces go; the lines of a
    string that spans lines are left as they are. The result compiles to the same code."""
    lines = text.splitlines(keepends=True)
    tokens = list(tokenize.generate_tokens(io.StringIO(text).readline))
    cut: dict[int, int] = {}             # line (1-based) -> column where its comment starts
    kept: set[int] = set()               # lines a token spans (a string's text): untouched
    blank: set[int] = set()              # lines emptied: a docstring's
    passes: dict[int, int] = {}          # line -> indentation of the `pass` that replaces one
    bodies = [[True, None]]              # per open body: a statement kept? its first dropped
    prev = tokenize.ENCODING
    for i, tok in enumerate(tokens):
        if tok.start[0] < tok.end[0]:
            kept.update(range(tok.start[0], tok.end[0] + 1))
        if tok.type == tokenize.COMMENT:
            cut[tok.start[0]] = tok.start[1]
        elif tok.type == tokenize.INDENT:
            bodies.append([False, None])
        elif tok.type == tokenize.DEDENT:
            has_one, dropped = bodies.pop()
            if not has_one and dropped:
                passes[dropped[0]] = dropped[1]
        elif prev in _STATEMENT_START and tok.type not in (tokenize.NL, tokenize.ENDMARKER):
            j = i + 1
            while tok.type == tokenize.STRING and (tokens[j].type == tokenize.STRING
                                                   or tokens[j].type in _SPACE):
                j += 1
            if tok.type == tokenize.STRING and tokens[j].type == tokenize.NEWLINE:
                blank.update(range(tok.start[0], tokens[j].start[0] + 1))   # a string alone
                if bodies[-1][1] is None:
                    bodies[-1][1] = tok.start
            else:
                bodies[-1][0] = True
        if tok.type not in _SPACE:
            prev = tok.type
    out = []
    for n, line in enumerate(lines, 1):
        if n in passes:
            line = " " * passes[n] + "pass\n"
        elif n in blank:
            line = "\n"
        else:
            if n in cut:
                line = line[:cut[n]]
            if n not in kept or n in cut:
                line = line.rstrip() + "\n"
        out.append(line)
    return "".join(out).rstrip("\n") + "\n"


def _strip_or_keep(text: str) -> str:
    """:func:`strip_python`, or ``text`` as it is if it does not tokenize (a file being
    edited): Brython then reports the error itself."""
    try:
        return strip_python(text)
    except (tokenize.TokenError, SyntaxError):
        return text


@lru_cache(maxsize=8)
def _made(path: str, version: tuple, kind: str) -> str:
    text = Path(path).read_text(encoding="utf-8")
    return {"js": minify_js, "css": minify_css, "py": _strip_or_keep}[kind](text)


# a file's text as last made, looked at again at most once a second: every answer's security
# header hashes the boot script, and a file edited while the server runs is still seen at once
_RECHECK_SECONDS = 1.0
_looked: dict = {}        # (folder, name, kind) -> (when looked at, text)


def _static(folder: str, name: str, kind: str) -> str:
    key = (folder, name, kind)
    looked = _looked.get(key)
    now = time.monotonic()
    if looked is not None and now - looked[0] < _RECHECK_SECONDS:
        return looked[1]
    path = Path(folder) / name
    st = path.stat()
    text = _made(str(path), (st.st_mtime_ns, st.st_size), kind)
    _looked[key] = (now, text)
    return text


def boot_script(static_folder: str) -> str:
    """static/live_boot.js as the table pages inline it (the CSP hashes exactly this)."""
    return _static(static_folder, BOOT_JS, "js")


def css(static_folder: str) -> str:
    """static/app.css as every page inlines it."""
    return _static(static_folder, CSS, "css")


def live_python(static_folder: str) -> str:
    """static/live.py as the table pages inline it for Brython."""
    return _static(static_folder, LIVE_PY, "py")


def warm(static_folder: str) -> None:
    """Make the three texts now (at start), not on the first page that inlines them."""
    for make in (boot_script, css, live_python):
        try:
            make(static_folder)
        except FileNotFoundError:
            pass
