"""Issue 28, "push only what changed": a table page's socket that holds the part made before is
sent what changed since (``{"version", "delta", "lines"}``: runs of the held part's lines and new
lines), the same bytes to every phone of a kind; a phone that holds another part (it missed one,
or just connected, or asked with ``{"since": n}``) is sent the whole part. The page made from the
deltas is the page rendered fresh."""
from __future__ import annotations

import json
import random
import re

from markupsafe import Markup

from companion import live
from companion.live_wire import (Part, apply_delta, changed_since, line_delta, part_message,
                                 piece_delta)
from companion.pages import live_part, once
from tests.companion.live_server import blank_own, choose
from tests.companion.test_live_parts import FrameSocket, _drain, _payload, _whole

TITLE = "1888-N"
PLAYERS = ["Ann", "Bo", "Cy"]
EN = {"Cookie": "lang=en"}


def test_a_delta_makes_the_new_text_exactly():
    old = "<div id=live>\n<p>a</p>\n<p>b</p>\n<p>c</p>\n\n<p>d</p>\n</div>"
    cases = [
        old,                                                   # nothing changed
        "<div id=live>\n<p>a</p>\n<p>c</p>\n\n<p>d</p>\n</div>",   # a line removed
        "<div id=live>\n<p>d</p>\n<p>a</p>\n<p>b</p>\n</div>",     # moved, one gone
        "<div id=live>\n<p>x</p>\n<p>y</p>\n<p>b</p>\n\n\n</div>",  # new lines, blank ones
        "",                                                    # all gone
        "one line only",
    ]
    for new in cases:
        ops, lines = line_delta(old, new)
        assert lines == old.count("\n") + 1
        assert apply_delta(old, ops, lines) == new
    ops, lines = line_delta(old, cases[1])
    assert all(isinstance(op, list) for op in ops)       # removed: nothing new is sent
    assert "<p>b</p>" not in json.dumps(ops)
    # a part that is not the one the delta was made from: refused (the phone asks again)
    assert apply_delta(old + "\nmore", ops, lines) is None
    assert apply_delta("x", [[0, 5]], 1) is None


def test_a_part_of_pieces_is_sent_piece_by_piece():
    """A part made of pieces (pages/live_part.py): what changed since the part before is found
    piece by piece, and makes the new part exactly, whatever came, went, moved or changed."""
    old = Part([("head", '<div id="live" data-version="1">'), ("a", "<p>a</p>\n<p>a2</p>"),
                ("b", "<p>b</p>"), ("c", "<p>c1</p>\n<p>c2</p>\n<p>c3</p>"), ("gone", "<p>x</p>"),
                ("empty", ""), ("end", "</div>")])
    cases = [
        old.pieces,                                                    # nothing changed
        [("head", '<div id="live" data-version="2">')] + list(old.pieces[1:]),
        [p for p in old.pieces if p[0] != "gone"],                     # a piece went
        list(old.pieces[:2]) + [("new", "<p>n1</p>\n<p>n2</p>")] + list(old.pieces[2:]),
        [old.pieces[0], old.pieces[3], old.pieces[1], old.pieces[2]] + list(old.pieces[4:]),
        [(s, h.replace("c2", "C2")) for s, h in old.pieces],           # a line in place
        [(s, h + "\n<p>c4</p>" if s == "c" else h) for s, h in old.pieces],   # a line more
        [(s, "" if s == "c" else h) for s, h in old.pieces],          # a piece emptied
    ]
    for pieces in cases:
        new = Part(pieces)
        ops, lines = piece_delta(old, new)
        assert lines == old.count("\n") + 1
        assert apply_delta(old, ops, lines) == new
    # unchanged pieces travel as runs of the kept lines, only what changed as text
    ops, _ = piece_delta(old, Part(cases[5]))
    assert [op for op in ops if isinstance(op, str)] == ["<p>C2</p>"]


def test_a_delta_of_markup_and_plain_pieces_is_never_escaped():
    """Pieces are Markup (made by escaping) or plain text already safe: a delta that joins a
    changed Markup piece's lines with a plain piece (or the other way round) carries both as
    they are; Markup's own ``+`` would escape the plain one, and the page would show its tags."""
    old = Part([("head", '<div id="live">'), ("a", Markup("<p>a1</p>\n<p>a2</p>")),
                ("end", "</div>")])
    new = Part([("head", '<div id="live">'), ("a", Markup("<p>a1</p>\n<p>A2</p>")),
                ("plain", "<p>new</p>"), ("end", "</div>")])
    for before, after in ((old, new), (new, old), (Part(new.pieces[::-1]), old)):
        ops, lines = piece_delta(before, after)
        assert apply_delta(before, ops, lines) == after
        assert "&lt;" not in json.dumps(ops)
        assert all(type(op) in (str, list) for op in ops)


def test_a_new_form_is_sent_as_what_changed_from_the_one_it_took_the_place_of():
    """A piece of a new slot of a kind the part pairs (the form of a new legal entry) is
    compared with a piece of that kind that is gone (the form it replaced): the lines they
    share travel as runs."""
    form = "\n".join(["<form data-form=\"-3\">", "<label>Price", "<input name=price>",
                      "</label>", "<button>Bid on {}</button>", "</form>"])
    old = Part([("head", "<div>"), (("step", "KT"), form.format("KT")),
                (("step", "TA"), form.format("TA")), ("end", "</div>")], ["step"])
    new = Part([("head", "<div>"), (("step", "TA"), form.format("TA")),
                (("step", "HS"), form.format("HS")), ("end", "</div>")], ["step"])
    ops, lines = piece_delta(old, new)
    assert apply_delta(old, ops, lines) == new
    assert [op for op in ops if isinstance(op, str)] == ["<button>Bid on HS</button>"]
    # a piece of another kind is not compared with it: sent whole
    other = Part(list(new.pieces[:2]) + [(("note", "HS"), form.format("HS")), new.pieces[3]],
                 ["step"])
    ops, lines = piece_delta(old, other)
    assert apply_delta(old, ops, lines) == other
    assert form.format("HS") in "\n".join(op for op in ops if isinstance(op, str))


def test_a_part_keeps_where_its_pieces_start_for_the_part_after_it():
    """What changed since a part is found with the line each of its pieces starts at, kept on
    the part (and its outline) when the part itself was found from the one before it (a piece as
    it was has its old line count, a changed one is split): the same numbers as counted, and
    the same delta as from the same pieces counted afresh."""
    form = "\n".join(["<form>", "<button>Bid on {}</button>", "</form>"])
    first = Part([("head", '<div id="live" data-version="1">'),
                  ("a", Markup("<p>a</p>\n<p>b</p>")), ("empty", ""),
                  (("step", "KT"), form.format("KT")), ("end", "</div>")], ["step"])
    second = Part([("head", '<div id="live" data-version="2">'),
                   ("a", Markup("<p>a</p>\n<p>B</p>")), ("empty", Markup("")),
                   ("new", "<p>n1</p>\n<p>n2</p>"),
                   (("step", "TA"), form.format("TA") + "\n<p>more</p>"), ("end", "</div>")],
                  ["step"])
    third = Part([("head", '<div id="live" data-version="3">'), ("a", Markup("<p>a</p>")),
                  ("new", "<p>n1</p>\n<p>n2</p>"), ("end", "</div>")], ["step"])
    held = second.outline()                    # (an outline is kept before its part is compared)
    assert not second.starts
    piece_delta(first, second)
    counted = [0]
    for _, html in second.pieces:
        counted.append(counted[-1] + html.count("\n") + 1)
    assert list(second.starts) == counted and held.starts is second.starts
    afresh = Part(second.pieces, ["step"])
    for before in (second, held):
        ops, lines = piece_delta(before, third)
        assert (ops, lines) == piece_delta(afresh, third)
        assert apply_delta(second, ops, lines) == third


def test_a_small_change_is_sent_as_a_delta_a_big_one_whole():
    body = "\n".join(f"<p data-n={i}>row {i}</p>" for i in range(200))
    first = part_message(1, '<div id="live" data-version="1">\n' + body + "\n</div>")
    second = part_message(2, '<div id="live" data-version="2">\n' + body + "\n</div>", first)
    base, delta = second.delta
    assert base == first.serial and len(delta.text) < len(second.text) / 10
    assert apply_delta(first["part"], delta["delta"], delta["lines"]) == second["part"]
    other = part_message(3, "<div>" + "x" * 5000 + "</div>", second)
    assert other.delta is None                           # not worth it: the whole part


def test_what_changed_between_two_parts_is_found_once_for_the_post_and_the_push():
    """A step's post is answered with what changed since the part its phone holds
    (``changed_since``) and the other phones of its kind are pushed the change from the same part
    (``part_message``): one message, its text and frames made once; a change from another part is
    found on its own."""
    first = Part([("head", '<div id="live" data-version="1">'), ("a", "<p>a</p>"),
                  ("b", "\n".join(f"<p>{i}</p>" for i in range(40))), ("end", "</div>")])
    second = Part([("head", '<div id="live" data-version="2">'), ("a", "<p>A</p>"),
                   first.pieces[2], first.pieces[3]])
    before = part_message(1, first)
    answered = changed_since(2, first, second)
    pushed = part_message(2, second, before).delta[1]
    assert pushed is answered and pushed.frame(15) is answered.frame(15)
    assert apply_delta(first, answered["delta"], answered["lines"]) == second
    other = Part([("head", '<div id="live" data-version="0">'), ("a", "<p>0</p>"),
                  first.pieces[2], first.pieces[3]])
    from_other = changed_since(2, other, second)
    assert from_other is not answered
    assert apply_delta(other, from_other["delta"], from_other["lines"]) == second


def _table(client, seed):
    return client.post("/api/tables", json={"title": TITLE, "players": PLAYERS,
                                            "seed": seed}).get_json()


def _step(svc, access, rng) -> int:
    st = svc.state(access)
    for _ in range(20):
        if svc.submit(access, choose(st["legal"], rng), st["version"])[0] == 200:
            break
    return svc.state(access)["version"]


def _subs(app, table, tokens):
    svc, hub = app.extensions["companion.tables"], app.extensions["companion.hub"]
    socks = [FrameSocket() for _ in tokens]
    subs = [live.Subscriber(sock, svc.authorize(table["code"], t), svc, hub, dict(EN))
            for sock, t in zip(socks, tokens)]
    for sub in subs:
        hub.subscribe(sub)
        sub._handle(live._HELLO)
    return svc, hub, socks, subs


def _fresh(client, code, token) -> str:
    """The live part as a page fetches it, made anew (nothing kept from the pushes)."""
    once._made.clear()
    live_part._memos.clear()
    client.set_cookie("lang", "en")
    client.get(f"/tables/{code}/watch?token={token}")
    return client.get(f"/tables/{code}/live").get_data(as_text=True)


def test_the_page_after_many_deltas_is_the_page_rendered_fresh(app, client):
    table = _table(client, 11)
    seats = table["seats"]
    tokens = [seats[0]["token"], seats[1]["token"], table["spectate_token"],
              table["spectate_token"]]
    svc, hub, socks, subs = _subs(app, table, tokens)
    access = svc.authorize(table["code"], seats[0]["token"])
    rng = random.Random(11)
    try:
        for _ in range(8):
            version = _step(svc, access, rng)
            for sub in subs:
                _drain(sub)
            # the two seats and two watchers: one kind, the very same bytes; what changed,
            # not the whole part
            assert all(sock.frames[-1] is socks[0].frames[-1] for sock in socks)
            assert "delta" in json.loads(_payload(socks[0].frames[-1])[1])
        sent = sum(len(f) for f in socks[0].frames[1:])
        whole = [m["part"] for m in _whole(socks[0].frames)]
        assert sent < sum(len(p) for p in whole[1:]) / 4      # far fewer bytes than whole parts
        assert f'data-version="{version}"' in whole[-1]
        seat = _fresh(client, table["code"], seats[0]["token"])
        assert blank_own(whole[-1]) == blank_own(seat)
        watched = _whole(socks[2].frames)[-1]["part"]
        assert watched == whole[-1]
        assert blank_own(watched) == blank_own(_fresh(client, table["code"],
                                                      table["spectate_token"]))
    finally:
        for sub in subs:
            hub.unsubscribe(sub)


def test_a_phone_that_missed_a_part_or_asks_again_gets_the_whole_part(app, client):
    table = _table(client, 12)
    seats = table["seats"]
    svc, hub, socks, subs = _subs(app, table, [seats[0]["token"], seats[1]["token"]])
    access = svc.authorize(table["code"], seats[0]["token"])
    rng = random.Random(12)
    ann, bo = subs
    try:
        _step(svc, access, rng)
        _drain(ann)                                     # Bo's phone is busy: it misses this one
        version = _step(svc, access, rng)
        _drain(ann)
        _drain(bo)
        late = json.loads(_payload(socks[1].frames[-1])[1])
        assert len(socks[1].frames) == 2                # one message for the burst
        assert late["version"] == version and "part" in late and "delta" not in late
        assert "delta" in json.loads(_payload(socks[0].frames[-1])[1])
        assert _whole(socks[0].frames)[-1]["part"] == late["part"]
        # a phone that asks ({"since": n}: its kept part did not fit) gets the whole part
        ann.ask_since(version)
        _drain(ann)
        again = json.loads(_payload(socks[0].frames[-1])[1])
        assert again == late
        # a new phone: its first message is the whole part
        svc2, hub2, socks2, subs2 = _subs(app, table, [seats[2]["token"]])
        assert json.loads(_payload(socks2[0].frames[0])[1]) == late
        hub.unsubscribe(subs2[0])
    finally:
        for sub in subs:
            hub.unsubscribe(sub)


def test_what_is_gone_from_the_part_is_gone_from_the_page(app, client):
    """An undo asked and then declined: the ask comes by a delta and goes by the next one."""
    table = _table(client, 13)
    seats = table["seats"]
    svc, hub, socks, subs = _subs(app, table, [s["token"] for s in seats])
    access = svc.authorize(table["code"], seats[0]["token"])
    try:
        _step(svc, access, random.Random(13))
        for sub in subs:
            _drain(sub)
        entered = svc.recent_history(access, 1, 5)[-1]["player"]
        owner = next(s for s in seats if s["player"] == entered)
        asker = next(s for s in seats if s["player"] != entered)
        req = client.post(f"/api/tables/{table['code']}/undo",
                          headers={"Authorization": f"Bearer {asker['token']}"}).get_json()
        for sub in subs:
            _drain(sub)
        asked = _whole(socks[0].frames)[-1]
        assert f'data-consent="{req["id"]}"' in asked["part"]
        r = client.post(f"/api/tables/{table['code']}/undo/{req['id']}/decline",
                        headers={"Authorization": f"Bearer {owner['token']}"})
        assert r.status_code == 200
        for sub in subs:
            _drain(sub)
        last = json.loads(_payload(socks[0].frames[-1])[1])
        assert "delta" in last
        kept = _whole(socks[0].frames)[-1]["part"]
        assert "data-consent" not in kept and "data-waiting" not in kept
        assert blank_own(kept) == blank_own(_fresh(client, table["code"], seats[0]["token"]))
    finally:
        for sub in subs:
            hub.unsubscribe(sub)


def test_the_part_is_made_from_the_engines_objects_as_from_the_states_json(app, client):
    """The live part is made from the state as the engine made it (shared, no JSON read back,
    its state the game's header): the same part as from the state's JSON text (the whole view),
    and the shared state is left unchanged."""
    from companion.wire import dumps_engine, loads_engine
    table = _table(client, 14)
    svc, hub = app.extensions["companion.tables"], app.extensions["companion.hub"]
    seat = svc.authorize(table["code"], table["seats"][0]["token"])
    watcher = svc.authorize(table["code"], table["spectate_token"])
    rng = random.Random(14)
    for _ in range(6):
        _step(svc, seat, rng)
        game = svc._fresh(seat.table_id)
        for access in (seat, watcher):
            for lang in ("en", "ko"):
                once._made.clear()
                live_part._memos.clear()
                shown = svc.state_shown(access)
                before = dumps_engine(shown)
                made = hub.render_part(access, {"Cookie": f"lang={lang}"})
                assert dumps_engine(shown) == before                  # nothing changed in it
                assert loads_engine(game.state_text())["state"].items() >= \
                    loads_engine(before)["state"].items()            # the view holds the header
                once._made.clear()
                live_part._memos.clear()
                game._made = (game.version, loads_engine(game.state_text()))   # read from it
                assert hub.render_part(access, {"Cookie": f"lang={lang}"}) == made


def test_a_kept_piece_ages_by_versions_not_by_the_parts_made_meanwhile():
    """A seat's form is kept while a part of one of the next ``KEEP_UNUSED`` versions uses it,
    however many parts of the other kind of phone (a watcher's, which has no forms) are made
    in between."""
    memo = live_part.Memo({})
    assert memo.keyed(("form", "bid"), lambda: "<form>") == "<form>"
    kept = memo.kept(10)
    for version in (10, 11, 11, 12, 12) * 6:           # watchers' parts: no form in them
        watcher = live_part.Memo(kept)
        watcher.piece("status", version, lambda: "<p>")
        kept = watcher.kept(version)
    assert ("form", "bid") in kept
    seat = live_part.Memo(kept)
    assert seat.keyed(("form", "bid"), lambda: "made again") == "<form>"
    kept = seat.kept(13)
    assert ("form", "bid") in live_part.Memo(kept).kept(13 + live_part.KEEP_UNUSED - 1)
    # dropped at the latest KEEP_SLACK versions after (they go in batches)
    assert ("form", "bid") not in live_part.Memo(kept).kept(
        13 + live_part.KEEP_UNUSED + live_part.KEEP_SLACK)


def test_a_step_leaves_the_corrections_forms_as_they_were(app, client):
    """The corrections come after the turn's steps in the legal list, whose number changes
    from step to step; their forms count their place from the end, so a step leaves their
    pieces of the part as they were (a phone is sent nothing for them)."""
    table = _table(client, 16)
    code = table["code"]
    svc = app.extensions["companion.tables"]
    seat = svc.authorize(code, table["seats"][0]["token"])
    rng = random.Random(16)
    _step(svc, seat, rng)               # (from now on the list ends with the undo's entry)
    parts, sizes = [], set()
    for _ in range(12):
        with app.test_request_context(f"/tables/{code}/live", headers=EN):
            parts.append(live_part.live_html(code, seat)[1])
        sizes.add(len(svc.state_shown(seat)["legal"]))
        _step(svc, seat, rng)
    assert len(sizes) > 1                        # the entries before them changed in number
    fixes = [{slot: html for slot, html in part.pieces if slot[0] == "fix"} for part in parts]
    assert all(len(f) >= 3 for f in fixes)
    for before, after in zip(fixes, fixes[1:]):
        for slot in before.keys() & after.keys():
            assert before[slot] == after[slot]
    assert any(before.keys() & after.keys() for before, after in zip(fixes, fixes[1:]))


def test_a_form_is_made_once_for_its_entry_wherever_the_entry_stands(app, client, monkeypatch):
    """A form's HTML is kept for its legal entry's declared content, not its place in the list:
    when the entries after it change, the same piece is used, with the entry's new place in it
    (the ``i`` the phone posts, which ``/act`` reads the entry by: counted from the end)."""
    table = _table(client, 15)
    svc = app.extensions["companion.tables"]
    access = svc.authorize(table["code"], table["seats"][0]["token"])
    st = svc.state_shown(access)
    made = []
    step_form = live_part.step_form
    monkeypatch.setattr(live_part, "step_form",
                        lambda *a, **kw: made.append("form") or step_form(*a, **kw))
    kept = {}

    def forms(legal):
        with app.test_request_context(f"/tables/{table['code']}/live", headers=EN):
            memo = live_part.Memo(dict(kept))
            part = live_part.Part(live_part.pieces(table["code"], access, dict(st, legal=legal),
                                                   memo))
            kept.clear()
            kept.update(memo.kept(st["version"]))
        return {int(i): html for i, html in re.findall(
            r'(?s)data-form="(-?\d+)"(.*?)</form>', part)}

    legal = list(st["legal"])
    first = forms(legal)
    assert made.count("form") == len(first) >= 2
    assert all(i < 0 for i in first)             # -1 the last entry
    moved = forms(legal + [legal[0]])            # every entry one place further from the end
    assert made.count("form") == len(first)        # nothing made again
    assert sorted(moved) == sorted({i - 1 for i in first} | {-1})
    for i, html in moved.items():
        assert f'name="i" value="{i}"' in html
        assert "<index>" not in html
        # the version it is posted at: the part's own, put in by own() or the phone's script
        assert 'name="expected_version" value="<version>"' in html
    for i in first:                              # the same form, one place on
        assert moved[i - 1] == first[i] \
            .replace(f'name="i" value="{i}"', f'name="i" value="{i - 1}"') \
            .replace(f'dl-{i}-', f'dl-{i - 1}-')


def test_a_compressed_frame_is_the_full_window_s_bytes_in_a_window_as_large_as_it():
    """A message is compressed with an LZ77 window as large as itself (quicker to set up than
    the phone's whole window): the same bytes as with the phone's window, which the phone
    reads, for messages from a few bytes to more than the window."""
    import zlib

    from companion.live_wire import Message
    rng = random.Random(5)
    words = ["<li>", "Ann", "bought", "a 2-train", "₩", "1,200", "\n", "JHR", "</li>"]
    for size in (0, 1, 40, 300, 511, 512, 2000, 9000, 40000, 140000):
        text = "".join(rng.choice(words) for _ in range(size // 4))
        for wbits in (15, 12, 9):
            frame = Message({"x": text}).frame(wbits)
            n = frame[1] & 127
            body = frame[2 + {126: 2, 127: 8}.get(n, 0):]
            packer = zlib.compressobj(zlib.Z_DEFAULT_COMPRESSION, zlib.DEFLATED, -wbits)
            whole = (packer.compress(Message({"x": text}).text.encode()) +
                     packer.flush(zlib.Z_SYNC_FLUSH))[:-4]
            assert body == whole, (size, wbits)
            assert json.loads(zlib.decompressobj(-wbits).decompress(
                body + b"\x00\x00\xff\xff"))["x"] == text
