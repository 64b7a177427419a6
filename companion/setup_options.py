"""A title's set-up options on the new-table page, from the params it declares.

``TitleSpec.options`` holds contract params (``engine.titles``): a ``choice`` is shown as a
group of labelled choices with the rulebook's sentence (``rule``) under it, a ``flag`` as a
checkbox, a ``number`` or ``text`` as a box holding its default (left as shown, the
default is not posted to the engine). Their words are the messages' own English, or the title's words (``engine.words``)
in the page's language. Nothing here names a title.
"""
from __future__ import annotations

from companion.i18n import locale_name
from engine.contract import choice_key
from engine.words import words_of


def _text(spec, message) -> str:
    """A message in the page's language: the title's words, else the message's English."""
    if not isinstance(message, dict):
        return str(message or "")
    english = message.get("message", "")
    lang = locale_name()
    if lang == "en":
        return english
    template = words_of(spec)[0].get(message.get("code"), {}).get(lang)
    for one in (template if isinstance(template, tuple) else (template,)):
        if not one:
            continue
        try:
            return one % (message.get("params") or {})
        except (KeyError, TypeError, ValueError):
            continue
    return english


def field_name(name: str) -> str:
    return f"option.{name}"


def chosen(spec, form) -> dict:
    """The options a posted set-up form asks for; the engine checks them (``bad_option``)."""
    out = {}
    for name, param in spec.options.items():
        if not isinstance(param, dict):
            continue
        if param.get("kind") == "flag":
            out[name] = form.get(field_name(name)) == "on"
        elif param.get("kind") == "choice":
            raw = form.get(field_name(name))
            if raw is None:
                continue                     # not posted: the title's default
            by_key = {choice_key(c): c for c in param.get("choices") or []}
            out[name] = by_key.get(raw, raw)
        elif param.get("kind") in ("number", "text"):
            raw = (form.get(field_name(name)) or "").strip()
            if not raw or raw == str(param.get("default", "")):
                continue                     # left as shown: the title's default
            if param["kind"] == "number":
                try:
                    raw = int(raw)
                except ValueError:
                    pass                     # the engine refuses it (bad_option)
            out[name] = raw
    return out


def fields(spec, picked: dict | None = None) -> list[dict]:
    """What the template renders: one entry per option, with its words and what is chosen."""
    picked = picked or {}
    out = []
    for name, param in spec.options.items():
        if not isinstance(param, dict):
            continue
        entry = {"name": field_name(name), "kind": param.get("kind"),
                 "label": _text(spec, param.get("label")) or name,
                 "rule": _text(spec, param.get("rule")) if param.get("rule") else "",
                 "group": _text(spec, param.get("group")) if param.get("group") else "",
                 "source": _text(spec, param.get("source")) if param.get("source") else "",
                 "default_text": _default_text(spec, param),
                 "changed": name in picked and picked[name] != param.get("default")}
        if param.get("kind") == "flag":
            entry["checked"] = bool(picked.get(name, param.get("default", False)))
        elif param.get("kind") == "choice":
            now = picked.get(name, param.get("default"))
            labels = param.get("labels") or {}
            entry["choices"] = [{"value": choice_key(c), "selected": c == now,
                                 "text": _text(spec, labels.get(choice_key(c))) or str(c),
                                 "default": c == param.get("default")}
                                for c in param.get("choices") or []]
        elif param.get("kind") in ("number", "text"):
            # a default said in words starts as an empty box (left empty: the default)
            entry["value"] = picked.get(name, "" if param.get("default_words")
                                        else param.get("default", ""))
            entry["note"] = _text(spec, param.get("note")) if param.get("note") else ""
            for key in ("min", "max", "step", "max_length"):
                entry[key] = param.get(key)
        else:
            continue
        out.append(entry)
    return out


def _default_text(spec, param) -> str:
    """An option's default as the page says it: its words, a choice's label, an amount."""
    if param.get("default_words"):
        return _text(spec, param["default_words"])
    default = param.get("default")
    if default is None:
        return ""
    if param.get("kind") == "choice":
        return _text(spec, (param.get("labels") or {}).get(choice_key(default))) or str(default)
    if param.get("kind") == "number" and param.get("type") == "money":
        from companion.i18n import money
        return money(default, spec.currency)
    return str(default) if param.get("kind") == "number" else ""


def grouped(entries: list[dict]) -> tuple[list[dict], list[dict]]:
    """(the options shown as they are, the groups of checked values): a group is
    ``{"title", "entries", "changed"}``, in the order the title declares them."""
    plain = [e for e in entries if not e["group"]]
    groups: dict[str, dict] = {}
    for e in entries:
        if e["group"]:
            g = groups.setdefault(e["group"], {"title": e["group"], "entries": [],
                                               "changed": False})
            g["entries"].append(e)
            g["changed"] = g["changed"] or e["changed"]
    return plain, list(groups.values())
