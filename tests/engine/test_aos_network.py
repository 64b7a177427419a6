"""The picture of the network (``engine/age_of_steam/network.py``): the book's ``network``
section, one line per link in its owner's colour with its tile count, unfinished links
dashed, the places named, laid out within the picture the same way every time."""
from engine import contract as C
from engine.age_of_steam.network import SIZE, layout
from tests.engine.helpers_aos import act, new, walk, who
from tests.engine.test_aos_links import network


def section(g):
    book = g.rules.book()
    C.check_book(book)
    return next((s for s in book if s["kind"] == "network"), None)


def test_the_book_draws_every_link_in_its_owners_colour_unfinished_ones_dashed():
    g, first, second = network()
    s = section(g)
    reg = g.rules.register
    assert len(s["links"]) == len(reg.links) == 5
    seats = g.rules.players
    for k, drawn in zip(reg.links.values(), s["links"]):
        assert drawn["complete"] == bool(k["b"]) and drawn["tiles"] == k["tiles"]
        assert drawn["owner"] == C.player(k["owner"])
        assert drawn["colour"] == seats.index(k["owner"])
    assert [d["complete"] for d in s["links"]] == [True, True, True, True, False]
    assert [p["name"]["v"] for p in s["places"]] == ["A", "B", "C", "D", "E"]
    label = s["links"][3]["label"]
    assert label["code"] == "network.link" and label["params"]["tiles"] == 2
    assert s["links"][4]["label"]["code"] == "network.link_unfinished"


def test_the_picture_stays_in_its_box_and_is_laid_out_the_same_every_time():
    names = [f"Place {i}" for i in range(14)]
    assert layout(names) == layout(list(names))
    for x, y, anchor, dy in layout(names).values():
        assert 10 <= x <= SIZE - 10 and 10 <= y + dy <= SIZE - 5
        # a name is written inward: from a point on the left rightward, on the right leftward
        assert anchor == "middle" or (anchor == "start") == (x < SIZE / 2)
    g, _, _ = network()
    for k in section(g)["links"]:
        assert 0 <= k["x"] <= SIZE and 0 <= k["y"] <= SIZE


def test_a_second_link_between_two_places_bows_out_and_nobodys_link_is_grey():
    g = walk(new(n=3, seed=8), "build")
    act(g, "build", kind="plain", link="A", reaches="B")
    act(g, "build", kind="plain", link="B", reaches="A")
    act(g, "build", kind="plain", link="A")
    g.rules.register.links[3]["owner"] = None               # lost at the end of a turn
    s = section(g)
    assert s["links"][0]["d"].count("L") == 1 and "Q" in s["links"][1]["d"]
    assert s["links"][2]["colour"] is None and s["links"][2]["owner"] is None
    assert "nobody" in s["links"][2]["label"]["params"]


def test_no_picture_before_the_first_link_and_new_zealand_names_its_islands_in_words():
    g = walk(new("AoS-NewZealand", n=2, seed=4), "build")
    assert section(g) is None
    act(g, "build", kind="ferry", link="Wellington", reaches="⛴ 2")
    s = section(g)
    names = [p["name"]["v"] for p in s["places"]]
    assert "Wellington" in names and {"code": "nz.island", "message": "Outlying island 2",
                                      "params": {"n": 2}} in names
    assert s["links"][0]["label"]["message"].startswith("Link 1: Wellington – Outlying island 2")
    assert who(g) is not None
