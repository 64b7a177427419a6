"""18 Lilliput's rounds and steps on the 18xx core's machine (``engine.core18xx.rounds``).

The game is a draft round, then eight rounds of an action round and a run round
(bureaucracy between them: ``Lilliput.next_round``). Each round is the core's ``Round`` with
a name and the title's steps as data (``DRAFT_STEPS``, ``ACTION_STEPS``, ``RUN_STEPS`` on
``Lilliput``); whose turn it is comes from the round (``turn_acting``), or from the discard of
a company over its train limit while it blocks. Each step's ``process_<type>`` applies the
rule (the title's rule functions, by name: ``g.pick``, ``g.take_card``, ``g.run`` ...), which
emit the action's events (``g.emit``) and raise ``GameError`` where they refuse.

The character notes and the corrections may come at any time: their steps come first, so
no step blocks them, and the core lists their entries last (``Step.ANYTIME``).
"""
from __future__ import annotations

from engine import contract as C
from engine.core18xx.rounds import Round
from engine.core18xx.steps.base import Step
from engine.errors import GameError
from engine.titles.title_18lilliput import data as D
from engine.titles.title_18lilliput.base import filled_msg


class LilliputStep(Step):
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
        if entity != g.drafting():
            raise GameError("not_your_turn", f"It is {g.player_name(g.drafting())}'s pick.")
        g.pick(entity, action)

    def legal(self, g):
        return g.draft_legal(g.drafting())


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
        return g.action_legal(g.acting_player())


class TrainRuns(LilliputStep):
    """``run`` {revenues, dividend, [pool_train]}: each company's trains, in order."""
    ACTIONS = ("run",)

    def process_run(self, g, action):
        g.run(action.get("entity"), action)

    def legal(self, g):
        return g.run_legal(g.running())


class LilliputRound(Round):
    """A round of 18 Lilliput: ``name`` (the book's step) and whose turn it is (``whose``:
    the game's rule that says it); the round is over when it is nobody's turn."""
    whose = ""

    def __init__(self, g, steps):
        super().__init__(g, steps)
        self.start_steps(g)

    def turn_acting(self, g):
        who = getattr(g, self.whose)()
        return [] if who is None else [who]

    def no_step(self, g, action):
        kind = action["type"]
        if not any(kind in cls.ACTIONS for cls in type(g).step_classes()):
            raise GameError("bad_action_type", f"Unknown action {kind!r}.", type=kind)
        raise GameError("bad_action_now", f"{kind!r} is not an action of the {self.name} "
                        "step.", type=kind, step=self.name)


class DraftRound(LilliputRound):
    """The draft of starting companies and characters, once before the first round."""
    name, whose = "draft", "drafting"


class ActionRound(LilliputRound):
    """The action step of a round: two action cards each, in snake order."""
    name, whose = "actions", "acting_player"


class RunRound(LilliputRound):
    """The train runs of a round, highest price first."""
    name, whose = "runs", "running"
