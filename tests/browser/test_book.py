"""The book at phone width and dependent choices narrowed live (choices_by / max_by)."""
import pytest

from tests.browser.flows import create_table, take_seat

pytestmark = pytest.mark.browser

FORM = """() => {
  const f = document.createElement('form');
  f.id = 'dep';
  f.innerHTML = `<select name="company"><option value='"KSR"'>KSR</option><option value='"TR"'>TR</option></select>
    <select name="train" data-by="company" data-map='{"KSR": ["\\\\"2\\\\"", "\\\\"3\\\\""], "TR": ["\\\\"4\\\\""]}'>
      <option value='"2"'>2</option><option value='"3"'>3</option><option value='"4"'>4</option></select>
    <select name="to"><option value='"2"'>Bo</option><option value='"3"'>Cy</option></select>
    <input type="number" name="price" max="500" data-by="to" data-max-map='{"2": 500, "3": 40}'>`;
  document.getElementById('live').appendChild(f);
  const c = f.querySelector('[name=company]');
  c.value = '"TR"'; c.dispatchEvent(new Event('change', {bubbles: true}));
  const t = f.querySelector('[name=to]');
  t.value = '"3"'; t.dispatchEvent(new Event('change', {bubbles: true}));
  const train = f.querySelector('[name=train]');
  return {train: train.value, hidden: [...train.options].filter(o => o.disabled).map(o => o.value),
          max: f.querySelector('[name=price]').max};
}"""


def test_dependent_choices_narrow_live_and_the_book_fits_a_phone(live_server, phone):
    ann = phone()
    code, join, _ = create_table(ann, live_server.url)
    take_seat(ann, join, "1")
    got = ann.evaluate(FORM)
    assert got["train"] == '"4"' and set(got["hidden"]) == {'"2"', '"3"'} and got["max"] == "40"
    # nothing cut off at the phone's width: only the market grid may scroll sideways
    wide = ann.evaluate("""() => [...document.querySelectorAll('#live *')].filter(e =>
        e.getBoundingClientRect().right > document.documentElement.clientWidth + 1 &&
        !e.closest('.scroll') && !e.closest('.track')).map(e => e.tagName).slice(0, 5)""")
    assert wide == []
    assert ann.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
