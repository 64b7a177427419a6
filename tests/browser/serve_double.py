"""Serve the app with the test double title registered, for tests that kill the server.

    python -m tests.browser.serve_double PORT DATABASE_PATH

Test-only: production code never registers the double.
"""
import sys

from tests.browser import double_title


def main():
    port, db = int(sys.argv[1]), sys.argv[2]
    double_title.register()
    from werkzeug.serving import run_simple

    from companion import create_app
    app = create_app({"SECRET_KEY": "browser-tests", "DATABASE_URL": f"sqlite:///{db}",
                      "SQLITE_SYNCHRONOUS": "NORMAL", "RATELIMIT_ENABLED": False})
    run_simple("127.0.0.1", port, app, threaded=True, use_reloader=False)


if __name__ == "__main__":
    main()
