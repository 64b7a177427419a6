"""The first start on a fresh machine: the set-up's stamp means "this install works", and the
Brotli copy of brython.js is made off the request path (the worker answers meanwhile)."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time

import requests

from tests.companion.live_server import LiveServer
from tests.conftest import ROOT

FAKE_PYTHON = """#!/usr/bin/env bash
# A stand-in for .venv/bin/python: pip "installs", the install check answers $CHECK_RC.
echo "$@" >> "$(dirname "$0")/../calls"
case "$1" in
  -m) exit 0 ;;
  */check_install.py) exit "${CHECK_RC:-0}" ;;
esac
exit 0
"""


def setup_tree(tmp_path):
    """A copy of the set-up script beside a stand-in virtual environment."""
    (tmp_path / "scripts").mkdir()
    shutil.copy(ROOT / "scripts" / "setup.sh", tmp_path / "scripts" / "setup.sh")
    shutil.copy(ROOT / "scripts" / "check_install.py", tmp_path / "scripts" / "check_install.py")
    (tmp_path / "requirements.txt").write_text("somepackage==1.0\n")
    bin_ = tmp_path / ".venv" / "bin"
    bin_.mkdir(parents=True)
    (bin_ / "python").write_text(FAKE_PYTHON)
    (bin_ / "python").chmod(0o755)
    # made by the interpreter the runs below name (a .venv made by another is made again)
    (tmp_path / ".venv" / ".python").write_text(os.path.realpath(sys.executable) + "\n")
    return tmp_path


def run_setup(tree, check_rc: int, python: str = sys.executable):
    return subprocess.run(["bash", "-c", "source scripts/setup.sh requirements.txt"], cwd=tree,
                          env={"PATH": "/usr/bin:/bin", "CHECK_RC": str(check_rc),
                               "PYTHON": python},
                          capture_output=True, text=True, timeout=60)


def stamps(tree):
    return sorted(p.name for p in (tree / ".venv").glob(".installed-*"))


def test_the_stamp_is_written_only_when_the_install_works(tmp_path):
    tree = setup_tree(tmp_path)
    failed = run_setup(tree, check_rc=1)       # pip "succeeded", the server could not start
    assert failed.returncode != 0
    assert stamps(tree) == []
    ok = run_setup(tree, check_rc=0)           # the next run installs again, and now it works
    assert ok.returncode == 0, ok.stderr
    assert len(stamps(tree)) == 1
    calls = (tree / ".venv" / "calls").read_text().splitlines()
    assert sum("install -q -r requirements.txt" in c for c in calls) == 2
    assert sum(c.endswith("check_install.py") for c in calls) == 2


ANOTHER_PYTHON = """#!/usr/bin/env bash
# A stand-in for another interpreter: "makes" a .venv of stand-ins.
case "$1" in
  -c) case "$2" in *realpath*) echo /another/python3 ;; esac; exit 0 ;;
  -m) mkdir -p "$3/bin" && cp "$(dirname "$0")/fake-venv-python" "$3/bin/python"; exit 0 ;;
esac
exit 0
"""


def test_a_venv_made_by_another_interpreter_is_made_again(tmp_path):
    """The server runs on the interpreter the set-up chose (Debian's optimised build where
    there is one): a .venv made by another is made again, once, by that one."""
    tree = setup_tree(tmp_path)
    assert run_setup(tree, check_rc=0).returncode == 0
    (tree / ".venv" / "made-before").write_text("")
    other = tmp_path / "another"
    other.mkdir()
    (other / "fake-venv-python").write_text(FAKE_PYTHON)
    (other / "fake-venv-python").chmod(0o755)
    (other / "python3").write_text(ANOTHER_PYTHON)
    (other / "python3").chmod(0o755)
    again = run_setup(tree, check_rc=0, python=str(other / "python3"))
    assert again.returncode == 0, again.stderr
    assert not (tree / ".venv" / "made-before").exists()           # made again
    assert (tree / ".venv" / ".python").read_text().strip() == "/another/python3"
    assert len(stamps(tree)) == 1
    (tree / ".venv" / "made-before").write_text("")
    assert run_setup(tree, check_rc=0, python=str(other / "python3")).returncode == 0
    assert (tree / ".venv" / "made-before").exists()                # the same: kept


def test_the_install_check_loads_the_gevent_worker():
    """gunicorn's gevent worker is what needs `packaging`; the check imports it, and the
    requirements name both (the newcomer CI check proves it on a fresh clone)."""
    text = (ROOT / "scripts" / "check_install.py").read_text()
    assert '"gunicorn.workers.ggevent"' in text
    reqs = [line.split("==")[0].strip() for line in
            (ROOT / "requirements.txt").read_text().splitlines() if "==" in line]
    assert "packaging" in reqs
    ran = subprocess.run([str(ROOT / ".venv" / "bin" / "python"), "scripts/check_install.py"],
                         cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert ran.returncode == 0, ran.stderr


def test_brotli_is_made_while_the_first_start_already_answers(tmp_path):
    """A fresh instance folder (no Brotli copy yet): the first answers come while the copy is
    being made (gzip meanwhile), not after it; then the copy is served and kept."""
    instance = tmp_path / "instance"
    server = LiveServer(tmp_path, extra_env={"COMPANION_INSTANCE_PATH": str(instance)}).start()
    try:
        first = requests.get(server.url + "/brython.js", headers={"Accept-Encoding": "br, gzip"},
                             timeout=30)
        assert first.status_code == 200
        assert first.headers["Content-Encoding"] == "gzip"
        assert requests.get(server.url + "/", timeout=30).status_code == 200
        for _ in range(600):                   # the copy arrives (a few seconds of CPU)
            if list(instance.glob("brython-*.js.br")):
                break
            time.sleep(0.1)
        later = requests.get(server.url + "/brython.js", headers={"Accept-Encoding": "br"},
                             timeout=30)
        assert later.headers["Content-Encoding"] == "br"
        assert int(later.headers["Content-Length"]) < int(first.headers["Content-Length"])
    finally:
        server.stop()
