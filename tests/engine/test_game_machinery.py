"""The title-agnostic Game: log, rollback on rejection, undo/redo from snapshots."""
import pytest

from engine import Game, GameError, contract as C, titles
from engine.events import Event
from engine.titles import TitleSpec


class Tally:
    """A test double of a title's rules: players add to a shared tally, in turn.

    ``add`` mutates before it validates the upper bound, so a rejection after a
    partial change proves that Game restores the state itself.
    """

    def __init__(self, players, seed, options):
        self.players = [p["id"] for p in players]
        self.turn = 0
        self.total = 0
        self.history = []
        self.finished = False
        self.game_end_reason = None

    def apply(self, action):
        if action["type"] != "add":
            raise GameError("unknown_action", "Only 'add'.")
        if action.get("entity") != self.players[self.turn]:
            raise GameError("out_of_turn", "Not your turn.")
        self.total += action["n"]
        self.history.append(action["n"])
        if action["n"] > 5:
            raise GameError("too_big", "At most 5.")
        if action["n"] == 0:
            raise ZeroDivisionError("a bug in the rules")
        self.turn = (self.turn + 1) % len(self.players)
        if self.total >= 100:
            self.finished, self.game_end_reason = True, "tally"
        return [Event("added", f"{action['entity']} added {action['n']}.")]

    def legal_actions(self):
        # declared wider than the rules take (they refuse over 5 after a partial change, and
        # fault on 0), so that the door lets those through to the rules
        return [{"type": "add", "entity": self.players[self.turn],
                 "params": {"n": C.number("count", 0, 10)}}]

    def view(self):
        return {"total": self.total, "turn": self.turn, "history": list(self.history)}

    def result(self):
        return {p: self.total for p in self.players}

    def acting(self):
        return [self.players[self.turn]]


@pytest.fixture
def tally(monkeypatch):
    spec = TitleSpec("tally", "Tally", "test", "$", 2, 4, Tally)
    monkeypatch.setitem(titles.TITLES, "tally", spec)
    return lambda: Game("tally", ["Ann", "Bo"], seed=1)


def add(game, n):
    who = game.rules.acting()[0]
    return game.process({"type": "add", "entity": who, "n": n})


def test_process_returns_events_and_logs(tally):
    game = tally()
    events = add(game, 3)
    assert events == [{"code": "added", "message": "1 added 3.", "params": {}}]
    assert game.view()["total"] == 3 and game.log == [{"type": "add", "entity": "1", "n": 3}]


def test_rejected_action_restores_partial_change(tally):
    game = tally()
    add(game, 2)
    before = game.view()
    with pytest.raises(GameError) as err:
        add(game, 9)
    assert err.value.code == "too_big"
    assert game.view() == before and len(game.log) == 1


def test_fault_in_rules_becomes_game_error_and_changes_nothing(tally):
    game = tally()
    add(game, 4)
    before = game.view()
    with pytest.raises(GameError) as err:
        add(game, 0)
    assert err.value.code == "engine_fault"
    assert game.view() == before


def test_undo_and_redo_across_snapshots(tally):
    game2 = tally()
    totals = []
    for i in range(60):  # 60 actions cross the snapshot taken every 50
        add(game2, 1 + i % 2)
        totals.append(game2.view()["total"])
    for k in range(59, 40, -1):
        game2.process({"type": "undo", "entity": "1"})
        assert game2.view()["total"] == totals[k - 1]
    game2.process({"type": "redo", "entity": "1"})
    assert game2.view()["total"] == totals[41]
    # A new action after an undo drops what could be redone.
    add(game2, 1)
    with pytest.raises(GameError) as err:
        game2.process({"type": "redo", "entity": "1"})
    assert err.value.code == "nothing_to_redo"


def test_undo_with_nothing_to_undo(tally):
    with pytest.raises(GameError) as err:
        tally().process({"type": "undo", "entity": "1"})
    assert err.value.code == "nothing_to_undo"


def test_record_replays_to_the_same_state(tally):
    from engine import records
    game = tally()
    for n in (1, 2, 3, 4):
        add(game, n)
    game.process({"type": "undo", "entity": "2"})
    rep = records.replay(game.record())
    assert rep.ok and rep.game.view() == game.view()


def test_unknown_title_and_player_count():
    with pytest.raises(GameError) as err:
        Game("no-such-title", ["A", "B"])
    assert err.value.code == "unknown_title"


def test_player_count_checked(tally):
    with pytest.raises(GameError) as err:
        Game("tally", ["Solo"])
    assert err.value.code == "player_count" and err.value.params["min"] == 2


def test_game_over_refuses_more(tally):
    game = tally()
    while not game.finished:
        add(game, 5)
    with pytest.raises(GameError) as err:
        add(game, 1)
    assert err.value.code == "game_over"
    assert game.legal_actions() == []
