"""The run form draws the best routes it starts from (issue 29): the entry's declared
``picture`` as an SVG of the board around the routes, each train's route along its track in
its own colour and dash with its stops ringed, and a key with each train's revenue; nothing is
added to post (a run that matches the best is still one tap)."""
import re

import pytest

from engine import titles
from tests.companion.test_lay_pictures import lay_page
from tests.companion.test_pages import FIXTURE


def run_form(page):
    return re.search(r'<form[^>]*data-type="run_trains".*?</form>', page, re.S).group(0)


@pytest.mark.slow
@pytest.mark.parametrize("lang, words", [("en", "The best routes found"),
                                         ("ko", "찾아낸 최고 경로")])
def test_the_run_form_draws_each_best_route_with_its_revenue(client, lang, words):
    if "1888-N" not in titles.TITLES or not FIXTURE.exists():
        pytest.skip("1888-N or its recorded game is not here")
    client.set_cookie("lang", lang)
    page, entry = lay_page(client, "run_trains")
    form = run_form(page)
    routes = entry["picture"]["routes"]
    assert routes                                                   # LYR's 2-train to Qingdao
    fig = re.search(r"<figure class=\"runpic\".*?</figure>", form, re.S).group(0)
    svg = re.search(r'<svg class="runpic".*?</svg>', fig, re.S).group(0)
    # the board around the routes: its hexes, track and stops, then each route over them
    assert svg.count("<polygon") == len(entry["picture"]["hexes"]) < 73
    for r in routes:
        assert f'd="{r["d"]}"' in svg
        for x, y in r["stops"]:
            assert f'cx="{x}" cy="{y}" r="7.5"' in svg                # each stop ringed
    assert words in fig
    key = re.findall(r"<li>.*?</li>", fig, re.S)
    assert len(key) == len(routes)
    for li, r in zip(key, routes):
        assert r["label"]["params"]["route"] in li
        assert re.search(r"<strong>¥\s?%d</strong>" % r["value"]["v"], li), li
    # display only: nothing of the picture is posted, the form keeps its one button
    assert "picture" not in form.split("data-fixed=")[1].split(">")[0]
    assert len(re.findall(r"<button", form)) == 1


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["en", "ko"])
def test_the_books_board_names_each_route_by_company_train_and_hexes(client, lang):
    """The book's board key said a route by the engine's train id ("LYR 2-0"): it says the
    company, the train's kind and the hexes, with the revenue, in the page's language."""
    if "1888-N" not in titles.TITLES or not FIXTURE.exists():
        pytest.skip("1888-N or its recorded game is not here")
    client.set_cookie("lang", lang)
    page, entry = lay_page(client, "run_trains")
    board = re.search(r'data-section="board".*?</section>', page, re.S).group(0)
    key = re.findall(r'<ul class="plain routekey">(.*?)</ul>', board, re.S)
    assert key, "the board shows the routes found while a company is to run"
    items = re.findall(r"<li>.*?</li>", key[0], re.S)
    assert len(items) == len(entry["picture"]["routes"])
    train = "2-train" if lang == "en" else "2열차"
    for li, r in zip(items, entry["picture"]["routes"]):
        text = re.sub(r"<[^>]+>", "", li)
        assert not re.search(r"\b\d-\d\b", text), text              # no train id like 2-0
        assert "LYR" in text and train in text and r["label"]["params"]["route"] in text
        assert re.search(r"¥\s?%d" % r["value"]["v"], text), text
