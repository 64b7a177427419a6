"""The Age of Steam family (Martin Wallace): the base rules' bookkeeping, beside the 18xx
core and independent of it. A map title gives a ``board_map.BaseMap`` subclass with what its
rulebook changes; ``SteamGame`` plays any of them.

Modules by rule: ``data`` (the base figures and their sources), ``board_map`` (what a map
may change), ``auction`` (issuing shares, the turn-order auction), ``selection`` (actions),
``building`` (track builds, Urbanization), ``links`` (the register of links and
chains), ``network`` (the picture of the links), ``moving`` (goods moves), ``accounts`` (income,
expenses, reduction, elimination, corrections), ``book`` (what the phones show); ``base``
keeps the money and the turn loop. Words: ``words`` (English and Korean).

Actions (``entity`` the acting player):
  issue_shares {count} · bid {amount} · drop_out · turn_order_pass
  · select_action {pick} · no_action · urbanize {colour, [town], [region]}
  · build {kind, [exits], form, link, reaches, [region]}
  · build_done · move_good {colour, route}
  · (older logs only: deliver {links, colour, owner_1 .. owner_<links>, ...map's fields})
  · raise_locomotive · pass_move · correction {kind, player, amount | value, reason}
"""
from __future__ import annotations

from engine.age_of_steam.accounts import AccountsMixin
from engine.age_of_steam.auction import AuctionMixin
from engine.age_of_steam.base import Base, err
from engine.age_of_steam.book import BookMixin
from engine.age_of_steam.building import BuildingMixin
from engine.age_of_steam.moving import MovingMixin
from engine.age_of_steam.network import NetworkMixin
from engine.age_of_steam.selection import SelectionMixin

FAMILY = "age-of-steam"
WORDS = "engine.age_of_steam.words"

# phase -> {action type: handler name}
HANDLERS = {
    "shares": {"issue_shares": "issue_shares"},
    "auction": {"bid": "bid", "drop_out": "drop_out", "turn_order_pass": "use_turn_order_pass"},
    "actions": {"select_action": "select_action", "no_action": "no_action"},
    "build": {"build": "build", "build_done": "build_done", "urbanize": "urbanize"},
    "move": {"move_good": "move_good", "deliver": "deliver",
             "raise_locomotive": "raise_locomotive", "pass_move": "pass_move"},
}
LEGAL = {"shares": "shares_legal", "auction": "auction_legal", "actions": "actions_legal",
         "build": "build_legal", "move": "move_legal"}
ALL_TYPES = {t for h in HANDLERS.values() for t in h} | {"correction"}


class SteamGame(Base, AuctionMixin, SelectionMixin, BuildingMixin, MovingMixin,
                AccountsMixin, BookMixin, NetworkMixin):
    def __init__(self, players, seed, options, board):
        self._init_books(players, seed, options, board)
        self.move_round = 0
        self.auction = {"in": [], "dropped": [], "high": 0, "leader": None, "bids": {},
                        "pass_used": False, "turn": None}
        self.builds, self.urbanized = [], False
        self.start_turn()
        self._events = []

    def apply(self, action: dict) -> list:
        self._events = []
        kind = action["type"]
        if kind == "correction":
            self.correction(action)
            return self._events
        if kind not in ALL_TYPES:
            raise err("unknown_action", f"No action {kind!r} in Age of Steam.", type=kind)
        handler = HANDLERS.get(self.phase, {}).get(kind)
        if handler is None:
            raise err("wrong_phase", f"{kind} is not taken now ({self.phase}).",
                      type=kind, phase=self.phase or "over")
        p = self.must_be_acting(action)
        getattr(self, handler)(p, action)
        return self._events

    def legal_actions(self) -> list[dict]:
        if self.finished:
            return []
        who = self.current()
        out = getattr(self, LEGAL[self.phase])(who) if who else []
        return out + self.correction_legal()
