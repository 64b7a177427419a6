"""The Flask application: pages, JSON API, live WebSocket and PWA for the table companion."""
from __future__ import annotations

import os
import secrets
from pathlib import Path

from flask import Flask

from companion import settings

ROOT = Path(__file__).resolve().parent.parent


def _secret_key(instance_path: str) -> str:
    """A per-install secret kept in instance/, made on first start."""
    path = Path(instance_path) / "secret_key"
    if not path.exists():
        path.write_text(secrets.token_hex(32))
        path.chmod(0o600)
    return path.read_text().strip()


def instance_path(test_config: dict | None = None) -> str:
    """Where this install keeps its database, secret and caches: ``INSTANCE_PATH`` of the test
    config, else ``COMPANION_INSTANCE_PATH``, else ``instance/`` in the checkout."""
    return str((test_config or {}).get("INSTANCE_PATH")
               or settings.from_environment()["INSTANCE_PATH"] or ROOT / "instance")


def create_app(test_config: dict | None = None) -> Flask:
    app = Flask(
        __name__,
        instance_path=instance_path(test_config),
        instance_relative_config=True,
        template_folder=str(ROOT / "templates"),
        static_folder=str(ROOT / "static"),
    )
    os.makedirs(app.instance_path, exist_ok=True)
    app.config.from_mapping(
        # The session cookie (the seats this phone holds) is sent only when it changes: a
        # refresh on every answer let a late answer to a request sent before the phone took
        # its seat (the service worker caching files) put back the cookie without the seat.
        SESSION_REFRESH_EACH_REQUEST=False,
        # A table page keeps its CSRF token for the whole game: its live part comes by the
        # socket, with no token of its own (the token stays bound to the phone's session).
        WTF_CSRF_TIME_LIMIT=None,
    )
    if test_config is None:
        # instance/config.py is optional: a deployment's own settings.
        app.config.from_pyfile("config.py", silent=True)
    else:
        app.config.from_mapping(test_config)
    settings.apply(app)     # every COMPANION_* (and DATABASE_URL, REDIS_URL...) default
    if not app.config.get("DATABASE_URL"):
        app.config["DATABASE_URL"] = f"sqlite:///{Path(app.instance_path) / 'companion.db'}"
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = _secret_key(app.instance_path)

    from companion import api, health, i18n, pages, pwa, security
    app.register_blueprint(health.bp)
    app.register_blueprint(pages.bp)
    i18n.init_app(app)  # English/Korean (flask-babel), money, engine messages
    pwa.init_app(app)   # manifest, service worker, offline page, brython.js, gzip
    # table service, JSON API, live WebSocket (it pushes a table page its live part, made by
    # the pages), CSRF, rate limits
    api.init_app(app, render_part=pages.push_part.push_renderer(app))
    security.init_app(app)  # headers (CSP...), cookies, trusted proxies, bodies' limits
    return app
