"""Draft round (RB §6) and the two-player draft (RB §13)."""
from __future__ import annotations

from engine.titles.title_18korea import data as D
from engine.titles.title_18korea.base import err


class DraftMixin:
    def _init_draft(self):
        decks = {}
        for tier in D.ASSET_TIERS:
            deck = D.asset_deck(tier)
            self.rng.shuffle(deck)
            decks[tier] = deck
        seat = self.seating
        if self.n == 2:
            # RB §13: two batches of 2 A, 2 B, 2 C; first player 1 then second 2;
            # then the second player 1 and the first 2. Unpicked cards are out.
            batches = [[decks[t][i] for t in D.ASSET_TIERS for i in (0, 1)],
                       [decks[t][i] for t in D.ASSET_TIERS for i in (2, 3)]]
            picks = [(seat[0], 0), (seat[1], 0), (seat[1], 0), (seat[1], 1), (seat[0], 1), (seat[0], 1)]
        else:
            # RB §6: 1-2-3-4-5 / 5-4-3-2-1 / 5-4-3-2-1
            batches = [[decks[t][i] for t in D.ASSET_TIERS for i in range(self.n)]]
            order = list(seat) + list(reversed(seat)) + list(reversed(seat))
            picks = [(pid, 0) for pid in order]
        self.draft = {"batches": batches, "picks": picks, "i": 0,
                      "batch_open": 0, "discarded": []}
        self.hands = {pid: [] for pid in self.seating}

    def draft_on(self) -> bool:
        """A pick of the draft is still to come (the draft round's turn)."""
        return self.draft_current()[0] is not None

    def draft_current(self):
        d = self.draft
        return d["picks"][d["i"]] if d["i"] < len(d["picks"]) else (None, None)

    def draft_choices(self, pid) -> list[str]:
        d = self.draft
        who, b = self.draft_current()
        if who != pid:
            return []
        held = self._tiers_barred(pid)
        return [c for c in d["batches"][b] if D.asset_tier(c) not in held]

    def _tiers_barred(self, pid) -> set:
        """RB §6: no second card of a tier. RB §13/§2.5: with two players a player may end with
        two cards of one tier (reading "two_player_tiers" in data.READINGS)."""
        if self.n == 2:
            return set()
        return {D.asset_tier(c) for c in self.hands[pid]}

    def act_draft(self, action):
        pid, batch = self.draft_current()
        if action.get("entity") != pid:
            err("out_of_turn", f"It is {self.pname(pid)}'s pick in the draft.", acting=pid)
        card = action.get("card")
        pool = self.draft["batches"][batch]
        if card not in pool:
            err("card_unavailable", f"{card!r} is not among the cards on offer: {', '.join(pool)}.",
                card=card, choices=list(pool))
        tier = D.asset_tier(card)
        if tier in self._tiers_barred(pid):
            err("tier_taken", f"{self.pname(pid)} already has a tier {tier} card; take another tier.",
                tier=tier)
        pool.remove(card)
        self.hands[pid].append(card)
        self.asset_owner[card] = pid
        info = self.asset_info(card)
        self.emit("asset_drafted", f"{self.pname(pid)} took {card} {info['name']}.",
                f"Give card {card} to {self.pname(pid)}.", player=pid, card=card)
        self.draft["i"] += 1
        nxt, nbatch = self.draft_current()
        if nxt is not None and nbatch != batch:
            self.draft["discarded"] += pool
            self.emit("asset_batch_done", f"Unpicked cards {', '.join(pool) or '-'} leave the game; "
                    "the second batch is dealt.", "Put the unpicked cards back in the box; deal the "
                    "second batch face up.", cards=list(pool))
            self.draft["batches"][batch] = []
        if nxt is None:
            self.draft["discarded"] += pool
            self.draft["batches"][batch] = []
            self.emit("draft_over", "The draft is over; the first stock round begins.")
