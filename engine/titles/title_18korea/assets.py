"""Asset cards (RB §2.5, §16): attach to a pre-war company at any time, permanently;
cards without public text are entered by the table, with no automatic effect."""
from __future__ import annotations

from engine.titles.title_18korea import data as D
from engine.titles.title_18korea.base import err


class AssetMixin:
    def asset_info(self, code) -> dict:
        info = self.asset_texts.get(code)
        if info:
            return info
        return {"name": f"Asset card {code}", "text": "(text not public: enter it from the card)",
                "known": False}

    def act_attach_asset(self, action):
        pid = self.player(action.get("entity"))
        card = action.get("card")
        if self.asset_owner.get(card) != pid:
            err("not_your_card", f"{self.pname(pid)} does not hold asset card {card!r}.", card=card)
        comp = self.company(action.get("company"))
        if comp.row not in ("north_pre", "south_pre"):
            err("post_war_company", f"Asset cards go only to pre-war companies; {comp.sym} is post-war.")
        if not comp.founded:
            err("not_founded", f"{comp.sym} has not been founded.")
        if comp.director != pid:
            err("not_director", f"{self.pname(pid)} is not the director of {comp.sym}.")
        self.asset_owner[card] = comp.sym
        self.hands[pid].remove(card)
        comp.assets.append(card)
        info = self.asset_info(card)
        auto = {"OB04": "its trains from the market cost 20% less",
                "OB09": "it may upgrade 2→4, 3→6E, 4→8E",
                "OA09": "at the war its North stations may move to South Korea",
                "OC01": "it may build an outer station in Seoul before the war, with the card's own "
                        "station token",
                "OA01": "Seoul at 460+ ends the game after the OR",
                "OB02": "use it on a North Korean city ('use_asset' with a hex)",
                "OC08": "with OA09, its South Korean city stations survive the war"}.get(card)
        self.emit("asset_attached", f"{self.pname(pid)} attaches {card} {info['name']} to {comp.sym} for "
                "good" + (f": {auto}." if auto else " (no automatic effect; apply its text at the table)."),
                f"Put card {card} on {comp.sym}'s dashboard.", player=pid, card=card, company=comp.sym)

    def act_enter_asset(self, action):
        self.player(action.get("entity"))
        code = str(action.get("code", "")).strip().upper()
        text = str(action.get("text", "")).strip()
        name = str(action.get("name", "")).strip() or f"Asset card {code}"
        if not D.asset_tier(code) or not code[2:].isdigit():
            err("bad_card_code", "An asset card code is O + tier (A/B/C) + number, e.g. OA12.")
        if not text:
            err("no_text", "Enter the card's text.")
        if code in D.KNOWN_ASSETS:
            err("card_known", f"{code}'s text is in the rulebook already.")
        self.asset_texts[code] = {"name": name[:60], "text": text[:500], "known": False, "entered": True}
        self.emit("asset_entered", f"Asset card {code} {name}: text entered by the table (no automatic "
                "effect).", card=code)

    def act_replace_asset(self, action):
        """The physical card differs from the drawn one: swap the code (reason required)."""
        self.player(action.get("entity"))
        old, new = action.get("card"), str(action.get("new_card", "")).strip().upper()
        if old not in self.asset_owner and not any(old in b for b in self.draft.get("batches", [])):
            err("unknown_card", f"{old!r} is not a card in play.")
        if not D.asset_tier(new) or D.asset_tier(new) != D.asset_tier(old):
            err("bad_card_code", "The new card must be of the same tier.")
        if new in self.asset_owner or any(new in b for b in self.draft["batches"]):
            err("card_in_play", f"{new} is already in play.")
        for batch in self.draft["batches"]:
            if old in batch:
                batch[batch.index(old)] = new
        owner = self.asset_owner.pop(old, None)
        if owner:
            self.asset_owner[new] = owner
            seq = self.hands[owner] if owner in self.hands else self.companies[owner].assets
            seq[seq.index(old)] = new
        self.emit("asset_replaced", f"Asset card {old} is replaced by {new}.", old=old, new=new)

    def act_trade_asset(self, action):
        pid = self.player(action.get("entity"))
        card = action.get("card")
        to = self.player(action.get("to"))
        if self.asset_owner.get(card) != pid:
            err("not_your_card", f"{self.pname(pid)} does not hold asset card {card!r}.")
        if to == pid:
            err("bad_trade", "Trade to another player.")
        if self.draft_on():
            # RB §6: the draft must leave everyone with one card of each tier
            err("draft_running", "Asset cards are traded after the draft, not during it.")
        if self._auction_open():
            # the bids were capped by the bidders' means (RB §7.3): no money moves until it is over
            err("auction_running", "Asset cards are traded once the auction and its par are settled.")
        price = action.get("price", 0)
        if price < 0 or price > self.cash[to]:
            err("no_cash", f"{self.pname(to)} cannot pay ₩{price:,}.")
        self.pay(to, pid, price)
        self.hands[pid].remove(card)
        self.hands[to].append(card)
        self.asset_owner[card] = to
        self.emit("asset_traded", f"{self.pname(pid)} sells asset card {card} to {self.pname(to)} for "
                f"₩{price:,}.", f"Give card {card} to {self.pname(to)}.", card=card, price=price,
                player=pid, buyer=to)

    def act_use_asset(self, action):
        """OB02 Anti-North Spy: mark a North Korean city; its tile is a regular city tile."""
        sym = action.get("entity")
        comp = self.company(sym)
        card = action.get("card")
        if card != "OB02" or "OB02" not in comp.assets:
            err("no_asset", f"{sym} has no usable card {card!r} (only OB02 is used on a hex).")
        if self.war == "done":
            err("war_over", "OB02 is used before the Korean War.")
        hx = self.resolve_hex(action.get("hex"))
        if hx not in self.big_cities("N"):
            err("not_north_city", f"{self.hex_label(hx)} is not a North Korean city.")
        if getattr(comp, "spy_used", False):
            err("used", "OB02 has been used already.")
        comp.spy_used = True
        self.spy_hexes.add(hx)
        self.emit("asset_used", f"{sym} uses OB02 Anti-North Spy on {self.hex_label(hx)}: it takes regular "
                "city tiles (not N tiles) and may go brown.", f"Turn the N tile on {self.hex_label(hx)} face up.",
                company=sym, hex=hx)
