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
    for command in ("titles", "replay", "record", "routes"):
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


def test_routes_of_a_record_end_with_a_json_summary():
    fixture = ROOT.parent / "shared" / "fixtures" / "18xx-games" / "1888-N" / "128097.json"
    out = run("routes", str(fixture))
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    summary = json.loads(lines[-1])
    assert summary["runs"] == summary["route_equal"] == summary["best_at_least_recorded"] == 70
    assert summary["lays_refused"] == 0 and summary["scores_equal"]
    assert len(lines) == 71 and all("recorded" in line and "best" in line for line in lines[:-1])


def test_routes_of_an_unreadable_record_say_why():
    out = run("routes", "/nonexistent/record.json")
    assert out.returncode == 1 and "cannot read" in out.stderr
