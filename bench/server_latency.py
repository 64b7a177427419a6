"""Server benchmark: post an action -> the last of a table's six phones receives it.

Loopback only (127.0.0.1), bounded loops. For each table count (default 1, 50, 200) it
starts the server as production does (gunicorn, gunicorn.conf.py, ``app:app``), creates
the tables (1888-N, six seats), connects six WebSocket phones per table, and has one
phone per table post a legal action about once a second (jittered) for ``--seconds``.

Measured: p50/p99/max of post -> the sixth phone's receipt (all six must get it),
the post's own round trip, errors (any 5xx, refused connection, timeout, lost or
out-of-order push; 409/422 are counted apart: they are answers, not errors), and the
server's memory per table (worker RSS after the run minus before the tables, / tables).
A version a phone's first state already holds is not expected on its socket (that phone is
not counted for it, never as a lost push).
Mass reconnect (``--no-reconnect`` to skip): after the run the server is restarted (SIGTERM,
then a new start on the same database) and every phone (``tables × phones``, 1,200 at 200
tables) connects at once; ``reconnect_first_state_*`` is each phone's time from its connect to
its first state, ``reconnect_all_s`` until the last phone had it.
CPU per action: the server's workers, the client, and (``db_cpu_ms_per_action``) every
PostgreSQL and Redis process on the machine, ended PostgreSQL backends included (whoever
else uses them counts too). A lost push says how long before the end of posting it was posted
(``lost_posted_s_before_end``: under a second or two, it was still on its way).

``--pages``: every phone is a table page's socket (``&part=1``), as a phone's page opens it:
it is pushed the page's live part (at the newest version; one part may bring several versions);
a version counts as received by a phone when a part at it or later arrives, and as lost if none
does. Page sockets take permessage-deflate as browsers do (the client inflates what it reads),
so the server writes each part's frame compressed once, as to real phones. Each step is posted as
the acting seat's page posts it (``--poster page``, the default with ``--pages``: the seat's own
session posts its form of the part it holds and is answered with what changed,
bench/phone_load.py ``PagePoster``; the sockets and the posts say the same language and time
zone, so they are one kind of phone); ``--poster api`` posts through the JSON API as before. The run also reports the engine's own work per version (``bench/engine_work.py``: a game of
the bench's title played in the bench's process after the run, 60 random legal steps, then 40
measured) and the server's CPU per step over it (``server_over_engine``). Phones there stepping once every 10 s: ``--rate 0.1``.

    .venv/bin/python bench/server_latency.py                        # embedded default
    .venv/bin/python bench/server_latency.py --pages --tables 200 500 --rate 0.1 --seconds 60
    .venv/bin/python bench/server_latency.py --backend pg-redis     # 2 processes, PG + Redis
    .venv/bin/python bench/server_latency.py --tables 200 --seconds 30
    BENCH_APP=module:app .venv/bin/python bench/server_latency.py   # serve another WSGI app

The client is one gevent process (greenlets, no threads), so the machine's second core
is shared with the server; the figures include that client's own scheduling delay.
"""
from gevent import monkey

monkey.patch_all()

import argparse  # noqa: E402
import json  # noqa: E402
import os  # noqa: E402
import random  # noqa: E402
import re  # noqa: E402
import socket  # noqa: E402
import sys  # noqa: E402
import tempfile  # noqa: E402
import time  # noqa: E402
import uuid  # noqa: E402
import zlib  # noqa: E402
from pathlib import Path  # noqa: E402

import gevent  # noqa: E402
import gevent.event  # noqa: E402
import orjson  # noqa: E402
import websocket  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.companion.live_server import LiveServer, choose  # noqa: E402

TITLE = "1888-N"
SNAPSHOT_EVERY = 100    # the production default (COMPANION_SNAPSHOT_EVERY), on both backends
WINDOW = 20.0           # seconds: the p99 of each such window of posting is reported too
PLAYERS = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo"]


class Http:
    """A keep-alive HTTP/1.1 JSON client on one socket, written lean because it shares the
    machine with the server (it stands for phones that would not): the request is formatted by
    hand and the answer read by its Content-Length, instead of http.client (whose header
    parsing goes through the email package), and answers are read with orjson (a GET's state
    and legal actions are about 25 KB: json.loads of them was over a quarter of the client's CPU).
    """

    def __init__(self, port, token=None):
        self.port, self.token = port, token
        self.sock = None
        self.buf = b""

    def _connect(self):
        self.sock = socket.create_connection(("127.0.0.1", self.port), timeout=10)
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.buf = b""

    def _close(self):
        if self.sock is not None:
            self.sock.close()
        self.sock = None

    def _read_until(self, n=None, marker=None):
        while (marker is not None and marker not in self.buf) or (n is not None and len(self.buf) < n):
            chunk = self.sock.recv(262144)
            if not chunk:
                raise ConnectionResetError("closed by the server")
            self.buf += chunk

    def _exchange(self, request: bytes):
        self.sock.sendall(request)
        self._read_until(marker=b"\r\n\r\n")
        head, self.buf = self.buf.split(b"\r\n\r\n", 1)
        lines = head.split(b"\r\n")
        status = int(lines[0].split(b" ", 2)[1])
        headers = {k.strip().lower(): v.strip() for k, _, v in
                   (line.partition(b":") for line in lines[1:])}
        length = int(headers[b"content-length"])
        self._read_until(n=length)
        raw, self.buf = self.buf[:length], self.buf[length:]
        if headers.get(b"connection", b"").lower() == b"close":
            self._close()
        return status, (orjson.loads(raw) if raw else None)

    def call(self, method, path, body=None):
        data = orjson.dumps(body) if body is not None else b""
        auth = f"Authorization: Bearer {self.token}\r\n" if self.token else ""
        request = (f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{self.port}\r\n{auth}"
                   f"Content-Type: application/json\r\nContent-Length: {len(data)}\r\n\r\n"
                   ).encode() + data
        for attempt in (0, 1):
            if self.sock is None:
                self._connect()
            try:
                return self._exchange(request)
            except (ConnectionResetError, BrokenPipeError):
                self._close()
                if attempt:
                    raise
            except Exception:                    # a timeout: this connection is unusable now
                self._close()
                raise


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def db_cpu_seconds() -> float:
    """CPU of every PostgreSQL and Redis process on this machine, including PostgreSQL backends
    that ended (the postmaster's reaped children). Other users of these servers count too."""
    total = 0.0
    tick = os.sysconf("SC_CLK_TCK")
    for d in Path("/proc").iterdir():
        if not d.name.isdigit():
            continue
        try:
            stat = (d / "stat").read_text()
        except OSError:
            continue
        name = stat[stat.index("(") + 1:stat.rindex(")")]
        if not (name.startswith("postgres") or name.startswith("redis-server")):
            continue
        f = stat.rsplit(")", 1)[1].split()
        total += int(f[11]) + int(f[12])
        if name == "postgres" and f[1] == "1":             # the postmaster: its reaped backends
            total += int(f[13]) + int(f[14])
    return total / tick


def rss_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


class Table:
    def __init__(self, code, seats, ports):
        self.code, self.seats, self.ports = code, list(seats), ports   # seats: {player, token}
        self.tokens = [s["token"] for s in self.seats]
        self.pages_poster = None                   # --poster page: its PagePoster
        self.recv: dict[int, list[float]] = {}     # version -> receipt times (one per phone)
        self.last_seen = [0] * 6                   # per phone: last version, order check
        self.first: list[int | None] = [None] * 6  # per phone: the version of its first state
        self.sent: dict[int, float] = {}           # version -> post start
        self.rtt: list[float] = []
        self.errors: list[str] = []
        self.refused = 0
        self.stale = 0


_HEAD = re.compile(rb'^\{"version":(\d+),"(\w+)"')


class LeanSocket:
    """The phone's side of the WebSocket after websocket-client's handshake, read lean: frames are
    parsed by hand and a push is recognised by its first bytes (``{"version":N,"action"``), not
    decoded, so the client (which shares the machine) spends little per push. Pings are
    answered; anything unexpected raises."""

    def __init__(self, ws, deflate: bool = False):
        self.ws, self.sock = ws, ws.sock
        self.buf = bytearray()
        # a page's socket takes permessage-deflate, as a browser does (the window of every
        # message before: RFC 7692, context takeover)
        self.inflate = zlib.decompressobj(-15) if deflate else None

    def _frame(self):
        while True:
            buf = self.buf
            if len(buf) >= 2:
                op, n = buf[0] & 0x0F, buf[1] & 0x7F
                at = 2
                if n == 126:
                    at, n = 4, int.from_bytes(buf[2:4], "big") if len(buf) >= 4 else None
                elif n == 127:
                    at, n = 10, int.from_bytes(buf[2:10], "big") if len(buf) >= 10 else None
                if n is not None and len(buf) >= at + n:
                    if not buf[0] & 0x80:
                        raise RuntimeError("fragmented frame (not expected from this server)")
                    payload = bytes(buf[at:at + n])
                    if buf[0] & 0x40:              # RSV1: compressed (permessage-deflate)
                        payload = self.inflate.decompress(payload + b"\x00\x00\xff\xff")
                    del buf[:at + n]
                    return op, payload
            chunk = self.sock.recv(262144)
            if not chunk:
                raise ConnectionError("socket closed")
            buf += chunk

    def recv(self) -> tuple[int, str, bytes]:
        """(version, first key, raw text) of the next text message."""
        while True:
            op, payload = self._frame()
            if op == 0x9:                          # ping: answer with a masked pong
                mask = os.urandom(4)
                body = bytes(b ^ mask[k % 4] for k, b in enumerate(payload))
                self.sock.sendall(bytes((0x8A, 0x80 | len(payload))) + mask + body)
                continue
            if op == 0x8:
                raise ConnectionError("closed by the server")
            if op != 0x1:
                continue
            m = _HEAD.match(payload)
            if m is None:
                return -1, "", payload
            return int(m.group(1)), m.group(2).decode(), payload


PAGES = {"on": False}     # --pages: every phone is a table page's socket (``&part=1``)
POSTER = {"how": "api"}   # "page": each step posted as the acting seat's page posts it
# what a page's socket and its posts say of the phone: its language and time zone (a page opens
# its socket with ``&tz=``, static/live_boot.js), so a post's part and the sockets' are one kind
PAGE_LANGUAGE = "en-GB"                                   # (bench/phone_load.py PHONE's)
PAGE_TZ = str(round(time.localtime().tm_gmtoff / 60))     # (and PagePoster's)


DEFLATE = ["Sec-WebSocket-Extensions: permessage-deflate; client_max_window_bits"]


def connect(table: Table, i: int, timeout: float) -> LeanSocket:
    """A phone's socket; a page's takes permessage-deflate (as browsers do), an API phone's
    none."""
    ws = websocket.create_connection(
        socket_url(table, i), timeout=timeout,
        header=DEFLATE + [f"Accept-Language: {PAGE_LANGUAGE}"] if PAGES["on"] else None)
    agreed = "permessage-deflate" in (ws.getheaders() or {}).get("sec-websocket-extensions", "")
    return LeanSocket(ws, deflate=agreed)


def socket_url(table: Table, i: int) -> str:
    port = table.ports[i % len(table.ports)]
    part = f"&part=1&tz={PAGE_TZ}" if PAGES["on"] else ""
    return f"ws://127.0.0.1:{port}/ws/tables/{table.code}?token={table.tokens[i]}{part}"


def phone(table: Table, i: int, stop):
    """One phone: a JSON socket (each action, in order), or with --pages a table page's socket
    (the live part at the newest version: one part may bring several versions at once)."""
    first_kind, push_kind = ("part", "part") if PAGES["on"] else ("state", "action")
    try:
        lean = connect(table, i, 30)
    except Exception as exc:
        table.errors.append(f"connect: {exc!r}")
        return
    ws = lean.ws
    try:
        version, kind, _raw = lean.recv()
        if kind != first_kind:
            table.errors.append(f"phone {i}: first message is not the {first_kind}")
        table.last_seen[i] = version
        table.first[i] = version
        while not stop["now"]:
            v, kind, _raw = lean.recv()
            now = time.perf_counter()
            if kind != push_kind and not (PAGES["on"] and kind == "delta"):
                continue
            if PAGES["on"]:                 # the part (or what changed) at v: up to v is shown
                for x in range(table.last_seen[i] + 1, v + 1):
                    table.recv.setdefault(x, []).append(now)
                table.last_seen[i] = max(table.last_seen[i], v)
                continue
            if v != table.last_seen[i] + 1:
                table.errors.append(f"phone {i}: got {v} after {table.last_seen[i]}")
            table.last_seen[i] = v
            table.recv.setdefault(v, []).append(now)
    except (websocket.WebSocketTimeoutException, TimeoutError):
        if not stop["now"]:
            table.errors.append(f"phone {i}: no message for 30 s")
    except Exception as exc:
        if not stop["now"]:
            table.errors.append(f"phone {i}: {exc!r}")
    finally:
        try:
            ws.close()
        except Exception:
            pass


def reconnect(table: Table, i: int, times: list, errors: list, done):
    """One phone after the restart: its time from connect to its first state."""
    t0 = time.perf_counter()
    first_kind = "part" if PAGES["on"] else "state"
    try:
        lean = connect(table, i, 60)
        ws = lean.ws
        _version, kind, _raw = lean.recv()
        if kind != first_kind:
            errors.append(f"reconnect {i}: first message is not the {first_kind}")
        else:
            times.append(time.perf_counter() - t0)
        done.wait()                                 # stay connected, as phones do
        ws.close()
    except Exception as exc:
        errors.append(f"reconnect {i}: {exc!r}")


def mass_reconnect(servers, tables, n_phones) -> dict:
    """Restart the server(s), then every phone connects at once."""
    for s in servers:
        s.stop()
    for s in servers:
        s.start(timeout=60)
    times, errors = [], []
    done = gevent.event.Event()
    workers = [pid for s in servers for pid in s.worker_pids()]
    cpu0, client0 = sum(cpu_seconds(p) for p in workers), time.process_time()
    t0 = time.perf_counter()
    phones = [gevent.spawn(reconnect, t, i, times, errors, done)
              for t in tables for i in range(n_phones)]
    while len(times) + len(errors) < len(phones) and time.perf_counter() - t0 < 120:
        gevent.sleep(0.05)
    everyone = time.perf_counter() - t0
    server_cpu = sum(cpu_seconds(p) for p in workers) - cpu0
    client_cpu = time.process_time() - client0
    done.set()
    gevent.joinall(phones, timeout=10)
    ms = lambda x: round(x * 1000, 1)  # noqa: E731
    return {"reconnect_phones": len(phones), "reconnect_errors": len(errors),
            "reconnect_error_samples": errors[:3],
            "reconnect_first_state_p50_ms": ms(pct(times, 50)),
            "reconnect_first_state_p99_ms": ms(pct(times, 99)),
            "reconnect_first_state_max_ms": ms(max(times)) if times else None,
            "reconnect_all_s": round(everyone, 2),
            "reconnect_server_cpu_ms_per_phone": round(server_cpu * 1000 / max(1, len(phones)), 2),
            "reconnect_client_cpu_ms_per_phone": round(client_cpu * 1000 / max(1, len(phones)), 2)}


def with_text(legal: list[dict]) -> list[dict]:
    """Free-text parameters (a correction's reason) get a text: the chooser fills only choices
    and ranges."""
    for entry in legal:
        params = entry.get("params") if isinstance(entry, dict) else None
        if isinstance(params, dict):
            for spec in params.values():
                if isinstance(spec, dict) and spec.get("text") and "default" not in spec:
                    spec["default"] = "benchmark"
    return legal


def page_poster(table: Table, seconds: float, rate: float, seed: int):
    """One table's steps posted as its phones post them (``--poster page``): the acting seat's
    own session posts its form of the part it holds, with ``X-Part``, and is answered with what
    changed (bench/phone_load.py ``PagePoster``: one request a step, no state read). A post is
    timed from the start of the post that counted (a step asked about first is posted again,
    confirmed: the question's round trip is not counted)."""
    rng, pp = random.Random(seed), table.pages_poster
    started = [0.0]
    post = pp._post

    def timed(*a, **kw):
        started[0] = time.perf_counter()
        return post(*a, **kw)
    pp._post = timed
    gevent.sleep(rng.uniform(0, 1.0 / rate))
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        tick = time.perf_counter()
        try:
            version = pp.step()
            if version is None:
                table.refused += 1
            else:
                table.sent[version] = started[0]
                table.rtt.append(time.perf_counter() - started[0])
        except Exception as exc:
            table.errors.append(f"page post: {exc!r}")
        gevent.sleep(max(0.0, 1.0 / rate * rng.uniform(0.8, 1.2) - (time.perf_counter() - tick)))


def make_page_poster(table: Table, seed: int) -> None:
    """The table's phones' sessions for ``--poster page`` (before the run is measured)."""
    from bench.phone_load import PagePoster
    base = f"http://127.0.0.1:{table.ports[seed % len(table.ports)]}"
    try:
        # (its phones send the pages' language and zone: PAGE_LANGUAGE, PAGE_TZ)
        table.pages_poster = PagePoster(base, table.code, {"seats": table.seats},
                                        random.Random(seed))
    except Exception as exc:
        table.errors.append(f"page poster: {exc!r}")


def poster(table: Table, seconds: float, rate: float, seed: int):
    if POSTER["how"] == "page":
        return page_poster(table, seconds, rate, seed) if table.pages_poster else None
    rng = random.Random(seed)
    http_ = Http(table.ports[seed % len(table.ports)], table.tokens[0])
    gevent.sleep(rng.uniform(0, 1.0 / rate))
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        tick = time.perf_counter()
        try:
            status, st = http_.call("GET", f"/api/tables/{table.code}")
            if status != 200:
                table.errors.append(f"GET {status}")
            else:
                action = choose(with_text(st["legal"]), rng)
                if action is None:
                    table.errors.append("stuck: no postable legal action")
                    return
                t0 = time.perf_counter()
                status, body = http_.call("POST", f"/api/tables/{table.code}/actions",
                                          {"action": action, "expected_version": st["version"],
                                           "key": uuid.uuid4().hex})
                t1 = time.perf_counter()
                if status == 200:
                    table.sent[body["version"]] = t0
                    table.rtt.append(t1 - t0)
                elif status == 422:
                    table.refused += 1
                elif status == 409:
                    table.stale += 1
                else:
                    table.errors.append(f"POST {status} {body}")
        except Exception as exc:
            table.errors.append(f"http: {exc!r}")
        gevent.sleep(max(0.0, 1.0 / rate * rng.uniform(0.8, 1.2) - (time.perf_counter() - tick)))


def loop_lag(lags: list[float], stop, period: float = 0.005):
    """How late the client's own event loop wakes a greenlet that asked to sleep ``period``: the
    part of every measured time that is the load client's, not the server's."""
    while not stop["now"]:
        t0 = time.perf_counter()
        gevent.sleep(period)
        lags.append(time.perf_counter() - t0 - period)


def pct(values, p):
    if not values:
        return float("nan")
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p / 100 * (len(values) - 1))))]


def run(n_tables: int, backend: str, seconds: float, rate: float, workdir: Path,
        pg_url=None, redis_url=None, n_phones: int = 6, pyspy: str | None = None,
        processes: int = 2, reconnect_too: bool = True) -> dict:
    servers = []
    instance = workdir / "instance"             # the run's own (not the checkout's)
    instance.mkdir(parents=True, exist_ok=True)
    made = brotli_copy()                          # no Brotli work during a run
    (instance / made.name).write_bytes(made.read_bytes())
    env = {"COMPANION_LIMIT_CREATE": "100000 per minute",
           "COMPANION_INSTANCE_PATH": str(instance)}
    app = os.environ.get("BENCH_APP", "app:app")   # e.g. a module wrapping app:app with timers
    if backend == "embedded":
        servers.append(LiveServer(workdir, app=app, snapshot_every=SNAPSHOT_EVERY, extra_env=env,
                                  name="embedded"))
    else:
        prefix = f"bench-{uuid.uuid4().hex[:8]}"
        for i in range(processes):
            servers.append(LiveServer(workdir, app=app, database_url=pg_url, redis_url=redis_url,
                                      redis_prefix=prefix, extra_env=env,
                                      snapshot_every=SNAPSHOT_EVERY, name=f"pg{i}"))
    for s in servers:
        s.env["COMPANION_LIMIT_POST"] = "100 per 10 seconds"   # the production default shape
        s.env["COMPANION_LIMIT_POST_ADDRESS"] = "1000000 per minute"  # every phone is 127.0.0.1
        s.start(timeout=60)
    try:
        ports = [s.port for s in servers]
        workers = [pid for s in servers for pid in s.worker_pids()]
        gevent.sleep(1.0)
        base_rss = sum(rss_kb(p) for p in workers)
        tables = []
        creator = Http(ports[0])
        for t in range(n_tables):
            status, body = creator.call("POST", "/api/tables",
                                        {"title": TITLE, "players": PLAYERS, "seed": t})
            assert status == 201, (status, body)
            tables.append(Table(body["code"], body["seats"], ports))
        stop = {"now": False}
        phones = [gevent.spawn(phone, t, i, stop) for t in tables for i in range(n_phones)]
        gevent.sleep(2.0 + n_tables * 0.01)        # let every phone get its hello
        waited = time.perf_counter() + 180           # ...all of them (a page's first part is
        while time.perf_counter() < waited and any(  # made per table: longer than a state)
                f is None and not t.errors for t in tables for f in t.first[:n_phones]):
            gevent.sleep(0.5)
        if POSTER["how"] == "page":
            gevent.joinall([gevent.spawn(make_page_poster, t, k)
                            for k, t in enumerate(tables)], timeout=300)
        gevent.sleep(1.0)
        cpu0 = sum(cpu_seconds(p) for p in workers)
        db0 = db_cpu_seconds()
        client0 = time.process_time()
        spies = []
        if pyspy:                                   # sample the workers while the tables play
            import subprocess
            for p in workers:
                spies.append(subprocess.Popen(
                    [pyspy, "record", "--pid", str(p), "--duration", str(int(seconds)),
                     "--rate", "250", "--nonblocking", "--format", "raw",
                     "-o", str(ROOT / "bench" / "out" / f"pyspy-{backend}-{n_tables}-{p}.txt")],
                    stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        posted_start = time.perf_counter()
        lags: list[float] = []
        lag_stop = {"now": False}
        lagger = gevent.spawn(loop_lag, lags, lag_stop)
        posters = [gevent.spawn(poster, t, seconds, rate, k) for k, t in enumerate(tables)]
        gevent.joinall(posters, timeout=seconds + 60)
        posted_end = time.perf_counter()
        lag_stop["now"] = True
        lagger.join(timeout=1)
        for spy in spies:
            spy.wait(timeout=30)
        gevent.sleep(2.0)                           # the last pushes
        server_cpu = sum(cpu_seconds(p) for p in workers) - cpu0
        db_cpu = db_cpu_seconds() - db0
        client_cpu = time.process_time() - client0
        rss_after = sum(rss_kb(p) for p in workers)
        stop["now"] = True
        engine = {}
        if PAGES["on"]:                     # the engine's own work per version, this run
            from bench.engine_work import played_ms
            engine = played_ms(TITLE, PLAYERS, 0)
        reconnected = mass_reconnect(servers, tables, n_phones) if reconnect_too else {}
        for s in servers:
            s.stop()
        gevent.joinall(phones, timeout=10)
    finally:
        for s in servers:
            s.kill()
    latencies, rtts, errors, lost = [], [], [], 0
    by_window: dict[int, list[float]] = {}     # 20-second windows of posting: is the tail steady?
    lost_ages = []          # for each lost push: seconds from its post to the end of posting
    refused = sum(t.refused for t in tables)
    stale = sum(t.stale for t in tables)
    for t in tables:
        errors.extend(t.errors)
        rtts.extend(t.rtt)
        for v, t0 in t.sent.items():
            got = t.recv.get(v, [])
            # a phone whose first state came after v was posted has v in that state
            expected = sum(1 for f in t.first[:n_phones] if f is not None and f < v)
            if not expected:
                continue
            if len(got) < expected:
                lost += 1
                lost_ages.append(posted_end - t0)
                continue
            latencies.append(max(got) - t0)
            by_window.setdefault(int((t0 - posted_start) // WINDOW), []).append(max(got) - t0)
    ms = lambda x: round(x * 1000, 1)  # noqa: E731
    return {
        "backend": backend, "processes": len(servers),
        "state_cache": os.environ.get("COMPANION_STATE_CACHE", "1") != "0", "tables": n_tables, "phones": n_tables * n_phones, "seconds": seconds,
        "load_average": os.getloadavg()[0], "pages": PAGES["on"], "poster": POSTER["how"],
        "rate_per_table": rate, "actions": len(latencies) + lost,
        "p50_ms": ms(pct(latencies, 50)), "p99_ms": ms(pct(latencies, 99)),
        "max_ms": ms(max(latencies)) if latencies else None,
        "post_rtt_p50_ms": ms(pct(rtts, 50)), "post_rtt_p99_ms": ms(pct(rtts, 99)),
        "errors": len(errors) + lost, "lost_pushes": lost, "error_samples": errors[:5],
        # a push still on its way when the run ended (posted in its last seconds) or one that
        # never came (posted long before the end)
        "lost_posted_s_before_end": [round(min(lost_ages), 2), round(max(lost_ages), 2)]
        if lost_ages else None,
        "refused_422": refused, "stale_409": stale,
        "server_rss_mb": round(rss_after / 1024, 1),
        "server_cpu_ms_per_action": round(server_cpu * 1000 / max(1, len(latencies) + lost), 2),
        **engine,
        "server_over_engine": round(server_cpu * 1000 / max(1, len(latencies) + lost)
                                    / engine["engine_ms_per_version"], 1)
        if engine.get("engine_ms_per_version") else None,
        "db_cpu_ms_per_action": round(db_cpu * 1000 / max(1, len(latencies) + lost), 2),
        "client_cpu_ms_per_action": round(client_cpu * 1000 / max(1, len(latencies) + lost), 2),
        "kb_per_table": round((rss_after - base_rss) / max(1, n_tables), 1),
        "client_loop_lag_p50_ms": ms(pct(lags, 50)), "client_loop_lag_p99_ms": ms(pct(lags, 99)),
        "p99_ms_by_20s": [ms(pct(by_window[w], 99)) for w in sorted(by_window)],
        **reconnected,
    }


def brotli_copy() -> Path:
    """brython.js's Brotli copy as the server names it (companion/pwa.py), made once into
    bench/out/: a server starting without one makes it (seconds of CPU on a core the run
    shares)."""
    from companion import pwa
    raw, _gz, etag = pwa._brython_gz()
    path = ROOT / "bench" / "out" / f"brython-{etag}.js.br"
    if not path.exists():
        import brotli
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(brotli.compress(raw, quality=11))
    return path


def pg_schema():
    import psycopg
    url = os.environ.get("TEST_POSTGRES_URL", "postgresql://postgres@127.0.0.1:5432/test")
    conn = psycopg.connect(url, autocommit=True)
    schema = f"companion_bench_{uuid.uuid4().hex[:8]}"
    conn.execute(f'CREATE SCHEMA "{schema}"')
    from urllib.parse import quote
    return conn, schema, f"{url}?options={quote(f'-csearch_path={schema}')}"


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--tables", type=int, nargs="+", default=[1, 50, 200])
    ap.add_argument("--backend", choices=["embedded", "pg-redis"], default="embedded")
    ap.add_argument("--seconds", type=float, default=20.0)
    ap.add_argument("--rate", type=float, default=1.0, help="actions per table per second")
    ap.add_argument("--phones", type=int, default=6, choices=range(1, 7), metavar="1..6",
                    help="phones per table (default 6)")
    ap.add_argument("--pyspy", metavar="PATH",
                    help="py-spy binary: sample the server while the tables play "
                         "(raw stacks into bench/out/pyspy-*.txt; py-spy is not a requirement)")
    ap.add_argument("--processes", type=int, default=2, choices=range(1, 5), metavar="1..4",
                    help="pg-redis: server processes on this host, each table's phones spread "
                         "over them (default 2)")
    ap.add_argument("--no-reconnect", action="store_true",
                    help="skip the mass reconnect after a restart")
    ap.add_argument("--no-state-cache", action="store_true",
                    help="serve with COMPANION_STATE_CACHE=0 (first states by loading the game: "
                         "the figure before the kept copies)")
    ap.add_argument("--redis", default=os.environ.get("TEST_REDIS_URL", "redis://127.0.0.1:6379/0"))
    ap.add_argument("--pages", action="store_true",
                    help="phones are table pages' sockets (&part=1, the live part pushed), as a "
                         "phone's page opens it; also the engine's own work per version")
    ap.add_argument("--poster", choices=["api", "page"],
                    help="how the steps are posted: \"page\" as the acting seat's page posts "
                         "them (its form, answered with what changed; the default with --pages), "
                         "\"api\" through the JSON API (the state read, then the step; the "
                         "default without, and the --pages figures before 2026-12-07)")
    args = ap.parse_args(argv)
    PAGES["on"] = args.pages
    POSTER["how"] = args.poster or ("page" if args.pages else "api")
    if args.no_state_cache:
        os.environ["COMPANION_STATE_CACHE"] = "0"
    out_dir = ROOT / "bench" / "out"
    out_dir.mkdir(parents=True, exist_ok=True)
    results = []
    for n in args.tables:
        with tempfile.TemporaryDirectory() as tmp:
            if os.environ.get("BENCH_KEEP_LOGS"):       # server logs into bench/out/
                tmp = str(out_dir)
            conn = schema = pg_url = None
            if args.backend == "pg-redis":
                conn, schema, pg_url = pg_schema()
            try:
                res = run(n, args.backend, args.seconds, args.rate, Path(tmp), pg_url, args.redis,
                          args.phones, args.pyspy, args.processes, not args.no_reconnect)
            finally:
                if conn is not None:
                    conn.execute(f'DROP SCHEMA "{schema}" CASCADE')
                    conn.close()
        results.append(res)
        print(json.dumps(res), flush=True)
        with open(out_dir / "server_latency.jsonl", "a") as f:
            f.write(json.dumps({**res, "at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())})
                    + "\n")
    print("\n| backend | tables × phones | actions | p50 ms | p99 ms | max ms | errors | "
          "KB/table | reconnect: first state p50 / p99 / all |")
    print("|---|---|---|---|---|---|---|---|---|")
    for r in results:
        again = (f"{r['reconnect_first_state_p50_ms']} / {r['reconnect_first_state_p99_ms']} ms"
                 f" / {r['reconnect_all_s']} s" if "reconnect_all_s" in r else "–")
        print(f"| {r['backend']} | {r['tables']} × {r['phones'] // r['tables']} | {r['actions']} | {r['p50_ms']} | "
              f"{r['p99_ms']} | {r['max_ms']} | {r['errors']} | {r['kb_per_table']} | {again} |")


if __name__ == "__main__":
    main()
