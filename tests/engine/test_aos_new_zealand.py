"""Age of Steam: New Zealand: 2-3 players and 9 rounds; the actions by round parity; a build
of up to 2 hexes ($3 plain) or 1 ferry link ($5), the Engineer both; black goods to outlying
islands place discs; only players with all 5 islands are eligible; the ferry-link reading."""
import pytest

from engine.age_of_steam.selection import ACTION_NAMES
from engine.errors import GameError
from engine.titles import title_aos_new_zealand as NZ
from tests.engine.helpers_aos import act, fix, new, walk, who


def test_two_or_three_players_and_nine_rounds():
    for n in (2, 3):
        assert new("AoS-NewZealand", n=n).rules.length == 9
    for n in (1, 4):
        with pytest.raises(GameError):
            new("AoS-NewZealand", n=n)


def test_no_black_new_cities():
    assert "black" not in new("AoS-NewZealand", n=2).rules.new_cities


@pytest.mark.parametrize("turn,allowed", [(1, NZ.ODD_ACTIONS), (2, NZ.EVEN_ACTIONS),
                                          (3, NZ.ODD_ACTIONS), (8, NZ.EVEN_ACTIONS)])
def test_actions_by_round_parity(turn, allowed):
    g = new("AoS-NewZealand", n=2, seed=1)
    for p in g.rules.players:
        fix(g, "income", p, value=5)
    walk(g, "actions", turn=turn)
    entry = next(x for x in g.legal_actions() if x["type"] == "select_action")
    assert entry["params"]["pick"]["choices"] == list(allowed)
    wrong = "first_build" if turn % 2 else "first_move"
    for a in (wrong, "production", "turn_order_pass"):
        before = g.view()
        with pytest.raises(GameError) as e:
            act(g, "select_action", pick=a)
        assert e.value.code == "action_not_this_turn" and g.view() == before
    fact = next(i for i in g.book()[0]["items"] if i["label"]["code"] == "nz.fact.actions")
    assert [v["v"]["code"] for v in fact["value"]["v"]] == [f"action.{a}" for a in allowed]
    # the engine's English is the action's name, not its code (a phone in English shows it)
    assert [v["v"]["message"] for v in fact["value"]["v"]] == [ACTION_NAMES[a] for a in allowed]


def at_build(engineer=False, cash=30):
    g = new("AoS-NewZealand", n=2, seed=2)
    walk(g, "actions")
    first = who(g)
    act(g, "select_action", pick="engineer" if engineer else "first_move")
    walk(g, "build")
    while who(g) != first:
        act(g, "build_done")
    fix(g, "cash", first, amount=cash - g.rules.cash[first])
    return g, first


def test_two_hexes_of_plain_at_3():
    g, p = at_build()
    act(g, "build", kind="plain")
    act(g, "build", kind="plain")
    assert g.rules.cash[p] == 24 and g.rules.tiles[p] == 2
    before = g.view()
    with pytest.raises(GameError) as e:
        act(g, "build", kind="plain")
    assert e.value.code == "nz_two_hexes" and g.view() == before
    with pytest.raises(GameError) as e:
        act(g, "build", kind="ferry")
    assert e.value.code == "nz_hexes_or_ferry"


def test_or_one_ferry_link_at_5():
    g, p = at_build()
    act(g, "build", kind="ferry")
    assert g.rules.cash[p] == 25 and g.rules.map.ferries[p] == 1 and g.rules.tiles[p] == 0
    for kind, code in (("ferry", "nz_one_ferry"), ("plain", "nz_hexes_or_ferry")):
        with pytest.raises(GameError) as e:
            act(g, "build", kind=kind)
        assert e.value.code == code


def test_the_engineer_lays_both():
    g, p = at_build(engineer=True)
    act(g, "build", kind="plain")
    act(g, "build", kind="ferry")
    act(g, "build", kind="mountain")                    # base cost $4 (provisional)
    assert g.rules.cash[p] == 30 - 3 - 5 - 4
    with pytest.raises(GameError) as e:
        act(g, "build", kind="plain")
    assert e.value.code == "nz_two_hexes"


def deliver_to(g, island, colour="black"):
    act(g, "deliver", links=1, colour=colour, owners=[who(g)], island=island)


def test_black_goods_to_islands_place_discs_once_and_others_do_not():
    g = walk(new("AoS-NewZealand", n=2, seed=3), "move")
    p = who(g)
    deliver_to(g, "2")
    assert g.rules.map.discs[p] == ["2"]
    q = who(g)
    deliver_to(g, "2", colour="red")                   # not black: no disc
    assert q not in g.rules.map.discs
    deliver_to(g, "2")                                  # p again (move round 2): already there
    assert g.rules.map.discs[p] == ["2"]


def play_to_end(scoring="income", islands_for=1, ferries=1):
    """A 2-player game where the first builder builds ``ferries`` ferry links in turn 1 and
    ships a black good to each of ``islands_for`` islands, one a move, then the game ends."""
    g = new("AoS-NewZealand", n=2, seed=4, ferry_scoring=scoring)
    ids = g.rules.players
    for p in ids:
        fix(g, "income", p, value=8)
    walk(g, "build")
    a = who(g)
    fix(g, "cash", a, amount=20)
    for _ in range(ferries):
        act(g, "build", kind="ferry")
    walk(g, "move")
    shipped = 0
    while not g.finished:
        if g.rules.phase == "move" and who(g) == a and shipped < islands_for:
            deliver_to(g, NZ.ISLANDS[shipped])
            shipped += 1
        elif g.rules.phase == "move":
            act(g, "pass_move")
        else:
            walk(g, "move", turn=g.rules.turn + (g.rules.phase == "move"))
    return g, a, next(p for p in ids if p != a)


def test_only_players_on_all_five_islands_are_eligible_however_poor():
    g, a, b = play_to_end(islands_for=5)
    r = g.rules
    assert g.finished and r.turn == 10
    assert r.out.get(b) == "not_eligible" and a not in r.out
    assert r.winner() == a and g.result()[b] == 0


def test_nobody_eligible_means_nobody_wins():
    g, a, b = play_to_end(islands_for=4)
    assert g.rules.out == {a: "not_eligible", b: "not_eligible"} and g.rules.winner() is None
    assert g.result() == {a: 0, b: 0}


@pytest.mark.parametrize("scoring,per_ferry", [("income", 6), ("track", 2)])
def test_each_ferry_link_at_scoring_by_the_table_reading(scoring, per_ferry):
    g, a, b = play_to_end(scoring=scoring, islands_for=5, ferries=1)
    r = g.rules
    assert g.result()[a] == 3 * r.income[a] - 3 * r.shares[a] + r.tiles[a] + per_ferry
    assert g.options["ferry_scoring"] == scoring


def test_the_ferry_reading_is_an_option_quoting_the_seed():
    opt = NZ.TITLE.options["ferry_scoring"]
    assert opt["default"] == "income" and opt["choices"] == ["income", "track"]
    assert "Each ferry link counts as 2 income." in opt["rule"]["message"]
    with pytest.raises(GameError) as e:
        new("AoS-NewZealand", n=2, ferry_scoring="double")
    assert e.value.code == "bad_option"


def test_the_table_corrects_island_discs_and_ferry_links():
    g = new("AoS-NewZealand", n=2, seed=5)
    p = g.rules.players[1]
    kinds = {e["kind"] for e in g.legal_actions() if e["type"] == "correction"}
    assert {"island_disc", "ferry_links", "cash", "income", "track", "locomotive",
            "place_name", "place_kind"} == kinds      # Auckland, Wellington, the islands
    for island in NZ.ISLANDS:
        fix(g, "island_disc", p, island=island, on=True)
    assert g.rules.map.eligible(g.rules, p)
    fix(g, "island_disc", p, island="3", on=False)
    assert g.rules.map.discs[p] == ["1", "2", "4", "5"]
    fix(g, "ferry_links", p, value=2)
    assert g.rules.map.ferries[p] == 2
    g.process({"type": "undo"})
    assert g.rules.map.ferries.get(p, 0) == 0


def test_anyone_may_use_a_ferry_link_and_its_owner_earns():
    g = walk(new("AoS-NewZealand", n=2, seed=4), "build")
    owner = who(g)
    act(g, "build", kind="ferry")
    act(g, "build_done")
    user = who(g)
    assert user != owner and g.rules.map.ferries == {owner: 1}
    act(g, "build_done")
    walk(g, "move")
    if who(g) != user:
        act(g, "pass_move")
    r = g.rules
    before = dict(r.income)
    entry = next(e for e in g.legal_actions() if e["type"] == "move_good")
    assert entry["params"]["route"]["choices"] == ["1+"]        # Auckland to island 1
    act(g, "move_good", colour="black", route="1+")
    assert r.income == {**before, owner: before[owner] + 1}     # the ferry's owner earns
    assert r.map.discs == {user: ["1"]}                         # the shipper's disc


def test_the_only_eligible_player_wins_however_poor():
    """The seed: "If only one player is eligible, that player wins however poor." The
    eligible player ends with fewer points than the other (a negative score, below the 0
    of a player who is out), and still wins and heads the scores."""
    g = new("AoS-NewZealand", n=2, seed=4)
    for p in g.rules.players:
        fix(g, "income", p, value=8)
    walk(g, "move")
    r = g.rules
    poor = who(g)
    rich = next(p for p in r.players if p != poor)
    shipped, fixed = 0, False
    while not g.finished:
        if r.turn == 9 and r.phase == "move" and not fixed:
            fix(g, "income", poor, value=0)
            fix(g, "cash", poor, amount=50)
            fix(g, "income", rich, value=40)
            fix(g, "track", rich, value=30)
            fix(g, "cash", rich, amount=50)
            fixed = True
        if r.phase == "move" and who(g) == poor and shipped < 5:
            deliver_to(g, NZ.ISLANDS[shipped])
            shipped += 1
            events = None
        elif r.phase == "move":
            events = act(g, "pass_move")
        else:
            walk(g, "move", turn=r.turn + (r.phase == "move"))
    assert fixed and shipped == 5
    # income 0, 2 shares, no track: -6; income 40 - 6 reduction, 2 shares, 30 tiles: 126
    assert r.points(poor) == -6 and r.points(rich) == 126
    assert r.out == {rich: "not_eligible"}
    assert g.result() == {poor: -6, rich: 0}
    assert r.winner() == poor
    assert [row["player"] for row in g.scores()] == [poor, rich]
    won = next(e for e in events if e["code"] == "game_over")
    assert won["params"]["winner"] == poor
    fact = next(i for i in g.book()[0]["items"] if i["label"]["code"] == "fact.winner")
    assert fact["value"] == {"t": "player", "v": poor}
