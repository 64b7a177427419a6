"""Words every title shares: the game's own codes (undo, redo, records) and the book's and
forms' common labels. See ``engine.words`` for the format."""
from __future__ import annotations

WORDS: dict = {
    # engine/titles/__init__.py check_options: a game's options at set-up
    "bad_option": {
        "en": ("Option %(option)s is one of %(allowed)s, not %(value)s.",
               "This title has no option %(option)s; its options: %(allowed)s.",
               "The options are an object of option names and values."),
        "ko": ("%(option)s 옵션의 값은 %(allowed)s 중 하나여야 합니다 (받은 값: %(value)s).",
               "이 게임에는 %(option)s 옵션이 없습니다. 가능한 옵션: %(allowed)s.",
               "옵션은 옵션 이름과 값으로 된 객체여야 합니다."),
    },
}
WORDS.update({
    # engine.game.step_words: the game's own steps in the history
    "act.undo": {"en": "Undo", "ko": "되돌리기"},
    "act.redo": {"en": "Redo", "ko": "다시 하기"},
})
# the game's own refusals and events, every title alike (players, seeds, undo, records)
WORDS.update({
    'bad_action': {'en': "An action is an object with a 'type'.", 'ko': "단계에는 'type'이 있어야 합니다."},
    'bad_players': {'en': ['Player %(index)s needs a name.', 'Every player needs a name and an id of their own.'], 'ko': ['%(index)s번 플레이어의 이름이 필요합니다.', '모든 플레이어에게 이름과 서로 다른 id가 필요합니다.']},
    'player_count': {'en': 'This title takes %(min)s–%(max)s players, not %(given)s.', 'ko': '이 게임은 %(min)s–%(max)s명이 합니다. %(given)s명은 안 됩니다.'},
    'bad_seed': {'en': 'The seed must be a whole number.', 'ko': '시드는 정수여야 합니다.'},
    'unknown_title': {'en': 'Unknown title %(title)s.', 'ko': '알 수 없는 게임: %(title)s.'},
    'game_over': {'en': ['Game over (%(reason)s): %(standings)s.', 'Game over (%(reason)s): the scores are in the book.', 'The game is over.'], 'ko': ['게임 종료 (%(reason)s): %(standings)s.', '게임 종료 (%(reason)s): 점수는 장부에 있습니다.', '게임이 끝났습니다.'], 'types': {'reason': 'word:end_reason'}, 'plain': True},
    'standing': {'en': '%(player)s %(score)s', 'ko': '%(player)s %(score)s', 'types': {'score': 'money'}},
    'engine_fault': {'en': 'The rules engine failed on this action.', 'ko': '규칙 엔진이 이 단계를 처리하지 못했습니다.'},
    'nothing_to_undo': {'en': 'There is nothing to undo.', 'ko': '되돌릴 단계가 없습니다.'},
    'nothing_to_redo': {'en': 'There is nothing to redo.', 'ko': '다시 할 단계가 없습니다.'},
    'undone': {'en': 'Undone: %(what)s.', 'ko': '되돌림: %(what)s.'},
    'redone': {'en': 'Redone: %(what)s.', 'ko': '다시 함: %(what)s.'},
    'record_not_json': {'en': 'The record file is not JSON.', 'ko': '기록 파일이 JSON이 아닙니다.'},
    'record_unknown': {'en': 'Not a game record this engine reads (its own format or an 18xx.games export).', 'ko': '이 엔진이 읽는 게임 기록이 아닙니다 (자체 형식 또는 18xx.games 내보내기만 읽습니다).'},
    'record_title': {'en': 'This engine does not play the 18xx.games title %(title)s with these options.', 'ko': '이 엔진은 이 옵션의 18xx.games 게임 %(title)s을(를) 지원하지 않습니다.'},
    'record_undo': {'en': 'An undo in the record names an unknown action.', 'ko': '기록의 되돌리기가 알 수 없는 단계를 가리킵니다.'},
    'record_action': {'en': 'The importer does not know the 18xx.games action %(type)s.', 'ko': '가져오기 도구가 18xx.games 단계 %(type)s을(를) 알지 못합니다.'},
    'record_after_end': {'en': 'The record goes on after the game ended.', 'ko': '게임이 끝난 뒤에도 기록이 이어집니다.'},
    'record_bad_action': {'en': 'An action of the record cannot be read.', 'ko': '기록의 한 단계를 읽을 수 없습니다.'},
    'end_reason.bank': {'en': 'the bank broke', 'ko': '은행 파산'},
    'end_reason.bankrupt': {'en': 'a player went bankrupt', 'ko': '플레이어 파산'},
    'end_reason.bankruptcy': {'en': 'a player went bankrupt', 'ko': '플레이어 파산'},
    'end_reason.8E_final_set': {'en': 'the final set after the first 8E-train is over', 'ko': '첫 8E열차 뒤의 마지막 묶음 종료'},
    'end_reason.OA01': {'en': 'OA01 Miracle on the Han River', 'ko': 'OA01 한강의 기적'},
})
# how a message's params are shown: players by name, money in the title's currency
PARAMS: dict = {
    **{p: "player" for p in ("player", "director", "previous", "president", "owner", "by",
                             "holder", "winner", "seller", "payer", "entity", "priority",
                             "acting", "order", "bidders")},
    **{p: "money" for p in ("price", "per_share", "cost", "amount", "cash", "bid", "capital",
                            "revenue", "subsidy", "old_price", "short")},
}
# the seating the app drew (engine.contract.drawn_seating; issue 12, the phone-first helper)
WORDS.update({
    'book.seating_drawn': {'en': 'Seating drawn by the app', 'ko': '앱이 정한 자리 순서'},
    'book.seating': {'en': 'Seating, first to last', 'ko': '자리 순서 (첫 번째부터)'},
})
WORDS.update({     # a company's operating turn, its steps in order (engine.contract.turn_steps)
    'book.turn_of': {'en': 'Turn of %(company)s', 'ko': '%(company)s 차례'},
})
WORDS.update({     # an auction's open bids on the summary (engine.core18xx.book.open_bids)
    'book.open_bids': {'en': 'Open bids', 'ko': '진행 중인 입찰'},
    'book.bids_on': {'en': 'Bids on %(company)s', 'ko': '%(company)s 입찰'},
    'book.bid_by': {'en': 'by %(player)s', 'ko': '%(player)s'},
    'book.free_cash_of': {'en': "%(player)s's free cash", 'ko': '%(player)s의 쓸 수 있는 현금'},
})
# the door's refusals (engine/door.py): what was wrong and what is allowed, every title alike
WORDS.update({
    'not_offered': {'en': 'Nobody can take this step now (%(step)s).',
                    'ko': '지금은 아무도 이 단계를 할 수 없습니다 (%(step)s).'},
    'not_your_turn': {'en': ("It is not %(entity)s's turn: %(acting)s acts now.",
                             "It is not your turn."),
                      'ko': ('%(entity)s의 차례가 아닙니다. 지금은 %(acting)s의 차례입니다.',
                             '지금은 차례가 아닙니다.')},
    'param_missing': {'en': '%(field)s is missing.', 'ko': '%(field)s 값이 없습니다.'},
    'param_not_whole': {'en': '%(field)s must be a whole number.',
                        'ko': '%(field)s 값은 정수여야 합니다.'},
    'param_range': {'en': ('%(field)s must be between %(min)s and %(max)s, in steps of %(step)s.',
                           '%(field)s must be between %(min)s and %(max)s.'),
                    'ko': ('%(field)s 값은 %(min)s에서 %(max)s 사이, %(step)s 단위여야 합니다.',
                           '%(field)s 값은 %(min)s에서 %(max)s 사이여야 합니다.')},
    'param_choice': {'en': ('%(field)s must be one of: %(choices)s.',
                            '%(field)s: nothing can be chosen now.'),
                     'ko': ('%(field)s 값은 다음 중 하나여야 합니다: %(choices)s.',
                            '%(field)s: 지금은 고를 수 있는 값이 없습니다.')},
    'param_flag': {'en': '%(field)s is yes or no (true or false).',
                   'ko': '%(field)s 값은 예 또는 아니요(true/false)입니다.'},
    'param_text': {'en': '%(field)s must be a text of at most %(max_length)s characters, with no '
                         'control characters.',
                   'ko': '%(field)s 값은 제어 문자 없이 %(max_length)s자 이하의 글이어야 합니다.'},
    'param_blank': {'en': '%(field)s must not be empty.', 'ko': '%(field)s 값을 비울 수 없습니다.'},
    'param_pattern': {'en': '%(field)s must look like %(example)s.',
                      'ko': '%(field)s 값은 %(example)s 같은 모양이어야 합니다.'},
    'param_list': {'en': '%(field)s must be a list of exactly %(length)s values.',
                   'ko': '%(field)s 값은 정확히 %(length)s개의 값으로 된 목록이어야 합니다.'},
    'param_taken': {'en': '%(field)s: %(given)s is taken already.',
                    'ko': '%(field)s: %(given)s은(는) 이미 쓰이고 있습니다.'},
    'param_fixed': {'en': ('%(field)s must be one of: %(choices)s.',
                           'No step of this kind is offered with these fields now.'),
                    'ko': ('%(field)s 값은 다음 중 하나여야 합니다: %(choices)s.',
                           '지금은 이런 값으로 할 수 있는 단계가 없습니다.')},
    'param.type': {'en': 'Step', 'ko': '단계'},
})
