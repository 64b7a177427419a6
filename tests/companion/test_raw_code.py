"""No raw code on any page (issue 25): every title played by random legal steps (through the
JSON API, ``tests/contract_play.py``), and at several points every page rendered for the
acting seat, an idle seat and the spectator, in English and in Korean (the Flask test client).

Raw code is what only the engine should see: a snake_case id, ``True/False/None``, an axial
coordinate ("0,-1"), a letter-and-number id ("J9", "OA04", "A1", "D1") that is not a hex the
title's book or forms declare, a choice shown as only its code, and on a Korean page a Latin
word outside a short listed set (the title's company abbreviations, the players' names, the
box's name, a few units).
"""
from __future__ import annotations

import random
import re

import pytest

from engine import titles
from tests.contract_play import SKIP, is_shape_error, random_action  # noqa: F401
from tests.companion.test_korean_pages import box_words, latin_words, visible_text

PLAYERS = ["Ann", "Bo", "Cy", "Dee"]
# the words a Korean page may carry in Latin letters besides the title's company and train
# marks: the players, the language switch, the site's name, what a bot types in a note
KOREAN_ALLOWED = {"English", "Ann", "Bo", "Cy", "Dee", "table", "check", "OR", "SR", "IPO",
                  "CSV", "JSON", "UTC"}


SNAKE = re.compile(r"(?<![A-Za-z0-9_])[a-z0-9]+(?:_[a-z0-9]+)+(?![A-Za-z0-9_])")
FLAGS = re.compile(r"\b(True|False|None)\b")
AXIAL = re.compile(r"(?<![\d,.])-?\d{1,2},-?\d{1,2}(?![\d])")
CODE_ID = re.compile(r"(?<![A-Za-z0-9])[A-Z]{1,2}\d{1,2}(?![A-Za-z0-9])")
# the rulebook's own names for 18Korea's asset cards (RB §16: "OA09 Defector", "OA09
# (defector)"): a card is said by its code and its name
RULEBOOK_CODES = re.compile(r"O[ABC]\d\d")
ONLY_CODE_OPTION = re.compile(r"<option[^>]*>\s*([a-z0-9]+(?:_[a-z0-9]+)+)\s*</option>")


def raw_code(page: str, known: set[str]) -> list[str]:
    """The raw codes a reader of ``page`` would see (``known``: ids that are names here)."""
    text = visible_text(page)
    found = SNAKE.findall(text) + FLAGS.findall(text) + AXIAL.findall(text)
    for m in CODE_ID.finditer(text):
        if RULEBOOK_CODES.fullmatch(m.group()):
            if not re.match(r" (?:[A-Z][a-z]|[가-힣]|\()|: [a-z가-힣]", text[m.end():]):
                found.append(m.group())          # a card's code without its name
        elif m.group() not in known:
            found.append(m.group())
    found += ONLY_CODE_OPTION.findall(page)
    return found


def test_the_raw_code_finder():
    page = ('<p>Lay a yellow city tile at 0,-1 · exits ENSW · effect company_cash · True</p>'
            '<p>OA04 · J9 · C11 · ₩1,500 · 2–4 · 1,000</p><select><option>yellow_green</option>'
            '</select>')
    assert sorted(raw_code(page, {"C11"})) == sorted(
        ["company_cash", "yellow_green", "yellow_green", "True", "0,-1", "OA04", "J9"])
    assert raw_code("<p>LYR pays ₩1,200 (₩60 a share) at C11; 2-train</p>", {"C11"}) == []


@pytest.fixture
def app(tmp_path):
    from companion import create_app
    return create_app({"TESTING": True, "SECRET_KEY": "test", "RATELIMIT_ENABLED": False,
                       "DATABASE_URL": f"sqlite:///{tmp_path / 'raw.db'}"})


@pytest.fixture
def client(app):
    return app.test_client()


def known_names(obj, out: set[str]) -> set[str]:
    """The names a state declares (its book, view and legal entries, the history's params):
    a hex or a tile (printed on the board or the tile), a company's mark; an id with digits
    that is a company's ("C5") is not a name: it must come with one."""
    if isinstance(obj, dict):
        places = [obj.get("v")] if obj.get("t") in ("hex", "tile") else []
        places.append(obj.get("hex"))
        if obj.get("kind") == "choice" and obj.get("type") in ("hex", "tile"):
            places += list(obj.get("choices") or ())
        marks = [obj.get("v")] if obj.get("t") in ("company", "entity") else []
        marks += [obj.get(k) for k in ("entity", "corporation", "company")]
        if obj.get("kind") == "choice" and obj.get("type") in ("company", "entity"):
            marks += list(obj.get("choices") or ())
        out.update(str(p) for p in places if isinstance(p, (str, int)))
        out.update(m for m in marks if isinstance(m, str) and not CODE_ID.fullmatch(m))
        for v in obj.values():
            known_names(v, out)
    elif isinstance(obj, list):
        for v in obj:
            known_names(v, out)
    return out


def new_table(client, title):
    spec = titles.TITLES[title]
    n = max(spec.min_players, min(3, spec.max_players))
    r = client.post("/api/tables", json={"title": title, "players": PLAYERS[:n], "seed": 4})
    assert r.status_code == 201, r.get_json()
    return r.get_json()


def state(client, code, token):
    return client.get(f"/api/tables/{code}",
                      headers={"Authorization": f"Bearer {token}"}).get_json()


def play(client, table, rng, steps):
    """Post ``steps`` random legal steps through the API (each with its acting seat's token)."""
    code = table["code"]
    tokens = {s["player"]: s["token"] for s in table["seats"]}
    any_token = table["seats"][0]["token"]
    for _ in range(steps):
        st = state(client, code, any_token)
        legal = [e for e in st["legal"] if e["type"] not in SKIP | {"correction"}
                 and not e.get("anytime")]
        if not legal or st["state"].get("finished"):
            return st
        legal = [e for e in legal if e["type"] != "bankrupt"] or legal   # play on, not out
        for _try in range(40):
            entry = rng.choice(legal)
            acting = (st["state"].get("acting_players") or [None])[0]
            token = tokens.get(acting, any_token)
            action = random_action(rng, entry, acting or table["seats"][0]["player"])
            r = client.post(f"/api/tables/{code}/actions",
                            headers={"Authorization": f"Bearer {token}"},
                            json={"action": action, "expected_version": st["version"],
                                  "key": f"k{st['version']}-{_try}"})
            if r.status_code == 200:
                break
            assert r.status_code == 422, (r.status_code, r.get_json())
    return state(client, code, any_token)


class Mirror:
    """The table's game played beside it by a title's own test bot (18Korea's, which plays
    on through the rounds where random steps go bankrupt at once): its steps are posted."""

    def __init__(self, title, table):
        from engine.game import Game
        from tests.bots.korea18 import Bot
        self.game = Game(title, [{"id": s["player"], "name": s["name"]} for s in table["seats"]],
                         seed=4)
        self.bot = Bot(4)

    def step(self) -> dict:
        action = self.bot.choose(self.game)
        self.game.process(action)
        return self.game.log[-1]


def play_mirror(client, table, mirror, steps):
    code = table["code"]
    token = table["seats"][0]["token"]
    for _ in range(steps):
        st = state(client, code, token)
        if st["state"].get("finished"):
            return st
        action = mirror.step()
        r = client.post(f"/api/tables/{code}/actions", headers={"Authorization": f"Bearer {token}"},
                        json={"action": action, "expected_version": st["version"],
                              "key": f"m{st['version']}"})
        assert r.status_code == 200, (action, r.get_json())
    return state(client, code, token)


def phones(app, table, st):
    """A phone for the acting seat, one for an idle seat, and the spectator's."""
    acting = (st["state"].get("acting_players") or [table["seats"][0]["player"]])[0]
    seats = {s["player"]: s["token"] for s in table["seats"]}
    idle = next(p for p in seats if p != acting)
    out = {}
    for who, token in (("acting", seats.get(acting, table["seats"][0]["token"])),
                       ("idle", seats[idle]), ("spectator", table["spectate_token"])):
        phone = app.test_client()
        assert phone.get(f"/tables/{table['code']}/watch?token={token}").status_code == 303
        out[who] = phone
    return out


STEPS = {"AoS-Base": 30, "AoS-Korea": 30, "AoS-NewZealand": 30, "18Korea": 150}
BOTS = {"18Korea"}          # titles played by their own bot (tests/bots), not at random


def rendered_pages(app, client, title, seed=25):
    """Every page at four points of a random game, for the three kinds of phone in both
    languages: [(where, html)], and the names the states declared on the way."""
    rng = random.Random(seed)
    table = new_table(client, title)
    code = table["code"]
    pages, known = [], set()
    mirror = Mirror(title, table) if title in BOTS else None
    st = state(client, code, table["seats"][0]["token"])
    for point in range(4):
        if point:
            st = play_mirror(client, table, mirror, STEPS.get(title, 60)) if mirror else \
                play(client, table, rng, STEPS.get(title, 60))
        known_names(st, known)
        known_names(client.get(f"/api/tables/{code}/history", headers={
            "Authorization": f"Bearer {table['seats'][0]['token']}"}).get_json(), known)
        for who, phone in phones(app, table, st).items():
            for lang in ("en", "ko"):
                phone.set_cookie("lang", lang)
                for path in (f"/tables/{code}", f"/tables/{code}/history",
                             f"/tables/{code}/scores", f"/new?title={title}"):
                    r = phone.get(path)
                    assert r.status_code == 200, path
                    pages.append((f"{lang} {who} {path.replace(code, '*')}",
                                  r.get_data(as_text=True).replace(code, " ")))
        if st["state"].get("finished"):
            break
    return pages, known


@pytest.mark.slow
@pytest.mark.parametrize("title", list(titles.TITLES))
def test_no_page_shows_raw_code(app, client, title):
    spec = titles.TITLES[title]
    allowed = KOREAN_ALLOWED | box_words(spec) | set().union(
        *(box_words(t) for t in titles.TITLES.values()))
    pages, known = rendered_pages(app, client, title)
    names = allowed | {k for k in known if k.isupper()}
    found: dict[str, set] = {}
    latin: dict[str, set] = {}
    for where, page in pages:
        hits = raw_code(page, known)
        if hits:
            found.setdefault(where, set()).update(hits)
        if where.startswith("ko"):
            text = visible_text(page)
            words = [w for w in latin_words(text, allowed) if w not in names]
            words += [w for w in re.findall(r"\b[A-Z]{2,5}\b", text) if w not in names]
            if words:
                latin.setdefault(where, set()).update(words)
    report = {k: sorted(v)[:12] for k, v in sorted(found.items())}
    report_ko = {k: sorted(v)[:12] for k, v in sorted(latin.items())}
    assert not report and not report_ko, (
        f"{title}: raw code {report}\nLatin on Korean pages {report_ko}")
