"""A stock or auction decision shows what it needs (issue 25): a sale's cash and new price, a
company's float status, an auction's committed bids and free cash, and 18Korea's trainless
company is not asked to run. Each rendered as a phone shows it, in English and Korean."""
from __future__ import annotations

import pytest

from tests.companion.test_plain_words import _say
from tests.engine.helpers_1888n import act, finish_auction, new_game
from tests.engine.test_1888n_stock import second_stock_round


def _in_words(app, game, lang, title, currency):
    from companion import present
    from engine import titles
    from engine.words import words_of
    ctx = app.test_request_context(headers={"Accept-Language": lang})
    ctx.push()
    present.use_table({"players": game.players, "currency": currency},
                      words_of(titles.TITLES[title]))
    return ctx


def _forms(game, kind):
    from companion import actionforms
    return [f for f in actionforms.forms(game.legal_actions()) if f.type == kind]


def _section(game, sid):
    return next((s for s in game.rules.book() if s["id"] == sid), None)


# -- 1888-N: a sale says the cash received and where the price goes ------------------------

@pytest.mark.parametrize("lang", ["en", "ko"])
def test_a_sale_says_the_cash_received_and_where_the_price_goes(app, lang):
    g = second_stock_round()
    r = g.rules
    price = r.market.price("LYR")
    ctx = _in_words(app, g, lang, "1888-N", "¥")
    try:
        sale = next(f for f in _forms(g, "sell_shares") if f.fixed["corporation"] == "LYR")
        (_value, text, pct), = sale.fields[0].choices
    finally:
        ctx.pop()
    cash = r.ledger.of("4")
    act(g, "sell_shares", "4", corporation="LYR", percent=pct)      # what the rule does
    got, after = r.ledger.of("4") - cash, r.market.price("LYR")
    assert after < price
    if lang == "en":
        assert text == f"1 × LYR (10%): ¥{got} to you; price ¥{price} → ¥{after}"
    else:
        assert f"받는 돈 ¥{got}" in text and f"¥{price} → ¥{after}" in text


def test_a_sale_that_cannot_move_the_price_says_it_stays(app):
    from engine.core18xx.steps.stock import sale_label
    g = second_stock_round()
    r = g.rules
    r.market.place("LYR", (len(r.market.prices) - 1, r.market.pos["LYR"][1]))   # bottom row
    label = sale_label(r, "LYR", 10)
    assert label["code"] == "sell.choice.stays"
    assert label["params"]["price"] == label["params"]["old_price"] == r.market.price("LYR")


# -- 1888-N: a company's float status where shares are bought -----------------------------

@pytest.mark.parametrize("lang, needs, floated", [
    ("en", "3 of 6 shares sold to float", "floated"),
    ("ko", "운영 시작까지 6주 중 3주 팔림", "운영 시작함"),
])
def test_a_company_says_whether_it_floated_and_what_it_still_needs(app, lang, needs, floated):
    from companion.present import message_text, value_text
    g = new_game()
    finish_auction(g)
    act(g, "par", "3", corporation="LYR", price=95)            # the president's 20%
    act(g, "buy_shares", "4", corporation="LYR", source="ipo")  # and one share: 3 of 6
    ctx = _in_words(app, g, lang, "1888-N", "¥")
    try:
        buy = next(f for f in _forms(g, "buy_shares") if f.fixed["corporation"] == "LYR")
        assert any(text == needs for _label, text in buy.shown), buy.shown
        row = next(r for r in _section(g, "companies")["rows"] if r["entity"] == "LYR")
        assert value_text(row["cells"]["float"]) == needs
        for who in ("1", "2", "3"):
            act(g, "buy_shares", who, corporation="LYR", source="ipo")
        row = next(r for r in _section(g, "companies")["rows"] if r["entity"] == "LYR")
        assert value_text(row["cells"]["float"]) == floated
        column = next(c for c in _section(g, "companies")["columns"] if c["key"] == "float")
        assert message_text(column["label"]) in ("Floated", "운영 시작")
        buy = next(f for f in _forms(g, "buy_shares") if f.fixed["corporation"] == "LYR")
        assert not any(label in ("Float", "운영 시작") for label, _t in buy.shown)   # floated
    finally:
        ctx.pop()


# -- auctions: the cash committed in bids and the cash still free --------------------------

@pytest.mark.parametrize("lang, said", [
    ("en", "Free cash: ¥545 (¥55 committed in bids)"),
    ("ko", "쓸 수 있는 현금: ¥545 (입찰에 묶인 돈 ¥55)"),
])
def test_a_1888n_bid_says_the_cash_free_and_committed(app, lang, said):
    from companion.present import message_text, value_text
    g = new_game()
    cash = g.rules.ledger.of("1")
    assert cash == 600
    act(g, "bid", "1", company="TA", price=55)        # waits for KT to be bought
    for who in ("2", "3", "4"):
        act(g, "pass", who)
    ctx = _in_words(app, g, lang, "1888-N", "¥")
    try:
        bids = _forms(g, "bid")
        assert bids and all(said in [f"{k}: {v}" for k, v in f.shown] for f in bids)
        items = [(message_text(i["label"]), value_text(i["value"]))
                 for i in _section(g, "bids")["items"]]
        mine = "Ann's free cash" if lang == "en" else "Ann의 쓸 수 있는 현금"
        assert (mine, said.split(": ", 1)[1]) in items
    finally:
        ctx.pop()


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_an_18korea_auction_shows_each_bidders_free_cash(app, lang):
    from companion.present import message_text, value_text
    from engine.game import Game
    from engine.titles.title_18korea.scenario import finish_draft
    g = Game("18Korea", [{"id": str(i), "name": n} for i, n in enumerate(["A", "B", "C"], 1)],
             seed=4)
    finish_draft(g)
    r = g.rules
    opener = r.sr_current()
    g.process({"type": "start_auction", "entity": opener, "company": "SJR", "bid": 50})
    ctx = _in_words(app, g, lang, "18Korea", "₩")
    try:
        bid, = _forms(g, "bid")
        bidder = r.sr["auction"]["to_act"]
        (label, text), = bid.shown
        assert text == f"₩{r.cash[bidder]:,}" and label in ("Free cash", "쓸 수 있는 현금")
        items = {message_text(i["label"]): value_text(i["value"])
                 for i in _section(g, "bids")["items"]}
        name = {p["id"]: p["name"] for p in g.players}[opener]
        key = f"{name}'s free cash" if lang == "en" else f"{name}의 쓸 수 있는 현금"
        committed = "₩50 committed in bids" if lang == "en" else "입찰에 묶인 돈 ₩50"
        assert items[key] == f"₩{r.cash[opener] - 50:,} ({committed})"
    finally:
        ctx.pop()


# -- 18Korea: a company with no train is not asked to run ----------------------------------

@pytest.mark.parametrize("lang, said", [
    ("en", "%s has no train to run: its revenue is ₩0."),
    ("ko", "%s은(는) 운행할 열차가 없어 수익이 ₩0입니다."),
])
def test_the_history_says_a_trainless_company_had_no_train_to_run(app, lang, said):
    from companion.i18n import particles
    from tests.engine.test_18korea_audit import position
    g, (x, _y) = position([[], []], era="green", step="track", limit=4, depot={"2": 0},
                          first_sold=("2",), rusted=())
    events = g.process({"type": "dividend", "entity": x, "kind": "payout"})
    ran = next(e for e in events if e["code"] == "no_train_run")
    assert _say(app, "18Korea", ran, lang) == particles(said % x)


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_a_trainless_company_gets_one_dividend_form_saying_where_the_price_goes(app, lang):
    from engine.titles.title_18korea import data as D
    from tests.engine.test_18korea_audit import position
    g, (x, _y) = position([[], []], era="green", step="track", limit=4, depot={"2": 0},
                          first_sold=("2",), rusted=())
    price = g.rules.price(x)
    left = D.MARKET[D.MARKET.index(price) - 1]
    ctx = _in_words(app, g, lang, "18Korea", "₩")
    try:
        assert not _forms(g, "run")
        div, = _forms(g, "dividend")
        texts = [t for _v, t, _raw in div.fields[0].choices]
    finally:
        ctx.pop()
    if lang == "en":
        assert texts == [f"Pay out ₩0: the price stays ₩{price}",
                         f"Withhold ₩0: the price falls ₩{price} → ₩{left}"]
    else:
        assert f"₩{price} 그대로" in texts[0] and f"₩{price} → ₩{left}" in texts[1]


# -- 18Korea: a sale says the cash and the price, the director's sale moving it ------------

@pytest.mark.parametrize("lang", ["en", "ko"])
def test_an_18korea_sale_says_the_cash_received_and_where_the_price_goes(app, lang):
    from engine.titles.title_18korea.scenario import finish_draft, found, new_game as korea
    from engine.titles.title_18korea.scenario import pass_until
    g = korea(3, seed=5)
    finish_draft(g)
    r = g.rules
    a, b, c = r.seating
    sym = r.rows["south_pre"][0]
    found(g, a, sym, 100)
    for _ in range(3):   # a buys two more; b buys three (as the director's sale test)
        for who in (b, c, a):
            pass_until(g, who)
            if who == c or (who == a and r.units(sym, a) >= 4):
                continue
            g.process({"type": "buy_share", "entity": who, "company": sym, "source": "company"})
            g.process({"type": "done", "entity": who})
    pass_until(g, a)
    ctx = _in_words(app, g, lang, "18Korea", "₩")
    try:
        sale = next(f for f in _forms(g, "sell_shares") if f.fixed["company"] == sym)
        texts = {raw: text for _v, text, raw in sale.fields[0].choices}
    finally:
        ctx.pop()
    cash = r.cash[a]
    g.process({"type": "sell_shares", "entity": a, "company": sym, "count": 2})
    got, after = r.cash[a] - cash, r.price(sym)
    assert (got, after) == (160, 80)                 # RB §7.1: two spaces down, paid after
    if lang == "en":
        assert texts[2] == f"2 × {sym}: ₩160 to you; price ₩100 → ₩80"
    else:
        assert "받는 돈 ₩160" in texts[2] and "₩100 → ₩80" in texts[2]
