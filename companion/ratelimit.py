"""Rate limits: fixed windows per phone token or per address, counted in this process or in
Redis; :func:`limited` puts them on a route."""
from __future__ import annotations

import functools
import logging
import re
import threading
import time

from flask import current_app, g, request
from werkzeug.exceptions import TooManyRequests

from companion.wire import token_hash

# -- rate limits -----------------------------------------------------------------------------------
# Fixed windows ("30 per 10 seconds": at most 30 hits in each aligned 10-second window), counted in
# this process (memory://) or in Redis (redis://..., shared by every process). Hand-made rather than
# flask-limiter: that extension re-parsed each limit and walked every route's limits on every request
# (GETs and WebSocket upgrades included), ~0.5 ms of CPU a request; here a limited post costs a few
# dict operations (or one Redis round trip for all its limits) and other requests nothing.
log = logging.getLogger(__name__)
REDIS_RETRY_SECONDS = 5.0
_UNITS = {"second": 1, "minute": 60, "hour": 3600, "day": 86400}
_LIMIT_RE = re.compile(r"^\s*(\d+)\s*(?:per|/)\s*(\d+)?\s*(second|minute|hour|day)s?\s*$", re.I)


@functools.lru_cache(maxsize=64)
def parse_limits(text: str) -> tuple[tuple[int, int], ...]:
    """``"30 per 10 seconds; 1000/hour"`` -> ``((30, 10), (1000, 3600))`` (hits, seconds)."""
    out = []
    for part in re.split(r"[;,]", text or ""):
        if not part.strip():
            continue
        m = _LIMIT_RE.match(part)
        if not m:
            raise ValueError(f"not a rate limit: {part!r} (write e.g. '30 per 10 seconds')")
        out.append((int(m.group(1)), int(m.group(2) or 1) * _UNITS[m.group(3).lower()]))
    return tuple(out)


def bearer() -> str | None:
    """The phone's token in the request's ``Authorization: Bearer`` header."""
    header = request.headers.get("Authorization", "")
    if header[:7].lower() == "bearer ":
        return header[7:].strip() or None
    return None


def device_key() -> str:
    token = bearer()
    if token:
        return "tok:" + token_hash(token)[:24]
    return "ip:" + (request.remote_addr or "?")


def address_key() -> str:
    return "ip:" + (request.remote_addr or "?")


class RateLimiter:
    """Counts hits per (limit name, key, window) and refuses with 429 over a limit."""

    def __init__(self):
        self.enabled = True
        self.redis = None
        self.prefix = "companion:rl"
        self.swallow_errors = True
        self._counts: dict[str, list] = {}        # memory: key -> [window end, hits]
        self._lock = threading.Lock()
        self._next_prune = 0.0
        self.redis_down_until = 0.0     # after a Redis failure: count in memory until then

    def init_app(self, app) -> None:
        cfg = app.config
        self.enabled = bool(cfg.get("RATELIMIT_ENABLED", True))
        self.prefix = cfg.get("RATELIMIT_KEY_PREFIX", "companion:rl")
        self.swallow_errors = bool(cfg.get("RATELIMIT_SWALLOW_ERRORS", True))
        uri = cfg.get("RATELIMIT_STORAGE_URI") or "memory://"
        self.redis = None
        if uri.startswith(("redis://", "rediss://", "unix://")):
            import redis
            # A hung Redis must not hold every post: a short timeout, then (below) this process
            # counts in memory for REDIS_RETRY_SECONDS before it tries Redis again.
            timeout = float(cfg["RATELIMIT_REDIS_TIMEOUT"])
            self.redis = redis.Redis.from_url(uri, socket_timeout=timeout,
                                              socket_connect_timeout=timeout)
        elif not uri.startswith("memory://"):
            raise ValueError(f"RATELIMIT_STORAGE_URI: memory:// or redis://, not {uri!r}")
        for name in ("RATELIMIT_CREATE", "RATELIMIT_JOIN", "RATELIMIT_POST", "RATELIMIT_POST_ADDRESS"):
            parse_limits(cfg.get(name, ""))       # a bad setting fails at start, not per request
        app.extensions["companion.ratelimit"] = self

    def hit(self, checks) -> None:
        """``checks``: [(config name, key)]. Counts one hit on each; 429 if any is over."""
        if not self.enabled or not current_app.config.get("RATELIMIT_ENABLED", True):
            return
        now = time.time()
        windows = []
        for name, key in checks:
            for amount, seconds in parse_limits(current_app.config.get(name, "")):
                start = int(now // seconds) * seconds
                windows.append((f"{self.prefix}:{name}:{amount}/{seconds}:{key}:{start}",
                                amount, start + seconds))
        if not windows:
            return
        try:
            if self.redis is not None and now >= self.redis_down_until:
                counts = self._redis_incr(windows)
            else:
                counts = self._incr(windows, now)   # memory (or Redis failed a moment ago)
        except Exception as exc:
            if not self.swallow_errors:
                raise
            self.redis_down_until = now + REDIS_RETRY_SECONDS
            log.warning("rate limit storage failed (counted in this process for %.0f s): %s",
                        REDIS_RETRY_SECONDS, exc)
            counts = self._incr(windows, now)
        worst = None
        for (_key, amount, end), count in zip(windows, counts):
            remaining = amount - count
            if worst is None or remaining < worst[0]:
                worst = (remaining, amount, end)
        g.ratelimit = worst
        if worst[0] < 0:
            raise TooManyRequests(retry_after=max(1, int(worst[2] - now + 0.999)))

    def _incr(self, windows, now) -> list[int]:
        counts = []
        with self._lock:
            table = self._counts
            if now >= self._next_prune and len(table) > 1000:   # forget ended windows
                for k in [k for k, v in table.items() if v[0] <= now]:
                    del table[k]
                self._next_prune = now + 10
            for key, _amount, end in windows:
                slot = table.get(key)
                if slot is None:
                    slot = table[key] = [end, 0]
                slot[1] += 1
                counts.append(slot[1])
        return counts

    def _redis_incr(self, windows) -> list[int]:
        pipe = self.redis.pipeline(transaction=False)
        for key, _amount, end in windows:
            pipe.incr(key)
            pipe.expireat(key, int(end) + 1, nx=True)
        return pipe.execute()[0::2]


def limited(*checks):
    """Route decorator: ``checks`` are (config name, key function) pairs (each app has its own
    :class:`RateLimiter` and counts)."""
    def wrap(view):
        @functools.wraps(view)
        def inner(*a, **k):
            current_app.extensions["companion.ratelimit"].hit(
                [(name, key()) for name, key in checks])
            return view(*a, **k)
        return inner
    return wrap
