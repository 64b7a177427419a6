"""The steps of the 18xx rounds, by round; each class is named for what the step does.

A round (``engine.core18xx.rounds``) is an ordered list of steps; a step (``base.Step``) says
which action types it takes, builds its legal entries and applies them (``process_<type>``),
and says whether the round waits on it (``blocks``). The core's lists are
``Core18xx.AUCTION_STEPS``, ``STOCK_STEPS`` and ``OPERATING_STEPS``; a title lists its own
(``base.insert_before``/``insert_after``/``replace`` help).

- ``base.py``:      ``Step``; ``OperatingStep``, ``StockStep`` (whose turn it is);
                    ``DiscardTrain`` (any round: a company over the train limit)
- ``auction.py``:   ``WaterfallAuction`` (1830's waterfall of the privates)
- ``stock.py``:     ``SellShares``, ``BuyShares`` (par or buy), ``StockPass``
- ``operating.py``: ``LayTrack``, ``PlaceToken``, ``RunTrains``, ``Dividend``, ``BuyTrain``,
                    ``BuyCompany``, ``EmergencyMoney`` (the forced train purchase), ``EndTurn``

(One module per round rather than per step: each module costs a tool that replays a game
its load time, and the steps of a round are read together.)
"""
