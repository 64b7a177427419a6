"""Whole Age of Steam games through the phone pages on the register of links: New Zealand in
English and Korea in Korean, every step posted through the rendered form it belongs to (the
values a table enters: a build's link and the place it reaches, a delivery's chain chosen
from the chains offered). The test keeps its own account from what was entered (each link's
owner, each delivery's chain) and checks the engine's: the income to each owner, Korea's
crossings by round, New Zealand's island discs, the history's words and the final scores."""
import html as H
import json
import re

import pytest

from engine import Game
from tests.aos_table_bot import decide
from tests.companion.test_aos_pages import filled, form_of
from tests.companion.test_pages import seated
from tests.engine.test_aos_links import taps_before, taps_now

ALLOWED = {1: {"south_to_north"}, 2: {"north_to_south"}, 0: set()}      # Korea, by round % 3


def game_of(client, code) -> Game:
    record = client.get(f"/tables/{code}/export.json").get_json()
    game = Game(record["title"], record["players"], record.get("seed", 0), record.get("options"))
    for action in record["actions"]:
        game.process(action, checked=False)
    return game


def shown(form: str, v) -> str:
    """A value as the form posts it: an offered choice as its option's value (JSON), a
    number or a typed name as text."""
    if isinstance(v, str) and f'value="{json.dumps(v, ensure_ascii=False)}"' in H.unescape(form):
        return json.dumps(v, ensure_ascii=False)
    return str(v)


def post(client, code, kind, fields):
    html = client.get(f"/tables/{code}").get_data(as_text=True)
    form = form_of(html, kind)
    assert form is not None, (kind, re.findall(r'data-type="(\w+)"', html))
    data = filled(form, **{k: shown(form, v) for k, v in fields.items()})
    r = client.post(f"/tables/{code}/act", data={**data, "confirm": "1"})
    assert r.status_code == 303, (kind, fields, r.get_data(as_text=True)[-800:])
    return form


def play(client, title, players, lang):
    client.set_cookie("lang", lang)
    code, _, _ = seated(client, players=players, title=title)
    owners = {}                     # link id -> owner, from the builds entered
    deliveries = crossings = 0
    taps = {"now": 0, "before": 0}  # the deliveries' taps, through this form and the old one
    for _ in range(1500):
        game = game_of(client, code)
        if game.finished:
            break
        r, reg = game.rules, game.rules.register
        kind, fields = decide(game)
        p = r.current()
        if kind == "build":
            lid = int(fields["link"][1:]) if fields["link"].startswith("#") else reg.next_id
            owners[lid] = p
        expected = dict(r.income)
        if kind == "move_good":
            entry = next(e for e in game.legal_actions() if e["type"] == "move_good")
            now, before = taps_now(entry, fields), taps_before(game, p, fields)
            taps["now"] += now
            taps["before"] += before
            if fields["route"] == entry["params"]["route"]["default"]:
                assert now <= before                # the chain shown first: never more taps
            places, links = reg.follow(fields["route"], r.loco[p])
            for k in links:
                assert k["owner"] == owners[k["id"]] or k["owner"] is None
                if k["owner"]:
                    expected[k["owner"]] += 1
            if title == "AoS-Korea":
                way = {(a, b) for a, b in zip(places, places[1:])
                       if reg.region(a) != reg.region(b)}
                for a, b in way:
                    assert f"{reg.region(a)}_to_{reg.region(b)}" in (
                        {"south_to_north", "north_to_south"} if r.turn == 10
                        else ALLOWED[r.turn % 3]), (r.turn, places)
                crossings += bool(way)
        form = post(client, code, kind, fields)
        if kind == "move_good":
            deliveries += 1
            after = game_of(client, code).rules
            if after.phase == "move":          # one income per link's owner
                assert after.income == expected
            else:                              # the turn ended: the income it paid out
                assert {a["player"]: a["income"] for a in after.accounts} == \
                    {q: expected[q] for q in r.active()}
            if title == "AoS-Korea" and r.turn % 3 == 0 and r.turn < 10:
                assert "개성 → 서울" not in form and "서울 → 개성" not in form   # closed
    game = game_of(client, code)
    assert game.finished
    print(f"{title}: {deliveries} deliveries, taps {taps['now']} now, {taps['before']} before")
    assert taps["now"] <= taps["before"]
    return code, game, deliveries, crossings


def check_end(client, code, game, lang):
    r = game.rules
    history = client.get(f"/tables/{code}/history").get_data(as_text=True)
    said = "Income:" if lang == "en" else "수입:"
    moved = sum(1 for a in game.effective if a["type"] == "move_good")
    assert history.count(said) == moved and " → " in history
    scores = client.get(f"/tables/{code}/scores").get_data(as_text=True)
    for p in r.players:
        if p in r.out:
            assert game.result()[p] == 0
            continue
        track = sum(k["tiles"] for k in r.register.links.values() if k["owner"] == p and k["b"])
        ferry = 6 * r.map.ferries.get(p, 0) if game.spec.id == "AoS-NewZealand" else 0
        total = 3 * r.income[p] - 3 * r.shares[p] + track + ferry
        assert game.result()[p] == total and str(total) in scores


def test_new_zealand_through_the_pages_with_chains_of_links(client):
    code, game, deliveries, _ = play(client, "AoS-NewZealand", ("Ann", "Bo"), "en")
    r = game.rules
    assert deliveries > 20 and not r.out                  # both shipped to all five islands
    assert all(sorted(r.map.discs[p]) == ["1", "2", "3", "4", "5"] for p in r.players)
    assert len([k for k in r.register.links.values() if k["ferry"]]) == 5
    check_end(client, code, game, "en")


def test_korea_through_the_pages_with_chains_of_links(client):
    code, game, deliveries, crossings = play(client, "AoS-Korea", ("Ann", "Bo", "Cy", "Di"),
                                             "ko")
    r = game.rules
    assert deliveries > 20 and crossings > 0
    assert r.register.region("서울") == "south" and r.register.region("개성") == "north"
    check_end(client, code, game, "ko")


def test_a_link_and_a_place_corrected_through_the_pages_are_audited(client):
    """The register's corrections are forms like the others: a link's owner and tiles, a
    place's name; each marked as a correction in the history with its reason."""
    code, _, _ = seated(client, players=("Ann", "Bo"), title="AoS-NewZealand")
    game = game_of(client, code)
    while game.rules.phase != "build":
        post(client, code, *decide(game))
        game = game_of(client, code)
    post(client, code, "build", {"kind": "plain", "link": "Auckland", "reaches": "Hamilton"})
    for kind, given in (("link_owner", {"link": '"#1"', "owner": '"2"'}),
                        ("link_tiles", {"link": '"#1"', "tiles": "2"}),
                        ("place_name", {"place": '"Hamilton"', "name": "Kirikiriroa"})):
        html = client.get(f"/tables/{code}").get_data(as_text=True)
        forms = re.findall(r'<form[^>]*data-type="correction".*?</form>', html, re.S)
        form = next(f for f in forms if f'name="{next(iter(given))}"' in f and
                    f'name="{list(given)[1]}"' in f)
        data = filled(form, **given, reason="two tiles on the board")
        r = client.post(f"/tables/{code}/act", data={**data, "confirm": "1"})
        assert r.status_code == 303, (kind, r.get_data(as_text=True)[-1500:])
    k = game_of(client, code).rules.register.links[1]
    assert (k["owner"], k["tiles"], k["b"]) == ("2", 2, "Kirikiriroa")
    history = client.get(f"/tables/{code}/history").get_data(as_text=True)
    assert history.count('class="fix"') == 3
    assert "two tiles on the board" in history and "Kirikiriroa" in history


def test_a_delivery_on_the_page_is_its_chain_then_its_goods_button(client):
    """The delivery form: the chain (the usual one preselected) and one button per good's
    colour, which enters the step. A one-link delivery over a chain not shown first is two
    taps: the chain, the colour."""
    from tests.companion.test_aos_pages import filled, form_of
    code, _, _ = seated(client, players=("Ann", "Bo", "Cy", "Di"), title="AoS-Korea")
    for _ in range(600):
        game = game_of(client, code)
        entry = next((e for e in game.legal_actions() if e["type"] == "move_good"), None)
        route = entry and entry["params"]["route"]
        ones = [c for c in route["choices"] if c != route["default"] and
                len(re.findall(r"\d+[+-]", c)) == 1] if entry else []
        if ones:
            break
        post(client, code, *decide(game))
    else:
        raise AssertionError("no one-link chain besides the one shown first")
    form = form_of(client.get(f"/tables/{code}").get_data(as_text=True), "move_good")
    goods = re.findall(r'<button name="colour" value="([^"]*)">', form)
    assert len(goods) == 5 and "<button>" not in form     # the good's button enters it
    assert re.search(r'name="route"', form) and 'name="colour" value="' not in \
        "".join(re.findall(r"<input[^>]*>", form))        # no colour preselected
    data = filled(form, route=json.dumps(ones[0]), colour=H.unescape(goods[1]))
    r = client.post(f"/tables/{code}/act", data={**data, "confirm": "1"})
    assert r.status_code == 303, r.get_data(as_text=True)[-800:]
    done = game_of(client, code).effective[-1]
    assert (done["type"], done["route"], done["colour"]) == ("move_good", ones[0],
                                                             json.loads(H.unescape(goods[1])))


def test_a_build_naming_a_link_or_place_not_offered_is_refused_in_words(client):
    """Typed into the build form: a link nobody may extend, a name that is no place's name.
    The page says why and what is allowed, in English and in Korean; nothing changes."""
    from tests.companion.test_aos_pages import filled, form_of
    code, _, _ = seated(client, players=("Ann", "Bo"), title="AoS-NewZealand")
    game = game_of(client, code)
    while game.rules.phase != "build":
        post(client, code, *decide(game))
        game = game_of(client, code)
    post(client, code, "build", {"kind": "plain", "link": "Auckland"})      # link 1
    before = len(game_of(client, code).effective)
    said = {"en": ("Link 9 is not an unfinished link", "may extend link 1 (Auckland – …)",
                   "is not a place's name", "The places named so far: Auckland"),
            "ko": ("9번 링크는", "연장할 수 있는 링크: 1 (오클랜드 – …)", "장소 이름이 아닙니다",
                   "지금까지의 장소: 오클랜드")}
    for lang, words in said.items():
        client.set_cookie("lang", lang)
        for typed, expect in (("#9", words[:2]), ("@home", words[2:])):
            form = form_of(client.get(f"/tables/{code}").get_data(as_text=True), "build")
            data = filled(form, kind='"plain"', link=typed)
            r = client.post(f"/tables/{code}/act", data={**data, "confirm": "1"})
            page = H.unescape(r.get_data(as_text=True))
            assert r.status_code == 422 and all(w in page for w in expect), (lang, typed)
            assert "must be one of" not in page and "중 하나여야" not in page
    assert len(game_of(client, code).effective) == before


@pytest.mark.parametrize("lang, said", [("en", "links 3, 7"), ("ko", "링크 3, 7")])
def test_a_deliverys_step_line_names_its_links_not_the_chains_notation(app, lang, said):
    """The undo button and the history's step line said a delivery's chain in the engine's
    notation ("링크: 3-"): they name its links by the register's numbers."""
    from tests.companion.test_plain_words import _say
    from engine import titles
    words = titles.TITLES["AoS-Korea"].describe({"type": "move_good", "entity": "1",
                                                 "route": "3+7-", "colour": "red"}, "$")
    route = next(d["value"] for d in words["details"] if d["value"]["t"] == "text"
                 and isinstance(d["value"]["v"], dict)
                 and d["value"]["v"]["code"] == "route.links")
    assert _say(app, "AoS-Korea", route["v"], lang) == said
