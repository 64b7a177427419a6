"""One way to emit an event, params only from the contract's builders (issue 24, item 2)."""
from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from engine import contract
from engine.core18xx.entries import entry
from engine.game import Game
from tests.contract_play import random_action, random_game

ENGINE = Path(__file__).resolve().parents[2] / "engine"


def test_one_emitter_in_the_whole_engine():
    """Every title's game emits through engine.events.Emitter.emit; no title defines its own
    ``emit``, ``ev``, ``tell``, ``say`` or ``event``."""
    found = []
    for path in ENGINE.rglob("*.py"):
        for n, line in enumerate(path.read_text().splitlines(), 1):
            if re.match(r"\s*def (emit|ev|tell|say|event)\(", line):
                found.append(f"{path.relative_to(ENGINE)}:{n}")
    assert found == ["events.py:" + str(next(
        n for n, line in enumerate((ENGINE / "events.py").read_text().splitlines(), 1)
        if "def emit(" in line))]


def test_an_entry_is_made_whole_by_the_code_that_offers_it():
    """No entry is completed by guessing from its fields' names (issue 24, item 2): ``entry``
    takes a label, and every entry an 18xx title offers has one, a message whose params are
    typed values, and its params made with the contract's builders."""
    with pytest.raises(TypeError):
        entry("bid", "1", params={"price": contract.number("money", 0, 10)})   # no label
    for title, n in (("1888-N", 4), ("18Korea", 3), ("1899-DAIHAN", 4), ("18Lilliput", 2)):
        game = Game(title, [f"P{i}" for i in range(n)], seed=5)
        rng = random.Random(5)
        for _ in range(60):
            if game.finished:
                break
            legal = game.legal_actions()
            contract.check_legal(legal)
            for e in legal:
                if e["type"] in ("undo", "redo"):
                    continue
                assert isinstance(e.get("label"), dict) and "code" in e["label"], (title, e)
                if title != "18Lilliput":      # its own entries: not the core's (yet)
                    for k, v in e["label"]["params"].items():
                        assert isinstance(v, dict) and "t" in v, (title, e["label"], k)
            random_game(game, rng, max_steps=1)


@pytest.mark.parametrize("title,n", [("18Korea", 4), ("18Lilliput", 3), ("1888-N", 4)])
def test_events_name_the_players_they_mention(title, n):
    """A player id in an event's params comes with its ``<key>_name``, in every 18xx title
    (the core's emit did this; 18Korea's and 18 Lilliput's did not)."""
    game = Game(title, [f"P{i}" for i in range(n)], seed=3)
    ids = {p["id"]: p["name"] for p in game.players}
    rng = random.Random(3)
    named = 0
    for _ in range(150):
        if game.finished:
            break
        legal = [e for e in game.legal_actions()
                 if e["type"] not in ("undo", "redo", "correction") and not e.get("anytime")]
        for _ in range(30):
            action = random_action(rng, rng.choice(legal), game.players[0]["id"])
            try:
                events = game.process(action)
                break
            except Exception:                              # a refusal of the game: try again
                continue
        else:
            break
        for e in events:
            for key, value in e["params"].items():
                if isinstance(value, str) and value in ids and not key.endswith("_name"):
                    assert e["params"].get(key + "_name") == ids[value], (e["code"], key)
                    named += 1
    assert named


# -- one turn machine: 18Korea's operating turn on the core's Round (issue 24, item 2) ------
def korea_first_turn():
    from engine.titles.title_18korea.scenario import end_stock_round, finish_draft, found, new_game
    game = new_game(4, seed=1)
    finish_draft(game)
    r = game.rules
    sym = r.rows["south_pre"][0]
    found(game, r.seating[0], sym, 100)
    end_stock_round(game)
    return game, sym


def turn_types(game):
    return {e["type"] for e in game.legal_actions()
            if not e.get("anytime") and e["type"] not in ("undo", "redo")}


def test_18korea_turn_steps_say_themselves_when_they_are_done_and_block_what_follows():
    """No position string: each step of the operating turn answers whether the turn is done
    with it and whether it holds the round, and the core's Round refuses a later step's
    action through the step that blocks."""
    from engine.errors import GameError
    from engine.titles.title_18korea.steps import BuyTrains, Dividend, LayTrack, Revenue
    import pickle
    game, sym = korea_first_turn()
    game.rules.companies[sym].trains.append("2")    # set by hand: a company with a train
    game._snapshots = {len(game.effective): pickle.dumps(game.rules)}
    game._legal = None

    def now():      # the live game's rules and steps (a refusal restores them from a snapshot)
        r = game.rules
        return (r,) + tuple(r.current_round.step(c) for c in (LayTrack, Revenue, Dividend, BuyTrains))
    r, lay, run, dividend, trains = now()
    assert "step" not in r.ors["turn"]
    assert not lay.done(r) and not run.done(r) and run.blocks(r)
    assert r.current_round.blocking_step(r) is run
    assert turn_types(game) >= {"lay_tile", "run"} and "dividend" not in turn_types(game)
    with pytest.raises(GameError) as refused:
        game.process({"type": "buy_train", "entity": sym, "source": "market"})
    assert refused.value.code == "run_first"
    game.process({"type": "run", "entity": sym, "revenues": [0]})
    r, lay, run, dividend, trains = now()
    assert lay.done(r) and run.done(r) and r.current_round.blocking_step(r) is dividend
    assert turn_types(game) == {"dividend"} and r.turn_step() == "dividend"
    with pytest.raises(GameError) as refused:
        game.process({"type": "lay_tile", "entity": sym, "hex": "Incheon", "tile": "57"})
    assert refused.value.code == "step_passed"
    game.process({"type": "dividend", "entity": sym, "kind": "withhold"})
    r, lay, run, dividend, trains = now()
    assert dividend.done(r) and r.current_round.blocking_step(r) is None and not trains.done(r)
    assert "buy_train" in turn_types(game) and r.turn_step() == "trains"


def test_an_18korea_company_without_a_train_is_not_asked_to_run():
    """RB §9.5: without a train a company earns nothing: its run step is done from the start
    (not offered, not blocking); the dividend on its 0 is the step that holds the round."""
    from engine.errors import GameError
    from engine.titles.title_18korea.steps import Dividend, Revenue
    game, sym = korea_first_turn()
    r = game.rules
    assert not r.companies[sym].trains
    assert r.current_round.step(Revenue).done(r) and r.current_round.blocking_step(r) is r.current_round.step(Dividend)
    assert turn_types(game) >= {"lay_tile", "dividend"} and "run" not in turn_types(game)
    with pytest.raises(GameError) as refused:
        game.process({"type": "buy_train", "entity": sym, "source": "market"})
    assert refused.value.code == "dividend_first"
    events = game.process({"type": "dividend", "entity": sym, "kind": "payout"})
    assert [e["code"] for e in events][:1] == ["no_train_run"]
    assert "buy_train" in turn_types(game) and game.rules.turn_step() == "trains"


def test_an_18korea_turn_kept_as_a_position_string_still_loads():
    """A snapshot of an older version kept the turn as ``step``: it is read as its facts."""
    import pickle
    game, sym = korea_first_turn()
    r = game.rules
    r.ors["turn"] = {"company": sym, "step": "dividend", "tp": 3, "built": [],
                     "station": False, "revenue": 40}
    old = pickle.loads(pickle.dumps(r))
    assert old.turn_step() == "dividend" and "step" not in old.ors["turn"]
    assert {e["type"] for e in old.legal_actions() if not e.get("anytime")} == {"dividend"}
    assert old.current_round.blocking_step(old).NAME == "dividend"


# -- one turn machine: 18Korea's rounds on the core's (issue 24, item 2) --------------------
def test_18korea_plays_the_cores_rounds_in_the_order_its_game_says():
    """The draft, a stock round, two operating rounds, then the next stock round: each the
    core's ``Round`` with the title's steps as data; whose turn it is comes from the round."""
    from engine.core18xx.rounds import Round
    from engine.titles.title_18korea.scenario import end_stock_round, operate
    game, sym = korea_first_turn()                 # the draft and a stock round played
    r = game.rules
    seen = [(type(r.current_round).__name__, r.or_no)]
    assert isinstance(r.current_round, Round)
    assert r.current_round.step_classes == r.OPERATING_STEPS and r.acting() == [sym]
    operate(game, sym, dividend="withhold", buy=("market",))
    seen.append((type(r.current_round).__name__, r.or_no))
    operate(game, sym, dividend="withhold")
    seen.append((type(r.current_round).__name__, r.or_no))
    assert seen == [("OperatingRound", 1), ("OperatingRound", 2), ("StockRound", 2)]
    assert r.current_round.step_classes == r.STOCK_STEPS and r.acting() == r.sr_acting()
    assert [r.current_round.name, r.round] == ["stock", "stock"]
    with pytest.raises(AttributeError):
        r.round = "operating"                   # only the round's name, for the book
    end_stock_round(game)
    assert (type(r.current_round).__name__, r.set_no, r.or_no) == ("OperatingRound", 2, 1)


def test_18korea_draft_round_gives_way_to_the_first_stock_round_in_seat_order():
    from engine.titles.title_18korea.scenario import finish_draft, new_game
    game = new_game(3, seed=2)
    r = game.rules
    assert r.current_round.name == "draft" and r.acting() == [r.draft_current()[0]]
    finish_draft(game)
    r = game.rules
    assert r.current_round.name == "stock" and r.sr["order"] == r.seating
    assert r.acting() == [r.seating[0]]


def test_an_18korea_action_of_another_round_is_refused_by_the_round():
    from engine.errors import GameError
    game, sym = korea_first_turn()
    r = game.rules
    with pytest.raises(GameError) as refused:
        r.apply({"type": "start_auction", "entity": sym, "company": sym, "bid": 0})
    assert refused.value.code == "wrong_round"
    with pytest.raises(GameError) as refused:
        r.apply({"type": "draft", "entity": r.seating[0], "card": "OA01"})
    assert refused.value.code in ("out_of_turn", "wrong_round")
    r.finish("bankruptcy")                       # the game is over: no round takes an action
    assert r.round == "over" and r.acting() == [] and r.legal_actions() == []
    with pytest.raises(GameError) as refused:
        r.apply({"type": "dividend", "entity": sym, "kind": "payout"})
    assert refused.value.code == "game_over"


@pytest.mark.parametrize("name", ["stock", "operating"])
def test_an_18korea_game_kept_with_one_round_for_the_whole_game_still_loads(name):
    """A snapshot of an older version kept one round (``flow``) and the round's name
    (``round``): it loads as the round of that name and plays on as the game does."""
    import pickle
    from engine.titles.title_18korea import Korea18
    from engine.titles.title_18korea.scenario import finish_draft, new_game
    from engine.titles.title_18korea.steps import KoreaRound
    if name == "operating":
        game, sym = korea_first_turn()
        action = {"type": "dividend", "entity": sym, "kind": "payout"}
    else:
        game = new_game(4, seed=1)
        finish_draft(game)
        action = {"type": "pass", "entity": game.rules.seating[0]}
    r = game.rules
    state = dict(r.__dict__)
    state.pop("current_round")
    state["flow"] = KoreaRound(r, Korea18.step_classes())
    state["round"] = name
    old = Korea18.__new__(Korea18)
    old.__setstate__(pickle.loads(pickle.dumps(state)))
    assert old.round == name and old.current_round.name == name
    assert old.legal_actions() == r.legal_actions() and old.acting() == r.acting()
    assert [e.code for e in old.apply(dict(action))] == [e.code for e in r.apply(dict(action))]
    assert old.result() == r.result() and old.legal_actions() == r.legal_actions()


# -- one turn machine: 18 Lilliput's rounds on the core's (issue 24, item 2) ----------------
def test_18lilliput_plays_the_cores_rounds_in_the_order_its_game_says():
    """A draft round, then an action round and a run round each round: each the core's
    ``Round`` with the title's steps as data; whose turn it is comes from the round."""
    from engine.core18xx.rounds import Round
    from tests.engine import helpers_18lilliput as H
    game = H.new_game(3)
    r = game.rules
    seen = [(type(r.current_round).__name__, r.round)]
    assert isinstance(r.current_round, Round) and r.acting() == [r.drafting()]
    game = H.drafted(3)
    r = game.rules
    seen = [(type(r.current_round).__name__, r.round)]
    assert r.acting() == [r.acting_player()] and r.current_round.step_classes == r.ACTION_STEPS
    H.finish_actions(game)
    seen.append((type(r.current_round).__name__, r.round))
    assert r.acting() == [r.running()] and r.current_round.step_classes == r.RUN_STEPS
    H.run_all(game)
    seen.append((type(r.current_round).__name__, r.round))
    assert seen == [("ActionRound", 1), ("RunRound", 1), ("ActionRound", 2)]
    assert [r.current_round.name, r.step] == ["actions", "actions"]
    with pytest.raises(AttributeError):
        r.step = "runs"                         # only the round's name, for the book


@pytest.mark.parametrize("package,name", [("title_18lilliput", "step"),
                                          ("title_18korea", "round"), ("title_18korea", "step")])
def test_no_title_rule_branches_on_the_round_name(package, name):
    """The part of the game is the round itself: only the book reads ``step`` (18 Lilliput)
    or ``round`` (18Korea, whose round name is a read-only view of the current round)."""
    title = ENGINE / "titles" / package
    found = [f"{path.name}:{n}" for path in title.glob("*.py") if path.name != "book.py"
             for n, line in enumerate(path.read_text().splitlines(), 1)
             if re.search(rf"\.{name}\s*(==|!=|=(?!=))", line.split("#")[0])]
    assert found == []


def test_an_18lilliput_action_of_another_round_is_refused_by_the_round():
    from engine.errors import GameError
    from tests.engine import helpers_18lilliput as H
    game = H.drafted(2)
    r = game.rules
    with pytest.raises(GameError) as refused:
        r.apply({"type": "pick", "entity": r.acting_player(), "pick": "Emperor"})
    assert refused.value.code == "bad_action_now"
    with pytest.raises(GameError) as refused:
        r.apply({"type": "fly", "entity": r.acting_player()})
    assert refused.value.code == "bad_action_type"


def test_the_cores_round_lists_the_steps_taken_at_any_time_last_even_while_one_blocks():
    from engine.core18xx.rounds import Round
    from engine.core18xx.steps.base import Step

    class Note(Step):
        ANYTIME = True

        def legal(self, g):
            return [{"type": "note"}]

    class Wait(Step):
        def blocks(self, g):
            return g.waiting

        def legal(self, g):
            return [{"type": "wait"}]

    class Later(Step):
        def legal(self, g):
            return [{"type": "later"}]

    class G:
        waiting = True

    rnd = Round(G, (Note, Wait, Later))
    assert [e["type"] for e in rnd.legal(G)] == ["wait", "note"]
    G.waiting = False
    assert [e["type"] for e in rnd.legal(G)] == ["wait", "later", "note"]


def test_an_18lilliput_game_kept_with_one_round_for_the_whole_game_still_loads():
    """A snapshot of an older version kept one round (``flow``) and the part of the round
    (``step``): it loads as the round of that part and plays on as the game does."""
    import pickle
    from engine.titles.title_18lilliput import Lilliput
    from engine.titles.title_18lilliput.steps import LilliputRound
    from tests.engine import helpers_18lilliput as H
    game = H.drafted(2)
    H.finish_actions(game)
    r = game.rules
    state = dict(r.__dict__)
    state.pop("current_round")
    state["flow"] = LilliputRound(r, Lilliput.step_classes())
    state["step"] = "runs"
    old = Lilliput.__new__(Lilliput)
    old.__setstate__(pickle.loads(pickle.dumps(state)))
    assert old.step == "runs" and old.legal_actions() == r.legal_actions()
    company = old.running()
    run = {"type": "run", "entity": company, "dividend": "pay",
           "revenues": [10] * len(old.companies[company]["trains"])}
    assert [e.code for e in old.apply(dict(run))] == [e.code for e in r.apply(dict(run))]
    assert old.result() == r.result() and old.acting() == r.acting()


# -- one corrections machine: the core's, with the titles' kinds ----------------------------
@pytest.mark.parametrize("title,n", [("1888-N", 3), ("1899-DAIHAN", 3), ("18Korea", 3),
                                     ("18Lilliput", 3)])
def test_every_18xx_title_corrects_through_the_cores_machinery(title, n):
    from engine.core18xx.corrections import Corrections
    from engine.errors import GameError
    game = Game(title, [f"P{i}" for i in range(n)], seed=3)
    r = game.rules
    cls = type(r)
    assert isinstance(r, Corrections)
    assert cls.correction is Corrections.correction
    if title in ("18Korea", "18Lilliput"):           # their own kinds, on the core's forms
        assert cls.correction_legal is Corrections.correction_legal
    if title != "18Korea":     # 18Korea's cash sets the amount held; the others' add it
        assert cls.CORRECTIONS["cash"] is Corrections._fix_cash
    seat = game.players[0]["id"]
    with pytest.raises(GameError) as refused:
        r.correction({"type": "correction", "entity": seat, "kind": "cash"})
    assert refused.value.code == "correction_reason"
    cash = next(e for e in game.legal_actions() if e["type"] == "correction"
                and e["kind"] == "cash")
    target = cash["params"]["target"]["choices"][0]
    events = game.process({"type": "correction", "entity": seat, "kind": "cash",
                           "target": target, "amount": 10, "reason": "counted again"})
    assert [e["code"] for e in events] == ["correction"]
    params = events[0]["params"]
    assert params["by"] == seat and params["reason"] == "counted again" and params["what"]


def test_a_history_line_types_a_field_as_its_step_declares_it_not_by_its_name():
    """A posted step's fields are said as the step that takes it declares them (``POSTS``):
    the same field name is money in a station's price and plain text in a step that does not
    declare it."""
    from engine import titles
    from engine.game import step_words
    spec = titles.TITLES["1888-N"]
    token = step_words(spec, {"type": "place_token", "entity": "LYR", "price": 40,
                              "hex": "B18", "city": 0})
    assert token["label"]["message"] == "Place a station (¥40)"
    assert {d["label"]["code"]: d["value"] for d in token["details"]} == {
        "param.hex": {"t": "hex", "v": "B18"}, "param.city": {"t": "count", "v": 0}}
    other = step_words(spec, {"type": "not_a_step", "entity": "LYR", "price": 40})
    assert other["details"][0]["value"] == {"t": "text", "v": "40"}
    korea = step_words(titles.TITLES["18Korea"], {"type": "bid", "entity": "1", "amount": 30})
    assert korea["details"][0]["value"] == {"t": "money", "v": 30}
    import pickle                           # a game (its spec's describe too) pickles
    again = pickle.loads(pickle.dumps(titles.TITLES["18Korea"].describe))
    assert again({"type": "bid", "entity": "1", "amount": 30}, "₩") == \
        step_words(titles.TITLES["18Korea"], {"type": "bid", "entity": "1", "amount": 30})
