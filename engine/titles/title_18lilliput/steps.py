"""18 Lilliput's turn machine on the 18xx core's (``engine.core18xx.rounds.Round``): one
round object for the whole game (``Lilliput.flow``), its steps by the part of the round
the game is in (``g.step``: draft, actions, runs), with the discard of a company over its
train limit blocking them all. Each step's ``process_<type>`` checks what the part of the
round asks (whose pick, whose run) and applies the rule (the title's rule functions, by
name: ``g.take_card``, ``g.lay_track``, ``g.run`` ...), which emit the action's events
(``g.emit``) and raise ``GameError`` where they refuse.

The character notes and the corrections may come at any time: their steps come first, so
no step blocks them, and their entries are listed last (``ANYTIME``).
"""
from __future__ import annotations

from engine import contract as C
from engine.core18xx.rounds import Round
from engine.core18xx.steps.base import Step
from engine.errors import GameError
from engine.titles.title_18lilliput import data as D
from engine.titles.title_18lilliput.base import filled_msg


class LilliputStep(Step):
    ANYTIME = False                   # taken at any time, its entries listed after the others

    def may_act(self, g, entity):
        return True                   # each process_<type> says whose turn it is


def player_of(g, action) -> str:
    """The player posting an action of the action step."""
    entity = action.get("entity")
    if entity not in g.names:
        raise GameError("bad_entity", f"{entity!r} is not a player.")
    return entity


class CharacterNote(LilliputStep):
    """``character_note`` {character, text}: a character's power used, entered as text (no
    automatic effect); any time, by the character's holder (the Emperor's castle is a
    track action of its own)."""
    ACTIONS = ("character_note",)
    ANYTIME = True

    def process_character_note(self, g, action):
        player = action.get("entity")
        ch = action.get("character")
        if ch not in D.CHARACTERS or g.characters.get(ch) != player:
            raise GameError("not_your_character",
                            f"{g.player_name(player)} does not hold {ch}.")
        text = action.get("text")
        if not isinstance(text, str) or not text.strip():
            raise GameError("note_needed", "Write what the character's power did.")
        note = {"player": player, "character": ch, "text": text.strip()[:200],
                "round": g.round}
        g.notes.append(note)
        g.emit("character_used", f"{g.player_name(player)} uses the {ch}: {note['text']} "
               "(no automatic effect).", player=player,
               character=C.msg("character." + ch, D.CHARACTER_NAMES[ch]), text=note["text"])

    def legal(self, g):
        return [{"type": "character_note", "entity": p, "character": ch, "anytime": True,
                 "label": filled_msg("act.character_note", "Use %(character)s's power",
                              character=D.CHARACTER_NAMES[ch]),
                 "params": {"text": C.free_text(200, label=C.msg(
                     "param.note", "What the power did"), suggestions=["as the card says"])}}
                for ch, p in g.characters.items() if p is not None and ch != "Emperor"]


class Correction(LilliputStep):
    """``correction`` {kind, entity, reason, ...}: the table fixes the book (``corrections``),
    any time; ``entity`` is the player entering it."""
    ACTIONS = ("correction",)
    ANYTIME = True

    def process_correction(self, g, action):
        g.correction(action)          # the core's (``engine.core18xx.corrections``)

    def legal(self, g):
        return g.correction_legal()


class DiscardFirst(LilliputStep):
    """``discard_train`` {train}: a company over its train limit puts a train into the pool
    before anything else."""
    ACTIONS = ("discard_train",)
    BLOCKS_WHILE = "must_discard"

    def actions(self, g, entity):
        return self.ACTIONS           # taken (and refused by discard_train) at any time

    def acting(self, g):
        return [g.companies[g.must_discard[0]]["director"]]

    def refuse(self, g, action):
        raise GameError("discard_first", f"{g.company_name(g.must_discard[0])} is over "
                        "its train limit: put a train into the pool first.",
                        company=g.must_discard[0])

    def process_discard_train(self, g, action):
        g.discard_train(action.get("entity"), action)

    def legal(self, g):
        return g.discard_legal() if g.must_discard else []


class DraftPick(LilliputStep):
    """``pick`` {pick, [home_tile]}: the draft of starting companies and characters."""
    ACTIONS = ("pick",)

    def process_pick(self, g, action):
        entity = action.get("entity")
        if g.step != "draft":
            raise GameError("draft_over", "The draft is over.")
        if entity != g.drafting():
            raise GameError("not_your_turn", f"It is {g.player_name(g.drafting())}'s pick.")
        g.pick(entity, action)

    def legal(self, g):
        return g.draft_legal(g.drafting()) if g.step == "draft" else []


class ActionCards(LilliputStep):
    """The action step: a card taken, then its effects (track, stations, trains, shares, ..)
    until ``done``. Each action's own checks (whose turn, which effect) are its rule's."""
    ACTIONS = ("take_card", "done", "personal_cash", "company_cash", "lay_track",
               "upgrade_track", "castle", "place_station", "buy_train", "sell_shares",
               "buy_share", "found_company")

    def process_take_card(self, g, action):
        g.take_card(player_of(g, action), action)

    def process_done(self, g, action):
        g.done(player_of(g, action))

    def process_personal_cash(self, g, action):
        g.personal_cash(player_of(g, action), action)

    def process_company_cash(self, g, action):
        g.company_cash(player_of(g, action), action)

    def process_lay_track(self, g, action):
        g.lay_track(player_of(g, action), action)

    def process_upgrade_track(self, g, action):
        g.upgrade_track(player_of(g, action), action)

    def process_castle(self, g, action):
        g.lay_castle(player_of(g, action), action)

    def process_place_station(self, g, action):
        g.place_station(player_of(g, action), action)

    def process_buy_train(self, g, action):
        g.buy_train_card(player_of(g, action), action)

    def process_sell_shares(self, g, action):
        g.sell_shares(player_of(g, action), action)

    def process_buy_share(self, g, action):
        g.buy_share(player_of(g, action), action)

    def process_found_company(self, g, action):
        g.found_company(player_of(g, action), action)

    def legal(self, g):
        return g.action_legal(g.acting_player()) if g.step == "actions" else []


class TrainRuns(LilliputStep):
    """``run`` {revenues, dividend, [pool_train]}: each company's trains, in order."""
    ACTIONS = ("run",)

    def process_run(self, g, action):
        if g.step != "runs":
            raise GameError("not_run_step", "Trains run after the action step.")
        g.run(action.get("entity"), action)

    def legal(self, g):
        return g.run_legal(g.running()) if g.step == "runs" else []


class LilliputRound(Round):
    name = "round"

    def __init__(self, g, steps):
        super().__init__(g, steps)
        self.start_steps(g)

    def turn_acting(self, g):
        if g.step == "draft":
            return [g.drafting()]
        if g.step == "actions":
            return [g.acting_player()]
        if g.step == "runs":
            return [g.running()]
        return []

    def legal(self, g):
        """The steps' entries in order up to the first that blocks, then the entries of
        the steps taken at any time."""
        out: list[dict] = []
        for step in self.steps:
            if step.ANYTIME:
                continue
            if step.blocks(g):
                out += step.legal(g)
                break
            out += step.legal(g)
        for step in self.steps:
            if step.ANYTIME:
                out += step.legal(g)
        return out

    def no_step(self, g, action):
        kind = action["type"]
        raise GameError("bad_action_type", f"Unknown action {kind!r}.", type=kind)
