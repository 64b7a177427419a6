"""The engine's command line, as benchmarks and tools call it."""
import json
import subprocess
import sys

from engine import titles
from tests.conftest import ROOT


def run(*args):
    return subprocess.run([sys.executable, "-m", "engine", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)


def test_help_lists_commands():
    out = run("--help")
    assert out.returncode == 0
    for command in ("titles", "replay", "record"):
        assert command in out.stdout


def test_titles_one_line_each_tab_separated():
    out = run("titles")
    assert out.returncode == 0
    lines = out.stdout.splitlines()
    built_in = titles._MODULES   # a fresh process knows only these (tests may register doubles)
    assert lines == [f"{tid}\t{titles.TITLES[tid].name}" for tid in built_in]
    assert {"1888-N", "18Korea"} <= set(built_in)


def test_replay_of_an_unreadable_record_fails_clearly(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    out = run("replay", str(bad))
    assert out.returncode == 1 and "not JSON" in out.stderr
    bad.write_text(json.dumps({"hello": 1}))
    out = run("replay", str(bad))
    assert out.returncode == 1 and "Not a game record" in out.stderr
