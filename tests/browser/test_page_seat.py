"""A phone passed round the table, each seat's link opened in its own tab: a tab opened for
one seat enters nothing once the phone has taken another seat, and says so."""
import pytest

from tests.browser.conftest import shot
from tests.browser.flows import create_table, take_seat, version

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("locale, said", [("en-GB", "taken Bo's seat"),
                                          ("ko-KR", "Bo 님의 자리를 맡았습니다")])
def test_a_tab_of_a_seat_the_phone_no_longer_holds_enters_nothing(live_server, phone, locale,
                                                                   said):
    ann = phone(locale=locale)
    code, join, _ = create_table(ann, live_server.url)
    take_seat(ann, join, "1")
    v = version(ann)
    bo = ann.context.new_page()                  # the same phone: Bo's link in a new tab
    take_seat(bo, join, "2")
    ann.bring_to_front()
    ann.locator("form[data-type=pass] button").first.click()
    note = ann.get_by_text(said)
    note.wait_for()
    assert version(ann) == v and version(bo) == v                 # nothing entered
    shot(ann, f"page-seat-taken-elsewhere-{locale}")
    ann.reload()                                 # as the note says: now the page is Bo's
    ann.wait_for_selector("body[data-live=ready]")
    assert version(ann) == v
