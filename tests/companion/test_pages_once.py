"""The parts of a table's page that are alike on every phone (the book, its summary, the
history's entries, the forms' words, the whole live part) are made once per table, version and
language (``companion/pages/once.py``); each phone still gets its own row marked (by its own
style), its own token and keys, its own language, and a new version's part after a step."""
import re

from companion.live_wire import apply_delta
from companion.pages import once
from tests.browser.html_forms import parse
from tests.companion.live_server import blank_own, fill_own, made_of
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


def _form_fields(html: str, kind: str) -> dict:
    """The hidden fields of the first form of a step ``kind`` on a page (its token, index,
    version and key), read as the whole-game tests read a page's forms."""
    return next(f for f in parse(html) if f["type"] == kind)["hidden"]


def acting_seat_passes(client, table):
    """The acting seat passes, through the API: the answer."""
    code = table["code"]
    state = client.get(f"/api/tables/{code}",
                       headers={"Authorization": f"Bearer {table['seats'][0]['token']}"}).json
    acting = next(i for i, s in enumerate(table["seats"])
                  if s["player"] in state["state"]["acting_players"])
    entry = next(e for e in state["legal"] if e["type"] == "pass")
    return client.post(f"/api/tables/{code}/actions",
                       headers={"Authorization": f"Bearer {table['seats'][acting]['token']}"},
                       json={"action": {"type": "pass", "entity": entry["entity"]},
                             "expected_version": state["version"], "key": f"pass{state['version']}"})


def _marked(page: str) -> list[str]:
    """The seats whose rows this page's own style marks."""
    style = re.search(r'<style id="seat-style">(.*?)</style>', page, re.S).group(1)
    return re.findall(r'tr\[data-player="([^"]+)"\] td\{background:var\(--you\)\}', style)


def test_each_phone_marks_its_own_row_on_the_shared_book(app, client):
    table = _table(client)
    code, ids = table["code"], [s["player"] for s in table["seats"]]
    phones = [_phone(app, table, i) for i in range(3)]
    parts = [_live(p, code) for p in phones]
    assert len({blank_own(p) for p in parts}) == 1        # one live part for every seat
    keys = [re.findall(r'name="key" value="([^"]+)"', p) for p in parts]
    assert len({k for ks in keys for k in ks}) == sum(map(len, keys))   # every key its own
    for i, phone in enumerate(phones):
        page = phone.get(f"/tables/{code}").get_data(as_text=True)
        assert _marked(page) == [ids[i]]                   # its own rows, nobody else's
        assert f'<tr data-player="{ids[(i + 1) % 3]}">' in page
    watcher = _phone(app, table)
    assert _marked(watcher.get(f"/tables/{code}").get_data(as_text=True)) == []


def _shared(part: str) -> str:
    """A fetched part without what each phone fills in for itself: its CSRF token, its keys."""
    return re.sub(r'(name="(?:csrf_token|key)" value=)"[^"]*"', r"\1", part)


def test_the_book_is_made_once_per_version_and_language_not_once_per_phone(app, client,
                                                                           monkeypatch):
    from companion.pages import live_part
    table = _table(client)
    code = table["code"]
    made = []
    pieces = live_part.pieces
    monkeypatch.setattr(live_part, "pieces",
                        lambda code, access, *a, **kw: made.append(access.can_write) or
                        pieces(code, access, *a, **kw))
    sections = []
    section_html = live_part.section_html
    monkeypatch.setattr(live_part, "section_html", lambda s, *a: sections.append(s["id"]) or
                        section_html(s, *a))

    phones = [_phone(app, table, i) for i in range(3)] + [_phone(app, table)]
    korean = _phone(app, table, 0, lang="ko")
    english = [_live(p, code) for p in phones + phones]   # every phone twice
    # the live part once for the seats and the watchers alike (whoever asked first)
    assert len(made) == 1
    assert _shared(english[-1]) == _shared(english[0])      # a watcher's is a seat's
    before = len(made)
    ko = _live(korean, code)
    assert len(made) > before                          # another language: made again
    assert "장부" in ko and "The book" not in ko and "The book" in english[0]
    # a step moves the table on: the next fetch makes the new version's part, and of the
    # book only the sections the step changed
    assert acting_seat_passes(client, table).status_code == 200
    made.clear()
    sections.clear()
    after = _live(phones[0], code)
    assert made == [True] and 'data-version="1"' in after
    assert sections and "market" not in sections and "trains" not in sections
    # a watcher's part of that version is the seats' part, made already
    sections.clear()
    watched = _live(phones[-1], code)
    assert made == [True] and _shared(watched) == _shared(after) and sections == []


def test_a_refused_form_keeps_what_was_typed_beside_the_shared_parts(app, client):
    """The form that was posted is shown again with what was entered (per phone, not kept)."""
    table = _table(client)
    code = table["code"]
    phone = _phone(app, table, 0)
    html = phone.get(f"/tables/{code}").get_data(as_text=True)
    fields = _form_fields(html, "bid")
    fields.update(price="133", csrf_token=csrf(phone.get(f"/tables/{code}")))
    r = phone.post(f"/tables/{code}/act", data=fields, headers={"X-Live": "1"})
    assert r.status_code == 422
    again = re.search(rf'<form[^>]*data-form="{fields["i"]}".*?</form>',
                      r.get_data(as_text=True), re.S).group(0)
    assert 'value="133"' in again and 'role="alert"' in again
    assert 'value="133"' not in _live(phone, code)       # the next fetch: the shared form again


def test_a_form_counted_from_the_start_of_the_list_is_read_as_counted_from_its_end(app, client):
    """A form's ``i`` counts its entry's place from the end of the legal list; a page made
    before counted from its start: the same entry is read, and the answer is its form again,
    in its place."""
    table = _table(client)
    code = table["code"]
    phone = _phone(app, table, 0)
    html = phone.get(f"/tables/{code}").get_data(as_text=True)
    fields = _form_fields(html, "bid")
    at_end = int(fields["i"])
    assert at_end < 0
    legal = client.get(f"/api/tables/{code}", headers={
        "Authorization": f"Bearer {table['seats'][0]['token']}"}).json["legal"]
    assert legal[at_end]["type"] == "bid"
    fields.update(i=str(at_end + len(legal)), price="133",
                  csrf_token=csrf(phone.get(f"/tables/{code}")))
    r = phone.post(f"/tables/{code}/act", data=fields, headers={"X-Live": "1"})
    assert r.status_code == 422
    again = re.search(rf'<form[^>]*data-form="{at_end}".*?</form>',
                      r.get_data(as_text=True), re.S).group(0)
    assert 'value="133"' in again and 'role="alert"' in again


def test_a_forms_answer_makes_only_the_answered_form_and_is_what_a_fresh_making_gives(
        app, client, monkeypatch):
    """A post's answer with its form's error in it takes the rest of the part from what the
    table's phones share (one form made, not every form and section again), and says exactly
    what a part made from nothing says."""
    from companion.pages import live_part
    table = _table(client)
    code = table["code"]
    phone = _phone(app, table, 0)
    html = _live(phone, code)                    # the table's shared pieces are made
    fields = _form_fields(html, "bid")
    fields.update(price="133", expected_version="0",
                  csrf_token=csrf(phone.get(f"/tables/{code}")))
    made = []
    step_form = live_part.step_form
    monkeypatch.setattr(live_part, "step_form", lambda *a, **kw: made.append("form") or
                        step_form(*a, **kw))

    def answer() -> str:
        r = phone.post(f"/tables/{code}/act", data=fields, headers={"X-Live": "1"})
        assert r.status_code == 422
        return r.get_data(as_text=True)
    shared = answer()
    assert made == ["form"]           # the answered form alone
    assert 'value="133"' in shared and 'role="alert"' in shared
    live_part._memos.clear()                     # nothing shared left: every piece made
    once._made.clear()
    made.clear()
    fresh = answer()
    assert made.count("form") > 1
    assert blank_own(shared) == blank_own(fresh)
    # the answer is the shared part with its form made for it: what pieces() makes whole
    monkeypatch.setattr(live_part, "_answered", lambda *a, **kw: None)
    whole = answer()
    assert blank_own(whole) == blank_own(shared)
    assert re.search(r'data-made=""', shared)      # not the shared part's name


def test_a_step_asked_first_is_answered_as_a_whole_making_answers_it(app, client, monkeypatch):
    """A step the page asks about first ("Check before it counts") is answered with the part
    its kind of phone shares and that form, with its question, made for it: exactly what
    making the whole part for the answer gives, and not the shared part's name."""
    from companion.pages import live_part
    table = _table(client)
    code = table["code"]
    phone = _phone(app, table, 0)
    html = _live(phone, code)
    form = next(f for f in parse(html) if f["type"] == "bid")
    fields = dict(form["hidden"], price=str(form["numbers"]["price"][0] or 45),
                  csrf_token=csrf(phone.get(f"/tables/{code}")))

    def answer() -> str:
        r = phone.post(f"/tables/{code}/act", data=fields, headers={"X-Live": "1"})
        assert r.status_code == 200
        return r.get_data(as_text=True)
    from companion.pages import table as table_page
    monkeypatch.setattr(table_page, "asks_first", lambda kind: True)
    made = []
    pieces = live_part.pieces
    monkeypatch.setattr(live_part, "pieces", lambda *a, **kw: made.append(1) or pieces(*a, **kw))
    quick = answer()
    assert "data-confirm" in quick and 'data-made=""' in quick
    assert not made                    # the shared part (made for the page above) and one form
    monkeypatch.setattr(live_part, "_answered", lambda *a, **kw: None)
    assert blank_own(answer()) == blank_own(quick)


def test_a_post_builds_the_form_of_its_own_entry_alone():
    """``form_at``: the form a post names by its index, as the page's list of forms has it;
    nothing for an index without a form (out of the list, an undo's entry)."""
    from companion import actionforms
    from engine import Game
    game = Game("1888-N", [{"id": str(i), "name": n} for i, n in enumerate("ABC", 1)], 5)
    legal = game.legal_actions() + [{"type": "undo"}]
    every = {f.index: f for f in actionforms.forms(legal)}
    assert len(every) == len(legal) - 1
    for i in range(-1, len(legal) + 1):
        alone = actionforms.form_at(legal, i)
        assert (alone is None) == (i not in every)
        if alone is not None:
            assert alone == every[i]


def test_a_posts_answer_reads_no_state_back_from_its_json(app, client, monkeypatch):
    """A page's post is answered from the state as the engine made it (shared by the table's
    pages), not from a copy parsed back from the state's JSON text."""
    from companion.tables import TableService
    table = _table(client)
    code = table["code"]
    phone = _phone(app, table, 0)
    html = _live(phone, code)
    fields = _form_fields(html, "pass")
    fields.update(expected_version="0", csrf_token=csrf(phone.get(f"/tables/{code}")))
    read = []
    state = TableService.state
    monkeypatch.setattr(TableService, "state", lambda self, access: read.append(1) or
                        state(self, access))
    r = phone.post(f"/tables/{code}/act", data=fields, headers={"X-Live": "1"})
    assert r.status_code == 200 and 'data-version="1"' in r.get_data(as_text=True)
    assert read == []
    page = phone.get(f"/tables/{code}").get_data(as_text=True)        # the whole page too
    assert 'data-version="1"' in page and read == []


def test_a_steps_answer_is_what_changed_since_the_part_the_phone_holds(app, client):
    """A page's script says which part it holds (``X-Part``, that part's data-made) and is
    answered as its socket is pushed: what changed since that part, with the slots it fills in
    itself; the whole part when it holds none or one the server no longer has. The part so made
    is the one the phone would fetch, and its forms, filled in as the phone fills them, post."""
    import json

    from companion.live_wire import apply_delta
    table = _table(client)
    code = table["code"]
    phone = _phone(app, table, 0)
    token = csrf(phone.get(f"/tables/{code}"))

    def step(html: str, held: str):
        fields = dict(_form_fields(html, "pass"), confirm="1")    # (another seat's: yes)
        r = phone.post(f"/tables/{code}/act", data=fields,
                       headers={"X-Live": "1", "X-Part": held})
        assert r.status_code == 200 and r.mimetype == "application/json"
        return json.loads(r.get_data(as_text=True)), r
    msg, r = step(_live(phone, code), "")          # it holds no part: the whole part
    assert set(msg) == {"version", "part"} and msg["version"] == 1
    assert r.headers["X-Version"] == "1"
    held = msg["part"]
    assert "<csrf>" in held and "<key>" in held and token not in held
    msg, _ = step(fill_own(held, token), made_of(held))   # the part it holds: what changed
    assert set(msg) == {"version", "delta", "lines"} and msg["version"] == 2
    now = apply_delta(held, msg["delta"], msg["lines"])
    assert len(json.dumps(msg)) < len(now) / 4
    assert blank_own(now) == blank_own(_live(phone, code))
    msg, _ = step(fill_own(now, token), "0123456789abcdef")   # one it does not know: whole
    assert set(msg) == {"version", "part"} and msg["version"] == 3
    # the page's fetch of the part (after an undo request, say) comes the same way, a
    # watcher's too (seats and watchers share one part)
    made = made_of(msg["part"])
    assert made

    def fetched(who) -> dict:
        r = who.get(f"/tables/{code}", headers={"X-Live": "1", "X-Part": made})
        assert r.status_code == 200 and r.mimetype == "application/json"
        return json.loads(r.get_data(as_text=True))
    assert set(fetched(phone)) == {"version", "delta", "lines"}
    assert set(fetched(_phone(app, table))) == {"version", "delta", "lines"}


def test_a_steps_answer_is_what_changed_though_other_tables_stepped_meanwhile(app, client,
                                                                             monkeypatch):
    """The parts a post's answer is sent as a change from are kept per table:
    at 500 tables stepping every 10 s, the 512 parts kept among all tables were gone before a
    table's next step, and every post was answered with the whole part. Here the server
    keeps as many tables as are stepping (3), each of them stepping in turn."""
    import json

    from companion.kept import Kept
    from companion.pages import live_part
    monkeypatch.setattr(live_part, "_held", Kept(3))
    phones = []
    for _ in range(3):
        table = _table(client)
        phone = _phone(app, table, 0)
        phones.append([table["code"], phone, csrf(phone.get(f"/tables/{table['code']}")), ""])
    for turn in range(3):
        for at in phones:
            code, phone, token, held = at
            html = fill_own(held, token) if held else _live(phone, code)
            fields = dict(_form_fields(html, "pass"), confirm="1")
            r = phone.post(f"/tables/{code}/act", data=fields,
                           headers={"X-Live": "1", "X-Part": made_of(held) if held else ""})
            msg = json.loads(r.get_data(as_text=True))
            assert set(msg) == ({"version", "part"} if turn == 0 else
                                {"version", "delta", "lines"})
            at[3] = msg["part"] if "part" in msg else \
                apply_delta(held, msg["delta"], msg["lines"])
            assert blank_own(at[3]) == blank_own(_live(phone, code))
