"""What the one-screen summary shows of the book's glance sections (issue 12), as each title
chooses in its own book code: the columns and items it marks ``glance`` (all of them where none
is marked, a table without its list columns), never the status's item that says who acts (the
status line says it); a compact table of up to five columns one line per row. The book below
shows every column and item, and hides on an idle phone only what the summary shows whole."""
from __future__ import annotations

import re

import pytest

from engine import contract as C
from engine.contract import ContractError, check_book
from engine.titles import TITLES
from companion import present

M = C.msg
PLAYERS = [{"id": "1", "name": "Ann"}, {"id": "2", "name": "Bo"}]


def _book(*, marked: bool) -> list[dict]:
    g = C.GLANCE if marked else None
    cols = [("cash", M("x.cash", "Cash"), g), ("certs", M("x.certs", "Certs"), g),
            ("income", M("x.income", "Income"), g), ("loco", M("x.loco", "Loco"), g),
            ("score", M("x.score", "Score"), g), ("place", M("x.place", "Place")),
            ("tiles", M("x.tiles", "Tiles")), ("held", M("x.held", "Held"))]
    row = {"cash": C.money(5), "certs": C.count(2), "income": C.money(3), "loco": C.count(4),
           "score": C.count(9), "place": C.count(1), "tiles": C.count(7),
           "held": C.listing("text", ["A1"])}
    return C.book(
        C.facts("status", M("x.now", "Now"),
                [(M("x.round", "Round"), C.text("Round 2")),
                 (M("x.acting", "Acting"), C.value("list", [C.player("1")]), C.ACTING),
                 (M("x.bank", "Bank"), C.money(900)),
                 (M("x.phase", "Phase"), C.text("3"), g)], glance=True),
        C.table("players", "players", M("x.players", "Players"), cols,
                [("1", row), ("2", dict(row, cash=C.money(6)))], glance=True),
        C.facts("rules", M("x.rules", "Rules"), [(M("x.limit", "Limit"), C.count(4))]))


def _render(app, book):
    """The summary's and the book's sections, as the table's live part makes each."""
    from companion.pages.live_part import book_order
    from companion.pages.sections import section_html

    def made(shown):
        return "\n".join(section_html(s, mode, first, skip) for s, mode, first, skip in shown)
    with app.test_request_context():
        present.use_table({"players": PLAYERS})
        summary, whole = book_order(book)
        return made(summary), made(whole)


def _part(html: str, section: str) -> str:
    return re.search(rf'data-section="{section}".*?</section>', html, re.S).group(0)


def _heads(part: str) -> list[str]:
    return re.findall(r"<th(?: [^>]*)?>([^<]+)</th>", part.split("</thead>")[0])


def test_the_builders_carry_the_marks_and_the_checker_knows_them():
    book = _book(marked=True)
    check_book(book)
    status, players, _ = book
    assert [i.get("acting") for i in status["items"]] == [None, True, None, None]
    assert [i.get("glance") for i in status["items"]] == [None, None, None, True]
    assert [c["key"] for c in players["columns"] if c.get("glance")] == \
        ["cash", "certs", "income", "loco", "score"]
    check_book(_book(marked=False))


@pytest.mark.parametrize("bad, said", [
    ({"id": "other", "kind": "facts", "title": M("x", "x"),
      "items": [{"label": M("x", "x"), "value": C.count(1), "glance": True}]},
     "glance section"),
    ({"id": "other", "kind": "players", "title": M("x", "x"),
      "columns": [{"key": "cash", "label": M("x", "x"), "glance": True}], "rows": []},
     "glance section"),
    ({"id": "other", "kind": "facts", "title": M("x", "x"), "glance": True,
      "items": [{"label": M("x", "x"), "value": C.count(1), "acting": True}]},
     "status"),
    ({"id": "other", "kind": "facts", "title": M("x", "x"), "glance": True,
      "items": [{"label": M("x", "x"), "value": C.count(1), "glance": "yes"}]},
     "glance section"),
])
def test_the_checker_refuses_marks_out_of_place(bad, said):
    with pytest.raises(ContractError, match=said):
        check_book(_book(marked=False) + [bad])


def test_the_summary_shows_the_marked_columns_and_items_as_rows(app):
    summary, book = _render(app, _book(marked=True))
    status = _part(summary, "status")
    assert "Phase" in status and "Bank" not in status     # only the marked item
    assert "Acting" not in status and "Round" not in status  # the status line says them
    players = _part(summary, "players")
    assert _heads(players) == ["Cash", "Certs", "Income", "Loco", "Score"]
    assert 'class="wide"' not in players                   # five columns: a line per player
    assert 'data-player="1"' in players and 'data-player="2"' in players
    # the book shows both sections whole, on every phone: the summary left some of each out
    assert '<div class="glance-dup">' not in book
    assert "Acting" in _part(book, "status") and "Bank" in _part(book, "status")
    assert _heads(_part(book, "players")) == ["Cash", "Certs", "Income", "Loco", "Score",
                                             "Place", "Tiles", "Held"]


def test_without_marks_the_summary_shows_all_but_the_list_columns_and_who_acts(app):
    summary, book = _render(app, _book(marked=False))
    status = _part(summary, "status")
    assert "Bank" in status and "Phase" in status and "Acting" not in status
    players = _part(summary, "players")
    assert "Held" not in players and "Tiles" in players
    assert 'class="wide"' in players                      # seven columns: a card per player
    # the status is whole in the summary and the status line: hidden on an idle phone
    assert re.search(r'<div class="glance-dup"><section[^>]*data-section="status"', book)
    assert not re.search(r'<div class="glance-dup"><section[^>]*data-section="players"', book)
    assert "Held" in _part(book, "players")


@pytest.mark.parametrize("title", sorted(TITLES))
def test_every_titles_status_marks_who_acts(title):
    from engine import Game
    spec = TITLES[title]
    game = Game(title, ["Ann", "Bo", "Cy", "Di", "Ed"][:max(spec.min_players, 3)], 1)
    book = game.book()
    check_book(book)
    assert game.rules.acting()
    assert len([i for i in book[0]["items"] if i.get("acting")]) == 1, title
