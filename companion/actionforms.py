"""Phone forms from the engine's declared legal entries, and actions built back from forms.

The engine declares each entry (``engine.contract``): its fixed fields, its params with their
kind, the type of their values and labelled choices, its label. This module renders exactly
that: a choice shows its label or its value by type (a player by name, a tile as #57), never
an id guessed at; nothing here knows a title.

The form carries only the entry's index, the book's version and an idempotency key; the
server rebuilds the action from its own list of legal entries, so a phone can never send an
action shape the engine did not offer. A ``fill: seat`` param (who enters a correction) is
set by the server to the posting seat.
"""
from __future__ import annotations

import copy
import json
from dataclasses import dataclass, field

from engine import contract
from companion.present import message_text, value_text

HIDDEN_TYPES = {"undo", "redo"}
ONE_TAP_MAX = 8            # more choices than this: choose one, then the form's button


@dataclass
class Field:
    name: str
    kind: str                      # "number" | "choice" | "text" | "flag" | "list"
    label: str = ""
    min: int | None = None
    max: int | None = None
    step: int | None = None
    default: object = None
    choices: list = field(default_factory=list)   # [(value_json, label, value)]
    required: bool = True
    suggestions: list = field(default_factory=list)   # text / free entry: values offered
    items: list = field(default_factory=list)     # list: one label per item
    defaults: list = field(default_factory=list)  # list: what each item starts as ([]: sub's)
    sub: "Field | None" = None                    # list: the field entered for each item
    by: str = ""                                  # choices_by / max_by: the field it depends on
    by_map: dict = field(default_factory=dict)    # that field's value -> [choice values] | max
    max_length: int = 500
    free_entry: bool = False
    pictures: dict = field(default_factory=dict)  # choice value -> [(pic_by key, picture)]
    pic_by: str = ""                              # the field whose value picks the picture shown
    pic_shown: str = ""                           # ... its key as the form starts
    buttons: bool = False                         # declared "buttons": one button per choice
    pic_names: dict = field(default_factory=dict)  # pic_by key -> its choice's words (no JS)

    def item_default(self, i: int):
        """A list's item ``i``: what it starts as."""
        return self.defaults[i] if i < len(self.defaults) else self.sub.default

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
    label: str = ""                # the entry's label, in the page's language
    shown: list = field(default_factory=list)   # [(label, value text)]: shown, never sent
    seat: str = ""                 # the param the posting seat fills ("" if none)
    anytime: bool = False
    about: str = ""                # what the entry is about (its declared ``about``), shown
    about_key: str = ""            # ... and its raw id: the card the form goes on
    warn: str = ""                 # what it forfeits or moves (declared ``warn``): asked once
    picture: dict | None = None    # a drawing shown with the step (declared ``picture``)

    @property
    def is_button(self) -> bool:
        return not self.fields

    @property
    def one_tap(self) -> Field | None:
        """The field shown as one button per choice, the choice on the button (a par: one
        tap), when it is the form's only field, a few choices of which none is preselected;
        or its last field declared ``buttons`` (a delivery's good, under its chain)."""
        if not self.fields or (len(self.fields) > 1 and not self.fields[-1].buttons):
            return None
        f = self.fields[-1]
        if f.kind == "choice" and f.default is None and f.required and not f.by \
                and not f.free_entry and 1 < len(f.choices) <= ONE_TAP_MAX:
            return f
        return None


_SCALARS = (str, int, bool, type(None))
_json_kept: dict = {}          # (type, value) -> its JSON text, for a choice's plain value
JSON_KEPT = 4096


def _json(value) -> str:
    """A choice's value as a form carries it. A plain value (a company, a seat, a percent)
    comes again in many forms and every version: its text is made once."""
    if type(value) not in _SCALARS:
        return json.dumps(value, sort_keys=True, ensure_ascii=False)
    key = (type(value), value)              # (True == 1, but "true" is not "1")
    text = _json_kept.get(key)
    if text is None:
        if len(_json_kept) >= JSON_KEPT:
            _json_kept.clear()
        text = _json_kept[key] = json.dumps(value, ensure_ascii=False)
    return text


def _dep_key(value_json: str) -> str:
    """The key (``contract.choice_key``) of a field's value as the form carries it (JSON)."""
    try:
        return contract.choice_key(json.loads(value_json))
    except ValueError:
        return value_json


def _choice_label(p: dict, raw) -> str:
    lab = (p.get("labels") or {}).get(contract.choice_key(raw))
    if isinstance(lab, dict) and "t" in lab:
        return value_text(lab)
    if isinstance(lab, dict):
        return message_text(lab)
    return value_text({"t": p.get("type", "text"), "v": raw})


def _param_label(name: str, p: dict) -> str:
    if isinstance(p.get("label"), dict):
        return message_text(p["label"])
    return message_text(contract.msg(f"param.{name}", name.replace("_", " ").capitalize()))


def field_of(name: str, p: dict) -> Field:
    kind = p["kind"]
    label = _param_label(name, p)
    required = not p.get("optional")
    if kind == "number":
        lo, hi = p["min"], p["max"]
        f = Field(name, "number", label, lo, hi, p.get("step") or 1,
                  p.get("default", lo), required=required)
        by = p.get("max_by")
        if isinstance(by, dict) and isinstance(by.get("map"), dict):
            f.by, f.by_map = str(by["field"]), dict(by["map"])
        return f
    if kind == "choice":
        choices = [(_json(c), _choice_label(p, c), c) for c in p.get("choices") or []]
        default = _json(p["default"]) if "default" in p else \
            (_json(p["choices"][0]) if p.get("choices") else None)
        if "default" not in p and (p.get("type") in ("money", "price") or p.get("buttons")) \
                and len(choices) > 1:
            default = None       # a price (a par), a button's choice: never preselected
        f = Field(name, "choice", label, choices=choices, default=default, required=required,
                  free_entry=bool(p.get("free_entry")), buttons=p.get("buttons") is True)
        if not required:
            f.choices.insert(0, ("", "–", None))
            f.default = default or ""
        by = p.get("choices_by")
        if isinstance(by, dict) and isinstance(by.get("map"), dict):
            f.by = str(by["field"])
            f.by_map = {k: [_json(x) for x in v or []] for k, v in by["map"].items()}
        pics = p.get("pictures")
        if isinstance(pics, dict) and isinstance(pics.get("map"), dict):
            f.pic_by = str(pics.get("field") or "")
            for c in p.get("choices") or []:
                ck = contract.choice_key(c)
                drawn = [(fk, m[ck]) for fk, m in pics["map"].items()
                         if isinstance(m, dict) and isinstance(m.get(ck), dict)]
                if drawn:
                    f.pictures[_json(c)] = drawn
        if f.free_entry:
            f.suggestions = [str(c) for c in p.get("choices") or []]
        return f
    if kind == "flag":
        return Field(name, "flag", label, default=bool(p.get("default", False)), required=False)
    if kind == "list":
        sub = field_of(name, p["of"])
        items = [value_text(v) for v in p["items"]]
        defaults = list(p.get("defaults") or [])
        if len(defaults) != len(items):
            defaults = []
        return Field(name, "list", label, items=items, sub=sub,
                     defaults=[bool(d) for d in defaults] if sub.kind == "flag" else defaults)
    return Field(name, "text", label, default=p.get("default", ""), required=required,
                 suggestions=[str(x) for x in p.get("suggestions") or []],
                 max_length=int(p.get("max_length") or 500))


def build(index: int, entry: dict) -> ActionForm:
    fixed = {k: v for k, v in entry.items() if k not in contract.ENTRY_KEYS}
    fixed = {"type": entry["type"], **({"entity": entry["entity"]} if "entity" in entry else {}),
             **fixed}
    fields, seat = [], ""
    for name, p in (entry.get("params") or {}).items():
        if p.get("fill") == "seat":
            seat = name
            continue
        fields.append(field_of(name, p))
    for f in fields:             # pictures: the one of the other field's starting value shown
        if f.pictures:
            other = next((g for g in fields if g.name == f.pic_by), None)
            if other is not None and other.default:
                f.pic_shown = _dep_key(other.default)
            if other is not None:        # without JS every tile's drawings show, each named
                f.pic_names = {_dep_key(v): text for v, text, _ in other.choices}
    label = message_text(entry["label"]) if isinstance(entry.get("label"), dict) else \
        entry["type"].replace("_", " ").capitalize()
    shown = [(message_text(s["label"]), value_text(s["value"])) for s in entry.get("show") or []]
    about = entry.get("about")
    about_text, about_key = ("", "") if not isinstance(about, dict) else \
        (value_text(about), contract.choice_key(about.get("v")))
    warn = message_text(entry["warn"]) if isinstance(entry.get("warn"), dict) else ""
    picture = entry.get("picture") if isinstance(entry.get("picture"), dict) else None
    return ActionForm(index, entry["type"], entry.get("entity"), fixed, fields, label, shown,
                      seat, bool(entry.get("anytime")), about_text, about_key, warn, picture)


def grouped(forms: list[ActionForm]) -> list[dict]:
    """The forms as cards: the forms about one thing (their declared ``about``) together, in
    the order the engine declared them first;
    a form about nothing stands alone. ``[{"key", "title", "forms"}]`` (key "" alone)."""
    out, cards = [], {}
    for f in forms:
        if not f.about_key:
            out.append({"key": "", "title": "", "forms": [f]})
            continue
        card = cards.get(f.about_key)
        if card is None:
            card = cards[f.about_key] = {"key": f.about_key, "title": f.about, "forms": []}
            out.append(card)
        card["forms"].append(f)
    return out


def forms(legal: list[dict]) -> list[ActionForm]:
    return [build(i, e) for i, e in enumerate(legal or []) if _has_form(e)]


def form_at(legal: list[dict], index: int) -> ActionForm | None:
    """The form of the legal entry at ``index`` (a posted form's ``i``), None if there is no
    such form: only that one is built (a post needs no other)."""
    if not 0 <= index < len(legal or []) or not _has_form(legal[index]):
        return None
    return build(index, legal[index])


def _has_form(entry) -> bool:
    return isinstance(entry, dict) and entry.get("type") not in HIDDEN_TYPES


class FormError(ValueError):
    def __init__(self, field_name: str, message: str, label: str = ""):
        super().__init__(message)
        self.field = field_name
        self.message = message
        self.label = label or field_name


def _number(f: Field, raw: str):
    if raw == "":
        raise FormError(f.name, "missing", f.label)
    try:
        return int(raw)
    except ValueError:
        raise FormError(f.name, "number", f.label) from None


def _one(f: Field, raw: str, key: str):
    """The value of one field from its submitted text (``key`` is its form name)."""
    if f.kind == "number":
        return _number(f, raw)
    if f.kind == "flag":
        return raw in ("1", "true", "on", "yes")
    if f.kind == "choice":
        match = [c for c in f.choices if c[0] == raw or (f.free_entry and str(c[2]) == raw)]
        if match:
            return match[0][2]
        if f.free_entry and raw:
            return raw[:40]
        raise FormError(f.name, "choice", f.label)
    if f.required and not raw:
        raise FormError(f.name, "missing", f.label)
    return raw[: f.max_length]


def action_from(form: ActionForm, data, seat: str | None = None) -> dict:
    """The action to send, from a submitted form (``data`` behaves like a dict of str). A copy:
    nothing of it is shared with the legal entry the form was built from."""
    action = copy.deepcopy(form.fixed)
    if form.seat:
        action[form.seat] = seat
    for f in form.fields:
        if f.kind == "list":
            action[f.name] = [_one(f.sub, (data.get(f"{f.name}.{i}") or "").strip(),
                                   f"{f.name}.{i}") for i in range(len(f.items))]
            continue
        raw = (data.get(f.name) or "").strip()
        if f.kind != "flag" and not f.required and raw in ("", '""'):
            continue
        action[f.name] = _one(f, raw, f.name)
    for f in form.fields:          # choices_by / max_by: checked against the other field's value
        key = contract.by_key(f.by, action) if f.by and f.name in action else None
        if key is None:
            continue
        allowed = f.by_map.get(key)
        if allowed is None:
            continue
        if f.kind == "number":
            if isinstance(allowed, (int, float)) and action[f.name] > allowed:
                raise FormError(f.name, "max", f.label)
        elif f.kind == "choice" and not f.free_entry:
            if _json(action[f.name]) not in allowed:
                raise FormError(f.name, "choice", f.label)
    return action


def default_data(form: ActionForm) -> dict:
    """What the form submits with its defaults (browser tests and bots use it)."""
    data = {}
    for f in form.fields:
        if f.kind == "list":
            for i in range(len(f.items)):
                d = f.item_default(i)
                if f.sub.kind == "flag":
                    data[f"{f.name}.{i}"] = "1" if d else ""
                else:
                    data[f"{f.name}.{i}"] = str(d if d is not None else "")
        elif f.kind == "number":
            data[f.name] = str(f.default)
        elif f.kind == "choice":
            data[f.name] = f.default if f.default is not None else \
                (f.choices[0][0] if f.choices else "")
        elif f.kind == "flag":
            data[f.name] = "1" if f.default else ""
        else:
            data[f.name] = f.default or (f.suggestions[0] if f.suggestions else "test")
    return data


def default_action(form: ActionForm, seat: str | None = None) -> dict:
    return action_from(form, default_data(form), seat)
