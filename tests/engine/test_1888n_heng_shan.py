"""Heng Shan on a run (issue 29). Rulebook (shared/seeds/003, "Privates"): "Running to or
through it pays the treasury ¥40, costs range, and may end a route. It is the one exception to
maximum revenue: you may run to it instead of somewhere worth more, or skip it for somewhere
worth less." Which trains stop there is the company's choice; with it made, the run claims the
most its trains can earn. Positions from the real game 128097, where JZR twice sent both its
trains to the mine for less than its best."""
import copy

import pytest

from engine import Game, records
from tests.companion.test_pages import FIXTURE
from tests.engine.helpers_1888n import act

pytestmark = pytest.mark.skipif(not FIXTURE.exists(), reason="the recorded game is not here")

WANTED = {
    # JZR's 3-train: to the mine C9-B6-C5 or not C9-B6, both ¥90 (the recorded run: the mine)
    "tie": lambda a: a.get("mine") == [True] and a["entity"] == "JZR",
    # JZR's 3 and 4-trains both to the mine, ¥110; its best, ¥120, sends one
    "both": lambda a: a.get("mine") == [True, True] and a["entity"] == "JZR",
    # JHR's 5-train: ¥170 away from the mine; with it, ¥130
    "away": lambda a: a.get("mine") == [False] and a["entity"] == "JHR",
}


@pytest.fixture(scope="module")
def positions():
    """Name -> (the game just before that recorded run, the run as recorded)."""
    rec = records.replay(records.loads(FIXTURE.read_bytes())).game.record()
    game = Game(rec["title"], rec["players"], rec.get("seed", 0), rec.get("options"))
    out = {}
    for a in rec["actions"]:
        if a["type"] == "run_trains":
            for name, wanted in WANTED.items():
                if name not in out and wanted(a):
                    out[name] = (copy.deepcopy(game), a)
        game.process(a)
    assert set(out) == set(WANTED)
    return out


@pytest.fixture
def at(positions):
    """The positions, each game a copy of its own for the test."""
    return {k: (copy.deepcopy(g), a) for k, (g, a) in positions.items()}


def run_entry(game):
    return next(e for e in game.legal_actions() if e["type"] == "run_trains")


def test_between_equal_revenues_the_form_starts_at_the_mine(at):
    game, _ = at["tie"]
    run = run_entry(game)
    assert run["best"] == 90
    assert run["params"]["mine"]["defaults"] == [True]     # +¥40 to the treasury, same revenue
    (route,) = run["picture"]["routes"]
    assert "C5" in route["label"]["params"]["route"]
    events = act(game, "run_trains", "JZR", revenues=[50], destination=[True], mine=[True],
                 best=90)
    assert game.rules.round.revenue == (90, 40)
    assert not {"run_not_best", "run_heng_shan"} & {e["code"] for e in events}


def test_the_form_shows_the_best_run_skipping_heng_shan(at):
    game, _ = at["both"]
    run = run_entry(game)
    assert run["best"] == 120 and sorted(run["params"]["mine"]["defaults"]) == [False, True]
    (other,) = [s for s in run["show"] if s["label"]["code"] == "field.run_skip_mine"]
    assert other["value"] == {"t": "money", "v": 90}
    (route,) = other["label"]["params"]["routes"]        # only the 4-train finds a route then
    assert "C5" not in route["params"]["route"]


def test_the_form_shows_the_best_run_with_a_train_to_heng_shan(at):
    game, _ = at["away"]
    run = run_entry(game)
    assert run["best"] == 170 and run["params"]["mine"]["defaults"] == [False]
    (other,) = [s for s in run["show"] if s["label"]["code"] == "field.run_to_mine"]
    assert other["value"] == {"t": "money", "v": 130}
    (route,) = other["label"]["params"]["routes"]
    assert "C5" in route["params"]["route"]


def test_both_trains_to_heng_shan_for_less_is_the_exception_not_a_short_claim(at):
    game, a = at["both"]
    events = act(game, "run_trains", "JZR", **{k: v for k, v in a.items()
                                               if k not in ("type", "entity")}, best=120)
    assert game.rules.round.revenue == (110, 80)          # the recorded run: ¥110, ¥40 a train
    codes = {e["code"] for e in events}
    assert "run_not_best" not in codes and "run_not_best_mine" not in codes
    note = next(e for e in events if e["code"] == "run_heng_shan")
    assert note["params"]["revenue"] == 110 and note["params"]["best"] == 120


def test_skipping_heng_shan_for_less_is_the_exception_too(at):
    game, _ = at["both"]
    run = run_entry(game)
    events = act(game, "run_trains", "JZR", revenues=[50, 0], destination=[True, False],
                 mine=[False, False], best=run["best"])
    assert game.rules.round.revenue[0] == 90
    note = next(e for e in events if e["code"] == "run_heng_shan")
    assert note["params"]["best"] == 120


def test_a_claim_below_the_best_with_its_choice_of_heng_shan_is_noted(at):
    game, a = at["both"]
    events = act(game, "run_trains", "JZR", revenues=[50, 10], destination=[True, False],
                 mine=[True, True], best=120)
    assert game.rules.round.revenue == (100, 80)          # the table's figure stands
    note = next(e for e in events if e["code"] == "run_not_best_mine")
    assert note["params"]["best"] == 110 and note["params"]["revenue"] == 100
    assert "run_heng_shan" not in {e["code"] for e in events}
