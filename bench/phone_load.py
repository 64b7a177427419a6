"""Phone benchmark (issue 6): a seat's table page on an emulated slow phone, cold and warm.

Loopback only (127.0.0.1), bounded loops. It starts the real app as production does
(gunicorn, ``gunicorn.conf.py``, ``app:app``) with a fresh SQLite database in a temporary
folder, creates a 1888-N table through the JSON API (``POST /api/tables``), plays
``--moves`` random legal steps through the API so the book is a mid-game one, and opens
one seat's table page as a phone in headless Debian Chromium (Playwright):
390x844 CSS px, DPR 3, touch, an Android Chrome user agent.

Throttling, through the DevTools protocol (on the page, and on the service worker's own
target, whose fetches the page's settings would not reach):

- CPU: ``Emulation.setCPUThrottlingRate`` rate 4 (the page's main thread; Chromium refuses
  it on worker targets, so the service worker runs at full speed);
- network: ``Network.emulateNetworkConditions`` with ``--network``:
  ``slow4g`` (default) is Chrome DevTools' own "Slow 4G" preset (devtools-frontend,
  ``front_end/core/sdk/NetworkManager.ts``, ``Slow4GConditions``, called "Fast 3G" before
  May 2024; Lighthouse's mobile default): 1.6 Mbps x 0.9 = 180,000 B/s down,
  750 kbps x 0.9 = 84,375 B/s up, latency 150 ms RTT x 3.75 = 562.5 ms per request
  (DevTools adds the latency once per request, so it is scaled up to stand for a real
  connection's handshakes and round trips);
  ``rtt150`` is the nominal figures without DevTools' adjustments: 200,000 B/s down,
  93,750 B/s up, 150 ms per request; ``none`` switches network throttling off.

Limits: DevTools throttles each target on its own, so the service worker's precache
fetches (after the page's ``load``) do not take bandwidth from the page's own requests as
they would on a real link; and the CPU slowdown is the page's main thread only.

Each run is a fresh browser. Cold: a fresh context (empty HTTP cache, no service worker)
holding only the seat's session cookie (``/tables/<code>/watch?token=`` fetched outside
the page; ``--entry link`` opens that link in the page instead: one redirect more), then
the table page. Warm: the same context once the service worker controls the page and has
cached its files (and, when it keeps table pages, this one: at most 5 s); the page is
reloaded. A warm visit whose page fetch by the worker was not throttled (a worker that
started before it could be attached) is measured again, at most twice.

Measured per visit, in the page's own clock (0 = navigation start):

- first render: ``first-contentful-paint`` (PerformanceObserver, buffered);
- live: when the page first applies pushes: ``<body data-live="boot">``, set by the head's
  ``static/live_boot.js`` when its WebSocket is open (it swaps in the live part on a push
  until Brython runs), or ``data-live="ready"`` if that comes first; seen by a
  MutationObserver put in by an init script; the WebSocket handshake's time comes from the
  CDP events;
- Brython live: when ``static/live.py`` sets ``<body data-live="ready">`` (its WebSocket's
  ``open`` handler, or its adoption of the boot socket; the marker the browser tests wait
  for);
- a push while only the boot script runs (cold visits): a step posted by another seat as
  soon as the page is live, until the page shows it, and whether Brython had started by
  then;
- bytes before first render: every response's on-the-wire bytes (headers + encoded body,
  ``Network.responseReceived``/``dataReceived``/``loadingFinished``: ``encodedDataLength``)
  received before the first render, on the page's and the service worker's targets
  (responses the service worker answered are counted once, where they crossed the wire);
  "the render needed" is the document (unless the service worker answered it from its
  cache) plus any response whose resource timing says ``renderBlockingStatus: "blocking"``;
- a push once the page is live and idle (no ``body[data-busy]``): a step posted by another
  seat through the JSON API, until the page has swapped in the new version
  (``body[data-version]``), in wall-clock ms.

    .venv/bin/python bench/phone_load.py                     # 7 runs, DevTools Slow 4G, CPU x4
    .venv/bin/python bench/phone_load.py --network rtt150    # nominal 150 ms RTT, no DevTools scaling
    .venv/bin/python bench/phone_load.py --entry link --runs 3

Then the server's CPU per action with six phones on the table (``--cpu-actions``, 0 skips it):
the five seats and a sixth device joined by the invite link, each a page of its own in one
headless Chromium (no throttling: the phones' speed is not what is measured), all live; ``N``
steps are posted, each waiting until all six pages show the new version. With ``--poster page``
(the default) each step is posted as a phone posts it (:class:`PagePoster`): the acting seat's
own session posts a form of its live part with ``X-Live`` and is answered with the new part, one
request a step (two when the page asks first); with ``--poster api`` a seat reads the state
through the JSON API and posts the step there (two requests a step, the bench's poster before
2026-12-06 evening). The server's CPU time (user + system of the gunicorn master and its
workers, ``/proc/<pid>/stat``, 10 ms ticks) is read before and after; the same ``N`` steps with
no phone connected give what the poster's own requests cost, and the difference is what the six
phones cost (their pushes and what they fetch for them). The steps with the six are paced by the
pages (each waits for the six to show the one before), and a step after a pause costs this
server more than one straight after another: so, the six pages closed, ``N`` more steps are
posted alone with the pause the six-page steps had between them, and what is left over those is
what the six pages themselves cost. The requests the six pages sent during
the steps are counted too, and the server's CPU a second while it sits idle, first with no phone,
then with the six (``--idle-seconds`` each, 10 by default; 10 ms ticks). The engine's own
work per version (the yardstick, ``bench/engine_work.py``) is measured twice on the run's record:
in a tight loop, and with the pause this run had between its steps before each version, as the
server works (its caches are cold when a step comes: the same work costs about half as much
again).

Results are appended as one JSON line to ``bench/out/phone_load.jsonl``.
"""
from __future__ import annotations

import argparse
import datetime as dt
import gzip
import json
import os
import platform
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from html import unescape
from pathlib import Path
from urllib.parse import urlparse

import requests

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.companion.live_server import (NEEDS_THE_MAP, NOT_MOVES, WEIGHTS,  # noqa: E402
                                         LiveServer, choose, create_table, fill_own,
                                         made_of, six_tokens)
from bench.engine_work import per_version_ms  # noqa: E402
from tests.browser.html_forms import fill, parse  # noqa: E402
from companion.live_wire import apply_delta  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
# The launch arguments of the browser tests (tests/browser/conftest.py: ARGS).
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
UA = ("Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) "
      "Chrome/120.0 Mobile Safari/537.36")
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 3, "is_mobile": True,
         "has_touch": True, "user_agent": UA, "locale": "en-GB"}
TITLE = "1888-N"
PLAYERS = ["Ann", "Bo", "Cy", "Di", "Ed"]

NETWORKS = {
    "slow4g": {"offline": False, "latency": 150 * 3.75,
               "downloadThroughput": 1.6e6 / 8 * 0.9, "uploadThroughput": 750e3 / 8 * 0.9},
    "rtt150": {"offline": False, "latency": 150,
               "downloadThroughput": 1.6e6 / 8, "uploadThroughput": 750e3 / 8},
    "none": None,
}
TARGETS = {"bytes_before_render": 37 * 1024, "first_render_ms": 1000, "live_cold_ms": 3000,
           "live_warm_ms": 1000}

# Runs in every document of the context before its own scripts.
INIT = r"""
(() => {
  const B = window.__bench = {versions: [], fcp: null, boot: null, ready: null};
  try {
    new PerformanceObserver(list => {
      for (const e of list.getEntries())
        if (e.name === "first-contentful-paint" && B.fcp === null) B.fcp = e.startTime;
    }).observe({type: "paint", buffered: true});
  } catch (e) {}
  B.longtasks = [];
  try {
    new PerformanceObserver(list => {
      for (const e of list.getEntries()) B.longtasks.push([e.startTime, e.duration]);
    }).observe({type: "longtask", buffered: true});
  } catch (e) {}
  const seen = () => {
    const b = document.body;
    if (!b) return;
    const live = b.getAttribute("data-live");
    if (B.boot === null && (live === "boot" || live === "ready")) {
      B.boot = performance.now();
      console.debug("__bench_boot");
    }
    if (B.ready === null && live === "ready") {
      B.ready = performance.now();
      console.debug("__bench_ready");
    }
    const v = b.getAttribute("data-version");
    if (v !== null && (B.versions.length === 0 || B.versions[B.versions.length - 1][0] !== v)) {
      B.versions.push([v, performance.now(), Date.now()]);
      console.debug("__bench_version " + v);
    }
  };
  new MutationObserver(seen).observe(document, {subtree: true, attributes: true,
                                                attributeFilter: ["data-live", "data-version"]});
})();
"""

COLLECT = """() => {
  const nav = performance.getEntriesByType("navigation")[0];
  const res = performance.getEntriesByType("resource").map(e => ({
      url: e.name, start: e.startTime, end: e.responseEnd, transfer: e.transferSize,
      encoded: e.encodedBodySize, decoded: e.decodedBodySize,
      blocking: e.renderBlockingStatus || null}));
  const paint = {};
  for (const e of performance.getEntriesByType("paint")) paint[e.name] = e.startTime;
  return {bench: window.__bench, paint: paint, controlled: !!navigator.serviceWorker.controller,
          nav: nav && {url: nav.name, requestStart: nav.requestStart, responseStart: nav.responseStart,
                       responseEnd: nav.responseEnd, transfer: nav.transferSize,
                       encoded: nav.encodedBodySize, decoded: nav.decodedBodySize,
                       workerStart: nav.workerStart, domInteractive: nav.domInteractive,
                       domContentLoaded: nav.domContentLoadedEventEnd, load: nav.loadEventEnd},
          resources: res};
}"""

WAIT_SW = """async ([url, tries]) => {
  for (let i = 0; i < tries; i++) {        // every 100 ms
    if (navigator.serviceWorker.controller) {
      const keys = await caches.keys();
      for (const k of keys) {
        const c = await caches.open(k);
        if (await c.match(url)) return true;
      }
    }
    await new Promise(r => setTimeout(r, 100));
  }
  return false;
}"""


# -- network accounting ----------------------------------------------------------------------------
class Target:
    """The CDP Network events of one target (the page, or the service worker)."""

    def __init__(self, name):
        self.name = name
        self.events: list[tuple[str, dict]] = []

    def on(self, method, params):
        self.events.append((method, params))

    def clear(self):
        self.events.clear()


def requests_of(target: Target) -> dict[str, dict]:
    """requestId -> url, status, headers, encoding, header bytes, chunks, finished."""
    out: dict[str, dict] = {}
    for method, p in target.events:
        rid = p.get("requestId")
        if method == "Network.requestWillBeSent":
            r = out.setdefault(rid, {"chunks": [], "finished": None, "response": None})
            if p.get("redirectResponse"):      # a redirect: its response crossed the wire too
                r["chunks"].append((p["timestamp"], p["redirectResponse"].get("encodedDataLength") or 0))
                r["redirected"] = r.get("redirected", 0) + 1
            r.setdefault("sent", p["timestamp"])
            r.update(url=p["request"]["url"], type=p.get("type"))
        elif method == "Network.responseReceived":
            r = out.setdefault(rid, {"chunks": [], "finished": None, "response": None})
            resp = p["response"]
            hdr = {k.lower(): v for k, v in resp.get("headers", {}).items()}
            r.update(url=resp["url"], response=p["timestamp"], status=resp["status"],
                     header_bytes=resp.get("encodedDataLength") or 0,
                     from_sw=bool(resp.get("fromServiceWorker")),
                     from_cache=bool(resp.get("fromDiskCache") or resp.get("fromPrefetchCache")),
                     encoding=hdr.get("content-encoding"), mime=resp.get("mimeType"),
                     timing=resp.get("timing"))
        elif method == "Network.dataReceived":
            r = out.setdefault(rid, {"chunks": [], "finished": None, "response": None})
            r["chunks"].append((p["timestamp"], p.get("encodedDataLength") or 0))
        elif method == "Network.loadingFinished":
            r = out.setdefault(rid, {"chunks": [], "finished": None, "response": None})
            r["finished"] = (p["timestamp"], p.get("encodedDataLength") or 0)
        elif method == "Network.webSocketCreated":
            out.setdefault(rid, {"chunks": [], "finished": None, "response": None}).update(
                url=p["url"], websocket=True)
        elif method == "Network.webSocketWillSendHandshakeRequest":
            out.setdefault(rid, {"chunks": [], "finished": None, "response": None}).update(
                ws_request=p["timestamp"])
        elif method == "Network.webSocketHandshakeResponseReceived":
            out.setdefault(rid, {"chunks": [], "finished": None, "response": None}).update(
                ws_open=p["timestamp"])
        elif method == "Network.webSocketFrameReceived":
            r = out.setdefault(rid, {"chunks": [], "finished": None, "response": None})
            r.setdefault("frames", []).append((p["timestamp"], len(p["response"].get("payloadData", ""))))
    return out


def wire_bytes_by(r: dict, until: float | None) -> int:
    """On-the-wire bytes of one response received by monotonic time ``until`` (None: all)."""
    if r.get("from_sw") or r.get("from_cache"):
        return 0                   # answered by the service worker or the HTTP cache: no wire
    redirects = sum(b for t, b in r["chunks"][:r.get("redirected", 0)]
                    if until is None or t <= until)
    if r.get("finished") and (until is None or r["finished"][0] <= until):
        return r["finished"][1] + redirects
    n = 0
    if r.get("response") is not None and (until is None or r["response"] <= until):
        n += r.get("header_bytes", 0)
    n += sum(b for t, b in r["chunks"] if until is None or t <= until)
    if r.get("finished"):
        n = min(n, r["finished"][1] + redirects)
    return n


def short(url: str) -> str:
    u = urlparse(url)
    path = u.path
    if path.startswith("/tables/"):
        parts = path.split("/")
        parts[2] = "<code>"
        path = "/".join(parts)
    return path + ("?" + u.query if u.query and "token" not in u.query else "")


# -- one phone ---------------------------------------------------------------------------------
class Phone:
    def __init__(self, pw, net, cpu, base, code, seat_token):
        self.base, self.code, self.seat_token = base, code, seat_token
        self.net, self.cpu = net, cpu
        self.browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        self.bcdp = self.browser.new_browser_cdp_session()
        self.page_net = Target("page")
        self.sw_net = Target("sw")
        self.sw_sessions: dict[str, str] = {}       # targetId -> sessionId
        self.sw_pending: list[str] = []
        self.msg_id = 0
        self.bcdp.on("Target.targetCreated", self._target_created)
        self.bcdp.on("Target.receivedMessageFromTarget", self._from_target)
        self.bcdp.on("Target.detachedFromTarget", self._detached)
        self.bcdp.on("Target.targetDestroyed", lambda p: self.log.append(("destroyed", p)))
        self.log: list = []
        self.bcdp.send("Target.setDiscoverTargets", {"discover": True})
        self.ctx = self.browser.new_context(**PHONE)
        self.ctx.set_default_timeout(30000)
        self.ctx.add_init_script(INIT)
        self.page = self.ctx.new_page()
        self.flags: dict[str, bool] = {}
        self.page.on("console", self._console)
        self.cdp = self.ctx.new_cdp_session(self.page)
        for m in ("requestWillBeSent", "responseReceived", "dataReceived", "loadingFinished",
                  "webSocketCreated", "webSocketWillSendHandshakeRequest",
                  "webSocketHandshakeResponseReceived", "webSocketFrameReceived"):
            self.cdp.on(f"Network.{m}", lambda p, m=m: self.page_net.on(f"Network.{m}", p))
        self.cdp.send("Network.enable")
        if cpu and cpu > 1:
            self.cdp.send("Emulation.setCPUThrottlingRate", {"rate": cpu})
        if net:
            self.cdp.send("Network.emulateNetworkConditions", net)

    # service worker targets: attached as soon as they appear, throttled like the page
    def _target_created(self, p):
        info = p["targetInfo"]
        self.log.append(("created", info["type"], info["targetId"], time.monotonic()))
        if info["type"] == "service_worker" and info["targetId"] not in self.sw_sessions:
            self.sw_pending.append(info["targetId"])

    def _detached(self, p):
        self.log.append(("detached", p))
        for tid, sid in list(self.sw_sessions.items()):
            if sid == p.get("sessionId"):
                del self.sw_sessions[tid]
                self.sw_pending.append(tid)          # attach again if it comes back

    def _from_target(self, p):
        try:
            msg = json.loads(p["message"])
        except ValueError:
            return
        if msg.get("method", "").startswith("Network."):
            self.sw_net.on(msg["method"], msg["params"])
        elif "error" in msg:
            self.log.append(("sw error", msg))

    def _sw_send(self, sid, method, params):
        self.msg_id += 1
        self.bcdp.send("Target.sendMessageToTarget", {"sessionId": sid, "message": json.dumps(
            {"id": self.msg_id, "method": method, "params": params})})

    def attach_workers(self):
        while self.sw_pending:
            tid = self.sw_pending.pop(0)
            if tid in self.sw_sessions:
                continue
            try:
                sid = self.bcdp.send("Target.attachToTarget",
                                     {"targetId": tid, "flatten": False})["sessionId"]
            except Exception:
                continue                             # gone already
            self.sw_sessions[tid] = sid
            self.log.append(("attached", tid, time.monotonic()))
            # Network.enable first: the worker ignores the conditions otherwise
            self._sw_send(sid, "Network.enable", {})
            if self.net:
                self._sw_send(sid, "Network.emulateNetworkConditions", self.net)
            self._sw_send(sid, "Network.setUserAgentOverride", {"userAgent": UA})

    def throttle_workers(self):
        """(Re)send the conditions to every attached worker: set while a worker is still
        starting, they do not always hold (seen on Chromium 156)."""
        self.attach_workers()
        for sid in self.sw_sessions.values():
            self._sw_send(sid, "Network.enable", {})
            if self.net:
                self._sw_send(sid, "Network.emulateNetworkConditions", self.net)

    def _console(self, msg):
        text = msg.text
        if text == "__bench_ready":
            self.flags["ready"] = True
        elif text == "__bench_boot":
            self.flags["boot"] = True
        elif text.startswith("__bench_version "):
            self.flags["version"] = text.split(" ", 1)[1]

    def pump(self, ms=25):
        self.page.wait_for_timeout(ms)
        self.attach_workers()

    def wait_flag(self, name, timeout_s=30.0, value=None) -> bool:
        end = time.monotonic() + timeout_s
        while time.monotonic() < end:
            v = self.flags.get(name)
            if v is not None and (value is None or v == value):
                return True
            self.pump()
        return False

    def visit(self, go, at_boot=None) -> dict:
        """Navigate (``go``), wait until the page is live (``at_boot()`` then: a push while only
        the boot script runs) and Brython has started, and measure."""
        self.page_net.clear()
        self.sw_net.clear()
        self.flags.clear()
        go()
        boot_push = None
        if at_boot is not None and self.wait_flag("boot", 40.0):
            took = at_boot()
            boot_push = {"ms": took, "brython_started_before_shown":
                         None if took is None else bool(self.flags.get("ready"))}
        live = self.wait_flag("ready", 40.0)
        for _ in range(8):                     # let late paint entries and frames land
            self.pump(25)
        data = self.page.evaluate(COLLECT)
        out = measure(data, live, requests_of(self.page_net), requests_of(self.sw_net))
        out["boot_push"] = boot_push
        return out

    def cold(self, entry: str, at_boot=None) -> dict:
        table = f"{self.base}/tables/{self.code}"
        watch = f"{self.base}/tables/{self.code}/watch?token={self.seat_token}"
        if entry == "link":
            return self.visit(lambda: self.page.goto(watch, wait_until="commit"), at_boot)
        r = self.ctx.request.get(watch, max_redirects=0)   # the seat's cookie, nothing cached
        assert r.status == 303, r.status
        return self.visit(lambda: self.page.goto(table, wait_until="commit"), at_boot)

    def make_warm(self, brython_path: str) -> bool:
        ok = self.page.evaluate(WAIT_SW, [brython_path, 200])
        # a worker that keeps table pages (shown at once next time) gets its copy: bounded wait
        self.page.evaluate(WAIT_SW, [f"/tables/{self.code}", 50])
        for _ in range(20):
            self.pump(50)
        self.throttle_workers()
        self.pump(100)
        return ok

    def warm(self) -> dict:
        return self.visit(lambda: self.page.reload(wait_until="commit"))

    def push(self, api_token: str, rng: random.Random, settle: bool = True) -> float | None:
        """Another seat posts a step through the API; ms until this page shows it."""
        http = requests.Session()
        http.headers["Authorization"] = f"Bearer {api_token}"
        for _ in range(100 if settle else 0):  # the page idle first (at most 10 s)
            if not self.page.evaluate("document.body.hasAttribute('data-busy')"):
                break
            self.pump(100)
        if settle:
            self.pump(300)
        for _ in range(20):
            st = http.get(f"{self.base}/api/tables/{self.code}", timeout=10).json()
            action = choose(st["legal"], rng)
            if action is None:
                return None
            self.flags.pop("version", None)
            t0 = time.time() * 1000
            r = http.post(f"{self.base}/api/tables/{self.code}/actions", timeout=10,
                          json={"action": action, "expected_version": st["version"],
                                "key": uuid.uuid4().hex})
            if r.status_code != 200:
                continue
            v = str(r.json()["version"])
            if not self.wait_flag("version", 20.0, value=v):
                return None
            versions = self.page.evaluate("window.__bench.versions")
            for ver, _perf, wall in versions:
                if ver == v:
                    return wall - t0
            return None
        return None

    def close(self):
        try:
            self.browser.close()
        except Exception:
            pass


def measure(data: dict, live: bool, page_reqs: dict, sw_reqs: dict) -> dict:
    nav = data["nav"] or {}
    fcp = data["bench"].get("fcp") or data["paint"].get("first-contentful-paint")
    ready = data["bench"].get("ready")
    boot = data["bench"].get("boot")
    first_live = boot if boot is not None else ready
    # align the page's clock (ms from navigation start) with CDP's monotonic seconds
    doc = None
    for r in page_reqs.values():
        if r.get("type") == "Document" and r.get("url", "").split("#")[0] == nav.get("url"):
            doc = r
    origin = None
    if doc and doc.get("finished") and nav.get("responseEnd"):
        origin = doc["finished"][0] * 1000 - nav["responseEnd"]
    elif doc and doc.get("sent") is not None:
        origin = doc["sent"] * 1000

    def rel(t):
        return None if t is None or origin is None else round(t * 1000 - origin, 1)

    fcp_mono = None if fcp is None or origin is None else (origin + fcp) / 1000
    ready_mono = None if first_live is None or origin is None else (origin + first_live) / 1000
    rows = []
    for target, reqs in (("page", page_reqs), ("sw", sw_reqs)):
        for r in reqs.values():
            if "url" not in r or r.get("websocket"):
                continue
            rows.append({
                "target": target, "url": short(r["url"]), "status": r.get("status"),
                "encoding": r.get("encoding"), "from_sw": r.get("from_sw", False),
                "from_cache": r.get("from_cache", False),
                "start_ms": rel(r.get("sent")), "end_ms": rel(r["finished"][0]) if r.get("finished") else None,
                "wire_total": wire_bytes_by(r, None),
                "wire_before_render": wire_bytes_by(r, fcp_mono) if fcp_mono else None,
                "wire_before_live": wire_bytes_by(r, ready_mono) if ready_mono else None,
            })
    ws = [r for r in page_reqs.values() if r.get("websocket")]
    ws_open = rel(ws[0].get("ws_open")) if ws and ws[0].get("ws_open") else None
    ws_start = rel(ws[0].get("ws_request")) if ws and ws[0].get("ws_request") else None
    brython = [x for x in rows if x["url"].startswith("/brython.js") and x["target"] == "page"]
    blocking = {short(x["url"]) for x in data["resources"] if x.get("blocking") == "blocking"}
    doc_url = short(nav.get("url", ""))
    sw_doc = [x for x in rows if x["target"] == "sw" and x["url"] == doc_url
              and x["start_ms"] is not None and x["end_ms"] is not None]
    # the page came from the service worker's cache: it was there before the worker's own
    # fetch of it (a refresh in the background, if any) had finished
    from_cache = bool(doc and doc.get("from_sw")) and nav.get("responseEnd") is not None and (
        not sw_doc or nav["responseEnd"] + 1 < sw_doc[0]["end_ms"])
    crit = sum((x["wire_before_render"] or 0) for x in rows
               if (x["url"] == doc_url and not from_cache) or x["url"] in blocking)
    longtasks = data["bench"].get("longtasks") or []
    brython_end = brython[0]["end_ms"] if brython else None

    def busy(lo, hi):
        if lo is None or hi is None:
            return None
        return round(sum(max(0.0, min(s + d, hi) - max(s, lo)) for s, d in longtasks), 1)

    return {
        "live": live, "controlled": data["controlled"],
        "longtask_before_render_ms": busy(0, fcp),
        "longtask_brython_to_live_ms": busy(brython_end, ready),
        "brython_to_live_ms": round(ready - brython_end, 1) if ready and brython_end else None,
        "fcp_ms": round(fcp, 1) if fcp is not None else None,
        "live_ms": round(first_live, 1) if first_live is not None else None,
        "brython_live_ms": round(ready, 1) if ready is not None else None,
        "html_end_ms": round(nav.get("responseEnd", 0), 1),
        "html_decoded": nav.get("decoded"),
        "brython_end_ms": brython[0]["end_ms"] if brython else None,
        "ws_start_ms": ws_start, "ws_open_ms": ws_open,
        "sw_doc_fetch_ms": round(sw_doc[0]["end_ms"] - sw_doc[0]["start_ms"], 1) if sw_doc else None,
        # the page came from the service worker's cache (no wire bytes for it before the render)
        "html_from_sw_cache": from_cache,
        "brython_start_ms": brython[0]["start_ms"] if brython else None,
        "dom_content_loaded_ms": round(nav.get("domContentLoaded") or 0, 1),
        "bytes_before_render": sum(x["wire_before_render"] or 0 for x in rows),
        "bytes_render_critical": crit,
        "bytes_before_live": sum(x["wire_before_live"] or 0 for x in rows),
        "bytes_total": sum(x["wire_total"] for x in rows),
        "render_blocking": sorted(blocking),
        "responses": rows,
    }


# -- the table ---------------------------------------------------------------------------------
def advance(base: str, code: str, token: str, moves: int, rng: random.Random) -> int:
    """Play up to ``moves`` random legal steps through the API (bounded); the version reached."""
    http = requests.Session()
    http.headers["Authorization"] = f"Bearer {token}"
    version = 0
    accepted = 0
    for _ in range(moves * 4):
        if accepted >= moves:
            break
        st = http.get(f"{base}/api/tables/{code}", timeout=10).json()
        version = st["version"]
        action = choose(st["legal"], rng)
        if action is None:
            break
        r = http.post(f"{base}/api/tables/{code}/actions", timeout=10,
                      json={"action": action, "expected_version": version, "key": uuid.uuid4().hex})
        if r.status_code == 200:
            accepted += 1
            version = r.json()["version"]
    return version


# -- the server's CPU per action with six phones ---------------------------------------------------
def server_cpu_s(server) -> float:
    """User + system CPU seconds of the server's processes (the gunicorn master, its workers)."""
    tick = os.sysconf("SC_CLK_TCK")
    total = 0.0
    for pid in [server.proc.pid] + server.worker_pids():
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / tick     # utime, stime (fields 14, 15)
    return total


class PagePoster:
    """Steps posted as the players' phones post them: each step by the acting seat's own
    phone (its session), a form of its live part filled in as a player would
    (``tests.browser.html_forms``, as the pages' whole-game tests fill them), posted with
    ``X-Live`` and ``X-Part`` (the part it holds, static/live.py ``submit``) and answered as its
    socket is pushed: what changed since that part (or the whole part), made whole and filled in
    as the phone's script does (its token, new keys, the version); that gives the next step's
    forms and version. A step the page asks about first ("Check before it counts", "Enter this
    for …?": the form again, with the question) is posted again confirmed, as the player taps
    yes. No state is read through the API. Map-aware steps (a tile, a token) and
    corrections are left out, as the API poster leaves them out, and the forms are chosen by the
    API poster's weights. ``session``: makes each phone's HTTP session (bench/post_work.py's
    posts through Flask's test client)."""

    def __init__(self, base: str, code: str, table: dict, rng: random.Random,
                 session=requests.Session):
        self.base, self.code, self.rng = base, code, rng
        self.phones: dict[str, requests.Session] = {}
        self.csrf: dict[str, str] = {}            # each phone's own token (its session's)
        self.held = ""                            # the part last answered, slots and all
        for seat in table["seats"]:
            http = session()                 # with what the pages' Chromium sends: language, zone
            http.headers["Accept-Language"] = PHONE["locale"]
            http.cookies.set("tz", str(round(time.localtime().tm_gmtoff / 60)),
                             domain=urlparse(base).hostname, path="/")
            r = http.get(f"{base}/tables/{code}/watch?token={seat['token']}", timeout=10,
                         allow_redirects=False)
            assert r.status_code == 303, r.status_code
            self.part = http.get(f"{base}/tables/{code}/live", headers={"X-Live": "1"},
                                 timeout=10).text
            player = str(seat["player"])
            self.phones[player] = http
            self.csrf[player] = next(f["hidden"]["csrf_token"] for f in parse(self.part))

    def _post(self, http, form: dict, fields: dict) -> requests.Response:
        r = http.post(self.base + form["action"], data=fields, timeout=10,
                      headers={"X-Live": "1", "X-Part": made_of(self.held)})
        if "json" not in r.headers.get("Content-Type", ""):
            self.part = r.text                # (a server that answers with the part's HTML)
            return r
        msg = r.json()
        part = msg["part"] if "part" in msg else \
            apply_delta(self.held, msg["delta"], msg["lines"])
        assert part is not None, "a delta that does not fit the part held"
        if made_of(part):                     # the table's, not this phone's alone
            self.held = part
        self.part = fill_own(part)            # (each seat posts its own token: step)
        return r

    def step(self) -> int | None:
        """Post one step: the new version, or None if it was refused (the answer's part is
        the next try's)."""
        version, acting = _live_version(self.part), _live_acting(self.part)
        forms = [f for f in parse(self.part) if f["action"].endswith("/act")
                 and f["type"] not in NEEDS_THE_MAP | NOT_MOVES]
        who = [p for p in acting if p in self.phones]
        if not forms or not who:
            return None
        player = self.rng.choice(who)
        http = self.phones[player]
        form = self.rng.choices(forms, [WEIGHTS.get(f["type"], 1) for f in forms])[0]
        data = dict(fill(form, self.rng), csrf_token=self.csrf[player])
        r = self._post(http, form, data)
        if r.status_code == 200 and _live_version(self.part) == version \
                and "data-confirm" in self.part:         # asked once: the player says yes
            r = self._post(http, form, {**data, "confirm": "1"})
        now = _live_version(self.part) if r.status_code == 200 else None
        if now is None or now <= version:
            return None       # refused: the answer (the page with the error) is the next try's
        return now


def _live_version(part: str) -> int | None:
    m = re.search(r'id="live" data-version="(\d+)"', part)
    return int(m.group(1)) if m else None


def _live_acting(part: str) -> list[str]:
    """The seats the part says act (``#live``'s ``data-acting``)."""
    m = re.search(r'id="live"[^>]* data-acting="([^"]*)"', part)
    return [str(p) for p in json.loads(unescape(m.group(1)))] if m else []


def post_page_steps(poster: PagePoster, n: int, shown=None) -> int:
    """Post ``n`` steps as the phones do (bounded); ``shown(version)`` waits until the phones
    show each one. The steps accepted."""
    done = 0
    for _ in range(n * 4):
        if done >= n:
            break
        version = poster.step()
        if version is not None:
            done += 1
            if shown is not None:
                shown(str(version))
    return done


def post_steps(base, code, token, rng, n, shown=None) -> int:
    """Post ``n`` random legal steps through the API (bounded); ``shown(version)`` waits until
    the phones show each one. The steps accepted."""
    http = requests.Session()
    http.headers["Authorization"] = f"Bearer {token}"
    done = 0
    for _ in range(n * 4):
        if done >= n:
            break
        st = http.get(f"{base}/api/tables/{code}", timeout=10).json()
        action = choose(st["legal"], rng)
        if action is None:
            break
        r = http.post(f"{base}/api/tables/{code}/actions", timeout=10,
                      json={"action": action, "expected_version": st["version"],
                            "key": uuid.uuid4().hex})
        if r.status_code == 200:
            done += 1
            if shown is not None:
                shown(str(r.json()["version"]))
    return done


def six_phones_cpu(pw, server, table, poster: str, n: int, rng: random.Random,
                   how: str = "page", idle_s: float = 10.0) -> dict:
    """The server's CPU per posted step with no phone, then with six live phones on the table.
    ``how``: "page", the steps posted as the phones post them (:class:`PagePoster`), or "api",
    through the JSON API (the state read, then the step posted)."""
    base, code = server.url, table["code"]
    if how == "page":
        pages_poster = PagePoster(base, code, table, rng)

        def post(k, shown=None):
            return post_page_steps(pages_poster, k, shown)
    else:
        def post(k, shown=None):
            return post_steps(base, code, poster, rng, k, shown)
    time.sleep(1.0)
    c0, t0 = server_cpu_s(server), time.monotonic()
    alone = post(n)
    c1, t1 = server_cpu_s(server), time.monotonic()
    time.sleep(1.0)
    n0, tn0 = server_cpu_s(server), time.monotonic()
    time.sleep(idle_s)
    n1, tn1 = server_cpu_s(server), time.monotonic()
    browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
    requests_seen = []
    try:
        pages = []
        for token in six_tokens(base, table):
            ctx = browser.new_context(**PHONE)
            ctx.set_default_timeout(60000)
            r = ctx.request.get(f"{base}/tables/{code}/watch?token={token}", max_redirects=0)
            assert r.status == 303, r.status
            page = ctx.new_page()
            page.on("request", lambda req: requests_seen.append(req.url))
            page.goto(f"{base}/tables/{code}")
            pages.append(page)
        for page in pages:
            page.wait_for_selector("body[data-live=ready]", timeout=60000)
        time.sleep(2.0)                        # the service workers' first fetches settle
        i0, ti0 = server_cpu_s(server), time.monotonic()
        time.sleep(idle_s)
        i1, ti1 = server_cpu_s(server), time.monotonic()
        before = len(requests_seen)

        def shown(v):
            for page in pages:
                page.wait_for_function("v => (document.getElementById('live') || document.body).getAttribute('data-version') === v",
                                       arg=v, timeout=30000)

        c2, t2 = server_cpu_s(server), time.monotonic()
        six = post(n, shown)
        c3, t3 = server_cpu_s(server), time.monotonic()
        fetched = [u for u in requests_seen[before:] if not u.startswith("ws")]
    finally:
        browser.close()
    # the same steps with no phone, paced as the six pages paced them: the gap between two posts
    # there, less a post's own time back to back
    gap = max(0.0, (t3 - t2) / max(six, 1) - (t1 - t0) / max(alone, 1))
    time.sleep(1.0)
    c4 = server_cpu_s(server)
    paced_alone = 0
    for _ in range(n):
        time.sleep(gap)
        if post(1) == 0:
            break
        paced_alone += 1
    c5 = server_cpu_s(server)
    no_phone = (c1 - c0) * 1000 / max(alone, 1)
    with_six = (c3 - c2) * 1000 / max(six, 1)
    no_phone_paced = (c5 - c4) * 1000 / paced_alone if paced_alone else None
    # the engine's own work per version in the same run (bench/engine_work.py), the last steps
    record = requests.get(f"{base}/api/tables/{code}/record", timeout=30,
                          headers={"Authorization": f"Bearer {poster}"}).json()
    engine = per_version_ms(record, n)
    # ...and with the pause the server has between this table's steps (its caches cold again)
    paced = per_version_ms(record, n, pause_s=(t3 - t2) / max(six, 1))["engine_ms_per_version"]
    return {"poster": how, "actions_alone": alone, "actions_six": six, **engine,
            "six_phones_over_engine": round(with_six / engine["engine_ms_per_version"], 1)
            if engine["engine_ms_per_version"] else None,
            "engine_ms_per_version_paced": paced,
            "six_phones_over_engine_paced": round(with_six / paced, 1) if paced else None,
            "cpu_ms_per_action_no_phone": round(no_phone, 2),
            "cpu_ms_per_action_six_phones": round(with_six, 2),
            "cpu_ms_per_action_the_six_phones": round(with_six - no_phone, 2),
            "actions_alone_paced": paced_alone, "pause_s_alone_paced": round(gap, 3),
            "cpu_ms_per_action_no_phone_paced":
                round(no_phone_paced, 2) if no_phone_paced is not None else None,
            "cpu_ms_per_action_the_six_phones_over_paced":
                round(with_six - no_phone_paced, 2) if no_phone_paced is not None else None,
            "cpu_ms_per_second_idle_six_phones": round((i1 - i0) * 1000 / (ti1 - ti0), 2),
            "cpu_ms_per_second_idle_no_phone": round((n1 - n0) * 1000 / (tn1 - tn0), 2),
            "wall_s_alone": round(t1 - t0, 1), "wall_s_six": round(t3 - t2, 1),
            "requests_per_action_six_phones": round(len(fetched) / max(six, 1), 2),
            "requests_seen": sorted({short(u) for u in fetched})[:20]}


def gzip_check(base: str, cookie: dict, paths: list[str]) -> list[dict]:
    """Each path fetched without and with gzip: what the server sends, and gzip -6 of it."""
    out = []
    for path in paths:
        r0 = requests.get(base + path, headers={"Accept-Encoding": "identity"}, cookies=cookie,
                          timeout=10, allow_redirects=False)
        r1 = requests.get(base + path, headers={"Accept-Encoding": "gzip, deflate, br, zstd"},
                          cookies=cookie, timeout=10, stream=True, allow_redirects=False)
        sent = len(r1.raw.read(decode_content=False))
        out.append({"url": short(base + path), "raw": len(r0.content),
                    "sent": sent, "encoding": r1.headers.get("Content-Encoding"),
                    "gzip6": len(gzip.compress(r0.content, 6)),
                    "gzip9": len(gzip.compress(r0.content, 9))})
    return out


# -- reporting ---------------------------------------------------------------------------------
def stats(values):
    vals = [v for v in values if v is not None]
    if not vals:
        return None
    return {"median": round(statistics.median(vals), 1), "min": round(min(vals), 1),
            "max": round(max(vals), 1), "n": len(vals)}


def fmt_ms(s):
    return "—" if s is None else f"{s['median']:.0f} ms (max {s['max']:.0f})"


def fmt_kb(s):
    return "—" if s is None else f"{s['median'] / 1024:.1f} KB (max {s['max'] / 1024:.1f})"


def summarize(runs: list[dict], key: str) -> dict:
    visits = [r[key] for r in runs if r.get(key)]
    out = {k: stats([v[k] for v in visits]) for k in (
        "fcp_ms", "live_ms", "html_end_ms", "brython_end_ms", "ws_start_ms", "ws_open_ms",
        "bytes_before_render", "bytes_render_critical", "bytes_before_live", "bytes_total",
        "push_ms", "html_decoded", "sw_doc_fetch_ms", "brython_start_ms", "longtask_before_render_ms",
        "longtask_brython_to_live_ms", "brython_to_live_ms", "brython_live_ms")}
    boot_pushes = [v["boot_push"] for v in visits if v.get("boot_push")]
    out["boot_push_ms"] = stats([b["ms"] for b in boot_pushes])
    out["boot_push_after_brython"] = sum(1 for b in boot_pushes if b["brython_started_before_shown"])
    out["all_live"] = all(v["live"] for v in visits) and len(visits) == len(runs)
    out["html_from_sw_cache"] = sum(1 for v in visits if v.get("html_from_sw_cache"))
    out["render_blocking"] = sorted({u for v in visits for u in v.get("render_blocking", [])})
    # the biggest contributors before the first render and before live (median bytes per URL)
    by_url: dict[str, dict[str, list]] = {}
    for v in visits:
        for x in v["responses"]:
            d = by_url.setdefault(f'{x["target"]}:{x["url"]}', {"render": [], "live": [], "total": []})
            d["render"].append(x["wire_before_render"] or 0)
            d["live"].append(x["wire_before_live"] or 0)
            d["total"].append(x["wire_total"] or 0)
    out["by_url"] = {u: {k: statistics.median(v) for k, v in d.items()} for u, d in
                     sorted(by_url.items(), key=lambda kv: -statistics.median(kv[1]["total"]))}
    return out


def code_state() -> dict:
    """Which code was measured: the commit, and a hash of the served files as they are on disk
    (the work tree may differ from the commit)."""
    import hashlib
    h = hashlib.sha1()
    for folder in ("companion", "templates", "static"):
        for path in sorted((ROOT / folder).rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts:
                h.update(str(path.relative_to(ROOT)).encode())
                h.update(path.read_bytes())
    try:
        head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT,
                              capture_output=True, text=True, timeout=10).stdout.strip()
    except Exception:
        head = "?"
    return {"commit": head, "served_files_sha1": h.hexdigest()[:12]}


def machine() -> str:
    model = "?"
    for line in Path("/proc/cpuinfo").read_text().splitlines():
        if line.startswith("model name"):
            model = line.split(":", 1)[1].strip()
            break
    try:
        chromium = subprocess.run([CHROMIUM, "--version"], capture_output=True, text=True,
                                  timeout=20).stdout.strip()
    except Exception:
        chromium = "?"
    return (f"{os.cpu_count()} x {model}, {platform.system()} {platform.release()}, "
            f"Python {platform.python_version()}, {chromium}, load average "
            f"{' '.join(f'{x:.1f}' for x in os.getloadavg())}")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--network", choices=sorted(NETWORKS), default="slow4g")
    ap.add_argument("--cpu", type=float, default=4.0, help="CPU slowdown (default 4)")
    ap.add_argument("--moves", type=int, default=60,
                    help="random legal steps played before measuring (a mid-game book)")
    ap.add_argument("--entry", choices=("table", "link"), default="table",
                    help="cold visit: the table page with the seat's cookie, or the seat's link")
    ap.add_argument("--out", default=str(ROOT / "bench" / "out" / "phone_load.jsonl"))
    ap.add_argument("--poster", choices=("page", "api"), default="page",
                    help="how the six phones' steps are posted: as a phone posts its form "
                         "(default), or through the JSON API (state read, then posted)")
    ap.add_argument("--cpu-actions", type=int, default=40,
                    help="steps posted for the server's CPU per action with six phones (0: skip)")
    ap.add_argument("--idle-seconds", type=float, default=10.0,
                    help="the server's CPU while idle is read over this long, with no phone and "
                         "with the six (10 ms ticks: 10 s reads to 1 ms a second)")
    ap.add_argument("--verbose", action="store_true")
    args = ap.parse_args(argv)
    if not os.path.exists(CHROMIUM):
        print(f"{CHROMIUM} is missing: apt-get install chromium", file=sys.stderr)
        return 2
    from playwright.sync_api import sync_playwright

    net = NETWORKS[args.network]
    rng = random.Random(6)
    started = dt.datetime.now(dt.timezone.utc)
    code_before = code_state()
    runs: list[dict] = []
    with tempfile.TemporaryDirectory(prefix="phone-load-") as tmp:
        server = LiveServer(Path(tmp), app=os.environ.get("BENCH_APP", "app:app"),
                            name="phone-load").start()
        try:
            table = create_table(server.url, TITLE, PLAYERS, seed=6)
            code = table["code"]
            seat_poster = table["seats"][0]["token"]        # another seat posts
            seat_phone = table["seats"][1]["token"]         # the phone under test
            version = advance(server.url, code, seat_poster, args.moves, rng)
            s = requests.Session()
            s.get(f"{server.url}/tables/{code}/watch?token={seat_phone}", timeout=10)
            html = s.get(f"{server.url}/tables/{code}", timeout=10).text
            brython_path = html.split('<script src="', 1)[1].split('"', 1)[0]
            checked = gzip_check(server.url, s.cookies.get_dict(),
                                 [f"/tables/{code}", brython_path, "/sw.js",
                                  "/static/app.css", "/static/icons/favicon.svg",
                                  "/static/icons/icon-512.png", "/manifest.webmanifest", "/offline",
                                  f"/tables/{code}/live"])
            print(f"table {code}: {TITLE}, {len(PLAYERS)} players, version {version}; "
                  f"network {args.network} {net}; CPU x{args.cpu:g}; {args.runs} runs")
            with sync_playwright() as pw:
                for i in range(args.runs):
                    phone = Phone(pw, net, args.cpu, server.url, code, seat_phone)
                    run: dict = {}
                    try:
                        run["cold"] = phone.cold(
                            args.entry, lambda: phone.push(seat_poster, rng, settle=False))
                        run["cold"]["push_ms"] = phone.push(seat_poster, rng)
                        run["sw_ready"] = phone.make_warm(brython_path)
                        run["warm"] = phone.warm()
                        for _ in range(2):        # the worker's fetch must be throttled too
                            took = run["warm"]["sw_doc_fetch_ms"]
                            if not net or (took is not None and took >= 0.9 * net["latency"]):
                                break
                            print(f"run {i + 1}: the worker's page fetch took {took} ms: "
                                  "not throttled; measured again", flush=True)
                            phone.throttle_workers()
                            phone.pump(200)
                            run["warm"] = phone.warm()
                        run["warm"]["push_ms"] = phone.push(seat_poster, rng)
                    finally:
                        phone.close()
                    runs.append(run)
                    c, w = run["cold"], run["warm"]
                    print(f"run {i + 1}: cold render {c['fcp_ms']} ms live {c['live_ms']} ms "
                          f"before-render {c['bytes_before_render']} B (critical "
                          f"{c['bytes_render_critical']} B) push {c['push_ms'] and round(c['push_ms'])} ms"
                          f" | warm render {w['fcp_ms']} ms live {w['live_ms']} ms before-render "
                          f"{w['bytes_before_render']} B controlled {w['controlled']}", flush=True)
                    if args.verbose:
                        for key in ("cold", "warm"):
                            for x in run[key]["responses"]:
                                print("   ", key, x)
                six = None
                if args.cpu_actions > 0:
                    six = six_phones_cpu(pw, server, table, seat_poster, args.cpu_actions, rng,
                                         args.poster, args.idle_seconds)
                    print(f"six phones: {six}", flush=True)
        finally:
            server.stop()
    result = {
        "bench": "phone_load", "date": started.isoformat(timespec="seconds"),
        "machine": machine(), "network": args.network, "network_conditions": net,
        "cpu_slowdown": args.cpu, "runs": args.runs, "moves": args.moves, "entry": args.entry,
        "table_version": version, "phone": PHONE, "code": code_before,
        "code_changed_during_run": code_state() != code_before, "targets": TARGETS, "gzip_check": checked,
        "cold": summarize(runs, "cold"), "warm": summarize(runs, "warm"),
        "sw_ready": [r.get("sw_ready") for r in runs], "six_phones": six,
    }
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    with open(args.out, "a") as f:
        f.write(json.dumps(result) + "\n")
    report(result)
    return 0


def report(res: dict) -> None:
    c, w = res["cold"], res["warm"]
    t = res["targets"]
    print(f"\n{res['date']}  {res['machine']}")
    print(f"code: {res['code']}" + ("  CHANGED DURING THE RUN: figures mix two versions"
                                    if res["code_changed_during_run"] else ""))
    print(f"network {res['network']} {res['network_conditions']}, CPU x{res['cpu_slowdown']:g}, "
          f"{res['runs']} runs, table at version {res['table_version']}, entry {res['entry']}")
    print("| what | cold | warm | target |")
    print("| --- | --- | --- | --- |")
    print(f"| wire bytes before first render | {fmt_kb(c['bytes_before_render'])} | "
          f"{fmt_kb(w['bytes_before_render'])} | ≤ 37 KB |")
    print(f"| of which the render needed (page unless kept by the worker, render-blocking files) | {fmt_kb(c['bytes_render_critical'])} | "
          f"{fmt_kb(w['bytes_render_critical'])} | |")
    print(f"| first render (FCP) | {fmt_ms(c['fcp_ms'])} | {fmt_ms(w['fcp_ms'])} | < 1000 ms |")
    print(f"| live: pushes shown (`body[data-live]` boot or ready) | {fmt_ms(c['live_ms'])} | "
          f"{fmt_ms(w['live_ms'])} | < {t['live_cold_ms']} ms cold, < {t['live_warm_ms']} ms warm |")
    print(f"| Brython live (`body[data-live=ready]`) | {fmt_ms(c['brython_live_ms'])} | "
          f"{fmt_ms(w['brython_live_ms'])} | |")
    print(f"| HTML received | {fmt_ms(c['html_end_ms'])} | {fmt_ms(w['html_end_ms'])} | |")
    print(f"| brython.js requested | {fmt_ms(c['brython_start_ms'])} | {fmt_ms(w['brython_start_ms'])} | |")
    print(f"| brython.js received | {fmt_ms(c['brython_end_ms'])} | {fmt_ms(w['brython_end_ms'])} | |")
    print(f"| WebSocket handshake sent → open | {fmt_ms(c['ws_start_ms'])} → {fmt_ms(c['ws_open_ms'])} | "
          f"{fmt_ms(w['ws_start_ms'])} → {fmt_ms(w['ws_open_ms'])} | |")
    print(f"| brython.js received → Brython live (Brython starts, runs live.py) | "
          f"{fmt_ms(c['brython_to_live_ms'])} | {fmt_ms(w['brython_to_live_ms'])} | |")
    print(f"| main-thread long tasks: before first render; brython.js → live | "
          f"{fmt_ms(c['longtask_before_render_ms'])}; {fmt_ms(c['longtask_brython_to_live_ms'])} | "
          f"{fmt_ms(w['longtask_before_render_ms'])}; {fmt_ms(w['longtask_brython_to_live_ms'])} | |")
    print(f"| wire bytes until live | {fmt_kb(c['bytes_before_live'])} | {fmt_kb(w['bytes_before_live'])} | |")
    print(f"| a step posted by another seat as soon as the page is live → shown | "
          f"{fmt_ms(c['boot_push_ms'])} (Brython had started in {c['boot_push_after_brython']} "
          f"of {res['runs']}) | | |")
    print(f"| a step posted by another seat → shown | {fmt_ms(c['push_ms'])} | {fmt_ms(w['push_ms'])} | |")
    print(f"all visits live: cold {c['all_live']}, warm {w['all_live']}; sw ready {res['sw_ready']}; "
          f"warm page from the worker's cache in {w['html_from_sw_cache']} of {res['runs']}; "
          f"render-blocking files: {c['render_blocking'] or 'none'} / {w['render_blocking'] or 'none'}")
    for key, s in (("cold", c), ("warm", w)):
        print(f"\n{key}: median wire bytes per response (before render / before live / total)")
        for url, d in s["by_url"].items():
            print(f"  {url:60s} {d['render']:>8.0f} {d['live']:>8.0f} {d['total']:>8.0f}")
    six = res.get("six_phones")
    if six:
        print(f"\nserver CPU per action: {six['cpu_ms_per_action_six_phones']} ms with six live "
              f"phones ({six['actions_six']} steps), {six['cpu_ms_per_action_no_phone']} ms with "
              f"none ({six['actions_alone']} steps): the six phones "
              f"{six['cpu_ms_per_action_the_six_phones']} ms; none but paced as the six were "
              f"({six.get('pause_s_alone_paced')} s between, {six.get('actions_alone_paced')} "
              f"steps) {six.get('cpu_ms_per_action_no_phone_paced')} ms: the six phones "
              f"themselves {six.get('cpu_ms_per_action_the_six_phones_over_paced')} ms; "
              f"the engine's own work per version "
              f"{six.get('engine_ms_per_version')} ms (x{six.get('six_phones_over_engine')}), "
              f"with the steps' pauses {six.get('engine_ms_per_version_paced')} ms "
              f"(x{six.get('six_phones_over_engine_paced')}); "
              f"idle: {six.get('cpu_ms_per_second_idle_no_phone')} ms per second with no phone, "
              f"{six['cpu_ms_per_second_idle_six_phones']} with six; requests from the six "
              f"per action: {six['requests_per_action_six_phones']} {six['requests_seen']}")
    print("\ngzip check (raw / sent / gzip -6 / gzip -9, encoding):")
    for g in res["gzip_check"]:
        print(f"  {g['url']:40s} {g['raw']:>8} {g['sent']:>8} {g['gzip6']:>8} {g['gzip9']:>8} "
              f"{g['encoding']}")


if __name__ == "__main__":
    sys.exit(main())
