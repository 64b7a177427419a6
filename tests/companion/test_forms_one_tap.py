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
