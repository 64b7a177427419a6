"""The 2-D stock market: moves, edges, zones and operating order on one space."""
from engine.core18xx.market import StockMarket
from engine.titles.title_1888n import MARKET, MARKET_ZONES


def market():
    return StockMarket(MARKET, MARKET_ZONES)


def test_par_prices_and_zones():
    m = market()
    assert m.par_prices() == [95, 90, 85, 80, 75, 70]
    m.place("A", (5, 0))
    assert m.in_zone("A", "no_cert_limit")
    m.place("A", (5, 1))
    assert not m.in_zone("A", "no_cert_limit")


def test_right_along_a_row_and_up_at_its_end():
    m = market()
    m.place("A", m.par_space(95))
    m.move("A", "right")
    assert m.price("A") == 100
    m.place("A", (2, 14))            # 250, the end of row 2
    m.move("A", "right")
    assert m.pos["A"] == (1, 14) and m.price("A") == 275


def test_right_at_the_very_top_right_stays():
    m = market()
    m.place("A", (0, 17))
    assert not m.move("A", "right")
    assert m.price("A") == 400


def test_left_at_the_left_edge_moves_down():
    m = market()
    m.place("A", (1, 1))             # 85; (1, 0) has no space
    m.move("A", "left")
    assert m.pos["A"] == (2, 1) and m.price("A") == 80


def test_down_onto_no_space_does_not_move():
    m = market()
    m.place("A", (7, 5))             # 75; row 8 ends at column 4
    assert not m.move("A", "down")
    assert m.price("A") == 75
    m.place("A", (8, 0))
    assert not m.move("A", "down")


def test_sold_shares_move_down_one_row_each():
    m = market()
    m.place("A", m.par_space(95))
    m.move("A", "down", 3)
    assert m.pos["A"] == (4, 3) and m.price("A") == 80


def test_operating_order_price_then_column_then_row_then_arrival():
    m = market()
    m.place("A", (2, 4))   # 95
    m.place("B", (1, 3))   # 95, further left
    m.place("C", (2, 4))   # 95, arrived after A
    m.place("D", (1, 4))   # 100
    order = sorted("ABCD", key=m.sort_key)
    assert order == ["D", "A", "C", "B"]
    m.move("A", "right")
    m.move("A", "left")    # A comes back last on its space
    assert sorted("ABCD", key=m.sort_key) == ["D", "C", "A", "B"]
