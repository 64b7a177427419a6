"""18Korea's own words (see ``engine.words``): the rule readings a table chooses
(``readings.OPTIONS``), what the Korean War does to each station, and the codes those
readings add. Money is in won (₩)."""
from __future__ import annotations

from engine.core18xx.words import WORDS as CORE_WORDS
from engine.titles.title_18korea import data as D
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
    # the war notice: one set of params, each fact a part of its own in both languages
    "korean_war": {
        "en": "The Korean War breaks out: every tile and station in North Korea and every city "
              "tile in South Korea is removed; stations on metropolitan cities stay."
              "%(leave_part)s%(stay_part)s%(bare_part)s%(lost_part)s%(stations_part)s",
        "ko": "한국전쟁이 일어났습니다. 북한의 모든 타일과 역, 남한의 모든 도시 타일을 "
              "제거합니다. 대도시의 역은 남습니다."
              "%(leave_part)s%(stay_part)s%(bare_part)s%(lost_part)s%(stations_part)s",
        "plain": True},
    "war_part.none": {"en": "", "ko": ""},
    # what becomes of the stations on South Korean normal cities is the table's reading
    "korean_war.board": {
        "en": ("Korean War: remove every tile and station north of the demarcation line (the "
               "stations leave the game; the yellow and green tiles go back to the supply) and "
               "every city tile in South Korea; stations on metropolitan cities stay beside them "
               "as outer stations. The stations on South Korean normal cities %(reading)s: "
               "%(moved)s.%(box_part)s Post-war companies may now be started; North Korean "
               "companies may not.",
               "Korean War: remove every tile and station north of the demarcation line (the "
               "stations leave the game; the yellow and green tiles go back to the supply) and "
               "every city tile in South Korea; stations on metropolitan cities stay beside them "
               "as outer stations.%(box_part)s Post-war companies may now be started; North "
               "Korean companies may not."),
        "ko": ("한국 전쟁: 군사분계선 북쪽의 모든 타일과 역(역은 게임에서 빠지고, 노랑·초록 "
               "타일은 공급처로 돌아갑니다), 남한의 모든 도시 타일을 치우세요. "
               "대도시의 역은 도시 옆에 바깥 역으로 남습니다. 남한의 다른 도시에 있던 역은 "
               "%(reading)s: %(moved)s.%(box_part)s 이제 전후 회사를 세울 수 있고, 북한 회사는 "
               "세울 수 없습니다.",
               "한국 전쟁: 군사분계선 북쪽의 모든 타일과 역(역은 게임에서 빠지고, 노랑·초록 "
               "타일은 공급처로 돌아갑니다), 남한의 모든 도시 타일을 치우세요. "
               "대도시의 역은 도시 옆에 바깥 역으로 남습니다.%(box_part)s 이제 전후 회사를 세울 "
               "수 있고, 북한 회사는 세울 수 없습니다."),
        "types": {"reading": "word:war_normal"}, "plain": True},
    "war_part.box": {"en": " %(list)s: return their certificates, trains, dashboards and "
                            "station markers to the box (no refund).",
                     "ko": " %(list)s: 증서, 열차, 대시보드, 역 마커를 상자에 넣으세요 (환불 없음)."},
    "war_part.from": {"en": "%(company)s from %(hex)s", "ko": "%(hex)s의 %(company)s 역"},
    # a hex built on for the first time, as the table read it off the board (RB §2.4)
    "hex_recorded": {
        "en": "%(hex)s recorded: %(kind)s, %(side)s, printed build cost %(cost)s (as entered; "
              "correctable with a hex correction).",
        "ko": "%(hex)s 기록: %(kind)s, %(side)s, 인쇄된 건설 비용 %(cost)s (입력한 그대로이며 헥스 "
              "정정으로 고칠 수 있습니다).",
        "types": {"side": "word:korea_side", "kind": "word:hex_kind", "cost": "money"},
        "plain": True},
    "tile_laid": {"en": "%(company)s lays tile %(tile)s on %(hex)s (%(tp)s track point(s), "
                        "%(cost)s).",
                  "ko": "%(company)s이(가) %(hex)s에 %(tile)s 타일을 놓습니다 (선로 점수 %(tp)s, "
                        "%(cost)s)."},
    "auction_pass": {"en": "%(player)s leaves the auction of %(company)s.",
                     "ko": "%(player)s이(가) %(company)s 경매에서 빠집니다."},
    "company_founded": {"en": "%(player)s founds %(company)s at par %(par)s: pays %(bid)s to the "
                              "bank and %(to_company)s into %(company)s.",
                        "ko": "%(player)s이(가) 액면가 %(par)s에 %(company)s을(를) 세웁니다: 은행에 "
                              "%(bid)s, %(company)s에 %(to_company)s을(를) 냅니다.",
                        "types": {"bid": "money", "to_company": "money"}},
    "bankrupt": {"en": ("%(player)s cannot pay the %(bid)s bid for %(company)s and twice the "
                        "lowest par even after selling shares, and goes bankrupt: the game ends "
                        "now (rulebook §9.8, §11 a).",
                        "%(player)s cannot pay for %(company)s's train and goes bankrupt: the "
                        "game ends now.", "%(player)s is bankrupt."),
                 "ko": ("%(player)s이(가) 주식을 팔아도 %(company)s 입찰액 %(bid)s와 가장 낮은 "
                        "액면가의 두 배를 낼 수 없어 파산합니다. 게임이 지금 끝납니다 (규칙서 "
                        "§9.8, §11 a).",
                        "%(player)s이(가) %(company)s의 열차 값을 낼 수 없어 파산합니다. 게임이 "
                        "지금 끝납니다.", "%(player)s이(가) 파산했습니다."),
                 "types": {"bid": "money"}},
    "auction.lot": {"en": "%(company)s %(name)s, start city %(home)s",
                    "ko": "%(company)s %(name)s, 출발 도시 %(home)s", "types": {"name": "text"}},
    "korea_side.N": {"en": "North Korea", "ko": "북한"},
    "korea_side.S": {"en": "South Korea", "ko": "남한"},
    "hex_kind.plain": {"en": "normal track", "ko": "일반 선로"},
    "hex_kind.small": {"en": "small city", "ko": "소도시"},
    "hex_kind.city": {"en": "normal city", "ko": "일반 도시"},
    "hex_kind.metro": {"en": "metropolitan city", "ko": "대도시"},
    "war_normal.dashboard": {"en": "go back to their companies' dashboards (rightmost empty "
                                   "space)",
                             "ko": "회사 대시보드(가장 오른쪽 빈칸)로 돌아갑니다"},
    "war_normal.removed": {"en": "leave the game", "ko": "게임에서 빠집니다"},
    "war_part.leave": {"en": " Leaving the game (certificates, trains and cash go out): %(list)s.",
                  "ko": " 게임에서 빠지는 회사 (증서, 열차, 자금이 함께 빠짐): %(list)s."},
    "war_part.stay": {"en": " North companies that stay: %(list)s.",
                 "ko": " 남는 북한 회사: %(list)s."},
    "war_survivor_station": {"en": "%(company)s (station in %(hexes)s)",
                             "ko": "%(company)s (남한의 역: %(hexes)s)"},
    "war_survivor_defector": {"en": "%(company)s (OA09 Defector: move its stations to South "
                                    "Korea)",
                              "ko": "%(company)s (OA09 탈북자: 역을 남한으로 옮김)"},
    "war_part.bare": {"en": " Left without any station on the board: %(list)s.",
                 "ko": " 보드에 역이 하나도 없는 회사: %(list)s."},
    "war_part.lost": {"en": " Stations lost for good: %(list)s.", "ko": " 영구히 잃은 역: %(list)s."},
    "war_part.lost_one": {"en": "%(company)s (%(count)s)", "ko": "%(company)s (%(count)s개)"},
    "war_part.stations": {"en": " Stations: %(list)s.", "ko": " 역: %(list)s."},
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
# the metropolitan cities' own tiles, by the letter printed on them (RB tile chart)
_COLOURS = {"green": "초록", "brown": "갈색", "gray": "회색"}
for _city, _letter in D.METROPOLITAN.items():
    for _colour, _ko in _COLOURS.items():
        WORDS[f"tile.{_letter}-{_colour}"] = WORDS[f"text.{_letter}-{_colour}"] = {
            "en": f"{_colour} {_letter} ({_city})", "ko": f"{_ko} {_letter} ({CITIES[_city]})"}
# the asset cards (RB §16): each by its code and name wherever it is shown, and in the
# draft with its effect too; the 21 cards whose text is not public by their code
ASSETS_KO = {
    "OA01": ("한강의 기적", "다른 회사가 서울을 개발하고 그 회사의 주가가 460을 넘으면, 그 운영 "
                          "라운드가 끝날 때 게임이 끝납니다."),
    "OA03": ("지역 유지", "북한 회사는 한국 전쟁 뒤 출발 도시가 없습니다."),
    "OA07": ("지방 행정관", "원하면 소도시를 연결로 칠 수 있습니다. 급행 열차로 수익을 계산할 때 "
                          "소도시를 연결로 치지 않고 그 수익을 더할 수 있습니다."),
    "OA09": ("탈북자", "한국 전쟁 뒤 회사에 남한의 역이 하나도 없어도 \"탈북자\" 능력으로 역을 "
                      "남한으로 옮길 수 있습니다."),
    "OB02": ("대북 첩보원", "한국 전쟁 전에 이 능력을 쓰면 그 도시는 한국 전쟁이 일어날 때 "
                          "제거됩니다. 그 뒤 그 도시에 놓는 도시 타일은 'N'이 아니라 일반 "
                          "도시입니다."),
    "OB04": ("열차 구매자", "열차 카드에 인쇄된 가격에서 20% 할인."),
    "OB09": ("최신 부품", "2를 4로, 3을 6E로, 4를 8E로 업그레이드할 수도 있습니다."),
    "OC01": ("외곽 역 건설", "한국 전쟁 전에도 서울에 역을 지을 수 있습니다. 이 역이 서울의 마지막 "
                           "자리를 막으면 안 됩니다. 막힌 도시에 외곽 역을 놓았더라도 역으로 "
                           "쓰려면 업그레이드해야 합니다."),
    "OC08": ("북한군 격퇴", "이 자산과 OA09(탈북자)를 함께 가지면 남한 도시의 역을 보호합니다."),
}
for _code, (_name, _effect) in D.KNOWN_ASSETS.items():
    _ko_name, _ko_effect = ASSETS_KO[_code]
    WORDS[f"text.{_code}"] = {"en": f"{_code} {_name}", "ko": f"{_code} {_ko_name}"}
    WORDS[f"asset.{_code}"] = {"en": f"{_code} {_name}: {_effect}",
                               "ko": f"{_code} {_ko_name}: {_ko_effect}"}
WORDS["asset.unknown"] = {"en": "%(card)s: its text is not public (read it on the card)",
                          "ko": "%(card)s — 카드에서 내용을 읽으세요"}
for _tier in D.ASSET_TIERS:
    for _code in D.asset_deck(_tier):
        WORDS.setdefault(f"text.{_code}", {"en": f"{_code} (text not public)",
                                           "ko": f"{_code} (내용 비공개)"})
WORDS["asset_traded"] = {"en": "%(player)s sells asset card %(card)s to %(buyer)s for %(price)s.",
                         "ko": "%(player)s이(가) 자산 카드 %(card)s을(를) %(buyer)s에게 %(price)s에 "
                               "팝니다.",
                         "types": {"buyer": "player", "price": "money"}}
WORDS["asset_traded.board"] = {"en": "Give card %(card)s to %(buyer)s.",
                               "ko": "%(card)s 카드를 %(buyer)s에게 주세요.",
                               "types": {"buyer": "player"}}
# a step about a card names it in English too (the core's words, filled in)
for _kind in ("attach_asset", "replace_asset", "use_asset"):
    WORDS[f"act.{_kind}"] = {**CORE_WORDS[f"act.{_kind}"], "plain": True}
# the English of the asset cards' events is filled from these words too (a card by its name)
for _code, _entry in MESSAGES.items():
    if "asset" in _code and any(f"%({p})s" in str(_entry.get("en")) for p in ("card", "old", "new")):
        WORDS[_code] = dict(WORDS.get(_code, _entry), plain=True)
WORDS.update({"text.company": {"en": "company", "ko": "회사"},
              "text.bank": {"en": "bank", "ko": "은행"}})
