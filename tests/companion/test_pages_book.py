"""The book as a player reads it, redo, and dependent choices (choices_by / max_by)."""
import re

from tests.companion.test_pages import csrf, double, form_data, seated  # noqa: F401  (fixture)


def _post_form(client, code, html, kind):
    return client.post(f"/tables/{code}/act", data={**form_data(html, kind), "confirm": "1"})


def test_redo_button_brings_back_the_step_undone(client, double):
    code, _, _ = seated(client)
    html = client.get(f"/tables/{code}").get_data(as_text=True)
    assert 'id="redo"' not in html
    assert _post_form(client, code, html, "pass").status_code == 303
    html = client.get(f"/tables/{code}").get_data(as_text=True)
    r = client.post(f"/tables/{code}/undo", data={"csrf_token": csrf(client.get(f"/tables/{code}")),
                                                  "expected_version": "1"})
    assert r.status_code == 303
    html = client.get(f"/tables/{code}").get_data(as_text=True)
    assert 'id="redo"' in html
    r = client.post(f"/tables/{code}/redo", data={"csrf_token": csrf(client.get(f"/tables/{code}")),
                                                  "expected_version": "2"})
    assert r.status_code == 303
    html = client.get(f"/tables/{code}").get_data(as_text=True)
    assert 'data-version="3"' in html and 'id="redo"' not in html


def test_choices_by_and_max_by_render_every_choice_and_the_server_checks_them(app):
    from companion import actionforms
    from engine.core18xx.entries import entry
    from engine import contract as C
    legal = [entry("trade_asset", "1", card="OA1", label=C.msg("act.trade_asset", "Trade OA1"),
                   params={"to": C.choice("entity", ["2", "3"]),
                           "price": C.number("money", 0, 500, max_by={
                               "field": "to", "map": {"2": 500, "3": 40}})}),
             entry("remove_train", "1", label=C.msg("act.remove_train", "Remove a train"),
                   params={"company": C.choice("company", ["KSR", "TR"]),
                           "train": C.choice("train", ["2", "3", "4"], choices_by={
                               "field": "company", "map": {"KSR": ["2", "3"], "TR": ["4"]}})})]
    with app.test_request_context("/"):
        trade, remove = actionforms.forms(legal)
    price = trade.fields[1]
    assert price.by == "to" and price.by_map == {"2": 500, "3": 40}
    assert actionforms.action_from(trade, {"to": '"2"', "price": "300"})["price"] == 300
    try:
        actionforms.action_from(trade, {"to": '"3"', "price": "300"})
        raise AssertionError("over the maximum for that buyer")
    except actionforms.FormError as err:
        assert err.field == "price"
    train = remove.fields[1]
    assert [c[2] for c in train.choices] == ["2", "3", "4"]          # every choice, narrowed live
    assert actionforms.action_from(remove, {"company": '"TR"', "train": '"4"'})["train"] == "4"
    try:
        actionforms.action_from(remove, {"company": '"TR"', "train": '"2"'})
        raise AssertionError("a train of another company")
    except actionforms.FormError as err:
        assert err.field == "train"


def test_dependent_fields_carry_their_map_to_the_page(app):
    from companion import actionforms
    from companion.pages.step_form import step_form
    from engine.core18xx.entries import entry
    from engine import contract as C
    legal = [entry("remove_train", "1", label=C.msg("act.remove_train", "Remove a train"),
                   params={"company": C.choice("company", ["KSR", "TR"]),
                           "train": C.choice("train", ["2", "4"], choices_by={
                               "field": "company", "map": {"KSR": ["2"], "TR": ["4"]}})})]
    with app.test_request_context("/"):
        html = "".join(step_form(f, "x", 1, "c", "k") for f in actionforms.forms(legal))
    assert 'data-by="company"' in html and "data-map=" in html and "<select" in html


def test_the_book_reads_in_words(client):
    """1888-N's book: players' certificates, companies, trains, no internal keys in sight."""
    from engine import titles
    from tests.companion.test_pages_games import play, start
    if "1888-N" not in titles.TITLES:
        import pytest
        pytest.skip("1888-N is not here")
    code = start(client, "1888-N", ["Ann", "Bo", "Cy"], 2)
    play(client, code, 2, 40)
    html = client.get(f"/tables/{code}").get_data(as_text=True)
    book = html[html.index('class="book"'):html.index('aria-label="History"')]
    assert re.search(r"[A-Z]{2,4} \d+% \(president\)", book)
    assert "Next train" in book and "-train" in book
    for internal in ("tile_supply", "tiles_laid", "turn_actions", "Tile supply", "Seating"):
        assert internal not in book


def test_title_events_in_korean_from_their_codes_with_names_and_money(app):
    from flask import request
    from companion.present import engine_text
    ev = {"code": "director_changed", "message": "Bo becomes director of KSR.",
          "params": {"company": "KSR", "director": "2", "previous": "1"}}
    bought = {"code": "train_bought", "message": "KSR buys a 3-train from the market for ₩200.",
              "board": "Move a 3-train from the train market to KSR.",
              "params": {"company": "KSR", "train": "3", "price": 200}}
    odd = {"code": "train_bought", "message": "English kept", "params": {"unexpected": 1}}
    with app.test_request_context("/", headers={"Accept-Language": "ko"}):
        from companion import present
        from engine import titles
        from engine.words import words_of
        present.use_table({"currency": "₩", "players": [{"id": "1", "name": "Ann"},
                                                      {"id": "2", "name": "Bo"}]},
                          words_of(titles.TITLES["18Korea"]))
        assert engine_text(ev) == "Bo가 KSR의 사장이 됩니다."
        assert "₩200" in engine_text(bought) and "열차" in engine_text(bought, "board")
        assert engine_text(odd) == "English kept"
    with app.test_request_context("/", headers={"Accept-Language": "en"}):
        assert engine_text(ev) == "Bo becomes director of KSR."


def test_a_forms_shown_only_prices_are_shown_not_sent(app):
    from companion.pages.step_form import step_form
    from companion import actionforms, present
    from engine.core18xx.steps.stock import share_entry
    legal = [share_entry("1", "LYR", {"ipo": 80, "pool": 75})]
    with app.test_request_context("/"):
        present.use_table({"currency": "¥", "players": [{"id": "1", "name": "Ann"}]})
        form = actionforms.forms(legal)[0]
        assert "prices" not in actionforms.action_from(form, {"source": '"pool"'})
        assert [c[1] for c in form.fields[0].choices] == ["IPO", "bank pool"]   # words, not ids
        html = step_form(form, "x", 1, "c", "k")
    assert "IPO: ¥80" in html and "bank pool: ¥75" in html
