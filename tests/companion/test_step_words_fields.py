"""A step whose fields share a name with a message's own keys (18Korea's asset card 'code')
is described in the history like any other: the page shows it, it does not fail."""
from engine import contract, titles
from engine.game import step_words


def test_a_field_named_code_or_message_is_a_param_like_any_other():
    m = contract.msg("act.x", "X", code="OA12", message="hi")
    assert m == {"code": "act.x", "message": "X", "params": {"code": "OA12", "message": "hi"}}


def test_an_18korea_asset_entered_reads_in_the_history(app, client):
    r = client.post("/api/tables", json={"title": "18Korea", "players": ["Ann", "Bo", "Cy"],
                                         "seed": 3})
    table = r.get_json()
    code, seat = table["code"], table["seats"][0]
    auth = {"Authorization": f"Bearer {seat['token']}"}
    r = client.post(f"/api/tables/{code}/actions", headers=auth, json={
        "action": {"type": "enter_asset", "entity": seat["player"], "code": "OA12",
                   "text": "Steel works"}, "expected_version": 0, "key": "a1"})
    assert r.status_code == 200, r.get_json()
    words = step_words(titles.TITLES["18Korea"], {"type": "enter_asset", "entity": "1",
                                                  "code": "OA12", "text": "Steel works"})
    assert words["label"]["params"]["code"] == "OA12"
    phone = app.test_client()
    assert phone.get(f"/tables/{code}/watch?token={seat['token']}").status_code == 303
    for path in (f"/tables/{code}", f"/tables/{code}/history", f"/tables/{code}/live"):
        page = phone.get(path)
        assert page.status_code == 200 and "OA12" in page.get_data(as_text=True), path


def test_an_undo_and_a_redo_have_words_in_both_languages_in_every_title():
    from engine.words import words_of
    for tid, spec in titles.TITLES.items():
        words, _ = words_of(spec)
        for kind in ("undo", "redo"):
            code = step_words(spec, {"type": kind})["label"]["code"]
            assert code in words and words[code].get("ko"), (tid, kind, code)
