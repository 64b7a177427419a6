"""Every setting the companion reads from its environment, with its default: the one place.

``create_app`` puts each into ``app.config`` unless the test config or ``instance/config.py``
already set it; the rest of the companion reads ``app.config`` only. README "Serving" says
what each is for.
"""
from __future__ import annotations

import os

# config key: (environment variable, default, type)
SETTINGS = {
    "INSTANCE_PATH": ("COMPANION_INSTANCE_PATH", None, str),   # None: instance/ in the checkout
    "DATABASE_URL": ("DATABASE_URL", None, str),       # None: SQLite in the instance folder
    "REDIS_URL": ("REDIS_URL", None, str),             # None: pushes within this process
    "SECRET_KEY": ("SECRET_KEY", None, str),           # None: made once, kept in the instance
    "REDIS_PREFIX": ("COMPANION_REDIS_PREFIX", "companion", str),
    "SNAPSHOT_EVERY": ("COMPANION_SNAPSHOT_EVERY", 100, int),
    "SQLITE_SYNCHRONOUS": ("COMPANION_SQLITE_SYNCHRONOUS", "NORMAL", str),
    "DB_POOL_SIZE": ("COMPANION_DB_POOL_SIZE", 4, int),          # PostgreSQL, per process
    "RATELIMIT_CREATE": ("COMPANION_LIMIT_CREATE", "60 per minute", str),    # per address
    "RATELIMIT_JOIN": ("COMPANION_LIMIT_JOIN", "30 per minute", str),        # per address
    "RATELIMIT_POST": ("COMPANION_LIMIT_POST", "30 per 10 seconds", str),    # per phone token
    # all phones behind one address (a table on one Wi-Fi): a ceiling on forged-token floods
    "RATELIMIT_POST_ADDRESS": ("COMPANION_LIMIT_POST_ADDRESS", "1200 per minute", str),
    "RATELIMIT_IMPORT": ("COMPANION_LIMIT_IMPORT", "10 per minute", str),
    "IMPORT_MAX_BYTES": ("COMPANION_IMPORT_MAX_BYTES", 1024 * 1024, int),
    "PAGE_MAX_BODY": (None, 64 * 1024, int),           # bytes of any other page post
    "TRUSTED_PROXIES": ("COMPANION_TRUSTED_PROXIES", 0, int),    # 0: X-Forwarded-* ignored
    "HUB_SWEEP_SECONDS": ("COMPANION_HUB_SWEEP", 2.0, float),
    # seconds a publish may wait on Redis, and a rate-limit call (one variable sets both)
    "REDIS_TIMEOUT": ("COMPANION_REDIS_TIMEOUT", 0.5, float),
    "RATELIMIT_REDIS_TIMEOUT": ("COMPANION_REDIS_TIMEOUT", 0.25, float),
    # versions one socket may be sent by catch-ups in a burst, refilled at a rate a second
    "WS_CATCHUP_BUDGET": ("COMPANION_WS_CATCHUP_BUDGET", 3000.0, float),
    "WS_CATCHUP_RATE": ("COMPANION_WS_CATCHUP_RATE", 50.0, float),
    "STATE_CACHE": ("COMPANION_STATE_CACHE", True, bool),       # the kept first states
}
DEFAULTS = {key: default for key, (_var, default, _kind) in SETTINGS.items()}


def _typed(kind, text: str):
    if kind is bool:
        return text.strip().lower() not in ("0", "false", "no", "off", "")
    return kind(text)


def from_environment(environ=None) -> dict:
    """Each setting from its environment variable, else its default."""
    environ = os.environ if environ is None else environ
    out = {}
    for key, (var, default, kind) in SETTINGS.items():
        text = environ.get(var) if var else None
        out[key] = default if text in (None, "") else _typed(kind, text)
    return out


def apply(app) -> None:
    """Put every setting into ``app.config`` where it is not set already."""
    for key, value in from_environment().items():
        if value is not None and app.config.get(key) is None:
            app.config[key] = value
