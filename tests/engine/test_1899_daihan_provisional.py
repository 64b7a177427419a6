"""1899 DAIHAN's provisional values the table sets and corrects (issue 13: "a value found
nowhere is provisional in the title's data, says so in the book, and the table can correct
it in play"): the company names, the 3-trains' rust, the operating rounds per phase and the
D bump — each a set-up option, each correctable in play, each shown in the book as
provisional or as the table's value; bad values refused with the state unchanged; a game
with them replays from its record."""
import json

import pytest

from engine import Game, records
from engine.titles import TITLES
from engine.titles.title_1899_daihan import data as D
from engine.words import words_of
from tests.contract_play import codes_in
from tests.engine.helpers_1899_daihan import (NAMES, TITLE, act, drain, end_sr, fix,
                                              float_corp, give_train, new, next_turn,
                                              refused, spread_auction, step)


def started(**options):
    """A 4-player game at its first operating round with DR floated (par 70) and Kyeongin's
    run entered, played with ``options``."""
    g = new(4, 1, **options)
    spread_auction(g)
    pres = g.rules.order[0]
    fix(g, "cash", target=pres, amount=700)
    float_corp(g, pres, "DR", 70)
    end_sr(g)
    if g.rules.round.kyeongin_owner:
        act(g, "kyeongin_run", revenue=40)
    return g


def fix_refused(g, kind, **fields):
    return refused(g, "correction", g.players[0]["id"], kind=kind, reason="box", **fields)


def now_item(g, key):
    """The book's item for a provisional value now: (value, note code)."""
    section = next(s for s in g.book() if s["id"] == "provisional")
    item = next(i for i in section["items"] if i["label"]["code"] == f"book.now.{key}")
    return item["value"], item["value"]["note"]


def forms(g):
    return {e["kind"]: e for e in g.legal_actions() if e["type"] == "correction"}


def at_trains(g, corp="DR"):
    if g.rules.corps[corp]["trains"]:
        act(g, "run_trains", revenues=[0] * len(g.rules.corps[corp]["trains"]))


# -- set-up ---------------------------------------------------------------------------------
def test_the_four_values_are_set_up_options_with_provisional_defaults():
    spec = TITLES[TITLE]
    opts = spec.options
    assert opts["corporation_names"]["kind"] == "text"
    assert opts["three_train_rust"]["kind"] == "choice"
    assert opts["three_train_rust"]["choices"] == ["4", "5", "6", "D"]
    assert opts["three_train_rust"]["default"] == "5"
    assert opts["ors_per_phase"]["default"] == "1,2,2,3,3,3"
    assert opts["d_bump"]["default"] == "1,2,3"
    g = new(3)
    assert g.options["three_train_rust"] == "5" and g.options["d_bump"] == "1,2,3"
    assert g.rules.provisional_now() == {
        "corporation_names": {c["sym"]: c["name"] for c in D.CORPORATIONS},
        "three_train_rust": "5",
        "ors_per_phase": {"2": 1, "3": 2, "4": 2, "5": 3, "6": 3, "D": 3},
        "d_bump": {"1": 1, "2": 2, "3": 3}}
    for key in ("corporation_names", "three_train_rust", "ors_per_phase", "d_bump"):
        assert now_item(g, key)[1]["code"] == "book.provisional"
    # the words the set-up page shows, in both languages
    words, _ = words_of(spec)
    for name in ("corporation_names", "three_train_rust", "ors_per_phase", "d_bump"):
        p = opts[name]
        codes = [p["label"]["code"]] + [p[k]["code"] for k in ("note", "rule") if k in p]
        codes += [m["code"] for m in (p.get("labels") or {}).values()]
        for code in codes:
            assert {"en", "ko"} <= set(words.get(code, {})), code


def test_the_set_up_page_shows_the_new_options(client):
    html = client.get("/new?title=1899-DAIHAN").get_data(as_text=True)
    for name in ("corporation_names", "three_train_rust", "ors_per_phase", "d_bump"):
        assert f'name="option.{name}"' in html, name
    assert "Operating rounds per set in phases 2, 3, 4, 5, 6, D" in html
    assert "when phase 4 begins" in html and "phase 2: 1, phase 3: 2, phase 4: 2" in html
    client.set_cookie("lang", "ko")
    html = client.get("/new?title=1899-DAIHAN").get_data(as_text=True)
    assert "3열차 폐차" in html and "4페이즈가 시작될 때" in html


def test_company_names_at_set_up_show_in_the_book_as_the_tables():
    g = new(3, corporation_names="DR=Korean Imperial Railway, RR=Russian Railway")
    assert g.rules.corporation_name("DR") == "Korean Imperial Railway"
    assert g.rules.corporation_name("GR") == "Gyeongbu Railway"
    value, note = now_item(g, "corporation_names")
    assert {"t": "company", "v": "DR", "name": "Korean Imperial Railway"} in value["v"]
    assert note["code"] == "book.table_value"
    assert "DR Daihan Railway" in note["params"]["default"]
    assert new(3).rules.corporation_name("DR") == "Daihan Railway"   # others keep theirs


@pytest.mark.parametrize("options", [
    {"corporation_names": "XX=Seoul Railway"}, {"corporation_names": "DR="},
    {"corporation_names": "DR=A, DR=B"}, {"corporation_names": "GR=Daihan Railway"},
    {"corporation_names": "DR=" + "x" * 41},
    {"three_train_rust": "3"}, {"three_train_rust": "2"}, {"three_train_rust": 5},
    {"ors_per_phase": "1,2"}, {"ors_per_phase": "0,1,1,1,1,1"},
    {"ors_per_phase": "1,2,2,3,3,5"}, {"ors_per_phase": "a,b,c,d,e,f"},
    {"d_bump": "4"}, {"d_bump": "0,1,2"}, {"d_bump": "1,2,3,1,2"}, {"d_bump": "1;2"},
])
def test_bad_set_up_values_are_refused(options):
    with pytest.raises(Exception) as err:
        new(3, **options)
    assert getattr(err.value, "code", "") == "bad_option"


def test_three_train_rust_at_set_up_rusts_the_3s_with_the_first_4():
    g = started(three_train_rust="4")
    fix(g, "cash", target="DR", amount=3000)
    drain(g, "GR", "2")
    drain(g, "GR", "3", leave=1)
    give_train(g, "DR")                                        # DR: a 3
    fix(g, "phase", phase="3")
    at_trains(g)
    events = act(g, "buy_train", train="4-0", price=300)
    rust = [e for e in events if e["code"] == "trains_rusted"][0]["params"]
    assert rust["types"] == ["3"] and [t[0] for t in g.rules.corps["DR"]["trains"]] == ["4"]


def test_ors_per_phase_at_set_up_counts_from_the_first_set():
    g = started(ors_per_phase="2,2,2,3,3,3")
    assert g.rules.round.total == 2 and g.rules.phase["operating_rounds"] == 2
    assert started().rules.round.total == 1


def _phase6(g):
    fix(g, "cash", target="DR", amount=3000)
    for kind in "2345":
        drain(g, "GR", kind)
    drain(g, "GR", "6", leave=1)
    fix(g, "phase", phase="6")
    at_trains(g)
    act(g, "buy_train", train="6-1", price=630)
    next_turn(g, "DR")                                 # OR 1 of the next set
    at_trains(g)
    assert g.rules.round.round_num == 1


def test_the_d_bump_at_set_up_moves_the_tables_spaces():
    g = started(d_bump="2,3,3")
    _phase6(g)
    old = g.rules.market.pos["DR"]
    events = act(g, "buy_train", train="D-0", price=1100)
    assert [e for e in events if e["code"] == "d_bump"][0]["params"]["spaces"] == 2
    assert g.rules.market.pos["DR"] == (old[0], old[1] + 2)


# -- corrections in play ----------------------------------------------------------------------
def test_every_seat_may_correct_the_four_values():
    g = started()
    got = forms(g)
    for kind in ("corporation_name", "three_train_rust", "ors_per_phase", "d_bump"):
        assert got[kind]["params"]["entity"]["fill"] == "seat"
        assert got[kind]["label"]["code"] == f"act.correction.{kind}"
    assert got["three_train_rust"]["params"]["phase"]["choices"] == ["4", "5", "6", "D"]


def test_a_company_name_is_corrected_in_play_and_the_book_shows_it():
    g = started()
    events = fix(g, "corporation_name", corporation="DR", name="  Korean   Imperial Railway ")
    assert events[-1]["code"] == "correction"
    assert events[-1]["params"]["kind"] == "corporation_name"
    assert g.rules.corporation_name("DR") == "Korean Imperial Railway"
    value, note = now_item(g, "corporation_names")
    assert {"t": "company", "v": "DR", "name": "Korean Imperial Railway"} in value["v"]
    assert note["code"] == "book.table_value"
    assert g.view()["provisional_now"]["corporation_names"]["DR"] == "Korean Imperial Railway"
    assert fix_refused(g, "corporation_name", corporation="GR",
                       name="korean imperial railway").code == "name_taken"
    assert fix_refused(g, "corporation_name", corporation="GR", name=" ").code == \
        "param_blank"
    assert fix_refused(g, "corporation_name", corporation="GR", name="x" * 41).code == \
        "param_text"
    assert fix_refused(g, "corporation_name", corporation="XX", name="Seoul").code == \
        "bad_correction"
    assert fix_refused(g, "corporation_name", corporation="GR", name=7).code == \
        "param_text"


def test_the_3s_rust_is_corrected_before_its_phase_begins():
    g = started()
    fix(g, "cash", target="DR", amount=3000)
    drain(g, "GR", "2")
    drain(g, "GR", "3", leave=1)
    give_train(g, "DR")                                        # DR: a 3
    fix(g, "phase", phase="3")
    fix(g, "three_train_rust", phase="6")
    assert g.rules.three_train_rust() == "6"
    value, note = now_item(g, "three_train_rust")
    assert value["v"]["params"]["phase"] == "6" and note["params"]["default"] == "5"
    fix(g, "three_train_rust", phase="4")                      # 6 has not begun: again
    at_trains(g)
    triggers = g.view()["depot"]["triggers"]
    assert {"code": "next_rust", "message": "3-trains rust", "params": {"types": ["3"]}} \
        in triggers                                            # the book warns of it
    events = act(g, "buy_train", train="4-0", price=300)
    rust = [e for e in events if e["code"] == "trains_rusted"][0]["params"]
    assert rust["types"] == ["3"] and [t[0] for t in g.rules.corps["DR"]["trains"]] == ["4"]
    # the 3s have rusted: too late to correct
    assert "three_train_rust" not in forms(g)
    assert fix_refused(g, "three_train_rust", phase="5").code == "rust_phase_begun"


def test_the_3s_rust_cannot_move_to_a_phase_that_has_begun():
    g = started()
    drain(g, "GR", "2")
    drain(g, "GR", "3")
    fix(g, "phase", phase="4")
    assert forms(g)["three_train_rust"]["params"]["phase"]["choices"] == ["5", "6", "D"]
    assert fix_refused(g, "three_train_rust", phase="4").code == "rust_phase_begun"
    assert fix_refused(g, "three_train_rust", phase="3").code == "bad_correction"
    assert fix_refused(g, "three_train_rust", phase="X").code == "bad_correction"
    fix(g, "phase", phase="5")                                 # 5 (the 3s' rust) has begun
    assert "three_train_rust" not in forms(g)
    assert fix_refused(g, "three_train_rust", phase="6").code == "rust_phase_begun"


def test_3s_corrected_to_rust_at_6_survive_the_first_5():
    g = started()
    fix(g, "cash", target="DR", amount=3000)
    for kind in "234":
        drain(g, "GR", kind, leave=1 if kind == "3" else 0)
        if kind == "3":
            give_train(g, "DR")             # DR: a 3
    fix(g, "phase", phase="4")
    fix(g, "three_train_rust", phase="6")
    at_trains(g)
    events = act(g, "buy_train", train="5-0", price=450)
    assert g.rules.phase["name"] == "5"
    assert "trains_rusted" not in [e["code"] for e in events]
    assert sorted(t[0] for t in g.rules.corps["DR"]["trains"]) == ["3", "5"]


def test_ors_per_phase_are_corrected_for_the_next_set():
    g = started()
    assert g.rules.round.total == 1
    fix(g, "ors_per_phase", phase="2", count=3)
    assert g.rules.round.total == 1                           # this set keeps its number
    value, note = now_item(g, "ors_per_phase")
    assert value["v"][0]["v"]["params"] == {"phase": "2", "count": 3}
    assert note["params"]["default"] == "1/2/2/3/3/3"
    assert forms(g)["ors_per_phase"]["params"]["count"]["default"] == 3
    next_turn(g, "DR")                                        # the next set: three ORs
    assert g.rules.round.round_num == 1 and g.rules.round.total == 3
    for bad in ({"phase": "2", "count": 0}, {"phase": "2", "count": 5},
                {"phase": "7", "count": 2}, {"phase": "2", "count": "2"},
                {"phase": "2", "count": True}):
        shape = not isinstance(bad["count"], int) or isinstance(bad["count"], bool)
        assert fix_refused(g, "ors_per_phase", **bad).code == \
            ("param_not_whole" if shape else "bad_correction")


def test_a_corrected_phase_announces_its_ors():
    g = started()
    fix(g, "cash", target="DR", amount=3000)
    fix(g, "ors_per_phase", phase="3", count=1)
    drain(g, "GR", "2")
    at_trains(g)
    events = act(g, "buy_train", train="3-0", price=180)
    changed = [e for e in events if e["code"] == "phase_changed"][0]["params"]
    assert changed["operating_rounds"] == 1
    next_turn(g, "DR")
    assert g.rules.round.total == 1


@pytest.mark.parametrize("or_num,spaces", [(1, 3), (2, 1)])
def test_the_d_bump_is_corrected_in_play(or_num, spaces):
    g = started()
    fix(g, "d_bump", operating_round=or_num, spaces=spaces)
    assert g.rules.d_bump_spaces(or_num) == spaces
    value, note = now_item(g, "d_bump")
    assert value["v"][or_num - 1]["v"]["params"]["spaces"] == spaces
    assert note["code"] == "book.table_value"
    _phase6(g)
    while g.rules.round.round_num < or_num:
        next_turn(g, "DR")
        at_trains(g)
    old = g.rules.market.pos["DR"]
    events = act(g, "buy_train", train="D-0", price=1100)
    assert [e for e in events if e["code"] == "d_bump"][0]["params"]["spaces"] == spaces
    assert g.rules.market.pos["DR"] == (old[0], old[1] + spaces)


def test_a_d_bump_for_a_fourth_or_keeps_the_ors_between():
    g = started()
    fix(g, "d_bump", operating_round=4, spaces=1)
    assert [g.rules.d_bump_spaces(n) for n in (1, 2, 3, 4, 5)] == [1, 2, 3, 1, 1]
    for bad in ({"operating_round": 0, "spaces": 1}, {"operating_round": 5, "spaces": 1},
                {"operating_round": 1, "spaces": 0}, {"operating_round": 1, "spaces": 4},
                {"operating_round": "1", "spaces": 2}):
        shape = isinstance(bad["operating_round"], str)
        assert fix_refused(g, "d_bump", **bad).code == \
            ("param_not_whole" if shape else "bad_correction")


def test_a_correction_needs_a_reason_and_a_seat():
    g = started()
    err = refused(g, "correction", g.players[0]["id"], kind="d_bump", operating_round=1,
                  spaces=3)
    assert err.code == "correction_reason"
    err = refused(g, "correction", "DR", kind="ors_per_phase", phase="2", count=2,
                  reason="box")
    assert err.code == "bad_entity"
    assert fix_refused(g, "no_such_kind").code == "bad_correction"


# -- replay -------------------------------------------------------------------------------------
def test_a_game_with_the_tables_values_replays_identically_from_its_record():
    g = started(corporation_names="GR=Gyeongbu Line", three_train_rust="6",
                ors_per_phase="1,2,3,3,3,3", d_bump="1,1,2")
    fix(g, "corporation_name", corporation="DR", name="Korean Imperial Railway")
    fix(g, "three_train_rust", phase="D")
    fix(g, "ors_per_phase", phase="2", count=2)
    fix(g, "d_bump", operating_round=3, spaces=3)
    for _ in range(12):
        step(g)
    record = records.loads(json.dumps(g.record(), ensure_ascii=False))
    again = records.replay(record).game
    assert again.options == g.options
    assert again.view() == g.view() and again.book() == g.book()
    assert again.legal_actions() == g.legal_actions()
    now = again.rules.provisional_now()
    assert now["corporation_names"]["DR"] == "Korean Imperial Railway"
    assert now["corporation_names"]["GR"] == "Gyeongbu Line"
    assert now["three_train_rust"] == "D"
    assert now["ors_per_phase"]["2"] == 2 and now["ors_per_phase"]["4"] == 3
    assert now["d_bump"] == {"1": 1, "2": 1, "3": 3}
    undone = Game(TITLE, g.players, seed=g.seed, options=g.options, actions=g.log[:-12])
    assert undone.rules.provisional_now() == now               # the corrections, not play


def test_the_title_refuses_a_bad_rust_phase_even_without_the_option_check():
    players = [{"id": str(i), "name": n} for i, n in enumerate(NAMES[:3], 1)]
    with pytest.raises(Exception) as err:
        TITLES[TITLE].create(players, 1, {"three_train_rust": "2"})
    assert getattr(err.value, "code", "") == "bad_option"
    assert TITLES[TITLE].create(players, 1, {"three_train_rust": "D"}).three_train_rust() == "D"


def test_the_new_words_are_english_and_korean_with_the_same_blanks():
    import re
    from engine.titles.title_1899_daihan import words_provisional as W
    words, _ = words_of(TITLES[TITLE])
    for code, by in W.WORDS.items():
        assert by.get("en") and by.get("ko"), code
        assert sorted(re.findall(r"%\((\w+)\)s", by["en"])) == \
            sorted(re.findall(r"%\((\w+)\)s", by["ko"])), code
        assert words[code] == by, code                # merged after the title's words
    g = started()
    fix(g, "ors_per_phase", phase="2", count=2)
    shown = codes_in(g.book())
    codes_in(g.legal_actions(), shown)
    assert {"book.now.d_bump", "book.table_value", "act.correction.d_bump",
            "param.spaces"} <= shown
    assert not [c for c in shown if "ko" not in words.get(c, {})]
