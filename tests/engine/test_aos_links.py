"""The register of links (``engine/age_of_steam/links.py``): links kept from the builds,
deliveries as chains checked and paid by the engine, scores from completed links, the
history's words and the corrections of the register."""
import pytest

from engine.errors import GameError
from engine.titles import get
from engine.words import words_of
from tests.engine.helpers_aos import act, fix, new, walk, who


def network():
    """Base game, 3 players. The first builder lays A-B, B-C and C-D (one tile each,
    complete); the second D-E (two tiles) and an unfinished link from E."""
    g = walk(new(n=3, seed=8), "build")
    first = who(g)
    act(g, "build", kind="plain", link="A", reaches="B")
    act(g, "build", kind="plain", link="B", reaches="C")
    act(g, "build", kind="river", link="C", reaches="D")
    act(g, "build_done")
    second = who(g)
    act(g, "build", kind="plain", link="D")
    act(g, "build", kind="plain", link="#4", reaches="E")
    act(g, "build", kind="plain", link="E")
    act(g, "build_done")
    return g, first, second


def test_builds_keep_the_register_of_places_and_links():
    g, first, second = network()
    reg = g.rules.register
    assert sorted(reg.places) == ["A", "B", "C", "D", "E"]
    got = {i: (k["a"], k["b"], k["owner"], k["tiles"], reg.state(k)) for i, k in reg.links.items()}
    assert got == {1: ("A", "B", first, 1, "complete"), 2: ("B", "C", first, 1, "complete"),
                   3: ("C", "D", first, 1, "complete"), 4: ("D", "E", second, 2, "complete"),
                   5: ("E", None, second, 1, "unfinished")}
    # a place once named is offered; the unfinished link is offered to extend
    walk(g, "build", turn=2)
    fix(g, "cash", who(g), amount=20)
    entry = next(e for e in g.legal_actions() if e["type"] == "build" and "kind" in e["params"])
    starts = entry["params"]["link"]["choices"]
    assert set("ABCDE") <= set(starts)
    assert ("#5" in starts) == (who(g) == second)


def test_a_build_that_does_not_say_its_link_is_refused_and_changes_nothing():
    g = walk(new(n=3, seed=8), "build")
    before = g.view()
    with pytest.raises(GameError) as e:
        g.process({"type": "build", "entity": who(g), "kind": "plain"})
    assert e.value.code == "link_needed" and g.view() == before
    with pytest.raises(GameError) as e:
        act(g, "build", kind="plain", link="A", reaches="A")
    assert e.value.code == "link_loop" and g.view() == before
    with pytest.raises(GameError) as e:
        act(g, "build", kind="plain", link="#9")          # no such link: not offered
    assert e.value.code == "link_not_open" and g.view() == before


@pytest.mark.parametrize("fields,code,says", [
    ({"link": "#9"}, "link_not_open", "may extend link 2 (B – …), or name the place"),
    ({"link": "#1"}, "link_not_open", "may extend link 2 (B – …)"),     # another's
    ({"link": "@home"}, "bad_new_place", "The places named so far: A, B."),
    ({"link": "A", "reaches": "#1"}, "bad_new_place", "a new name starts with a letter"),
    ({"link": "#2", "reaches": "x" * 21}, "bad_new_place", "at most 20 letters"),
])
def test_a_build_naming_a_link_or_place_not_offered_says_which_are(fields, code, says):
    """Not the door's bare "must be one of: #1, A": the rules' reason, in English and in
    Korean, with the links the player may extend or the places named and what a name is."""
    g = walk(new(n=3, seed=8), "build")
    act(g, "build", kind="plain", link="A")           # link 1, unfinished, the first's
    act(g, "build_done")
    act(g, "build", kind="plain", link="B")           # link 2, the second's, who acts
    before = g.view()
    with pytest.raises(GameError) as e:
        g.process({"type": "build", "entity": who(g), "kind": "plain", **fields})
    assert e.value.code == code and says in str(e.value) and g.view() == before
    words, _ = words_of(get("AoS-Base"))
    ko = words[code]["ko"]
    assert all("%(player)s" in w or code == "bad_new_place" for w in ko)
    assert "%(open)s" in ko[0] or "%(places)s" in ko[0]


def test_an_unfinished_link_not_extended_in_the_turn_loses_its_owner():
    g, first, second = network()
    walk(g, "build", turn=2)
    assert g.rules.register.links[5]["owner"] == second    # built in turn 1: still owned
    walk(g, "build", turn=3)
    assert g.rules.register.links[5]["owner"] is None      # not extended in turn 2: lost
    fix(g, "cash", who(g), amount=20)
    # anyone may extend it now and owns it
    p = who(g)
    act(g, "build", kind="plain", link="#5", reaches="F")
    k = g.rules.register.links[5]
    assert (k["owner"], k["tiles"], k["b"]) == (p, 2, "F")


def test_an_unfinished_link_extended_in_the_turn_keeps_its_owner():
    g = walk(new(n=3, seed=8), "build")
    p = who(g)
    act(g, "build", kind="plain", link="A")
    walk(g, "build", turn=2)
    while who(g) != p:
        act(g, "build_done")
    act(g, "build", kind="plain", link="#1")
    walk(g, "build", turn=3)
    assert g.rules.register.links[1]["owner"] == p


def test_a_three_link_chain_pays_each_owner_and_says_who_earned_what():
    g, first, second = network()
    walk(g, "move")
    mover = who(g)
    fix(g, "locomotive", mover, value=3)
    before = dict(g.rules.income)
    entry = next(e for e in g.legal_actions() if e["type"] == "move_good")
    assert "2+3+4+" in entry["params"]["route"]["choices"]
    events = act(g, "move_good", colour="red", route="2+3+4+")
    assert g.rules.income[first] == before[first] + 2
    assert g.rules.income[second] == before[second] + 1
    said = next(e for e in events if e["code"] == "delivered_route")
    a, b = g.rules.pname(first), g.rules.pname(second)
    assert said["params"]["path"] == f"B → C ({a}) → D ({a}) → E ({b})"
    assert said["params"]["earned"] == f"{g.rules.pname(first)} +2, {g.rules.pname(second)} +1"
    words, _ = words_of(get("AoS-Base"))
    assert "%(path)s" in words["delivered_route"]["ko"]
    assert "%(earned)s" in words["delivered_route"]["ko"]


@pytest.mark.parametrize("route,code", [
    ("1+3+", "chain_broken"),          # A-B then C-D: B is not C
    ("1+1-", "chain_place_twice"),     # A-B-A
    ("1+2+3+4+", "chain_too_long"),    # 4 links, locomotive 3
    ("4+5+", "chain_unfinished"),      # link 5 is unfinished
    ("9+", "no_link"),
    ("1+2", "bad_chain"),
])
def test_illegal_chains_are_refused_with_why_in_english_and_korean(route, code):
    g, first, second = network()
    walk(g, "move")
    fix(g, "locomotive", who(g), value=3)
    before = g.view()
    with pytest.raises(GameError) as e:
        act(g, "move_good", colour="red", route=route)
    assert e.value.code == code and g.view() == before
    words, _ = words_of(get("AoS-Base"))
    assert {"en", "ko"} <= set(words[code])


def test_the_usual_chain_is_offered_first():
    g, first, second = network()
    walk(g, "move")
    p = who(g)
    fix(g, "locomotive", p, value=2)
    act(g, "move_good", colour="red", route="3+4+")
    walk(g, "move", turn=2)
    while who(g) != p:
        act(g, "pass_move")
    route = next(e for e in g.legal_actions() if e["type"] == "move_good")["params"]["route"]
    assert route["choices"][0] == "3+4+" and route["default"] == "3+4+"


def test_scores_count_track_in_completed_links_or_every_owned_tile_by_option():
    for option, second_track in ((None, 2), ("owned", 3)):
        g = walk(new(n=3, seed=8, **({"track_scoring": option} if option else {})), "build")
        act(g, "build_done")
        second = who(g)
        act(g, "build", kind="plain", link="D")
        act(g, "build", kind="plain", link="#1", reaches="E")
        act(g, "build", kind="plain", link="E")           # unfinished
        assert g.rules.track_score(second) == second_track
        row = next(r for r in g.scores() if r["player"] == second)
        assert second_track in [part["value"]["v"] for part in row["parts"]]


def test_new_zealand_ferry_links_are_links_to_islands_at_their_own_cost():
    g = walk(new("AoS-NewZealand", n=2, seed=4), "build")
    p = who(g)
    with pytest.raises(GameError) as e:
        act(g, "build", kind="ferry", link="Auckland", reaches="Hamilton")
    assert e.value.code == "nz_ferry_link"
    with pytest.raises(GameError) as e:
        act(g, "build", kind="plain", link="Auckland", reaches="⛴ 2")
    assert e.value.code == "nz_island_ferry"
    cash = g.rules.cash[p]
    act(g, "build", kind="ferry", link="Wellington", reaches="⛴ 2")
    k = g.rules.register.links[1]
    assert (k["a"], k["b"], k["owner"], k["ferry"]) == ("Wellington", "⛴ 2", p, True)
    assert g.rules.cash[p] == cash - 5


def test_new_zealand_a_black_good_over_a_chain_to_an_island_places_a_disc():
    g = walk(new("AoS-NewZealand", n=2, seed=4), "build")
    act(g, "build", kind="ferry", link="Wellington", reaches="⛴ 2")
    walk(g, "move")
    p = who(g)
    act(g, "move_good", colour="red", route="1+")
    assert g.rules.map.discs.get(p) is None          # only a black good places a disc
    walk(g, "move", turn=2)
    q = who(g)
    act(g, "move_good", colour="black", route="1+")
    assert g.rules.map.discs[q] == ["2"]


def test_korea_new_places_carry_their_half():
    g = walk(new("AoS-Korea", n=4, seed=9), "build")
    with pytest.raises(GameError) as e:
        g.process({"type": "build", "entity": who(g), "kind": "river", "link": "Seoul"})
    assert e.value.code == "korea_region"
    act(g, "build", kind="river", link="Seoul", region="south")
    assert g.rules.register.region("Seoul") == "south"


def test_urbanization_turns_a_town_into_a_city():
    g = walk(new(n=3, seed=8), "actions")
    act(g, "select_action", pick="urbanization")
    holder = g.rules.taken["urbanization"]
    walk(g, "build")
    while who(g) != holder:
        act(g, "build", kind="town", exits=2, link="A", reaches="T")
        act(g, "build_done")
    assert g.rules.register.kind("T") == "town"
    act(g, "urbanize", colour="red", town="T")
    assert g.rules.register.kind("T") == "city"


def test_corrections_cover_a_link_and_a_place_and_are_audited():
    g, first, second = network()
    by = g.players[0]["id"]

    def fix_register(kind, **fields):
        return g.process({"type": "correction", "entity": by, "kind": kind,
                          "reason": "the board says so", **fields})

    fix_register("link_owner", link="#5", owner=first)
    fix_register("link_tiles", link="#5", tiles=3)
    events = fix_register("link_reaches", link="#5", reaches="A")
    k = g.rules.register.links[5]
    assert (k["owner"], k["tiles"], k["b"]) == (first, 3, "A")
    assert events[-1]["code"] == "corrected_register" and events[-1]["params"]["by"] == by
    assert events[-1]["params"]["reason"] == "the board says so"
    fix_register("place_name", place="A", name="Alba")
    fix_register("place_kind", place="B", place_kind="town")
    reg = g.rules.register
    assert "Alba" in reg.places and reg.links[1]["a"] == "Alba" and reg.links[5]["b"] == "Alba"
    assert reg.kind("B") == "town"
    fix_register("link_owner", link="#1", owner="nobody")
    assert reg.links[1]["owner"] is None
    before = g.view()
    with pytest.raises(GameError) as e:
        fix_register("link_reaches", link="#1", reaches="Alba")     # Alba to Alba
    assert e.value.code == "link_loop" and g.view() == before
    kinds = {e["kind"] for e in g.legal_actions() if e["type"] == "correction"}
    assert "place_region" not in kinds          # the base map's places carry no half
    korea = walk(new("AoS-Korea", n=4, seed=9), "build")
    act(korea, "build", kind="south_plain", link="Seoul")
    korea.process({"type": "correction", "entity": korea.players[0]["id"],
                   "kind": "place_region", "place": "Seoul", "region": "north",
                   "reason": "misread"})
    assert korea.rules.register.region("Seoul") == "north"


def taps_now(entry, action) -> int:
    """Taps to enter ``action`` through the form of ``entry`` (README "Taps per typical
    step": a click or a field entry; a field already showing the value costs nothing): the
    chain unless the form shows it, then the good's colour, a button that enters the step."""
    route, colour = entry["params"]["route"], entry["params"]["colour"]
    assert colour.get("buttons") and list(entry["params"])[-1] == "colour"
    return (action["route"] != route.get("default")) + 1


def taps_before(game, p, action) -> int:
    """The same delivery through the typed form it replaces (``deliver``: the colour, each
    link's owner preselected as the shipper, the destination preselected as none, the
    button)."""
    places, links = game.rules.register.follow(action["route"], game.rules.loco[p])
    others = sum(k["owner"] != p for k in links)
    far = places[-1].startswith("⛴") or len({game.rules.register.region(x)
                                               for x in places}) > 1
    return 1 + others + far + 1


def test_taps_a_one_link_delivery_no_more_a_three_link_one_fewer():
    g, first, second = network()
    walk(g, "move")
    p = who(g)
    fix(g, "locomotive", p, value=3)
    entry = next(e for e in g.legal_actions() if e["type"] == "move_good")
    three = {"colour": "red", "route": "2+3+4+"}      # B-C-D-E: links of both builders
    one = {"colour": "red", "route": entry["params"]["route"]["default"]}
    assert len(g.rules.register.follow(one["route"], 3)[1]) >= 1
    act(g, "move_good", **three)                      # the table's chain once ...
    walk(g, "move", turn=2)
    while who(g) != p:
        act(g, "pass_move")
    entry = next(e for e in g.legal_actions() if e["type"] == "move_good")
    assert taps_now(entry, three) == 1 < taps_before(g, p, three)    # ... is then shown first
    for key in entry["params"]["route"]["choices"]:   # any chain: the chain, the colour
        chain = {"colour": "red", "route": key}
        assert taps_now(entry, chain) <= 2 <= taps_before(g, p, chain)
        if len(g.rules.register.follow(key, 3)[1]) == 3:
            assert taps_now(entry, chain) < taps_before(g, p, chain) or \
                taps_now(entry, chain) == 2 == taps_before(g, p, chain) and all(
                    k["owner"] == p for k in g.rules.register.follow(key, 3)[1])
    assert taps_now(entry, {"colour": "red", "route": "1+"}) <= 2     # a one-link one


def test_an_older_log_with_typed_builds_and_deliveries_replays_as_it_scored():
    """A log from before the register: builds without a link, a typed delivery. Replayed
    unchecked, its tiles count as they did (every tile built) and its delivery pays as
    typed; the register stays empty."""
    g = walk(new(n=3, seed=8), "build")
    p = who(g)
    g.process({"type": "build", "entity": p, "kind": "plain"}, checked=False)
    g.process({"type": "build", "entity": p, "kind": "river"}, checked=False)
    g.process({"type": "build_done", "entity": p}, checked=False)
    walk(g, "move")
    q = who(g)
    g.process({"type": "deliver", "entity": q, "links": 1, "colour": "red", "owner_1": p},
              checked=False)
    again = new(n=3, seed=8)
    for a in g.effective:
        again.process(a, checked=False)
    r = again.rules
    assert r.track_score(p) == 2 and r.income[p] == 1 and not r.register.links
    assert again.result() == g.result() and again.view() == g.view()
