"""18 Lilliput on the phones, in English and in Korean, from the set-up page to the scores.

The table enters its own provisional values on the set-up page (the price of a 2-train and
the share price index: the box's cards print them, the title's data only guesses), then the
draft of starting companies and characters, and eight rounds: each player takes two action
cards a round (the first a train bought from the deck at the table's price, then personal
and company cash), every company runs and pays, and the game ends on the scores page. Each
step is entered on the phone of the player it belongs to (a company's run on its director's
phone), only through what the page shows. Money is in pounds (£); the Korean phones show
Korean words, not English ones. English: two players on two phones; Korean: the solo game.
"""
from __future__ import annotations

import json
import re

import pytest

from engine.records import replay
from tests.browser.conftest import shot
from tests.browser.flows import take_seat, wait_version
from tests.browser.test_game_18korea import Phone, money, now_forms, version_of, who
from tests.browser.test_whole_game import FILL_AND_SUBMIT

pytestmark = [pytest.mark.browser, pytest.mark.slow]

TITLE = "18Lilliput"
SEED = 3
TRAIN_2_PRICE = 95                       # the table's own price of a 2-train (default 80)
INDEX = "10,20,30,40,45,50,55,60,65,70,75,80,90,100,110,120,130,140,150,165,180,200,220,240," \
        "260,280,310"                      # the table's index: its top value 310 (default 300)
REVENUE = "60"
MAX_STEPS = 200
# words a page may show in Latin letters in Korean: names, card and train ids, grid places,
# the company ids (their colours, shown before the name as 18Korea's symbols are), the
# device and the time zone of a history line
NAMES = {"Ann", "Bo", "red", "yellow", "blue", "green", "Mildendo", "Lilliput", "Glimigrim",
         "Slamecksan", "Company", "Emperor", "Flimnap", "General", "Limnoc", "Skyresh",
         "Bolgolam", "Balmuff", "ENSW", "ENS", "ESW", "ENW", "NSW", "Android", "UTC"}
STEP_WORDS = {"en-GB": ("Draft", "Action cards", "Train runs", "Final scores"),
              "ko-KR": ("드래프트", "행동", "열차 운행", "최종 점수")}


def english_words(text: str) -> list[str]:
    """Latin words of three letters or more that are not names (a Korean page's leftovers)."""
    words = re.findall(r"[A-Za-z][A-Za-z']{2,}", text)
    return sorted({w for w in words if w not in NAMES and not re.fullmatch(r"A\d+", w)})


def set_up(page, base, locale, players):
    """The new-table page: players, the seed and the table's provisional values."""
    page.goto(f"{base}/new?title={TITLE}")
    boxes = page.locator("input[name=player]")
    for i, name in enumerate(players):
        boxes.nth(i).fill(name)
    groups = page.locator("details.option-group > summary")   # the values to check, collapsed
    assert groups.count() == 2
    for i in range(groups.count()):
        groups.nth(i).click()
    price = page.locator('input[name="option.train_2_price"]')
    assert price.input_value() == "80" and price.get_attribute("type") == "number"
    index = page.locator('input[name="option.price_index"]')
    assert index.input_value() == ""                  # its default said in words beside it
    form_text = page.locator("form").first.inner_text()
    assert ("27 prices from £10 to £300" in form_text) if locale == "en-GB" else \
        ("£10부터 £300까지 27개" in form_text)
    price.fill(str(TRAIN_2_PRICE))
    index.fill(INDEX)
    page.fill("input[name=seed]", str(SEED))
    page.get_by_role("button", name=re.compile("Create|만들기")).click()
    page.wait_for_url(re.compile(r"/tables/\w+/invite"))
    code = re.search(r"/tables/(\w+)/invite", page.url).group(1)
    return code, page.locator("#join-link").get_attribute("href")


def enter(page, form, steps) -> str:
    """Set the form's fields as chosen (radio buttons by value, boxes filled) and submit it
    as a tap does, in one script (quicker than a tap per field); the page's answer."""
    data = {name: value for _what, name, value in steps}
    html = page.evaluate(FILL_AND_SUBMIT, [form["index"], data])
    if "data-confirm" in html:                # a money step asks once: yes, enter it
        html = page.evaluate(FILL_AND_SUBMIT, [form["index"], data, True])
    return html


class LilliputPlayer:
    """The next step among the acting forms; the same choices every game."""

    def __init__(self):
        self.director: dict[str, str] = {}     # company id -> player name (from the draft)
        self.cards: dict[str, int] = {}        # player -> cards taken in the game
        self.effect = None

    def choose(self, forms):
        by: dict[str, list[dict]] = {}
        for f in forms:
            by.setdefault(f["type"], []).append(f)
        if "discard_train" in by:
            return by["discard_train"][0], []
        if "pick" in by:                        # the first company, then the first character
            f = by["pick"][0]
            first = f["fields"]["pick"]["options"][0]
            steps = [("pick", "pick", first)]
            if "home_tile" in f["fields"]:
                steps.append(("pick", "home_tile", '"city"'))
            if json.loads(first) in ("red", "yellow", "blue", "green"):
                self.director[json.loads(first)] = who(f)
            return f, steps
        if "take_card" in by:
            f = by["take_card"][0]
            p = who(f)
            n = self.cards.get(p, 0)
            self.cards[p] = n + 1
            self.effect = "trains" if n == 0 else ("personal_cash", "company_cash")[n % 2]
            return f, [("pick", "card", f["fields"]["card"]["options"][0]),
                       ("pick", "effect", json.dumps(self.effect))]
        if "buy_train" in by and self.effect == "trains":
            self.effect = None
            return by["buy_train"][0], [("pick", "train", '"deck"')]
        if "personal_cash" in by:
            f = by["personal_cash"][0]
            return f, [("pick", "amount", f["fields"]["amount"]["options"][-1])]
        if "company_cash" in by:
            return by["company_cash"][0], []
        if "run" in by:
            f = by["run"][0]
            steps = [("fill", k, REVENUE) for k in sorted(f["fields"]) if k.startswith("revenues.")]
            if f["fields"].get("dividend", {}).get("kind") == "radio":
                steps.append(("pick", "dividend", '"pay"'))
            return f, steps
        if "done" in by:
            return by["done"][0], []
        raise AssertionError(f"no step among {[f['button'] for f in forms]}")


# two players on two phones in English; one player (the solo game) in Korean, to stay quick
@pytest.mark.parametrize("locale,players", [("en-GB", ("Ann", "Bo")), ("ko-KR", ("Ann",))])
def test_an_18lilliput_game_on_the_phones_from_the_set_up_values_to_the_scores(
        live_server, phone, locale, players):
    base = live_server.url
    first = phone(locale=locale)
    code, join = set_up(first, base, locale, players)
    phones = {}
    for seat, name in enumerate(players, start=1):
        page = first if seat == 1 else phone(locale=locale)
        take_seat(page, join, str(seat))
        phones[name] = Phone(name, page)
    player = LilliputPlayer()
    html = phones[players[0]].html()
    steps, types, texts, bought = 0, {}, [], 0
    while 'data-code="game_over"' not in html and "Final scores" not in html \
            and "최종 점수" not in html:
        assert steps < MAX_STEPS, f"not over after {steps} steps"
        form, fill = player.choose(now_forms(html))
        actor = who(form)
        ph = phones.get(actor) or phones.get(player.director.get(form["fixed"].get("entity")))
        assert ph is not None, f"whose phone enters {form['button']}?"
        v = version_of(html)
        wait_version(ph.page, v)
        html = enter(ph.page, form, fill)
        err = re.search(r'class="err"[^>]*>([^<]*)<', html)
        assert err is None, f"step {steps} refused: {form['button']} {fill}: {err and err.group(1)}"
        assert version_of(html) == v + 1
        steps += 1
        types[form["type"]] = types.get(form["type"], 0) + 1
        bought += form["type"] == "buy_train"
        if steps in (3, 12, 40) or form["type"] == "run":
            texts.append(ph.page.locator("#live").inner_text())
        if steps == 12:
            shot(ph.page, f"18lilliput-{locale}-round1")
    print(f"18Lilliput {locale}: {steps} steps; {types}")
    n = len(players)
    assert types["pick"] == 2 * n                         # a company and a character each
    assert types["take_card"] == 2 * n * 8                # two cards each, eight rounds
    assert bought == n and types["run"] >= 8
    shown = "\n".join(texts)
    assert "£" in shown and f"£{TRAIN_2_PRICE}" in shown     # the table's price, in the book
    assert all(w in shown or w in html for w in STEP_WORDS[locale][1:3])
    if locale == "ko-KR":
        leftovers = english_words(shown)
        assert not leftovers, [(w, shown[max(0, shown.find(w) - 40):shown.find(w) + 30])
                               for w in leftovers]

    page = ph.page
    token = page.locator("main").get_attribute("data-token")
    auth = {"Authorization": f"Bearer {token}"}
    record = page.request.get(f"{base}/api/tables/{code}/record", headers=auth).json()
    game = replay(record).game
    assert game.finished and game.game_end_reason == "eight_rounds"
    # the table's own values, entered on the set-up page, are the game's
    assert game.rules.opts["prices"]["2"] == TRAIN_2_PRICE
    assert game.rules.opts["price_index"][-1] == 310
    names = {p["id"]: p["name"] for p in record["players"]}

    page.goto(f"{base}/tables/{code}/scores")
    page.wait_for_selector("#scores")
    rows = page.locator("#scores tbody tr")
    assert rows.count() == len(players)
    scores_text = page.locator("#scores").inner_text()
    assert "£" in scores_text
    shown_scores = {names[rows.nth(i).get_attribute("data-player")]:
                    money(rows.nth(i).locator("td").last.inner_text())
                    for i in range(rows.count())}
    assert shown_scores == {names[pid]: total for pid, total in game.result().items()}
    if locale == "ko-KR":
        assert "최종 점수" in page.locator("h1").inner_text()
        # "Made of" is the companion's own column heading, not yet in its Korean catalogue
        # (translations/ko): left to the companion; JSON and CSV are the export formats
        assert set(english_words(page.locator("main").inner_text())) <= {"Made", "JSON", "CSV"}
        assert "8라운드 종료" in page.locator("main").inner_text()
    shot(page, f"18lilliput-{locale}-scores")
