"""Every engine event and refusal reads in Korean, from its code and params.

The events are those of real games: the 1888-N record replayed, and 18Korea games of 2
and 4 players played by the test bot through the Korean War to the scores. The refusals
are provoked: hand-made bad steps (bad bids, out of turn, ...) and, at points of those
games, the legal steps spoiled (a value past its range, a choice not offered, the wrong
player). The source check makes sure no code the engine can produce lacks a template.
"""
from __future__ import annotations

import ast
import collections
import json
import re

import pytest

from engine.errors import GameError
from engine.game import Game
from engine.records import loads, replay
from tests.bots.korea18 import Bot
from engine.titles.title_18korea.scenario import new_game
from tests.conftest import ROOT, SHARED

RECORD_1888N = SHARED / "fixtures" / "18xx-games" / "1888-N" / "128097.json"
HANGUL = re.compile("[\uac00-\ud7a3]")

# Codes the engine emits that need no Korean template, each with its reason. Keep this
# short: a code listed here is shown in English on Korean pages.
NO_TEMPLATE: dict[str, str] = {}


# -- gathering what the engine really says ----------------------------------------------
class Said:
    """Engine items (event or error dicts), each with the names and currency of its game."""

    def __init__(self):
        self.items: list[tuple[dict, str, dict]] = []

    def add(self, game, item: dict) -> None:
        names = {p["id"]: p["name"] for p in game.players} if game else {}
        currency = game.spec.currency if game else "$"
        self.items.append((names, currency, item))

    def codes(self) -> set[str]:
        return {item["code"] for _, _, item in self.items}


def spoiled(template: dict, players: list[str]) -> list[dict]:
    """Steps made from a legal template that the rules must refuse."""
    base = {k: v for k, v in template.items()
            if k not in ("params", "anytime") and not isinstance(v, (list, dict))}
    fields = template.get("params", {})
    fair = {n: (s["choices"][0] if s.get("choices") else s["min"]) for n, s in fields.items()
            if s.get("choices") or "min" in s}
    out = [{**base, "entity": "nobody"}]
    others = [p for p in players if p != template.get("entity")]
    if others:
        out.append({**base, **fair, "entity": others[0]})
    for name, spec in fields.items():
        if "max" in spec and "min" in spec:
            step = spec.get("step", 1)
            out += [{**base, **fair, name: spec["max"] + step},
                    {**base, **fair, name: spec["min"] - step},
                    {**base, **fair, name: "x"}]
        elif "choices" in spec:
            out.append({**base, **fair, name: "ZZ9"})
    return out


def provoke(game, refused: Said) -> None:
    """Try spoiled versions of the legal steps; the game is left as it was."""
    players = [p["id"] for p in game.players]
    for template in game.legal_actions():
        if template["type"] in ("undo", "redo"):
            continue
        for action in spoiled(template, players):
            try:
                game.process(action)
            except GameError as err:
                refused.add(game, err.as_dict())
            else:                        # not refused after all: take it back
                game.process({"type": "undo"})


def refuses(refused: Said, game, code: str, call) -> None:
    with pytest.raises(GameError) as info:
        call()
    assert info.value.code == code, info.value
    refused.add(game, info.value.as_dict())


@pytest.fixture(scope="module")
def said():
    events, refused, ends = Said(), Said(), collections.defaultdict(list)

    # 1888-N: the 18xx.games record, replayed step by step to keep every event
    rec = replay(loads(RECORD_1888N.read_text(encoding="utf-8")))
    assert rec.ok and rec.game.finished
    game = Game(rec.game.spec.id, rec.game.players, rec.game.seed, rec.game.options)
    for i, action in enumerate(rec.game.log):
        if i % 60 == 5:
            provoke(game, refused)
        for e in game.process(action):
            events.add(game, e)
        # events to be: the book's train line (what the view's depot carries; the whole
        # view, made at each step only for them, was half this fixture's time)
        for t in game.rules.next_train_triggers():
            events.add(game, t)
    assert game.finished
    refuses(refused, game, "game_over", lambda: game.process({"type": "pass", "entity": "1"}))

    # 18Korea: bot games of 2 and 4 players from the draft to the scores
    for n in (2, 4):
        for seed in range(1, 6):
            game, bot = new_game(n, seed), Bot(seed)
            for i in range(5000):
                if game.finished:
                    break
                if seed == 1 and i % 40 == 3:
                    provoke(game, refused)
                for e in game.process(bot.choose(game)):
                    events.add(game, e)
                for t in game.rules.next_train_triggers().get("triggers", ()):
                    events.add(game, t)
            assert game.finished
            ends[n].append((game.game_end_reason, game.rules.war))
        refuses(refused, game, "game_over", lambda: game.process({"type": "pass", "entity": "1"}))

    # hand-made refusals: the game, records, the 1888-N auction, the 18Korea draft
    refuses(refused, None, "unknown_title", lambda: Game("no-such-title", ["A", "B"]))
    refuses(refused, None, "bad_players", lambda: Game("1888-N", []))
    refuses(refused, None, "bad_players", lambda: Game("1888-N", ["A", " ", "C"]))
    refuses(refused, None, "player_count", lambda: Game("1888-N", ["A"]))
    refuses(refused, None, "bad_seed", lambda: Game("1888-N", ["A", "B", "C"], seed="x"))
    refuses(refused, None, "record_unknown", lambda: replay({"what": "not a record"}))
    refuses(refused, None, "record_not_json", lambda: loads((ROOT / "README.md").read_text()))

    g = Game("1888-N", ["Ann", "Bo", "Cy"], seed=1)
    first = g.rules.acting()[0]
    other = next(p["id"] for p in g.players if p["id"] != first)
    refuses(refused, g, "bad_action", lambda: g.process("bid"))
    refuses(refused, g, "nothing_to_undo", lambda: g.process({"type": "undo"}))
    refuses(refused, g, "nothing_to_redo", lambda: g.process({"type": "redo"}))
    refuses(refused, g, "bad_entity", lambda: g.process({"type": "bid", "company": "TA"}))
    refuses(refused, g, "bad_field",
            lambda: g.process({"type": "bid", "entity": first, "company": 5, "price": 55}))
    refuses(refused, g, "not_your_turn",
            lambda: g.process({"type": "bid", "entity": other, "company": "TA", "price": 55}))
    for price, code in ((50, "bid_too_low"), (5000, "bid_over_cash")):
        refuses(refused, g, code, lambda price=price: g.process(
            {"type": "bid", "entity": first, "company": "TA", "price": price}))
    refuses(refused, g, "not_for_sale",
            lambda: g.process({"type": "bid", "entity": first, "company": "ZZ", "price": 55}))
    refuses(refused, g, "bad_action_now",
            lambda: g.process({"type": "par", "entity": first, "corporation": "ZZ"}))
    refuses(refused, g, "correction_reason",
            lambda: g.process({"type": "correction", "entity": first, "kind": "cash"}))
    refuses(refused, g, "bad_correction", lambda: g.process(
        {"type": "correction", "entity": first, "kind": "zz", "reason": "board says so"}))

    k = new_game(2, 1)
    picker = k.legal_actions()[0]["entity"]
    other = next(p["id"] for p in k.players if p["id"] != picker)
    refuses(refused, k, "out_of_turn",
            lambda: k.process({"type": "draft", "entity": other, "card": "OA01"}))
    refuses(refused, k, "card_unavailable",
            lambda: k.process({"type": "draft", "entity": picker, "card": "ZZ1"}))
    refuses(refused, k, "wrong_round", lambda: k.process({"type": "pass", "entity": picker}))
    refuses(refused, k, "correction_reason",
            lambda: k.process({"type": "correction", "entity": picker, "kind": "cash"}))
    return events, refused, ends


# -- checking the Korean text ---------------------------------------------------------
def not_in_korean(app, items) -> list[str]:
    """What reads wrong on a Korean page: English kept, no Hangul, or a placeholder left."""
    from flask import request
    from companion.present import engine_text
    bad = {}
    with app.test_request_context("/", headers={"Accept-Language": "ko"}):
        from companion import present
        from engine import titles
        from engine.words import words_of
        by_currency = {titles.TITLES[t].currency: words_of(titles.TITLES[t])
                       for t in ("1888-N", "18Korea")}
        for names, currency, item in items:
            request._player_names, request._currency = names, currency
            present.use_table({"players": [{"id": k, "name": v} for k, v in names.items()],
                               "currency": currency}, by_currency.get(currency))
            for key in ("message", "board"):
                english = item.get(key)
                if not english:
                    continue
                text = engine_text(item, key)
                if text == english or not HANGUL.search(text) or "%(" in text:
                    bad.setdefault((item["code"], key), f"{item['code']} {key}: {text!r} "
                                   f"(params {json.dumps(item.get('params'), default=str)})")
    return sorted(bad.values())


def test_games_went_through_the_war_to_the_end(said):
    events, _, ends = said
    for n in (2, 4):
        assert any(war == "done" and reason for reason, war in ends[n]), ends[n]
    assert {"korean_war", "war_revealed", "rust", "export", "game_over", "trains_rusted",
            "train_exported", "phase_changed", "bank_broken"} <= events.codes()
    assert {"next_phase", "next_rust", "next_privates_close", "next_train_limit", "next_era",
            "next_war_card"} <= events.codes()


def test_every_event_of_real_games_reads_in_korean(app, said):
    events, _, _ = said
    assert len(events.codes()) >= 70
    assert not_in_korean(app, events.items) == []


def test_refusals_read_in_korean(app, said):
    _, refused, _ = said
    assert len(refused.codes()) >= 40
    assert not_in_korean(app, refused.items) == []


def test_the_check_fails_when_a_template_is_missing(app, said, monkeypatch, request):
    from engine import words
    from engine.core18xx.words import WORDS
    events, refused, _ = said
    words._merged.cache_clear()                 # the titles' words merged again without them
    request.addfinalizer(words._merged.cache_clear)
    monkeypatch.delitem(WORDS, "bid")
    monkeypatch.delitem(WORDS, "tile_laid.board")
    monkeypatch.delitem(WORDS, "bid_too_low")
    bad = " ".join(not_in_korean(app, events.items + refused.items))
    assert "bid message" in bad and "tile_laid board" in bad and "bid_too_low message" in bad


def test_names_money_and_words_are_filled_in(app):
    from companion import present
    from companion.present import engine_text
    from engine import titles
    from engine.words import words_of
    with app.test_request_context("/", headers={"Accept-Language": "ko"}):
        present.use_table({"players": [{"id": "1", "name": "Ann"}, {"id": "2", "name": "Bo"}],
                           "currency": "¥"}, words_of(titles.TITLES["1888-N"]))
        bid = {"code": "bid", "message": "Ann bids ¥60 for Tai'an.",
               "params": {"player": "1", "company": "TA", "price": 60, "company_name": "Tai'an"}}
        assert engine_text(bid) == "Ann이 Tai'an에 ¥60을 입찰합니다."
        turn = {"code": "not_your_turn", "message": "It is not Bo's turn: Ann acts now.",
                "params": {"entity": "2", "acting": ["1"]}}
        assert engine_text(turn) == "Bo의 차례가 아닙니다. 지금은 Ann의 차례입니다."
    with app.test_request_context("/", headers={"Accept-Language": "ko"}):
        present.use_table({"players": [{"id": "1", "name": "Ann"}, {"id": "2", "name": "Bo"}],
                           "currency": "₩"},
                          words_of(titles.TITLES["18Korea"]))
        pick = {"code": "out_of_turn", "message": "It is Ann's pick in the draft.",
                "params": {"acting": "1"}}
        assert engine_text(pick) == "차례가 아닙니다. 지금은 Ann의 차례입니다."
        last = {"code": "stock_round", "message": "Stock round begins; Bo acts first. This is "
                "the last stock round: no new companies may be started.",
                "params": {"order": ["2", "1"], "last": True}}
        assert engine_text(last) == ("주식 라운드가 시작됩니다. 순서: Bo, Ann. "
                                     "마지막 주식 라운드입니다. 새 회사를 세울 수 없습니다.")
        last["params"]["last"] = False
        assert engine_text(last) == "주식 라운드가 시작됩니다. 순서: Bo, Ann."
        era = {"code": "era", "message": "Green era: ...", "board": "Put the green era card ...",
               "params": {"era": "green"}}
        assert engine_text(era) == "초록 시대가 시작됩니다."
        refused = {"code": "era_tiles", "message": "Brown tiles are not available in the green "
                   "era.", "params": {"era": "green"}}
        assert engine_text(refused) == "초록 시대에는 그 타일을 쓸 수 없습니다."
        over = {"code": "game_over", "message": "Game over (bank): ...",
                "params": {"reason": "price_460", "scores": {}}}
        assert engine_text(over) == "게임 종료 (주가 460 도달): 점수는 장부에 있습니다."


# -- every code in the engine's source has a template ---------------------------------------
ENGINE_DIR = ROOT / "engine"
CODE = r'"([a-z][a-z0-9_]*)"'
RAISED = re.compile(r'\b(?:GameError|err)\(\s*' + CODE
                    + r'(?:\s+if\s+[^\n]*?\s+else\s+' + CODE + r')?')   # also `"a" if .. else "b"`
EMITTED = re.compile(r'\b(?:emit|Event)\(\s*' + CODE + r'|\bev\(\s*\w+\s*,\s*' + CODE)


def codes_in_source(pattern: re.Pattern) -> set[str]:
    found = set()
    for path in ENGINE_DIR.rglob("*.py"):
        for match in pattern.finditer(path.read_text(encoding="utf-8")):
            found.update(g for g in match.groups() if g)
    return found


def words_with_korean() -> set[str]:
    """Codes the titles' own words (engine.words: words.py modules) give in Korean."""
    from engine import titles
    from engine.words import words_of
    return {code for tid in list(titles.TITLES) for code, w in words_of(titles.TITLES[tid])[0].items()
            if w.get("ko")}


def test_every_code_in_the_engine_source_has_a_template():
    raised, emitted = codes_in_source(RAISED), codes_in_source(EMITTED)
    assert len(raised) >= 190 and len(emitted) >= 80     # the patterns still find them
    assert "not_north_city" in raised and "korean_war" in emitted
    worded = words_with_korean()                         # words in a family's or title's words
    missing = sorted(c for c in raised | emitted if c not in NO_TEMPLATE and c not in worded)
    assert missing == []


def test_every_board_text_in_the_engine_source_has_a_template():
    """Events that carry a board text (the third argument of emit/Event, the fourth of ev)."""
    worded = words_with_korean()
    with_board = set()
    for path in ENGINE_DIR.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "attr", None) or getattr(node.func, "id", None)
            args = node.args[1:] if name == "ev" else node.args
            if name not in ("emit", "Event", "ev") or len(args) < 3:
                continue
            code, board = args[0], args[2]
            if isinstance(code, ast.Constant) and not (
                    isinstance(board, ast.Constant) and not board.value):
                with_board.add(code.value)
    assert len(with_board) >= 40
    assert sorted(c for c in with_board - set(NO_TEMPLATE) if f"{c}.board" not in worded) == []


def test_every_template_has_its_korean_with_the_same_placeholders():
    """Every family's and title's words: Korean for each English alternative, using no
    placeholder the English lacks (it may leave one out), and Hangul in every sentence."""
    from engine import titles
    from engine.words import words_of
    placeholder = re.compile(r"%\(\w+\)s")
    bad = []
    for tid in list(titles.TITLES):
        for code, w in words_of(titles.TITLES[tid])[0].items():
            en, ko = w.get("en"), w.get("ko")
            ens = en if isinstance(en, (tuple, list)) else (en,)
            kos = ko if isinstance(ko, (tuple, list)) else (ko,)
            if ko is None or len(ens) != len(kos):
                bad.append(f"{tid} {code}: {len(ens)} English, {0 if ko is None else len(kos)} Korean")
                continue
            for e, k in zip(ens, kos):
                sentence = len(re.findall(r"[A-Za-z]{3,}", placeholder.sub("", e))) >= 3
                if not set(placeholder.findall(k)) <= set(placeholder.findall(e)) or (
                        sentence and not HANGUL.search(k)):
                    bad.append(f"{tid} {code}: {e!r} -> {k!r}")
    assert bad == []
