"""Shared fixtures: flaskr-style `app` and `client`, and where the shared material lives.

No test writes into the checkout's own ``instance/``: every app made in this run, and every
server a test starts (they inherit the environment), keeps its instance folder (secret,
Brotli copy of brython.js, compiled translations) in a temporary folder of this run.
"""
import os
import tempfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared"
TEST_INSTANCE = tempfile.mkdtemp(prefix="companion-instance-")
os.environ["COMPANION_INSTANCE_PATH"] = TEST_INSTANCE


@pytest.fixture
def app(tmp_path):
    from companion import create_app
    app = create_app({
        "TESTING": True,
        "SECRET_KEY": "test",
        "DATABASE_URL": f"sqlite:///{tmp_path / 'test.db'}",
    })
    yield app


@pytest.fixture
def client(app):
    return app.test_client()
