"""Exit non-zero unless everything the server loads at start imports: run by scripts/setup.sh
before it writes its stamp, so the stamp means "this install works", not "pip ran"."""
import importlib
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

MODULES = [
    "gunicorn.workers.ggevent",   # the worker class gunicorn.conf.py names (needs packaging)
    "gevent", "flask_sock", "simple_websocket", "sqlmodel", "alembic", "psycopg", "redis",
    "brython", "flask_babel", "flask_wtf", "pygal", "segno", "brotli", "orjson", "rjsmin",
    "rcssmin",
    "companion.api", "companion.live", "companion.pages", "companion.pwa", "engine",
]


def main() -> int:
    failed = []
    for name in MODULES:
        try:
            importlib.import_module(name)
        except Exception as exc:
            failed.append(f"{name}: {type(exc).__name__}: {exc}")
    for line in failed:
        print(f"check_install: cannot import {line}", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
