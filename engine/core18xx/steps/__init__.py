"""The steps of the 18xx rounds, one class a file, named for what the step does.

A round (``engine.core18xx.rounds``) is an ordered list of steps; a step (``base.Step``) says
which action types it takes, builds its legal entries and applies them (``process_<type>``),
and says whether the round waits on it (``blocks``). The core's lists are
``Core18xx.AUCTION_STEPS``, ``STOCK_STEPS`` and ``OPERATING_STEPS``; a title lists its own
(``base.insert_before``/``insert_after``/``replace`` help).

- any round:       ``discard_train.DiscardTrain`` (a company over the train limit)
- auction round:   ``waterfall_auction.WaterfallAuction`` (1830's waterfall of the privates)
- stock round:     ``sell_shares.SellShares``, ``buy_shares.BuyShares`` (par or buy),
                   ``stock_pass.StockPass``
- operating round: ``lay_track.LayTrack``, ``place_token.PlaceToken``,
                   ``run_trains.RunTrains``, ``dividend.Dividend``, ``buy_train.BuyTrain``,
                   ``buy_company.BuyCompany``, ``emergency_money.EmergencyMoney`` (the forced
                   train purchase), ``end_turn.EndTurn``
"""
