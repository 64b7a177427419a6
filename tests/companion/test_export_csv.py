"""export.csv read back as a spreadsheet reads it: a UTF-8 byte-order mark first (Korean names
intact), the headers in the page's language (the same choice the pages make: the ``lang``
cookie, else the browser's languages), the round, the phase and the step in their own columns,
and a name that looks like a formula written as text."""
import csv
import io
import re

from tests.companion.test_pages import csrf, double, form_data, new_table  # noqa: F401

KOREAN = "김철수"
FORMULA = "=HYPERLINK(\"x\")"


def _table(client, players):
    r = new_table(client, players=players)
    code = re.search(r"/tables/(\w+)/invite", r.headers["Location"]).group(1)
    html = client.get(r.headers["Location"]).get_data(as_text=True)
    join = re.search(r'id="join-link" href="http://localhost([^"]+)"', html).group(1)
    join = join.replace("&amp;", "&")
    r = client.post(join, data={"player": "1", "csrf_token": csrf(client.get(join))})
    assert r.status_code == 303
    return code


def _read(resp) -> list[list[str]]:
    assert resp.status_code == 200
    assert resp.data.startswith(b"\xef\xbb\xbf"), resp.data[:10]          # the BOM
    assert "charset=utf-8" in resp.headers["Content-Type"]
    return list(csv.reader(io.StringIO(resp.data.decode("utf-8-sig"), newline="")))


def test_export_csv_opens_in_a_spreadsheet_with_korean_intact(client, double):  # noqa: F811
    code = _table(client, (KOREAN, FORMULA))
    for _ in range(2):
        page = client.get(f"/tables/{code}").get_data(as_text=True)
        client.post(f"/tables/{code}/act", data={**form_data(page, "pass"), "confirm": "1"})
    rows = _read(client.get(f"/tables/{code}/export.csv"))
    head = rows[0]
    assert head[:6] == ["Round", "Phase", "Step", "Step number", "Section", "Name"], head
    assert head[-1] == "Total"
    at = {h: i for i, h in enumerate(head)}
    names = {r[at["Name"]] for r in rows[1:]}
    assert KOREAN in names                                   # not mojibake, not "?"
    assert "'" + FORMULA in names and FORMULA not in names   # the formula stays text
    first = rows[1]
    assert first[at["Round"]] == "SR 1" or "1" in first[at["Round"]], first
    assert first[at["Phase"]] == "2"                  # the book's declared phase, its own column
    assert first[at["Step number"]].isdigit()
    assert not any(":" in r[at["Round"]] for r in rows[1:])   # no "Turn 1 of 8: …" label

    client.set_cookie("lang", "ko")                   # the pages' language switch
    ko = _read(client.get(f"/tables/{code}/export.csv"))
    assert ko[0][:6] == ["라운드", "페이즈", "단계", "단계 번호", "구분", "이름"], ko[0]
    assert ko[0][-1] == "합계"
    assert KOREAN in {r[5] for r in ko[1:]}
    client.delete_cookie("lang")
    ko = _read(client.get(f"/tables/{code}/export.csv", headers={"Accept-Language": "ko"}))
    assert ko[0][0] == "라운드"


def test_age_of_steams_turn_and_phase_are_their_own_columns(client):
    """"Turn 1 of 8: Issue shares" is one message with the turn and the phase as params: the
    CSV takes them apart (the turn as the round, a number; the phase in words)."""
    from engine import titles
    title = "AoS-Base"
    assert title in titles.TITLES
    token = csrf(client.get(f"/new?title={title}"))
    r = client.post("/new", data={"title": title, "player": ["Ann", KOREAN, "Cy"], "seed": "3",
                                  "csrf_token": token})
    assert r.status_code == 303, r.get_data(as_text=True)[:500]
    code = re.search(r"/tables/(\w+)/invite", r.headers["Location"]).group(1)
    html = client.get(r.headers["Location"]).get_data(as_text=True)
    join = re.search(r'id="join-link" href="http://localhost([^"]+)"', html).group(1)
    join = join.replace("&amp;", "&")
    page = client.get(join)
    seat = re.search(r'data-seat="([^"]+)"', page.get_data(as_text=True)).group(1)
    client.post(join, data={"player": seat, "csrf_token": csrf(page)})
    rows = _read(client.get(f"/tables/{code}/export.csv"))
    at = {h: i for i, h in enumerate(rows[0])}
    first = rows[1]
    assert first[at["Round"]] == "1" and first[at["Phase"]] == "Issue shares", first
    assert KOREAN in {r[at["Name"]] for r in rows[1:]}
    client.set_cookie("lang", "ko")
    ko = _read(client.get(f"/tables/{code}/export.csv"))
    assert ko[1][0] == "1" and ko[1][1] not in ("", "Issue shares"), ko[1]
