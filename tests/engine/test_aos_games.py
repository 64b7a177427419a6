"""Whole Age of Steam games from legal_actions() alone on every map and player count, to the
scores; properties over random games (determinism, money conserved with the bank, undo equals
the prefix); the words of every code; replay through the command line."""
import json
import random
import re
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import contract
from engine.errors import GameError
from engine.game import Game
from engine.titles import get
from engine.words import words_of
from tests.conftest import ROOT
from tests.contract_play import (assert_replays_the_same, codes_in, is_shape_error, random_action,
                                 random_game, random_value)
from tests.engine.helpers_aos import NAMES

MAPS = [("AoS-Korea", 4), ("AoS-Korea", 5), ("AoS-NewZealand", 2), ("AoS-NewZealand", 3),
        ("AoS-Base", 3), ("AoS-Base", 4), ("AoS-Base", 5), ("AoS-Base", 6)]
# the maps' table options played as whole games too: Korea's ten rounds, New Zealand's ferry
# links scored as track
OPTIONED = [("AoS-Korea", 4, {"length": "ten"}), ("AoS-Korea", 5, {"length": "ten"}),
            ("AoS-NewZealand", 2, {"ferry_scoring": "track"}),
            ("AoS-NewZealand", 3, {"ferry_scoring": "track"})]
SOURCES = [ROOT / "engine" / "age_of_steam", ROOT / "engine" / "titles"]

# For the independent score check, written here from the rules, not read from the engine:
# a replacement or a redirect lays no new tile of the builder's; a ferry link is no tile.
NO_NEW_TILE = {"replace", "redirect", "ferry"}
FERRY_POINTS = {"income": 2 * 3, "track": 2}
ISLANDS = {"1", "2", "3", "4", "5"}


def english_filled(obj):
    """Every message's English is the text itself (the phones show it as it is), not a
    template with %(name)s left in."""
    if isinstance(obj, dict):
        if isinstance(obj.get("code"), str) and isinstance(obj.get("message"), str):
            assert "%(" not in obj["message"], obj
        for v in obj.values():
            english_filled(v)
    elif isinstance(obj, list):
        for v in obj:
            english_filled(v)


def check(game):
    english_filled([game.book(), game.legal_actions(), game.scores()])
    contract.check_book(game.book())
    contract.check_scores(game.scores(), [p["id"] for p in game.players])
    assert {r["player"]: r["total"] for r in game.scores()} == game.result()
    assert game.where() == {"label": None, "value": {"t": "text",
                                                     "v": game.book()[0]["items"][0]["value"]["v"]}}
    contract.check_legal(game.legal_actions())
    r = game.rules
    assert sum(r.cash.values()) + r.bank == 10 * len(r.players)     # money with the bank
    assert all(c >= 0 for c in r.cash.values())
    assert all(1 <= v <= 6 for v in r.loco.values())
    assert all(2 <= v <= 15 for v in r.shares.values())


def weight(entry):
    """Play like a table: small bids and share issues, many deliveries."""
    return {"move_good": 3.0, "build": 2.0, "correction": 0.0}.get(entry["type"], 1.0)


def table_place(rng, name, p, action, game):
    """What a table enters to put a build on the register: an offered link or place, or a
    new place's name; where the link reaches (never its own start, an island only by ferry,
    a town tile's town); a Korean place's half. None when the param is not the register's."""
    reg = game.rules.register
    kind = action.get("kind")
    islands = [c for c in p.get("choices", []) if reg.kind(c) == "island"]
    if name == "link" and action.get("type") == "build":
        opts = [c for c in p["choices"] if not (kind == "ferry" and c.startswith("#"))]
        if opts and rng.random() < 0.7:
            return rng.choice(opts)
        return f"P{len(reg.places) + 1}"
    if name == "reaches" and action.get("type") == "build":
        start = action["link"]
        if start.startswith("#"):
            start = reg.links[int(start[1:])]["a"]
        if kind == "ferry" and islands:
            mine = {k["b"] for k in reg.links.values() if k["b"]}
            return rng.choice([i for i in islands if i not in mine] or islands)
        opts = [c for c in p["choices"] if c not in islands and c != start and
                c != "unfinished" and (kind != "town" or reg.kind(c) == "town")]
        roll = rng.random()
        town_here = not action["link"].startswith("#") and (
            action["link"] not in reg.places or reg.kind(action["link"]) == "town")
        if roll < 0.4 and (kind != "town" or town_here):
            return "unfinished"
        if roll < 0.8 and opts:
            return rng.choice(opts)
        return f"P{len(reg.places) + 2}"
    if name == "kind" and "ferry" in p.get("choices", []) and rng.random() < 0.5:
        return "ferry"                    # New Zealand's islands are reached by ferry
    if name == "region":
        return rng.choice(["north", "south"])
    if name == "town" and action.get("type") == "urbanize":
        return rng.choice(p["choices"]) if p["choices"] else contract.OMIT
    return None


def keep_small(rng, name, p, action, game=None):
    """Small numbers; New Zealand's deliveries mostly black goods to an outlying island, so
    that players do become eligible and the scores are not all nothing; builds on the
    register as a table enters them (``table_place``)."""
    if game is not None:
        got = table_place(rng, name, p, action, game)
        if got is not None:
            return got
    if p.get("kind") == "number" and name in ("count", "amount"):
        hi = min(contract.number_max(p, action), p["min"] + 3)
        return rng.randint(p["min"], hi) if hi >= p["min"] else p["min"]
    if p.get("kind") == "choice" and name == "count" and p["choices"] and \
            all(isinstance(c, int) for c in p["choices"]):       # the share form's counts
        return rng.choice(sorted(p["choices"])[:4])
    # the form: the chain first, then the good (a black one mostly to an island)
    to_island = game is not None and action.get("type") == "move_good" and \
        action.get("route", "").endswith(("+", "-")) and \
        game.rules.register.follow(action["route"], 6)[0][-1].startswith("⛴")
    if name == "colour" and action.get("type") == "move_good" and "black" in p["choices"] \
            and rng.random() < (0.9 if to_island else 0.3):
        return "black"
    if name == "route" and game is not None and rng.random() < 0.6:
        islands = [c for c in p["choices"] if c.endswith(("+", "-")) and
                   game.rules.register.follow(c, 6)[0][-1].startswith("⛴")]
        have = game.rules.map.discs.get(action["entity"], []) \
            if game.spec.id == "AoS-NewZealand" else []
        new = [c for c in islands
               if game.rules.register.follow(c, 6)[0][-1][-1] not in have]
        if islands:
            return rng.choice(new or islands)
    return random_value(rng, name, p, action)


def play(title, n, seed, check_each=None, options=None):
    """A game from its legal entries alone. Every Age of Steam entry offers only what the
    rules accept, so any refusal of an entry filled from its own choices fails the test:
    a shape refusal, a game refusal, and ``engine_fault`` (a crash of the rules, which
    ``Game`` turns into a refusal)."""
    game = Game(title, NAMES[:n], seed=seed, options=options)
    rng = random.Random(seed)
    steps = 0
    while not game.finished and steps < 5000:
        legal = [e for e in game.legal_actions() if e["type"] not in ("undo", "redo",
                                                                          "correction")]
        entry = rng.choices(legal, [weight(e) for e in legal])[0]
        action = random_action(rng, entry, game.players[0]["id"],
                               pick=lambda *a: keep_small(*a, game=game))
        try:
            game.process(action)
        except GameError as exc:
            raise AssertionError(f"step {steps}: {exc.code} for an offered {action}: "
                                 f"{exc.message}") from exc
        steps += 1
        if check_each:
            check_each(game)
    return game


def expected_scores(game):
    """The scores counted again from the actions entered, beside the engine's books: 3 ×
    income − 3 × shares + 1 per track tile built (+ New Zealand's ferry links by the table's
    reading); players who are out score 0 (New Zealand: whoever lacks a black good shipped
    to each of the 5 outlying islands is out)."""
    r = game.rules
    shares = {p: 2 for p in r.players}
    tiles = {p: 0 for p in r.players}
    ferries = {p: 0 for p in r.players}
    islands = {p: set() for p in r.players}
    links = {}                      # id -> [tiles, last builder, complete]
    for a in game.effective:
        p = a.get("entity")
        if a["type"] == "issue_shares":
            shares[p] += a["count"]
        elif a["type"] == "build":
            tiles[p] += a["kind"] not in NO_NEW_TILE
            ferries[p] += a["kind"] == "ferry"
            if a["kind"] not in ("replace", "redirect"):
                lid = int(a["link"][1:]) if a["link"].startswith("#") else len(links) + 1
                link = links.setdefault(lid, [0, p, False])
                link[0] += a["kind"] not in NO_NEW_TILE
                link[1] = p
                link[2] = link[2] or a["reaches"] != "unfinished"
        elif a["type"] == "move_good" and a["colour"] == "black":
            end = r.register.follow(a["route"], 6)[0][-1]
            if end.startswith("⛴"):
                islands[p].add(end[-1])
    assert shares == r.shares and tiles == r.tiles
    scored = {p: 0 for p in r.players}
    for n, last, done in links.values():
        if done or game.options.get("track_scoring") == "owned":
            scored[last] += n
    broke = {p for p, why in r.out.items() if why == "income_below_zero"}
    assert all(r.income[p] < 0 for p in broke)
    out = set(broke)
    per_ferry = 0
    if game.spec.id == "AoS-NewZealand":
        per_ferry = FERRY_POINTS[game.options.get("ferry_scoring", "income")]
        out |= {p for p in r.players if len(islands[p]) < len(ISLANDS)}
    assert set(r.out) == out
    return {p: 0 if p in out else
            3 * r.income[p] - 3 * shares[p] + scored[p] + per_ferry * ferries[p]
            for p in r.players}


def map_check(game):
    """The contract checks, and each map's own entries: Korea's crossings are this round's."""
    check(game)
    r = game.rules
    if game.spec.id == "AoS-Korea" and r.phase == "move":
        allowed = {1: ["south_to_north"], 2: ["north_to_south"], 0: []}[r.turn % 3] \
            if r.turn < 10 else ["south_to_north", "north_to_south"]
        for e in game.legal_actions():
            if e["type"] == "move_good":
                for key in e["params"]["route"]["choices"]:
                    places = r.register.follow(key, 6)[0]
                    regions = [r.register.region(x) for x in places]
                    for a, b in zip(regions, regions[1:]):
                        if a != b:
                            assert f"{a}_to_{b}" in allowed, (r.turn, places)


@pytest.mark.parametrize("title,n,options", [(t, n, None) for t, n in MAPS] + OPTIONED)
def test_whole_game_from_legal_actions_alone(title, n, options):
    game = play(title, n, seed=n, check_each=map_check, options=options)
    assert game.finished and game.game_end_reason in ("turns", "all_out")
    scores = game.result()
    assert scores == expected_scores(game)
    for k, v in (options or {}).items():
        assert game.options[k] == v
    if (options or {}).get("length") == "ten":
        assert game.rules.length == 10
    check(game)


@pytest.mark.parametrize("title,n,options", OPTIONED)
def test_the_map_options_reach_their_scores(title, n, options):
    """Korea's ten rounds are played to round 10 (goods crossing both ways there); New
    Zealand's ferry links are scored as 2 track tiles for some eligible player."""
    seen = {"deliveries_in_10": 0, "ferry_scored": False}

    def watch(game):
        map_check(game)
        r = game.rules
        if game.spec.id == "AoS-Korea" and r.turn == 10 and game.effective[-1]["type"] == \
                "move_good":
            seen["deliveries_in_10"] += 1

    for seed in range(30):
        game = play(title, n, seed, check_each=watch, options=options)
        assert game.result() == expected_scores(game)
        r = game.rules
        if title == "AoS-NewZealand":
            seen["ferry_scored"] |= any(r.map.ferries.get(p) and p not in r.out
                                        for p in r.players)
            if seen["ferry_scored"]:
                break
        elif game.game_end_reason == "turns" and seen["deliveries_in_10"]:
            assert r.turn == 11 and r.length == 10
            break
    assert seen["ferry_scored"] if title == "AoS-NewZealand" else seen["deliveries_in_10"]


@pytest.mark.parametrize("title,n", MAPS)
def test_random_game_by_the_shared_helper(title, n):
    game = Game(title, NAMES[:n], seed=11)
    random_game(game, random.Random(11), check=check)
    assert game.finished
    assert game.result() == expected_scores(game)


def test_some_game_reaches_the_last_turn_with_players_in():
    """The plain random players survive to the end on every map at some seed (New Zealand's
    need a black good on each island over real ferry links: more seeds)."""
    for title, n in MAPS:
        ok = False
        for seed in range(40 if title == "AoS-NewZealand" else 12):
            g = play(title, n, seed)
            if g.game_end_reason == "turns" and len(g.rules.out) < n:
                ok = True
                break
        assert ok, title


games = st.tuples(st.sampled_from(MAPS), st.integers(0, 10 ** 6), st.integers(5, 250))


def prefix_of(title, n, seed, steps):
    game = Game(title, NAMES[:n], seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.finished:
            break
        legal = [e for e in game.legal_actions() if e["type"] not in ("undo", "redo")]
        entry = rng.choice(legal)
        try:
            game.process(random_action(rng, entry, game.players[0]["id"],
                                       pick=lambda *a: keep_small(*a, game=game)))
        except GameError as exc:      # only a correction (cash below zero) or a build (New
            # Zealand: a ferry link from an island, track onto one: its places are chosen
            # one by one) may be refused, for a reason of the game, never for its shape
            assert entry["type"] in ("correction", "build") and not is_shape_error(exc), \
                (exc.code, exc.message)
    return game


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games)
def test_replay_is_deterministic_and_money_is_conserved(params):
    (title, n), seed, steps = params
    game = prefix_of(title, n, seed, steps)
    check(game)
    assert_replays_the_same(game)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games, st.integers(1, 40))
def test_undo_equals_replaying_the_prefix(params, back):
    (title, n), seed, steps = params
    game = prefix_of(title, n, seed, steps)
    back = min(back, len(game.effective))
    for _ in range(back):
        game.process({"type": "undo"})
    prefix = Game(title, NAMES[:n], seed=seed, actions=game.effective)
    assert game.view()["actions"] == len(prefix.effective)
    view, pview = game.view(), prefix.view()
    for v in (view, pview):
        v.pop("can_redo")
    assert view == pview and game.book() == prefix.book()




@pytest.mark.parametrize("title,n", [("AoS-Korea", 4), ("AoS-NewZealand", 2),
                                     ("AoS-Base", 3)])
def test_every_code_shown_or_emitted_has_english_and_korean_words(title, n):
    words, _ = words_of(get(title))
    seen = set()
    game = play(title, n, seed=5, check_each=lambda g: (codes_in(g.book(), seen),
                                                          codes_in(g.legal_actions(), seen),
                                                          codes_in(g.scores(), seen)))
    again = Game(title, NAMES[:n], seed=5)
    spec = get(title)
    for action in game.log:
        line = spec.describe(action, spec.currency)
        english_filled(line)
        codes_in(line, seen)
        for d in line["details"]:
            contract.check_message(d["label"], "step")
            contract.check_value(d["value"], "step")
    for action in game.effective:
        events = again.process(action)
        english_filled(events)
        for e in events:
            seen |= {e["code"]} | ({e["code"] + ".board"} if e.get("board") else set())
    codes_in(get(title).options, seen)
    files = [p for d in SOURCES for p in d.glob("*.py")
             if d.name == "age_of_steam" or p.name.startswith("title_aos")]
    source = "\n".join(p.read_text() for p in files)
    seen |= set(re.findall(r'(?:err|GameError)\(\s*"([a-z_]+)"', source))
    seen |= set(re.findall(r'emit\(\s*"([a-z_]+)"', source))
    if title != "AoS-Korea":
        seen -= {c for c in seen if c.startswith("korea") or c in ("bad_crossing",
                                                                    "crossing_closed")}
    if title != "AoS-NewZealand":
        seen -= {c for c in seen if c.startswith("nz") or c == "bad_island"}
    seen -= {"player_count", "bad_option"}
    missing = sorted(c for c in seen if not {"en", "ko"} <= set(words.get(c, {})))
    assert not missing, missing


@pytest.mark.parametrize("title,n", [("AoS-Korea", 5), ("AoS-NewZealand", 3)])
def test_a_recorded_game_replays_on_the_command_line(title, n, tmp_path):
    game = play(title, n, seed=3)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(game.record()))
    out = subprocess.run([sys.executable, "-m", "engine", "replay", str(path)], cwd=ROOT,
                         capture_output=True, text=True, check=True)
    summary = json.loads(out.stdout.strip().splitlines()[-1])
    assert summary["title"] == title and summary["game_end_reason"] == game.game_end_reason
    assert summary["result"] == {p: s for p, s in game.result().items()}
    listed = subprocess.run([sys.executable, "-m", "engine", "titles"], cwd=ROOT,
                            capture_output=True, text=True, check=True).stdout
    assert f"{title}\t{get(title).name}" in listed.splitlines()
