"""The picture of the network (``engine/age_of_steam/network.py``): the book's ``network``
section, one line per link in its owner's colour with its tile count, unfinished links
dashed, the places named, laid out within the picture the same way every time."""
from engine import contract as C
from engine.age_of_steam.network import WIDTH, _box, _overlap, height, layout, text_width
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


NZ = ["Auckland", "Wellington", "⛴ 1", "⛴ 2", "⛴ 3", "⛴ 4", "⛴ 5", "Whangarei", "Hamilton",
      "Tauranga", "Rotorua", "Gisborne", "Napier", "New Plymouth", "Palmerston North",
      "Nelson", "Christchurch", "Dunedin", "Invercargill", "Timaru"]
KOREA = ["서울", "수원", "개성", "평양", "신의주", "대전", "대구", "부산", "광주", "목포", "원산",
         "함흥", "청진", "강릉", "춘천", "인천"]


def test_the_names_stay_in_the_box_apart_from_each_other_the_same_every_time():
    for names in (NZ, KOREA, [f"Place {i}" for i in range(14)], ["Solo"]):
        texts = {n: f"Outlying island {n[-1]}" for n in names if n.startswith("⛴")}
        drawn = layout(names, texts)
        assert drawn == layout(list(names), dict(texts))
        h = height(len(names))
        boxes = [_box(tx, ty, anchor, text_width(texts.get(n, n)))
                 for n, (x, y, tx, ty, anchor) in drawn.items()]
        for (x, y, *_), box in zip(drawn.values(), boxes):
            assert 0 <= x <= WIDTH and 0 <= y <= h
            assert 0 <= box[0] and box[2] <= WIDTH and 0 <= box[1] and box[3] <= h, box
        assert not any(_overlap(a, b) for i, a in enumerate(boxes) for b in boxes[i + 1:])
    assert height(40) > height(20) > height(10) == height(3)     # taller with more places


def test_the_links_stay_in_the_box():
    g, _, _ = network()
    s = section(g)
    for k in s["links"]:
        assert 0 <= k["x"] <= s["width"] and 0 <= k["y"] <= s["height"]


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
