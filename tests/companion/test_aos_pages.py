"""The Age of Steam maps through the phone pages as they are (no change to the companion):
a whole game of each played by posting the rendered forms, in English and in Korean, with the
book, the history, the scores and the exports rendering."""
import html as H
import re

import pytest

from tests.companion.test_pages import seated


def form_of(html: str, kind: str, nth: int = 0) -> str | None:
    found = re.findall(rf'<form[^>]*data-type="{kind}".*?</form>', html, re.S)
    return found[nth] if len(found) > nth else None


def filled(form: str, **given) -> dict:
    """Every field of a rendered form with its shown value (a select's first or selected
    option, a radio's checked or first one, the first of its buttons), then ``given``."""
    data = {}
    for tag in re.findall(r"<input[^>]*>", form):
        name = re.search(r'name="([^"]+)"', tag)
        if not name:
            continue
        value = re.search(r'value="([^"]*)"', tag)
        kind = re.search(r'type="(\w+)"', tag)
        if kind and kind.group(1) in ("radio", "checkbox"):
            if "checked" in tag or (kind.group(1) == "radio" and name.group(1) not in data):
                data[name.group(1)] = value.group(1) if value else "on"
            continue
        data[name.group(1)] = value.group(1) if value else ""
    for name, body in re.findall(r'<select[^>]*name="([^"]+)"[^>]*>(.*?)</select>', form, re.S):
        options = re.findall(r'<option[^>]*value="([^"]*)"([^>]*)>', body)
        chosen = [v for v, rest in options if "selected" in rest] or [v for v, _ in options]
        if chosen:
            data[name] = chosen[0]
    for name, value in re.findall(r'<button name="([^"]+)" value="([^"]*)"', form):
        data.setdefault(name, value)       # one button per choice: the first one's
    data = {k: H.unescape(v) for k, v in data.items()}
    data.update(given)
    return data


NEW = iter(range(1, 10 ** 6))


def step(client, code, html) -> bool:
    """Post one plain step for whoever acts, each form with the values it shows: no shares,
    drop out, the first action, builds while one is offered (each a link of one tile
    between two new places), then done, a delivery over the chain the form offers first
    (``test_aos_links_pages`` plays chains as a table chooses them); a form the engine
    refuses (too little cash) gives way to the next."""
    n = next(NEW)
    plans = [("issue_shares", {}), ("drop_out", {}), ("select_action", {}), ("no_action", {}),
             ("build", {"link": f"P{n}", "reaches": f"Q{n}"}), ("build_done", {}),
             ("move_good", {}),
             ("pass_move", {})]
    for kind, given in plans:
        form = form_of(html, kind)
        if form is None:
            continue
        r = client.post(f"/tables/{code}/act", data={**filled(form, **given), "confirm": "1"})
        if r.status_code == 303:
            return True
    return False


@pytest.mark.parametrize("title,players,lang", [
    ("AoS-NewZealand", ("Ann", "Bo"), "en"), ("AoS-Korea", ("Ann", "Bo", "Cy", "Di"), "ko")])
def test_a_whole_game_through_the_pages(client, title, players, lang):
    client.set_cookie("lang", lang)
    code, _, _ = seated(client, players=players, title=title)
    html = client.get(f"/tables/{code}").get_data(as_text=True)
    if lang == "en":
        assert "Shares issued" in html and "Issue shares ($5 each)" in html and "$10" in html
        assert "Actions this round" in html
    else:
        assert "발행 주식" in html and "주식 발행 (장당 $5)" in html
        assert "이번 라운드 분계선 통과" in html and "남에서 북으로만" in html
    posted = 0
    for _ in range(600):
        html = client.get(f"/tables/{code}").get_data(as_text=True)
        if not step(client, code, html):
            break
        posted += 1
    assert posted > 40
    html = client.get(f"/tables/{code}").get_data(as_text=True)
    assert ("Game over" in html) if lang == "en" else ("게임 종료" in html)
    for path in ("/history", "/scores", "/export.json", "/export.csv"):
        r = client.get(f"/tables/{code}{path}")
        assert r.status_code == 200, (path, r.get_data(as_text=True)[-500:])
    scores = client.get(f"/tables/{code}/scores").get_data(as_text=True)
    assert all(p in scores for p in players)
    if lang == "en":       # New Zealand: nobody shipped to all 5 islands in this plain play
        assert "out (victory condition not met)" in scores
    else:
        assert "3 × 수입" in scores or "탈락 (수입 0 미만)" in scores


def test_new_zealand_seed_cities_in_the_pages_language(client, app):
    """Auckland and Wellington, on the register from the start, are said in Korean on a
    Korean page (alone, and inside a link or a chain), in English on an English one."""
    from flask import g

    from companion.present import plain
    from engine import titles
    from engine.words import words_of
    from tests.companion.test_korean_pages import visible_text
    code, _, _ = seated(client, players=("Ann", "Bo"), title="AoS-NewZealand")
    client.set_cookie("lang", "ko")
    ko = visible_text(client.get(f"/tables/{code}").get_data(as_text=True))
    assert "오클랜드" in ko and "웰링턴" in ko
    assert "Auckland" not in ko and "Wellington" not in ko
    client.set_cookie("lang", "en")
    en = visible_text(client.get(f"/tables/{code}").get_data(as_text=True))
    assert "Auckland" in en and "오클랜드" not in en
    with app.test_request_context(headers={"Cookie": "lang=ko"}):
        g.words = words_of(titles.TITLES["AoS-NewZealand"])
        assert plain("Auckland → Hamiltonville (Ann) → Wellington (Bo)") == \
            "오클랜드 → Hamiltonville (Ann) → 웰링턴 (Bo)"
        assert plain("Wellington – Aucklands") == "웰링턴 – Aucklands"   # a whole name only
        assert plain("Wellington – ⛴ 2") == "웰링턴 – 외딴섬 2"      # an island: its words
    with app.test_request_context(headers={"Cookie": "lang=en"}):
        g.words = words_of(titles.TITLES["AoS-NewZealand"])
        assert plain("Wellington – ⛴ 2") == "Wellington – Outlying island 2"


def test_the_share_form_shows_cash_and_expenses_after_each_issue(client):
    """Issuing shares: each count says the cash after the issue, the shares out and the
    expenses a turn that follow (shares + locomotive level), in English and Korean; the
    chosen count is what is issued."""
    from tests.companion.test_korean_pages import visible_text
    code, _, _ = seated(client, players=("Ann", "Bo"), title="AoS-NewZealand")
    client.set_cookie("lang", "en")
    form = form_of(client.get(f"/tables/{code}").get_data(as_text=True), "issue_shares")
    text = " ".join(visible_text(form).split())
    assert "Cash: $10" in text and "Expenses a turn (shares + locomotive): $3" in text
    assert "0: cash $10, 2 shares out, expenses $3 a turn" in text
    assert "2: cash $20, 4 shares out, expenses $5 a turn" in text
    assert "13: cash $75, 15 shares out, expenses $16 a turn" in text
    assert "14:" not in text                                   # at most 15 shares in all
    client.set_cookie("lang", "ko")
    form = form_of(client.get(f"/tables/{code}").get_data(as_text=True), "issue_shares")
    text = " ".join(visible_text(form).split())
    assert "현금: $10" in text and "턴마다 비용 (주식 + 기관차): $3" in text
    assert "2장: 현금 $20, 발행 주식 4장, 턴마다 비용 $5" in text
    r = client.post(f"/tables/{code}/act", data={**filled(form, count="2"), "confirm": "1"})
    assert r.status_code == 303
    client.set_cookie("lang", "en")
    history = client.get(f"/tables/{code}/history").get_data(as_text=True)
    assert "issues 2 share(s) for $10" in history
