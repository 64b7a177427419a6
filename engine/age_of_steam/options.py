"""The base rules' disputed readings, offered to every Age of Steam title as table options
(``shared/reference/AgeOfSteam.md``, "where the sources disagree"); the default is the reading
of A1 and A3 (the quick reference's phase order and payment list), the other N1's."""
from __future__ import annotations

from engine import contract as C
from engine.age_of_steam.data import TRACK_COMPLETED, TRACK_OWNED

HALF_FOR_THE_REST, HALF_FOR_THE_SECOND_OUT = "half_rest", "half_second_out"
AFTER_SHORTFALL, BEFORE_SHORTFALL = "after_shortfall", "before_shortfall"

FAMILY_OPTIONS = {
    "auction_payment": {**C.choice("text", [HALF_FOR_THE_REST, HALF_FOR_THE_SECOND_OUT], {
        HALF_FOR_THE_REST: C.msg("option.auction.half_rest", "Every place after the second "
                                 "pays half its bid, rounded up"),
        HALF_FOR_THE_SECOND_OUT: C.msg("option.auction.half_second_out", "Only the second to "
                                       "drop out pays half; the others after the second pay "
                                       "in full")}),
        "default": HALF_FOR_THE_REST,
        "label": C.msg("option.auction", "Auction payments (5-6 players)"),
        "rule": C.msg("option.auction.rule", "The first player to drop out pays nothing; the "
                      "first and second players pay their bid; everyone else pays half their "
                      "bid, rounded up. (Age of Steam quick reference)")},
    "reduction_from": {**C.choice("text", [AFTER_SHORTFALL, BEFORE_SHORTFALL], {
        AFTER_SHORTFALL: C.msg("option.reduction.after", "From the income after a shortfall"),
        BEFORE_SHORTFALL: C.msg("option.reduction.before", "From the income before a "
                                "shortfall")}),
        "default": AFTER_SHORTFALL,
        "label": C.msg("option.reduction", "Income reduction"),
        "rule": C.msg("option.reduction.rule", "7 Pay expenses · 8 Income reduction (the "
                      "phases in this order, Age of Steam quick reference)")},
    "track_scoring": {**C.choice("text", [TRACK_COMPLETED, TRACK_OWNED], {
        TRACK_COMPLETED: C.msg("option.track.completed", "Only track in completed links"),
        TRACK_OWNED: C.msg("option.track.owned", "Every track tile the player owns")}),
        "default": TRACK_COMPLETED,
        "label": C.msg("option.track", "Track at scoring"),
        "rule": C.msg("option.track.rule", "1 VP / section of track that is part of Completed "
                      "Link (Age of Steam quick reference)")},
}


def auction_payment(place: int, places: int, bid: int, reading: str = HALF_FOR_THE_REST) -> int:
    """What the player in ``place`` (0 = first) of ``places`` pays for a last bid of ``bid``."""
    if places > 1 and place == places - 1:
        return 0                               # the first to drop out
    if place < 2:
        return bid
    if reading == HALF_FOR_THE_SECOND_OUT and place != places - 2:
        return bid
    return (bid + 1) // 2
