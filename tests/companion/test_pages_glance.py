"""Issue 12's pages without a browser: the home page's table-code box, the join page's held
seats (asked before a second phone takes one), the standings mid-game, the summary of a phone
that is not acting."""
import re

from tests.companion.test_pages import csrf, double, new_table, seated  # noqa: F401


def test_the_home_page_box_opens_a_table_by_its_code(client, double):  # noqa: F811
    html = client.get("/").get_data(as_text=True)
    assert 'id="code-box"' in html and 'name="code"' in html
    code, join, _ = seated(client)
    r = client.get(f"/go?code=+{code.upper()}+")
    assert r.status_code == 303 and r.headers["Location"] == f"/tables/{code}"
    assert client.get("/go?code=").headers["Location"] == "/"


def test_the_box_sends_a_phone_without_a_seat_to_the_join_page(client, app, double):  # noqa: F811
    r = new_table(client)
    code = re.search(r"/tables/(\w+)/invite", r.headers["Location"]).group(1)
    client.get(r.headers["Location"])                  # this phone has the invite, no seat
    r = client.get(f"/go?code={code}")
    assert r.status_code == 303 and f"/tables/{code}/join?invite=" in r.headers["Location"]
    other = app.test_client()                          # a phone with neither: the no-seat page
    r = other.get(f"/go?code={code}")
    assert r.headers["Location"] == f"/tables/{code}"
    assert other.get(r.headers["Location"]).status_code == 403


def test_the_join_page_says_who_holds_a_seat_and_asks_before_taking_it(client, app, double):  # noqa: F811
    code, join, _ = seated(client, "1")
    other = app.test_client()
    html = other.get(join).get_data(as_text=True)
    seat = re.search(r'<button[^>]*data-seat="1"[^>]*>.*?</button>', html, re.S).group(0)
    assert 'data-held="1"' in seat and "held by" in seat
    seat2 = re.search(r'<button[^>]*data-seat="2"[^>]*>.*?</button>', html, re.S).group(0)
    assert "held by" not in seat2
    r = other.post(join, data={"player": "1", "device": "Bo's phone", "csrf_token": csrf(other.get(join))})
    assert r.status_code == 200
    html = r.get_data(as_text=True)
    assert 'data-ask-seat="1"' in html and "is held by" in html
    assert other.get(f"/tables/{code}").status_code == 403        # not seated yet
    r = other.post(join, data={"player": "1", "device": "Bo's phone", "confirm": "1",
                               "csrf_token": csrf(other.get(join))})
    assert r.status_code == 303 and r.headers["Location"] == f"/tables/{code}"
    html = client.get(join).get_data(as_text=True)           # the first phone sees both
    seat = re.search(r'<button[^>]*data-seat="1"[^>]*>.*?</button>', html, re.S).group(0)
    assert "this phone" in seat
    html = app.test_client().get(join).get_data(as_text=True)
    assert "Bo&#39;s phone" in html or "Bo's phone" in html
    # a free seat is taken at once
    third = app.test_client()
    r = third.post(join, data={"player": "2", "csrf_token": csrf(third.get(join))})
    assert r.status_code == 303


def test_standings_are_linked_mid_game(client, double):  # noqa: F811
    code, _, _ = seated(client)
    html = client.get(f"/tables/{code}").get_data(as_text=True)
    assert f'href="/tables/{code}/scores"' in html and "Standings" in html
    assert "Final scores" not in html
    assert client.get(f"/tables/{code}/scores").status_code == 200


def _live_part(html: str) -> str:
    """The page's live part with each phone's own token and keys blanked."""
    part = html[html.index('<div id="live"'):html.rindex("</main>")]
    return re.sub(r'(name="(?:csrf_token|key)" value=")[^"]*', r"\1", part)


def test_the_summary_leads_only_on_a_phone_that_is_not_acting(client, app, double):  # noqa: F811
    """Both phones get the same live part; each one's own style shows the summary first only
    where the seat does not act (the browser's view of it: tests/browser/test_phone_glance.py)."""
    code, join, _ = seated(client, "1")
    acting = client.get(f"/tables/{code}").get_data(as_text=True)
    other = app.test_client()
    r = other.post(join, data={"player": "2", "csrf_token": csrf(other.get(join))})
    idle = other.get(f"/tables/{code}").get_data(as_text=True)
    assert _live_part(acting) == _live_part(idle)          # made once, alike on both phones
    assert re.search(r'<div id="live"[^>]*data-acting="\[&#34;1&#34;\]"', idle)
    summary = re.search(r'<div class="glance-top">\s*<section class="card glance" id="summary"',
                        idle)
    assert summary and summary.start() < idle.index('class="book"')
    glance = re.search(r'id="summary".*?</section>\s*</section>', idle, re.S).group(0)
    assert 'data-section="players"' in glance
    book = idle[idle.index('class="book"'):]
    # the book's glance sections the summary shows whole: hidden on the idle phone only
    assert re.search(r'<div class="glance-dup"><section[^>]*data-section="players"', book)
    style_of = {seat: re.search(r'<style id="seat-style">(.*?)</style>', html, re.S).group(1)
                for seat, html in (("1", acting), ("2", idle))}
    for seat, style in style_of.items():
        mine = '#live:not([data-acting*="\\22 ' + seat + '\\22 "]):not([data-finished])'
        assert mine + " .glance-top{display:block}" in style
        assert mine + " .glance-dup{display:none}" in style
        assert f'tr[data-player="{seat}"] td' in style


def test_the_steps_are_grouped_by_what_the_engine_says_they_are_about(client, double):  # noqa: F811
    code, _, _ = seated(client, "1")
    html = client.get(f"/tables/{code}").get_data(as_text=True)
    cards = re.findall(r'<div class="group"[^>]*data-about="(\w+)"', html)
    assert cards and len(cards) == len(set(cards))           # one card per company
    for card in re.findall(r'<div class="group"[^>]*data-about="\w+".*?(?=<div class="group"|</section>)',
                           html, re.S):
        assert card.count('data-type="par"') <= 1
        # a par's price is chosen, never preselected: one button per price (one tap)
        par = re.search(r'<form[^>]*data-type="par".*?</form>', card, re.S)
        if par:
            assert 'type="radio"' not in par.group(0) and "checked" not in par.group(0)
            assert len(re.findall(r'<button name="price" value="\d+">', par.group(0))) > 1
    assert re.search(r'<form[^>]*data-type="pass"', html)     # a step about nothing stands alone


def test_an_auctions_forms_are_named_by_their_lot(client):
    code, _, _ = seated(client, "1", title="1888-N", players=("Ann", "Bo", "Cy", "Di"))
    html = client.get(f"/tables/{code}").get_data(as_text=True)
    cards = re.findall(r'<div class="group"[^>]*data-about="(\w+)"[^>]*>\s*<h3>([^<]+)</h3>'
                       r'(.*?)(?=<div class="group"|</section>)', html, re.S)
    assert len(cards) >= 6
    names = {lot: title for lot, title, _ in cards}
    assert "Kaiping Tramway" in names["KT"]
    for lot, title, body in cards:
        assert body.count('data-type="bid"') == 1 and lot in title


def test_a_price_choice_has_no_default_unless_declared():
    from companion import actionforms
    from engine import contract as C
    f = actionforms.field_of("price", C.choice("money", [95, 90, 85]))
    assert f.default is None
    assert actionforms.field_of("price", C.choice("money", [95, 90], default=90)).default == "90"
    assert actionforms.field_of("price", C.choice("money", [95])).default == "95"
    assert actionforms.field_of("source", C.choice("entity", ["ipo", "pool"])).default == '"ipo"'
    form = actionforms.build(0, {"type": "par", "entity": "1", "corporation": "A",
                                 "params": {"price": C.choice("money", [95, 90])}})
    assert actionforms.default_action(form)["price"] == 95       # bots still pick one


def test_a_drawn_seating_is_shown_on_the_invite_and_table_pages(client):
    from engine import Game, contract as C
    r = new_table(client, players=("Ann", "Bo", "Cy"), title="1899-DAIHAN")
    assert r.status_code == 303, r.get_data(as_text=True)[:500]
    code = re.search(r"/tables/(\w+)/invite", r.headers["Location"]).group(1)
    html = client.get(r.headers["Location"]).get_data(as_text=True)
    drawn = re.search(r'id="drawn-seating".*?</section>', html, re.S).group(0)
    assert "drawn by the app" in drawn
    order = re.findall(r'<li data-player="(\w+)">(\w+)</li>', drawn)
    game = Game("1899-DAIHAN", ["Ann", "Bo", "Cy"], 3)
    section = next(s for s in game.book() if s.get("seating"))
    C.check_book(game.book())
    assert [p for p, _ in order] == section["seating"]
    assert sorted(n for _, n in order) == ["Ann", "Bo", "Cy"]
    join = re.search(r'id="join-link" href="http://localhost([^"]+)"', html).group(1)
    join = join.replace("&amp;", "&")
    client.post(join, data={"player": "1", "csrf_token": csrf(client.get(join))})
    page = client.get(f"/tables/{code}").get_data(as_text=True)
    assert 'data-section="seating"' in page and "drawn by the app" in page


def test_a_seating_in_player_order_is_not_called_drawn(client, double):  # noqa: F811
    r = new_table(client)
    html = client.get(r.headers["Location"]).get_data(as_text=True)
    assert 'id="drawn-seating"' not in html


def test_an_operating_turn_shows_its_steps_in_order_with_the_done_ones_collapsed(client):
    import random
    from engine import Game, contract as C
    from tests.bots import core18xx as bot
    game = Game("1888-N", ["Ann", "Bo", "Cy", "Di"], 3)
    seen = []

    def check(g):
        book = g.book()
        C.check_book(book)
        turn = next((s for s in book if s.get("steps")), None)
        if turn:
            assert [i["label"]["code"] for i in turn["items"]] == [
                "act.lay_tile.plain", "act.place_token.plain", "act.run_trains.plain",
                "act.dividend.plain", "act.buy_train.plain"]
            flags = [i["value"]["v"] for i in turn["items"]]
            assert flags == sorted(flags, reverse=True)        # done, then to do, in order
            seen.append(tuple(flags))
    bot.play(game, random.Random(1), 400, check=check)
    assert any(f[0] for f in seen) and any(not f[0] for f in seen)


def test_the_acting_phone_shows_the_turns_steps_above_its_forms(client, app):
    code, _, _ = seated(client, "1", title="1888-N", players=("Ann", "Bo", "Cy", "Di"))
    with app.app_context():
        _to_an_operating_turn(client, code)
    html = client.get(f"/tables/{code}").get_data(as_text=True)
    steps = re.search(r'<p class="steps".*?</p>', html, re.S).group(0)
    assert steps.index("Lay or upgrade a tile") < steps.index("Run the trains") \
        < steps.index("Buy a train")
    assert 'aria-current="step"' in steps
    actions = html.index('id="actions"')            # (Undo and corrections stand above the card)
    assert actions < html.index('class="steps"') < html.index('<form method="post"', actions)


def _to_an_operating_turn(client, code):
    from companion.tables import service
    from companion.wire import Access
    import random
    from tests.bots import core18xx as bot
    svc = service()
    tid = svc._table_id(code)
    access = svc.authorize(code, _token(client, code))
    rng = random.Random(1)
    for _ in range(400):           # to an operating turn of a company Ann presides
        st = svc.state(access)
        if any(s.get("steps") for s in st["book"]) and "1" in st["state"].get("acting_players", []):
            break
        with svc._lock(tid):
            game = svc._fresh(tid).game
            action = bot.choose(game, rng)
        assert action is not None
        who = Access(access.table_id, code, "seat", _seat_of(game, action), "", access.device_id, "")
        svc.submit(who, action, st["version"])


def _token(client, code):
    with client.session_transaction() as sess:
        return sess["t"][code]["token"]


def _seat_of(game, action):
    control = getattr(game.rules, "controller", None)
    who = action.get("entity")
    return control(who) if control and control(who) else who


def test_the_summary_leaves_the_holdings_to_the_book(client, app):
    code, join, _ = seated(client, "1", title="1888-N", players=("Ann", "Bo", "Cy", "Di"))
    with app.app_context():
        _to_an_operating_turn(client, code)
    html = client.get(f"/tables/{code}").get_data(as_text=True)
    if 'id="summary"' not in html:                   # Ann acts: look from a seat that does not
        other = app.test_client()
        for seat in ("2", "3", "4"):
            other = app.test_client()
            other.post(join, data={"player": seat, "device": "x", "confirm": "1",
                                   "csrf_token": csrf(other.get(join))})
            html = other.get(f"/tables/{code}").get_data(as_text=True)
            if 'id="summary"' in html:
                break
    summary = re.search(r'id="summary".*?</section>\s*</section>', html, re.S).group(0)
    players = re.search(r'data-section="players".*?</section>', summary, re.S).group(0)
    assert "Cash" in players and "Certificates" in players and "Shares" not in players
    book = html[html.index('class="book"'):]
    whole = re.search(r'data-section="players".*?</section>', book, re.S).group(0)
    assert "Shares" in whole
