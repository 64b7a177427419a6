"""The words (en + ko) of 1899 DAIHAN's four table-set provisional values (``provisional``):
the company names, the 3-trains' rust, the operating rounds per phase and the D bump — their
set-up options, their corrections and the book's items. Merged after ``words``."""
from __future__ import annotations

from engine.words import en_ko as _w

PARAMS = {"spaces": "count", "old_spaces": "count", "count": "count", "old_count": "count"}

WORDS = {
    # -- set-up options --------------------------------------------------------------------
    "option.corporation_names": _w("Names of the companies", "회사 이름"),
    "note.provisional_names": _w("provisional: two sources disagree",
                                 "임시 값: 두 출처가 서로 다름"),
    "option.three_train_rust": _w("3-trains rust", "3열차 폐차"),
    "note.provisional_rust": _w("provisional: the rulebook does not say when 3-trains rust "
                                "(a fan-made reconstruction says phase 5)",
                                "임시 값: 규칙서에 3열차 폐차 시점이 없음 (팬 재구성 데이터: 5페이즈)"),
    "option.ors_per_phase": _w("Operating rounds per set in phases 2, 3, 4, 5, 6, D",
                               "페이즈 2, 3, 4, 5, 6, D의 묶음당 운영 라운드 수"),
    "option.d_bump": _w("Spaces a D bought from the treasury moves the price in OR 1, 2, 3",
                        "회사 자금으로 산 D열차의 주가 이동 칸 수 (운영 라운드 1, 2, 3)"),
    # -- corrections -----------------------------------------------------------------------
    "act.correction.corporation_name": _w("Correct a company's name", "회사 이름 정정"),
    "act.correction.three_train_rust": _w("Correct when 3-trains rust", "3열차 폐차 시점 정정"),
    "act.correction.ors_per_phase": _w("Correct the operating rounds per set",
                                       "묶음당 운영 라운드 수 정정"),
    "act.correction.d_bump": _w("Correct the D-train's price move", "D열차 주가 이동 정정"),
    "param.charter_name": _w("Name on the charter", "증서에 적힌 이름"),
    "param.rust_phase": _w("Rust when phase begins", "폐차되는 페이즈"),
    "param.ors_count": _w("Operating rounds per set (from the next set)",
                          "묶음당 운영 라운드 수 (다음 묶음부터)"),
    "param.operating_round": _w("Operating round of the set", "묶음 안의 운영 라운드"),
    "param.spaces": _w("Spaces to the right", "오른쪽으로 이동할 칸 수"),
    # -- refusals --------------------------------------------------------------------------
    "name_taken": _w("Another company is named %(name)s.",
                     "이미 다른 회사가 쓰는 이름입니다: %(name)s."),
    "rust_phase_begun": _w("The 3-trains' rust is corrected only before the phase they rust "
                           "at (now and as corrected) begins.",
                           "3열차 폐차 시점은 그 페이즈(지금 값과 고칠 값)가 시작되기 전에만 "
                           "정정할 수 있습니다."),
    # -- the book --------------------------------------------------------------------------
    "book.now.corporation_names": _w("Company names", "회사 이름"),
    "book.now.three_train_rust": _w("3-trains rust", "3열차 폐차"),
    "book.now.ors_per_phase": _w("Operating rounds per set", "묶음당 운영 라운드"),
    "book.now.d_bump": _w("A D bought from the treasury moves the price",
                          "회사 자금으로 산 D열차의 주가 이동"),
    "book.table_value": _w("the table's value (the data's: %(default)s)",
                           "테이블이 정한 값 (자료의 값: %(default)s)"),
    "book.rust_at_phase": _w("when phase %(phase)s begins", "%(phase)s페이즈가 시작될 때"),
    "book.ors_in_phase": _w("phase %(phase)s: %(count)s", "%(phase)s페이즈: %(count)s번"),
    "book.bump_in_or": _w("OR %(operating_round)s: %(spaces)s space(s)",
                          "운영 라운드 %(operating_round)s: %(spaces)s칸"),
}
for _n in ("4", "5", "6", "D"):      # the set-up page shows an option's words as they are
    WORDS[f"option.rust_at_phase_{_n}"] = _w(f"when phase {_n} begins", f"{_n}페이즈가 시작될 때")

# -- the set-up page (``setup_page``): groups, sources, defaults in words, how to write ------
from engine.titles.title_1899_daihan import data as _D, setup_page as _S   # noqa: E402
from engine.titles.title_1899_daihan.words import NAMES as _NAMES          # noqa: E402

_GROUPS_KO = {"trains": "열차: 가격, 대수, 3열차 폐차", "money": "화물, 임원 객차, D열차의 주가 이동",
              "rounds": "운영 라운드와 주식 시장", "companies": "회사 이름과 출발 도시"}
_SOURCES_KO = {
    "calculator": "계산기 앱 데이터",
    "fan": "팬이 만든 재구성 데이터",
    "none": "없음, 확인이 필요한 추정값",
    "calculator_layout": "가격은 계산기 앱 데이터, 배치는 추정",
    "fan_or_guess": "이름이 맞는 곳은 팬 재구성 데이터, 나머지는 추정",
    "calculator_phases": "금액은 계산기 앱 데이터, 어느 페이즈에 얼마인지는 추정",
    "rulebook_range": "규칙서: 라운드 번호에 따라 1~3칸; 어느 라운드에 몇 칸인지는 추정",
}
_HOW_KO = {
    "goods_values": "다르면: 금액 6개를 쉼표로 나눠, 2페이즈부터 적으세요.",
    "ors_per_phase": "다르면: 1~4의 수 6개를 쉼표로 나눠, 2페이즈부터 적으세요.",
    "d_bump": "다르면: 운영 라운드마다 칸 수(1~3)를 쉼표로 나눠, 첫 라운드부터 적으세요.",
    "market": "다르면: 맨 위 줄부터 줄은 세미콜론으로, 가격은 빈칸으로 나누고 액면가 6개 뒤에는 "
              "p를 붙이세요.",
    "corporation_names": "다르면: 다른 이름만, 회사 기호와 등호(=)와 이름을 쉼표로 나눠 적으세요.",
    "homes": "다르면: 다른 도시만, 회사 기호와 등호(=)와 도시를 쉼표로 나눠 적으세요.",
}


def _ko_defaults() -> dict:
    from engine.titles.title_1899_daihan import provisional as _P
    market = [int(c.rstrip("p")) for row in _D.MARKET for c in row]
    phases = _S.PHASES
    return {
        "goods_values": ", ".join(f"{p}페이즈 ₩{_D.GOODS_VALUE[p]}" for p in phases),
        "ors_per_phase": ", ".join(f"{p}페이즈 {_P.DEFAULT_ORS[p]}번" for p in phases),
        "d_bump": ", ".join(f"운영 라운드 {i + 1}: {n}칸"
                            for i, n in enumerate(_P.parse_bump(None))),
        "market": f"{len(_D.MARKET)}줄, ₩{min(market)}부터 ₩{max(market)}까지, 액면가 6개는 "
                  "한 열에",
        "corporation_names": ", ".join(f"{c['sym']}: {_NAMES[c['name']]}"
                                       for c in _D.CORPORATIONS),
        "homes": ", ".join(f"{c['sym']}: {_NAMES[c['home']]}" for c in _D.CORPORATIONS),
    }


def _setup_words() -> dict:
    from engine.titles.title_1899_daihan import provisional as _P
    en = _S.default_words(_P.DEFAULT_ORS, _P.parse_bump(None))
    out = {f"setup.group.{k}": _w(v, _GROUPS_KO[k]) for k, v in _S.GROUPS.items()}
    out.update({f"setup.source.{k}": _w(v, _SOURCES_KO[k]) for k, v in _S.SOURCES.items()})
    out.update({f"setup.how.{k}": _w(v, _HOW_KO[k]) for k, v in _S.HOW_TO_WRITE.items()})
    ko = _ko_defaults()
    out.update({f"setup.default.{k}": _w(en[k][0], ko[k]) for k in en})
    return out


WORDS.update(_setup_words())
