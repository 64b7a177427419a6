"""Issue 16, the first start: scripts/check_install.py (run by scripts/setup.sh before it
writes its stamp) exits non-zero when the gevent worker cannot load because ``packaging`` is
missing, as on the fresh machine of the report, and zero on a working install. Also: this
test run keeps its instance folder out of the checkout's own ``instance/``."""
from __future__ import annotations

import os
import subprocess

import requests

from tests.companion.live_server import LiveServer
from tests.conftest import ROOT, TEST_INSTANCE

PYTHON = ROOT / ".venv" / "bin" / "python"
CHECK = ROOT / "scripts" / "check_install.py"


def run_check(env_extra: dict | None = None) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env.update(env_extra or {})
    return subprocess.run([str(PYTHON), str(CHECK)], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=180)


def test_the_install_check_fails_without_packaging_and_passes_with_it(tmp_path):
    # a shim ahead of site-packages: `import packaging` fails as if it were not installed
    shim = tmp_path / "shim" / "packaging"
    shim.mkdir(parents=True)
    (shim / "__init__.py").write_text(
        'raise ModuleNotFoundError("No module named \'packaging\'", name="packaging")\n')
    blocked = run_check({"PYTHONPATH": str(tmp_path / "shim")})
    assert blocked.returncode != 0, blocked.stderr
    assert "gunicorn.workers.ggevent" in blocked.stderr and "packaging" in blocked.stderr
    fine = run_check()
    assert fine.returncode == 0, fine.stderr


def test_the_shim_blocks_only_packaging(tmp_path):
    """The shim itself is sound: with it, gunicorn imports and packaging does not."""
    shim = tmp_path / "shim" / "packaging"
    shim.mkdir(parents=True)
    (shim / "__init__.py").write_text('raise ModuleNotFoundError("blocked", name="packaging")\n')
    code = ("import gunicorn\n"
            "try:\n    import packaging\nexcept ImportError:\n    print('blocked')\n")
    ran = subprocess.run([str(PYTHON), "-c", code], cwd=ROOT, capture_output=True, text=True,
                         env={**os.environ, "PYTHONPATH": str(tmp_path / "shim")}, timeout=60)
    assert ran.returncode == 0 and ran.stdout.strip() == "blocked", ran.stderr


def snapshot(folder) -> dict:
    """{relative path: (size, mtime)} of every file under ``folder``."""
    out = {}
    for dirpath, _, files in os.walk(folder):
        for name in files:
            p = os.path.join(dirpath, name)
            st = os.stat(p)
            out[os.path.relpath(p, folder)] = (st.st_size, st.st_mtime_ns)
    return out


def test_the_test_run_keeps_out_of_the_checkouts_instance_folder(app, tmp_path):
    """The ``app`` fixture and a server started as the live tests start theirs (the run's
    environment, no instance path of their own) write their secret, translations and Brotli
    copy into the run's temporary instance folder, not into ROOT/instance."""
    checkout = ROOT / "instance"
    before = snapshot(checkout)
    assert os.environ["COMPANION_INSTANCE_PATH"] == TEST_INSTANCE
    assert os.path.realpath(app.instance_path) == os.path.realpath(TEST_INSTANCE)
    server = LiveServer(tmp_path)
    assert server.env["COMPANION_INSTANCE_PATH"] == TEST_INSTANCE
    server.start()
    try:
        assert requests.get(server.url + "/", timeout=30).status_code == 200
        r = requests.get(server.url + "/brython.js", headers={"Accept-Encoding": "br, gzip"},
                         timeout=30)
        assert r.status_code == 200
    finally:
        server.stop()
    assert os.path.isdir(os.path.join(TEST_INSTANCE, "translations"))
    assert snapshot(checkout) == before, sorted(set(snapshot(checkout)) ^ set(before))
