"""The shared 18xx core: the book of an 18xx game, for titles to build on.

A title is a subclass of :class:`engine.core18xx.game.Core18xx` that sets the
data tables (class attributes, see ``Core18xx``'s docstring) and overrides the
hooks where it departs from the core. Modules:

- ``bank.py``     the ledger: every ¥ moves between the bank, players and companies
- ``market.py``   the 2-D stock market: spaces, zones, moves, operating order on one space
- ``shares.py``   share holdings (IPO, pool, players), presidency, certificate counts
- ``trains.py``   the train depot, the discard pool, phases, rust and export
- ``tiles.py``    the tile manifest, tile colours by phase, terrain costs, hex state
- ``rounds/``     ``__init__.py`` (``Round``: an ordered list of steps), ``auction.py``,
                  ``stock.py``, ``operating.py`` (each round's shared state and turn order)
- ``steps/``      the steps, by round: ``base.py`` (``Step``, and ``DiscardTrain``), ``auction.py``,
                  ``stock.py``, ``operating.py`` (a step says which actions it takes, what is
                  legal, and applies it)
- ``game.py``     ``Core18xx``: state, round flow, game end, scores, view, legal actions,
                  and the title hooks; it mixes in the actions on the book, by topic:
- ``share_trading.py``  par, buy, sell, float, certificate limit, presidency
- ``phases_trains.py``  train purchases, rust, phases, export, discards, forced purchase,
                        bankruptcy
- ``track_tokens.py``   tile lays and terrain, tokens, home token
- ``dividends.py``      payout / withhold and the market move
- ``privates.py``       private companies: prices, sale to companies, closing
- ``corrections.py``    the table's ``correction`` action
"""
from engine.core18xx.game import Core18xx

__all__ = ["Core18xx"]
