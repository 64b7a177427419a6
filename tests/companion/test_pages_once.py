"""The parts of a table's page that are alike on every phone (the book, its summary, the
history's entries, the forms' words) are made once per table, version and language
(``companion/pages/once.py``); each phone still gets its own row marked, its own language,
and a new version's book after a step."""
import re

from flask import template_rendered

from tests.companion.test_pages import csrf


def _table(client, players=("Ann", "Bo", "Cy")):
    r = client.post("/api/tables", json={"title": "1888-N", "players": list(players), "seed": 5})
    assert r.status_code == 201
    return r.json


def _phone(app, table, seat=None, lang="en"):
    phone = app.test_client()
    phone.set_cookie("lang", lang)
    token = table["seats"][seat]["token"] if seat is not None else table["spectate_token"]
    assert phone.get(f"/tables/{table['code']}/watch?token={token}").status_code == 303
    return phone


def _live(phone, code) -> str:
    r = phone.get(f"/tables/{code}/live", headers={"X-Live": "1"})
    assert r.status_code == 200
    return r.get_data(as_text=True)


def _marked(html: str) -> list[str]:
    return re.findall(r'<tr class="you" data-player="([^"]+)">', html)


def test_each_phone_marks_its_own_row_on_the_shared_book(app, client):
    table = _table(client)
    code, ids = table["code"], [s["player"] for s in table["seats"]]
    pages = [_live(_phone(app, table, i), code) for i in range(3)]
    for i, html in enumerate(pages):
        assert set(_marked(html)) == {ids[i]}              # its own rows, nobody else's
        assert f'<tr data-player="{ids[(i + 1) % 3]}">' in html
    watcher = _live(_phone(app, table), code)
    assert _marked(watcher) == []                          # a spectator has no row


def test_the_book_is_made_once_per_version_and_language_not_once_per_phone(app, client):
    table = _table(client)
    code = table["code"]
    made = []

    def seen(sender, template, context, **extra):
        if template.name in ("book/sections.html", "book/summary.html"):
            made.append((template.name, context["glance_first"]))

    phones = [_phone(app, table, i) for i in range(3)] + [_phone(app, table)]
    korean = _phone(app, table, 0, lang="ko")
    template_rendered.connect(seen, app)
    try:
        english = [_live(p, code) for p in phones + phones]   # every phone twice
        # the acting phone's book (its step first) and the others' (the summary first)
        assert sorted(set(made)) == sorted(made) and len(made) <= 3
        before = len(made)
        ko = _live(korean, code)
        assert len(made) > before                          # another language: made again
        assert "장부" in ko and "The book" not in ko and "The book" in english[0]
        # a step moves the table on: the next fetch makes the new version's book
        state = client.get(f"/api/tables/{code}",
                           headers={"Authorization": f"Bearer {table['seats'][0]['token']}"}).json
        acting = next(i for i, s in enumerate(table["seats"])
                      if s["player"] in state["state"]["acting_players"])
        entry = next(e for e in state["legal"] if e["type"] == "pass")
        r = client.post(f"/api/tables/{code}/actions",
                        headers={"Authorization": f"Bearer {table['seats'][acting]['token']}"},
                        json={"action": {"type": "pass", "entity": entry["entity"]},
                              "expected_version": state["version"], "key": "k1"})
        assert r.status_code == 200
        made.clear()
        after = _live(phones[0], code)
        assert made and 'data-version="1"' in after
    finally:
        template_rendered.disconnect(seen, app)


def test_a_refused_form_keeps_what_was_typed_beside_the_shared_parts(app, client):
    """The form that was posted is shown again with what was entered (per phone, not kept)."""
    table = _table(client)
    code = table["code"]
    phone = _phone(app, table, 0)
    html = phone.get(f"/tables/{code}").get_data(as_text=True)
    form = re.search(r'<form[^>]*data-type="bid".*?</form>', html, re.S)
    assert form is not None
    fields = dict(re.findall(r'<input[^>]*?name="(\w+)"[^>]*?value="([^"]*)"', form.group(0)))
    fields.update(price="133", csrf_token=csrf(phone.get(f"/tables/{code}")))
    r = phone.post(f"/tables/{code}/act", data=fields, headers={"X-Live": "1"})
    assert r.status_code == 422
    again = re.search(rf'<form[^>]*data-form="{fields["i"]}".*?</form>',
                      r.get_data(as_text=True), re.S).group(0)
    assert 'value="133"' in again and 'role="alert"' in again
    assert 'value="133"' not in _live(phone, code)       # the next fetch: the shared form again
