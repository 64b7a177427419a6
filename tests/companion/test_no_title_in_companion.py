"""The companion renders what the engine declares: no title or family is named in its code
or templates, and no view key is read to decide how to show it (engine.contract)."""
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
# the product's own name ("18xx Table Companion") and the 18xx.games site are not titles
TITLES_AND_FAMILIES = re.compile(
    r"18Korea|1888-?N|1899|DAIHAN|Lilliput|Age of Steam|age[-_]of[-_]steam|"
    r"\b18xx\b(?!\.games| Table| game on the table)|"
    r"title_18korea|title_1888n|[\"']family[\"']|\.family\b")
# keys of one family's view, read by name: the book comes declared instead
VIEW_KEYS = re.compile(r"""\b(state|view)\.get\(["'](corporations|companies|depot|train_market|"""
                       r"""round_detail|player_state|players_books|market|next_train|president|"""
                       r"""director|era|war|tiles)["']""")


def sources():
    for folder, pattern in (("companion", "*.py"), ("templates", "*.html"), ("static", "*.py"),
                            ("static", "*.js")):
        for path in sorted((ROOT / folder).rglob(pattern)):
            yield path.relative_to(ROOT).as_posix(), path.read_text(encoding="utf-8")


def test_no_title_or_family_named():
    named = [f"{rel}:{n}: {line.strip()}" for rel, text in sources()
             for n, line in enumerate(text.splitlines(), 1) if TITLES_AND_FAMILIES.search(line)]
    assert named == []


KNOWN_READERS: set[str] = set()   # every view key the pages once read is declared now


def test_the_table_page_reads_no_view_key_to_render():
    read = [f"{rel}:{n}: {line.strip()}" for rel, text in sources()
            for n, line in enumerate(text.splitlines(), 1)
            if VIEW_KEYS.search(line) and line.strip() not in KNOWN_READERS]
    assert read == []


def test_the_check_catches_a_title_and_a_view_key():
    assert TITLES_AND_FAMILIES.search('if spec.family == "18xx":')
    assert VIEW_KEYS.search('corps = state.get("corporations")')
