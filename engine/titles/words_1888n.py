"""1888-N's own words: the labels of its set-up options and its own events (see
``engine.words``)."""
from __future__ import annotations

WORDS: dict = {
    "option_seating": {"en": "Seating", "ko": "자리 순서"},
    "option_seating_given": {"en": "In the order the players are entered",
                             "ko": "입력한 플레이어 순서대로"},
    "option_seating_random": {"en": "Dealt at random from the seed (and so the auction's first "
                                    "player)",
                              "ko": "시드로 무작위로 정함 (경매의 첫 플레이어도 함께 정해짐)"},
    "option_seating_rule": {"en": "Rulebook: \"Seating is dealt at random.\"",
                            "ko": "규칙서: \"자리는 무작위로 정한다.\""},
    "option_compat": {"en": "Rules", "ko": "규칙"},
    "option_compat_rulebook": {"en": "As the rulebook says", "ko": "규칙서대로"},
    "option_compat_site": {"en": "As 18xx.games plays them (trains between companies in phase 2, "
                                 "forced sales that change another company's president, the "
                                 "auction's round of passes)",
                           "ko": "18xx.games 방식대로 (2 페이즈부터 회사 간 열차 거래, 다른 회사의 "
                                 "사장을 바꾸는 강제 매각, 경매에서 모두 패스한 라운드의 처리)"},
}
WORDS.update({
    'special_tile': {'en': 'Tile #%(tile)s is laid only by its private company.', 'ko': '#%(tile)s 타일은 그 개인 회사만 놓을 수 있습니다.'},
    'lays_not_touching': {'en': "%(company)s's second tile must touch its first, on %(first)s.", 'ko': '%(company)s의 두 번째 타일은 %(first)s에 놓은 첫 타일과 맞닿아야 합니다.'},
    'hex_blocked': {'en': 'Heng Shan blocks %(hex)s while a player owns it.', 'ko': '플레이어가 헝산을 가진 동안 %(hex)s은(는) 막혀 있습니다.'},
    'no_destination': {'en': 'No route of %(corporation)s can reach %(hex)s from %(home)s before both show track.', 'ko': '%(hex)s과(와) %(home)s 모두에 선로가 놓이기 전에는 %(corporation)s의 어떤 경로도 목적지 %(hex)s에 갈 수 없습니다.'},
    'no_mine': {'en': 'No route can reach Heng Shan before its tile is laid.', 'ko': '헝산 타일이 놓이기 전에는 어떤 경로도 그곳에 갈 수 없습니다.'},
    'ability_used': {'en': "%(company)s's tile lays are used up (or must be laid in one turn).", 'ko': '%(company)s의 타일 놓기는 다 썼습니다 (또는 한 차례에 모두 놓아야 합니다).'},
    'bad_special_lay': {'en': '%(company)s cannot lay #%(tile)s on %(hex)s.', 'ko': '%(company)s은(는) %(hex)s에 #%(tile)s 타일을 놓을 수 없습니다.'},
    'exchange_after_sale': {'en': 'Forbidden City is not exchanged in a turn with sales.', 'ko': '판매한 차례에는 자금성을 교환할 수 없습니다.'},
    'not_in_beijing': {'en': '%(corporation)s has no token in Beijing.', 'ko': '%(corporation)s은(는) 베이징에 토큰이 없습니다.'},
    'exchanged': {'en': '%(player)s exchanges Forbidden City for a %(corporation)s share.', 'ko': '%(player)s이(가) 자금성을 %(corporation)s 주식과 교환합니다.'},
    'hex_unblocked': {'en': 'Heng Shan no longer blocks %(hex)s.', 'ko': '헝산이 더 이상 %(hex)s을(를) 막지 않습니다.'},
    'exchanged.board': {'en': 'Remove the Forbidden City card; give %(player)s a %(corporation)s share.', 'ko': '자금성 카드를 치우고 %(player)s에게 %(corporation)s 주식 한 장을 주세요.'},
    'run_heng_shan': {'en': "%(corporation)s's run of %(revenue)s is the best with its trains' choice of Heng Shan, the one exception to the highest revenue (the best otherwise %(best)s).", 'ko': '%(corporation)s의 수익 %(revenue)s은(는) 열차들이 헝산에 가는지 고른 대로의 최고 수익입니다. 최고 수익 규칙의 유일한 예외입니다 (그 밖의 최고 수익 %(best)s).', 'types': {'revenue': 'money', 'best': 'money'}},
    'run_not_best_mine': {'en': "%(corporation)s's run of %(revenue)s differs from the best routes found with its trains' choice of Heng Shan, %(best)s.", 'ko': '%(corporation)s의 수익 %(revenue)s은(는) 열차들의 헝산 선택대로 찾은 최고 경로의 수익 %(best)s과(와) 다릅니다.', 'types': {'revenue': 'money', 'best': 'money'}},
    'field.run_skip_mine': {'en': 'Best run skipping Heng Shan: %(routes)s', 'ko': '헝산에 가지 않는 최고 운행: %(routes)s'},
    'field.run_to_mine': {'en': 'Best run with a train to Heng Shan (%(subsidy)s to the treasury a train): %(routes)s', 'ko': '열차 하나를 헝산으로 보내는 최고 운행 (열차마다 금고에 %(subsidy)s): %(routes)s'},
    'hex_unblocked.board': {'en': 'Remove the block from %(hex)s.', 'ko': '%(hex)s의 봉쇄 표시를 치우세요.'},
})
PARAMS: dict = {}

# the names the engine shows as they are (``companion.present.plain``): the companies by their
# Korean readings, the private companies by what they are called in Korean
NAMES = {
    "Jingha Railway": "징하 철도", "Shenshan Line": "선산선", "Changda Line": "창다선",
    "Hanji Railway": "한지 철도", "Taijiao Line": "타이자오선", "Lanyan Railway": "란옌 철도",
    "Jingzhan Railway": "징잔 철도", "Zidong Railway": "쯔둥 철도",
    "Kaiping Tramway": "카이핑 궤도", "Terracotta Army": "병마용", "Heng Shan": "헝산",
    "Great Wall": "만리장성", "Yanda Railway Ferry": "옌다 철도 연락선",
    "Forbidden City": "자금성", "Beijing": "베이징",
    "destination": "목적지", "mine": "광산",          # a run's bonuses
}
WORDS.update({f"text.{en}": {"en": en, "ko": ko} for en, ko in NAMES.items()})
