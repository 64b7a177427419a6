"""Issue 30 in the pages, without a browser: the clock switched on at set-up and shown in the
status, the summary and the scores; pause from a phone; the history's "undo back to here" page
with each step taken back, whose, and what to put back on the board; undone steps marked."""
from __future__ import annotations

import re

from tests.companion.test_pages import csrf, double, form_data, seated  # noqa: F401

__all__ = ["double"]


class Clock:
    def __init__(self, t=2_000_000.0):
        self.t = t

    def __call__(self):
        return self.t


def test_clock_from_the_new_table_form_counts_and_shows_in_status_summary_and_scores(
        app, client, double):
    clock = Clock()
    app.extensions["companion.tables"].now = clock
    code, _join, _ = seated(client, clock="1")
    clock.t += 75
    html = client.get(f"/tables/{code}").get_data(as_text=True)
    # the running seat's time as of the last step (0:00), ticked by the phone from the server's
    # start time; every seat's time in the summary
    assert f'data-clock-since="{clock.t - 75}"' in html
    assert re.search(r'data-clock="now">Clock: Ann <span class="num" data-clock-seat="1" '
                     r'data-used="0[.0]*" data-running>0:00', html)
    assert 'data-clock="glance">Thinking time: Ann' in html
    assert f'<meta name="server-now" content="{clock.t}">' in html
    r = client.post(f"/tables/{code}/act", data=form_data(html, "pass"))
    assert r.status_code == 303
    clock.t += 5
    html = client.get(f"/tables/{code}").get_data(as_text=True)
    assert 'data-clock-seat="1" data-used="75.0">1:15' in html
    r = client.post(f"/tables/{code}/clock", data={"clock": "pause", "csrf_token": csrf(
        client.get(f"/tables/{code}"))})
    assert r.status_code == 303
    html = client.get(f"/tables/{code}").get_data(as_text=True)
    assert 'data-clock="now">Clock: paused' in html and 'data-clock-since="' not in html
    assert 'id="clock-resume"' in html
    scores = client.get(f"/tables/{code}/scores").get_data(as_text=True)
    assert "Thinking time" in scores and "<td class=\"num\" data-thinking>1:15</td>" in scores


def test_clock_is_off_by_default_and_the_page_says_nothing_of_it_but_the_switch(client, double):
    code, _join, _ = seated(client)
    html = client.get(f"/tables/{code}").get_data(as_text=True)
    part = html[html.index('<div id="live"'):]
    shown = re.sub(r"data-clock-(form|card)", "", part)
    assert "data-clock" not in shown and "Clock:" not in shown and 'id="clock-on"' in part
    assert "Thinking time" not in client.get(f"/tables/{code}/scores").get_data(as_text=True)


def test_korean_words_for_the_clock_and_undo_back(client, double):
    code, _join, _ = seated(client, clock="1")
    html = client.get(f"/tables/{code}", headers={"Accept-Language": "ko"}).get_data(as_text=True)
    for english in ("Thinking time", "Pause the clock", "Nudge on my turn", "Switch the clock"):
        assert english not in html, english
    html = client.get(f"/tables/{code}", headers={"Accept-Language": "ko"}).get_data(as_text=True)
    r = client.post(f"/tables/{code}/act", data=form_data(html, "pass"))
    page = client.get(f"/tables/{code}/undo-to/1", headers={"Accept-Language": "ko"})
    assert page.status_code == 200
    text = page.get_data(as_text=True)
    for english in ("Undo back", "This takes back", "Undo this"):
        assert english not in text, english
    assert r.status_code == 303


def test_undo_back_to_here_lists_each_step_and_marks_the_undone_in_the_history(
        app, client, double):
    code, join, _ = seated(client)
    bo = app.test_client()
    r = bo.post(join, data={"player": "2", "csrf_token": csrf(bo.get(join))})
    assert r.status_code == 303
    for phone in (client, bo, client):           # steps 1 and 3 Ann's, step 2 Bo's
        html = phone.get(f"/tables/{code}").get_data(as_text=True)
        data = form_data(html, "pass")
        data["confirm"] = "1"
        assert phone.post(f"/tables/{code}/act", data=data).status_code == 303
    hist = client.get(f"/tables/{code}/history").get_data(as_text=True)
    assert hist.count("data-back-to=") == 3
    page = client.get(f"/tables/{code}/undo-to/2").get_data(as_text=True)
    assert re.findall(r'<li data-version="(\d+)">', page) == ["3", "2"]
    assert "Steps of Bo are among them" in page and "Ask to undo these 2 steps" in page
    r = client.get(f"/tables/{code}/undo-to/9")
    assert r.status_code == 422 and "not in force" in r.get_data(as_text=True)
    # Ann's own last step alone: at once
    page = client.get(f"/tables/{code}/undo-to/3").get_data(as_text=True)
    assert "Undo this step" in page and "Steps of" not in page
    r = client.post(f"/tables/{code}/undo-to/3", data={"csrf_token": csrf(
        client.get(f"/tables/{code}"))})
    assert r.status_code == 303
    html = client.get(f"/tables/{code}").get_data(as_text=True)
    assert re.search(r'id="taken-back".*data-taken-back="3"', html, re.S)
    hist = client.get(f"/tables/{code}/history").get_data(as_text=True)
    assert re.search(r'data-version="3" data-undone>\s*<span class="tag">UNDONE</span>', hist)
    assert hist.count("data-back-to=") == 2
    # back to Bo's step: Bo is asked on his phone, and his approval undoes it
    r = client.post(f"/tables/{code}/undo-to/2", data={"csrf_token": csrf(
        client.get(f"/tables/{code}"))})
    assert r.status_code == 303
    html = bo.get(f"/tables/{code}").get_data(as_text=True)
    ask = re.search(r'data-consent="(\d+)" data-only="2">\s*<p>Ann asks to undo your step: '
                    r'1 step, back to #2</p>', html)
    assert ask
    r = bo.post(f"/tables/{code}/undo/{ask.group(1)}", data={
        "answer": "approve", "csrf_token": csrf(bo.get(f"/tables/{code}"))})
    assert r.status_code == 303
    html = client.get(f"/tables/{code}").get_data(as_text=True)
    assert re.search(r'data-version="5"', html) and 'data-taken-back="2"' in html
