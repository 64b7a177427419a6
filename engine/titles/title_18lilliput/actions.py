"""The action step of a round (S 라운드 순서 1, 행동 상세).

In the order 1-2-3-4-4-3-2-1 from the first player each player takes one action card not
yet taken this round (``take_card {card, effect}``) and does one of its effects; so each
takes exactly two cards a round, and each card is taken once a round. The box's card list is
not public, so the table names the card and the effect (``data.EFFECTS``). An effect's own
actions follow (``lay_track``, ``place_station``, ``buy_train``, ``sell_shares`` ...);
``done`` ends the turn (also when the effect is not used: a reading, the summary is silent).
The cash effects are here: personal cash £5/10/20 (the card's amount) and company cash
£50/70/100 by phase (S 개인/회사 자산 추가, 1/3/5단계).
"""
from __future__ import annotations

from engine import contract as C
from engine.errors import GameError
from engine.core18xx.trains import Depot
from engine.core18xx.bank import BANK
from engine.titles.title_18lilliput import data as D

EFFECT_ACTIONS = {
    "track": {"lay_track", "upgrade_track", "castle"},
    "station": {"place_station"},
    "trains": {"buy_train"},
    "shares": {"sell_shares", "buy_share", "found_company"},
    "personal_cash": {"personal_cash"},
    "company_cash": {"company_cash"},
}


class ActionsMixin:
    # -- the round -------------------------------------------------------------------------
    def start_round(self) -> None:
        """A round's action step begins (``Lilliput.next_round``)."""
        self.action_order = D.snake(self.order_from_first())
        self.action_index = 0
        self.cards = D.ACTION_CARDS[: D.CARDS_IN_PLAY[len(self.seating)]]
        self.taken: dict[str, str] = {}
        self.pending: dict | None = None
        first = self.order_from_first()[0]
        self.emit("round_started", f"Round {self.round}: {self.player_name(first)} acts first.",
                  round=self.round, player=first)

    def acting_player(self) -> str | None:
        """Whose card it is (the action round's turn), None once every card is taken."""
        if self.action_index >= len(self.action_order):
            return None
        return self.action_order[self.action_index]

    def cards_of(self, player: str) -> list[str]:
        return [c for c, p in self.taken.items() if p == player]

    def free_cards(self) -> list[str]:
        return [c for c in self.cards if c not in self.taken]

    # -- taking a card ---------------------------------------------------------------------
    def take_card(self, player: str, action: dict) -> None:
        card, effect = action.get("card"), action.get("effect")
        if len(self.cards_of(player)) >= D.CARDS_PER_PLAYER:
            raise GameError("two_cards_taken", f"{self.player_name(player)} has taken "
                      f"{D.CARDS_PER_PLAYER} action cards this round already.", player=player)
        self.need_turn(player)
        if self.pending is not None:
            raise GameError("effect_pending", "Finish the effect of the card taken first (done).")
        if card not in self.cards:
            raise GameError("no_such_card", f"Card {card!r} is not in play.", card=card)
        if card in self.taken:
            raise GameError("card_already_taken", f"Card {card} is already taken this round.", card=card,
                      player=self.taken[card])
        if effect not in D.EFFECTS:
            raise GameError("bad_effect", f"The effect is one of {D.EFFECTS}.", effect=effect)
        self.taken[card] = player
        self.pending = {"player": player, "card": card, "effect": effect, "bought": [],
                        "used": False}
        self.emit("card_taken", f"{self.player_name(player)} takes card {card} for "
                  f"its effect '{effect}'.", player=player, card=card,
                  effect=C.msg("effect." + effect, effect))

    def need_turn(self, player: str) -> None:
        if self.acting_player() != player:
            raise GameError("not_your_turn", f"It is {self.player_name(self.acting_player())}'s turn.",
                      player=self.acting_player())

    def need_effect(self, player: str, kind: str) -> dict:
        self.need_turn(player)
        p = self.pending
        if p is None:
            raise GameError("no_card", "Take an action card first.")
        if kind not in EFFECT_ACTIONS[p["effect"]]:
            raise GameError("wrong_effect", f"Card {p['card']} is used for '{p['effect']}', not "
                      f"for {kind}.", card=p["card"], effect=p["effect"])
        return p

    def done(self, player: str) -> None:
        self.need_turn(player)
        if self.pending is None:
            raise GameError("no_card", "Take an action card first.")
        self.end_turn()

    def end_turn(self) -> None:
        self.pending = None
        self.action_index += 1

    # -- cash effects ----------------------------------------------------------------------
    def personal_cash(self, player: str, action: dict) -> None:
        self.need_effect(player, "personal_cash")
        amount = action.get("amount")
        if amount not in D.PERSONAL_CASH:
            raise GameError("bad_amount", f"The card gives £{D.PERSONAL_CASH}.", amount=amount)
        self.ledger.pay(BANK, player, amount)
        self.emit("personal_cash", f"{self.player_name(player)} takes £{amount} from "
                  "the bank.", player=player, amount=amount)
        self.end_turn()

    def company_cash(self, player: str, action: dict) -> None:
        self.need_effect(player, "company_cash")
        company = self.need_director(player, action.get("company"))
        amount = self.phase_row()["company_cash"]
        self.ledger.pay(BANK, company, amount)
        self.emit("company_cash", f"{self.company_name(company)} takes £{amount} from the "
                  f"bank (phase {self.phase}).", company=company, amount=amount,
                  phase=self.phase)
        self.end_turn()

    # -- forms -----------------------------------------------------------------------------
    def action_legal(self, player: str) -> list[dict]:
        if self.pending is None:
            free = self.free_cards()
            return [{"type": "take_card", "entity": player,
                     "label": C.msg("act.take_card", "Take an action card"),
                     "params": {
                         "card": C.choice("text", free, label=C.msg("param.card", "Card")),
                         "effect": C.choice("text", D.EFFECTS,
                                            {e: C.msg("effect." + e, e) for e in D.EFFECTS},
                                            label=C.msg("param.effect", "Effect used"))}}]
        effect = self.pending["effect"]
        out = []
        mine = self.directed_by(player)
        if effect == "personal_cash":
            out.append({"type": "personal_cash", "entity": player,
                        "label": C.msg("act.personal_cash", "Take personal cash"),
                        "params": {"amount": C.choice("money", D.PERSONAL_CASH,
                                                      label=C.msg("param.amount", "Amount"))}})
        elif effect == "company_cash" and mine:
            out.append({"type": "company_cash", "entity": player,
                        "label": C.msg("act.company_cash", "Company cash from the bank"),
                        "params": {"company": self.company_param(mine)},
                        "show": [{"label": C.msg("label.amount", "Amount"),
                                  "value": C.money(self.phase_row()["company_cash"])}]})
        elif effect == "track":
            out += self.track_legal(player, mine)
        elif effect == "station":
            out += self.station_legal(player, mine)
        elif effect == "trains":
            out += self.buy_train_legal(player, mine)
        elif effect == "shares":
            out += self.shares_legal(player)
        done = {"type": "done", "entity": player, "label": C.msg("act.done", "End the turn")}
        if effect == "company_cash" and mine:       # the card's cash, not taken, is lost
            amount = self.phase_row()["company_cash"]
            done["warn"] = C.msg("warn.cash_forfeit", f"Ending the turn now gives up the card's "
                                 f"company cash (£{amount}, not taken).", amount=amount)
        elif effect == "personal_cash":
            done["warn"] = C.msg("warn.personal_cash_forfeit", "Ending the turn now gives up the "
                                 "card's personal cash (not taken).")
        out.append(done)
        return out

    @staticmethod
    def no_train_or(trains, label: dict) -> dict:
        """An optional choice of one train, shown with "no train" chosen: a phone that leaves
        it as it is buys or returns nothing (without it the first train would be chosen)."""
        labels = {"none": C.msg("choice.no_train", "no train")}
        labels.update({t: C.train(Depot.kind(t)) for t in trains})
        return C.choice("text", ["none"] + list(trains), labels, default="none",
                        optional=True, label=label)

    def company_param(self, companies, label="param.company", text="Company") -> dict:
        return C.choice("company", list(companies),
                        {c: C.company(c, self.company_name(c)) for c in companies},
                        label=C.msg(label, text))
