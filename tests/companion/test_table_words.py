"""Every step says what it acts on, in the table's words (issue 25): one test per defect the
issue names, each rendered as a phone shows it (the page, or an engine message in the page's
words)."""
from __future__ import annotations

import re

import pytest

from tests.companion.test_korean_pages import visible_text
from tests.companion.test_plain_words import _say
from tests.companion.test_raw_code import new_table, state


# -- 18 Lilliput: places, exits and cards as the table sees them ---------------------------

@pytest.mark.parametrize("lang, said", [
    ("en", "card at 1 north, 2 east of Mildendo"),
    ("ko", "밀덴도에서 북쪽 1칸, 동쪽 2칸"),
])
def test_a_lilliput_card_is_placed_from_mildendo_never_by_coordinates(app, lang, said):
    laid = {"code": "track_laid", "message": "Lilliput lays a yellow plain card at 2,-1.",
            "board": "Lay a yellow plain card at 2,-1 with exits NS.",
            "params": {"company": "yellow", "pos": "2,-1", "kind": "plain", "exits": "NS",
                       "amount": 0}}
    text = _say(app, "18Lilliput", laid, lang)
    assert "2,-1" not in text and said in text


def test_a_lilliput_card_s_exits_and_an_action_card_are_words(app):
    from companion import present
    from engine import titles
    from engine.words import words_of
    with app.test_request_context(headers={"Accept-Language": "en"}):
        present.use_table({"players": [], "currency": "£"}, words_of(titles.TITLES["18Lilliput"]))
        assert present.value_text({"t": "text", "v": "ENSW"}) == "all four sides"
        assert present.value_text({"t": "text", "v": "ENW"}) == "north, east and west"
        assert present.value_text({"t": "hex", "v": "0,0"}) == "Mildendo"
    taken = {"code": "card_taken", "message": "Cy takes card A4 for its effect 'shares'.",
             "params": {"player": "1", "card": "A4",
                        "effect": {"code": "effect.shares", "message": "shares", "params": {}}}}
    assert _say(app, "18Lilliput", taken) == \
        "Ann takes action card 4 for its effect: sell and buy shares, or found a company."
    assert "행동 카드 4" in _say(app, "18Lilliput", taken, "ko")


def test_lilliput_set_up_options_are_words_not_codes(client):
    page = visible_text(client.get("/new?title=18Lilliput").get_data(as_text=True))
    assert "yellow_green_brown" not in page and "yellow, green (phase 3), brown (phase 5)" in page


@pytest.mark.parametrize("lang, said", [
    ("en", ("Trains: prices and numbers", "The share price index and the train pool",
            "Default: £80 · source: printed on the train cards only",
            "Default: 27 prices from £10 to £300, lowest first")),
    ("ko", ("열차: 가격과 수", "주가 지수와 열차 풀", "출처: 열차 카드에만 인쇄된 값",
            "기본값: £10부터 £300까지 27개, 낮은 값부터")),
])
def test_lilliput_set_up_groups_its_provisional_values_with_source_and_default(client, lang,
                                                                              said):
    """18 Lilliput's set-up was a wall of 15 raw settings, the price index a list of numbers
    in a box: the values the rules do not print are in collapsed groups, each saying its
    default and where it comes from; the index's default said in words, its box empty."""
    client.set_cookie("lang", lang)
    html = client.get("/new?title=18Lilliput").get_data(as_text=True)
    groups = re.findall(r'<details class="option-group">\s*<summary>(.*?)</summary>', html)
    assert len(groups) == 2 and said[0] in groups[0] and said[1] in groups[1]
    text = re.sub(r"\s+", " ", visible_text(html))
    assert said[2] in text and said[3] in text
    assert "10,20,30" not in html                                    # not even in a box


def test_lilliput_the_index_box_left_empty_keeps_the_default(client):
    from engine.titles.title_18lilliput import data as D
    from tests.companion.test_pages import csrf
    token = csrf(client.get("/new?title=18Lilliput"))
    r = client.post("/new", data={"title": "18Lilliput", "player": ["Ann", "Bo"], "seed": "3",
                                  "csrf_token": token, "option.price_index": ""})
    assert r.status_code == 303
    code = re.search(r"/tables/(\w+)/invite", r.headers["Location"]).group(1)
    invite = client.get(r.headers["Location"]).get_data(as_text=True)
    client.get(re.search(r'(/tables/\w+/watch\?token=[^"&]+)', invite).group(1))
    record = client.get(f"/tables/{code}/export.json").get_json()
    assert record["options"]["price_index"] == ",".join(map(str, D.PRICE_INDEX))
    from engine import Game
    game = Game("18Lilliput", record["players"], record["seed"], record["options"])
    assert game.rules.opts["price_index"] == D.PRICE_INDEX


# -- 1899 DAIHAN: its provisional values in words, its sources named ------------------------

@pytest.mark.parametrize("lang", ["en", "ko"])
def test_1899_provisional_values_name_no_key_or_source_id(client, lang):
    table = new_table(client, "1899-DAIHAN")
    phone = client.application.test_client()
    phone.get(f"/tables/{table['code']}/watch?token={table['seats'][0]['token']}")
    phone.set_cookie("lang", lang)
    page = visible_text(phone.get(f"/tables/{table['code']}").get_data(as_text=True))
    for raw in ("d bump", "kyeongin run", "three train rust", "city slots", "D1", "D2"):
        assert not re.search(rf"(?<![A-Za-z0-9]){raw}(?![A-Za-z0-9])", page), raw
    if lang == "en":
        assert "A treasury D-train's price move" in page and "18XXc calculator" in page


# -- 18Korea: cards by name and effect, a first build and the war in words ------------------

def test_18korea_draft_offers_each_card_by_name_and_effect(client):
    table = new_table(client, "18Korea")
    st = state(client, table["code"], table["seats"][0]["token"])
    draft = next(e for e in st["legal"] if e["type"] == "draft")
    labels = draft["params"]["card"]["labels"]
    assert set(labels) == set(draft["params"]["card"]["choices"])
    from engine.titles.title_18korea import data as D
    for code, label in labels.items():
        if code in D.KNOWN_ASSETS:
            name, effect = D.KNOWN_ASSETS[code]
            assert label["message"] == f"{code} {name}: {effect}"
        else:
            assert "not public" in label["message"]


def test_18korea_a_card_is_named_wherever_it_is_shown(app):
    drafted = {"code": "asset_drafted", "message": "Bo took OA09 Defector.",
               "params": {"player": "1", "card": "OA09"}}
    assert _say(app, "18Korea", drafted) == "Ann takes asset card OA09 Defector."
    assert "OA09 탈북자" in _say(app, "18Korea", drafted, "ko")


@pytest.mark.parametrize("lang, said", [
    ("en", "J9 recorded: normal track, South Korea, printed build cost ₩40"),
    ("ko", "J9 기록: 일반 선로, 남한, 인쇄된 건설 비용 ₩40"),
])
def test_18korea_a_first_build_says_its_side_and_kind_in_words(app, lang, said):
    recorded = {"code": "hex_recorded", "message": "J9 recorded: normal track, South Korea, "
                "printed cost ₩40 (as entered; correctable with a 'hex' correction).",
                "params": {"hex": "J9", "side": "S", "kind": "plain", "cost": 40}}
    text = _say(app, "18Korea", recorded, lang)
    assert text.startswith(said) and "plain" not in text and "S쪽" not in text


def test_18korea_a_tile_lay_step_says_where_not_its_form(app):
    from engine import titles
    from engine.game import step_words
    from companion import present
    from engine.words import words_of
    words = step_words(titles.TITLES["18Korea"], {"type": "lay_tile", "entity": "WSR",
                                                  "form": "new_hex", "hex": "J9", "tile": "7"})
    with app.test_request_context(headers={"Accept-Language": "ko"}):
        present.use_table({"players": [], "currency": "₩"}, words_of(titles.TITLES["18Korea"]))
        shown = [f"{present.message_text(d['label'])}: {present.value_text(d['value'])}"
                 for d in words["details"]]
    assert "어디에: 처음 건설하는 헥스" in shown and not any("new_hex" in s for s in shown)


# -- Age of Steam: a delivery says who earns, in English too -------------------------------

def test_an_english_delivery_says_who_earns(app):
    delivered = {"code": "delivered", "message": "Ann moves a red good over 2 link(s).",
                 "board": "Move the good to its city and take it off the board; move the "
                          "income markers.",
                 "params": {"player": "1", "colour": "red", "links": 2,
                            "colour_name": {"code": "colour.red", "message": "red", "params": {}},
                            "earned": "Ann +1, Bo +1"}}
    from companion import present
    from engine import titles
    from engine.words import words_of
    with app.test_request_context(headers={"Accept-Language": "en"}):
        present.use_table({"players": [{"id": "1", "name": "Ann"}], "currency": "$"},
                          words_of(titles.TITLES["AoS-Korea"]))
        board = present.engine_text(delivered, "board")
        assert board.endswith("move the income markers (Ann +1, Bo +1).")
        nobody = dict(delivered, params={**delivered["params"], "earned": None})
        assert "no income marker moves" in present.engine_text(nobody, "board")


# -- 1888-N: a par's buttons say what the president's certificate costs --------------------

def test_a_par_button_says_what_the_presidents_certificate_costs(app):
    import random
    from companion import present
    from engine import titles
    from engine.game import Game
    from engine.words import words_of
    from tests.contract_play import random_action
    game = Game("1888-N", [{"id": str(i), "name": n} for i, n in enumerate(["Ann", "Bo", "Cy"], 1)],
                seed=2)
    rng = random.Random(2)
    for _ in range(400):
        par = next((e for e in game.legal_actions() if e["type"] == "par"), None)
        if par:
            break
        legal = [e for e in game.legal_actions() if e["type"] not in ("undo", "redo",
                                                                      "correction")]
        try:
            game.process(random_action(rng, rng.choice(legal), "1"))
        except Exception:
            continue
    assert par, "no par offered"
    price = par["params"]["price"]
    with app.test_request_context(headers={"Accept-Language": "en"}):
        present.use_table({"players": game.players, "currency": "¥"},
                          words_of(titles.TITLES["1888-N"]))
        for p in price["choices"]:
            label = present.message_text(price["labels"][str(p)])
            assert label == f"¥{p}: president's certificate ¥{p * 2}", label


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_an_18korea_auction_names_the_company_and_its_start_city(app, lang):
    from companion import present
    from engine import titles
    from engine.game import Game
    from engine.titles.title_18korea import data as D
    from engine.titles.title_18korea.scenario import finish_draft
    from engine.words import words_of
    game = Game("18Korea", [{"id": str(i), "name": n} for i, n in enumerate(["A", "B", "C"], 1)],
                seed=4)
    finish_draft(game)
    lots = next(e for e in game.legal_actions() if e["type"] == "start_auction")
    company = lots["params"]["company"]
    assert set(company["labels"]) == set(company["choices"])
    with app.test_request_context(headers={"Accept-Language": lang}):
        present.use_table({"players": game.players, "currency": "₩"},
                          words_of(titles.TITLES["18Korea"]))
        shown = [present.message_text(company["labels"][c]) for c in company["choices"]]
    if lang == "en":
        assert shown == [f"{c} {D.COMPANIES[c][0]}, start city {D.COMPANIES[c][2]}"
                         for c in company["choices"]]
    else:
        assert all(s.startswith(c + " ") and "철도" in s and ", 출발 도시 " in s
                   for c, s in zip(company["choices"], shown)), shown


# -- a step that forfeits something, or moves money undo cannot settle, asks once ----------

def _until(game, rng, found, steps=600):
    from tests.contract_play import random_action
    for _ in range(steps):
        hit = found(game.legal_actions())
        if hit:
            return hit
        legal = [e for e in game.legal_actions() if e["type"] not in ("undo", "redo",
                                                                      "correction")]
        entry = rng.choice(legal)
        if entry["type"] == "take_card" and rng.random() < 0.8:      # reach a cash card
            entry = {**entry, "params": {**entry["params"], "effect": {
                **entry["params"]["effect"], "choices": ["company_cash"]}}}
        try:
            game.process(random_action(rng, entry, "1"))
        except Exception:
            continue
    return None


def test_ending_the_turn_with_the_company_cash_untaken_says_it_is_given_up(app, client):
    import random
    from companion import actionforms, present
    from engine import titles
    from engine.game import Game
    from engine.words import words_of
    game = Game("18Lilliput", [{"id": str(i), "name": n} for i, n in
                               enumerate(["Ann", "Bo", "Cy"], 1)], seed=3)
    legal = _until(game, random.Random(3), lambda legal: legal if any(
        e["type"] == "company_cash" for e in legal) else None)
    assert legal, "no company cash card taken"
    done = next(e for e in legal if e["type"] == "done")
    other = [e for e in legal if e["type"] == "company_cash"]
    assert other and not other[0].get("warn")
    for lang, said in (("en", "gives up the card's company cash (£"), ("ko", "받지 않고 버립니다")):
        with app.test_request_context(headers={"Accept-Language": lang}):
            present.use_table({"players": game.players, "currency": "£"},
                              words_of(titles.TITLES["18Lilliput"]))
            form = next(f for f in actionforms.forms(legal) if f.type == "done")
            assert said in form.warn, form.warn


def test_the_executive_car_asks_once_like_a_train(app):
    from engine import contract
    from engine.titles.title_1899_daihan.trains import DaihanTrainsMixin
    assert "warn" in contract.ENTRY_KEYS

    class Car(DaihanTrainsMixin):                 # a company with a train and cash, cars left
        def __init__(self):
            self.corps = {"DR": {"trains": ["2-0"]}}
            self.cars = {}

        def cars_left(self):
            return 3

        def car_price(self):
            return 50

        def money(self, v):
            return f"₩{v}"

        class ledger:
            @staticmethod
            def of(corp):
                return 500
    entry = Car().car_entry("DR")
    contract.check_entry(entry)
    assert entry["warn"]["code"] == "warn.executive_car"
    assert entry["warn"]["message"] == "DR pays ₩50 for the car, from its treasury."


# -- Age of Steam: New Zealand's action names, scores in points ----------------------------

@pytest.mark.parametrize("lang, shipping, build", [("en", "Priority Shipping", "Priority Build"),
                                                   ("ko", "우선 운송", "우선 건설")])
def test_new_zealand_names_its_priority_actions_as_its_rulebook(app, lang, shipping, build):
    from companion import present
    from engine import titles
    from engine.age_of_steam.selection import action_label
    from engine.words import words_of
    taken = {"code": "action_selected", "message": "Ann takes First Move.",
             "params": {"player": "1", "action": "first_move",
                        "what": action_label("first_move")}}
    with app.test_request_context(headers={"Accept-Language": lang}):
        present.use_table({"players": [{"id": "1", "name": "Ann"}], "currency": "$"},
                          words_of(titles.TITLES["AoS-NewZealand"]))
        assert present.message_text(action_label("first_build")) == build
        assert shipping in present.engine_text(taken)
        present.use_table({"players": [{"id": "1", "name": "Ann"}], "currency": "$"},
                          words_of(titles.TITLES["AoS-Korea"]))     # the base names stay
        assert "Priority" not in present.engine_text(taken)


def test_age_of_steam_scores_are_points_not_money(client):
    table = new_table(client, "AoS-Korea")
    phone = client.application.test_client()
    phone.get(f"/tables/{table['code']}/watch?token={table['seats'][0]['token']}")
    page = visible_text(phone.get(f"/tables/{table['code']}/scores").get_data(as_text=True))
    assert re.search(r"\b\d+ points\b", page) and "Score after each round" in page
    assert "$" not in page and "Net worth" not in page
    phone.set_cookie("lang", "ko")
    page = visible_text(phone.get(f"/tables/{table['code']}/scores").get_data(as_text=True))
    assert re.search(r"\d+점", page) and "라운드별 점수" in page
    money = new_table(client, "1888-N")                   # an 18xx title's worth stays money
    phone.get(f"/tables/{money['code']}/watch?token={money['seats'][0]['token']}")
    phone.set_cookie("lang", "en")
    page = visible_text(phone.get(f"/tables/{money['code']}/scores").get_data(as_text=True))
    assert "Net worth after each round" in page and "¥" in page and " points" not in page


# -- 1888-N: a train bought from another company names the seller ---------------------------

@pytest.mark.parametrize("lang, said", [("en", "Buy LYR's 2-train"), ("ko", "LYR의 2열차 사기")])
def test_a_train_from_another_company_names_its_seller(app, lang, said):
    from companion import actionforms, present
    from engine import contract as C, titles
    from engine.core18xx.phases_trains import train_entry
    from engine.words import words_of
    legal = [train_entry("ZDR", t, seller=s, params={"price": C.number("money", 1, 460)})
             for t, s in (("2-1", "LYR"), ("3-0", "CDL"))]
    with app.test_request_context(headers={"Accept-Language": lang}):
        present.use_table({"players": [], "currency": "¥"}, words_of(titles.TITLES["1888-N"]))
        labels = [f.label for f in actionforms.forms(legal)]
    assert labels[0] == said and len(set(labels)) == 2


# -- corrections: what was corrected, in the page's words ----------------------------------

@pytest.mark.parametrize("lang, said, board", [
    ("en", ["Correction by Ann: a 2-train given to LYR (found in the box).",
            "Correction by Ann: Bo +¥50 (miscounted).",
            "Correction by Ann: 20% of LYR moved from IPO to Bo (sold twice)."],
     "Check the board: a 2-train given to LYR."),
    ("ko", ["Ann의 정정: LYR에 2열차 하나를 줌 (found in the box).",
            "Ann의 정정: Bo +¥50 (miscounted).",
            "Ann의 정정: LYR 20%: IPO → Bo (sold twice)."],
     "보드를 확인하세요: LYR에 2열차 하나를 줌."),
])
def test_a_correction_says_what_it_changed_in_the_pages_words(app, lang, said, board):
    """A correction's history line and board text said what it changed in the engine's
    English only, with the train's id ("train 2-0 given to DR", "정정 (train)"): each kind says
    it in the page's words, the train by its kind."""
    from engine import Game
    g = Game("1888-N", ["Ann", "Bo", "Cy"], seed=3)
    events = []
    for fix in ({"kind": "train", "op": "give", "corporation": "LYR", "train": "2-0",
                 "reason": "found in the box"},
                {"kind": "cash", "target": "2", "amount": 50, "reason": "miscounted"},
                {"kind": "shares", "corporation": "LYR", "source": "ipo", "to": "2",
                 "percent": 20, "reason": "sold twice"}):
        form = next(e for e in g.legal_actions() if e["type"] == "correction"
                    and e["kind"] == fix["kind"])
        action = {k: v for k, v in form.items() if k in ("type", "kind", "op")}
        events += [e for e in g.process({**action, "entity": "1", **fix})
                   if e["code"] == "correction"]
    names = {"1": "Ann", "2": "Bo", "3": "Cy"}
    with app.test_request_context(headers={"Accept-Language": lang}):
        from companion import present
        from engine import titles
        from engine.words import words_of
        spec = titles.TITLES["1888-N"]
        present.use_table({"players": [{"id": k, "name": v} for k, v in names.items()],
                           "currency": spec.currency}, words_of(spec))
        assert [present.engine_text(e) for e in events] == said
        assert (present.words_text(events[0], "board") or events[0]["board"]) == board


@pytest.mark.parametrize("lang, said", [("en", "LYR (%s)"), ("ko", "LYR (%s 님)")])
def test_the_status_names_who_runs_the_company_acting(app, lang, said):
    """The header said "Acting: GR (Ann)" but the book's status only "Acting GR": the status
    item says the company's president beside it, in the page's words."""
    from tests.engine.helpers_1888n import opened
    g = opened()
    assert g.view()["acting"] == ["LYR"]
    status = g.book()[0]
    item = next(i for i in status["items"] if i.get("acting"))
    with app.test_request_context(headers={"Accept-Language": lang}):
        from companion import present
        from engine import titles
        from engine.words import words_of
        spec = titles.TITLES["1888-N"]
        present.use_table({"players": [{"id": p["id"], "name": p["name"]} for p in g.players],
                           "currency": spec.currency}, words_of(spec))
        president = next(p["name"] for p in g.players if p["id"] == g.rules.controller("LYR"))
        assert present.value_text(item["value"]) == said % president


def test_an_18korea_bid_and_pass_name_the_company_auctioned():
    """The bid form read "Bid" alone: during an auction its bid and pass are about the company
    whose director's certificate is auctioned, named (the phones put them on its card)."""
    from engine.game import Game
    from engine.titles.title_18korea import data as D
    from engine.titles.title_18korea.scenario import finish_draft
    game = Game("18Korea", ["A", "B", "C"], seed=4)
    finish_draft(game)
    lots = next(e for e in game.legal_actions() if e["type"] == "start_auction")
    sym = lots["params"]["company"]["choices"][0]
    bid = lots["params"]["bid"]["min"] if "bid" in lots["params"] else None
    action = {"type": "start_auction", "entity": lots["entity"], "company": sym}
    if bid is not None:
        action["bid"] = bid
    game.process(action)
    turn = [e for e in game.legal_actions() if e["type"] in ("bid", "pass")]
    assert {e["type"] for e in turn} == {"bid", "pass"}
    for e in turn:
        assert e["about"] == {"t": "company", "v": sym, "name": D.COMPANIES[sym][0]}


@pytest.mark.parametrize("lang, said", [
    ("en", ["Correction by Ann: cash of Bo is now $40 (miscounted).",
            "Correction by Ann: ferry link count of Bo is now 1 (forgotten)."]),
    ("ko", ["Ann 님의 정정: Bo 님의 현금 값이 이제 $40입니다 (miscounted).",
            "Ann 님의 정정: Bo 님의 페리 링크 수 값이 이제 1입니다 (forgotten)."]),
])
def test_an_age_of_steam_correction_names_what_it_changed_in_the_pages_words(app, lang, said):
    """Age of Steam's correction said its kind by the engine's code ("정정: Bo 님의 cash"),
    in Korean too: the family's kinds and a map's own are words of the page's language."""
    from companion import present
    from companion.pages.text import _use_table
    from engine import Game
    g = Game("AoS-NewZealand", ["Ann", "Bo", "Cy"], seed=3)
    events = []
    for fix in ({"kind": "cash", "amount": 30, "reason": "miscounted"},
                {"kind": "ferry_links", "value": 1, "reason": "forgotten"}):
        events += [e for e in g.process({"type": "correction", "entity": "1", "player": "2",
                                         **fix}) if e["code"] == "corrected"]
    with app.test_request_context(headers={"Accept-Language": lang}):
        _use_table(g.view())                  # the table's names, currency and words
        assert [present.engine_text(e) for e in events] == said


@pytest.mark.parametrize("lang, said", [
    ("en", "Ann: Correct cash (Player: Bo, Amount: $30, Reason: miscounted)"),
    ("ko", "Ann: 현금 정정 (플레이어: Bo, 금액: $30, 이유: miscounted)"),
])
def test_an_age_of_steam_correction_step_is_named_as_its_form(app, lang, said):
    """Age of Steam's history named a correction "Correction (What is built: cash, …)", the
    kind by its code under a building's label: it is named as its form is ("Correct cash")."""
    from companion.pages.text import _use_table, describe
    action = {"type": "correction", "kind": "cash", "entity": "1", "player": "2",
              "amount": 30, "reason": "miscounted"}
    with app.test_request_context(headers={"Accept-Language": lang}):
        _use_table({"title": "AoS-NewZealand", "currency": "$",
                    "players": [{"id": "1", "name": "Ann"}, {"id": "2", "name": "Bo"}]})
        assert describe(action) == said
