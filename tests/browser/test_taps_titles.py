"""Taps per typical step of the titles besides 1888-N (README's table, issue 25), counted on
the table page as a player enters it, the same way as ``test_taps`` counts 1888-N's.

Each title's game is played in the engine (at random through its legal entries; Age of
Steam by the table bot of ``tests.aos_table_bot``) up to the first point where the step is
offered; that game is imported, a phone takes the acting player's seat and enters the step
through the form the page shows: a tap opens a closed panel, picks a choice, changes a list
or types a number (plus its digits), then the button; a confirmation asked is one tap more.
A field already showing the step's value costs nothing. The step must be accepted. The
counts are written to tests/artifacts/taps_titles.md and must not exceed today's (the counts of
the code that first counted them; an Age of Steam delivery: the typed form's, issue 27).
"""
import random

import pytest

from engine import Game, titles
from engine.errors import GameError
from tests.aos_table_bot import decide
from tests.browser.conftest import ARTIFACTS, PHONE
from tests.browser.flows import take_seat
from tests.browser.test_taps import cut_and_import, enter, submit, the_form
from tests.contract_play import random_action

pytestmark = [pytest.mark.browser, pytest.mark.slow]

NAMES = ("Ann", "Bo", "Cy", "Dee")
MAX_STEPS = 600


def legal_steps(game) -> list[dict]:
    return [e for e in game.legal_actions()
            if e["type"] not in ("undo", "redo", "correction") and not e.get("anytime")]


def played_until(title: str, players: int, seed: int, wanted):
    """The game of ``title`` played from the start until a legal entry passes ``wanted``:
    (the game, that entry)."""
    game = Game(title, [{"id": str(i + 1), "name": n} for i, n in enumerate(NAMES[:players])],
                seed=seed)
    rng = random.Random(seed)
    for _ in range(MAX_STEPS):
        legal = legal_steps(game)
        hit = next((e for e in legal if wanted(e)), None)
        if hit is not None:
            return game, hit
        if title.startswith("AoS-"):
            kind, fields = decide(game)
            game.process({"type": kind, "entity": game.rules.current(), **fields})
            continue
        for _try in range(40):
            entry = rng.choice(legal)
            acting = (game.view().get("acting_players") or [None])[0]
            try:
                game.process(random_action(rng, entry, acting))
                break
            except GameError:
                continue
    raise AssertionError(f"{title}: the step never came in {MAX_STEPS} steps")


def draft_pick(entry, game):
    """A card from the middle of the draft's list (not the one the list starts on)."""
    cards = entry["params"]["card"]["choices"]
    return {"card": cards[len(cards) // 2]}


def run_with_goods(entry, game):
    """Each train's revenue (¥60 a train) and one goods delivery."""
    return {"revenues": [60] * len(entry["params"]["revenues"]["items"]), "goods": 1}


def action_card(entry, game):
    """The second card, for its trains effect."""
    return {"card": entry["params"]["card"]["choices"][1], "effect": "trains"}


def delivery(entry, game):
    """The table bot's delivery (over the chain that pays the shipper most), of a yellow
    good: not the colour the form starts on."""
    return {**decide(game)[1], "colour": "yellow"}


def fields_of(fields: dict) -> dict:
    """The form's fields for the step (a list param: one field per item, ``name.i``)."""
    out = {}
    for name, value in fields.items():
        if isinstance(value, list):
            out.update({f"{name}.{i}": v for i, v in enumerate(value)})
        else:
            out[name] = value
    return out


# (the step, title, players, seed, the entry wanted, the step's fields, taps today, what
# "today" is)
STEPS = [
    ("18Korea: a draft pick", "18Korea", 3, 4, lambda e: e["type"] == "draft", draft_pick,
     2, "2"),
    ("1899 DAIHAN: a run with goods", "1899-DAIHAN", 3, 1,
     lambda e: e["type"] == "run_trains" and "goods" in (e.get("params") or {}),
     run_with_goods, 3, "3 + digits"),
    ("18 Lilliput: an action card", "18Lilliput", 2, 3, lambda e: e["type"] == "take_card",
     action_card, 3, "3"),
    ("Age of Steam: a delivery", "AoS-Korea", 4, 2, lambda e: e["type"] == "move_good",
     delivery, 2, "2 (the typed form, issue 27)"),
]


@pytest.fixture(scope="module")
def counted(live_server, browser, tmp_path_factory):
    tmp_path = tmp_path_factory.mktemp("taps-titles")
    rows = []
    for label, title, players, seed, wanted, values, today, today_text in STEPS:
        if title not in titles.TITLES:
            continue
        game, entry = played_until(title, players, seed, wanted)
        step = {k: v for k, v in entry.items() if k in ("type", "entity")}
        step.update({k: v for k, v in entry.items() if k not in (
            "params", "label", "show", "anytime", "about", "warn")})
        step.update(values(entry, game))
        rec = dict(game.record(), actions=list(game.log) + [step])
        ctx = browser.new_context(locale="en-GB", **PHONE)
        ctx.set_default_timeout(15000)
        ctx.add_init_script("window.liveGuardMs = 0;")
        page = ctx.new_page()
        join, acting, _ = cut_and_import(page, live_server.url, tmp_path, rec, len(game.log))
        take_seat(page, join, acting)
        form = the_form(page, step)
        did = enter(page, form, fields_of(values(entry, game)))
        submit(page, form, did)
        rows.append((label, did, today, today_text))
        ctx.close()
    lines = ["| step | taps (clicks + field entries) | what | today |",
             "| --- | --- | --- | --- |"]
    for label, did, _, today_text in rows:
        total = did["taps"] + did["entries"]
        lines.append(f"| {label} | {total}{' + digits' if did['digits'] else ''} "
                     f"| {', '.join(did['what'])} | {today_text} |")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    (ARTIFACTS / "taps_titles.md").write_text("\n".join(lines) + "\n")
    print("\n".join(lines))
    return rows


def test_each_titles_typical_step_is_entered_and_counted(counted):
    assert [label for label, *_ in counted] == [s[0] for s in STEPS if s[1] in titles.TITLES]
    assert all(did["taps"] >= 1 for _, did, _, _ in counted)


def test_no_titles_typical_step_takes_more_taps_than_today(counted):
    over = [(label, did["taps"] + did["entries"], today) for label, did, today, _ in counted
            if did["taps"] + did["entries"] > today]
    assert over == []
