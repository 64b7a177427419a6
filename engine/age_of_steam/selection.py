"""Phase 3, selecting actions: each player in the new turn order takes one action no one has
taken this turn, from those the map allows this turn (A1 allowed_actions.ts, A4).

Locomotive raises the locomotive by one at once, at most 6 (A1, N1): at 6 it is refused.
Turn Order Pass gives its holder one free pass in the next auction. The action is posted as
``pick`` (a form field named "action" would hide a web form's own action).
"""
from __future__ import annotations

from engine import contract as C
from engine.age_of_steam import data as D
from engine.age_of_steam.base import err

ACTION_NAMES = {
    "first_move": "First Move", "first_build": "First Build", "engineer": "Engineer",
    "locomotive": "Locomotive", "urbanization": "Urbanization", "production": "Production",
    "turn_order_pass": "Turn Order Pass",
}


def action_label(a: str) -> dict:
    return C.msg(f"action.{a}", ACTION_NAMES[a])


class SelectionMixin:
    def open_actions(self) -> list[str]:
        return [a for a in self.map.actions(self.turn) if a not in self.taken]

    def select_action(self, p: str, action: dict) -> None:
        a = action.get("pick")
        if a not in ACTION_NAMES:
            raise err("bad_choice", f"An action is one of {', '.join(ACTION_NAMES)}.",
                      choices=list(ACTION_NAMES))
        if a in self.taken:
            raise err("action_taken", f"{ACTION_NAMES[a]} is already taken by "
                      f"{self.pname(self.taken[a])} this turn.", action=a,
                      player=self.taken[a])
        if a not in self.map.actions(self.turn):
            raise err("action_not_this_turn", f"{ACTION_NAMES[a]} cannot be selected in turn "
                      f"{self.turn}.", action=a, turn=self.turn)
        if a == "locomotive" and self.loco[p] >= D.MAX_LOCOMOTIVE:
            raise err("loco_at_max", f"The locomotive is at most {D.MAX_LOCOMOTIVE}.",
                      limit=D.MAX_LOCOMOTIVE)
        self.taken[a], self.held[p] = p, a
        self.emit("action_selected", f"{self.pname(p)} takes {ACTION_NAMES[a]}.",
                 "Put the player's disc on the action.", player=p, action=a,
                 what=action_label(a))
        if a == "locomotive":
            self.loco[p] += 1
            self.emit("locomotive_raised", f"{self.pname(p)}'s locomotive is now "
                     f"{self.loco[p]}.", "Move the locomotive marker.", player=p,
                     level=self.loco[p])
        if a == "turn_order_pass":
            self.pass_holder = p
        self.next_player()

    def no_action(self, p: str, action: dict) -> None:
        if any(not (a == "locomotive" and self.loco[p] >= D.MAX_LOCOMOTIVE)
               for a in self.open_actions()):
            raise err("action_open", "An action is still open: select one.")
        self.emit("no_action", f"{self.pname(p)} takes no action.", player=p)
        self.next_player()

    def actions_legal(self, p: str) -> list[dict]:
        choices = [a for a in self.open_actions()
                   if not (a == "locomotive" and self.loco[p] >= D.MAX_LOCOMOTIVE)]
        if not choices:
            return [{"type": "no_action", "entity": p,
                     "label": C.msg("form.no_action", "Take no action (none is open)")}]
        return [{"type": "select_action", "entity": p,
                 "label": C.msg("form.select_action", "Select an action"),
                 "params": {"pick": C.choice("text", choices,
                                               {a: action_label(a) for a in choices},
                                               label=C.msg("form.action", "Action"))}}]
