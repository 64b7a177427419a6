"""Values just outside a param's declaration, for the door's property tests (engine and API).

``spoiled(entry, good)`` makes, from a legal entry and a well-formed action of it, actions
that differ from it in one param, each with a value its declaration does not take: over the
maximum, under the minimum, off the step, a float, a boolean, a string, NaN, 2^63, -0.0, a
list of the wrong length, an unknown choice, a text too long, control characters, and the
wrong entity. Every one must be refused, leaving the game as it was.
"""
from __future__ import annotations

import math

from engine import contract

CONTROL = ("a\x00b", "line\nbreak", "esc\x1b[31m", "del\x7f", "c1\x85")


def number_cases(p: dict, action: dict) -> list:
    lo, hi, step = p["min"], contract.number_max(p, action), int(p.get("step") or 1)
    out = [hi + step, hi + 1, lo - step, lo - 1, float(lo), lo + 0.5, True, False, str(lo),
           math.nan, math.inf, 2 ** 63, -2 ** 63, -0.0, None, [lo]]
    if step > 1 and lo + 1 < hi:
        out.append(lo + 1)                 # off the step
    if p.get("optional"):
        out = [v for v in out if v is not None]      # None: left out, as declared
    return [v for v in out if not (isinstance(v, int) and not isinstance(v, bool)
                                   and lo <= v <= hi and (v - lo) % step == 0)]


def choice_cases(p: dict, action: dict) -> list:
    allowed = contract.allowed(p, action)
    # a free-entry choice takes a label the table reads off the board: only what no board
    # prints is outside it (a path, a label too long, a leading mark or space)
    out = (["no such choice", "ZZZ9"] if not p.get("free_entry") else []) + \
        ["../1", "ZZ ZZ ZZ 99 x x x x x", "-B18", "_x",
         12345, 1.5, math.nan, 2 ** 63, -0.0, True, None, [], {}] + list(CONTROL)
    if allowed and all(isinstance(c, int) and not isinstance(c, bool) for c in allowed):
        out += [float(allowed[0]), str(allowed[0]), max(allowed) + 10 ** 7]
    elif allowed and isinstance(allowed[0], str) and not p.get("free_entry"):
        out += [allowed[0] + "\x00", allowed[0].lower() if allowed[0].lower() != allowed[0]
                else allowed[0].upper(), " " + allowed[0]]
    if p.get("optional"):
        out = [v for v in out if v is not None]
    return [v for v in out if not any(contract.choice_key(v) == contract.choice_key(c)
                                      and type(v) is type(c) for c in allowed)]


def text_cases(p: dict) -> list:
    n = p["max_length"]
    out = ["x" * (n + 1), "가" * (n + 1), 5, 1.5, True, None, ["x"], {}] + \
        [c[:n] for c in CONTROL if len(c) <= n]
    if not p.get("optional"):
        out += ["", "   "]
    else:
        out = [v for v in out if v is not None]
    return out


def flag_cases(p: dict) -> list:
    return [1, 0, "true", "yes", None, 1.0, [], math.nan]


def param_cases(p: dict, action: dict) -> list:
    kind = p["kind"]
    if kind == "number":
        return number_cases(p, action)
    if kind == "choice":
        return choice_cases(p, action)
    if kind == "text":
        return text_cases(p)
    if kind == "flag":
        return flag_cases(p)
    if kind == "list":
        good = action.get("__list__")
        n = len(p.get("items") or [])
        item = contract.fill({"type": "x", "params": {"v": p["of"]}},
                             lambda name, q: _good(q, action))["v"]
        out = [[item] * (n + 1), "not a list", 5, None]
        if n:
            out.append([item] * (n - 1))
            out += [[bad] + [item] * (n - 1) for bad in param_cases(p["of"], action)[:8]]
        del good
        return out
    raise AssertionError(f"unknown kind {kind!r}")


def _good(p: dict, action: dict):
    kind = p["kind"]
    if kind == "number":
        return p.get("default", p["min"])
    if kind == "choice":
        choices = contract.allowed(p, action)
        return choices[0] if choices else None
    if kind == "flag":
        return False
    if kind == "text":
        return p.get("example") or "ok"
    if kind == "list":
        return [_good(p["of"], action) for _ in p["items"]]
    raise AssertionError(kind)


def spoiled(entry: dict, good: dict) -> list[tuple[str, object, dict]]:
    """``(param, value, action)`` for every out-of-declaration value of every param."""
    out = []
    for name, p in (entry.get("params") or {}).items():
        if p["kind"] == "number" and contract.number_max(p, good) < p["min"]:
            continue                                     # nothing to take: no range to leave
        for value in param_cases(p, good):
            out.append((name, value, {**good, name: value}))
    if "entity" in entry and "entity" not in (entry.get("params") or {}):
        out.append(("entity", "nobody", {**good, "entity": "nobody"}))
        out.append(("entity", 1, {**good, "entity": 1}))
    return out
