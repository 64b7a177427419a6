"""What one phone shows of a table page's live part, which is one for every phone of the table
(seats and watchers alike): the part with what that phone's own style hides taken out
(pages/table.py ``seat_style``): ``data-only`` of another seat (``data-only=""``: a watcher's
alone), ``data-not`` of this seat, and ``data-seats`` on a watcher's phone. The browser tests
see the same through Chromium's layout; these tests read the HTML."""
from __future__ import annotations

from html.parser import HTMLParser

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
        "track", "wbr"}


def hidden_for(attrs: dict, seat: str | None) -> bool:
    """Whether ``seat_style(seat)`` hides an element with these attributes (None: a watcher)."""
    me = "" if seat is None else str(seat)
    if "data-only" in attrs and (attrs["data-only"] or "") != me:
        return True
    if seat is not None and attrs.get("data-not") == me:
        return True
    return seat is None and "data-seats" in attrs


class _Shown(HTMLParser):
    def __init__(self, seat):
        super().__init__(convert_charrefs=False)
        self.seat, self.out, self.hiding = seat, [], 0

    def handle_starttag(self, tag, attrs):
        if self.hiding:
            if tag not in VOID:
                self.hiding += 1
            return
        if hidden_for(dict(attrs), self.seat):
            if tag not in VOID:
                self.hiding = 1
            return
        self.out.append(self.get_starttag_text())

    def handle_startendtag(self, tag, attrs):
        if not self.hiding and not hidden_for(dict(attrs), self.seat):
            self.out.append(self.get_starttag_text())

    def handle_endtag(self, tag):
        if self.hiding:
            self.hiding -= 1
            return
        self.out.append(f"</{tag}>")

    def _text(self, text):
        if not self.hiding:
            self.out.append(text)

    handle_data = _text

    def handle_entityref(self, name):
        self._text(f"&{name};")

    def handle_charref(self, name):
        self._text(f"&#{name};")


def shown(html: str, seat: str | None) -> str:
    """``html`` as the phone of ``seat`` (None: a watcher's) shows it: hidden elements left out
    (the page's other tags and text as they are)."""
    parser = _Shown(seat)
    parser.feed(html)
    parser.close()
    return "".join(parser.out)
