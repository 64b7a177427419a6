"""Share holdings: presidency, certificate counts, selling the president's certificate."""
from engine.core18xx.shares import IPO, POOL, ShareBook


def book():
    b = ShareBook({"X": {}}, ["1", "2", "3", "4"])
    b.move("X", IPO, "1", 20)
    b.president["X"] = "1"
    return b


def test_certificates_count_the_presidents_as_one():
    b = book()
    b.move("X", IPO, "1", 20)
    assert b.percent("X", "1") == 40 and b.certs("X", "1") == 3
    b.move("X", IPO, "2", 10)
    assert b.certs("X", "2") == 1


def test_presidency_goes_to_the_larger_holder_nearest_in_seating():
    b = book()
    b.move("X", IPO, "3", 20)
    b.move("X", IPO, "4", 20)
    assert b.check_president("X") == (None, None)          # a tie keeps the president
    b.move("X", "1", POOL, 10)
    assert b.check_president("X") == ("1", "3")             # 3 is nearer after 1 than 4


def test_cannot_dump_the_presidents_certificate_without_a_taker():
    b = book()
    b.move("X", IPO, "1", 10)
    b.move("X", IPO, "2", 10)
    assert b.can_dump("X", "1", 10)       # keeps 20%
    assert not b.can_dump("X", "1", 20)   # nobody holds 20%
    b.move("X", IPO, "2", 10)
    assert b.can_dump("X", "1", 30)
    assert b.would_change_president("X", "1", 20)


def test_holdings_always_add_up_to_100():
    b = book()
    b.move("X", IPO, "2", 30)
    b.move("X", "2", POOL, 10)
    assert sum(b.held["X"].values()) == 100
