"""Events speak of players by name and carry what a phone needs to translate them; the score
breakdown adds up to ``result()``, on random games and on the real replay."""
import random
from pathlib import Path

import pytest

from engine import Game, contract, records
from tests.bots.core18xx import play
from tests.contract_play import random_game

PLAYERS = [{"id": "u1017", "name": "Ann"}, {"id": "u2029", "name": "Bo"},
           {"id": "u3031", "name": "Cy"}, {"id": "u4043", "name": "Di"}]
FIXTURE = Path(__file__).resolve().parents[3] / "shared" / "fixtures" / "18xx-games" / \
    "1888-N" / "128097.json"


def all_events(seed, n, steps=600):
    game = Game("1888-N", PLAYERS[:n], seed=seed, options={"compat": "18xx.games"}
                if seed % 2 else {})
    rng = random.Random(seed)
    events = []
    orig = game.process

    def process(action):
        out = orig(action)
        events.extend(out)
        return out
    game.process = process
    play(game, rng, steps)
    return game, events


@pytest.mark.parametrize("seed", range(4))
def test_events_name_players_and_carry_code_and_params(seed):
    game, events = all_events(seed, 3 + seed % 2)
    assert events
    for e in events:
        assert e["code"] and isinstance(e["params"], dict)
        for p in PLAYERS:
            assert p["id"] not in e["message"], e
            assert p["id"] not in e.get("board", ""), e
        for key, value in e["params"].items():
            if isinstance(value, str) and value.startswith("u") and value in \
                    {p["id"] for p in PLAYERS}:
                assert e["params"][f"{key}_name"] in {p["name"] for p in PLAYERS}, (key, e)


def test_event_params_translate_a_purchase_and_a_round():
    g = Game("1888-N", PLAYERS, seed=1)
    ev = g.process({"type": "bid", "entity": "u1017", "company": "KT", "price": 25})
    bought = next(e for e in ev if e["code"] == "private_bought")
    assert bought["params"] == {"player": "u1017", "company": "KT", "price": 25,
                                "player_name": "Ann", "company_name": "Kaiping Tramway"}
    assert bought["board"] == "Give Ann the Kaiping Tramway card."


@pytest.mark.parametrize("seed", range(3))
def test_score_breakdown_adds_up_to_the_result(seed):
    game, _ = all_events(seed, 4, 500)
    rules = game.rules
    result = game.result()
    rows = rules.score_breakdown()
    assert set(rows) == set(result)
    for pid, row in rows.items():
        assert row["total"] == result[pid]
        assert row["total"] == row["cash"] + sum(h["value"] for h in row["holdings"]) + \
            sum(c["value"] for c in row["privates"])
        for h in row["holdings"]:
            assert set(h) == {"company", "percent", "price", "value"}
    assert ("score_breakdown" in game.view()) == game.finished
    contract.check_scores(game.scores(), list(result))


@pytest.mark.slow
@pytest.mark.skipif(not FIXTURE.exists(), reason="the real game record is not here")
def test_score_breakdown_of_the_real_replay():
    rep = records.replay(records.loads(FIXTURE.read_text(encoding="utf-8")))
    assert rep.ok and rep.game.finished and rep.game.game_end_reason == "bank"
    summary = rep.summary()
    assert summary["result"] == {"10144": 5596, "10902": 4233, "13611": 4891, "14655": 5094}
    view = rep.game.view()
    breakdown = view["score_breakdown"]
    assert {pid: row["total"] for pid, row in breakdown.items()} == rep.game.result()
    for row in breakdown.values():
        assert row["cash"] + sum(h["value"] for h in row["holdings"]) + \
            sum(c["value"] for c in row["privates"]) == row["total"]
    declared = rep.game.scores()          # what the scores page shows: the same, part by part
    contract.check_scores(declared, list(rep.game.result()))
    assert {r["player"]: r["total"] for r in declared} == rep.game.result()
    winner = next(r for r in declared if r["player"] == "10144")
    assert [p["value"] for p in winner["parts"]][0] == {"t": "money",
                                                        "v": breakdown["10144"]["cash"]}
    assert len(winner["parts"]) == 1 + len(breakdown["10144"]["holdings"]) + \
        len(breakdown["10144"]["privates"])


@pytest.mark.parametrize("title,n", [("1888-N", 3), ("18Korea", 4), ("18Lilliput", 4),
                                     ("1899-DAIHAN", 4)])
def test_declared_scores_add_up_and_the_round_is_said(title, n):
    game = Game(title, [f"P{i}" for i in range(n)], seed=2)
    random_game(game, random.Random(2), max_steps=120)
    rows = game.scores()
    contract.check_scores(rows, [p["id"] for p in game.players])
    assert {r["player"]: r["total"] for r in rows} == game.result()
    assert all(r["parts"][0]["label"]["code"] == "score.cash" for r in rows)
    where = game.where()
    assert where == {"label": None, "value": {"t": "text", "v": game.book()[0]["items"][0]["value"]["v"]}} \
        if hasattr(game.rules, "round_message") else where == game.book()[0]["items"][0]


def test_18korea_score_breakdown_matches_result():
    from tests.bots import korea18 as bot
    names = ["Ann", "Bo", "Cy"]
    game = Game("18Korea", names, seed=5)
    bot.play(game, seed=5)
    rows = game.rules.score_breakdown()
    result = game.result()
    for pid, row in rows.items():
        assert row["total"] == result[pid]
        assert row["cash"] + sum(h["value"] for h in row["holdings"]) == row["total"]
    assert ("score_breakdown" in game.view()) == game.finished
    contract.check_scores(game.scores(), list(result))
