"""How the set-up page shows a title's provisional values (issue 25): checked once, in plain
words. Each value the rulebook does not print is put in a group (``group``) and says where its
default comes from (``source``); a default written in the engine's own notation is said in
words (``default_words``: its box starts empty, and left empty keeps the default), with how
to write another (``note``). A title gives its groups, sources and defaults in words
(``title_1899_daihan/setup_page.py``, ``title_18lilliput/setup_page.py``)."""
from __future__ import annotations

from engine import contract as C


def annotate(options: dict, where: dict, groups: dict, sources: dict, order: list,
             defaults: dict) -> dict:
    """``options`` with each provisional one's group and source (``where``: name -> (group,
    source)) and, for the names in ``defaults`` (name -> (English default, its params, how to
    write another)), the default in words; the readings first, then the groups in ``order``."""
    out = {}
    for name, param in options.items():
        param = dict(param)
        if name in where:
            group, source = where[name]
            param["group"] = C.msg(f"setup.group.{group}", groups[group])
            param["source"] = C.msg(f"setup.source.{source}", sources[source])
            param.pop("note", None)
            param.pop("rule", None)
        if name in defaults:
            english, params, how = defaults[name]
            param["default_words"] = C.msg(f"setup.default.{name}", english, **params)
            param["note"] = C.msg(f"setup.how.{name}", how)
        out[name] = param
    return {name: out[name] for name in sorted(
        out, key=lambda n: (n in where, order.index(where[n][0]) if n in where else 0))}
