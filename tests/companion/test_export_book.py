"""The CSV export is the per-round book: at each point of the scores chart, every player's
and company's declared row (cash, certificates, price, treasury) and each player's total, read
from the declared book alone, with the formula guard kept."""
import csv
import io
import re

import pytest

from engine import records, titles
from tests.companion.test_aos_pages import step
from tests.companion.test_pages import FIXTURE, csrf, seated


def rows_of(client, code, lang=None):
    headers = {"Accept-Language": lang} if lang else {}
    r = client.get(f"/tables/{code}/export.csv", headers=headers)
    assert r.status_code == 200 and r.mimetype == "text/csv"
    assert r.data.startswith(b"\xef\xbb\xbf")            # the byte-order mark
    return list(csv.reader(io.StringIO(r.data.decode("utf-8-sig"), newline="")))


SECTION, NAME = 4, 5            # after the round, phase, step and step number


def import_1888n(client) -> str:
    token = csrf(client.get("/"))
    r = client.post("/import", data={"record": (io.BytesIO(FIXTURE.read_bytes()), "g.json"),
                                     "csrf_token": token}, content_type="multipart/form-data")
    assert r.status_code == 303
    code = re.search(r"/tables/(\w+)/invite", r.headers["Location"]).group(1)
    html = client.get(r.headers["Location"]).get_data(as_text=True)
    join = re.search(r'id="join-link" href="http://localhost([^"]+)"', html).group(1)
    page = client.get(join.replace("&amp;", "&"))
    seat = re.search(r'data-seat="([^"]+)"', page.get_data(as_text=True)).group(1)
    client.post(join.replace("&amp;", "&"), data={"player": seat, "csrf_token": csrf(page)})
    return code


@pytest.mark.skipif("1888-N" not in titles.TITLES or not FIXTURE.exists(),
                    reason="1888-N or its recorded game is not here")
def test_the_csv_of_a_recorded_1888n_game_is_its_book_round_by_round(client):
    code = import_1888n(client)
    table = rows_of(client, code)
    header, body = table[0], table[1:]
    assert header[:6] == ["Round", "Phase", "Step", "Step number", "Section", "Name"]
    assert header[-1] == "Total"
    for label in ("Cash", "Certificates", "Price", "Treasury"):
        assert label in header, header
    col = {h: i for i, h in enumerate(header)}
    rounds = list(dict.fromkeys(r[0] for r in body))
    # the chart's points: stock and operating rounds as the title names them, then the end
    assert rounds[-1] == "End" and any(r.startswith("SR ") for r in rounds)
    assert any(r.startswith("OR ") for r in rounds) and len(rounds) > 10
    scores = client.get(f"/tables/{code}/scores").get_data(as_text=True)
    assert all(r in scores or r == "End" for r in rounds[:3])

    # the end: the recorded game's book, as the engine gives it
    game = records.replay(records.loads(FIXTURE.read_bytes())).game
    names = {p["id"]: p["name"] for p in game.players}
    end = [r for r in body if r[0] == "End"]
    players = {r[NAME]: r for r in end if r[SECTION] == "Players"}
    companies = {r[NAME]: r for r in end if r[SECTION] == "Companies"}
    assert set(players) == set(names.values()) and len(companies) >= 6
    book = {s["id"]: s for s in game.book()}
    for row in book["players"]["rows"]:
        mine = players[names[row["player"]]]
        assert mine[col["Cash"]] == str(row["cells"]["cash"]["v"])
        assert mine[col["Certificates"]] == row["cells"]["certs"]["v"]
        assert mine[col["Total"]] == str(game.result()[row["player"]])
    assert max(int(r[col["Total"]]) for r in players.values()) == 5596   # the winner's score
    for row in book["companies"]["rows"]:
        theirs = companies[row["entity"]]
        assert theirs[col["Price"]] == str(row["cells"]["price"]["v"])
        if "treasury" in row["cells"]:
            assert theirs[col["Treasury"]] == str(row["cells"]["treasury"]["v"])
        assert theirs[col["Total"]] == ""                  # a company has no score
    # every round holds every player; a player's cash is a number each round
    for r in rounds:
        held = [row for row in body if row[0] == r and row[SECTION] == "Players"]
        assert len(held) == len(names)
        assert all(re.fullmatch(r"-?\d+", row[col["Cash"]]) for row in held)
    # prices move over the game: the book is per round, not the end repeated
    firsts = {}
    for row in body:
        if row[SECTION] == "Companies":
            firsts.setdefault(row[NAME], row[col["Price"]])
    assert any(firsts[c] != companies[c][col["Price"]] for c in companies)


@pytest.mark.skipif("1888-N" not in titles.TITLES or not FIXTURE.exists(),
                    reason="1888-N or its recorded game is not here")
def test_the_csv_speaks_the_page_language(client):
    code = import_1888n(client)
    header = rows_of(client, code, "ko")[0]
    assert header[-1] == "합계" and "Cash" not in header


def test_an_age_of_steam_csv_has_players_and_no_companies(client):
    if "AoS-NewZealand" not in titles.TITLES:
        pytest.skip("no Age of Steam map here")
    code, _, _ = seated(client, players=("Ann", "Bo"), title="AoS-NewZealand")
    for _ in range(40):
        html = client.get(f"/tables/{code}").get_data(as_text=True)
        if not step(client, code, html):
            break
    table = rows_of(client, code)
    header, body = table[0], table[1:]
    col = {h: i for i, h in enumerate(header)}
    assert "Cash" in header and "Total" in header
    # no companies in the book: the players, and the links on the board (one row a link)
    assert {r[SECTION] for r in body} == {"Players", "Links on the board"}
    body = [r for r in body if r[SECTION] == "Players"]
    # a point of the chart per phase of a turn: the turn, the phase, the step's number
    points = list(dict.fromkeys(tuple(r[:4]) for r in body))
    assert len(points) >= 2 and all(p[0].isdigit() and p[1] for p in points), points
    for p in points:
        held = [row for row in body if tuple(row[:4]) == p]
        assert sorted(row[NAME] for row in held) == ["Ann", "Bo"]
        assert all(re.fullmatch(r"-?\d+", row[col["Cash"]]) for row in held)
        assert all(re.fullmatch(r"-?\d+", row[col["Total"]]) for row in held)
