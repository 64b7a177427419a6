"""Phone forms built from the engine's legal actions, and actions built back from forms.

Nothing here knows a title. A legal action is a dict with ``type`` and usually ``entity``;
its other keys are read by these conventions:

* a scalar (``"company": "TA"``) is a fixed part of the action, shown and sent as is;
* ``min``/``max`` (optional ``step``, ``default``) describe one whole number to enter;
  its name is ``param`` (or ``field``) when given, else ``price``;
  ``<name>_min``/``<name>_max``/``<name>_step`` describe a number called ``<name>``;
* a list (``"prices": [70, 75]``, ``"corporations": [..]``) is a choice of one value of
  the singular name (``price``, ``corporation``; ``*ies`` -> ``*y``); items may be
  scalars or dicts (a dict's ``id``/``value`` is sent when it has one, else the dict);
* ``params``: {name: {min,max,step,default} | {choices: [..]} | {text: true}} says it
  explicitly and wins over the rest;
* ``choices_by: {field, map: {value: [choices]}}`` / ``max_by: {field, map: {value: max}}``:
  the choices (the maximum) depend on another field's value; the page gets every choice and
  narrows them live (static/live.py); without JavaScript the server checks them here;
* ``reason`` / ``note`` / ``text`` with a string value (or listed in ``text``) is a line
  of free text;
* ``label``/``description``/``hint`` are shown, never sent.

The form carries only the legal action's index, the book's version and an idempotency
key; the server rebuilds the action from its own list of legal actions, so a phone can
never send an action shape the engine did not offer.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field

SHOWN_ONLY = {"label", "description", "hint", "title", "params", "param", "field", "text",
              "multiple", "anytime"}

# Parameters of the shared 18xx core's actions that its legal actions do not describe yet
# (the engine's ``params`` wins as soon as it has one). Not title data: the core's action
# shapes, so that a table can enter them, with the physical board in front of it.
CORE_SHAPES = {
    "lay_tile": lambda a: None if "company" in a and "hex" in a else {
        "hex": {"text": True}, "tile": {"text": True},
        "rotation": {"choices": [0, 1, 2, 3, 4, 5]}},
    "place_token": lambda a: None if "hex" in a else {
        "hex": {"text": True}, "city": {"min": 0, "max": 3, "step": 1, "default": 0}},
    "run_trains": lambda a: {"trains": {"records_of": "trains", "key": "train",
                                        "fields": {"revenue": {"min": 0, "step": 10}}}},
}
TEXT_KEYS = {"reason", "note", "comment"}
HIDDEN_TYPES = {"undo", "redo"}


@dataclass
class Field:
    name: str
    kind: str                      # "number" | "choice" | "text"
    min: int | None = None
    max: int | None = None
    step: int | None = None
    default: object = None
    choices: list = field(default_factory=list)   # [(value_json, label, value)]
    required: bool = True
    suggestions: list = field(default_factory=list)   # text: values offered, others allowed
    items: list = field(default_factory=list)     # list/records: one entry per item (labels)
    key: str = ""                                 # records: the item's key in each record
    sub: list = field(default_factory=list)       # records: [Field] entered for each item
    by: str = ""                                  # choices_by / max_by: the field it depends on
    by_map: dict = field(default_factory=dict)    # that field's value -> [choice values] | max

    @property
    def by_json(self) -> str:
        return json.dumps(self.by_map, sort_keys=True, ensure_ascii=False)


@dataclass
class ActionForm:
    index: int
    type: str
    entity: str | None
    fixed: dict                    # sent as is (type and entity included)
    fields: list[Field]
    label: str = ""
    shown: dict = field(default_factory=dict)   # {key: {name: scalar}}: shown, never sent (e.g. prices by source)

    @property
    def is_button(self) -> bool:
        return not self.fields


def singular(name: str) -> str:
    if name.endswith("ies"):
        return name[:-3] + "y"
    if name.endswith("ses") and not name.endswith("sses"):
        return name[:-2]
    if name.endswith("s") and not name.endswith("ss"):
        return name[:-1]
    return name + "_choice"


def choice_label(item) -> str:
    if isinstance(item, dict):
        for key in ("label", "name"):
            if key in item:
                return str(item[key])
        return " · ".join(f"{v}" for k, v in item.items() if not isinstance(v, (dict, list)))
    return str(item)


def choice_value(item):
    if isinstance(item, dict):
        for key in ("id", "value"):
            if key in item and len(item) > 1 and not isinstance(item[key], (dict, list)):
                return item[key]
    return item


def _number(name, spec, default=None) -> Field:
    lo, hi = spec.get("min"), spec.get("max")
    step = spec.get("step") or 1
    dflt = spec.get("default", default)
    if dflt is None:
        dflt = lo if lo is not None else hi if hi is not None else 0
    return Field(name, "number", lo, hi, step, dflt)


def _choice(name, items, default=None) -> Field:
    choices = [(json.dumps(choice_value(i), sort_keys=True, ensure_ascii=False), choice_label(i),
                choice_value(i)) for i in items]
    dflt = choices[0][0] if choices else None
    if default is not None:
        dflt = json.dumps(default, sort_keys=True, ensure_ascii=False)
    return Field(name, "choice", choices=choices, default=dflt)


def _dep_key(value) -> str:
    """The key of a controlling field's value in a by-map (its text, as the engine's keys)."""
    return value if isinstance(value, str) else json.dumps(value, sort_keys=True, ensure_ascii=False)


def _explicit(name: str, spec, legal: dict) -> Field | None:
    f = _explicit_field(name, spec, legal)
    if f is None or not isinstance(spec, dict):
        return f
    by = spec.get("choices_by") if isinstance(spec.get("choices_by"), dict) else None
    if by and isinstance(by.get("map"), dict) and by.get("field"):
        f.by = str(by["field"])
        if f.kind == "choice":
            f.by_map = {_dep_key(k): [json.dumps(choice_value(x), sort_keys=True, ensure_ascii=False)
                                      for x in (v or [])] for k, v in by["map"].items()}
        else:
            f.by_map = {_dep_key(k): [str(x) for x in (v or [])] for k, v in by["map"].items()}
    mb = spec.get("max_by") if isinstance(spec.get("max_by"), dict) else None
    if mb and isinstance(mb.get("map"), dict) and mb.get("field") and f.kind == "number":
        f.by, f.by_map = str(mb["field"]), {_dep_key(k): v for k, v in mb["map"].items()}
    return f


def _explicit_field(name: str, spec, legal: dict) -> Field | None:
    if isinstance(spec, list):
        return _choice(name, spec)
    if not isinstance(spec, dict):
        return None
    by = spec.get("choices_by") if isinstance(spec.get("choices_by"), dict) else None
    if by and "choices" not in spec and isinstance(by.get("map"), dict):
        union = []       # every choice any value of the other field allows, in order
        for v in by["map"].values():
            for x in v or []:
                if x not in union:
                    union.append(x)
        spec = dict(spec, choices=union)
    required = not spec.get("optional", False) and spec.get("required", True)
    if "choices" in spec and spec.get("free_entry"):
        return Field(name, "text", default=spec.get("default", ""), required=required,
                     suggestions=[str(c) for c in spec["choices"]])
    if "choices" in spec:
        f = _choice(name, spec["choices"], spec.get("default"))
        if not required:
            f.required = False
            f.choices.insert(0, ("", "–", None))
            f.default = json.dumps(spec["default"]) if "default" in spec else ""
        return f
    if "list_of" in spec:
        items = spec.get("labels") or next(
            (v for v in legal.values() if isinstance(v, list) and len(v) == spec.get("length")), None)
        n = spec["length"] if isinstance(spec.get("length"), int) else len(items or [1])
        items = [str(x) for x in (items or range(1, n + 1))][:n]
        f = _number(name, spec["list_of"] if isinstance(spec["list_of"], dict) else {})
        f.kind, f.items = "list", items
        return f
    if "records_of" in spec:
        items = legal.get(spec["records_of"]) or []
        sub = [_number(k, v) for k, v in (spec.get("fields") or {}).items()]
        return Field(name, "records", items=[str(x) for x in items], key=spec.get("key", "id"),
                     sub=sub)
    if spec.get("text"):
        return Field(name, "text", default=spec.get("default", ""), required=required,
                     suggestions=[str(x) for x in spec.get("suggestions") or []])
    f = _number(name, spec)
    f.required = required
    return f


def build(index: int, legal: dict) -> ActionForm:
    fixed: dict = {}
    fields: list[Field] = []
    consumed: set[str] = set()
    explicit = legal.get("params") if isinstance(legal.get("params"), dict) else None
    if explicit is None and legal.get("type") in CORE_SHAPES:
        explicit = CORE_SHAPES[legal["type"]](legal)
    if explicit is not None:
        for name, spec in explicit.items():
            f = _explicit(name, spec, legal)
            if f is not None:
                fields.append(f)
        names = {f.name for f in fields}
        for key, value in legal.items():   # the rest: scalars are sent, the others only shown
            if key in SHOWN_ONLY or key in names or key in ("type", "entity"):
                continue
            if not isinstance(value, (list, dict)):
                fixed[key] = value
        fixed = {"type": legal["type"],
                 **({"entity": legal["entity"]} if "entity" in legal else {}), **fixed}
        shown = {k: v for k, v in legal.items() if k not in SHOWN_ONLY and k not in names
                 and isinstance(v, dict) and v and all(not isinstance(x, (dict, list)) for x in v.values())}
        return ActionForm(index, legal["type"], legal.get("entity"), fixed, fields,
                          str(legal.get("label") or legal.get("description") or ""), shown)
    names = {f.name for f in fields}
    # <name>_min / <name>_max
    for key in list(legal):
        for suffix in ("_min", "_max"):
            if key.endswith(suffix) and key != suffix:
                base = key[: -len(suffix)]
                if base in names:
                    continue
                spec = {"min": legal.get(base + "_min"), "max": legal.get(base + "_max"),
                        "step": legal.get(base + "_step"), "default": legal.get(base + "_default")}
                fields.append(_number(base, spec, legal.get(base)))
                names.add(base)
                consumed |= {base + s for s in ("_min", "_max", "_step", "_default")} | {base}
    if "min" in legal or "max" in legal:
        base = legal.get("param") or legal.get("field") or "price"
        if base not in names:
            fields.append(_number(base, legal, legal.get(base)))
            names.add(base)
        consumed |= {"min", "max", "step", "default", base}
    text_keys = set(legal.get("text") or []) if isinstance(legal.get("text"), list) else set()
    for key, value in legal.items():
        if key in SHOWN_ONLY or key in consumed or key in ("type", "entity"):
            continue
        if isinstance(value, list):
            base = singular(key)
            if base not in names:
                fields.append(_choice(base, value))
                names.add(base)
        elif key in text_keys or (key in TEXT_KEYS and isinstance(value, str)):
            if key not in names:
                fields.append(Field(key, "text", default=value or ""))
                names.add(key)
        else:
            fixed[key] = value
    for key in text_keys - names:
        fields.append(Field(key, "text", default=""))
    fixed = {"type": legal["type"], **({"entity": legal["entity"]} if "entity" in legal else {}),
             **fixed}
    return ActionForm(index, legal["type"], legal.get("entity"), fixed, fields,
                      str(legal.get("label") or legal.get("description") or ""))


def forms(legal_actions: list[dict]) -> list[ActionForm]:
    return [build(i, a) for i, a in enumerate(legal_actions or [])
            if isinstance(a, dict) and a.get("type") not in HIDDEN_TYPES]


def core_corrections(state: dict, player: str | None) -> list[dict]:
    """Correction templates of the shared 18xx core (cash, a share price, a train), for a
    title whose legal actions offer none: the core takes them at any time."""
    if not player:
        return []
    corps = state.get("corporations")
    ids = list(corps) if isinstance(corps, dict) else [
        c.get("id") for c in corps or [] if isinstance(c, dict) and c.get("id")]
    holders = [p["id"] for p in state.get("players") or []] + ids
    reason = {"text": True}
    out = [{"type": "correction", "entity": player, "kind": "cash", "params": {
        "target": {"choices": holders}, "amount": {"min": -100000, "max": 100000, "step": 1,
                                                   "default": 0}, "reason": reason}}]
    if ids:
        out.append({"type": "correction", "entity": player, "kind": "share_price", "params": {
            "corporation": {"choices": ids}, "row": {"min": 0, "max": 30, "step": 1},
            "column": {"min": 0, "max": 40, "step": 1}, "reason": reason}})
        out.append({"type": "correction", "entity": player, "kind": "train", "params": {
            "corporation": {"choices": ids}, "train": {"text": True},
            "op": {"choices": ["remove", "give"]}, "reason": reason}})
    return out


class FormError(ValueError):
    def __init__(self, field_name: str, message: str):
        super().__init__(message)
        self.field = field_name
        self.message = message


def action_from(form: ActionForm, data) -> dict:
    """The action to send, from a submitted form (``data`` behaves like a dict of str)."""
    action = dict(form.fixed)
    for f in form.fields:
        if f.kind == "list":
            action[f.name] = [_num(f.name, (data.get(f"{f.name}.{i}") or "").strip())
                              for i in range(len(f.items))]
            continue
        if f.kind == "records":
            action[f.name] = [{f.key: item, **{sf.name: _num(sf.name, (data.get(
                f"{f.name}.{i}.{sf.name}") or "").strip()) for sf in f.sub}}
                for i, item in enumerate(f.items)]
            continue
        raw = (data.get(f.name) or "").strip()
        if not f.required and raw in ("", '""'):
            continue
        if f.kind == "number":
            if raw == "":
                raise FormError(f.name, "missing")
            try:
                action[f.name] = int(raw)
            except ValueError:
                try:
                    action[f.name] = float(raw)
                except ValueError:
                    raise FormError(f.name, "number") from None
        elif f.kind == "choice":
            match = [c for c in f.choices if c[0] == raw]
            if not match:
                raise FormError(f.name, "choice")
            action[f.name] = match[0][2]
        else:
            if f.required and not raw:
                raise FormError(f.name, "missing")
            action[f.name] = raw[:500]
    for f in form.fields:          # choices_by / max_by: checked against the other field's value
        if not f.by or f.name not in action or f.by not in action:
            continue
        allowed = f.by_map.get(_dep_key(action[f.by]))
        if allowed is None:
            continue
        if f.kind == "number":
            if isinstance(allowed, (int, float)) and action[f.name] > allowed:
                raise FormError(f.name, "max")
        elif f.kind == "choice":
            if json.dumps(action[f.name], sort_keys=True, ensure_ascii=False) not in allowed:
                raise FormError(f.name, "choice")
    return action


def _num(name, raw):
    if raw == "":
        raise FormError(name, "missing")
    try:
        return int(raw)
    except ValueError:
        raise FormError(name, "number") from None


def default_action(form: ActionForm) -> dict:
    """The action this form sends with its defaults (browser tests and bots use it)."""
    data = {}
    for f in form.fields:
        if f.kind == "list":
            for i in range(len(f.items)):
                data[f"{f.name}.{i}"] = str(f.default)
        elif f.kind == "records":
            for i in range(len(f.items)):
                for sf in f.sub:
                    data[f"{f.name}.{i}.{sf.name}"] = str(sf.default)
        elif f.kind == "number":
            data[f.name] = str(f.default)
        elif f.kind == "choice":
            data[f.name] = f.default or ""
        else:
            data[f.name] = f.default or (f.suggestions[0] if f.suggestions else "test")
    return action_from(form, data)
