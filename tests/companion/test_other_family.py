"""A title of another game family (a test double shaped like Age of Steam: no companies, no
market, shares as a number) renders through every page with no change to the companion, and
its forms post."""
import re

import pytest

from tests.companion import steam_double
from tests.companion.test_pages import form_data, seated


@pytest.fixture
def steam():
    from engine import titles
    steam_double.register()
    yield
    titles.TITLES.pop(steam_double.TITLE_ID, None)


def test_every_page_renders_and_the_forms_post(client, steam):
    code, _, _ = seated(client, players=("Ann", "Bo"), title=steam_double.TITLE_ID)
    html = client.get(f"/tables/{code}").get_data(as_text=True)
    assert "Shares issued" in html and "Locomotive" in html and "$10" in html
    data = form_data(html, "issue")
    data["count"] = "3"
    assert client.post(f"/tables/{code}/act", data=data).status_code == 303
    html = client.get(f"/tables/{code}").get_data(as_text=True)
    row = re.search(r'data-player="1">(.*?)</tr>', html, re.S).group(1)
    assert "$25" in row and ">5<" in row                 # cash 10 + 3 × $5; 2 + 3 shares
    for _ in range(5):
        html = client.get(f"/tables/{code}").get_data(as_text=True)
        if 'data-type="locomotive"' not in html:
            break
        data = form_data(html, "locomotive")
        client.post(f"/tables/{code}/act", data={**data, "confirm": "1"})
    for path in ("", "/history", "/scores", "/export.json", "/export.csv", "/live"):
        r = client.get(f"/tables/{code}{path}")
        assert r.status_code == 200, (path, r.get_data(as_text=True)[-500:])
    scores = client.get(f"/tables/{code}/scores").get_data(as_text=True)
    assert "Ann" in scores and "Bo" in scores
