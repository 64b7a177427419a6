"""What the engine's messages and events say, in words to translate: an English template
per code (``ENGINE``; ``BOARD`` for what to move on the board), marked for translation, and
the words for the values some params carry. ``companion.i18n.engine_text`` fills them in.

The English templates mean what the engine's own English says; ``translations/`` holds the
Korean. The "next_*" codes are events to be: what buying the next train will set off, shown
in the book's train line (``view()["depot"]["triggers"]``, 18Korea's ``next_train``).
"""
from __future__ import annotations

from flask_babel import lazy_gettext as _l

# -- engine messages -------------------------------------------------------------
# code -> English template with %(param)s placeholders, the same meaning as the engine's
# English, one entry per code, grouped by where the engine emits it (``emit``/``ev`` for
# events, ``GameError``/``err`` for refusals). A value may be a tuple of alternatives when
# the same code carries different params in different places (the shared core says
# ``corporation``, 18Korea ``company``): the first whose params are all there is used.
# A param that is None or missing never fits; anything that fits nothing keeps the
# engine's English. tests/companion/test_i18n_engine_codes.py checks every code is here.
ENGINE = {
    # -- engine/game.py, engine/records.py, engine/importers, engine/titles/__init__.py:
    #    the game, records and imports
    "bad_action": _l("An action is an object with a 'type'."),
    "bad_players": (
        _l("Player %(index)s needs a name."),
        _l("Every player needs a name and an id of their own."),
    ),
    "player_count": _l("This title takes %(min)s–%(max)s players, not %(given)s."),
    "bad_seed": _l("The seed must be a whole number."),
    "unknown_title": _l("Unknown title %(title)s."),
    "game_over": (
        _l("Game over (%(reason)s): the scores are in the book."),
        _l("The game is over."),
    ),
    "engine_fault": _l("The rules engine failed on this action."),
    "nothing_to_undo": _l("There is nothing to undo."),
    "nothing_to_redo": _l("There is nothing to redo."),
    "undone": _l("Undone: %(what)s."),
    "redone": _l("Redone: %(what)s."),
    "record_unreadable": _l("The record file cannot be read."),
    "record_not_json": _l("The record file is not JSON."),
    "record_unknown": _l(
        "Not a game record this engine reads (its own format or an 18xx.games export)."),
    "record_title": _l(
        "This engine does not play the 18xx.games title %(title)s with these options."),
    "record_undo": _l("An undo in the record names an unknown action."),
    "record_action": _l("The importer does not know the 18xx.games action %(type)s."),
    "record_after_end": _l("The record goes on after the game ended."),
    "record_bad_action": _l("An action of the record cannot be read."),

    # -- engine/core18xx: the shared 18xx core (1888-N and the titles built on it) — refusals
    "engine_loop": _l("The round flow did not settle."),
    "engine_round": _l("No round follows this one."),
    "bad_entity": (
        _l("%(entity)s is not a player at the table: corrections are entered by players."),
        _l("An action names who takes it (a player or a company)."),
    ),
    "bad_field": _l("%(field)s is a name or id (text)."),
    "not_your_turn": _l("It is not %(entity)s's turn: %(acting)s acts now."),
    "bad_action_now": _l("%(type)s cannot be done now."),
    "auction_running": (
        _l("%(company)s is being auctioned: bid on it or pass."),
        _l("An auction is running: finish it first."),
    ),
    "not_for_sale": _l("%(company)s is not up for auction."),
    "bad_price": (
        _l("The price %(price)s is not valid."),
        _l("That price is not valid."),
    ),
    "bid_too_low": _l("The bid must be at least %(min)s."),
    "bid_over_cash": _l("The bid can be at most %(max)s (cash less open bids)."),
    "bid_step": _l("Bids go up in steps of %(step)s."),
    "buy_at_price": _l("This private company is bought at its price, %(min)s."),
    "bad_company_price": _l("The private company sells for %(min)s to %(max)s."),
    "company_not_for_sale": _l("%(company)s is not held by a player."),
    "no_company_sales": _l("Companies may not buy private companies in this phase."),
    "cannot_afford": _l("%(payer)s has %(cash)s and cannot pay %(amount)s."),
    "cannot_afford_company": _l("The company cannot pay %(price)s."),
    "cannot_afford_par": _l("Not enough cash to pay %(price)s for the president's certificate."),
    "cannot_afford_share": _l("Not enough cash to pay %(price)s for the share."),
    "cannot_afford_terrain": _l("The company cannot pay the terrain cost of %(cost)s."),
    "cannot_afford_token": _l("The company cannot pay %(price)s for a station token."),
    "cannot_afford_train": _l(
        "%(corporation)s has %(cash)s and cannot pay %(price)s for the train."),
    "negative_payment": _l("A payment cannot be negative."),
    "unknown_corporation": _l("There is no company %(corporation)s."),
    "corporation_closed": _l("%(corporation)s has closed."),
    "already_parred": _l("%(corporation)s already has a par price."),
    "not_parred": _l("%(corporation)s has not started yet."),
    "bad_par": (
        _l("Par prices are %(prices)s."),
        _l("Par must be one of %(choices)s."),
    ),
    "bad_source": _l("Buy from one of the sources offered."),
    "no_share": (
        _l("There is no %(corporation)s share in the %(source)s."),
        _l("There is no such share to buy."),
    ),
    "cert_limit": (
        _l("The certificate limit (%(limit)s) is reached."),
        _l("The certificate limit is reached."),
    ),
    "max_ownership": (
        _l("A player may not hold more of %(corporation)s."),
        _l("A player may not hold more of this company."),
    ),
    "bought_after_sold": _l("%(corporation)s was sold this round and may not be bought back."),
    "sell_after_buy": _l("Shares are sold before buying, not after."),
    "one_buy": _l("One purchase per turn."),
    "must_sell": _l("Over the certificate limit (%(certs)s of %(limit)s): sell first."),
    "no_selling_yet": _l("No shares are sold in the first stock round."),
    "bad_percent": _l("That is not a valid amount of shares."),
    "not_enough_shares": (
        _l("Holds %(held)s%%, not %(percent)s%%."),
        _l("Holds %(have)s share(s), not %(count)s."),
        _l("Not enough shares."),
    ),
    "pool_full": (
        _l("The pool may not hold more of %(corporation)s."),
        _l("The bank pool is full: at most %(most)s share(s) can be sold."),
    ),
    "president_cert": _l(
        "%(corporation)s's president's certificate cannot be sold: no other player holds enough "
        "to take it."),
    "presidency_change": (
        _l("This sale would change %(corporation)s's president, which a forced sale may not do."),
        _l("This sale would change or break the directorship: at most %(most)s share(s) can be "
           "sold now."),
    ),
    "sell_too_much": _l("Sell only what the train needs (%(need)s)."),
    "no_emergency": _l(
        "Shares are sold in an operating round only to pay for a forced train purchase."),
    "unknown_company": _l("There is no company %(company)s."),
    "no_ability": _l("%(company)s gives no tile lay here."),
    "unknown_hex": _l("There is no hex %(hex)s in the book."),
    "unknown_tile": _l("There is no tile %(tile)s."),
    "tile_unavailable": _l("All tiles #%(tile)s are on the board."),
    "tile_color_unavailable": _l(
        "%(color)s tiles are not available yet (this phase allows %(allowed)s)."),
    "bad_feature": _l("Tile #%(tile)s does not match the hex %(hex)s."),
    "bad_label": _l("Tile #%(tile)s does not fit the label of %(hex)s."),
    "bad_upgrade": _l("Tile #%(tile)s cannot be laid on %(hex)s as it is now."),
    "bad_rotation": _l("A rotation is a whole number from 0 to 5."),
    "bad_city": _l("The city on the hex is a number (0 for the first)."),
    "no_tokens": _l("No station tokens left."),
    "token_there": _l("The company already has a token on %(hex)s."),
    "no_token": _l("The company has no token on %(hex)s."),
    "track_done": _l("%(corporation)s has laid its tile this turn (or moved on past track)."),
    "token_done": _l("%(corporation)s has placed its token this turn (or moved on past tokens)."),
    "already_ran": _l("%(corporation)s has run its trains this turn."),
    "bad_run": _l("Give one revenue per train."),
    "bad_revenue": _l("A train's revenue is a whole number, 0 or more."),
    "train_twice": _l("Train %(train)s runs only once."),
    "no_dividend_now": _l("%(corporation)s has no run to pay out now (run trains first)."),
    "bad_dividend": _l("Choose payout or withhold."),
    "dividend_pending": _l("%(corporation)s must pay out or withhold first."),
    "run_first": (
        _l("%(corporation)s has trains: enter their run first (an empty run if none can run)."),
        _l("Enter the run and decide the dividend first."),
    ),
    "must_buy_train": (
        _l("%(corporation)s has no train and must buy one."),
        _l("The company owns no train: it must buy a %(train)s-train."),
    ),
    "train_unavailable": (
        _l("Train %(train)s is not for sale now; the bank sells %(available)s."),
        _l("That train is not in the bank."),
    ),
    "own_train": _l("The company already owns train %(train)s."),
    "not_your_train": _l("The company does not own that train."),
    "no_train_trading": _l("Companies may not trade trains in this phase."),
    "emergency_from_depot": _l("A forced purchase must be the cheapest train from the bank."),
    "no_trade_in": _l("That train cannot be traded in for this one."),
    "wrong_price": _l("Train %(train)s costs %(price)s from the bank."),
    "train_limit": (
        _l("%(corporation)s is at its train limit."),
        _l("Train limit: a company may own at most %(limit)s trains."),
    ),
    "not_cheapest": _l(
        "With the president's help only the cheapest train may be bought (%(train)s)."),
    "president_short": _l(
        "The president must add %(short)s: sell shares first, or declare bankruptcy."),
    "not_bankrupt": _l("The company and its president can still raise the money."),
    "must_discard": (
        _l("%(corporation)s has more trains than the limit of %(limit)s and must discard."),
        _l("%(corporations)s must first discard down to the train limit."),
    ),
    "correction_reason": _l("A correction needs a reason."),
    "bad_correction": (
        _l("A correction's kind is one of %(kinds)s."),
        _l("%(field)s is a whole number."),
        _l("That correction is not valid."),
    ),
    "bad_amount": _l("That amount is not valid."),
    "bad_space": _l("Give a market space (row, column) and a started company."),
    "bad_holder": _l("Shares move between the company, the pool (bank) and the players."),
    "bad_owner": _l("No owner %(owner)s."),
    "bad_target": _l("No such player or cash holder."),
    "bad_phase": _l("There is no phase %(phase)s."),
    "priority_in_round": _l("The priority deal is corrected in an operating round."),

    # -- engine/core18xx: events
    "round_started": (
        _l("Stock round %(turn)s. %(priority)s has the priority deal."),
        _l("Operating round %(turn)s.%(number)s of %(total)s."),
    ),
    "bank_broken": _l("The bank is broken: the game ends after this set of operating rounds."),
    "auction_started": (
        _l("%(player)s auctions %(company)s's director's certificate, opening at %(bid)s."),
        _l("%(company_name)s goes up for auction."),
    ),
    "bid": (
        _l("%(player)s bids %(price)s for %(company_name)s."),
        _l("%(player)s bids %(amount)s for %(company)s."),
    ),
    "auction_pass": (
        _l("%(player)s passes on %(company_name)s."),
        _l("%(player)s leaves the auction."),
    ),
    "pass": _l("%(player)s passes."),
    "private_bought": _l("%(player)s buys %(company_name)s for %(price)s."),
    "private_discounted": _l("%(company_name)s now costs %(price)s."),
    "privates_paid": _l("The private companies pay their revenue to their owners."),
    "privates_closed": _l("The private companies close: %(companies)s."),
    "company_bought": _l("%(corporation)s buys %(company_name)s from %(seller)s for %(price)s."),
    "parred": _l("%(player)s starts %(corporation)s at %(price)s."),
    "share_bought": (
        _l("%(player)s buys a %(percent)s%% share of %(corporation)s from %(source)s for "
           "%(price)s."),
        _l("%(player)s buys 10%% of %(company)s from %(source)s for %(price)s."),
    ),
    "shares_sold": (
        _l("%(player)s sells %(percent)s%% of %(corporation)s for %(amount)s; its price falls to "
           "%(price)s."),
        _l("%(player)s sells %(count)s share(s) of %(company)s for %(amount)s."),
    ),
    "president_changed": _l("%(new_name)s becomes president of %(corporation)s."),
    "company_floated": _l("%(corporation)s floats and receives %(capital)s."),
    "price_moved": (
        _l("%(corporation)s's price moves from %(old_price)s to %(price)s."),
        _l("%(company)s's share price moves from %(old)s to %(new)s."),
    ),
    "operates": _l("%(corporation)s operates (%(president)s)."),
    "home_token": _l("%(corporation)s places its home token on %(hex)s."),
    "tile_laid": (
        _l("%(corporation)s lays tile #%(tile)s on %(hex)s (rotation %(rotation)s)."),
        _l("%(company)s lays tile %(tile)s on %(hex)s (%(tp)s TP, %(cost)s)."),
    ),
    "token_placed": _l("%(corporation)s places a station token on %(hex)s for %(price)s."),
    "trains_run": _l("%(corporation)s runs for %(revenue)s."),
    "no_revenue": _l("%(corporation)s earns nothing this turn: no dividend."),
    "dividend_paid": _l("%(corporation)s pays out %(revenue)s (%(per_share)s per share)."),
    "dividend_withheld": _l("%(corporation)s withholds %(revenue)s."),
    "turn_over": _l("%(corporation)s ends its turn."),
    "train_bought": (
        _l("%(corporation)s buys train %(train)s from %(seller)s for %(price)s."),
        _l("%(corporation)s buys a %(train_type)s-train for %(price)s."),
        _l("%(company)s buys a %(train)s-train for %(price)s."),
    ),
    "train_traded_in": _l("%(corporation)s trades in a %(train_type)s-train."),
    "president_contributes": _l(
        "%(player)s adds %(amount)s to %(corporation)s's treasury for the train."),
    "bankrupt": _l("%(player)s is bankrupt."),
    "train_discarded": (
        _l("%(corporation)s discards a %(train_type)s-train to the pool."),
        _l("%(company)s removes a %(train)s-train from the game."),
        _l("%(company)s is over the train limit: its extra trains leave the game."),
    ),
    "train_exported": _l("A %(train_type)s-train is exported."),
    "phase_changed": _l(
        "Phase %(phase)s: tiles %(tiles)s; train limit %(train_limit)s; %(operating_rounds)s "
        "operating round(s) per set."),
    "trains_rusted": _l("%(types)s-trains rust and leave the game."),
    "correction": (
        _l("Correction by %(by)s (%(kind)s): %(reason)s."),
        _l("Correction (%(kind)s): %(reason)s."),
    ),

    # -- engine/titles/title_1888n.py: 1888-N
    "special_tile": _l("Tile #%(tile)s is laid only by its private company."),
    "hex_blocked": _l("Heng Shan blocks %(hex)s while a player owns it."),
    "no_mine": _l("No route can reach Heng Shan before its tile is laid."),
    "ability_used": _l("%(company)s's tile lays are used up (or must be laid in one turn)."),
    "bad_special_lay": _l("%(company)s cannot lay #%(tile)s on %(hex)s."),
    "no_exchange": _l("You hold no Forbidden City to exchange."),
    "exchange_after_sale": _l("Forbidden City is not exchanged in a turn with sales."),
    "not_in_beijing": _l("%(corporation)s has no token in Beijing."),
    "exchanged": _l("%(player)s exchanges Forbidden City for a %(corporation)s share."),
    "hex_unblocked": _l("Heng Shan no longer blocks %(hex)s."),

    # -- engine/titles/title_18korea: 18Korea — refusals
    "out_of_turn": (
        _l("Not your turn: %(acting)s acts now."),
        _l("Not your turn."),
    ),
    "wrong_round": (
        _l("%(type)s is not an action of this round."),
        _l("This is the draft round: take an asset card."),
    ),
    "unknown_player": _l("%(entity)s is not a player of this game."),
    "company_closed": _l("%(company)s has left the game."),
    "bad_number": _l("%(field)s must be a whole number."),
    "bad_count": _l("That number of shares is not valid."),
    "bad_hex": (
        _l("%(hex)s is not a hex: give a city's name or the label printed on the board."),
        _l("Name the hex: a city's name or the label printed on the board."),
    ),
    "bad_side": _l("The side of the demarcation line is N (North Korea) or S (South Korea)."),
    "bad_kind": (
        _l("Hex kind is one of %(choices)s."),
        _l("Only the rulebook's metropolitan cities are metropolitan."),
    ),
    "bad_cost": (
        _l("A printed build cost is %(min)s–%(max)s."),
        _l("That cost is not valid."),
    ),
    "bad_op": _l("A station-token correction adds or removes a token."),
    "bad_train": _l("That is not a train of this game."),
    "nothing_to_correct": _l("Give the hex's side, kind and/or cost."),
    "stations_there": _l("That hex holds stations: it must be a big city."),
    "no_reason": _l("A correction needs a reason."),
    "already_acted": _l("You have acted this turn: end it with 'done'."),
    "nothing_done": _l("You have not acted this turn; to do nothing, pass."),
    "already_bought": _l("You already bought a share this turn."),
    "already_founded": _l("That company has already been founded."),
    "not_founded": _l("That company has not been founded."),
    "last_stock_round": _l("No new company may be started in the last stock round."),
    "north_after_war": _l("North Korean companies can no longer be started after the Korean War."),
    "post_war_company": _l("That is a post-war company."),
    "bad_bid": _l("Bids are in steps of %(step)s."),
    "bid_over_means": _l("The bid may not exceed %(max)s (keep enough for the lowest par)."),
    "holding_limit": _l(
        "No more shares of this company from its dashboard (the bank's shares may be bought)."),
    "none_left": _l("There is no share of that company there."),
    "sold_this_round": _l("You sold that company this round and cannot buy it back."),
    "no_shares": _l("Not that many shares are held there."),
    "director_certificate": (
        _l("The director's certificate cannot be sold to the bank: at most %(most)s share(s) can "
           "be sold."),
        _l("The director's certificate must stay with a player."),
    ),
    "par_pending": _l("Set the par price, or sell shares to pay for it."),
    "par_pre_war": _l("Before the Korean War the par price is one of %(choices)s."),
    "over_cert_limit": _l(
        "%(certs)s certificates, the limit is %(limit)s: sell before ending the turn."),
    "card_unavailable": _l("%(card)s is not among the cards on offer: %(choices)s."),
    "tier_taken": _l("You already have a tier %(tier)s card; take another tier."),
    "not_your_card": (
        _l("You do not hold asset card %(card)s."),
        _l("You do not hold that asset card."),
    ),
    "not_director": _l("Only the director may do this."),
    "bad_card_code": _l(
        "That asset card code is not valid (O + tier A/B/C + number, e.g. OA12; same tier when "
        "replacing)."),
    "no_text": _l("Enter the card's text."),
    "card_known": _l("That card's text is in the rulebook already."),
    "unknown_card": _l("That card is not in play."),
    "card_in_play": _l("That card is already in play."),
    "bad_trade": _l("Trade to another player."),
    "draft_running": _l("Asset cards are traded after the draft, not during it."),
    "no_asset": _l("The company has no usable asset card for this."),
    "war_over": _l("OB02 is used before the Korean War."),
    "used": _l("OB02 has been used already."),
    "not_north_city": _l("That hex is not a North Korean city."),
    "north_closed": _l("After the Korean War only South Korea may be built on."),
    "discard_pending": _l("%(company)s must first discard down to the train limit."),
    "no_discard": _l("No company is over its train limit."),
    "step_passed": _l("Too late for that this turn."),
    "final_set": _l(
        "Final set of operating rounds: no track, no stations and no trades between companies."),
    "home_upgrade_first": _l("The company must first upgrade its start city."),
    "hex_facts_needed": _l(
        "First build on %(hex)s: give its side (N/S), its kind and its printed build cost, as "
        "read off the board."),
    "hex_facts_differ": _l(
        "The book has %(known)s as %(hex)s's %(field)s; if the board says otherwise, fix it with "
        "a hex correction."),
    "hex_twice": _l("The company already built on that hex this operating round."),
    "bad_tile": _l("Name the tile (its number or letter)."),
    "bad_color": (
        _l("That hex takes a %(expected)s tile next."),
        _l("The tile's colour does not match."),
    ),
    # era (refused tile colour): see ERROR_MESSAGES below; the event "era" is further down
    "no_upgrade": _l("That cannot be upgraded."),
    "north_never_brown": _l("N tiles are never upgraded to brown."),
    "wrong_letter": _l("That tile belongs to another metropolitan city."),
    "wrong_tile_kind": _l("Tile %(tile)s is not for the kind of hex %(hex)s is."),
    "bad_tp": _l("This build costs %(tp)s track point(s)."),
    "no_track_points": _l("%(left)s track point(s) left; this build needs %(need)s."),
    "no_cash": (
        _l("Not enough cash: %(need)s is needed."),
        _l("Not enough cash: it costs %(cost)s."),
        _l("Not enough cash: it costs %(price)s."),
        _l("Not enough cash."),
    ),
    "city_full": _l("That city has no free seat."),
    "no_city": _l("Stations go only in big cities."),
    "station_twice": _l("The company already has a station there."),
    "no_tile": _l("The hex has no tile yet: stations are built on tiles."),
    "not_metropolitan": _l("%(hex)s is a normal city: stations are built on metropolitan tiles."),
    "one_station": _l("Only one station may be built per operating round."),
    "seoul_first_seat": _l("Before the Korean War no station may take Seoul's first seat."),
    "seat_taken": _l("That seat is not free."),
    "not_waiting": _l("No outer station is waiting there."),
    "bad_revenues": _l("Enter one revenue per train, each a whole number within the limit."),
    "no_revenue_yet": _l("Enter the trains' revenues (run) before the dividend."),
    "dividend_first": _l("Decide the dividend first."),
    "no_2_trains": _l("2-trains are sold only in the first operating round."),
    "not_available": (
        _l("Only the cheapest train in the market may be bought: a %(available)s-train."),
        _l("That train is not on sale now."),
    ),
    "no_such_train": _l("The company has no such train."),
    "price_too_low": _l("A train between companies costs at least ₩1."),
    "not_connected": _l(
        "The two companies share no city: confirm that their stations are connected."),
    "sell_first": _l(
        "The director must pay the missing %(short)s: sell shares first (no sale may change a "
        "directorship), or declare bankruptcy."),
    "enough_cash": _l("The director already has the cash needed."),
    "sells_too_many": _l("Fewer shares already cover the amount: sell fewer."),
    "no_defector": _l("That company has no station to move to South Korea."),

    # -- engine/titles/title_18korea: 18Korea — events
    "draft_over": _l("The draft is over; the first stock round begins."),
    "asset_drafted": _l("%(player)s takes asset card %(card)s."),
    "asset_batch_done": _l("Unpicked cards %(cards)s leave the game; the second batch is dealt."),
    "asset_attached": _l("%(player)s attaches asset card %(card)s to %(company)s for good."),
    "asset_entered": _l("Asset card %(card)s: text entered by the table (no automatic effect)."),
    "asset_replaced": _l("Asset card %(old)s is replaced by %(new)s."),
    "asset_traded": _l("Asset card %(card)s is sold for %(price)s."),
    "asset_used": _l(
        "%(company)s uses OB02 Anti-North Spy on %(hex)s: it takes regular city tiles and may go "
        "brown."),
    "stock_round": _l("Stock round begins; order: %(order)s.%(last)s"),
    "passed": _l("%(player)s passes."),
    "pass_token_returned": _l("%(player)s acts: the pass token goes back."),
    "stock_round_over": _l("Everyone passed: the stock round ends. Next order: %(order)s."),
    "auction_won": _l(
        "%(player)s wins %(company)s's director's certificate for %(bid)s; now choose the par "
        "price."),
    "company_founded": _l("%(player)s founds %(company)s at par %(par)s."),
    "director_changed": _l("%(director)s becomes director of %(company)s."),
    "price_unchanged": _l("%(company)s's share price stays at %(price)s."),
    "end_triggered": (
        _l("The first %(trigger)s-train was sold: the next stock round is the last, then a final "
           "set of operating rounds."),
        _l("%(company)s reached %(price)s: the game ends after this operating round."),
        _l("OA01 Miracle on the Han River: the game ends after this operating round."),
    ),
    "operating_round": _l("Operating round %(set)s.%(round)s begins."),
    "operating_round_over": _l("The operating round is over."),
    "company_turn": _l("%(company)s operates (director %(director)s)."),
    "home_station": _l("%(company)s builds its start-city station in %(hex)s."),
    "home_upgrade_needed": _l(
        "%(company)s's start city is full: it must use its first track points to upgrade "
        "%(hex)s; its home station then takes the new seat."),
    "hex_recorded": _l(
        "%(hex)s recorded: side %(side)s, %(kind)s, build cost %(cost)s (as entered; correctable "
        "with a hex correction)."),
    "station_built": _l("%(company)s builds a station in %(hex)s for %(cost)s."),
    "outer_station_seated": _l("%(company)s's outer station in %(hex)s takes a free seat."),
    "revenue": _l("%(company)s runs for %(revenue)s."),
    "dividend": _l("%(company)s pays out %(revenue)s (%(per_share)s a share)."),
    "withheld": _l("%(company)s withholds %(revenue)s; it goes into the company."),
    "token_flipped": _l("%(company)s's revenue is below its share price: the price stays."),
    "forced_purchase": _l(
        "Forced purchase: %(director)s, director of %(company)s, pays the missing %(short)s."),
    "train_traded": _l("%(company)s buys a %(train)s-train from %(seller)s for %(price)s."),
    "train_upgraded": _l(
        "%(company)s upgrades a %(old)s-train to a %(new)s-train for %(price)s (OB09 The Newest "
        "Parts)."),
    "twos_removed": _l(
        "End of the first operating round: the 2-trains leave the train market; 3-trains are on "
        "sale now."),
    "era": _l("The %(era)s era begins."),
    # train_limit: see above (one code, more than one place)
    "discard_needed": _l(
        "%(company)s is over the train limit of %(limit)s: its director chooses which trains to "
        "remove now."),
    "rust": (
        _l("All %(train)s-trains rust and leave the game."),
        _l("%(trains)s-trains rust."),
    ),
    "export": _l("Export: a %(train)s-train leaves the train market."),
    "export_none": _l("Export: no 3- or 4-train in the market; nothing is exported."),
    "war_revealed": _l("The Korean War card is revealed: the Korean War breaks out."),
    "korean_war": _l("The Korean War breaks out. Leaving the game: %(leaving)s."),
    "company_left": _l(
        "%(company)s leaves the game with its shares (no refund); its cash and trains leave too."),
    "station_moved": _l("%(company)s places a station in %(hex)s."),
    # bankrupt: see above (one code, more than one place)

    # -- not the engine's: the server's own refusals and the test title of the server tests
    "stale_version": _l("Someone else acted first; here is the game as it is now."),
    "conflict": _l("Someone else acted first; here is the game as it is now."),
    "unknown_action": _l("That step is not possible now."),
    "not_legal": _l("That step is not possible now."),
    "bid_too_high": _l("The bid can be at most %(max)s."),
    "not_enough_cash": _l("Not enough cash."),
    "phase_change": _l("Phase %(phase)s begins."),
    "game_end": _l("The game is over."),
}


# Events to be: what buying the depot's next train will set off (the book's train line).
ENGINE.update({
    "next_phase": _l("phase %(phase)s begins (tiles %(tiles)s; train limit %(train_limit)s)"),
    "next_rust": _l("%(types)s-trains rust"),
    "next_privates_close": _l("the private companies close"),
    "next_train_limit": _l("train limit %(train_limit)s"),
    "next_era": _l("the %(era)s era begins"),
    "next_war_card": _l("Korean War card revealed (war at the end of this OR)"),
    "next_game_end": _l("game end: the first 8E ends the game after the next stock round's set"),
})


# Codes the engine uses both for a refusal and for an event with the same params: the
# refusal's words (a refusal never carries a ``board`` text; the event "era" always does).
ERROR_MESSAGES = {
    "era": _l("Those tiles are not available in the %(era)s era."),
}


# What to move on the board, per event code (the engine's English is used otherwise).
BOARD = {
    # -- engine/core18xx
    "round_started": _l("Give the priority deal card to %(priority)s."),
    "bank_broken": _l("Keep playing to the end of the set; the scores come from the book."),
    "game_over": _l("Count nothing: the book has the scores."),
    "private_bought": _l("Give %(player)s the %(company_name)s card."),
    "privates_closed": _l("Remove every private company card from play."),
    "company_bought": _l("Put the %(company_name)s card on %(corporation)s's charter."),
    "parred": _l(
        "Give %(player)s %(corporation)s's president's certificate and put its marker on "
        "%(price)s (par)."),
    "share_bought": (
        _l("Give %(player)s a %(corporation)s share from %(source)s."),
        _l("Give %(player)s a share of %(company)s from %(source)s."),
    ),
    "shares_sold": (
        _l("Put the sold %(corporation)s shares in the pool and move its marker to %(price)s."),
        _l("Put %(count)s share(s) of %(company)s in the bank space."),
    ),
    "president_changed": (
        _l("Swap %(corporation)s's president's certificate from %(old_name)s to %(new_name)s."),
        _l("Give %(new_name)s %(corporation)s's president's certificate."),
    ),
    "company_floated": _l(
        "Put %(capital)s on %(corporation)s's charter; it operates in the next operating round."),
    "price_moved": (
        _l("Move %(corporation)s's market marker to %(price)s."),
        _l("Move %(company)s's token on the stock track to %(new)s."),
    ),
    "home_token": _l("Put %(corporation)s's home token on %(hex)s."),
    "tile_laid": (
        _l("Lay tile #%(tile)s on %(hex)s and return #%(old_tile)s to the supply."),
        _l("Place tile %(tile)s on %(hex)s, rotation %(rotation)s."),
    ),
    "token_placed": _l("Put a %(corporation)s token on %(hex)s."),
    "train_bought": (
        _l("Move the %(train_type)s-train from %(seller)s's charter to %(corporation)s's."),
        _l("Put a %(train_type)s-train from the bank on %(corporation)s's charter."),
        _l("Move a %(train)s-train from the train market to %(company)s."),
    ),
    "train_traded_in": _l("Remove %(corporation)s's %(train_type)s-train from the game."),
    "bankrupt": _l("Put %(player)s's shares in the pool and their cash in the bank."),
    "train_discarded": (
        _l("Put %(corporation)s's %(train_type)s-train in the bank's pool."),
        _l("Remove a %(train)s-train from %(company)s's dashboard."),
        _l("Remove %(company)s's extra trains from the game."),
    ),
    "train_exported": _l("Take the exported train off the bank's trains."),
    "phase_changed": _l("Move the phase marker to %(phase)s."),
    "trains_rusted": _l("Take the rusted trains off the charters and out of the game."),
    "correction": _l("Check the board: %(what)s."),

    # -- engine/titles/title_1888n.py: 1888-N
    "exchanged": _l("Remove the Forbidden City card; give %(player)s a %(corporation)s share."),
    "hex_unblocked": _l("Remove the block from %(hex)s."),

    # -- engine/titles/title_18korea: 18Korea
    "asset_drafted": _l("Give card %(card)s to %(player)s."),
    "asset_batch_done": _l(
        "Put the unpicked cards back in the box; deal the second batch face up."),
    "asset_attached": _l("Put card %(card)s on %(company)s's dashboard."),
    "asset_traded": _l("Give card %(card)s to its buyer."),
    "asset_used": _l("Turn the N tile on %(hex)s face up."),
    "passed": _l("Put %(player)s's pass token on the leftmost empty pass space."),
    "pass_token_returned": _l("Return the pass token to the waiting area; slide the others left."),
    "stock_round_over": _l(
        "Put the order tokens in the order of the pass tokens; return the pass tokens."),
    "company_founded": _l(
        "Give %(player)s %(company)s's dashboard and director's certificate; put %(company)s's "
        "token at %(par)s on the stock track and on the revenue track; move the cube from its "
        "start city to the dashboard; the 10%% shares go on the dashboard."),
    "director_changed": _l(
        "%(director)s takes %(company)s's director's certificate and gives %(previous)s two 10%% "
        "shares for it."),
    "operating_round": _l("Move the round token to OR %(round)s."),
    "operating_round_over": _l("Turn all tokens on the stock track face up."),
    "home_station": _l("Put a %(company)s station on %(hex)s; take the cube off the city."),
    "station_built": _l("Put %(company)s's leftmost station token on %(hex)s."),
    "outer_station_seated": _l("Move %(company)s's outer station onto the free seat of %(hex)s."),
    "revenue": _l("Put %(company)s's revenue token on %(revenue)s."),
    "token_flipped": _l("Flip %(company)s's stock token face down in its place."),
    "train_traded": _l("Move a %(train)s-train from %(seller)s to %(company)s."),
    "train_upgraded": _l(
        "Remove the %(old)s-train from the game; move a %(new)s-train from the market to "
        "%(company)s."),
    "twos_removed": _l("Remove the 2-trains from the train market."),
    "era": _l("Put the %(era)s era card on the era space."),
    "train_limit": _l(
        "Companies over %(limit)s trains remove the extra ones at once (their directors choose "
        "which)."),
    "discard_needed": _l(
        "%(company)s's director removes the extra trains of their choice from the game."),
    "rust": (
        _l("Remove the %(train)s-trains from %(companies)s's dashboards."),
        _l("Remove the %(trains)s-trains from the charters."),
    ),
    "export": _l("Remove one %(train)s-train from the train market."),
    "war_revealed": _l("Turn over the Korean War card."),
    "korean_war": _l(
        "Korean War: remove every tile and station north of the demarcation line and every city "
        "tile in South Korea (stations on metropolitan cities stay beside them, stations on "
        "other South Korean cities leave the game); return the leaving companies' pieces to the "
        "box (%(leaving)s); post-war companies may now be started, North Korean ones may not."),
    "company_left": _l(
        "Return %(company)s's certificates, dashboard, trains and stations to the box."),
    "station_moved": _l("Put a %(company)s station on %(hex)s."),
}

# params that name a player (shown by name) or an amount of money (shown with the currency)
PLAYER_PARAMS = {"player", "director", "previous", "president", "owner", "by", "holder", "winner",
                 "seller", "payer", "entity", "priority"}
PLAYER_LIST_PARAMS = {"acting", "order", "bidders"}   # player ids, one or a list
MONEY_PARAMS = {"price", "per_share", "cost", "amount", "cash", "bid", "capital", "revenue",
                "subsidy", "old_price", "short"}
# money params whose name means something else in other codes (min/max players, track points)
MONEY_PARAMS_OF = {
    "bid_too_low": {"min"}, "bid_over_cash": {"max"}, "bid_over_means": {"max"},
    "buy_at_price": {"min", "max"}, "bad_company_price": {"min", "max"},
    "bad_cost": {"min", "max"}, "bid_step": {"step"}, "bad_bid": {"step"},
    "sell_too_much": {"need"}, "no_cash": {"need"},
}

# param values the engine gives as English words, shown in the page's language
_COLOURS = {"yellow": _l("yellow"), "green": _l("green"), "brown": _l("brown"),
            "gray": _l("gray"), "grey": _l("gray")}
VALUE_WORDS = {
    "era": _COLOURS, "color": _COLOURS, "expected": _COLOURS, "allowed": _COLOURS,
    "tiles": _COLOURS,
    "source": {"ipo": _l("the IPO"), "pool": _l("the pool"), "market": _l("the market"),
               "company": _l("the company's dashboard"), "bank": _l("the bank")},
    "last": {True: _l(" This is the last stock round: no new companies may be started."),
             False: ""},
}
GAME_END_REASONS = {
    "bank": _l("the bank broke"), "bankrupt": _l("a player went bankrupt"),
    "bankruptcy": _l("a player went bankrupt"),
    "8E_final_set": _l("the final set after the first 8E-train is over"),
    "OA01": _l("OA01 Miracle on the Han River"),
}
