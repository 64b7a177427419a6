"""The application factory, health check, first page, and the Procfile's command serving."""
import os
import re
import shlex
import socket
import subprocess
import time

import requests

from engine import titles
from tests.conftest import ROOT, TEST_INSTANCE


def test_healthz(client):
    r = client.get("/healthz")
    assert r.status_code == 200 and r.json == {"status": "ok"}


def test_index_lists_every_title(client):
    html = client.get("/").get_data(as_text=True)
    for spec in titles.TITLES.values():
        assert f'data-title="{spec.id}"' in html


def test_config_from_instance_and_test_config(app):
    assert app.config["TESTING"] and app.config["DATABASE_URL"].startswith("sqlite:///")
    assert app.instance_path == TEST_INSTANCE != str(ROOT / "instance")


def own_env(tmp_path, **extra) -> dict:
    """The caller's environment, minus its database and Redis: this run's own instance folder
    and a database in ``tmp_path``."""
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "REDIS_URL")}
    env.update(DATABASE_URL=f"sqlite:///{tmp_path / 'procfile.db'}",
               COMPANION_INSTANCE_PATH=TEST_INSTANCE, **extra)
    return env


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_procfile_web_line_serves_the_app(tmp_path):
    line = next(l for l in (ROOT / "Procfile").read_text().splitlines() if l.startswith("web:"))
    port = free_port()
    cmd = shlex.split(line[len("web:"):].replace("$PORT", str(port)))
    assert cmd[0] == "gunicorn" and "app:app" in cmd
    cmd = [str(ROOT / ".venv" / "bin" / "gunicorn")] + [
        re.sub(r"^0\.0\.0\.0:", "127.0.0.1:", c) for c in cmd[1:]]
    proc = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            env=own_env(tmp_path, PORT=str(port)))
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                r = requests.get(f"http://127.0.0.1:{port}/healthz", timeout=2)
                break
            except (requests.ConnectionError, requests.Timeout):  # not up, or worker still booting
                assert proc.poll() is None, proc.stderr.read().decode()
                assert time.monotonic() < deadline, "gunicorn did not start in 30 s"
                time.sleep(0.2)
        assert r.status_code == 200 and r.json() == {"status": "ok"}
    finally:
        proc.terminate()
        proc.wait(timeout=15)
