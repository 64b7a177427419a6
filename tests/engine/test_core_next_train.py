"""The book says what buying the next train will set off (a phase, rust, privates closing);
checked against what really happens through a whole recorded 1888-N game."""
from engine.game import Game
from engine.records import loads, replay
from tests.conftest import SHARED

RECORD = SHARED / "fixtures" / "18xx-games" / "1888-N" / "128097.json"
HAPPENED = {"phase_changed": "next_phase", "trains_rusted": "next_rust",
            "privates_closed": "next_privates_close"}


def _announced_and_happened():
    own = replay(loads(RECORD.read_text(encoding="utf-8"))).game.record()
    game = Game(own["title"], own["players"], own.get("seed", 0), own.get("options"))
    pairs = []
    for action in own["actions"]:
        depot = game.view()["depot"]
        events = game.process(action)
        if depot["next"] is not None and depot["next"] not in game.rules.depot.upcoming:
            pairs.append((depot["next"], depot["triggers"], events))
        else:
            assert not any(e["code"] in HAPPENED for e in events), (action, events)
    return pairs


def test_what_the_next_train_sets_off_is_announced_before_it_is_bought():
    pairs = _announced_and_happened()
    firsts = {}
    for train, triggers, events in pairs:
        announced = {t["code"]: t["params"] for t in triggers}
        happened = {HAPPENED[e["code"]]: e["params"] for e in events if e["code"] in HAPPENED}
        assert set(announced) == set(happened), (train, triggers, events)
        if "next_phase" in announced:
            assert announced["next_phase"]["phase"] == happened["next_phase"]["phase"]
        if "next_rust" in announced:
            assert announced["next_rust"]["types"] == happened["next_rust"]["types"]
        firsts.setdefault(train.split("-")[0], sorted(announced))
    # the rulebook's phases: 3, 4, 5, 6, D start with their trains; 4, 6, D rust 2, 3, 4;
    # the first 5 closes the privates
    assert firsts["2"] == []
    assert firsts["3"] == ["next_phase"]
    assert firsts["5"] == ["next_phase", "next_privates_close"]
    assert firsts["4"] == ["next_phase", "next_rust"]
    assert firsts["6"] == ["next_phase", "next_rust"]
    assert firsts["D"] == ["next_phase", "next_rust"]
    assert all(t["message"] for _, ts, _ in pairs for t in ts)


def test_the_book_says_when_the_next_train_is_exported_at_the_end_of_the_set():
    own = replay(loads(RECORD.read_text(encoding="utf-8"))).game.record()
    game = Game(own["title"], own["players"], own.get("seed", 0), own.get("options"))
    exports = 0
    for action in own["actions"]:
        said = game.view()["depot"]["exported_at_set_end"]
        events = game.process(action)
        exported = [e for e in events if e["code"] == "train_exported"]
        if exported:
            exports += 1
            assert said, action          # announced before the set ended
            assert exported[0]["params"]["train_type"] in ("2", "3", "4")
    assert exports > 0
    assert game.view()["depot"]["exported_at_set_end"] is False   # D-trains are never exported
