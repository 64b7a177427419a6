"""The ledger and the depot."""
import pytest

from engine import GameError
from engine.core18xx.bank import BANK, Ledger
from engine.core18xx.trains import Depot
from engine.titles.title_1888n import TRAINS


def test_money_is_conserved_and_the_bank_breaks_below_zero():
    led = Ledger(100)
    led.open("a")
    led.pay(BANK, "a", 100)
    assert led.total() == 100 and not led.broken
    led.pay(BANK, "a", 10)
    assert led.broken and led.of(BANK) == -10 and led.total() == 100


def test_a_player_cannot_pay_more_than_they_have():
    led = Ledger(100)
    led.open("a", 0)
    with pytest.raises(GameError) as e:
        led.pay("a", BANK, 1)
    assert e.value.code == "cannot_afford"


def test_depot_sells_in_order_and_numbers_unlimited_trains():
    d = Depot(TRAINS)
    assert d.next_train() == "2-0" and d.available() == ["2-0"]
    d.take("2-0")
    assert d.next_train() == "2-1"
    d.upcoming = [t for t in d.upcoming if Depot.kind(t) == "D"]
    assert d.next_train() == "D-0"
    d.take("D-0")
    assert d.next_train() == "D-1"
    d.discarded.append("3-4")
    assert d.available() == ["D-1", "3-4"]
    assert d.cheapest() == ("3-4", 180)
