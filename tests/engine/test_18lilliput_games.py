"""Whole games of 18 Lilliput from legal_actions() alone, properties over random games, the
words of every code, and the command line."""
import json
import random
import re
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import contract
from engine.game import Game
from engine.titles.title_18lilliput import data as D
from engine.titles import get
from engine.titles.title_18lilliput import words as OWN
from engine.words import words_of
from tests.conftest import ROOT
from tests.contract_play import assert_replays_the_same, codes_in, random_game
from tests.engine.helpers_18lilliput import NAMES

TITLE_DIR = ROOT / "engine" / "titles" / "title_18lilliput"
WORDS, PARAMS = words_of(get("18Lilliput"))   # as the phones merge them


def check(game):
    contract.check_book(game.book())
    contract.check_legal(game.legal_actions())




def weight(entry):
    """Fewer notes of character powers (always accepted) and fewer unused cards."""
    return {"character_note": 0.02, "done": 0.3}.get(entry["type"], 1.0)


def play(n, seed, **kw):
    game = Game("18Lilliput", NAMES[:n], seed=seed)
    random_game(game, random.Random(seed), weight=weight, **kw)
    return game


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_whole_game_from_legal_actions_alone(n):
    game = play(n, seed=n, check=check)
    assert game.finished and game.game_end_reason == "eight_rounds"
    assert game.rules.round == D.ROUNDS
    scores = game.result()
    assert sorted(scores) == sorted(p["id"] for p in game.players)
    assert all(isinstance(s, int) and s >= 0 for s in scores.values())
    check(game)


def test_every_code_shown_or_emitted_has_words():
    seen = set()

    def collect(g):
        codes_in(g.book(), seen)
        codes_in(g.legal_actions(), seen)
    game = play(3, seed=11, check=collect)
    again = Game("18Lilliput", game.players, seed=11)
    for action in game.log:
        seen |= {e["code"] for e in again.process(action)}
    source = "\n".join(p.read_text() for p in TITLE_DIR.glob("*.py"))
    seen |= set(re.findall(r'err\(\s*"([a-z_]+)"', source))
    seen |= set(re.findall(r'self\.event\(\s*"([a-z_]+)"', source))
    missing = sorted(c for c in seen if c not in WORDS)
    assert not missing, missing
    for code, by in OWN.WORDS.items():
        assert by.get("en") and by.get("ko"), code
        for locale in ("en", "ko"):
            said = by[locale]                     # one template, or alternatives
            for name in re.findall(r"%\((\w+)", " ".join(said) if isinstance(said, tuple)
                                   else said):
                assert name in PARAMS, (code, name)


def test_event_words_take_the_events_params():
    game = play(3, seed=5)
    again = Game("18Lilliput", game.players, seed=5)
    for action in game.log:
        for ev in again.process(action):
            if ev["code"] in WORDS:
                for locale in ("en", "ko"):
                    said = WORDS[ev["code"]][locale]      # one template, or alternatives
                    filled = []
                    for one in (said if isinstance(said, tuple) else (said,)):
                        try:
                            filled.append(one % {k: v for k, v in ev["params"].items()
                                                 if v is not None})
                        except KeyError:
                            continue
                    assert filled and "%(" not in filled[0], (ev["code"], locale)
                board = WORDS.get(ev["code"] + ".board")
                if board and ev.get("board"):         # board words only for a board text
                    board["ko"] % ev["params"]


# -- properties ----------------------------------------------------------------------------
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(n=st.integers(1, 4), seed=st.integers(0, 10_000), steps=st.integers(10, 400))
def test_money_conserved_never_negative_shares_within_80_and_replay_is_deterministic(n, seed, steps):
    game = Game("18Lilliput", NAMES[:n], seed=seed)
    total = game.rules.ledger.total()
    rng = random.Random(seed)
    taken = 0

    def watch(g):
        nonlocal taken
        taken += 1
        assert g.rules.ledger.total() == total
        assert g.rules.ledger.total() == sum(g.view()["cash"].values())
        # no player's or company's cash (the bank, whose size no source gives, may run
        # below zero in the core's ledger: the summary has no broken bank)
        negative = {h: v for h, v in g.rules.ledger.cash.items() if v < 0 and h != "bank"}
        assert not negative, negative
        for c, held in g.rules.shares.held.items():
            assert sum(held.values()) == D.ISSUED_PERCENT
            assert all(p >= 0 for p in held.values())
    random_game(game, rng, max_steps=steps, check=watch)
    assert_replays_the_same(game)


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(n=st.integers(1, 4), seed=st.integers(0, 10_000), steps=st.integers(2, 300),
       back=st.integers(1, 30))
def test_undo_equals_the_prefix(n, seed, steps, back):
    game = Game("18Lilliput", NAMES[:n], seed=seed)
    random_game(game, random.Random(seed), max_steps=steps)
    back = min(back, len(game.effective))
    for _ in range(back):
        game.process({"type": "undo"})
    prefix = Game("18Lilliput", NAMES[:n], seed=seed, actions=game.effective)
    assert game.view()["round"] == prefix.view()["round"]
    assert game.rules.view() == prefix.rules.view()
    assert game.book() == prefix.book()
    assert [e for e in game.legal_actions() if e["type"] not in ("undo", "redo")] == \
        [e for e in prefix.legal_actions() if e["type"] not in ("undo", "redo")]


# -- the command line ----------------------------------------------------------------------
def run_cli(*args):
    return subprocess.run([sys.executable, "-m", "engine", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)


def test_titles_lists_it():
    out = run_cli("titles")
    assert out.returncode == 0
    assert "18Lilliput\t18 Lilliput" in out.stdout.splitlines()


def test_a_game_replays_from_its_record(tmp_path):
    game = play(2, seed=9)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(game.record()))
    out = run_cli("replay", str(path))
    assert out.returncode == 0, out.stderr
    summary = json.loads(out.stdout.splitlines()[-1])
    assert summary["title"] == "18Lilliput"
    assert summary["game_end_reason"] == "eight_rounds"
    assert summary["result"] == {k: v for k, v in game.result().items()}
