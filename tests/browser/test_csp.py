"""Item 4 of issue 16, in Chromium: with the Content-Security-Policy on, the table page's boot
script and Brython still run (Brython takes over the boot script's socket), the service worker
registers, and the browser reports no violation. One short flow."""
from __future__ import annotations

import pytest

from tests.browser.flows import create_table, take_seat, wait_live

pytestmark = pytest.mark.browser


def test_pages_run_under_the_policy(live_server, phone):
    ann = phone()
    messages = []
    ann.on("console", lambda m: messages.append(m.text))
    ann.on("pageerror", lambda e: messages.append(str(e)))
    code, join, _ = create_table(ann, live_server.url)
    take_seat(ann, join, "1")
    wait_live(ann)
    ann.wait_for_function("window.liveBoot && window.liveBoot.done === true", timeout=30000)
    ann.wait_for_function("navigator.serviceWorker.controller !== null || "
                          "navigator.serviceWorker.getRegistration().then(r => !!r)")
    violations = [m for m in messages if "Content Security Policy" in m or "CSP" in m]
    assert violations == [], violations
    csp = ann.evaluate("fetch(location.href).then(r => r.headers.get('content-security-policy'))")
    assert "frame-ancestors 'none'" in csp
