"""How long the served app takes to stop (SIGTERM: a restart, a deploy) with table pages open,
and whether its worker exits by itself or is killed at gunicorn's graceful timeout (10 s, then
``worker_exit`` does not run). A restart's downtime is about this long.

A 1888-N table on ``LiveServer`` (gunicorn with ``gunicorn.conf.py``, embedded SQLite), its pages
open in headless Chromium (``--pages``, 2 by default, each a seat's and live), then SIGTERM to
the server's process group (master and worker, as a platform stops a dyno); the seconds until
the master is gone, read every 50 ms. ``--runs`` times, a new server each.

    .venv/bin/python bench/stop_time.py [--runs 5] [--pages 2]
"""
from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.phone_load import ARGS, CHROMIUM, PHONE, PLAYERS, TITLE  # noqa: E402
from tests.companion.live_server import LiveServer, create_table  # noqa: E402


def one_stop(pw, pages: int) -> tuple[float, bool]:
    """(seconds from SIGTERM until the server is gone, whether its worker exited by itself)."""
    with tempfile.TemporaryDirectory(prefix="stop-time-") as tmp:
        server = LiveServer(Path(tmp), name="stop-time").start()
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        try:
            table = create_table(server.url, TITLE, PLAYERS, seed=6)
            for seat in table["seats"][:pages]:
                ctx = browser.new_context(**PHONE)
                page = ctx.new_page()
                page.goto(f"{server.url}/tables/{table['code']}/watch?token={seat['token']}")
                page.wait_for_selector("body[data-live=ready]", timeout=60000)
            time.sleep(1.0)
            t0 = time.monotonic()
            server.terminate()
            while server.proc.poll() is None and time.monotonic() - t0 < 60:
                time.sleep(0.05)
            took = time.monotonic() - t0
            return took, "Worker exiting" in server.log()
        finally:
            browser.close()
            server.stop()


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--pages", type=int, default=2)
    args = ap.parse_args(argv)
    from playwright.sync_api import sync_playwright
    took, by_itself = [], 0
    with sync_playwright() as pw:
        for i in range(args.runs):
            s, ok = one_stop(pw, args.pages)
            took.append(s)
            by_itself += ok
            print(f"run {i + 1}: stopped in {s:.1f} s, the worker "
                  f"{'exited by itself' if ok else 'was KILLED at the graceful timeout'}",
                  flush=True)
    print(f"{args.pages} pages open: stopped in {statistics.median(took):.1f} s (median of "
          f"{args.runs}, max {max(took):.1f}); the worker exited by itself in {by_itself} of "
          f"{args.runs}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
