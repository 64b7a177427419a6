"""Helpers for tests over a live server: gunicorn as production runs it (gevent worker,
gunicorn.conf.py), phones as WebSocket clients, the JSON API over real HTTP.

The server app is ``tests.companion.liveapp:app``: the production app plus the test
title double. Tests play the real 1888-N when the engine knows it, else the double.
"""
from __future__ import annotations

import json
import os
import random
import re
import signal
import socket
import subprocess
import threading
import time
import uuid
from pathlib import Path

import requests
import websocket

from engine import titles
from engine.contract import ENTRY_KEYS
from tests.companion import doubles

ROOT = Path(__file__).resolve().parents[2]
GUNICORN = ROOT / ".venv" / "bin" / "gunicorn"
REAL_TITLE = "1888-N"


def live_title() -> str:
    """The title the live-server tests play: 1888-N once registered, else the double."""
    return REAL_TITLE if REAL_TITLE in titles.TITLES else doubles.TITLE_ID


def title_spec(title_id: str):
    return titles.TITLES.get(title_id) or doubles.SPEC


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class LiveServer:
    def __init__(self, workdir: Path, *, database_url: str | None = None, redis_url=None,
                 redis_prefix=None, port=None, snapshot_every=25, extra_env=None, name="server",
                 app="tests.companion.liveapp:app"):
        self.workdir = Path(workdir)
        self.port = port or free_port()
        self.name = name
        self.app = app
        self.database_url = database_url or f"sqlite:///{self.workdir / 'companion.db'}"
        env = {**os.environ,
               "DATABASE_URL": self.database_url,
               "SECRET_KEY": "live-test",
               "COMPANION_SNAPSHOT_EVERY": str(snapshot_every),
               "COMPANION_LIMIT_CREATE": "10000 per minute",
               "COMPANION_LIMIT_JOIN": "10000 per minute",
               "COMPANION_LIMIT_POST": "10000 per second",
               "COMPANION_LIMIT_POST_ADDRESS": "100000 per second",
               "PYTHONUNBUFFERED": "1"}
        env.pop("REDIS_URL", None)
        if redis_url:
            env["REDIS_URL"] = redis_url
            env["COMPANION_REDIS_PREFIX"] = redis_prefix or f"test-{uuid.uuid4().hex[:8]}"
        env.update(extra_env or {})
        self.env = env
        self.proc: subprocess.Popen | None = None
        self.log_path = self.workdir / f"{name}-{self.port}.log"

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def start(self, timeout=30) -> "LiveServer":
        self.workdir.mkdir(parents=True, exist_ok=True)
        log = open(self.log_path, "ab")
        self.proc = subprocess.Popen(
            [str(GUNICORN), "--config", str(ROOT / "gunicorn.conf.py"),
             "--bind", f"127.0.0.1:{self.port}", self.app],
            cwd=ROOT, env=self.env, stdout=log, stderr=subprocess.STDOUT,
            start_new_session=True)
        log.close()
        deadline = time.monotonic() + timeout
        while True:
            try:
                if requests.get(self.url + "/healthz", timeout=2).status_code == 200:
                    return self
            except requests.RequestException:
                pass
            if self.proc.poll() is not None:
                raise RuntimeError(f"{self.name} exited at start:\n{self.log()}")
            if time.monotonic() > deadline:
                self.kill()
                raise RuntimeError(f"{self.name} did not start in {timeout} s:\n{self.log()}")
            time.sleep(0.1)

    def log(self) -> str:
        try:
            return self.log_path.read_text(errors="replace")[-4000:]
        except OSError:
            return ""

    def _signal(self, sig) -> None:
        if self.proc is None or self.proc.poll() is not None:
            return
        try:
            os.killpg(self.proc.pid, sig)   # master and worker: they share the session
        except ProcessLookupError:
            pass

    def kill(self) -> None:
        """SIGKILL the whole server (master and worker) at once."""
        self._signal(signal.SIGKILL)
        if self.proc is not None:
            self.proc.wait(timeout=10)

    def terminate(self) -> None:
        """SIGTERM (graceful stop) without waiting: see :meth:`stop`."""
        self._signal(signal.SIGTERM)

    def stop(self) -> None:
        self._signal(signal.SIGTERM)
        if self.proc is not None:
            try:
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.kill()

    def worker_pids(self) -> list[int]:
        out = subprocess.run(["pgrep", "-P", str(self.proc.pid)], capture_output=True, text=True)
        return [int(x) for x in out.stdout.split()]


# -- the JSON API --------------------------------------------------------------------------------
class Api:
    def __init__(self, base: str, code: str, token: str):
        self.base, self.code, self.token = base, code, token
        self.http = requests.Session()
        self.http.headers["Authorization"] = f"Bearer {token}"

    def get(self) -> dict:
        r = self.http.get(f"{self.base}/api/tables/{self.code}", timeout=10)
        assert r.status_code == 200, (r.status_code, r.text)
        return r.json()

    def post(self, action, expected_version, key=None, timeout=10) -> requests.Response:
        return self.http.post(f"{self.base}/api/tables/{self.code}/actions", timeout=timeout,
                              json={"action": action, "expected_version": expected_version,
                                    "key": key or uuid.uuid4().hex})

    def history(self) -> dict:
        r = self.http.get(f"{self.base}/api/tables/{self.code}/history?limit=5000", timeout=10)
        assert r.status_code == 200, r.text
        return r.json()

    def record(self) -> dict:
        r = self.http.get(f"{self.base}/api/tables/{self.code}/record", timeout=10)
        assert r.status_code == 200, r.text
        return r.json()


def create_table(base: str, title: str, players: list[str], seed: int = 7, options=None) -> dict:
    r = requests.post(f"{base}/api/tables", timeout=10,
                      json={"title": title, "players": players, "seed": seed,
                            "options": options or {}})
    assert r.status_code == 201, (r.status_code, r.text)
    return r.json()


def players_for(title: str, want: int = 6) -> list[str]:
    spec = title_spec(title)
    n = max(spec.min_players, min(want, spec.max_players))
    return ["Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"][:n]


def six_tokens(base: str, table: dict) -> list[str]:
    """Six phones' tokens: the seats' own, then more devices joined by the invite link."""
    tokens = [s["token"] for s in table["seats"]][:6]
    i = 0
    while len(tokens) < 6:
        seat = table["seats"][i % len(table["seats"])]
        r = requests.post(f"{base}/api/tables/{table['code']}/join", timeout=10,
                          json={"invite": table["invite_secret"], "player": seat["player"],
                                "device": f"extra phone {i}"})
        assert r.status_code == 201, r.text
        tokens.append(r.json()["token"])
        i += 1
    return tokens


TEMPLATE_KEYS = {"min", "max", "step", "prices", "buys", "bonuses", "colors", "cash"}
NEEDS_THE_MAP = {"undo", "redo", "lay_tile", "place_token"}
# Corrections are the referee's tool, not moves: random ones are refused by the engine's own
# checks (a reason, what can be afforded...), so a random game leaves them out.
NOT_MOVES = {"correction"}
WEIGHTS = {"pass": 3, "bid": 2, "par": 4, "buy_shares": 6, "sell_shares": 1, "buy_train": 5,
           "run_trains": 9, "dividend": 9, "buy_company": 1, "discard_train": 5, "bankrupt": 9}


def fill(template: dict, rng: random.Random) -> dict | None:
    """A postable action from one of ``legal_actions()``' entries (a template's ranges filled),
    or None for what needs a map-aware choice. Only what a phone sees is used."""
    if not isinstance(template, dict) or template.get("type") in NEEDS_THE_MAP | NOT_MOVES:
        return None
    # what the contract says is sent: type, entity, the fixed scalars (not label, show...)
    a = {k: v for k, v in template.items()
         if k not in TEMPLATE_KEYS | (ENTRY_KEYS - {"type", "entity"})}
    kind = a["type"]
    params = template.get("params")
    if isinstance(params, dict):              # {"name": {"choices": [...]} or {"min", "max"}}
        for name, spec in params.items():
            if not isinstance(spec, dict):
                continue
            if spec.get("kind") == "list":       # one number per item (a revenue per train)
                of = spec.get("of") or {}
                low, step = of.get("min", 0), of.get("step", 1)
                top = of.get("max", low + 20 * step)
                a[name] = [rng.choice([d, min(top, low + step * rng.randint(0, 20))])
                           for d in spec.get("defaults") or [low] * len(spec.get("items") or [])]
            elif spec.get("choices"):
                a[name] = rng.choice(spec["choices"])
            elif "min" in spec:
                a[name] = spec["min"] if "max" not in spec else rng.choice(
                    [spec["min"], spec["max"]])
            elif "default" in spec:
                a[name] = spec["default"]
            elif spec.get("text"):            # free text, e.g. a correction's reason
                a[name] = "test"
    if kind == "bid" and "min" in template:
        steps = (template["max"] - template["min"]) // max(1, template.get("step", 1))
        a["price"] = template["min"] + template.get("step", 1) * rng.choice([0, 0, min(1, steps)])
    elif isinstance(template.get("prices"), dict):    # {source: price}
        source = a.get("source")
        if source not in template["prices"]:
            source = rng.choice(sorted(template["prices"]))
        a["price"] = template["prices"][source]
    elif template.get("prices"):
        a["price"] = rng.choice(template["prices"])
    elif "min" in template and "price" not in a:
        a["price"] = template["min"]
    return a


def postable(legal: list[dict], rng: random.Random | None = None) -> list[dict]:
    rng = rng or random.Random(0)
    return [f for f in (fill(a, rng) for a in legal) if f is not None]


def choose(legal: list[dict], rng: random.Random) -> dict | None:
    """A random postable legal action (a real game moving on; some may still be refused)."""
    options = postable(legal, rng)
    if not options:
        return None
    return rng.choices(options, [WEIGHTS.get(o["type"], 1) for o in options])[0]


# -- a phone: a WebSocket client that records what it receives -----------------------------------
class Phone:
    def __init__(self, ws_base: str, code: str, token: str, name="phone"):
        self.url = f"{ws_base}/ws/tables/{code}?token={token}"
        self.name = name
        self.lock = threading.Condition()
        self.hello: dict | None = None
        self.actions: dict[int, dict] = {}
        self.order: list[int] = []        # versions in the order they arrived
        self.other: list[dict] = []
        self.received_at: dict[int, float] = {}
        self.errors: list[str] = []
        self.ws = websocket.create_connection(self.url, timeout=15)
        self.closed = False
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self):
        try:
            while True:
                raw = self.ws.recv()
                if not raw:
                    break
                now = time.perf_counter()
                msg = json.loads(raw)
                with self.lock:
                    if "state" in msg:
                        self.hello = msg
                    elif "action" in msg:
                        self.order.append(msg["version"])
                        self.actions.setdefault(msg["version"], msg)
                        self.received_at.setdefault(msg["version"], now)
                    else:
                        self.other.append(msg)
                    self.lock.notify_all()
        except Exception as exc:  # closed
            if not self.closed:
                self.errors.append(repr(exc))
        with self.lock:
            self.closed = True
            self.lock.notify_all()

    @property
    def version(self) -> int:
        with self.lock:
            base = self.hello["version"] if self.hello else -1
            v = base
            while v + 1 in self.actions:
                v += 1
            return v

    def wait_hello(self, timeout=10) -> dict:
        with self.lock:
            assert self.lock.wait_for(lambda: self.hello is not None or self.closed, timeout), \
                f"{self.name}: no hello"
            assert self.hello is not None, f"{self.name}: closed before hello {self.errors}"
            return self.hello

    def wait_version(self, version: int, timeout=15) -> bool:
        deadline = time.monotonic() + timeout
        while self.version < version:
            left = deadline - time.monotonic()
            if left <= 0 or self.closed:
                return False
            with self.lock:
                self.lock.wait(timeout=min(left, 0.5))
        return True

    def wait_for(self, predicate, timeout=15) -> bool:
        with self.lock:
            return self.lock.wait_for(lambda: predicate(self) or self.closed, timeout) and \
                predicate(self)

    def send(self, msg: dict):
        self.ws.send(json.dumps(msg))

    def close(self):
        self.closed = True
        try:
            self.ws.close()
        except Exception:
            pass


def _at_its_version(part: str) -> str:
    """A part with the version its forms are posted at filled in from its data-version."""
    version = re.search(r'data-version="(\d+)"', part).group(1)
    return part.replace('name="expected_version" value="<version>"',
                        f'name="expected_version" value="{version}"')


def blank_own(part: str) -> str:
    """A part as a phone shows it (the version its forms are posted at filled in from the part's
    data-version, as the phone's script does), its own token and keys left blank."""
    return re.sub(r'(name="(?:csrf_token|key)" value=")[^"]*', r"\1", _at_its_version(part))


def fill_own(part: str, token: str | None = None) -> str:
    """A part with what the phone's script puts in its slots (static/live_boot.js ``own``): the
    version its forms are posted at, a new key per form, and the page's CSRF ``token`` (the slot
    left as it is without one)."""
    part = _at_its_version(part)
    if token is not None:
        part = part.replace('name="csrf_token" value="<csrf>"',
                            f'name="csrf_token" value="{token}"')
    return re.sub('name="key" value="<key>"', lambda m: f'name="key" value="{uuid.uuid4().hex}"',
                  part)


def made_of(part: str) -> str:
    """A part's data-made: the table's part it is, "" for one phone's alone (or none)."""
    m = re.search(r'data-made="([^"]*)"', part[:300])
    return m.group(1) if m else ""
