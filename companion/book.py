"""The book in plain words: a view's data turned into what a player reads at the table.

Presentation only, driven by the shape of the view (no title's name, no rules): players are
any {player id: {...}} part, companies any {id: {...}} part whose entries have a president
or director, private companies those with an owner and a revenue, the train market a
depot ({next, available, remaining}) or a ``next_train`` ({type, price, left, triggers}) with
a ``train_market`` ({kind: count}). Internal bookkeeping stays in the JSON export only.
"""
from __future__ import annotations

from flask_babel import gettext as _

from companion.i18n import engine_text, money

# parts of a view that are bookkeeping for the engine, not for the players (JSON export keeps them)
INTERNAL = {"tiles_laid", "tile_supply", "crowded", "seating", "provisional", "readings", "setup",
            "scores", "score_breakdown", "pending_discards", "map_data_provisional",
            "net_worth_history", "worth_history", "result", "log", "seed", "turn"}


def _is_money(key) -> bool:
    from companion.pages import is_money
    return is_money(key)


def _n(names, x):
    return names.get(str(x), str(x)) if isinstance(x, (str, int)) else str(x)


def _train(t) -> str:
    t = str(t)
    return t if t.endswith(("train", "-train")) else _("%(t)s-train", t=t)


def _count(v) -> str:
    return _("unlimited") if v in ("unlimited", None) or v is True else str(v)


def players(state: dict, cur: str, names: dict, me: str | None, used: set | None = None) -> list[dict]:
    used = used if used is not None else set()   # gets the keys of the view turned into words
    ids = {p["id"] for p in state.get("players") or []}
    books, extra = {}, {}
    for key, value in state.items():
        if key in INTERNAL or not isinstance(value, dict) or not value or \
                not set(map(str, value)) <= ids:
            continue
        if all(isinstance(v, dict) for v in value.values()):
            for pid, v in value.items():
                books.setdefault(str(pid), {}).update(v)
            used.add(key)
        elif all(not isinstance(v, (dict, list)) for v in value.values()):
            for pid, v in value.items():
                if key == "cash":
                    books.setdefault(str(pid), {})["cash"] = v
                else:
                    extra.setdefault(str(pid), []).append(
                        f"{key.replace('_', ' ')} {money(v, cur) if _is_money(key) else v}")
            used.add(key)
    corps = corporations_map(state)
    global_limit = state.get("cert_limit")
    out = []
    for p in state.get("players") or []:
        b = books.get(p["id"], {})
        certs = []
        for corp, pct in (b.get("shares") or {}).items():
            c = corps.get(corp, {})
            pres = str(c.get("president", c.get("director"))) == p["id"]
            text = f"{corp} {pct}%" if isinstance(pct, (int, float)) else f"{corp} {pct}"
            certs.append(text + (" " + _("(pres.)") if pres else ""))
        owned = [str(x) for x in (b.get("companies") or []) + (b.get("assets") or [])
                 if not isinstance(x, dict)]
        count = b.get("certs", b.get("certificates"))
        limit = b.get("cert_limit", global_limit)
        out.append({"id": p["id"], "name": p["name"], "cash": money(b.get("cash"), cur)
                    if b.get("cash") is not None else "", "certs": certs, "owned": owned,
                    "count": f"{count}/{limit}" if count is not None and limit is not None
                    else (str(count) if count is not None else ""),
                    "bankrupt": bool(b.get("bankrupt")), "you": p["id"] == me,
                    "extra": extra.get(p["id"], [])})
    return out


def corporations_map(state: dict) -> dict:
    for key in ("corporations", "companies"):
        v = state.get(key)
        if isinstance(v, list) and v and all(isinstance(c, dict) and "id" in c for c in v):
            v = {str(c["id"]): c for c in v}
        if isinstance(v, dict) and v and all(isinstance(c, dict) for c in v.values()) and \
                any("president" in c or "director" in c for c in v.values()):
            return v
    return {}


def corporations(state: dict, cur: str, names: dict) -> tuple[list[dict], list[str]]:
    rows, waiting = [], []
    for sym, c in corporations_map(state).items():
        pres = c.get("president", c.get("director"))
        if c.get("closed"):
            continue
        if pres is None and c.get("price") is None:
            waiting.append(sym)
            continue
        treasury = c.get("cash", c.get("treasury"))
        tokens = c.get("tokens_left", c.get("station_tokens_left"))
        if isinstance(tokens, list):
            tokens = len(tokens)
        price, par = c.get("price", c.get("share_price")), c.get("par")
        rows.append({"id": sym, "name": c.get("name") if c.get("name") != sym else None,
                     "president": _n(names, pres) if pres is not None else "",
                     "treasury": money(treasury, cur) if treasury is not None else "",
                     "trains": ", ".join(_train(str(t).split("-")[0]) if "-" in str(t) else _train(t)
                                         for t in c.get("trains") or []),
                     "tokens": tokens,
                     "price": money(price, cur) if price is not None else "",
                     "par": money(par, cur) if par is not None and par != price else "",
                     "president_id": str(pres)})
    return rows, waiting


def privates(state: dict, cur: str, names: dict) -> list[str]:
    v = state.get("companies")
    if not isinstance(v, dict) or corporations_map(state) is v:
        return []
    out = []
    for sym, c in v.items():
        if not isinstance(c, dict) or "revenue" not in c or c.get("closed"):
            continue
        owner = c.get("owner")
        who = _n(names, owner) if owner is not None else _("for sale")
        text = f"{sym}: {who} · " + _("revenue %(r)s", r=money(c.get("revenue"), cur))
        if owner is None and c.get("price") is not None:
            text += " · " + _("price %(p)s", p=money(c.get("price"), cur))
        out.append(text)
    return out


def _triggers(t) -> str:
    if isinstance(t, dict) and "code" in t and "message" in t:   # an event to be
        return engine_text(t)
    if isinstance(t, dict):
        parts = []
        for k, v in t.items():
            if v in (None, False, [], {}):
                continue
            parts.append(f"{k.replace('_', ' ')} {', '.join(map(str, v)) if isinstance(v, list) else v}"
                         if v is not True else k.replace("_", " "))
        return "; ".join(parts)
    if isinstance(t, list):
        return "; ".join(_triggers(x) for x in t if x)
    return str(t).replace("_", " ")


def trains(state: dict, cur: str) -> list[str]:
    lines = []
    nt = state.get("next_train")
    depot = state.get("depot") if isinstance(state.get("depot"), dict) else {}
    if isinstance(nt, dict) and nt.get("type", nt.get("train")) is not None:
        left = nt.get("left", "?")
        text = _("Next: %(t)s", t=_train(nt.get("type", nt.get("train"))))
        if nt.get("price") is not None:
            text += " " + money(nt["price"], cur)
        if left != "?":
            text += " (" + _("%(n)s left", n=_count(left)) + ")"
        trig = _triggers(nt.get("triggers"))
        if trig:
            text += " — " + _("buying it: %(what)s", what=trig)
        if nt.get("exportable"):
            text += " — " + _("can be exported")
        lines.append(text)
    elif depot.get("next"):
        nxt = str(depot["next"])
        remaining = depot.get("remaining") or {}
        kind = nxt.split("-")[0] if "-" in nxt and nxt.split("-")[0] in remaining else nxt
        text = _("Next: %(t)s", t=_train(kind))
        if depot.get("price") is not None:
            text += " " + money(depot["price"], cur)
        if kind in remaining:
            text += " (" + _("%(n)s left", n=_count(remaining[kind])) + ")"
        if depot.get("triggers"):
            text += " — " + _("buying it: %(what)s", what=_triggers(depot["triggers"]))
        if depot.get("exported_at_set_end"):
            text += " — " + _("exported at the end of this set of operating rounds if nobody "
                              "buys it")
        lines.append(text)
    tm = state.get("train_market")
    if isinstance(tm, list) and all(isinstance(x, dict) for x in tm):
        lines.append(_("In the depot: %(list)s", list=", ".join(
            _train(x.get("train", x.get("type", "?"))) + (" " + money(x["price"], cur) if x.get("price")
                                                          is not None else "") for x in tm)))
    counts = state.get("train_market") if isinstance(state.get("train_market"), dict) else \
        depot.get("remaining") if isinstance(depot.get("remaining"), dict) else {}
    later = [f"{_train(k)} ×{_count(v)}" for k, v in counts.items() if v not in (0, "0")]
    if later:
        lines.append(_("In the depot: %(list)s", list=", ".join(later)))
    if depot.get("discarded"):
        lines.append(_("Discarded to the bank: %(list)s", list=", ".join(map(str, depot["discarded"]))))
    if state.get("rusted"):
        lines.append(_("Rusted: %(list)s", list=", ".join(map(str, state["rusted"]))))
    return lines


def facts(state: dict, names: dict) -> list[tuple[str, str]]:
    """Short facts of the game as (label, words)."""
    out = []
    if state.get("tiles"):
        out.append((_("Tiles"), ", ".join(map(str, state["tiles"]))))
    if state.get("era"):
        out.append((_("Era"), str(state["era"])))
    if state.get("train_limit") is not None:
        out.append((_("Train limit"), str(state["train_limit"])))
    if state.get("cert_limit") is not None:
        out.append((_("Certificate limit"), str(state["cert_limit"])))
    if state.get("war") not in (None, "", "none"):
        out.append((_("Korean War"), str(state["war"]).replace("_", " ")))
    if state.get("priority") is not None:
        out.append((_("Priority deal"), _n(names, state["priority"])))
    if state.get("bank_broken"):
        out.append((_("Bank"), _("broken: the game ends after this set")))
    end = state.get("end")
    if isinstance(end, dict):
        for k, v in end.items():
            if v not in (None, False, "", [], {}):
                out.append((k.replace("_", " ").capitalize(), "✓" if v is True else str(v)))
    return out


def round_lines(state: dict, names: dict) -> list[tuple[str, str]]:
    """The round's own details, non-empty ones only, with names."""
    detail = state.get("round_detail")
    r = state.get("round")
    if not isinstance(detail, dict):
        detail = {k: v for k, v in r.items() if k not in ("kind", "type", "set", "or", "name")} \
            if isinstance(r, dict) else {}
    out = []
    for k, v in detail.items():
        if v in (None, False, "", [], {}) or k.startswith("_") or k in ("turn_actions",):
            continue
        if isinstance(v, list):
            v = ", ".join(_n(names, x) for x in v if not isinstance(x, (dict, list)))
        elif isinstance(v, dict):
            v = ", ".join(f"{_n(names, a)} {b}" for a, b in v.items() if not isinstance(b, (dict, list)))
        elif v is True:
            v = "✓"
        else:
            v = _n(names, v)
        if v:
            out.append((k.replace("_", " ").capitalize(), str(v)))
    return out


def operating_order(state: dict) -> str:
    order = state.get("operating_order")
    if isinstance(order, list) and order:
        return " → ".join(str(x.get("id", x)) if isinstance(x, dict) else str(x) for x in order)
    return ""


def hexes(state: dict, names: dict) -> list[dict]:
    """A map's known hexes: those with a tile, stations or a side/kind entered."""
    m = state.get("map")
    if not isinstance(m, dict):
        return []
    out = []
    for key, h in m.items():
        if not isinstance(h, dict):
            continue
        seats = [s for s in h.get("seats") or [] if s]
        tile = h.get("tile")
        color = h.get("color") if h.get("color") not in (None, "none") else ""
        if not (tile or seats or h.get("side") or h.get("kind")):
            continue
        out.append({"name": h.get("name") or key, "side": h.get("side") or "",
                    "kind": str(h.get("kind") or "").replace("_", " "),
                    "tile": " ".join(str(x) for x in (color, tile) if x),
                    "stations": ", ".join(map(str, seats)), "built": bool(tile or seats)})
    out.sort(key=lambda h: (not h["built"], str(h["name"])))
    return out


def build(state: dict, cur: str, names: dict, me: str | None) -> dict:
    used: set = set()   # the keys of the view turned into words (the rest goes to "More")
    corps, waiting = corporations(state, cur, names)
    privates_list = privates(state, cur, names)
    bank = state.get("bank")
    if isinstance(bank, dict):
        bank = _("unlimited") if bank.get("unlimited") else money(bank.get("cash", bank.get("net")), cur)
    elif bank is not None:
        bank = money(bank, cur)
    used.update(k for k in ("bank", "round_detail", "depot", "next_train", "train_market",
                            "operating_order", "priority", "map", "train_limit", "cert_limit",
                            "tiles", "era", "war", "rusted", "end", "bank_broken", "market")
                if k in state)
    if corps or waiting:
        used.add("corporations" if corporations_map(state) is not state.get("companies")
                 else "companies")
    if privates_list:
        used.add("companies")
    return {"bank": bank, "players": players(state, cur, names, me, used), "corps": corps,
            "waiting": waiting, "privates": privates_list,
            "trains": trains(state, cur), "facts": facts(state, names),
            "round": round_lines(state, names), "order": operating_order(state),
            "hexes": hexes(state, names), "used": used}
