"""Item 7 of issue 16: a hung Redis (it takes connections and never answers) does not hold the
posts: the rate limit and the publish fail fast, the posts are answered, and a phone on
another process still gets every step (the sweep delivers what Redis did not)."""
from __future__ import annotations

import socket
import threading

import pytest
import requests

from tests.companion import doubles
from tests.companion.live_server import LiveServer, Phone, create_table


class BlackHole:
    """A TCP server that accepts every connection and never sends a byte: a hung Redis."""

    def __init__(self):
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(128)
        self.port = self.sock.getsockname()[1]
        self.conns = []
        self.thread = threading.Thread(target=self._accept, daemon=True)
        self.thread.start()

    def _accept(self):
        while True:
            try:
                conn, _ = self.sock.accept()
            except OSError:
                return
            self.conns.append(conn)          # kept open, never read, never answered

    def close(self):
        self.sock.close()
        for c in self.conns:
            c.close()


@pytest.fixture
def hung_redis():
    hole = BlackHole()
    yield f"redis://127.0.0.1:{hole.port}/0"
    hole.close()


def test_posts_are_answered_and_delivered_while_redis_hangs(tmp_path, hung_redis):
    db = f"sqlite:///{tmp_path / 'shared.db'}"
    env = {"COMPANION_HUB_SWEEP": "0.2"}
    a = LiveServer(tmp_path, database_url=db, redis_url=hung_redis, name="a",
                   extra_env=env).start()
    b = LiveServer(tmp_path, database_url=db, redis_url=hung_redis, name="b",
                   extra_env=env).start()
    try:
        table = create_table(a.url, doubles.TITLE_ID, ["Ann", "Bo"])
        on_a = Phone(a.ws_url, table["code"], table["spectate_token"], "on a")
        on_b = Phone(b.ws_url, table["code"], table["spectate_token"], "on b")
        on_a.wait_hello()
        on_b.wait_hello()
        http = requests.Session()
        tokens = [s["token"] for s in table["seats"]]
        for v in range(12):
            # 3 s: a post used to wait up to 7 s on a hung Redis (2 s limit + 5 s publish)
            r = http.post(f"{a.url}/api/tables/{table['code']}/actions", timeout=3,
                          headers={"Authorization": f"Bearer {tokens[v % 2]}"},
                          json={"action": {"type": "add", "entity": str(v % 2 + 1), "n": 1},
                                "expected_version": v})
            assert r.status_code == 200, r.text
        assert on_a.wait_version(12), on_a.version
        assert on_b.wait_version(12, timeout=30), on_b.version     # by b's sweep
        assert on_b.actions.keys() >= set(range(1, 13))
        on_a.close()
        on_b.close()
    finally:
        a.stop()
        b.stop()


@pytest.fixture
def own_redis(tmp_path, redis_url):
    """A Redis server of this test alone (the machine's redis-server on a free port): pausing
    every client of the shared one would hold the tests that run beside this one."""
    import shutil
    import subprocess
    import time
    import redis
    binary = shutil.which("redis-server")
    if binary is None:
        pytest.fail("redis-server is not installed (the services tests need it)")
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    proc = subprocess.Popen([binary, "--port", str(port), "--bind", "127.0.0.1", "--save", "",
                             "--appendonly", "no", "--dir", str(tmp_path)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"redis://127.0.0.1:{port}/0"
    try:
        for _ in range(100):
            try:
                if redis.Redis.from_url(url).ping():
                    break
            except redis.ConnectionError:
                time.sleep(0.05)
        yield url
    finally:
        proc.terminate()
        proc.wait(timeout=10)


@pytest.mark.services
def test_a_paused_real_redis_does_not_hold_the_posts(tmp_path, postgres_url, own_redis,
                                                     redis_prefix, relay):
    """The scale-out set-up (PostgreSQL, Redis, two processes) while Redis answers nothing
    (``CLIENT PAUSE``): posts are answered and the other process's phone gets every step."""
    import redis
    env = {"COMPANION_HUB_SWEEP": "0.2"}
    a = LiveServer(tmp_path, database_url=postgres_url, redis_url=own_redis,
                   redis_prefix=redis_prefix, name="pa", extra_env=env).start()
    b = LiveServer(tmp_path, database_url=postgres_url, redis_url=own_redis,
                   redis_prefix=redis_prefix, name="pb", extra_env=env).start()
    admin = redis.Redis.from_url(own_redis)
    try:
        table = create_table(a.url, doubles.TITLE_ID, ["Ann", "Bo"])
        on_b = Phone(b.ws_url, table["code"], table["spectate_token"], "on b")
        on_b.wait_hello()
        admin.execute_command("CLIENT", "PAUSE", 6000, "ALL")   # every command waits 6 s
        http = requests.Session()
        tokens = [s["token"] for s in table["seats"]]
        for v in range(6):
            r = http.post(f"{a.url}/api/tables/{table['code']}/actions", timeout=3,
                          headers={"Authorization": f"Bearer {tokens[v % 2]}"},
                          json={"action": {"type": "add", "entity": str(v % 2 + 1), "n": 1},
                                "expected_version": v})
            assert r.status_code == 200, r.text
        assert on_b.wait_version(6, timeout=30), on_b.version
        on_b.close()
    finally:
        try:
            admin.execute_command("CLIENT", "UNPAUSE")
        except Exception:
            pass
        a.stop()
        b.stop()
