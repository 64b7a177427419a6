"""The picture of the network on the pages: the book of an Age of Steam table and its TV link
(the spectator's page) show an SVG with one line per link in its owner's colour, unfinished
links dashed, each place's name as the pages name it elsewhere, and the links in words (its
description), in English and in Korean."""
import html as H
import re

from tests.aos_table_bot import decide
from tests.companion.test_aos_links_pages import game_of, post
from tests.companion.shown import shown
from tests.companion.test_pages import seated


def korea_with_links(client):
    """Korea, four players, played through the pages until an unfinished link is on the
    register beside complete ones (the table bot's line of links: Seoul - Suwon complete,
    then a link from Seoul toward Kaesong)."""
    code, _, html = seated(client, players=("Ann", "Bo", "Cy", "Di"), title="AoS-Korea")
    for _ in range(400):
        game = game_of(client, code)
        links = game.rules.register.links.values()
        if any(not k["b"] for k in links) and any(k["b"] for k in links):
            return code, html, game
        post(client, code, *decide(game))
    raise AssertionError("no unfinished link")


def picture(page: str) -> str:
    found = re.search(r'<figure class="network">.*?</figure>', page, re.S)
    assert found, "no picture of the network"
    return H.unescape(found.group(0))


def check(svg: str, game, lang: str):
    reg, seats = game.rules.register, game.rules.players
    lines = re.findall(r"<path [^>]*data-link[^>]*>", svg)
    assert len(lines) == len(reg.links)
    for tag, k in zip(lines, reg.links.values()):
        assert ("data-unfinished" in tag) == (not k["b"])
        assert ("stroke-dasharray" in tag) == (not k["b"])
        colour = f"var(--s{seats.index(k['owner'])})" if k["owner"] else "var(--muted)"
        assert f'stroke="{colour}"' in tag
    counts = re.findall(r'<g data-tiles>.*?<text[^>]*>(\d+)</text></g>', svg)
    assert counts == [str(k["tiles"]) for k in reg.links.values()]
    names = re.findall(r"<text [^>]*data-place>([^<]*)</text>", svg)
    assert names == list(reg.places)                      # Korea's places: Korean names
    assert 'role="img"' in svg and "<title" in svg
    desc = re.search(r"<desc[^>]*>(.*?)</desc>", svg, re.S).group(1)
    link_word, unfinished = ("Link", "unfinished") if lang == "en" else ("링크", "미완성")
    assert desc.count(f"{link_word} ") == len(reg.links) and unfinished in desc
    legend = re.search(r"<figcaption.*?</figcaption>", svg, re.S).group(0)
    owners = {game.rules.pname(k["owner"]) for k in reg.links.values() if k["owner"]}
    assert all(name in legend for name in owners) and unfinished in legend


def test_the_book_and_the_tv_link_show_the_network_in_english_and_korean(client, app):
    code, invite, game = korea_with_links(client)
    watch = re.search(r'id="watch-link" href="http://localhost([^"]+)"', invite).group(1)
    tv = app.test_client()
    assert tv.get(watch.replace("&amp;", "&")).status_code == 303
    for lang in ("ko", "en"):
        client.set_cookie("lang", lang)
        tv.set_cookie("lang", lang)
        for who in (client, tv):
            page = who.get(f"/tables/{code}").get_data(as_text=True)
            assert f'<html lang="{lang}"' in page
            check(picture(page), game, lang)
    assert "data-type=" not in shown(tv.get(f"/tables/{code}").get_data(as_text=True),
                                     None)        # watching: the seats' forms hidden


def test_no_picture_before_the_first_link(client):
    code, _, _ = seated(client, players=("Ann", "Bo"), title="AoS-NewZealand")
    assert 'class="network"' not in client.get(f"/tables/{code}").get_data(as_text=True)
