"""Every text on the table page, the spectator's view and the scores reaches 4.5:1 against the
background it is drawn on, measured from the computed colours in Chromium, in the light and the
dark theme (the system's setting). tests/companion/test_contrast.py checks the stylesheet's
pairs; this checks what is drawn."""
import pytest

from tests.browser.flows import create_table, take_seat

pytestmark = [pytest.mark.browser]

MEASURE = r"""() => {
  const rgba = s => { const m = s.match(/rgba?\(([^)]+)\)/); if (!m) return null;
    const p = m[1].split(/[ ,\/]+/).filter(Boolean).map(Number);
    return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1]; };
  const over = (top, under) => [0, 1, 2].map(i => top[i] * top[3] + under[i] * (1 - top[3])).concat([1]);
  const lum = c => { const f = v => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
    return 0.2126 * f(c[0]) + 0.7152 * f(c[1]) + 0.0722 * f(c[2]); };
  const ratio = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
  const backOf = el => {
    const chain = [];
    for (let e = el; e; e = e.parentElement) chain.unshift(e);
    let back = [255, 255, 255, 1];
    for (const e of chain) { const b = rgba(getComputedStyle(e).backgroundColor); if (b && b[3] > 0) back = over(b, back); }
    return back;
  };
  const bad = [];
  let seen = 0;
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walk.nextNode()) {
    const node = walk.currentNode, el = node.parentElement;
    if (!node.textContent.trim() || !el.getClientRects().length || el.closest('svg')) continue;
    if (el.closest('details:not([open])') && !el.closest('summary')) continue;
    const st = getComputedStyle(el);
    if (st.visibility === 'hidden' || st.opacity === '0') continue;
    if (el.closest('button[disabled], fieldset[disabled], [aria-disabled=true]')) continue;
    seen++;
    const back = backOf(el), fg = rgba(st.color);
    const r = ratio(fg[3] < 1 ? over(fg, back) : fg, back);
    if (r < 4.5) bad.push([el.tagName + '.' + el.className, node.textContent.trim().slice(0, 24), st.color, back.map(Math.round).join(','), Math.round(r * 100) / 100]);
  }
  return {seen, bad};
}"""


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_every_drawn_text_reaches_4_5_to_1(live_server, phone, scheme):
    ann = phone(color_scheme=scheme)
    code, join, watch = create_table(ann, live_server.url)
    take_seat(ann, join, "1")
    tv = phone(color_scheme=scheme, viewport={"width": 1920, "height": 1080})
    tv.goto(watch)
    tv.wait_for_selector("#live")
    dark = "rgb(16, 22, 19)"            # --bg of the dark theme
    body = ann.evaluate("getComputedStyle(document.body).backgroundColor")
    assert (body == dark) == (scheme == "dark"), body
    for name, page in (("table", ann), ("spectator", tv)):
        got = page.evaluate(MEASURE)
        assert got["seen"] > 20 and got["bad"] == [], (scheme, name, got["bad"][:10])
    ann.goto(f"{live_server.url}/tables/{code}/scores")
    got = ann.evaluate(MEASURE)
    assert got["seen"] > 5 and got["bad"] == [], (scheme, "scores", got["bad"][:10])
