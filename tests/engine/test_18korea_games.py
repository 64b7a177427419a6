"""Whole 18Korea games through the engine, from the draft to the final scores."""
import json
import subprocess
import sys

import pytest

from engine import GameError
from engine.records import replay
from engine.titles.title_18korea import data as D
from tests.bots.korea18 import Bot, play
from engine.titles.title_18korea.scenario import end_stock_round, finish_draft, found, new_game
from tests.conftest import ROOT


def check_books(game):
    """Invariants: money is conserved, each company's shares add up to 100%."""
    r = game.rules
    total = sum(r.cash.values()) + sum(c.cash for c in r.companies.values()) + r.bank
    assert total == 0, "money created or lost"
    for sym, book in r.shares.items():
        comp = r.companies[sym]
        if comp.closed:
            assert not book
        else:
            assert sum(book.values()) == D.TOTAL_UNITS
            if comp.founded:
                assert r.units(sym, comp.director) >= 2
    for pid in r.cash:
        assert r.cash[pid] >= 0


def play_checked(game, seed, max_actions=4000):
    bot = Bot(seed)
    for i in range(max_actions):
        if game.finished:
            return i
        game.process(bot.choose(game))
        if i % 25 == 0:
            check_books(game)
    raise AssertionError("game did not end")


def full_game(n, reasons=("8E_final_set", "price_460", "price_500"), seeds=range(1, 60)):
    """The first seeded bot game of n players that ends by one of ``reasons``."""
    for seed in seeds:
        game = new_game(n, seed)
        play_checked(game, seed)
        check_books(game)
        if game.game_end_reason in reasons:
            return game, seed
    pytest.fail(f"no {n}-player game ended by {reasons}")


def scores_are_cash_plus_shares(game):
    r = game.rules
    for pid, score in game.result().items():
        worth = r.cash[pid] + sum(book.get(pid, 0) * r.price(sym) for sym, book in r.shares.items()
                                  if sym in r.price_idx)
        assert score == worth


# ---------------------------------------------------------------------------
def test_set_up_by_player_count():
    for n in (2, 3, 4, 5):
        game = new_game(n, seed=3)
        r = game.rules
        assert set(r.cash.values()) == {D.STARTING_CASH[n]}
        assert len(r.rows["north_pre"]) == 5
        assert all(D.COMPANIES[s][1] == "N" for s in r.rows["north_pre"])
        south = 4 if n == 5 else 3
        assert len(r.rows["south_pre"]) == len(r.rows["south_post"]) == south
        assert all(D.COMPANIES[s][1] == "S" for s in r.rows["south_pre"] + r.rows["south_post"])
        offer = game.view()["round"]["offer"]
        per_tier = 2 if n == 2 else n
        for tier in "ABC":
            assert sum(1 for c in offer if c[1] == tier) == per_tier
        assert sorted(r.seating) == sorted(r.cash)
    # the seed decides, and only the seed
    assert new_game(4, 8).view() == new_game(4, 8).view()
    assert new_game(4, 8).rules.rows != new_game(4, 9).rules.rows or \
        new_game(4, 8).rules.seating != new_game(4, 9).rules.seating


def test_draft_order_and_tiers_4p():
    game = new_game(4, seed=5)
    seat = game.rules.seating
    pickers = []
    while game.rules.round == "draft":
        t = game.legal_actions()[0]
        pickers.append(t["entity"])
        game.process({"type": "draft", "entity": t["entity"], "card": t["params"]["card"]["choices"][-1]})
    assert pickers == seat + seat[::-1] + seat[::-1]
    for pid, hand in game.rules.hands.items():
        assert sorted(c[1] for c in hand) == ["A", "B", "C"]


def test_two_player_draft():
    game = new_game(2, seed=4)
    seat = game.rules.seating
    first_offer = list(game.view()["round"]["offer"])
    pickers = []
    while game.rules.round == "draft":
        t = game.legal_actions()[0]
        pickers.append(t["entity"])
        game.process({"type": "draft", "entity": t["entity"], "card": t["params"]["card"]["choices"][0]})
    assert pickers == [seat[0], seat[1], seat[1], seat[1], seat[0], seat[0]]
    for hand in game.rules.hands.values():
        assert len(hand) == 3
    assert len(game.rules.draft["discarded"]) == 6
    assert len(set(first_offer) & set(game.rules.draft["discarded"])) == 3


def test_two_player_draft_allows_a_second_card_of_a_tier():
    # RB §2.5 / §13: with two players, two cards of one tier may end in one hand
    game = new_game(2, seed=4)
    first, second = game.rules.seating
    offer = game.legal_actions()[0]["params"]["card"]["choices"]
    game.process({"type": "draft", "entity": first, "card": [c for c in offer if c[1] != "A"][0]})
    pick = [c for c in game.legal_actions()[0]["params"]["card"]["choices"] if c[1] == "A"]
    game.process({"type": "draft", "entity": second, "card": pick[0]})
    again = [c for c in game.legal_actions()[0]["params"]["card"]["choices"] if c[1] == "A"]
    assert again                                  # not barred: a second tier-A card
    game.process({"type": "draft", "entity": second, "card": again[0]})
    assert [c[1] for c in game.rules.hands[second]] == ["A", "A"]


def test_two_player_seventy_percent_rule():
    game = new_game(2, seed=4)
    finish_draft(game)
    r = game.rules
    a, b = r.seating
    sym = r.rows["south_pre"][0]
    found(game, a, sym, 60)
    # the director buys from the company up to 70% (20% + five 10% shares)
    for _ in range(5):
        while r.sr_current() != a:
            game.process({"type": "pass", "entity": r.sr_current()})
        game.process({"type": "buy_share", "entity": a, "company": sym, "source": "company"})
        game.process({"type": "done", "entity": a})
    assert r.units(sym, a) == 7
    while r.sr_current() != a:
        game.process({"type": "pass", "entity": r.sr_current()})
    with pytest.raises(GameError) as exc:
        game.process({"type": "buy_share", "entity": a, "company": sym, "source": "company"})
    assert exc.value.code == "holding_limit" and "70%" in exc.value.message


def scripted_war_game(n, seed, options=None):
    """A whole game: North company X builds a station in South Korea and survives the war; Y
    does not and leaves. Companies run for 200 a train, pay out and buy trains; after the war
    the post-war companies are started. Ends after the final set of the first 8E.

    A company without a train that cannot pay for one buys an old train from another company
    for ₩10 where the reading forced_purchase "trade" allows it; by the rulebook (the default,
    RB §9.8) it buys from the market, its director paying the rest."""
    game = new_game(n, seed=seed, options=options)
    trade = game.options["forced_purchase"] == "trade"
    finish_draft(game)
    r = game.rules
    x, y = r.rows["north_pre"][:2]
    s = r.rows["south_pre"][0]
    p = r.seating
    found(game, p[0], x, 100)
    found(game, p[1 % n], y, 100)
    found(game, p[2 % n], s, 100)
    end_stock_round(game)
    homes = {r.companies[c].home for c in (x, y, s)}
    south_metro = [hx for hx, i in sorted(r.map.items())
                   if i["kind"] == "metro" and i["side"] == "S" and hx not in homes
                   and i["name"] != "Seoul"][0]
    war_events = []
    north_tried = False
    guard = 0
    while not game.finished:
        guard += 1
        assert guard < 3000
        r = game.rules          # a refused action rebuilds the rules object
        if r.round == "stock":
            if r.war == "done" and not north_tried:
                north = [c for c in r.rows["north_pre"] if c not in (x, y)][0]
                pid = r.sr_current()
                with pytest.raises(GameError) as exc:
                    game.process({"type": "start_auction", "entity": pid, "company": north, "bid": 0})
                assert exc.value.code == "north_after_war"
                r = game.rules
                assert r.rows["south_post"][0] in r.auctionable()
                north_tried = True
            # after the war, start the post-war companies one by one (they bring empty train slots)
            if r.war == "done" and not r.sr["last"]:
                pid = r.sr_current()
                todo = [c for c in r.auctionable() if r.companies[c].row == "south_post"]
                if todo and r.cash[pid] >= 200 and not r.sr["acted"]:
                    found(game, pid, todo[0], 100)
                    continue
            end_stock_round(game)
            continue
        if r.pending_discards:
            sym = r.pending_discards[0]
            game.process({"type": "discard_train", "entity": sym, "train": r.companies[sym].trains[0]})
            continue
        comp = r.current_company()
        sym = comp.sym
        if sym == x and not r.company_has_station(x, south_metro) and r.war == "none" \
                and not r.final_set and r.turn_step() == "track":
            game.process({"type": "lay_tile", "entity": x, "hex": south_metro, "tile": "57", "rotation": 0})
            game.process({"type": "build_station", "entity": x, "hex": south_metro})
        if r.turn_step() in ("track", "station", "run"):
            if comp.trains:          # without a train it is not asked to run (RB §9.5)
                game.process({"type": "run", "entity": sym, "revenues": [200] * len(comp.trains)})
            game.process({"type": "dividend", "entity": sym, "kind": "payout"})
        while True:
            head = r.market_head()
            if len(comp.trains) >= r.train_limit or comp.cash < r.train_price(comp, head):
                break
            if head in comp.trains and len(comp.trains) >= 2:
                break
            events = game.process({"type": "buy_train", "entity": sym, "source": "market"})
            war_events += [e for e in events if e["code"] in ("war_revealed", "korean_war")]
            if r.pending_discards or game.finished:
                break
        if r.pending_discards:
            continue
        if not comp.trains and comp.cash < r.train_price(comp, r.market_head()) and not r.final_set \
                and trade:
            # buy an old train from a connected company for ₩10 (frees a slot there)
            seller = [c for c in r.live_companies() if c.sym != sym and len(c.trains) >= 2][0]
            game.process({"type": "buy_train", "entity": sym, "source": seller.sym,
                          "train": seller.trains[0], "price": 10, "connected": True})
        if not comp.trains:
            game.process({"type": "buy_train", "entity": sym, "source": "market"})
        before = r.war
        events = game.process({"type": "done", "entity": sym})
        war = [e for e in events if e["code"] == "korean_war"]
        if war:
            assert before == "revealed"
            msg = war[0]["message"]
            assert msg.startswith("Korean War: remove all tiles and stations north of the demarcation line")
            assert f"{y} leaves the game: return its certificates" in msg
            assert "Remove all tiles and stations north of the demarcation line" in war[0]["board"]
            assert r.companies[y].closed and not r.companies[x].closed
            assert not r.shares[y] and y not in r.price_idx
            assert all(r.hex_info(h)["side"] == "S" for h in r.hexes)
            assert r.company_has_station(x, south_metro)          # metropolitan: the station stays
            assert r.hexes[south_metro]["color"] == "none"         # but the city tile is gone
            assert all(not r.companies[c].founded or r.companies[c].closed or c == x
                       for c in r.rows["north_pre"])
            war_events.append(war[0])
    r = game.rules
    assert r.war == "done" and north_tried
    assert any(e["code"] == "war_revealed" for e in war_events)
    assert game.game_end_reason == "8E_final_set"
    check_books(game)
    scores_are_cash_plus_shares(game)
    v = game.view()
    assert v["companies"][y]["closed"] and v["war"] == "done"
    # the record replays to the same scores
    again = replay(game.record())
    assert again.ok and again.game.result() == game.result()
    return game


# the scripts escape forced purchases by trades: reading forced_purchase "trade"
TRADE = {"forced_purchase": "trade"}


def test_four_player_war_game_scripted():
    scripted_war_game(4, 21, TRADE)


def test_five_player_war_game_scripted():
    game = scripted_war_game(5, 8, TRADE)
    assert len(game.rules.rows["south_post"]) == 4


def test_two_and_three_player_war_games_scripted():
    scripted_war_game(2, 3, TRADE)
    scripted_war_game(3, 5, TRADE)


def test_four_player_bot_game_through_the_war():
    game, seed = full_game(4)
    assert game.rules.war == "done"
    scores_are_cash_plus_shares(game)


def test_five_player_game():
    game, seed = full_game(5)
    assert len(game.rules.rows["south_pre"]) == 4
    scores_are_cash_plus_shares(game)
    again = replay(game.record())
    assert again.ok and again.game.view() == game.view()


def test_two_player_game():
    game, seed = full_game(2)
    scores_are_cash_plus_shares(game)


def test_two_player_game_with_the_70_percent_rule_to_the_end():
    """2-player draft, a director at 70% bought from the company, then played to the scores."""
    for seed in range(1, 40):
        game = new_game(2, seed)
        seat = game.rules.seating
        pickers = []
        while game.rules.round == "draft":
            t = game.legal_actions()[0]
            pickers.append(t["entity"])
            game.process({"type": "draft", "entity": t["entity"],
                          "card": t["params"]["card"]["choices"][0]})
        assert pickers == [seat[0], seat[1], seat[1], seat[1], seat[0], seat[0]]
        a = seat[0]
        sym = game.rules.rows["south_pre"][0]
        found(game, a, sym, 60)
        for _ in range(5):
            while game.rules.sr_current() != a:
                game.process({"type": "pass", "entity": game.rules.sr_current()})
            game.process({"type": "buy_share", "entity": a, "company": sym, "source": "company"})
            game.process({"type": "done", "entity": a})
        assert game.rules.units(sym, a) == 7
        play_checked(game, seed)
        if game.game_end_reason != "bankruptcy":
            check_books(game)
            scores_are_cash_plus_shares(game)
            return
    pytest.fail("no 2-player game reached the end without a bankruptcy")


def test_bot_games_of_every_size_end_cleanly():
    for n in (2, 3, 4, 5):
        for seed in (1, 2, 3):
            game = new_game(n, seed)
            play_checked(game, seed)
            assert game.finished and game.game_end_reason
            assert game.legal_actions() == []


def test_bankruptcy_ends_the_game_at_once():
    for seed in range(1, 40):
        game = new_game(4, seed)
        play_checked(game, seed)
        if game.game_end_reason == "bankruptcy":
            assert game.finished
            with pytest.raises(GameError):
                game.process({"type": "pass", "entity": "1"})
            return
    pytest.fail("no bankruptcy among the seeds")


def test_undo_and_replay_are_exact():
    game = new_game(3, 7)
    bot = Bot(7)
    views = []
    for _ in range(150):
        views.append(game.view())
        game.process(bot.choose(game))
    for _ in range(20):
        game.process({"type": "undo"})
    assert game.view()["actions"] == views[130]["actions"]
    strip = lambda v: {k: val for k, val in v.items() if k not in ("can_redo", "can_undo")}
    assert strip(game.view()) == strip(views[130])


def test_cli_titles_and_replay(tmp_path):
    out = subprocess.run([sys.executable, "-m", "engine", "titles"], cwd=ROOT, capture_output=True,
                         text=True, timeout=60)
    assert "18Korea\t18Korea" in out.stdout.splitlines()
    game = new_game(3, 1)
    play(game, 1)
    path = tmp_path / "k.json"
    path.write_text(json.dumps(game.record(), ensure_ascii=False), encoding="utf-8")
    out = subprocess.run([sys.executable, "-m", "engine", "replay", str(path)], cwd=ROOT,
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    summary = json.loads(out.stdout.splitlines()[-1])
    assert summary["title"] == "18Korea"
    assert summary["result"] == game.result()
    assert summary["game_end_reason"] == game.game_end_reason


def test_view_and_legal_actions_are_plain_json():
    game = new_game(4, 3)
    bot = Bot(3)
    for i in range(400):
        if game.finished:
            break
        if i % 10 == 0:
            view = game.view()
            assert json.loads(json.dumps(view, ensure_ascii=False)) == view
            legal = game.legal_actions()
            json.dumps(legal)
            turn = [a for a in legal if not a.get("anytime") and a["type"] not in ("undo", "redo")]
            assert turn and {a["entity"] for a in turn} <= set(game.rules.acting())
            for key in ("bank", "players_books", "companies", "market", "round", "train_market",
                        "next_train", "era", "war", "acting"):
                assert key in view
        game.process(bot.choose(game))
