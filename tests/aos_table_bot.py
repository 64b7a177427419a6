"""A table's plain Age of Steam play on the register of links, for tests that play whole
games through the pages: what the acting player enters next, decided from the game as it
stands (``decide``). New Zealand: ferry links from Auckland to each island, black goods to
the islands the shipper lacks; Korea: a line of links Seoul - Suwon, Seoul - Kaesong (across
the demarcation line), Kaesong - Pyongyang, Suwon - Daejeon and Pyongyang - Sinuiju, goods
over whatever chain the round allows, the shipper's own links first."""
from __future__ import annotations

# Korea: (start, reaches, kind) in build order; the link across the line is laid as two tiles
KOREA_LINKS = [("서울", "수원", "south_plain"), ("서울", None, "south_plain"),
               ("#2", "개성", "north_plain"), ("개성", "평양", "north_plain"),
               ("수원", "대전", "south_plain"), ("평양", "신의주", "north_plain")]


def decide(game) -> tuple[str, dict]:
    r = game.rules
    p = r.current()
    legal = {e["type"]: e for e in game.legal_actions() if e.get("entity") == p}
    if r.phase == "shares":
        due = r.shares[p] + r.loco[p] - r.income[p]        # what the turn's income lacks
        return "issue_shares", {"count": 1 if r.cash[p] < due + 6 and r.shares[p] < 8 else 0}
    if r.phase == "auction":
        return ("drop_out", {}) if "drop_out" in legal else ("turn_order_pass", {})
    if r.phase == "actions":
        if "select_action" in legal:
            return "select_action", {"pick": legal["select_action"]["params"]["pick"]["choices"][0]}
        return "no_action", {}
    if r.phase == "build":
        plan = _build(game, p)
        return plan if plan else ("build_done", {})
    if "move_good" in legal:
        return _move(game, p, legal["move_good"])
    return "pass_move", {}


def _build(game, p):
    r, reg = game.rules, game.rules.register
    if r.builds:
        return None                          # one build a turn: money for the expenses
    if game.spec.id == "AoS-NewZealand":
        reached = {k["b"] for k in reg.links.values() if k["ferry"]}
        free = [name for name in reg.names("island") if name not in reached]
        if free and r.cash[p] >= 5:
            return "build", {"kind": "ferry", "link": "Auckland", "reaches": free[0]}
        return None
    step = sum(k["tiles"] for k in reg.links.values())
    if step >= len(KOREA_LINKS) or r.cash[p] < 4:
        return None
    start, reaches, kind = KOREA_LINKS[step]
    if start.startswith("#") and reg.links[int(start[1:])]["owner"] not in (p, None):
        return None                          # another's unfinished link: theirs to extend
    return "build", {"kind": kind, "link": start,
                     **({"reaches": reaches} if reaches else {})}


def _move(game, p, entry):
    """New Zealand: a black good to an island the shipper lacks; else the chain that pays the
    shipper most (its own links), the form's first among equals."""
    r, reg = game.rules, game.rules.register
    chains = entry["params"]["route"]["choices"]

    def own(key):
        return sum(k["owner"] == p for k in reg.follow(key, r.loco[p])[1])

    if game.spec.id == "AoS-NewZealand":
        mine = set(r.map.discs.get(p, []))
        new = [key for key in chains if reg.follow(key, r.loco[p])[0][-1].startswith("⛴")
               and reg.follow(key, r.loco[p])[0][-1][-1] not in mine]
        if new:
            return "move_good", {"colour": "black", "route": max(new, key=own)}
    return "move_good", {"colour": "red", "route": max(chains, key=own)}
