"""What a table page inlines is made small once (companion/inline.py): the head's boot script
(static/live_boot.js, rjsmin), the <style> (static/app.css, rcssmin) and Brython's live.py
(comments and docstrings dropped with tokenize). The page carries them smaller than the
files, the Content-Security-Policy allows exactly the boot script served, and the stripped
Python is the same program (the same syntax tree, every line at its number)."""
from __future__ import annotations

import ast
import base64
import hashlib
import io
import os
import re
import shutil
import subprocess
import textwrap
import time
import tokenize

import pytest

from companion import inline
from tests.companion.test_hardening_headers import policy
from tests.companion.test_pages import double, seated  # noqa: F401 (fixture)
from tests.conftest import ROOT

STATIC = ROOT / "static"


def served(html: str, client=None) -> dict[str, str]:
    """The boot script and the style the page inlines; Brython's live.py, a file of its own
    (fetched from the page's link with ``client``)."""
    def one(pattern):
        found = re.findall(pattern, html, re.S)
        assert len(found) == 1, pattern
        return found[0]
    out = {"boot": one(r"<script data-ws=[^>]*>(.*?)</script>"),
           "css": one(r"<style>(.*?)</style>")}
    src = one(r'<script type="text/python" id="live-py" src="([^"]+)" cache="true"></script>')
    if client is not None:
        r = client.get(src.replace("&amp;", "&"))
        assert r.status_code == 200 and "immutable" in r.headers["Cache-Control"]
        out["py"] = r.get_data(as_text=True)
    return out


def sha(text: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode() + "'"


@pytest.fixture
def table_page(client, double):  # noqa: F811
    code, _, _ = seated(client)
    r = client.get(f"/tables/{code}")
    assert r.status_code == 200
    return r


def test_the_table_page_inlines_the_small_texts(table_page, client):
    parts = served(table_page.get_data(as_text=True), client)
    sources = {"boot": "live_boot.js", "css": "app.css", "py": "live.py"}
    for part, name in sources.items():
        source = (STATIC / name).read_text(encoding="utf-8")
        assert len(parts[part]) < len(source), name
    assert parts["boot"] == inline.boot_script(str(STATIC))
    assert parts["css"] == inline.css(str(STATIC))
    assert parts["py"] == inline.live_python(str(STATIC))
    assert "/*" not in parts["css"] and "/*" not in parts["boot"]
    for part in parts.values():                  # nothing in them ends their element
        assert "</script" not in part.lower() and "</style" not in part.lower()


def test_the_policy_allows_exactly_the_boot_script_served(table_page):
    boot = served(table_page.get_data(as_text=True))["boot"]
    allowed = policy(table_page)["script-src"]
    assert sha(boot) in allowed
    assert sha((STATIC / "live_boot.js").read_text(encoding="utf-8")) not in allowed


def test_the_policy_follows_the_boot_script_when_its_file_changes(app, client, tmp_path,
                                                                  monkeypatch):
    from companion import security
    boot = tmp_path / "live_boot.js"
    boot.write_text("/* one */ var a = 1;\n", encoding="utf-8")
    monkeypatch.setattr(app, "static_folder", str(tmp_path))
    assert security.boot_script_hash(app) == sha("var a=1;")
    assert sha("var a=1;") in policy(client.get("/healthz"))["script-src"]
    boot.write_text("/* two */ var b = 2;\n", encoding="utf-8")
    os.utime(boot, (1, 1))                              # another modification time
    later = time.monotonic() + inline._RECHECK_SECONDS  # the file is looked at again
    monkeypatch.setattr(inline.time, "monotonic", lambda: later)
    assert security.boot_script_hash(app) == sha("var b=2;")
    allowed = policy(client.get("/healthz"))["script-src"]
    assert sha("var b=2;") in allowed and sha("var a=1;") not in allowed
    assert sha("var b=2;") in security.inline_script_hashes(app)


def test_a_live_py_that_does_not_tokenize_is_inlined_as_it_is():
    broken = "def f(:\n    x = '''never closed\n"
    assert inline._strip_or_keep(broken) == broken


def test_each_text_is_made_once_per_file_version():
    assert inline.boot_script(str(STATIC)) is inline.boot_script(str(STATIC))
    assert inline.live_python(str(STATIC)) is inline.live_python(str(STATIC))
    assert inline.css(str(STATIC)) is inline.css(str(STATIC))


@pytest.mark.skipif(shutil.which("node") is None, reason="no node to parse JavaScript")
def test_the_minified_boot_script_parses(tmp_path):
    js = tmp_path / "boot.js"
    js.write_text(inline.boot_script(str(STATIC)), encoding="utf-8")
    out = subprocess.run(["node", "--check", str(js)], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr


def tree(text: str) -> str:
    return ast.dump(ast.parse(text), include_attributes=True)


def test_the_stripped_live_py_is_the_same_program_line_for_line():
    source = (STATIC / "live.py").read_text(encoding="utf-8")
    stripped = inline.live_python(str(STATIC))
    compile(stripped, "live.py", "exec")
    kinds = {t.type for t in tokenize.generate_tokens(io.StringIO(stripped).readline)}
    assert tokenize.COMMENT not in kinds
    assert tree(stripped) == tree(source)      # the same code, every node where it was
    assert len(stripped.splitlines()) == len(source.rstrip("\n").splitlines())


TRICKY = textwrap.dedent('''\
    """The module's docstring."""
    # a comment
    import math  # why


    def only_doc():
        """Only a docstring: the body keeps a pass."""


    def doc_then_code(a, b=("#", 2)):
        \'\'\'A docstring
        on two lines.\'\'\'
        # a comment in the body
        text = """a string on lines
    # not a comment

       with a blank line and spaces   
    """
        parts = [a,  # a comment in brackets
                 b]
        return f"{text}#{parts!r}" + 'x' "y"


    class K:
        "One line."
        x = 1  # one

        def m(self):
            "The method's."
            return self.x + \\
                1


    class Empty:
        """Nothing else."""
        # a comment after it


    def two_strings():
        "One,"
        "and another: the body keeps a pass."
        # and a comment


    "a string statement between two"
    value = doc_then_code(1)
    ''')


def without_docstrings(text: str) -> str:
    """The tree of ``text`` with every statement that is a string alone taken out (a body
    left empty gets a pass): what stripping must compile to."""
    class Drop(ast.NodeTransformer):
        def generic_visit(self, node):
            super().generic_visit(node)
            body = getattr(node, "body", None)
            if isinstance(body, list):
                body[:] = [s for s in body if not (isinstance(s, ast.Expr) and
                           isinstance(s.value, ast.Constant) and isinstance(s.value.value, str))]
                if not body and not isinstance(node, ast.Module):
                    body.append(ast.Pass())
            return node
    return ast.dump(Drop().visit(ast.parse(text)))


def test_stripping_keeps_the_program_and_its_strings():
    out = inline.strip_python(TRICKY)
    compile(out, "tricky.py", "exec")
    assert ast.dump(ast.parse(out)) == without_docstrings(TRICKY)
    assert "comment" not in out.replace("# not a comment", "") and "docstring" not in out
    assert len(out.splitlines()) == len(TRICKY.rstrip("\n").splitlines())
    for line_no, line in enumerate(TRICKY.splitlines(), 1):     # code stays at its line
        if line.strip().startswith(("def ", "class ", "value =", "return")):
            assert out.splitlines()[line_no - 1] == line.rstrip()
    ran_source, ran_out = {}, {}
    exec(compile(TRICKY, "a", "exec"), ran_source)
    exec(compile(out, "b", "exec"), ran_out)
    assert ran_out["value"] == ran_source["value"]
    assert ran_out["K"]().m() == 2 and ran_out["only_doc"]() is None
    assert ran_out["two_strings"]() is None
    assert "with a blank line and spaces   \n" in ran_out["value"]


def test_pages_go_as_brotli_where_the_browser_takes_it(client, double):  # noqa: F811
    import brotli
    import gzip
    code, _, _ = seated(client)
    plain = client.get(f"/tables/{code}", headers={"Accept-Encoding": "identity"})
    assert "Content-Encoding" not in plain.headers
    text = plain.get_data()
    br = client.get(f"/tables/{code}", headers={"Accept-Encoding": "gzip, deflate, br, zstd"})
    assert br.headers["Content-Encoding"] == "br" and "Accept-Encoding" in br.headers["Vary"]
    gz = client.get(f"/tables/{code}", headers={"Accept-Encoding": "gzip, br;q=0"})
    assert gz.headers["Content-Encoding"] == "gzip"
    assert len(br.get_data()) < len(gz.get_data()) < len(text)
    # the same page, but for the keys and token each answer puts in, and the server's time
    # (what the table clock's ticking starts from)
    blank = re.compile(rb'(name="(?:csrf_token|key)" value=")[^"]*|data-csrf="[^"]*"|'
                       rb'name="server-now" content="[^"]*"')
    for body in (brotli.decompress(br.get_data()), gzip.decompress(gz.get_data())):
        assert blank.sub(b"", body) == blank.sub(b"", text)
    none = client.get(f"/tables/{code}", headers={"Accept-Encoding": "gzip;q=0, br;q=0"})
    assert "Content-Encoding" not in none.headers
