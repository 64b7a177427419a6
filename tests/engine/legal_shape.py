"""Reading the declared legal entries (engine.contract) in tests: the entries of a kind, and
each param reduced to what it offers (choices, range, default), so a test states the rule
and not the decoration around it (labels, words, types)."""
from __future__ import annotations

OFFER_KEYS = ("choices", "min", "max", "step", "default")


def offer(p: dict) -> dict:
    """What a declared param offers: its choices or range (and default); a list param's
    items (their values) and what each item offers; a flag as ``{"flag": True}``."""
    kind = p["kind"]
    if kind == "list":
        return {"items": [i["v"] for i in p["items"]], "of": offer(p["of"])}
    if kind == "flag":
        return {"flag": True}
    if kind == "text":
        return {"text": p["max_length"]}
    out = {k: p[k] for k in OFFER_KEYS if k in p}
    if "choices_by" in p:
        out["by"] = {p["choices_by"]["field"]: p["choices_by"]["map"]}
    return out


def offers(entry: dict) -> dict:
    """Each param of ``entry`` by name, as :func:`offer` gives it."""
    return {name: offer(p) for name, p in (entry.get("params") or {}).items()}


def fixed(entry: dict) -> dict:
    """The entry's type, entity and fixed scalars: what a phone posts as they are."""
    from engine.contract import ENTRY_KEYS
    return {k: v for k, v in entry.items() if k not in ENTRY_KEYS or k in ("type", "entity")}


def shown(entry: dict) -> dict:
    """The entry's shown-only data by label code (e.g. ``field.prices``) -> its value."""
    return {s["label"]["code"]: s["value"] for s in entry.get("show") or []}


def of_type(game, kind: str, **match) -> list[dict]:
    return [e for e in game.legal_actions()
            if e["type"] == kind and all(e.get(k) == v for k, v in match.items())]


def first(game, kind: str, **match) -> dict:
    found = of_type(game, kind, **match)
    assert found, (kind, match, sorted({e["type"] for e in game.legal_actions()}))
    return found[0]
