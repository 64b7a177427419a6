"""companion/kept.py: the newest values are kept, the oldest dropped first; a value asked for
becomes the newest."""
from companion.kept import Kept


def test_the_oldest_is_dropped_first_and_a_value_asked_for_is_newest():
    kept = Kept(2)
    kept.put("a", 1)
    kept.put("b", 2)
    assert kept.get("a") == 1            # "a" is now the newest: "b" goes first
    kept.put("c", 3)
    assert kept.get("b") is None and kept.get("a") == 1 and kept.get("c") == 3
    assert len(kept) == 2


def test_a_kept_none_is_told_from_nothing_kept():
    kept = Kept(4)
    kept.put("x", None)
    missing = object()
    assert kept.get("x", missing) is None and kept.get("y", missing) is missing
    kept.clear()
    assert kept.get("x", missing) is missing and len(kept) == 0
