"""A table page is its seat's: a page opened for one seat enters nothing once the phone has
taken another seat at the table (pages/table.py ``_page_of_another_seat``)."""
import re

from tests.companion.test_pages import csrf, double, form_data, seated  # noqa: F401  (fixture)


def test_a_page_opened_for_one_seat_enters_nothing_once_the_phone_took_another(client, double):
    """Two seats' links opened on one phone (a phone passed round the table, each in its own
    tab): the page opened first still says it is Ann's, while the phone's session now holds
    Bo's seat. A step posted from Ann's page (its script says the seat it was opened for) went
    in as Bo's; it is refused, nothing entered, and the page says whose seat the phone holds."""
    code, join, _ = seated(client, "1")
    ann_page = client.get(f"/tables/{code}").get_data(as_text=True)
    ann_token = re.search(r'data-token="([^"]+)"', ann_page).group(1)
    r = client.post(join, data={"player": "2", "csrf_token": csrf(client.get(join))})
    assert r.status_code == 303                          # the phone now holds Bo's seat
    bo_token = re.search(r'data-token="([^"]+)"',
                         client.get(f"/tables/{code}").get_data(as_text=True)).group(1)
    assert bo_token != ann_token
    data = {**form_data(ann_page, "pass"), "confirm": "1"}
    r = client.post(f"/tables/{code}/act", data=data,
                    headers={"X-Live": "1", "X-Part": "", "X-Seat": ann_token})
    assert r.status_code == 409
    assert "taken Bo&#39;s seat at this table" in r.get_json()["part"]
    client.set_cookie("lang", "ko")
    r = client.post(f"/tables/{code}/act", data=data,
                    headers={"X-Live": "1", "X-Part": "", "X-Seat": ann_token})
    assert r.status_code == 409 and "Bo 님의 자리를 맡았습니다" in r.get_json()["part"]
    client.set_cookie("lang", "en")
    assert 'data-version="0"' in client.get(f"/tables/{code}").get_data(as_text=True)
    # the phone's own seat's page posts as before
    r = client.post(f"/tables/{code}/act", data=data,
                    headers={"X-Live": "1", "X-Part": "", "X-Seat": bo_token})
    assert r.status_code == 200
    assert 'data-version="1"' in client.get(f"/tables/{code}").get_data(as_text=True)
