"""The corrections that mean the same in every 18xx title are written once in the core
(``engine.core18xx.corrections.Corrections``) and used by 1888-N, 18Korea and 18 Lilliput
under their recorded kinds and fields; each title keeps only kinds of its own pieces."""
import pytest

from engine.core18xx.corrections import Corrections
from engine.core18xx.trains import Depot
from engine.errors import GameError
from engine.game import Game
from engine.words import words_of
from engine.titles import get
from tests.engine.helpers_18lilliput import drafted
from tests.engine.test_18korea_examples import position

SHARED = {  # title -> {recorded kind: the core's fix}
    "1888-N": {"share_price": "_fix_share_price", "train": "_fix_train",
               "shares": "_fix_shares", "phase": "_fix_phase", "priority": "_fix_priority"},
    "1899-DAIHAN": {"share_price": "_fix_share_price", "train": "_fix_train",
                    "shares": "_fix_shares", "phase": "_fix_phase",
                    "priority": "_fix_priority"},
    "18Korea": {"price": "_fix_share_price", "add_train": "_fix_train_give",
                "remove_train": "_fix_train_remove", "shares": "_fix_shares"},
    "18Lilliput": {"share_price": "_fix_share_price", "train": "_fix_train",
                   "shares": "_fix_shares", "phase": "_fix_phase",
                   "first_player": "_fix_priority"},
}


@pytest.mark.parametrize("title", list(SHARED))
def test_the_same_correction_is_the_cores_in_every_title(title):
    rules = type(Game(title, ["a", "b", "c"], seed=3).rules)
    for kind, fix in SHARED[title].items():
        assert rules.CORRECTIONS[kind] is getattr(Corrections, fix), (title, kind)


def fix(game, seat, kind, **fields):
    events = game.process({"type": "correction", "entity": seat, "kind": kind,
                           "reason": "the board says so", **fields})
    event = next(e for e in events if e["code"] == "correction")
    return event["params"]


def said(title, what, lang):
    """A correction's ``what`` in words: its code has English and Korean."""
    words = words_of(get(title))[0][what["code"]]
    return words["en"], words["ko"]


def test_18korea_price_trains_and_shares_on_the_shared_fixes():
    game, (a,) = position([["3"]], era="green", step="track", limit=4, depot={"2": 0},
                          first_sold=("2",), rusted=())
    pid = game.rules.seating[0]
    params = fix(game, pid, "price", company=a, price=100)
    r = game.rules              # a processed action leaves a new book (re-read it after each)
    assert r.price(a) == 100 and params["what"]["code"] == "fixed.share_price"
    assert all(said("18Korea", params["what"], lang) for lang in ("en", "ko"))
    with pytest.raises(GameError) as off:
        fix(game, pid, "price", company=a, price=61)          # not on the stock track
    assert off.value.code == "bad_space" and game.rules.price(a) == 100
    fix(game, pid, "add_train", company=a, train="4")
    assert game.rules.companies[a].trains == ["3", "4"]
    fix(game, pid, "remove_train", company=a, train="3")
    r = game.rules
    assert r.companies[a].trains == ["4"]
    with pytest.raises(GameError) as none:
        fix(game, pid, "remove_train", company=a, train="3")
    assert none.value.code == "not_your_train"
    director = r.companies[a].director
    with pytest.raises(GameError) as kept:           # RB §7.1: the certificate stays
        fix(game, pid, "shares", company=a, source=director, to="pool",
            count=r.units(a, director))
    assert kept.value.code == "director_certificate"
    before = r.units(a, "company")
    fix(game, pid, "shares", company=a, source="company", to="pool", count=1)
    r = game.rules
    assert r.units(a, "company") == before - 1 and r.units(a, "pool") == 1
    assert r.view()["corrections"][-1]["what"].startswith("10% of")


def test_18lilliput_phase_first_player_and_train_to_pool_on_the_shared_fixes():
    game = drafted(3, seed=1)
    params = fix(game, "1", "first_player", player="3")
    assert game.rules.order_from_first()[0] == "3"
    assert params["what"]["code"] == "fixed.first_player"
    assert all(said("18Lilliput", params["what"], lang) for lang in ("en", "ko"))
    r = game.rules
    for bad in (2.0, True, "2"):     # a phase is one of the printed numbers, even past the door
        with pytest.raises(GameError) as refused:
            r.correction({"type": "correction", "entity": "1", "kind": "phase", "phase": bad,
                          "reason": "x"})
        assert refused.value.code == "bad_phase" and r.phase == 1
    fix(game, "1", "phase", phase=2)
    assert game.rules.phase == 2
    params = fix(game, "1", "train", company="red", op="give", train="3")
    assert params["what"]["code"] == "fixed.train.give"
    params = fix(game, "1", "train", company="red", op="to_pool", train="3")
    assert params["what"]["code"] == "fixed.train.to_pool"
    assert [Depot.kind(t) for t in game.rules.depot.discarded] == ["3"]
    assert all(said("18Lilliput", params["what"], lang) for lang in ("en", "ko"))


def test_a_train_correction_op_outside_the_titles_ops_is_refused():
    game = Game("1888-N", ["a", "b", "c"], seed=3)
    seat = game.players[0]["id"]
    with pytest.raises(GameError) as refused:     # only 18 Lilliput has a train pool op
        fix(game, seat, "train", corporation=next(iter(game.rules.corps)), op="to_pool",
            train="2-0")
    assert refused.value.code == "bad_correction" and refused.value.params["ops"] == [
        "give", "remove"]


# -- the score: one rule in the core (``engine.core18xx.book.Scores``) ----------------------
@pytest.mark.parametrize("title", list(SHARED))
def test_every_18xx_title_scores_with_the_cores_rule(title):
    from engine.core18xx.book import Scores
    game = Game(title, ["a", "b", "c"], seed=3)
    rules = type(game.rules)
    for name in ("score_breakdown", "result", "scores"):
        assert getattr(rules, name) is getattr(Scores, name), (title, name)
    breakdown = game.rules.score_breakdown()
    for p, row in breakdown.items():
        assert row["total"] == game.rules.result()[p] == row["cash"] + sum(
            h["value"] for h in row["holdings"]) + sum(
            c["value"] for c in row.get("privates", [])) + row.get("land_copy", 0)


def test_18lilliput_scores_the_unused_land_copy_card_on_the_cores_rule():
    game = drafted(3, seed=1)
    before = game.rules.result()["2"]
    assert game.rules.score_breakdown()["2"]["land_copy"] == 20       # summary: £20 unused
    row = next(r for r in game.scores() if r["player"] == "2")
    assert [p["value"]["v"] for p in row["parts"] if p["label"]["code"] == "score.land_copy"] \
        == [20]
    fix(game, "1", "land_copy", player="2", used=True)
    assert game.rules.result()["2"] == before - 20
    row = next(r for r in game.scores() if r["player"] == "2")
    assert not any(part["label"]["code"] == "score.land_copy" for part in row["parts"])


def _games_mid_play():
    korea, _ = position([["3"]], era="green", step="track", limit=4, depot={"2": 0},
                        first_sold=("2",), rusted=())
    yield "18Korea", korea
    yield "18Lilliput", drafted()


@pytest.mark.parametrize("title", ["18Korea", "18Lilliput"])
def test_every_correction_of_a_titles_own_kind_says_what_it_did_in_english_and_korean(title):
    """A correction's history line says what it changed in the page's language: each kind
    offered, filled with values it offers, says it with a code that has both languages."""
    import random

    from tests.contract_play import random_action
    game = dict(_games_mid_play())[title]
    words = words_of(get(title))[0]
    rng = random.Random(5)
    kinds = {}
    for entry in [e for e in game.legal_actions() if e["type"] == "correction"]:
        kind = entry.get("kind")
        for attempt in range(300):
            action = random_action(rng, entry, entry["params"]["entity"]["choices"][0]
                                   if "entity" in entry["params"] else entry.get("entity"))
            for name, p in entry["params"].items():     # a text as the form fills it first
                if p.get("kind") == "text" and "default" in p and attempt % 2:
                    action[name] = p["default"]
            action["reason"] = "the board says so"
            try:
                events = game.process(action)
            except GameError:
                continue
            what = next(e for e in events if e["code"] == "correction")["params"]["what"]
            assert isinstance(what, dict), (kind, what)        # never English alone
            assert {"en", "ko"} <= set(words.get(what["code"], {})), (kind, what["code"])
            kinds[kind] = what["code"]
            break
    own = {k for k in type(game.rules).CORRECTIONS
           if k not in SHARED[title] and k != "cash" or (title, k) == ("18Korea", "cash")}
    offered = {e.get("kind") for e in game.legal_actions() if e["type"] == "correction"}
    assert own & offered <= set(kinds), sorted(own & offered - set(kinds))
    assert len(own & offered) >= 4, (own, offered)


@pytest.mark.parametrize("title", ["1888-N", "1899-DAIHAN", "18Korea", "18Lilliput"])
def test_random_play_with_the_corrections_offered_gets_no_shape_refusal(title):
    """Each correction form offers only what its fix takes: a train taken from a company is
    one it owns, a train given one the bank still holds (18 Lilliput offered every type)."""
    import random

    from tests.contract_play import random_game
    for seed in range(4):
        game = Game(title, ["a", "b", "c"], seed=seed)
        assert random_game(game, random.Random(seed), max_steps=200, skip=()) > 50
