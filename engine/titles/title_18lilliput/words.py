"""The words of 18 Lilliput (en + ko): events, errors, the book's labels and the forms.
Korean templates put particles after fixed words ("님이", "회사가"), never after a name."""
from __future__ import annotations

from engine.titles.title_18lilliput import data as D
from engine.words import en_ko as _w

_NEED = min(s["price"] for s in D.STARTING.values())     # a starting company's price

PARAMS = {
    "player": "player", "company": "company", "amount": "money", "cash": "money",
    "price": "money", "per_share": "money", "company_cash": "money", "train": "train",
    "pos": "hex", "other": "hex", "count": "count", "limit": "count", "phase": "count",
    "round": "count", "n": "count", "card": "text", "effect": "text", "kind": "text",
    "colour": "text", "exits": "text", "character": "text", "text": "text", "detail": "text",
    "reason": "text", "source": "entity", "pick": "text", "min": "count", "max": "count",
    "said": "list", "trains": "list", "doubled": "text", "old_price": "money",
    "standings": "list", "holder": "player", "index": "text", "moved": "list",
}




WORDS = {
    # -- events ----------------------------------------------------------------------------
    "company_picked": _w("%(player)s directs %(company)s: %(cash)s to the company, price "
                         "%(price)s, %(count)s 2-train(s).",
                         "%(player)s 님이 %(company)s 회사의 이사가 됩니다: 회사 자본 %(cash)s, "
                         "주가 %(price)s, 2열차 %(count)s대."),
    "company_picked.board": _w("Lay a yellow %(kind)s card at %(pos)s joined to Mildendo; put "
                               "the company's railhead on Mildendo.",
                               "%(pos)s 자리에 밀덴도와 이어지는 노랑 카드(%(kind)s)를 놓고, "
                               "밀덴도에 회사의 역 마커를 두세요."),
    "character_picked": _w("%(player)s takes the %(character)s.",
                           "%(player)s 님이 캐릭터 %(character)s 카드를 가져갑니다."),
    "round_started": _w("Round %(round)s: %(player)s acts first.",
                        "%(round)s라운드: %(player)s 님이 먼저 행동합니다."),
    "card_taken": _w("%(player)s takes %(card)s for its effect: %(effect)s.",
                     "%(player)s 님이 %(card)s을(를) 가져가 효과를 씁니다: %(effect)s."),
    "personal_cash": _w("%(player)s takes %(amount)s from the bank.",
                        "%(player)s 님이 은행에서 %(amount)s 받습니다."),
    "company_cash": _w("%(company)s takes %(amount)s from the bank (phase %(phase)s).",
                       "%(company)s 회사가 은행에서 %(amount)s 받습니다 (%(phase)s 페이즈)."),
    "track_laid": _w("%(company)s lays a yellow %(kind)s card at %(pos)s (cost %(amount)s).",
                     "%(company)s 회사가 %(pos)s 자리에 노랑 카드(%(kind)s)를 놓습니다 "
                     "(비용 %(amount)s)."),
    "track_laid.board": _w("Lay a yellow %(kind)s card at %(pos)s with exits %(exits)s.",
                           "%(pos)s 자리에 출구가 %(exits)s인 노랑 카드(%(kind)s)를 놓으세요."),
    "track_upgraded": _w("%(company)s upgrades the %(kind)s card at %(pos)s to %(colour)s.",
                         "%(company)s 회사가 %(pos)s 자리의 카드(%(kind)s)를 업그레이드합니다: "
                         "%(colour)s."),
    "track_upgraded.board": _w("Replace the card at %(pos)s (exits %(exits)s); the old card "
                               "goes back to the supply.",
                               "%(pos)s 자리의 카드를 바꾸세요 (출구 %(exits)s). 옛 카드는 "
                               "타일 더미로 돌아갑니다."),
    "castle_laid": _w("The Emperor's castle replaces the city at %(pos)s.",
                      "황제의 성이 %(pos)s 자리의 도시를 대신합니다."),
    "castle_laid.board": _w("Put the Emperor's castle card at %(pos)s.",
                            "%(pos)s 자리에 황제의 성 카드를 놓으세요."),
    "station_placed": _w("%(company)s places a station at %(pos)s for %(amount)s.",
                         "%(company)s 회사가 %(amount)s 내고 %(pos)s 자리에 역을 놓습니다."),
    "station_placed.board": _w("Put a station marker of %(company)s at %(pos)s.",
                               "%(pos)s 자리에 %(company)s 회사의 역 마커를 놓으세요."),
    "castle_income": _w("A station on the castle: %(player)s receives %(amount)s.",
                        "성에 역이 놓였습니다: %(player)s 님이 %(amount)s 받습니다."),
    "train_returned": _w("%(company)s returns its obsolete %(train)s to the train pool.",
                         "%(company)s 회사가 구식 열차(%(train)s)를 트레인 풀에 반납합니다."),
    "train_returned.board": _w("Put the train card on the train pool card.",
                               "열차 카드를 트레인 풀 카드에 올리세요."),
    "director_covers": _w("%(player)s covers %(amount)s of the train; %(company)s keeps £1.",
                          "%(player)s 님이 열차 값 중 %(amount)s 보탭니다. %(company)s 회사에는 "
                          "1파운드가 남습니다."),
    "train_bought": _w("%(company)s buys a %(train)s for %(price)s.",
                       "%(company)s 회사가 %(price)s 내고 열차(%(train)s)를 삽니다."),
    "phase_started": {**_w(("Phase %(phase)s: %(said)s.",
                            "Phase %(phase)s begins (company cash %(company_cash)s)."),
                           ("%(phase)s 페이즈가 시작됩니다: %(said)s.",
                            "%(phase)s 페이즈가 시작됩니다 (회사 자산 추가 %(company_cash)s).")),
                      "plain": True},
    "phase_part.obsolete": _w("%(trains)s-trains are obsolete (half revenue)",
                              "%(trains)s열차는 구형 (수익 절반)"),
    "phase_part.rust": _w("%(train)s-trains rust", "%(train)s열차 폐차"),
    "phase_part.limit": _w("train limit %(limit)s", "열차 한도 %(limit)s"),
    "phase_part.colour": {**_w("%(colour)s track in use", "%(colour)s 철길 사용"),
                          "types": {"colour": "word:colour"}},
    "phase_part.cash": _w("company cash %(amount)s", "회사 자산 추가 %(amount)s"),
    "phase_started.board": _w("Turn over the obsolete train cards, scrap the rusted ones, and "
                              "put trains over the limit on the train pool card.",
                              "구식 열차 카드는 뒤집고, 녹슨 열차는 녹슨 기차 카드에 두고, "
                              "한도를 넘는 열차는 트레인 풀 카드에 올리세요."),
    "train_discarded": _w("%(company)s puts a %(train)s into the train pool (train limit).",
                          "%(company)s 회사가 열차(%(train)s)를 트레인 풀에 넣습니다 "
                          "(열차 제한)."),
    'train_bought.board': _w('Move a %(train)s-train from the train market to %(company)s.',
                               '%(train)s열차 한 대를 열차 시장에서 %(company)s(으)로 옮기세요.'),
    "train_discarded.board": _w("Put the train card on the train pool card.",
                                "열차 카드를 트레인 풀 카드에 올리세요."),
    "shares_sold": _w("%(player)s sells %(count)s share(s) of %(company)s for %(amount)s; "
                      "the price falls to %(price)s.",
                      "%(player)s 님이 %(company)s 회사 주식 %(count)s장을 %(amount)s에 팝니다. "
                      "주가가 %(price)s 칸으로 내려갑니다."),
    "shares_sold.board": _w("Move the marker of %(company)s to %(price)s.",
                            "%(company)s 회사의 주가 마커를 %(price)s 칸으로 옮기세요."),
    "share_bought": _w("%(player)s buys a 10%% share of %(company)s for %(price)s.",
                       "%(player)s 님이 %(price)s 내고 %(company)s 회사 주식 10%%를 삽니다."),
    "company_founded": _w("%(player)s founds %(company)s at %(price)s: pays %(amount)s; the "
                          "company receives %(cash)s.",
                          "%(player)s 님이 주가 %(price)s에 %(company)s 회사를 세웁니다: "
                          "%(amount)s 내고, 회사는 %(cash)s 받습니다."),
    "company_founded.board": _w("Take the charter and 3 station markers; put the home "
                                "station at %(pos)s and the marker on %(price)s.",
                                "헌장과 역 마커 3개를 가져가 %(pos)s 자리에 홈 역을 놓고, "
                                "주가 마커를 %(price)s 칸에 두세요."),
    "runs_started": _w("Round %(round)s: the trains run.", "%(round)s라운드: 열차 운행."),
    "dividend_paid": {**_w(("%(company)s runs for %(amount)s%(doubled)s and pays %(per_share)s "
                            "a share; price %(old_price)s -> %(price)s.",
                            "%(company)s runs for %(amount)s and pays %(per_share)s a share; "
                            "price %(old_price)s -> %(price)s."),
                           ("%(company)s 회사의 수익은 %(amount)s%(doubled)s, 주당 %(per_share)s "
                            "배당합니다. 주가 %(old_price)s -> %(price)s.",
                            "%(company)s 회사의 수익은 %(amount)s, 주당 %(per_share)s "
                            "배당합니다. 주가 %(old_price)s -> %(price)s.")),
                      "types": {"old_price": "money"}, "plain": True},
    "dividend.doubled": _w(" (doubled, last round)", " (마지막 라운드: 두 배)"),
    "dividend_paid.board": _w("Move the marker of %(company)s to %(price)s.",
                              "%(company)s 회사의 주가 마커를 %(price)s 칸으로 옮기세요."),
    "revenue_withheld": _w("%(company)s runs for %(amount)s and keeps it; price %(price)s.",
                           "%(company)s 회사가 수익 %(amount)s 전액을 보관합니다. "
                           "주가 %(price)s."),
    "revenue_withheld.board": _w("Move the marker of %(company)s to %(price)s.",
                                 "%(company)s 회사의 주가 마커를 %(price)s 칸으로 옮기세요."),
    "bureaucracy": _w(("Bureaucracy: %(count)s train(s) to the train pool (%(trains)s); "
                       "%(player)s takes the first-player card; round %(round)s.",
                       "Bureaucracy: %(count)s train(s) to the train pool; %(player)s takes the "
                       "first-player card; round %(round)s."),
                      ("관료 단계: 열차 %(count)s대(%(trains)s)가 트레인 풀로 갑니다. %(player)s 님이 "
                       "선 플레이어 카드를 받습니다. 이제 %(round)s라운드.",
                       "관료 단계: 열차 %(count)s대가 트레인 풀로 갑니다. %(player)s 님이 "
                       "선 플레이어 카드를 받습니다. 이제 %(round)s라운드.")),
    "bureaucracy.board": _w("Move the trains to the train pool card, pass the first-player "
                            "card, return the action cards, advance the turn marker.",
                            "열차를 트레인 풀 카드로 옮기고, 선 플레이어 카드를 넘기고, "
                            "액션 카드를 반납하고, 턴 마커를 올리세요."),
    "game_over": {**_w(("Round 8 is over and so is the game: %(standings)s.",
                        "Round 8 is over and so is the game."),
                       ("8라운드가 끝나 게임이 끝납니다: %(standings)s.",
                        "8라운드가 끝나 게임이 끝납니다.")), "plain": True},
    "corrected": _w("Correction by %(player)s: %(detail)s (%(reason)s).",
                    "%(player)s 님의 정정: %(detail)s (사유: %(reason)s)."),
    "character_used": _w("%(player)s uses the %(character)s: %(text)s (no automatic effect).",
                         "%(player)s 님이 캐릭터 능력을 씁니다 (%(character)s): %(text)s "
                         "(자동 효과 없음)."),
    # -- errors ----------------------------------------------------------------------------
    "adjacent_kind": _w("A %(kind)s card cannot lie beside that card (at %(other)s).",
                        "이 카드(%(kind)s)는 %(other)s 자리의 카드 옆에 놓을 수 없습니다."),
    "already_founded": _w("%(company)s is founded already.",
                          "%(company)s 회사는 이미 설립되었습니다."),
    "already_picked": _w("%(pick)s is already taken.", "%(pick)s 카드는 이미 선택되었습니다."),
    "bad_action_type": _w("Unknown action.", "알 수 없는 행동입니다."),
    "bad_amount": _w("The card gives £5, £10 or £20.", "카드는 £5, £10, £20 중 하나를 줍니다."),
    "bad_company": _w("No such company.", "그런 회사는 없습니다."),
    "bad_correction": _w("Unknown kind of correction.", "알 수 없는 정정 종류입니다."),
    "bad_dividend": _w("Pay or withhold.", "배당 또는 보관을 고르세요."),
    "bad_effect": _w("Unknown card effect.", "알 수 없는 카드 효과입니다."),
    "bad_entity": _w("Not a player.", "플레이어가 아닙니다."),
    "bad_exits": _w("Unknown exits.", "알 수 없는 출구입니다."),
    "bad_home_tile": _w("The set-up card is a city, a town or plain track.",
                        "시작 카드는 도시, 마을, 평지 중 하나입니다."),
    "bad_kind": _w("Unknown kind of card.", "알 수 없는 카드 종류입니다."),
    "bad_option": _w("A set-up option is not valid.", "셋업 옵션 값이 올바르지 않습니다."),
    "bad_param": _w("A value of the form is missing or not a number.",
                    "입력값이 없거나 숫자가 아닙니다."),
    "bad_pick": _w("Neither a starting company nor a character.",
                   "시작 기업도 캐릭터도 아닙니다."),
    "bad_revenues": _w("Enter one revenue per train (%(count)s).",
                       "열차마다 수익을 하나씩 입력하세요 (%(count)s대)."),
    "bad_slots": _w("A city card has 1 to 4 station slots.",
                    "도시 카드의 역 자리는 1~4개입니다."),
    "cannot_afford": _w("Not enough money for %(amount)s.", "낼 돈(%(amount)s)이 모자랍니다."),
    "card_already_taken": _w("%(card)s is already taken this round.",
                             "%(card)s은(는) 이번 라운드에 이미 선택되었습니다."),
    "castle_laid_already": _w("The castle is already laid.", "성은 이미 놓였습니다."),
    "castle_on_city": _w("The castle upgrades an ordinary city (not a town, Mildendo or a big "
                         "city).", "성은 일반 도시만 업그레이드합니다 (마을, 밀덴도, 대도시 "
                         "불가)."),
    "cert_limit": _w("%(player)s holds %(limit)s certificates, the limit.",
                     "%(player)s 님은 이미 한도인 증서 %(limit)s장을 가지고 있습니다."),
    "colour_not_in_use": _w("Those cards are not in use yet (phase %(phase)s).",
                            "그 색의 카드는 아직 쓸 수 없습니다 (%(phase)s 페이즈)."),
    "correction_value": _w("A value of the correction is not possible.",
                           "정정 값이 올바르지 않습니다."),
    "deck_empty": _w("The train deck is empty.", "열차 덱이 비었습니다."),
    "director_cert_not_sold": _w("The director's certificate is never sold.",
                                 "이사 증서(50%)는 팔 수 없습니다."),
    "director_limit": _w("%(player)s holds %(limit)s director's certificates, the limit.",
                         "%(player)s 님은 이미 이사 증서를 한도인 %(limit)s장 가지고 있습니다."),
    "discard_first": _w("%(company)s is over its train limit: put a train into the pool "
                        "first.", "%(company)s 회사가 열차 제한을 넘었습니다: 먼저 열차를 "
                        "트레인 풀에 넣으세요."),
    "effect_pending": _w("Finish the effect of the card taken first.",
                         "먼저 가져간 카드의 효과를 마치세요."),
    "exits_lost": _w("An upgrade keeps every exit (%(exits)s).",
                     "업그레이드는 기존 출구(%(exits)s)를 모두 유지해야 합니다."),
    "last_colour": _w("That card is not upgraded further.",
                      "그 카드는 더 업그레이드할 수 없습니다."),
    "no_card": _w("Take an action card first.", "먼저 액션 카드를 가져가세요."),
    "no_city": _w("A station goes on a city or big city card.",
                  "역은 도시나 대도시 카드에만 놓습니다."),
    "no_discard": _w("No company is over its train limit.",
                     "열차 제한을 넘은 회사가 없습니다."),
    "no_empty_slot": _w("That card has no empty station slot.",
                        "그 카드에는 빈 역 자리가 없습니다."),
    "no_free_spot": _w("That is not an empty place beside the cards.",
                       "카드 옆의 빈 자리가 아닙니다."),
    "no_home_slot": _w("No empty city slot there for a home station: no founding.",
                       "그곳에는 홈 역을 놓을 빈 도시 자리가 없어 회사를 설립할 수 없습니다."),
    "no_markers": _w("%(company)s has no station marker left.",
                     "%(company)s 회사에는 남은 역 마커가 없습니다."),
    "no_share_left": _w("The bank has no share of %(company)s.",
                        "은행에 %(company)s 회사 주식이 없습니다."),
    "no_such_card": _w("%(card)s is not in play.", "%(card)s은(는) 이번 게임에 없습니다."),
    "no_such_price": _w("%(price)s is not on the share price index.",
                        "주가 지수에 %(price)s 칸은 없습니다."),
    "no_such_train": _w("No such train there.", "그곳에 그런 열차가 없습니다."),
    "no_withhold_last_round": _w("In the last round every dividend is paid; withholding is "
                                 "not allowed.", "마지막 라운드에는 무조건 배당해야 하며 "
                                 "보관할 수 없습니다."),
    "not_connected": _w("%(pos)s is not on the network of %(company)s.",
                        "%(pos)s 자리는 %(company)s 회사의 노선과 이어져 있지 않습니다."),
    "not_director": _w("%(player)s is not the director of %(company)s.",
                       "%(player)s 님은 %(company)s 회사의 이사가 아닙니다."),
    "not_emperor": _w("Only the Emperor's holder lays the castle.",
                      "황제 카드를 가진 플레이어만 성을 놓습니다."),
    "not_enough_shares": _w("Only %(count)s share(s) of %(company)s to sell.",
                            "팔 수 있는 %(company)s 회사 주식은 %(count)s장뿐입니다."),
    "not_foundable": _w("Not a company to found.", "설립할 수 있는 회사가 아닙니다."),
    "not_founded": _w("Not a company in play.", "게임 중인 회사가 아닙니다."),
    "not_in_pool": _w("No such train in the train pool.", "트레인 풀에 그 열차가 없습니다."),
    "not_obsolete": _w("Not an obsolete train of %(company)s.",
                       "%(company)s 회사의 구식 열차가 아닙니다."),
    "not_your_character": _w("You do not hold that character.",
                             "그 캐릭터 카드를 가지고 있지 않습니다."),
    "not_your_turn": _w("It is not your turn.", "지금은 차례가 아닙니다."),
    "note_needed": _w("Write what the power did.", "능력이 한 일을 적어 주세요."),
    "nothing_to_upgrade": _w("There is no track card to upgrade there.",
                             "그 자리에는 업그레이드할 카드가 없습니다."),
    "one_station_per_card": _w("%(company)s has a station on that card already.",
                               "%(company)s 회사는 그 카드에 이미 역이 있습니다."),
    "pool_only_withholding": _w("Only a company that withholds buys from the train pool.",
                                "수익을 보관한 회사만 트레인 풀에서 열차를 삽니다."),
    "price_below_one": _w("A train between companies costs at least £1.",
                          "회사 사이의 열차 값은 £1 이상이어야 합니다."),
    "reason_needed": _w("A correction gives its reason.", "정정에는 사유가 필요합니다."),
    "revenue_in_tens": _w("Revenues are whole tens of pounds.",
                          "수익은 10파운드 단위로 입력합니다."),
    "same_kind_twice": _w("The second pick is the other kind.",
                          "두 번째 선택은 다른 종류여야 합니다 (기업과 캐릭터 하나씩)."),
    "sell_nothing": _w("Sell at least one share.", "한 장 이상 파세요."),
    "train_limit": _w("%(company)s is at its train limit of %(limit)s.",
                      "%(company)s 회사는 열차 제한(%(limit)s대)에 이르렀습니다."),
    "two_cards_taken": _w("%(player)s has taken two action cards this round already.",
                          "%(player)s 님은 이번 라운드에 이미 액션 카드 2장을 가져갔습니다."),
    "two_for_one": _w("Two trains are bought for two different companies.",
                      "열차 2대는 서로 다른 두 회사가 한 대씩 삽니다."),
    "wrong_effect": _w("That card is used for another effect.",
                       "그 카드는 다른 효과로 쓰고 있습니다."),
    "negative_payment": _w("A payment cannot be negative.", "음수는 낼 수 없습니다."),
    "player_count": _w("18 Lilliput takes 1 to 4 players.", "18 릴리퍼트는 1~4인 게임입니다."),
    # -- forms -----------------------------------------------------------------------------
    "act.pick": _w("Draft a pick", "선택하기"),
    "act.take_card": _w("Take an action card", "액션 카드 가져가기"),
    "act.done": _w("End the turn", "차례 마치기"),
    "act.personal_cash": _w("Take personal cash", "개인 자산 추가"),
    "act.company_cash": _w("Company cash from the bank", "회사 자산 추가"),
    "act.lay_track": _w("Lay a track card", "철길 카드 놓기"),
    "act.upgrade_track": _w("Upgrade a track card", "철길 카드 업그레이드"),
    "act.castle": _w("Lay the Emperor's castle", "황제의 성 놓기"),
    "act.place_station": _w("Place a station", "역 마커 배치"),
    "act.buy_train": _w("Buy a train", "열차 구매"),
    "act.sell_shares": _w("Sell shares", "주식 판매"),
    "act.buy_share": _w("Buy a 10-percent share", "주식 1장(10퍼센트) 구매"),
    "act.found_company": _w("Found a company", "회사 설립"),
    "act.discard_train": _w("Put a train into the pool (limit)",
                            "열차를 트레인 풀에 넣기 (열차 제한)"),
    "act.run": _w("Run the trains", "열차 운행"),
    "act.character_note": _w("Use the power of %(character)s", "캐릭터 능력 쓰기: %(character)s"),
    "pick.nothing": _w("Nothing left of that kind", "남은 카드 없음"),
    "param.pick": _w("Company or character", "기업 또는 캐릭터"),
    "param.home_tile": _w("Kind of the set-up card", "시작 카드의 종류"),
    "param.card": _w("Card", "카드"),
    "warn.cash_forfeit": _w("Ending the turn now gives up the card's company cash (%(amount)s, "
                            "not taken).",
                            "지금 차례를 마치면 이 카드의 회사 자산 %(amount)s을(를) 받지 않고 "
                            "버립니다."),
    "warn.personal_cash_forfeit": _w("Ending the turn now gives up the card's personal cash "
                                     "(not taken).",
                                     "지금 차례를 마치면 이 카드의 개인 자산을 받지 않고 "
                                     "버립니다."),
    "param.effect": _w("Effect used", "쓸 효과"),
    "param.amount": _w("Amount", "금액"),
    "param.company": _w("Company", "회사"),
    "param.pos": _w("Place", "자리"),
    "param.kind": _w("Kind of card", "카드 종류"),
    "param.exits": _w("Exits", "출구"),
    "param.slots": _w("Station slots printed", "인쇄된 역 자리 수"),
    "param.train": _w("Train", "열차"),
    "param.price": _w("Price", "가격"),
    "param.return": _w("Return an obsolete train first", "먼저 반납할 구식 열차"),
    "param.count": _w("Shares", "주식 수"),
    "param.start_price": _w("Start price", "시작 주가"),
    "param.home": _w("Home station", "홈 역"),
    "choice.no_train": _w("no train", "열차 없음"),
    "param.train_price": _w("Printed price", "인쇄된 가격"),
    "param.deck_count": _w("How many left in the deck", "덱에 남은 수"),
    "end_reason.eight_rounds": _w("the eight rounds are over", "8라운드 종료"),
    "param.pool_train": _w("Train from the pool", "트레인 풀의 열차"),
    "param.revenues": _w("Revenue of each train", "열차별 수익"),
    "param.dividend": _w("Dividend", "배당"),
    "param.entered_by": _w("Entered by", "입력한 사람"),
    "param.reason": _w("Reason", "사유"),
    "param.player": _w("Player", "플레이어"),
    "param.target": _w("Whose cash", "누구의 돈"),
    "param.op": _w("What", "무엇을"),
    "param.source": _w("From", "보내는 쪽"),
    "param.to": _w("To", "받는 쪽"),
    "param.round": _w("Round", "라운드"),
    "param.holder": _w("Held by", "가진 사람"),
    "param.used": _w("Used", "사용함"),
    "param.phase": _w("Phase", "페이즈"),
    "param.colour": _w("Colour", "색"),
    "param.character": _w("Character", "캐릭터"),
    "param.note": _w("What the power did", "능력이 한 일"),
    "dividend.pay": _w("Pay out", "배당"),
    "dividend.withhold": _w("Withhold", "회사에 보관"),
    "train.deck": _w("Top of the deck: %(train)s at %(price)s", "덱 맨 위: %(train)s, %(price)s"),
    "train.of": _w("%(train)s of %(company)s", "%(company)s 회사의 %(train)s"),
    "train_op.give": _w("Give one from the deck or pool", "덱이나 풀에서 하나 주기"),
    "train_op.remove": _w("Scrap one", "하나 폐기"),
    "train_op.to_pool": _w("Put one into the train pool", "하나를 트레인 풀로"),
    # -- the book --------------------------------------------------------------------------
    "book.round": _w("Round", "라운드"),
    "book.players": _w("Players", "플레이어"),
    "book.companies": _w("Companies", "회사"),
    "book.trains": _w("Train deck and pool", "열차 덱과 트레인 풀"),
    "book.index": _w("Share price index (provisional values)", "주가 지수 (임시 값)"),
    "book.cards": _w("Track cards on the table", "놓인 철길 카드"),
    "book.notes": _w("Character powers used (no automatic effect)",
                     "사용한 캐릭터 능력 (자동 효과 없음)"),
    "book.recent": _w("What happened", "최근 일"),
    "label.round": _w("Round", "라운드"),
    "label.step": _w("Step", "단계"),
    "label.phase": _w("Phase", "페이즈"),
    "label.train_limit": _w("Train limit", "열차 제한"),
    "label.colours": _w("Track in use", "쓸 수 있는 철길"),
    "label.company_cash": _w("Company cash card", "회사 자산 추가 금액"),
    "label.first_player": _w("First player", "선 플레이어"),
    "label.acting": _w("Acting", "차례"),
    "label.cards_free": _w("Action cards not taken, by number", "남은 행동 카드 번호"),
    "label.pending": _w("Card in use", "사용 중인 카드"),
    "label.last_round": _w("Last round: dividends doubled, no withholding",
                           "마지막 라운드: 배당 두 배, 보관 불가"),
    "label.amount": _w("Amount", "금액"),
    "label.cost": _w("Cost", "비용"),
    "label.company": _w("Company", "회사"),
    "label.price_of": _w("Price of %(company)s", "%(company)s 회사 주가"),
    "pending": _w("%(card)s: %(effect)s", "%(card)s: %(effect)s"),
    "col.cash": _w("Cash", "현금"),
    "col.certs": _w("Certificates", "증서"),
    "col.cards": _w("Cards this round", "이번 라운드 카드"),
    "col.characters": _w("Character", "캐릭터"),
    "col.land_copy": _w("Land Copy card unused", "디멘의 땅 복사 카드 미사용"),
    "score.land_copy": _w("Land Copy card (unused)", "땅 복사 카드 (미사용)"),
    "col.worth": _w("Worth (score)", "총액 (점수)"),
    "col.name": _w("Name", "이름"),
    "col.director": _w("Director", "이사"),
    "col.price": _w("Price", "가격"),
    "col.trains": _w("Trains", "열차"),
    "col.stations": _w("Stations", "역"),
    "col.markers": _w("Markers left", "남은 역 마커"),
    "col.bank_shares": _w("In the bank", "은행 보유"),
    "col.holders": _w("Holders", "주주"),
    "col.deck": _w("In the deck", "덱"),
    "col.pool": _w("In the train pool", "트레인 풀"),
    "col.status": _w("Status", "상태"),
    "col.kind": _w("Kind", "종류"),
    "col.colour": _w("Colour", "색"),
    "col.exits": _w("Exits", "출구"),
    "col.slots": _w("Slots", "역 자리"),
    "note.provisional": _w("provisional: printed on the cards", "임시 값: 카드에 인쇄된 값"),
    "note.obsolete": _w("obsolete: half", "구식: 수익 절반"),
    "note.of_rounds": _w("of %(n)s", "전체 %(n)s"),
    "note.of_limit": _w("of %(n)s", "한도 %(n)s"),
    "note.character": _w("Round %(round)s, %(player)s, %(character)s: %(text)s",
                         "%(round)s라운드, %(player)s, %(character)s: %(text)s"),
    "step.draft": _w("Draft", "드래프트"),
    "step.actions": _w("Action cards", "행동"),
    "step.runs": _w("Train runs", "열차 운행"),
    "step.over": _w("Game over", "게임 종료"),
    "train_status.normal": _w("normal", "일반"),
    "train_status.obsolete": _w("obsolete (half revenue)", "구식 (수익 절반)"),
    "train_status.rusted": _w("rusted", "녹슴"),
    # -- options ---------------------------------------------------------------------------
    "option.track_order": _w("Order of the track colours", "철길 색 순서"),
    "option.track_order.rule": _w(
        "The summary says 'yellow -> brown -> green' (set-up 3, upgrades) but green from the "
        "first 3-train and brown from the first 5-train (phases 3 and 5).",
        "요약은 '노랑 -> 갈색 -> 녹색'(셋업 3, 업그레이드 규칙)이라 하지만 페이즈 목록에는 "
        "3열차 첫 구매부터 녹색, 5열차 첫 구매부터 갈색이라 되어 있습니다."),
    "option.track_order.yellow_green_brown": _w("yellow, green (phase 3), brown (phase 5)",
                                                "노랑, 녹색(3 페이즈), 갈색(5 페이즈)"),
    "option.track_order.yellow_brown_green": _w("yellow, brown (phase 3), green (phase 5)",
                                                "노랑, 갈색(3 페이즈), 녹색(5 페이즈)"),
    "option.price_index": _w("Share price index, lowest first", "주가 지수 (낮은 값부터)"),
    # the set-up page's provisional values (setup_page.py)
    "setup.group.trains": _w("Trains: prices and numbers", "열차: 가격과 수"),
    "setup.group.market": _w("The share price index and the train pool", "주가 지수와 열차 풀"),
    "setup.source.cards": _w("printed on the train cards only (the rules list 29 cards)",
                             "열차 카드에만 인쇄된 값 (규칙에는 카드 29장)"),
    "setup.source.index": _w("printed on the share price index only", "주가 지수에만 인쇄된 값"),
    "setup.source.pool": _w("the summary says 'available trains', not how many: a guess",
                            "요약은 '이용 가능한 열차'라고만 하고 몇 장인지는 없음: 추정값"),
    "setup.default.price_index": _w(
        f"{len(D.PRICE_INDEX)} prices from £{D.PRICE_INDEX[0]} to £{D.PRICE_INDEX[-1]}, lowest "
        "first", f"£{D.PRICE_INDEX[0]}부터 £{D.PRICE_INDEX[-1]}까지 {len(D.PRICE_INDEX)}개, "
        "낮은 값부터"),
    "setup.how.price_index": _w(
        f"Different? Every price lowest first, separated by commas; it must hold £{_NEED} (a "
        "starting company's price).", "다르다면? 모든 가격을 낮은 값부터 쉼표로 구분해 "
        f"쓰세요. £{_NEED}(시작 회사의 주가)가 들어 있어야 합니다."),
    "option.pool_refill": _w("Trains moved to the train pool each bureaucracy",
                             "관료 단계마다 트레인 풀로 가는 열차 수"),
}

for _e, (_en, _ko) in {"track": ("lay or upgrade track", "철길 배치/업그레이드"),
                       "station": ("place a station", "역 마커 배치"),
                       "trains": ("buy one or two trains", "열차 한두 대 구매"),
                       "shares": ("sell and buy shares, or found a company",
                                  "주식 판매·구매 또는 회사 설립"),
                       "personal_cash": ("personal cash £5/10/20", "개인 자산 추가 5/10/20"),
                       "company_cash": ("company cash £50/70/100", "회사 자산 추가 50/70/100")
                       }.items():
    WORDS["effect." + _e] = _w(_en, _ko)
for _k, (_en, _ko) in {"Y": ("big city (Y)", "대도시(Y)"), "city": ("city", "도시"),
                       "town": ("town", "마을"), "plain": ("plain track", "평지"),
                       "castle": ("the Emperor's castle", "황제의 성"),
                       "mildendo": ("Mildendo", "밀덴도")}.items():
    WORDS["kind." + _k] = _w(_en, _ko)
for _c, (_en, _ko) in {"yellow": ("yellow", "노랑"), "green": ("green", "녹색"),
                       "brown": ("brown", "갈색"), "red": ("red", "빨강")}.items():
    WORDS["colour." + _c] = _w(_en, _ko)
for _c, _ko in {"Emperor": "황제", "Flimnap": "플림냅", "Limnoc": "림녹 장군",
                "Bolgolam": "스카이레쉬 볼골람", "Balmuff": "발머프"}.items():
    WORDS["character." + _c] = _w(D.CHARACTER_NAMES[_c], _ko)
_FIX = {"cash": ("Correct cash", "현금 정정"), "share_price": ("Correct a share price", "주가 정정"),
        "train": ("Take a train from a company", "회사의 열차 빼기"),
        "train.give": ("Give a company a train", "회사에 열차 주기"), "round": ("Correct the round", "라운드 정정"),
        "card": ("Correct an action card", "액션 카드 정정"),
        "land_copy": ("Correct a Land Copy card", "땅 복사 카드 정정"),
        "phase": ("Correct the phase", "페이즈 정정"), "shares": ("Move shares", "주식 이동"),
        "first_player": ("Correct the first player", "선 플레이어 정정"),
        "tile": ("Correct a track card", "철길 카드 정정"),
        "character": ("Correct a character's holder", "캐릭터 카드 정정"),
        "train_price": ("Correct a train's price", "열차 가격 정정"),
        "train_count": ("Correct the trains left in the deck", "덱에 남은 열차 수 정정"),
        "price_index": ("Correct the share price index", "주가 지수 정정")}
for _k, (_en, _ko) in _FIX.items():
    WORDS["fix." + _k] = _w(_en, _ko)
# what a correction of this title's own kinds did (the core's kinds say it in the core's words)
WORDS.update({
    "fixed.round": _w("round %(round)s", "%(round)s라운드"),
    "fixed.card": _w("card %(card)s held by %(holder)s", "%(card)s: %(holder)s 님이 가짐"),
    "fixed.card.free": _w("card %(card)s held by no one", "%(card)s: 아무도 갖지 않음"),
    "fixed.land_copy.used": _w("%(player)s's Land Copy card used",
                               "%(player)s 님의 땅 복사 카드: 사용함"),
    "fixed.land_copy.unused": _w("%(player)s's Land Copy card unused",
                                 "%(player)s 님의 땅 복사 카드: 사용하지 않음"),
    "fixed.tile.removed": _w("card at %(pos)s removed", "%(pos)s의 카드를 치움"),
    "fixed.tile.card": _w("card at %(pos)s: %(colour)s %(kind)s, exits %(exits)s",
                          "%(pos)s의 카드: %(colour)s %(kind)s, 출구 %(exits)s"),
    "fixed.character": _w("%(character)s held by %(holder)s",
                          "%(character)s: %(holder)s 님이 가짐"),
    "fixed.character.free": _w("%(character)s held by no one", "%(character)s: 아무도 갖지 않음"),
    "fixed.train_price": _w("price of a %(train)s %(price)s", "%(train)s 가격 %(price)s"),
    "fixed.train_count": _w("%(count)s × %(train)s in the deck", "덱에 %(train)s %(count)s장"),
    "fixed.price_index": _w("share price index %(index)s", "주가 지수 %(index)s"),
    "fixed.price_index.moved": _w("share price index %(index)s (%(moved)s)",
                                  "주가 지수 %(index)s (%(moved)s)"),
})
for _t in D.TRAIN_TYPES:
    for _what, _en, _ko in (("price", "Price of a %s-train", "%s열차 가격"),
                            ("count", "Number of %s-trains", "%s열차 수")):
        WORDS[f"option.train_{_t}_{_what}"] = _w(_en % _t, _ko % _t)

# the values the engine shows as they are (``companion.present.plain``): card kinds, colours,
# characters (by key and by name), the starting companies, and the forms' plain choices
_TEXT = {"Y": "대도시(Y)", "city": "도시", "town": "마을", "plain": "평지", "castle": "황제의 성",
         "yellow": "노랑", "green": "녹색", "brown": "갈색", "red": "빨강", "blue": "파랑",
         "Mildendo": "밀덴도", "Lilliput": "릴리펏", "Glimigrim": "글리미그림",
         "Slamecksan": "슬라멕산", "none": "없음", "bank": "은행",
         "as the card says": "카드에 적힌 대로"}
for _c, _ko in {"Emperor": "황제", "Flimnap": "플림냅", "Limnoc": "림녹 장군",
                "Bolgolam": "스카이레쉬 볼골람", "Balmuff": "발머프"}.items():
    _TEXT[_c] = _TEXT[D.CHARACTER_NAMES[_c]] = _ko
for _k, _v in D.OTHERS.items():
    _TEXT[_v["name"]] = "회사 " + _v["name"].split()[-1]
for _en, _ko in _TEXT.items():
    WORDS.setdefault(f"text.{_en}", _w(_en, _ko))
for _code in [c for c in WORDS if c.startswith("effect.")]:
    WORDS[_code]["plain"] = True         # an effect in the words, in English too
for _code in [c for c in WORDS if c.startswith(("effect.", "train_op."))]:
    WORDS.setdefault("text." + _code.split(".", 1)[1], WORDS[_code])

# -- places, exits and cards as the table sees them (issue 25) -------------------------------
# The track cards lie on the table in a grid around Mildendo (this book's own grid: north is
# the side Mildendo's red company joins, S 셋업 12); a card's place is said from Mildendo, never
# as the grid's coordinates.
_DIRS = {"N": ("north", "북쪽"), "E": ("east", "동쪽"), "S": ("south", "남쪽"),
         "W": ("west", "서쪽")}


def _place(x: int, y: int) -> dict:
    if (x, y) == (0, 0):
        return _w("Mildendo", "밀덴도")
    steps = [(abs(y), "N" if y < 0 else "S")] if y else []
    steps += [(abs(x), "E" if x > 0 else "W")] if x else []
    en = ", ".join(f"{n} {_DIRS[d][0]}" for n, d in steps) + " of Mildendo"
    ko = "밀덴도에서 " + ", ".join(f"{_DIRS[d][1]} {n}칸" for n, d in steps)
    return _w(en, ko)


for _x in range(-20, 21):
    for _y in range(-20, 21):
        WORDS[f"hex.{_x},{_y}"] = _place(_x, _y)
# a card's exits: the sides its track leaves by
for _e in D.EXITS:
    WORDS[f"text.{_e}"] = _w(
        "all four sides" if len(_e) == 4 else
        " and ".join(", ".join(_DIRS[s][0] for s in "NESW" if s in _e).rsplit(", ", 1)),
        "네 변 모두" if len(_e) == 4 else "·".join(_DIRS[s][1][0] for s in "NESW" if s in _e))
# the action cards by number (the box's list of what each card offers is not public, R: the
# player says which effect it uses when taking it)
for _i, _c in enumerate(D.ACTION_CARDS, 1):
    WORDS[f"text.{_c}"] = _w(f"action card {_i}", f"행동 카드 {_i}")
# the English of these events is filled from the words too (a place, exits, a card)
for _code, _entry in WORDS.items():
    _en = _entry.get("en")
    if isinstance(_en, str) and any(f"%({p})s" in _en for p in ("pos", "other", "exits", "card",
                                                                 "effect")):
        _entry["plain"] = True
