"""A step's form (``actionforms.ActionForm``) in HTML: its hidden fields, what it shows, each
field as its kind is entered (a number, a flag, a list of numbers or flags, a choice as
radios, a list, drawings or a free entry, a text), and its button, its buttons of one tap, or the
question a step is asked once ("Check before it counts", "Enter this for Bo?").

A live part makes a form or two at every step (pages/live_part.py, each kept for its legal
entry), so this is plain Python (``str.join``, text escaped as a template prints it): several
times quicker than the template it replaces, and the markup is the same byte for byte
(tests/companion/test_step_form_html.py, against that template as it was)."""
from __future__ import annotations

from flask import current_app, url_for
from jinja2.utils import htmlsafe_json_dumps
from markupsafe import Markup, escape

from companion.pages.pictures import drawing, esc, route_key, route_marks
from companion.pages.text import action_text, said
from companion.present import message_text

FLAT = "border:0;padding:0;margin:.3rem 0"


def _fixed(fixed: dict) -> str:
    """The form's fixed fields as the template printed them: JSON safe in HTML, escaped."""
    policies = current_app.jinja_env.policies
    text = htmlsafe_json_dumps(fixed, dumps=policies["json.dumps_function"],
                               **policies["json.dumps_kwargs"])
    return str(escape(str(text)))


def _opt(cond, text: str) -> str:
    return text if cond else ""


def _number(fld, val) -> str:
    rng = f' <span class="muted">({esc(fld.min)}–{esc(fld.max)})</span>' \
        if fld.min is not None and fld.max is not None else ""
    return (f"\n    <label>{esc(fld.label)}{rng}\n"
            f'      <input type="number" name="{esc(fld.name)}" inputmode="numeric" '
            f'value="{esc(val)}"'
            + _opt(fld.min is not None, f' min="{esc(fld.min)}"')
            + _opt(fld.max is not None, f' max="{esc(fld.max)}"')
            + _opt(fld.step, f' step="{esc(fld.step)}"')
            + _opt(fld.required, " required")
            + _opt(fld.by, f' data-by="{esc(fld.by)}" data-max-map="{esc(fld.by_json)}"')
            + ">\n    </label>\n    ")


def _list(fld) -> str:
    sf = fld.sub
    items = []
    for i, item in enumerate(fld.items):
        d = fld.item_default(i)
        if sf.kind == "flag":
            items.append(f'<label class="check"><input type="checkbox" name="{esc(fld.name)}.{i}" '
                         f'value="1"{_opt(d, " checked")}> {esc(item)}</label>')
        else:
            items.append(
                f'<label>{esc(item)}<input type="number" name="{esc(fld.name)}.{i}" '
                f'inputmode="numeric" value="{esc(d) if d is not None else ""}"'
                + _opt(sf.min is not None, f' min="{esc(sf.min)}"')
                + _opt(sf.max is not None, f' max="{esc(sf.max)}"')
                + _opt(sf.step, f' step="{esc(sf.step)}"') + " required></label>")
    return (f'\n    \n    <fieldset style="{FLAT}"><legend class="muted">{esc(fld.label)}</legend>'
            f'<div class="row">\n    {"".join(items)}\n    </div></fieldset>\n    ')


def _radio(fld, value, val) -> str:
    return (f'<label><input type="radio" name="{esc(fld.name)}" value="{esc(value)}" '
            f'{_opt(value == val, "checked")}{_opt(fld.required, " required")}>')


def _field(f, fld, val, tap) -> str:
    """One field of the form, with the template's lines around it."""
    if fld is tap:
        return "\n    \n    "
    if fld.kind == "number":
        return _number(fld, val)
    if fld.kind == "flag":
        return (f'\n    <label class="check"><input type="checkbox" name="{esc(fld.name)}" '
                f'value="1"{_opt(val, " checked")}> {esc(fld.label)}</label>\n    ')
    if fld.kind == "list":
        return _list(fld)
    dl = f"dl-{esc(f.index)}-{esc(fld.name)}"
    if fld.kind == "choice" and fld.free_entry:
        options = "".join(f'<option value="{esc(raw)}">{esc(text)}</option>'
                          for _value, text, raw in fld.choices)
        return (f'\n    <label>{esc(fld.label)}<input name="{esc(fld.name)}" '
                f'value="{esc(str(val or "").replace(chr(34), ""))}" maxlength="40" '
                f'autocomplete="off" list="{dl}"{_opt(fld.required, " required")}></label>\n'
                f'    <datalist id="{dl}">{options}</datalist>\n    ')
    by = _opt(fld.by, f' data-by="{esc(fld.by)}" data-map="{esc(fld.by_json)}"')
    if fld.kind == "choice" and fld.pictures:
        choices = []
        for value, text, _raw in fld.choices:
            pics = "".join(
                f'<i class="pic{_opt(key != fld.pic_shown, " alt")}" data-pic="{esc(key)}">'
                f'{drawing(pic, text, "pic")}<small>{esc(fld.pic_names.get(key, ""))}</small></i>'
                for key, pic in fld.pictures.get(value, []))
            choices.append(f"{_radio(fld, value, val)}<span>{pics or esc(text)}</span></label>")
        return (f'\n    \n    <fieldset class="choices pics" style="{FLAT}"{by} '
                f'data-pic-by="{esc(fld.pic_by)}"><legend class="muted">{esc(fld.label)}</legend>'
                f'\n      {"".join(choices)}\n    </fieldset>\n    ')
    if fld.kind == "choice" and len(fld.choices) <= 8 and not fld.by:
        choices = "".join(f"{_radio(fld, value, val)}<span>{esc(text)}</span></label>"
                          for value, text, _raw in fld.choices)
        return (f'\n    <fieldset class="choices" style="{FLAT}"><legend class="muted">'
                f'{esc(fld.label)}</legend>\n      {choices}\n    </fieldset>\n    ')
    if fld.kind == "choice":
        options = "".join(f'<option value="{esc(value)}" {_opt(value == val, "selected")}>'
                          f'{esc(text)}</option>' for value, text, _raw in fld.choices)
        return (f'\n    <label>{esc(fld.label)}<select name="{esc(fld.name)}"{by}>{options}'
                f'</select></label>\n    ')
    listed = "".join(f'<option value="{esc(s)}">' for s in fld.suggestions)
    return (f'\n    <label>{esc(fld.label)}<input name="{esc(fld.name)}" value="{esc(val or "")}" '
            f'maxlength="{esc(fld.max_length)}" autocomplete="off"'
            f'{_opt(fld.suggestions, f" list={chr(34)}{dl}{chr(34)}")}'
            f'{_opt(fld.required, " required")}></label>\n'
            f'    {_opt(fld.suggestions, f"<datalist id={chr(34)}{dl}{chr(34)}>{listed}</datalist>")}'
            f'\n    ')


def step_form(f, code: str, version, csrf, key, error=None, error_index=None, posted=None,
              confirm=None) -> Markup:
    """The form ``f`` (its ``index`` an int, or a slot a phone fills in), posted at ``version``
    with the token ``csrf`` and the key ``key`` (slots a phone fills in: pages/live_part.py);
    ``error``, what was ``posted`` and a ``confirm`` question when it is the form a post's
    answer is about (``error_index``, ``confirm["index"]``)."""
    posted = posted or {}
    answered = error_index == f.index
    tap = f.one_tap
    out = [
        f'<form method="post" action="{esc(url_for("pages.act", code=code))}" data-live '
        f'data-form="{esc(f.index)}" data-type="{esc(f.type)}" data-fixed="{_fixed(f.fixed)}" '
        f'class="{_opt(f.is_button, "row")}">\n'
        f'  <input type="hidden" name="csrf_token" value="{esc(csrf)}">\n'
        f'  <input type="hidden" name="i" value="{esc(f.index)}">\n'
        f'  <input type="hidden" name="expected_version" value="{esc(version)}">\n'
        f'  <input type="hidden" name="key" value="{esc(key)}">\n'
        f'  {_opt(error and answered, f"<p class={chr(34)}err{chr(34)} role={chr(34)}alert{chr(34)}>{esc(error)}</p>")}\n'
        "  " + "".join(f'<p class="muted" data-shown>{esc(lab)}: {esc(text)}</p>'
                       for lab, text in f.shown) + "\n  "]
    if f.picture:
        title = message_text(f.picture.get("title"))
        out.append(f'\n  <figure class="runpic" data-picture>'
                   f'{drawing(f.picture, title, "runpic", over=route_marks(f.picture.get("routes")))}\n'
                   f'  <figcaption>{esc(title)}{route_key(f.picture.get("routes"))}</figcaption>'
                   f'</figure>\n  ')
    out.append("\n  \n  ")
    for fld in f.fields:
        val = posted.get(fld.name, fld.default) if answered else fld.default
        out.append(f"\n    \n    {_field(f, fld, val, tap)}\n  ")
    out.append("\n  ")
    if confirm and confirm.get("index") == f.index:
        hidden = ""
        if tap:
            hidden = (f'<input type="hidden" name="{esc(tap.name)}" '
                      f'value="{esc(posted.get(tap.name, ""))}">')
        out.append(_confirm_html(confirm, code) + f"\n  {hidden}\n  ")
    elif tap:
        buttons = "".join(f'<button name="{esc(tap.name)}" value="{esc(value)}">{esc(text)}</button>'
                          for value, text, _raw in tap.choices)
        out.append(f'\n  <fieldset class="taps" style="{FLAT}"><legend>{esc(action_text(f))}'
                   f'</legend><div class="choices">\n    {buttons}\n  </div></fieldset>\n  ')
    else:
        out.append(f"\n  <button>{esc(action_text(f))}</button>\n  ")
    out.append("\n</form>")
    return Markup("".join(out))


def _confirm_html(confirm: dict, code: str) -> str:
    """The question a step is asked once, in its form."""
    back = esc(url_for("pages.table", code=code))
    warn = f"<p>{esc(confirm['warn'])}</p>" if confirm.get("warn") else ""
    if confirm.get("for_name"):
        who = confirm["for_name"]
        ask, yes, no = (said("Enter this for %(who)s?", who=who),
                        said("Yes, enter it for %(who)s", who=who), said("No"))
        ask = f'<strong>{ask}</strong> {esc(confirm.get("what"))}'
    else:
        ask, yes, no = (said("Check before it counts: %(what)s", what=confirm.get("what")),
                        said("Yes, enter it"), said("Cancel"))
        ask = f"<strong>{ask}</strong>"
    return (f'\n  <div class="confirm" role="alert" data-confirm>\n    \n    <p>{ask}</p>\n'
            f'    {warn}\n    <div class="row"><button name="confirm" value="1">{yes}</button>\n'
            f'    <a class="btn alt" href="{back}">{no}</a></div>\n    \n  </div>')
