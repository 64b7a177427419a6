"""18Korea's own words (see ``engine.words``): the rule readings a table chooses
(``readings.OPTIONS``), what the Korean War does to each station, and the codes those
readings add. Money is in won (₩)."""
from __future__ import annotations

from engine.titles.title_18korea.book import HOME_STEP
from engine.titles.title_18korea.readings import OPTIONS
from engine.titles.title_18korea.war import FATES

# Korean for each reading's label, choices and rulebook sentence (the English is the
# message's own, in readings.OPTIONS)
_KO = {
    "reading_forced_purchase": "강제 열차 구매 (§9.8)",
    "reading_forced_purchase_market": "열차가 없고 열차 값을 치를 수 없는 회사는 열차 시장에서 "
                                      "삽니다 (모자라는 돈은 사장이 냅니다). 다른 회사의 열차를 "
                                      "대신 살 수 없습니다",
    "reading_forced_purchase_trade": "열차가 없고 시장 열차 값을 치를 수 없는 회사는 대신 다른 "
                                     "회사의 열차를 살 수 있습니다 (최소 ₩1). 같은 도시에 역이 "
                                     "있는 회사가 팔 열차를 가진 동안에는 파산할 수 없습니다",
    "reading_forced_purchase_rule": "§9.8: \"회사에 열차가 없으면 열차 시장에서 열차를 강제로 "
                                    "사야 한다.\"",
    "reading_war_normal_cities": "한국전쟁 때 남한 일반 도시의 역 (§10)",
    "reading_war_normal_cities_dashboard": "도시 타일과 함께 맵에서 빠져 회사 대시보드로 "
                                           "돌아갑니다 (나중에 값을 내고 다시 지을 수 있습니다). "
                                           "게임에서 제거되지 않습니다",
    "reading_war_normal_cities_removed": "북한의 역처럼 도시 타일과 함께 게임에서 제거됩니다",
    "reading_war_normal_cities_rule": "§10: \"또한 남한의 모든 도시 타일을 제거한다. 광역시 타일 "
                                      "위의 역은 그 자리에 남는다.\" 북한에 대해서는: \"제거된 "
                                      "역은 게임에서 영구히 제거된다.\"",
    "reading_bid_cap": "사장 증서 경매의 최고 입찰액 (§7.3)",
    "reading_bid_cap_literal": "현금에 가진 모든 주식을 현재 주가로 더한 금액. 낙찰자가 팔 수 "
                               "있는 주식을 모두 팔고도 입찰액과 최저 액면가의 두 배를 낼 수 "
                               "없으면 파산하고 게임이 끝납니다 (§9.8, §11 a)",
    "reading_bid_cap_sellable": "현금에 지금 주식을 팔면 받을 금액을 더하고, 최저 액면가의 두 "
                                "배인 ₩120을 뺀 금액 (낙찰자는 언제나 값을 치를 수 있습니다)",
    "reading_bid_cap_rule": "§7.3: \"현금과 가진 모든 주식을 합한 금액보다 많이 입찰할 수 "
                            "없다.\" \"낙찰가를 낼 현금이 없어도 주식을 팔아서 낼 수 있다.\"",
    "reading_game_end_8e": "첫 8E 열차에 의한 게임 종료 (§11 c, §8)",
    "reading_game_end_8e_sold": "첫 8E 열차가 열차 시장에서 팔렸을 때",
    "reading_game_end_8e_on_sale": "첫 8E 열차가 판매되기 시작할 때 (마지막 6E 열차가 열차 "
                                   "시장을 떠날 때)",
    "reading_game_end_8e_rule": "§11 c: \"첫 8E 열차가 판매되기 시작하면 게임은 다음과 같이 "
                                "끝난다. 첫 8E 열차가 열차 시장에서 팔리면 게임이 끝난다.\" §8: "
                                "\"8E 열차가 팔리면 모든 4 열차가 녹슨다. 게임 종료 조건이 "
                                "충족된다.\"",
    "reading_train_limit_on_export": "4 열차가 팔리기 전에 첫 4 열차가 수출될 때 (§9.9, §9.11)",
    "reading_train_limit_on_export_unchanged": "2 열차만 제거합니다. 열차 한도는 첫 4 열차가 "
                                               "팔릴 때에야 3이 됩니다",
    "reading_train_limit_on_export_lowered": "2 열차를 제거하고, 팔린 것처럼 열차 한도도 3으로 "
                                             "낮춥니다",
    "reading_train_limit_on_export_rule": "§9.9: \"4 열차가 처음 팔리면 가질 수 있는 열차 수가 "
                                          "최대 3으로 바뀐다.\" §9.11: \"이 일로 4 열차가 "
                                          "제거되면 모든 2 열차가 게임에서 제거된다.\"",
}


def _reading_words() -> dict:
    out = {}
    for param in OPTIONS.values():
        messages = [param["label"], param["rule"], *param["labels"].values()]
        for m in messages:
            out[m["code"]] = {"en": m["message"], "ko": _KO[m["code"]]}
    return out


WORDS: dict = {
    **_reading_words(),
    "book_readings": {"en": "Rule readings", "ko": "규칙 해석"},
    # the Korean War: what it does to each station (korean_war's ``stations``; the English
    # is war.FATES)
    **{f"war_station_{fate}": {"en": FATES[fate], "ko": ko} for fate, ko in {
        "kept": "%(company)s의 %(hex)s 역은 도시 옆에 남습니다 (도시에 다시 타일이 놓일 때까지 "
                "외곽 역)",
        "protected": "%(company)s의 %(hex)s 역은 OC08과 OA09의 보호로 남습니다 (도시에 다시 "
                     "타일이 놓일 때까지 외곽 역)",
        "returned": "%(company)s의 %(hex)s 역은 회사 대시보드로 돌아갑니다",
        "removed": "%(company)s의 %(hex)s 역은 게임에서 제거됩니다",
        "defector": "%(company)s의 %(hex)s 역은 사라지지만, OA09 탈북자 카드로 남한에 역을 대신 "
                    "놓습니다",
    }.items()},
    "korean_war": {
        "en": ("The Korean War breaks out: every tile and station in North Korea and every city "
               "tile in South Korea is removed. Stations: %(stations)s.",
               "The Korean War breaks out: every tile and station in North Korea and every city "
               "tile in South Korea is removed."),
        "ko": ("한국전쟁이 일어났습니다. 북한의 모든 타일과 역, 남한의 모든 도시 타일을 "
               "제거합니다. 역: %(stations)s.",
               "한국전쟁이 일어났습니다. 북한의 모든 타일과 역, 남한의 모든 도시 타일을 "
               "제거합니다."),
    },
    # refusals the readings add
    "forced_from_market": {
        "en": "%(company)s owns no train and cannot pay for a %(train)s-train: it is forced to buy "
              "from the train market, its director paying the rest (§9.8).",
        "ko": "%(company)s에는 열차가 없고 %(train)s 열차 값을 치를 수 없으므로 열차 시장에서 "
              "강제로 사야 합니다. 모자라는 돈은 사장이 냅니다 (§9.8)."},
    "trade_open": {
        "en": "%(company)s may still buy a train from another company (at least ₩1): no bankruptcy "
              "while such a trade is open.",
        "ko": "%(company)s에는 아직 다른 회사의 열차를 살 길이 있습니다 (최소 ₩1). 그런 거래가 "
              "열려 있는 동안에는 파산할 수 없습니다."},
    "metro_mismatch": {
        "en": "The rulebook's tile chart makes exactly Seoul, Busan, Incheon, Daejeon and Gwangju "
              "metropolitan cities.",
        "ko": "규칙서의 타일 표에서 대도시는 서울, 부산, 인천, 대전, 광주 다섯 곳뿐입니다."},
    "metro_is_named": {
        "en": "The five metropolitan cities are named (Seoul, Busan, Incheon, Daejeon, Gwangju); "
              "a board label is plain, small or city.",
        "ko": "대도시 다섯 곳(서울, 부산, 인천, 대전, 광주)은 이름이 정해져 있습니다. 보드 라벨은 "
              "평지, 소도시, 도시 중 하나입니다."},
    "tile_color_mismatch": {
        "en": "Tile %(tile)s is %(color)s, not %(given)s.",
        "ko": "%(tile)s번 타일의 색은 %(given)s이 아니라 %(color)s입니다."},
    # an operating turn's first step (book.HOME_STEP, RB §9 step 1); the others are the
    # plain words of its actions (act.<type>.plain, engine.core18xx.words)
    "step.home_station": {"en": HOME_STEP[1], "ko": "출발 도시 역 짓기"},
    "war.none": {"en": "not yet", "ko": "아직 아님"},
    "war.revealed": {"en": "the war card is revealed: war at the end of this operating round",
                     "ko": "전쟁 카드가 공개됨: 이번 운영 라운드가 끝나면 전쟁"},
    "war.done": {"en": "over", "ko": "끝남"},
}

PARAMS: dict = {"company": "company", "hex": "hex", "train": "train", "stations": "list"}

# 18Korea's refusals and events (title_18korea/words_messages.py)
from engine.titles.title_18korea.words_messages import MESSAGES  # noqa: E402

for _code, _words in MESSAGES.items():
    WORDS.setdefault(_code, _words)

# the names the engine shows as they are (``companion.present.plain``): cities and companies
CITIES = {
    "Seoul": "서울", "Incheon": "인천", "Wonju": "원주", "Gangneung": "강릉", "Daejeon": "대전",
    "Andong": "안동", "Busan": "부산", "Daegu": "대구", "Gwangju": "광주", "Gunsan": "군산",
    "Jinju": "진주", "Changwon": "창원", "Rason": "라선", "Chongjin": "청진", "Hyesan": "혜산",
    "Manpo": "만포", "Manpho": "만포", "Tanchon": "단천", "Kaechon": "개천", "Hamhung": "함흥",
    "Wonsan": "원산", "Pyongyang": "평양", "Nampo": "남포", "Nampho": "남포", "Kaesong": "개성",
    "Sinuiju": "신의주",
}
for _en, _ko in CITIES.items():
    WORDS[f"text.{_en}"] = {"en": _en, "ko": _ko}
    WORDS[f"text.{_en} Railway"] = {"en": f"{_en} Railway", "ko": f"{_ko}철도"}
WORDS.update({"text.company": {"en": "company", "ko": "회사"},
              "text.bank": {"en": "bank", "ko": "은행"}})
