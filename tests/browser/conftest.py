"""Browser tests: the real app served on 127.0.0.1 from a thread, Debian's Chromium via Playwright.

The test double title (``double_title``) is registered inside this test process only, so the
served app knows it while production code never does. Screenshots go to tests/artifacts/.
"""
from __future__ import annotations

import os
import socket
import threading
from pathlib import Path

import pytest

from tests.conftest import ROOT

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
PHONE = {"viewport": {"width": 412, "height": 915}, "device_scale_factor": 1, "is_mobile": True,
         "has_touch": True,
         "user_agent": "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like "
                       "Gecko) Chrome/120.0 Mobile Safari/537.36"}
ARTIFACTS = ROOT / "tests" / "artifacts"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class LiveServer:
    """The app on a werkzeug server thread; stop() and start() again on the same port."""

    def __init__(self, app, port):
        self.app, self.port = app, port
        self.url = f"http://127.0.0.1:{port}"
        self.server = None
        self.thread = None

    def start(self):
        from werkzeug.serving import make_server
        self.server = make_server("127.0.0.1", self.port, self.app, threaded=True)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def stop(self):
        if self.server is not None:
            self.server.shutdown()
            self.server.server_close()
            self.server = None


@pytest.fixture(scope="package")
def live_server(tmp_path_factory):
    from engine import titles
    from tests.browser import double_title
    double_title.register()
    from companion import create_app
    db = tmp_path_factory.mktemp("db") / "browser.db"
    app = create_app({"SECRET_KEY": "browser-tests", "DATABASE_URL": f"sqlite:///{db}",
                      "SQLITE_SYNCHRONOUS": "NORMAL", "RATELIMIT_ENABLED": False})
    server = LiveServer(app, free_port())
    server.start()
    yield server
    server.stop()
    del titles.TITLES[double_title.ID]   # the double must not leak into other packages' tests


@pytest.fixture(scope="session")
def pw():
    if not os.path.exists(CHROMIUM):
        pytest.fail(f"{CHROMIUM} is missing: apt-get install chromium (scripts/test does it)")
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        yield p


@pytest.fixture(scope="session")
def browser(pw):
    b = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
    yield b
    b.close()


@pytest.fixture
def persistent_phone(pw, tmp_path):
    """A phone with a real profile (not incognito): what installability needs."""
    ctx = pw.chromium.launch_persistent_context(str(tmp_path / "profile"), executable_path=CHROMIUM,
                                               args=ARGS, headless=True, locale="en-GB", **PHONE)
    ctx.set_default_timeout(15000)
    ctx.add_init_script("window.liveGuardMs = 0;")
    yield ctx.pages[0] if ctx.pages else ctx.new_page()
    ctx.close()


@pytest.fixture
def phone(browser):
    """A factory of phones: each is a page in its own context (its own cookies)."""
    contexts = []

    def make(locale="en-GB", guard_ms=0, **kw):
        ctx = browser.new_context(locale=locale, **{**PHONE, **kw})
        ctx.set_default_timeout(15000)
        # Playwright taps the instant a control shows, faster than a hand: the guard against a
        # tap on a control that just appeared (static/live_boot.js) is off unless a test asks
        ctx.add_init_script(f"window.liveGuardMs = {int(guard_ms)};")
        contexts.append(ctx)
        return ctx.new_page()
    yield make
    for ctx in contexts:
        ctx.close()


def shot(page, name: str) -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path
