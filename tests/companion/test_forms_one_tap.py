"""A form whose only field is a few choices none of which is preselected (a par's prices) is
one button per choice, the choice on the button: one tap enters the step (issue 12)."""
from companion import actionforms
from engine import contract as C


def form(params: dict, kind="par"):
    return actionforms.build(0, {"type": kind, "entity": "1", "corporation": "A",
                                 "params": params})


def test_a_par_is_one_button_per_price():
    f = form({"price": C.choice("money", [95, 90, 85, 80, 75, 70])})
    assert f.one_tap is f.fields[0]
    assert [c[0] for c in f.one_tap.choices] == ["95", "90", "85", "80", "75", "70"]
    # the price a button posts is the action's price
    assert actionforms.action_from(f, {"price": "80"})["price"] == 80


def test_a_choice_with_a_default_or_beside_other_fields_keeps_its_button():
    assert form({"price": C.choice("money", [95, 90], default=90)}).one_tap is None
    assert form({"price": C.choice("money", [95])}).one_tap is None        # nothing to choose
    assert form({"price": C.choice("money", [95, 90]),
                 "source": C.choice("entity", ["ipo", "pool"])}).one_tap is None
    many = list(range(10, 10 * (actionforms.ONE_TAP_MAX + 2), 10))
    assert form({"price": C.choice("money", many)}).one_tap is None        # a list instead
    assert form({"source": C.choice("entity", ["ipo", "pool"])}).one_tap is None   # preselected


def test_a_last_field_declared_buttons_enters_the_step_under_the_fields_above_it():
    """A delivery: its chain (preselected, the usual one) above, then one button per good's
    colour, none preselected: the colour's tap enters the step."""
    f = form({"route": C.choice("text", ["1+", "2+"], default="1+"),
              "colour": C.choice("text", ["red", "blue"], buttons=True)}, kind="move_good")
    assert f.one_tap is f.fields[-1] and f.one_tap.default is None
    assert actionforms.action_from(f, {"route": '"2+"', "colour": '"blue"'}) == {
        "type": "move_good", "entity": "1", "corporation": "A", "route": "2+", "colour": "blue"}
    # buttons not declared beside another field: a choice with its button, as before
    assert form({"route": C.choice("text", ["1+", "2+"], default="1+"),
                 "colour": C.choice("text", ["red", "blue"])}).one_tap is None


def test_buttons_are_declared_last_with_a_few_choices_and_none_preselected():
    good = C.choice("text", ["red", "blue"], buttons=True)
    route = C.choice("text", ["1+"], default="1+")
    C.check_entry({"type": "move_good", "params": {"route": route, "colour": good}})
    for params in ({"colour": good, "route": route},
                   {"colour": {**good, "default": "red"}},
                   {"colour": {**good, "choices": ["red"]}}):
        try:
            C.check_entry({"type": "move_good", "params": params})
        except C.ContractError:
            continue
        raise AssertionError(f"not refused: {params}")


def test_a_choice_s_value_is_its_json_text_whatever_was_made_before():
    """A plain value's text is made once and kept (actionforms._json): True is never "1", 1
    never "true", and a text comes back as JSON says it, while the kept ones are dropped and
    made again."""
    import json
    values = [True, 1, False, 0, None, "1", "true", "한국", 'a "quote"', "line\nbreak", 2.5,
              [1, "x"], {"b": 1, "a": [True]}]
    for _ in range(3):
        for v in values:
            assert actionforms._json(v) == json.dumps(v, sort_keys=True, ensure_ascii=False)
        for i in range(actionforms.JSON_KEPT + 5):       # more than are kept: dropped, made again
            assert actionforms._json(i) == str(i)
    f = form({"open": C.choice("flag", [True, False])}, kind="x")
    assert [c[0] for c in f.fields[0].choices] == ["true", "false"]
    assert actionforms.action_from(f, {"open": "true"})["open"] is True
