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
