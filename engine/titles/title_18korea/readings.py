"""The rule readings a table chooses (RB: the 18Korea rulebook, /work/shared/seeds/
000_6ab93e7c53fa8533.txt).

Where the rulebook's words leave a rule open, the reading is a table option: ``OPTIONS`` are
the contract params of ``TitleSpec.options`` (``engine.titles``), each with the rulebook's
sentence (``rule``) and its default, the reading the rulebook's words give (the reasons are
beside each). Readings the rulebook settles are in ``data.READINGS``.

``ReadingsMixin`` gives the rules ``reading(name)`` (the chosen value), ``readings()`` (a
contract ``facts`` section, one item per reading) and ``readings_view()`` (plain data for
``view()["readings"]``).
"""
from __future__ import annotations

from engine.contract import facts, msg, text


def _option(name, default, label, rule, **labels):
    """A choice option: ``labels`` is {value: English words}; codes ``reading_<name>_<value>``."""
    return {"kind": "choice", "type": "text", "choices": list(labels), "default": default,
            "label": msg(f"reading_{name}", label),
            "labels": {v: msg(f"reading_{name}_{v}", words) for v, words in labels.items()},
            "rule": msg(f"reading_{name}_rule", rule)}


OPTIONS = {
    # RB §9.8 says where a company that must buy goes: "forced to buy trains from the train
    # market". A trade for ₩1 would escape the director's payment and the bankruptcy §9.8
    # describes, so the default closes trades to a company that must buy and cannot pay.
    "forced_purchase": _option(
        "forced_purchase", "market", "Forced train purchase (§9.8)",
        "§9.8: \"If your company doesn't have trains, you are forced to buy trains from the "
        "train market.\"",
        market="A company without a train that cannot pay for one buys it from the train market "
               "(its director pays the rest); it may not buy one from another company instead",
        trade="A company without a train that cannot pay for a market train may buy one from "
              "another company instead (at least ₩1); no bankruptcy while a company sharing a "
              "city with it has a train to sell"),
    # RB §10 removes the South's city tiles and keeps the stations on metropolitan tiles in
    # place; "permanently removed from the game" is said of the North's stations (§10's
    # paragraph on North Korea; summary §3.6 "stations placed in North Korea are permanently
    # removed"). Nothing says a normal city's station leaves the game: by default it comes
    # off with its tile and goes back to its company's dashboard.
    "war_normal_cities": _option(
        "war_normal_cities", "dashboard", "Stations on South Korean normal cities at the Korean "
        "War (§10)",
        "§10: \"Also, all city tiles in South Korea are removed. Stations on metropolitan tiles "
        "remain in place.\" Of North Korea: \"the removed stations are permanently removed from "
        "the game.\"",
        dashboard="They come off the board with the city tiles and go back to their companies' "
                  "dashboards (to be built again, at their price); they do not leave the game",
        removed="They are removed from the game with the city tiles, as the North's stations are"),
    # RB §7.3 caps a bid at "the sum of all your shares and cash" and lets the winner sell to
    # pay: the default is that sum, shares at their current price. The rulebook does not say
    # what happens to a winner who still cannot pay the bid and twice the par; its only rule
    # for a player who cannot pay after selling is §9.8's: bankruptcy, and the game ends
    # (§11 a). Reading "sellable" keeps the engine's earlier cap, which never lets that happen.
    "bid_cap": _option(
        "bid_cap", "literal", "Highest bid for a director's certificate (§7.3)",
        "§7.3: \"You cannot bid more than the sum of all your shares and cash.\" \"Even if you "
        "don't have the cash to pay the winning bid, you can still pay by selling the stock.\"",
        literal="The bidder's cash plus all their shares at the current price; a winner who "
                "cannot pay the bid and twice the lowest par even after selling every share "
                "they may sell goes bankrupt, and the game ends (§9.8, §11 a)",
        sellable="The bidder's cash plus what their shares would fetch if sold now, less ₩120 "
                 "kept for twice the lowest par (a winner can always pay)"),
    # RB §11 c says both "goes on sale" and "is sold"; §8 says "If any 8E-train is sold ...
    # Game end condition is met" and sets the gray era apart ("begins when 8E-trains become
    # available"): two sentences against one, so the default is the first 8E sold.
    "game_end_8e": _option(
        "game_end_8e", "sold", "Game end by the first 8E-train (§11 c, §8)",
        "§11 c: \"When the first 8E-train goes on sale, game ends as follows. The game ends when "
        "the first 8E-train is sold in the train market.\" §8: \"If any 8E-train is sold, all "
        "the 4-trains are rusted. Game end condition is met.\"",
        sold="When it is sold (bought from the train market)",
        on_sale="When it goes on sale (the last 6E-train leaves the train market)"),
    # RB §9.9 lowers the limit when the first 4 is *sold*; §9.11 lists what exporting a 4
    # does ("all 2-trains are removed") and names no limit. By the words, the export of the
    # first 4 removes the 2-trains and leaves the limit at 4 until a 4 is sold.
    "train_limit_on_export": _option(
        "train_limit_on_export", "unchanged", "Export of the first 4-train before any is sold "
        "(§9.9, §9.11)",
        "§9.9: \"When 4-trains are sold for the first time, the number of trains you can have "
        "changes to a maximum of 3.\" §9.11: \"If 4-train is removed due to this action, all "
        "2-trains are removed from the game.\"",
        unchanged="Removes the 2-trains; the train limit falls to 3 only when the first "
                  "4-train is sold",
        lowered="Removes the 2-trains and lowers the train limit to 3, like a sold one"),
}


class ReadingsMixin:
    def reading(self, name: str) -> str:
        """The reading of ``name`` this game is played with (set-up fills the defaults)."""
        got = getattr(self, "options", {}).get(name)
        return got if got in OPTIONS[name]["choices"] else OPTIONS[name]["default"]

    def readings(self) -> dict:
        """The chosen readings as a contract ``facts`` section."""
        return facts("readings", msg("book_readings", "Rule readings"),
                     [(p["label"], text(p["labels"][self.reading(name)]))
                      for name, p in OPTIONS.items()])

    def readings_view(self) -> dict:
        """{name: {value, text, rule}}: the chosen readings as plain data."""
        return {name: {"value": self.reading(name),
                       "text": p["labels"][self.reading(name)]["message"],
                       "rule": p["rule"]["message"]}
                for name, p in OPTIONS.items()}
