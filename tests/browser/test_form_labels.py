"""The phone's forms name every choice by its meaning, never by an id standing in for it:
a tile as #57, a rotation as a side, players by name, the IPO and the pool in words — on the
lay-tile, station and correction forms of a real 1888-N operating turn, in English and Korean."""
import json
import random
import re

import pytest

from engine import Game
from tests.bots.core18xx import play
from tests.browser.flows import wait_live

pytestmark = pytest.mark.browser

NAMES = ["Ann", "Bo", "Cy", "Di"]


def operating_record() -> tuple[dict, str]:
    """A 1888-N game played by the test bot to an operating turn that may lay a tile and
    place a station; the record and the seat of the president who acts."""
    # (with the board checked, a station waits for track to reach a city: more steps)
    game, rng = Game("1888-N", NAMES, seed=4), random.Random(4)
    for _ in range(1000):
        kinds = {e["type"] for e in game.legal_actions()}
        if game.rules.round.name == "operating" and {"lay_tile", "place_token"} <= kinds:
            return game.record(), game.view()["acting_players"][0]
        play(game, rng, 1)
    raise AssertionError("the bot never reached an operating turn")


def seated_at_import(page, base, tmp_path, record, seat):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    page.goto(base + "/")
    page.set_input_files("input[name=record]", str(path))
    page.locator("form[action='/import'] button").click()
    page.wait_for_url(re.compile(r"/tables/\w+/invite"))
    page.goto(page.locator("#join-link").get_attribute("href"))
    page.locator(f"button[data-seat='{seat}']").click()
    page.wait_for_url(re.compile(r"/tables/\w+$"))
    wait_live(page)


# every choice a form offers, as the phone shows it: a list's options and the radio buttons
CHOICES = """() => {
  const out = [];
  for (const s of document.querySelectorAll('#live form select')) {
    out.push({name: s.name, type: s.closest('form').dataset.type,
              texts: [...s.options].map(o => o.textContent.trim())});
  }
  for (const r of document.querySelectorAll('#live form input[type=radio]')) {
    out.push({name: r.name, type: r.closest('form').dataset.type,
              texts: [r.closest('label').textContent.trim()]});
  }
  return out;
}"""


@pytest.mark.parametrize("locale", ["en-GB", "ko-KR"])
def test_lay_tile_station_and_correction_forms_label_their_choices(live_server, phone, tmp_path,
                                                                   locale):
    record, seat = operating_record()
    page = phone(locale=locale)
    seated_at_import(page, live_server.url, tmp_path, record, seat)
    selects = page.evaluate(CHOICES)
    by = {}
    for s in selects:
        by.setdefault((s["type"], s["name"]), []).extend(s["texts"])
    tiles = by[("lay_tile", "tile")]
    assert tiles and all(re.fullmatch(r"#\w+", t) for t in tiles), tiles[:8]
    rotations = by[("lay_tile", "rotation")]
    # the rotations the board allows for some hex and tile (each narrowed to the pair chosen)
    assert 1 <= len(rotations) <= 6 and not set(rotations) & set(NAMES)
    assert all(re.fullmatch(r"[A-Z]\d+", h) for h in by[("lay_tile", "hex")])
    assert all(re.fullmatch(r"[A-Z]\d+", h) for h in by[("place_token", "hex")])
    # corrections: players by name, the IPO and the pool in words, no bare seat numbers
    movers = by[("correction", "source")] + by[("correction", "to")]
    assert set(NAMES) <= set(movers)
    assert not {"1", "2", "3", "4", "ipo", "pool"} & set(movers), sorted(set(movers))
    assert ("IPO" in movers) and (("bank pool" in movers) if locale == "en-GB" else
                                  any(re.search("[가-힣]", t) for t in movers))
    # the seat a correction is entered by is this phone's own: never asked
    assert ("correction", "entity") not in by
    # nothing shows an internal word in place of its meaning
    every = [t for texts in by.values() for t in texts]
    assert not [t for t in every if "_" in t or t in ("True", "False")], every[:20]
